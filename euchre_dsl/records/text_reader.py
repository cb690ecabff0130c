"""Reading the ehh text format (``*.ehh``): games people write and read, as ``ehh/1`` records.

A text game becomes exactly the record dict the JSON reader would give for the
same game, so the one validator checks both.  The format is specified in
``docs/hand-history.md``; its syntax is the lark grammar ``ehh_text.lark``.

The work is split for speed and for flat memory:

* :func:`~.text_lines.split_games` cuts the file into games, a line at a time
  (a tag line after a hand starts the next game), so a file of any size streams;
* a well-formed game is read by the fast path, :func:`~.text_scan.scan_game`
  (a line scanner, compiled), which gives up on anything else;
* any other game is parsed by the LALR grammar, whose terminals are whole
  lines, and :class:`Builder` reads the words of each line into the record
  (or finds the syntax error).  Both paths read words with :mod:`.text_words`
  and assemble the record with :meth:`Builder.record`; positions are not kept.

Positions cost nothing until a problem is found: :class:`TextLocator` parses
that one game again with :class:`Builder` recording the line and column of
every part, and maps a JSON path such as ``("hands", 2, "actions", 5, 2)`` to
the word in the text -- the same interface as the JSON reader's
:class:`~euchre_dsl.records.reader.Locator`.
"""

from __future__ import annotations

import io
from functools import lru_cache
from importlib import resources
from typing import Any, BinaryIO, Iterable, Iterator

from lark import Lark, Token, Tree, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..errors import Location, Problem
from ..limits import MAX_HANDS, MAX_TEXT_LINE, clip
from .positions import Item, JsonPath, nearest
from .text_builder import GLYPHS, NOTES_KEY, Builder, Line, Positions, TextSyntaxError
from .text_lines import decoded_lines, split_games
from .text_scan import scan_game
from .text_words import CARD_VERBS, canonical_card

__all__ = ["read_text_file", "iter_text", "read_text", "parse_game", "split_games",
           "TextLocator", "TextSyntaxError", "NOTES_KEY", "GLYPHS", "CARD_VERBS",
           "canonical_card"]


# ------------------------------------------------------------------ parsing
@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser of one text game (built once).

    Tokens carry their line and column; each terminal is a whole line, so
    positions inside a line are worked out from its words (and only when a
    problem needs them).
    """
    grammar = resources.files(__package__).joinpath("ehh_text.lark").read_text(encoding="utf-8")
    return Lark(grammar, start="game", parser="lalr", lexer="basic", maybe_placeholders=False)


def parse_game(text: str, index: int, line: int, file: str | None) -> Item:
    """One game's text as a record; a syntax error becomes a located ``syntax`` problem.

    A well-formed game is read by the fast path (:mod:`.text_scan`); anything
    it does not take goes through the grammar, which explains every problem."""
    record = _scanned_record(text, line)
    if record is not None:
        return Item(index, line, text, record, None, TextLocator)
    try:
        tree = _parse(text, line)
        try:
            return Item(index, line, text, Builder(line, None).game(tree), None, TextLocator)
        except TextSyntaxError:
            # the fast reading keeps no columns: read again, keeping them, to place it
            Builder(line, {}).game(tree)
            raise  # pragma: no cover - the same words fail the same way
    except TextSyntaxError as exc:
        return Item(index, line, text, None, Problem(
            "syntax", exc.message, location=Location(file, exc.line, exc.column),
            hint=exc.hint, record=index), TextLocator)


def _scanned_record(text: str, first_line: int) -> dict[str, Any] | None:
    """The record of a game the fast path reads, or ``None`` (then the grammar reads it).

    Its tag lines are read by the builder, as on the grammar's path; a tag the
    builder refuses sends the whole game to the grammar's path, which reports it."""
    scanned = scan_game(text)
    if scanned is None:
        return None
    builder = Builder(first_line, None)
    tags: dict[str, Any] = {}
    try:
        for tag_text, offset, col in scanned.tags:
            builder.tag(Line("TAG", tag_text, first_line + offset, col), tags)
        return builder.record(tags, scanned.hands, scanned.has_final, scanned.final)
    except TextSyntaxError:
        return None


def _parse(text: str, first_line: int) -> Tree[Token]:
    try:
        return parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, first_line) from None


_LINE_WORDS = {
    "TAG": "a tag line '[Name value]'",
    "HAND": "a 'hand' line",
    "DEAL": "a 'deal' line",
    "SEAT_LINES": "a seat's cards ('N: AS JS ...')",
    "UPCARD": "an 'upcard' line",
    "WIDOW": "a 'widow' line",
    "KITTY": "a 'kitty' line",
    "BIDDING": "a 'bidding' line",
    "TRICKS": "a 'trick' line",
    "RESULT": "a 'result' line",
    "FINAL": "a 'final' line",
    "$END": "the end of the game",
}
_ORDER_HINT = ("a game is its [tags], then each hand: 'hand N dealer SEAT', the deal ("
               "'SEAT: cards', 'upcard', 'widow', 'kitty'), 'bidding' and 'trick' lines, an "
               "optional 'result'; an optional 'final' line ends the game")


def _unclosed_comment(text: str) -> int:
    """Where a ``{`` opens a comment never closed in ``text`` (the first such), or -1.
    Linear, unlike searching for ``{[^}]*$`` from every brace."""
    return text.find("{", text.rfind("}") + 1)


def _syntax_error(exc: UnexpectedInput, text: str, first_line: int) -> TextSyntaxError:
    line = first_line + (exc.line - 1 if exc.line and exc.line > 0 else 0)
    column = exc.column if exc.column and exc.column > 0 else 1
    if isinstance(exc, UnexpectedCharacters):
        src = text.split("\n")[exc.line - 1] if exc.line > 0 else ""
        rest = src[exc.column - 1:]
        unclosed = _unclosed_comment(rest.split(";", 1)[0])
        if unclosed >= 0:
            return TextSyntaxError("a comment '{' is not closed on its line", line,
                                   column + unclosed,
                                   "close it with '}' (comments do not span lines)")
        word = clip(rest.split(None, 1)[0] if rest.strip() else rest)
        if src[:exc.column - 1].strip():
            return TextSyntaxError(f"unexpected '{word}' in this line", line, column)
        return TextSyntaxError(
            f"a line cannot start with '{word}'", line, column,
            "lines start with '[' (a tag), 'hand', a seat and ':' (its cards), 'upcard', "
            "'widow', 'kitty', 'deal', 'bidding', 'trick', 'result' or 'final'")
    if isinstance(exc, UnexpectedToken):
        got = _LINE_WORDS.get(exc.token.type, repr(str(exc.token)))
        expected = [_LINE_WORDS[t] for t in sorted(exc.expected) if t in _LINE_WORDS]
        first = str(exc.token).split()[0] if str(exc.token).split() else ""
        message = f"{got} ('{first}') is not allowed here"
        if expected:
            message += f"; expected {', '.join(expected[:-1])}" + (
                f" or {expected[-1]}" if len(expected) > 1 else expected[-1])
        return TextSyntaxError(message, line, column, _ORDER_HINT)
    return TextSyntaxError(str(exc), line, column)  # pragma: no cover - lark raises the above


# ------------------------------------------------------------------ positions
class TextLocator:
    """Maps JSON paths in one text game's record to file positions.

    The game is parsed again, keeping positions, on the first call only: valid
    records never pay for it.  Same interface as the JSON reader's
    :class:`~euchre_dsl.records.reader.Locator`.
    """

    def __init__(self, text: str, first_line: int, file: str | None):
        self.text = text
        self.first_line = first_line
        self.file = file
        self._index: Positions | None = None

    def position(self, path: JsonPath, key: bool = False) -> tuple[int, int] | None:
        """``(line, column)`` of the value (or key) at ``path``, or of its nearest
        ancestor in the text when the path goes where the record has nothing."""
        if self._index is None:
            index: Positions = {}
            try:
                Builder(self.first_line, index).game(_parse(self.text, self.first_line))
            except TextSyntaxError:
                pass
            self._index = index
        return nearest(self._index, path, key)

    def __call__(self, path: JsonPath, key: bool = False) -> Location:
        found = self.position(path, key)
        if found is None:
            return Location(self.file, self.first_line, 1)
        return Location(self.file, found[0], found[1])


# ------------------------------------------------------------------ files
def iter_text(stream: Iterable[bytes], file: str | None) -> Iterator[Item]:
    """Records of a text stream, one game at a time."""
    bad: dict[int, Problem] = {}  # line -> the problem of a line that cannot be read
    too_long: dict[int, tuple[int, int, int]] = {}  # a game's line -> past the hands limit
    lines = decoded_lines(stream, file, bad, MAX_TEXT_LINE)
    index = -1
    for index, (line, text) in enumerate(split_games(lines, too_long, MAX_HANDS)):
        if line in too_long:
            over, hands, end = too_long.pop(line)
            for no in [no for no in bad if line <= no < end]:
                del bad[no]
            yield Item(index, line, "", None, Problem(
                "schema", f"the game has {hands:,} hands, more than the {MAX_HANDS:,} a record "
                "may hold; its hands are not read", location=Location(file, over, 1),
                hint="a game takes a few dozen hands: split a long session into one game "
                     "per record", record=index), TextLocator)
            continue
        end = line + text.count("\n")
        broken = [no for no in bad if line <= no < end]
        if broken:
            problem = bad[broken[0]]
            problem.record = index
            for no in broken:
                del bad[no]
            yield Item(index, line, text, None, problem, TextLocator)
        else:
            yield parse_game(text, index, line, file)
    # a line that cannot be read in no game (the file holds nothing else): reported
    # all the same, never "0 records ok"
    for no in sorted(bad):
        index += 1
        problem = bad[no]
        problem.record = index
        yield Item(index, no, "", None, problem, TextLocator)


def bounded_lines(stream: BinaryIO, limit: int) -> Iterator[bytes]:
    """The lines of ``stream``; one longer than ``limit`` bytes comes out cut to
    ``limit`` + 1 bytes (its reader reports it), the rest of it read and dropped
    in pieces, so memory stays flat however long it is."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        yield line
        if len(line) > limit and not line.endswith(b"\n"):
            piece = line
            while piece and len(piece) > limit and not piece.endswith(b"\n"):
                piece = stream.readline(limit + 1)


def read_text_file(path: str) -> Iterator[Item]:
    """Open a ``.ehh`` file now (``OSError`` if unreadable); stream its games."""
    stream: BinaryIO = open(path, "rb")  # noqa: SIM115 - closed by the generator below

    def records() -> Iterator[Item]:
        with stream:
            yield from iter_text(bounded_lines(stream, MAX_TEXT_LINE), path)

    return records()


def read_text(text: str, file: str | None = None) -> Iterator[Item]:
    """Records of text held in memory (tests, standard input)."""
    return iter_text(io.BytesIO(text.encode("utf-8")), file)

