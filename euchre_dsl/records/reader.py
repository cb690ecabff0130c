"""Reading ``ehh/1`` records: the one way every command opens its inputs.

:func:`open_records` opens a ``.json``, ``.jsonl`` or ``.ehh`` file, or
standard input (``-``), and :func:`expand_paths` turns folders into the record
files inside them; the commands (``validate``, ``replay``, ``convert``) and
the library all open records through them.  The text format is read by
:mod:`.text_reader`; JSON is read here.

Records stream: a JSON Lines file is read a line at a time, so memory does not
grow with the number of records.  Each record comes out as a :class:`Item`:
the parsed value plus its raw text and first line, so that a problem found
later can be placed at its line and column.

Parsing is :func:`json.loads`'s.  When the optional ``msgspec`` is installed
its decoder, about twice as fast on records, parses first: where it succeeds
it gives the same value as :mod:`json` (big integers stay integers, unlike
``orjson``'s floats); where it fails -- a syntax error, and also text
:mod:`json` accepts and it does not (``1e400``, a lone surrogate escape) --
:mod:`json` parses again, so values, syntax messages and positions are
:mod:`json`'s either way.

Positions are worked out only when a record has a problem: :class:`Locator`
runs a small position-aware JSON scanner over that one record's text and maps
a JSON path such as ``("hands", 2, "actions", 5, 2)`` to ``(line, column)``.
Valid records never pay for it.

A syntax error becomes a ``syntax`` problem at the line and column ``json``
reports; in JSON Lines the next line is still read.

A reader may be given ``prove``, a function of one record's raw bytes: the
validator's :meth:`~euchre_dsl.validate.validator.Validator.prove`, which
returns the record's number of hands when it proves the record clean from its
bytes alone (:mod:`.fast_bytes`), else -1.  Such a record is neither decoded
nor parsed: it comes out as an :class:`Item` whose ``proved`` is that number
(and whose ``text`` and ``data`` are empty).  Every other record comes out as
it would without ``prove``.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterable, Iterator, NamedTuple

from ..errors import EuchreError, Location, Problem
from ..limits import MAX_RECORD
from .inputs import AUTO, FORMS, JSON, JSONL, STDIN, STDIN_NAME, TEXT, input_name
from .positions import (
    HALF_CHARACTER_HINT, MAX_DIGITS, Item, JsonPath, Locate, Locator, ScanError,
    half_character, half_character_words, nearest, nested_too_deeply, no_positions,
    scan_positions,
)

__all__ = [
    "Item", "JsonPath", "Locate", "Locator", "ScanError", "nearest", "no_positions",
    "scan_positions", "parse_record", "iter_jsonl", "iter_json", "read_json_file",
    "read_jsonl_file", "read_text_file", "READERS", "STDIN", "STDIN_NAME", "FORMS",
    "read_stdin", "read_records", "open_records", "input_name", "expand_paths", "find_records",
    "Found", "InputError", "Prove", "iter_egn", "AUTO", "JSON", "JSONL", "TEXT",
]

#: A validator's proof of a record from its bytes (see the module's docstring): the
#: record's raw bytes and file -> its number of hands, or -1.
Prove = Callable[[bytes, "str | None"], int]

# ------------------------------------------------------------------ parsing
def _accelerated_loads() -> Callable[[str | bytes], Any] | None:
    """``msgspec``'s JSON decoder when it is installed (see the module's docstring)."""
    try:
        from msgspec.json import Decoder
    except ImportError:  # pragma: no cover - msgspec is installed with the tests
        return None
    decode: Callable[[str | bytes], Any] = Decoder().decode
    return decode


def _first_loads(text: str | bytes) -> Any:
    """:data:`fast_loads` until the first record is parsed: msgspec is imported then,
    not with this module (a file whose records are all proved from their bytes, as
    our writer's are, never parses one, and the import is a tenth of a command's
    start-up).  Without msgspec this parse is :mod:`json`'s, as every later one."""
    global fast_loads
    fast_loads = _accelerated_loads()
    if fast_loads is None:  # pragma: no cover - msgspec is installed with the tests
        raise ValueError("parsed by json")
    return fast_loads(text)


#: Parses a record's text, or the same as UTF-8 bytes, where it can (raising
#: ``ValueError`` or ``RecursionError`` where it cannot); ``None``: :mod:`json` alone.
fast_loads: Callable[[str | bytes], Any] | None = _first_loads


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_record(text: str, index: int, line: int, file: str | None,
                 raw: bytes | None = None) -> Item:
    """Parse one record's text; a syntax error becomes a located ``syntax`` problem.

    ``raw``, when the caller has it, is the same text as read (UTF-8): msgspec
    parses it as it is, where from ``text`` it first encodes it to UTF-8 again
    (a copy of every record with a name that is not ASCII)."""
    if fast_loads is not None:
        try:
            value = fast_loads(text if raw is None else raw)
        except (ValueError, RecursionError):
            pass  # json parses it again: its value, or its message and position
        else:
            if not nested_too_deeply(value):
                return Item(index, line, text, value, None)
    try:
        value = json.loads(text, parse_constant=_reject_constant)
        if nested_too_deeply(value):  # deeper than a record may be, not than json reads
            raise RecursionError
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
        message = str(exc) if isinstance(exc, ValueError) else \
            "values are nested too deeply to read"
        try:
            scan_positions(text)
        except ScanError as scan:
            loc_off, message = scan.offset, scan.message
        else:  # well-formed, so an integer of more digits than Python reads
            digits = re.search(r"[0-9]{%d,}" % (MAX_DIGITS + 1), text)
            if digits is not None:
                loc_off = digits.start()
                message = f"a number of {len(digits.group())} digits is more than can be read"
        loc = Locator(text, line, file).at_offset(loc_off)
    else:
        half = half_character(text)  # msgspec refuses these; json reads them
        if half is None:
            return Item(index, line, text, value, None)
        return Item(index, line, text, None, Problem(
            "syntax", half_character_words(text, half),
            location=Locator(text, line, file).at_offset(half), record=index,
            hint=HALF_CHARACTER_HINT))
    return Item(index, line, text, None,
                Problem("syntax", message, location=loc, record=index,
                        hint=_not_json_hint(text, file)))


def _not_json_hint(text: str, file: str | None) -> str | None:
    """A hint for text that is words, not JSON at all: what a record looks like, and,
    on standard input, the likeliest cause (``euchre simulate`` piped without
    ``--output -`` prints its summary, not records)."""
    first = text.lstrip()[:1]
    if not first.isalpha():
        return None
    hint = "a game record is a JSON object starting with '{'"
    if file in (STDIN, STDIN_NAME):
        hint += "; piping `euchre simulate`? it writes records to standard output only " \
                "with `--output -`"
    return hint


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


def _too_big(size: int, line: int, index: int, file: str | None, what: str) -> Item:
    """A ``syntax`` item for a record larger than :data:`~euchre_dsl.limits.MAX_RECORD`
    (it is not parsed: a record is a few KB, and the parse would cost many times
    its size in memory)."""
    # (a line cut one byte past the limit, from standard input, has no known size)
    said = f"more than {MAX_RECORD >> 20} MB" if size == MAX_RECORD + 1 else \
        f"{size / (1 << 20):.1f} MB, more than the {MAX_RECORD >> 20} MB a record may be"
    return Item(index, line, "", None, Problem(
        "syntax", f"{what} is {said}", location=Location(file, line, 1), record=index,
        hint="a game record is a few KB; is this the right file?"))


def _proved(prove: Prove | None, raw: bytes, index: int, line: int,
            file: str | None) -> Item | None:
    """The item of a record ``prove`` proves clean from its bytes (unparsed), else None."""
    if prove is None:
        return None
    hands = prove(raw, file)
    return Item(index, line, "", None, None, None, hands) if hands >= 0 else None


def iter_jsonl(stream: Iterable[bytes], file: str | None,
               prove: Prove | None = None, whole: bool = True) -> Iterator[Item]:
    """Records of a JSON Lines stream, one line at a time; blank lines are skipped.

    ``whole=False``: the stream is a later piece of a file (a chunk checked
    apart, :mod:`euchre_dsl.validate.chunks`), whose first line is not the file's:
    lines and indexes still count from 1 and 0 (the caller adds where the piece
    begins), but no byte-order mark is taken off its first line."""
    index = 0
    for line_no, raw in enumerate(stream, 1):
        if len(raw) > MAX_RECORD:
            yield _too_big(len(raw), line_no, index, file, "the line")
            index += 1
            continue
        proved = _proved(prove, raw, index, line_no, file)
        if proved is not None:
            yield proved
            index += 1
            continue
        text = _decode(raw, line_no, index, file)
        if isinstance(text, Item):
            yield text
            index += 1
            continue
        same: bytes | None = raw
        if line_no == 1 and whole and text.startswith("\ufeff"):
            text = text[1:]
            same = None
        if not text or text.isspace():
            continue
        yield parse_record(text, index, line_no, file, same)
        index += 1


def iter_json(data: bytes, file: str | None, prove: Prove | None = None,
              what: str = "the file") -> Iterator[Item]:
    """The one record of a ``.json`` document."""
    if len(data) > MAX_RECORD:
        yield _too_big(len(data), 1, 0, file, what)
        return
    proved = _proved(prove, data, 0, 1, file)
    if proved is not None:
        yield proved
        return
    text = _decode(data, 1, 0, file)
    if isinstance(text, Item):
        yield text
        return
    if text.startswith("\ufeff"):
        yield parse_record(text[1:], 0, 1, file)
    else:
        yield parse_record(text, 0, 1, file, data)


def read_json_file(path: str, prove: Prove | None = None) -> Iterator[Item]:
    """Open a ``.json`` record file now (``OSError`` if unreadable); parse it lazily."""
    data = Path(path).read_bytes()
    return iter_json(data, path, prove)


def read_jsonl_file(path: str, prove: Prove | None = None) -> Iterator[Item]:
    """Open a ``.jsonl`` file now (``OSError`` if unreadable); stream its records."""
    stream = open(path, "rb")  # noqa: SIM115 - closed by the generator below

    def records() -> Iterator[Item]:
        with stream:
            yield from iter_jsonl(stream, path, prove)

    return records()


def read_text_file(path: str) -> Iterator[Item]:
    """Open a text-format file (``.ehh``) now; parse it lazily (:mod:`.text_reader`,
    imported here: its grammar is loaded only by what reads the text format)."""
    from .text_reader import read_text_file as read
    return read(path)


def iter_text(lines: Iterable[bytes], name: str | None) -> Iterator[Item]:
    """The text-format records of ``lines`` (:func:`.text_reader.iter_text`)."""
    from .text_reader import iter_text as read
    return read(lines, name)


def _read_text(path: str, prove: Prove | None = None) -> Iterator[Item]:
    """:func:`read_text_file` as a reader: text records are always parsed (no ``prove``)."""
    return read_text_file(path)


def read_egn_file(path: str, prove: Prove | None = None) -> Iterator[Item]:
    """Open an EGN game (``.egn``) or EMN match (``.emn``) now; convert it lazily,
    one item per game (:func:`iter_egn`; no ``prove``: the records are built, not
    read)."""
    return iter_egn(Path(path).read_bytes(), path)


def iter_egn(data: bytes, file: str | None) -> Iterator[Item]:
    """The records of the EGN game or EMN match ``data``, one item per game
    (:mod:`euchre_dsl.interop.egn`)."""
    from ..interop.egn import egn_items
    from ..interop.egn_limit import COUNT_FIRST, deals_over_limit
    if COUNT_FIRST < len(data) <= MAX_RECORD:  # a game over the hands limit is
        try:                                   # refused before it is parsed
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = ""
        over = deals_over_limit(text)
        if over is not None:
            yield Item(over.game, 1, "", None, over.problem(text, file))
            return
        del text
    for item in iter_json(data, file):
        if item.problem is not None:
            yield item
        else:
            yield from egn_items(item.text, item.data, file)


def read_egnb_file(path: str, prove: Prove | None = None) -> Iterator[Item]:
    """Open a binary EGN game (``.egnb``, needs the ``egn`` extra) now."""
    from ..interop.egnb import read_egnb
    return read_egnb(path)


#: How each kind of record file is read, by extension.  Readers open the file
#: at once (so an unreadable file is an ``OSError`` before any record) and
#: return an iterator of items; ``prove`` is as in the module's docstring.
READERS: dict[str, Callable[[str, Prove | None], Iterator[Item]]] = {
    ".json": read_json_file,
    ".jsonl": read_jsonl_file,
    ".ehh": _read_text,
    ".egn": read_egn_file,
    ".emn": read_egn_file,
    ".egnb": read_egnb_file,
}

#: How a text-format game can begin (JSON cannot): a tag, a comment, a hand.
_TEXT_START = re.compile(rb"\[\s*[A-Za-z]|;|hand\b", re.I)


def read_stdin(stream: BinaryIO | None = None, name: str = STDIN,
               jsonl: bool | None = None, text: bool = False,
               prove: Prove | None = None) -> Iterator[Item]:
    """Records from standard input: JSON Lines, one (multi-line) JSON document, or
    the text format.

    ``text`` reads the text format; else ``jsonl`` says which JSON form;
    ``None`` lets the first non-blank line decide: the text format when it
    starts with a tag (``[Name``), a ``;`` comment or ``hand``; else a whole
    JSON value is JSON Lines (streamed), otherwise everything is one
    document.  ``name`` is the file name problems show; ``prove`` is as in the
    module's docstring (for JSON).
    """
    src = stream if stream is not None else sys.stdin.buffer
    lines = capped_lines(src)
    if text:
        return iter_text(lines, name)
    if jsonl is None:
        blanks = 0  # blank lines before the first (counted, not kept: they may not end)
        first_line = b""
        for raw in lines:
            if raw.strip():
                first_line = raw
                break
            blanks += 1
        lines = _chain(blanks, first_line, lines)
        first = first_line.lstrip(b"\xef\xbb\xbf \t\r\n")
        if _TEXT_START.match(first):  # a tag, a comment, a hand: the text format
            return iter_text(lines, name)
        jsonl = not first_line or _is_whole_json(first_line)  # empty input: no records
    if jsonl:
        return iter_jsonl(lines, name, prove)
    return iter_json(_capped_join(lines), name, prove, "standard input")


def capped_lines(stream: BinaryIO, limit: int = MAX_RECORD) -> Iterator[bytes]:
    """The lines of ``stream``, none longer than ``limit`` + 1 bytes: a line that
    goes on past ``limit`` comes out as its first ``limit`` + 1 bytes, and the
    stream is read no further (standard input may never end: ``< /dev/zero``
    is one endless line).  Its reader reports that line as too long."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        yield line
        if len(line) > limit:
            return


def _capped_join(lines: Iterable[bytes]) -> bytes:
    """The lines as one document, read no further than one byte past
    :data:`~euchre_dsl.limits.MAX_RECORD` (its reader reports it as too long)."""
    parts: list[bytes] = []
    size = 0
    for line in lines:
        parts.append(line)
        size += len(line)
        if size > MAX_RECORD:
            break
    return b"".join(parts)[:MAX_RECORD + 1]


def _is_whole_json(line: bytes) -> bool:
    """Is ``line`` one whole JSON value (then standard input is read as JSON Lines)?

    Anything ``json`` cannot read -- bad syntax, text that is not UTF-8, values
    nested deeper than it can follow -- says no: the input is then read as one
    document, whose reader reports the problem at its place.
    """
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        return False
    return True


def _chain(blanks: int, first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    """Standard input again from its start: ``blanks`` blank lines, its first line,
    the rest."""
    for _ in range(blanks):
        yield b"\n"
    if first:
        yield first
    yield from rest


def read_records(path: str, prove: Prove | None = None) -> Iterator[Item]:
    """The records of one file (by extension) or of standard input (``-``).

    Raises ``OSError`` at once when the file cannot be opened, and
    ``ValueError`` for a file type no reader knows.  The commands use
    :func:`open_records`, which says both as an :class:`InputError`.
    ``prove`` is as in the module's docstring.
    """
    if path == STDIN:
        return read_stdin(prove=prove)
    reader = READERS.get(os.path.splitext(path)[1].lower())
    if reader is None:
        kinds = ", ".join(sorted(READERS))
        raise ValueError(f"{path}: not a record file (expected {kinds})")
    return reader(path, prove)


_FORM_READERS: dict[str, Callable[[str, Prove | None], Iterator[Item]]] = {
    JSON: read_json_file, JSONL: read_jsonl_file, TEXT: _read_text,
}


class InputError(EuchreError):
    """An input that cannot be opened: ``unreadable`` (the system refused it), or of
    a kind no reader knows (a usage error)."""

    def __init__(self, path: str, message: str, unreadable: bool):
        super().__init__(message)
        self.path = path
        self.unreadable = unreadable


def open_records(path: str, form: str = AUTO, prove: Prove | None = None) -> Iterator[Item]:
    """The records of one input, streamed: a file, or ``-`` for standard input.

    ``form`` is one of :data:`FORMS`; ``prove`` is as in the module's
    docstring (the validator's).  The input is opened now: raises
    :class:`InputError` when it cannot be (its message names the path and the
    reason); problems in the records come out as items, located in the file
    :func:`input_name` gives.
    """
    if form not in FORMS:
        raise ValueError(f"unknown input form {form!r}: one of {', '.join(FORMS)}")
    try:
        if path == STDIN:
            jsonl = None if form in (AUTO, TEXT) else form == JSONL
            return read_stdin(name=STDIN_NAME, jsonl=jsonl, text=form == TEXT, prove=prove)
        if form == AUTO:
            return read_records(path, prove)
        return _FORM_READERS[form](path, prove)
    except OSError as exc:
        raise InputError(path, f"cannot read {path}: {exc.strerror or exc}", True) from None
    except ValueError as exc:  # no reader for this kind of file
        raise InputError(path, str(exc), False) from None


class Found(NamedTuple):
    """What :func:`find_records` finds: the files to read, and what it left out."""

    files: list[str]
    #: one message per thing left out, naming it: a link leading out of the folder
    #: named, a folder that cannot be listed
    skipped: list[str]


def find_records(paths: list[str]) -> Found:
    """Paths as given, with each directory replaced by every record file inside it
    (recursively, sorted); files named directly are kept whatever their extension.

    A folder is walked with a loop, not recursion (its depth comes from the
    input).  Only regular files count, and links only where they lead to a file
    inside the folder named; a link to a file outside it is left out and said
    in :attr:`Found.skipped` (it could read anything the user can), and links to
    folders are not followed (SECURITY.md).
    """
    files: list[str] = []
    skipped: list[str] = []
    for p in paths:
        if p != STDIN and os.path.isdir(p):
            files.extend(_walk(p, skipped))
        else:
            files.append(p)
    return Found(files, skipped)


def expand_paths(paths: list[str]) -> list[str]:
    """The files :func:`find_records` finds (what it leaves out unsaid)."""
    return find_records(paths).files


def _walk(top: str, skipped: list[str]) -> list[str]:
    """The record files under the folder ``top``, sorted (see :func:`find_records`)."""
    real_top = os.path.realpath(top)
    found: list[str] = []
    folders = [top]
    while folders:
        folder = folders.pop()
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if os.path.splitext(entry.name)[1].lower() not in READERS:
                        if entry.is_dir(follow_symlinks=False):
                            folders.append(entry.path)
                    elif entry.is_symlink():
                        if _links_inside(entry.path, real_top):
                            found.append(entry.path)
                        elif not os.path.isdir(entry.path):
                            skipped.append(f"{entry.path}: not read: a link to a file "
                                           f"outside {top}")
                    elif entry.is_dir(follow_symlinks=False):
                        folders.append(entry.path)
                    elif entry.is_file(follow_symlinks=False):
                        found.append(entry.path)
        except OSError as exc:
            skipped.append(f"{folder}: cannot list the folder: {exc.strerror or exc}")
    return sorted(found)


def _links_inside(link: str, real_top: str) -> bool:
    """Does ``link`` lead to a regular file inside the folder ``real_top``?"""
    try:
        if not stat.S_ISREG(os.stat(link).st_mode):  # the system follows at most 40 links
            return False
        real = os.path.realpath(link)
    except (OSError, RuntimeError):
        return False
    return real.startswith(real_top.rstrip(os.sep) + os.sep)
