"""A text hand-history stream as lines, and the lines cut into games.

The first step of reading the text format (:mod:`.text_reader`), done for every
line of a file: decoding, the line-length limit, and :func:`split_games`,
which cuts the file where a tag line follows a hand (so a file of any size
streams a game at a time).  Compiled with mypyc: per line, it was a tenth of
validating a text file.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from ..errors import Location, Problem

__all__ = ["decoded_lines", "split_games"]

#: What stands for a line too long to read: a comment, so the game around it still parses
#: (its problem is reported instead of the game's).
_CUT_LINE = "; (a line too long to read)\n"


def decoded_lines(stream: Iterable[bytes], file: str | None, bad: dict[int, Problem],
                  max_line: int) -> Iterator[str]:
    """The lines of a byte stream as text, without a byte order mark.

    A line longer than ``max_line`` bytes (the reader's limit), or not UTF-8, is
    put in ``bad`` (its line number -> its ``syntax`` problem) as it goes by, for
    the reader to report in place of the game that holds it."""
    no = 0
    for raw in stream:
        no += 1
        if len(raw) > max_line:  # not kept: no line of a game is near this long
            # (a line cut one byte past the limit as it was read has no known length)
            long = f"more than {max_line:,} bytes long, the most" if len(raw) == max_line + 1 \
                else f"{len(raw):,} bytes long, more than the {max_line:,}"
            bad[no] = Problem("syntax", f"the line is {long} a line may be",
                              location=Location(file, no, 1),
                              hint="a line holds one tag, hand, deal or trick")
            yield _CUT_LINE
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            before = raw[:exc.start].decode("utf-8", "replace")
            bad[no] = Problem("syntax", f"the text is not UTF-8 (byte 0x{raw[exc.start]:02x})",
                              location=Location(file, no, len(before) + 1),
                              hint="save the file as UTF-8")
            text = raw.decode("utf-8", "replace")
        if no == 1 and text.startswith("\ufeff"):
            text = text[1:]
        yield text


def split_games(lines: Iterable[str], too_long: dict[int, tuple[int, int, int]] | None = None,
                max_hands: int = 0) -> Iterator[tuple[int, str]]:
    """``(first line, text)`` of each game: a tag line after a non-tag line starts the
    next game.  Text before the first game's content (comments) stays with it; a
    piece with nothing but comments and blank lines is no game.

    With ``too_long``, a game is held to ``max_hands`` hands while it is read, not
    after: past them its lines are counted and dropped, so memory stays flat
    whatever its length (issue 27, finding 5: a game of 100,000 hands took 4.7 GB).
    Such a game is yielded with empty text, and ``too_long[first line]`` says
    ``(the line of the first hand too many, the hands counted, the line after the
    game)`` for the reader to report."""
    buf: list[str] = []
    start = 1
    no = 0
    in_body = False
    has_content = False
    hands = 0
    over = 0  # the line of the first hand past the limit (0: within it)
    for line in lines:
        no += 1
        s = line.lstrip()
        if not s or s[0] == ";":
            if not over:
                buf.append(line)
            continue
        if s[0] == "[":
            if in_body:
                if has_content:
                    yield start, _ended(buf, start, no, hands, over, too_long)
                buf = []
                start = no
                in_body = False
                hands = over = 0
        else:
            in_body = True
            if too_long is not None and _is_hand_line(s):
                hands += 1
                if hands > max_hands and not over:
                    over = no
                    buf = []
        has_content = True
        if not over:
            buf.append(line)
    if has_content:
        yield start, _ended(buf, start, no + 1, hands, over, too_long)


def _is_hand_line(s: str) -> bool:
    """Does a line (its leading blanks stripped) start a hand: ``hand`` as a word, in
    any case, not a seat's ``hand:`` (the grammar's ``HAND`` terminal)?"""
    if len(s) < 4 or s[:4].lower() != "hand":
        return False
    rest = s[4:]
    if rest and (rest[0].isalnum() or rest[0] == "_"):
        return False
    return not rest.lstrip(" \t").startswith(":")


def _ended(buf: list[str], start: int, end: int, hands: int, over: int,
           too_long: dict[int, tuple[int, int, int]] | None) -> str:
    """The text of a game that ends before line ``end``; empty for one past the limit
    on hands, which is noted in ``too_long``."""
    if over and too_long is not None:
        too_long[start] = (over, hands, end)
        return ""
    return _joined(buf)


def _joined(lines: list[str]) -> str:
    text = "".join(lines)
    return text if text.endswith("\n") else text + "\n"
