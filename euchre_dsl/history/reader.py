"""Reading ``ehh/1`` records from ``.json``, ``.jsonl`` and standard input.

Records stream: a JSON Lines file is read a line at a time, so memory does not
grow with the number of records.  Each record comes out as a :class:`Item`:
the parsed value (``json.loads``, the fast path) plus its raw text and first
line, so that a problem found later can be placed at its line and column.

Positions are worked out only when a record has a problem: :class:`Locator`
runs a small position-aware JSON scanner over that one record's text and maps
a JSON path such as ``("hands", 2, "actions", 5, 2)`` to ``(line, column)``.
Valid records never pay for it.

A syntax error becomes a ``syntax`` problem at the line and column ``json``
reports; in JSON Lines the next line is still read.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterable, Iterator, Mapping, NamedTuple, TypeVar

from ..errors import Location, Problem

#: A path into a JSON value: object keys and array indices, outermost first.
JsonPath = tuple[str | int, ...]
#: A position in a locator's index: an offset (JSON) or a (line, column) (text).
T = TypeVar("T")


class Item(NamedTuple):
    """One record as read from a file."""

    index: int  # type: ignore[assignment]  # 0-based record number (shadows tuple.index)
    line: int  # 1-based line where the record's text starts
    text: str  # the record's raw text (kept to place problems)
    data: Any  # the parsed JSON value (meaningless when ``problem`` is set)
    problem: Problem | None  # the ``syntax`` problem, if the text is not JSON
    #: builds the locator of ``text`` (``None``: JSON text, :class:`Locator`); the
    #: text format (:mod:`.text_reader`) brings its own
    locator: Callable[[str, int, str | None], Callable[[JsonPath, bool], Location]] | None = None

    def locate(self, file: str | None) -> Callable[[JsonPath, bool], Location]:
        """Maps JSON paths in this record to positions in its file."""
        return (self.locator or Locator)(self.text, self.line, file)


# ---------------------------------------------------------------- positions
class ScanError(ValueError):
    """Text the scanner cannot read as JSON, at a character offset."""

    def __init__(self, offset: int, message: str):
        super().__init__(message)
        self.offset = offset
        self.message = message


_WS = re.compile(r"[ \t\n\r]*")
#: A JSON string, written as an unrolled loop: a run of plain characters is one
#: step of the regex engine, so a 20 MB string costs no memory per character
#: (the plain alternation kept ~120 bytes of backtracking state per character).
_STRING = re.compile(r'"[^"\\\x00-\x1f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\x00-\x1f]*)*"')
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_LITERALS = ("true", "false", "null")
_MAX_DEPTH = 500
_MAX_DIGITS = 4300  # Python's limit on reading an integer (sys.get_int_max_str_digits)


def scan_positions(text: str) -> dict[JsonPath, tuple[int | None, int]]:
    """Every value's path in one JSON text -> (offset of its key, offset of its value).

    The key offset is ``None`` for array items and the top value.  Raises
    :class:`ScanError` at the first character that is not JSON (this also
    places what ``json`` rejects without a position: ``NaN``, ``Infinity``,
    nesting deeper than it can follow).
    """
    out: dict[JsonPath, tuple[int | None, int]] = {}
    end = _skip_ws(text, _scan_value(text, _skip_ws(text, 0), (), None, out, 0))
    if end != len(text):
        raise ScanError(end, "extra text after the JSON value")
    return out


def _skip_ws(text: str, pos: int) -> int:
    return _WS.match(text, pos).end()  # type: ignore[union-attr]


def _scan_value(text: str, pos: int, path: JsonPath, key_pos: int | None,
                out: dict[JsonPath, tuple[int | None, int]], depth: int) -> int:
    if depth > _MAX_DEPTH:
        raise ScanError(pos, "values are nested too deeply")
    out[path] = (key_pos, pos)
    ch = text[pos:pos + 1]
    if ch == "{" or ch == "[":
        is_object = ch == "{"
        close = "}" if is_object else "]"
        pos = _skip_ws(text, pos + 1)
        if text[pos:pos + 1] == close:
            return pos + 1
        i = 0
        while True:
            kpos: int | None = None
            if is_object:
                m = _STRING.match(text, pos)
                if m is None:
                    raise ScanError(pos, "expected a key in double quotes")
                item: JsonPath = path + (json.loads(m.group()),)
                kpos = pos
                pos = _skip_ws(text, m.end())
                if text[pos:pos + 1] != ":":
                    raise ScanError(pos, "expected ':' after the key")
                pos = _skip_ws(text, pos + 1)
            else:
                item = path + (i,)
                i += 1
            pos = _skip_ws(text, _scan_value(text, pos, item, kpos, out, depth + 1))
            ch = text[pos:pos + 1]
            if ch == close:
                return pos + 1
            if ch != ",":
                raise ScanError(pos, f"expected ',' or '{close}'")
            pos = _skip_ws(text, pos + 1)
    m = _STRING.match(text, pos) if ch == '"' else _NUMBER.match(text, pos)
    if m is not None:
        return m.end()
    for word in _LITERALS:
        if text.startswith(word, pos):
            return pos + len(word)
    if not ch:
        raise ScanError(pos, "the text ends where a value was expected")
    bad = re.match(r"[A-Za-z_+-]\w*", text[pos:])
    if bad:
        raise ScanError(pos, f"'{bad.group()}' is not a JSON value")
    raise ScanError(pos, "expected a value")


def nearest(index: Mapping[JsonPath, tuple[T | None, T]], path: JsonPath, key: bool) -> T | None:
    """The position of the value (or its key) at ``path`` in a locator's ``index``, or
    of its nearest ancestor there when the path goes where the record has nothing;
    shared by the JSON and the text locators."""
    while True:
        hit = index.get(path)
        if hit is not None:
            return hit[0] if key and hit[0] is not None else hit[1]
        if not path:
            return None
        path = path[:-1]
        key = False


class Locator:
    """Maps JSON paths in one record to file positions, scanning the text on first use."""

    def __init__(self, text: str, first_line: int, file: str | None):
        self.text = text
        self.first_line = first_line
        self.file = file
        self._index: dict[JsonPath, tuple[int | None, int]] | None = None

    def offset(self, path: JsonPath, key: bool = False) -> int | None:
        """Character offset of the value (or its key) at ``path``, or of its nearest
        existing ancestor when the path goes where the record has nothing."""
        if self._index is None:
            try:
                self._index = scan_positions(self.text)
            except ScanError:
                self._index = {}
        return nearest(self._index, path, key)

    def __call__(self, path: JsonPath, key: bool = False) -> Location:
        return self.at_offset(self.offset(path, key))

    def at_offset(self, offset: int | None) -> Location:
        """The file location of a character offset in the record's text."""
        if offset is None:
            return Location(self.file, None, None)
        text = self.text
        line = self.first_line + text.count("\n", 0, offset)
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        return Location(self.file, line, column)


def no_positions(file: str | None) -> Callable[[JsonPath, bool], Location]:
    """A locator for records that have no text (built in memory): file only."""
    def locate(path: JsonPath, key: bool = False) -> Location:
        return Location(file, None, None)

    return locate


# ------------------------------------------------------------------ parsing
def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_record(text: str, index: int, line: int, file: str | None) -> Item:
    """Parse one record's text; a syntax error becomes a located ``syntax`` problem."""
    try:
        return Item(index, line, text, json.loads(text, parse_constant=_reject_constant), None)
    except json.JSONDecodeError as exc:
        end = len(text.rstrip())
        if 0 < end <= exc.pos:  # the text ran out: just after its last character, not below
            loc = Locator(text, line, file).at_offset(end)
            message = ("the record ends before it is complete (a closing '}' or ']' is "
                       "missing, or the text was cut short)")
        else:
            loc = Location(file, line + exc.lineno - 1, exc.colno)
            message = _syntax_words(exc.msg)
    except (ValueError, RecursionError) as exc:
        loc_off: int | None = None
        message = str(exc) if isinstance(exc, ValueError) else "values are nested too deeply"
        try:
            scan_positions(text)
        except ScanError as scan:
            loc_off, message = scan.offset, scan.message
        else:  # well-formed, so an integer of more digits than Python reads
            digits = re.search(r"[0-9]{%d,}" % (_MAX_DIGITS + 1), text)
            if digits is not None:
                loc_off = digits.start()
                message = f"a number of {len(digits.group())} digits is more than can be read"
        loc = Locator(text, line, file).at_offset(loc_off)
    return Item(index, line, text, None,
                Problem("syntax", message, location=loc, record=index))


def _syntax_words(msg: str) -> str:
    """``json``'s message, said for people writing records by hand."""
    if msg.startswith("Expecting property name enclosed in double quotes"):
        return "expected a key in double quotes (is there a trailing comma?)"
    if msg == "Extra data":
        return "extra text after the record (one record per line in .jsonl; one in .json)"
    if msg == "Expecting value":
        return "expected a value"
    if msg == "Expecting ',' delimiter":
        return "expected ',' between two values (is a comma missing?)"
    if msg == "Expecting ':' delimiter":
        return "expected ':' after the key"
    if msg.startswith("Unterminated string"):
        return "text in quotes is not closed (add the missing '\"')"
    if msg.startswith("Invalid control character"):
        return "a tab or other control character inside quotes: write it as \\t, \\n or \\u00XX"
    return msg[0].lower() + msg[1:]


def _decode(raw: bytes, line: int, index: int, file: str | None) -> str | Item:
    """UTF-8 text of one line or file, or a ``syntax`` item saying where it is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start].decode("utf-8", "replace")
        loc = Locator(before, line, file).at_offset(len(before))
        return Item(index, line, "", None, Problem(
            "syntax", f"the text is not UTF-8 (byte 0x{raw[exc.start]:02x})", location=loc,
            record=index, hint="save the file as UTF-8"))


def iter_jsonl(stream: Iterable[bytes], file: str | None) -> Iterator[Item]:
    """Records of a JSON Lines stream, one line at a time; blank lines are skipped."""
    index = 0
    for line_no, raw in enumerate(stream, 1):
        text = _decode(raw, line_no, index, file)
        if isinstance(text, Item):
            yield text
            index += 1
            continue
        if line_no == 1 and text.startswith("\ufeff"):
            text = text[1:]
        if not text or text.isspace():
            continue
        yield parse_record(text, index, line_no, file)
        index += 1


def iter_json(data: bytes, file: str | None) -> Iterator[Item]:
    """The one record of a ``.json`` document."""
    text = _decode(data, 1, 0, file)
    if isinstance(text, Item):
        yield text
        return
    if text.startswith("\ufeff"):
        text = text[1:]
    yield parse_record(text, 0, 1, file)


def read_json_file(path: str) -> Iterator[Item]:
    """Open a ``.json`` record file now (``OSError`` if unreadable); parse it lazily."""
    data = Path(path).read_bytes()
    return iter_json(data, path)


def read_jsonl_file(path: str) -> Iterator[Item]:
    """Open a ``.jsonl`` file now (``OSError`` if unreadable); stream its records."""
    stream = open(path, "rb")  # noqa: SIM115 - closed by the generator below

    def records() -> Iterator[Item]:
        with stream:
            yield from iter_jsonl(stream, path)

    return records()


def read_text_file(path: str) -> Iterator[Item]:
    """Open a ``.ehh`` text file now (``OSError`` if unreadable); stream its games
    (:mod:`.text_reader`, imported here: it builds on this module)."""
    from .text_reader import read_text_file as read

    return read(path)


#: How each kind of record file is read, by extension.  Readers open the file
#: at once (so an unreadable file is an ``OSError`` before any record) and
#: return an iterator of items.
READERS: dict[str, Callable[[str], Iterator[Item]]] = {
    ".json": read_json_file,
    ".jsonl": read_jsonl_file,
    ".ehh": read_text_file,
}

STDIN = "-"
#: The file name problems in standard input's records show.
STDIN_NAME = "<stdin>"
#: How a text-format game can begin (JSON cannot): a tag, a comment, a hand.
_TEXT_START = re.compile(rb"\[\s*[A-Za-z]|;|hand\b", re.I)


def read_stdin(stream: BinaryIO | None = None, name: str = STDIN,
               jsonl: bool | None = None, text: bool = False) -> Iterator[Item]:
    """Records from standard input: JSON Lines, one (multi-line) JSON document, or
    the text format.

    ``text`` reads the text format; else ``jsonl`` says which JSON form;
    ``None`` lets the first non-blank line decide: the text format when it
    starts with a tag (``[Name``), a ``;`` comment or ``hand``; else a whole
    JSON value is JSON Lines (streamed), otherwise everything is one
    document.  ``name`` is the file name problems show.
    """
    src = stream if stream is not None else sys.stdin.buffer
    lines = iter(src)
    if text:
        from .text_reader import iter_text

        return iter_text(lines, name)
    if jsonl is None:
        head: list[bytes] = []
        for raw in lines:
            head.append(raw)
            if raw.strip():
                break
        first = head[-1].lstrip(b"\xef\xbb\xbf \t\r\n") if head else b""
        if _TEXT_START.match(first):  # a tag, a comment, a hand: the text format
            from .text_reader import iter_text

            return iter_text(_chain(head, lines), name)
        try:
            if head:  # empty input: no records
                json.loads(head[-1])
            jsonl = True
        except ValueError:
            jsonl = False
        lines = _chain(head, lines)
    if jsonl:
        return iter_jsonl(lines, name)
    return iter_json(b"".join(lines), name)


def _chain(head: list[bytes], rest: Iterator[bytes]) -> Iterator[bytes]:
    yield from head
    yield from rest


def read_records(path: str) -> Iterator[Item]:
    """The records of one file (by extension) or of standard input (``-``).

    Raises ``OSError`` at once when the file cannot be opened, and
    ``ValueError`` for a file type no reader knows.
    """
    if path == STDIN:
        return read_stdin()
    reader = READERS.get(os.path.splitext(path)[1].lower())
    if reader is None:
        kinds = ", ".join(sorted(READERS))
        raise ValueError(f"{path}: not a record file (expected {kinds})")
    return reader(path)


def expand_paths(paths: list[str]) -> list[str]:
    """Paths as given, with each directory replaced by every record file inside it
    (recursively, sorted); files are kept whatever their extension."""
    out: list[str] = []
    for p in paths:
        if p != STDIN and os.path.isdir(p):
            found = [str(f) for f in Path(p).rglob("*")
                     if f.suffix.lower() in READERS and f.is_file()]
            out.extend(sorted(found))
        else:
            out.append(p)
    return out
