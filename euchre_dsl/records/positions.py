"""Where a part of a record is in its file: JSON paths, record items, locators.

A problem is found at a JSON path such as ``("hands", 2, "actions", 5, 2)``;
a locator maps that path to a line and column of the record's text.  The JSON
locator (:class:`Locator`) runs a small position-aware scanner over one
record's text on first use, so valid records never pay for it; the text
format's reader (:mod:`.text_reader`) brings its own locator.  Both readers
build on this module, which imports neither.
"""

from __future__ import annotations

import json
import re
from array import array
from bisect import bisect_right
from typing import Any, Callable, Mapping, NamedTuple, TypeVar

from ..errors import EuchreError, Location, Problem

#: A path into a JSON value: object keys and array indices, outermost first.
JsonPath = tuple[str | int, ...]
#: Maps a JSON path in a record (and whether the key is meant) to its place in the file.
Locate = Callable[[JsonPath, bool], Location]
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
    locator: Callable[[str, int, str | None], Locate] | None = None
    #: the number of hands of a record the validator proved clean from its bytes,
    #: unparsed (``text`` and ``data`` are then empty; see the reader's ``prove``);
    #: -1 for every other record
    proved: int = -1
    #: problems met converting the record from another format (EGN), reported
    #: before the validator's own (``problem``, if set, is the first of them)
    converted: tuple[Problem, ...] = ()

    def locate(self, file: str | None) -> Locate:
        """Maps JSON paths in this record to positions in its file."""
        return (self.locator or Locator)(self.text, self.line, file)


# ---------------------------------------------------------------- positions
class ScanError(EuchreError, ValueError):
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
#: Levels of objects and arrays in one record (the record itself is level 1).
_MAX_DEPTH = 500
MAX_DIGITS = 4300  # Python's limit on reading an integer (sys.get_int_max_str_digits)


def scan_positions(text: str, keep: int = -1) -> dict[JsonPath, tuple[int | None, int]]:
    """Every value's path in one JSON text -> (offset of its key, offset of its value).

    The key offset is ``None`` for array items and the top value.  With ``keep``
    of 0 or more, only paths that long or shorter are kept (the whole text is
    still read).  Raises :class:`ScanError` at the first character that is not
    JSON (this also places what ``json`` rejects without a position: ``NaN``,
    ``Infinity``, nesting deeper than it can follow).
    """
    out: dict[JsonPath, tuple[int | None, int]] = {}
    end = _skip_ws(text, _scan_value(text, _skip_ws(text, 0), (), None, out, 0, keep))
    if end != len(text):
        raise ScanError(end, "extra text after the JSON value")
    return out


def _skip_ws(text: str, pos: int) -> int:
    return _WS.match(text, pos).end()  # type: ignore[union-attr]


def _scan_value(text: str, pos: int, path: JsonPath, key_pos: int | None,
                out: dict[JsonPath, tuple[int | None, int]], depth: int, keep: int) -> int:
    if keep < 0 or depth <= keep:
        out[path] = (key_pos, pos)
    ch = text[pos:pos + 1]
    if ch == "{" or ch == "[":
        if depth >= _MAX_DEPTH:  # this object or array would be level _MAX_DEPTH + 1
            raise ScanError(pos, f"values are nested more than {_MAX_DEPTH} levels deep")
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
            pos = _skip_ws(text, _scan_value(text, pos, item, kpos, out, depth + 1, keep))
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


def nested_too_deeply(value: Any) -> bool:
    """Does a parsed JSON value hold objects and arrays more than :data:`_MAX_DEPTH`
    levels deep (the value itself being level 1)?  :mod:`json` and msgspec read some
    hundreds of levels more than a record may have.  A loop, level by level, over
    the objects and arrays alone (half the time of a stack of (value, level) pairs;
    it runs on every record that is parsed)."""
    frontier: list[Any] = [value] if type(value) is dict or type(value) is list else []
    for _ in range(_MAX_DEPTH):
        if not frontier:
            return False
        deeper: list[Any] = []
        for v in frontier:
            for c in (v.values() if type(v) is dict else v):
                if type(c) is list or type(c) is dict:
                    deeper.append(c)
        frontier = deeper
    return bool(frontier)


#: A JSON escape, matched left to right so that an escaped backslash is never taken
#: for the start of another: a high surrogate with (group 2) or without its low half
#: (group 1), a low half alone (group 3), or any other escape.
_ESCAPE = re.compile(r"\\(?:(u[dD][89abAB][0-9a-fA-F]{2})(\\u[dD][c-fC-F][0-9a-fA-F]{2})?"
                     r"|(u[dD][c-fC-F][0-9a-fA-F]{2})|.)", re.S)
#: How to mend a lone surrogate escape, for the problem that reports one.
HALF_CHARACTER_HINT = "write the character itself, or both halves of its surrogate pair"


def half_character(text: str) -> int | None:
    """The offset in the JSON ``text`` of the first escape that stands for half a
    character -- a lone UTF-16 surrogate, ``\\ud800`` without its low half or a
    low half alone -- or ``None``.

    ``json`` reads such an escape into a string that no UTF-8 text can hold:
    printed, written to a file or put in a report, it fails (or writes bytes
    that are not UTF-8).  The readers refuse it at its place instead, so no
    string from a record ever holds one.
    """
    if "\\u" not in text:
        return None
    for m in _ESCAPE.finditer(text):
        if (m.group(1) and not m.group(2)) or m.group(3):
            return m.start()
    return None


def half_character_words(text: str, offset: int) -> str:
    """The message for the lone surrogate escape at ``offset`` of ``text``."""
    return f"'{text[offset:offset + 6]}' is half a character (a lone UTF-16 surrogate), " \
        "which UTF-8 text cannot hold"


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


#: How deep the first scan of a record keeps paths (``("hands", 3)``); the inside of
#: one such value is scanned when a problem is there.
_KEPT_DEPTH = 2


class Locator:
    """Maps JSON paths in one record to file positions, scanning the text on first use.

    The first scan keeps the positions of the record's values to
    :data:`_KEPT_DEPTH` levels (each hand, each top-level key's items); a
    deeper path is found by scanning the one value it lies in (a hand), whose
    index is kept for the next problem, most often in the same hand.  Memory
    stays a small part of the record's (an index of every value of a
    10,000-hand record took 16 times the text), and time stays linear: each
    problem costs the size of its hand.
    """

    def __init__(self, text: str, first_line: int, file: str | None):
        self.text = text
        self.first_line = first_line
        self.file = file
        self._index: dict[JsonPath, tuple[int | None, int]] | None = None
        self._inner: dict[JsonPath, tuple[int | None, int]] = {}  # of one value
        self._inner_root: JsonPath | None = None
        self._line_starts: array[int] | None = None

    def offset(self, path: JsonPath, key: bool = False) -> int | None:
        """Character offset of the value (or its key) at ``path``, or of its nearest
        existing ancestor when the path goes where the record has nothing."""
        index = self._index
        if index is None:
            try:
                index = scan_positions(self.text, _KEPT_DEPTH)
            except ScanError:
                index = {}
            self._index = index
        if len(path) > _KEPT_DEPTH:
            root = path[:_KEPT_DEPTH]
            at = index.get(root)
            if at is not None:
                if self._inner_root != root:
                    inner: dict[JsonPath, tuple[int | None, int]] = {}
                    _scan_value(self.text, at[1], root, at[0], inner, _KEPT_DEPTH, -1)
                    self._inner, self._inner_root = inner, root
                return nearest(self._inner, path, key)
        return nearest(index, path, key)

    def __call__(self, path: JsonPath, key: bool = False) -> Location:
        return self.at_offset(self.offset(path, key))

    def at_offset(self, offset: int | None) -> Location:
        """The file location of a character offset in the record's text.

        The offsets where lines start are listed once, on first use, and each
        offset is found among them by bisection: a record with a problem in
        each of thousands of hands is located in linear time, not by counting
        the lines from the start for every problem (issue 27, finding 13)."""
        if offset is None:
            return Location(self.file, None, None)
        starts = self._line_starts
        if starts is None:
            starts = self._line_starts = line_starts(self.text)
        k = bisect_right(starts, offset) - 1
        return Location(self.file, self.first_line + k, offset - starts[k] + 1)


def line_starts(text: str) -> array[int]:
    """The offset where each line of ``text`` starts (the first is 0), as machine
    integers: a pretty-printed record has a line for every card."""
    starts = array("q", [0])
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return starts


def no_positions(file: str | None) -> Locate:
    """A locator for records that have no text (built in memory): file only."""
    def locate(path: JsonPath, key: bool = False) -> Location:
        return Location(file, None, None)

    return locate
