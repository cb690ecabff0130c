"""``euchre validate`` as independent pieces: the work of ``--workers`` and ``--scheduler``.

A JSON Lines file is cut into chunks of about :data:`CHUNK_BYTES` at line ends
(:func:`jsonl_chunks`: a chunk starts just after a newline), so one big archive
keeps every worker busy; any other record file (one JSON document, the text
format, an EGN game or match) is one piece.  :func:`check_piece` checks a piece
where it runs -- the same readers, the same fast paths (:mod:`.fast_bytes` proves
clean records from their bytes) -- and returns its problems and counts.  Lines and
record indexes in a chunk count from its start; :meth:`PieceResult.shifted` moves
them to the file's, by the lines and records of the chunks before it.  The
problems, in input order, are those one process finds.

A worker reads its piece from the file itself when it sees the same file at the
same absolute path (the machine's own processes always do; a cluster on shared
storage does), else the client sends the piece's bytes.  A worker that was sent
the bytes cannot see a variant file beside the records: a record naming one
raises :class:`~euchre_dsl.replay.variants.UnseenFiles` and its piece is checked
again by the client (:attr:`PieceResult.unseen`), so nothing is reported that one
process would not.

The client holds no more than the pieces in flight (their bytes, when sent) and
their results: memory does not grow with the file.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, field, replace
from typing import BinaryIO, Iterator

from ..errors import Location, Problem
from ..limits import MAX_TEXT_LINE
from ..records.positions import Item
from ..records.reader import Prove, iter_egn, iter_json, iter_jsonl, iter_text
from ..replay.variants import UnseenFiles
from .validator import FileReport, Validator, check_items

#: About how many bytes of a JSON Lines file one task checks: big enough that a
#: task's start-up (a few milliseconds) is lost in its work, small enough that
#: the tasks in flight hold little memory and a file of a few MB is shared out.
CHUNK_BYTES = 4 << 20

#: The kinds of file a worker reads, by extension (``.egnb`` is read by the client:
#: it needs protobuf, which a worker may lack).
JSONL = ".jsonl"
WHOLE = (".json", ".ehh", ".egn", ".emn")


@dataclass
class PieceResult:
    """What a piece held: its problems (lines and records counted from its start),
    its counts, its number of newlines (where the next chunk's lines begin)."""

    problems: list[Problem] = field(default_factory=list)
    records: int = 0
    hands: int = 0
    errors: int = 0
    warnings: int = 0
    lines: int = 0
    #: ``cannot read FILE: why``: the file failed while being read
    unreadable: str | None = None
    #: a record names a variant file the worker cannot see: check the piece here
    unseen: bool = False

    def shifted(self, lines: int, records: int) -> list[Problem]:
        """The problems placed in their file: ``lines`` and ``records`` are those of
        the chunks before this one."""
        if not lines and not records:
            return self.problems
        moved = []
        for p in self.problems:
            line = p.location.line
            if line is not None:
                p = replace(p, location=Location(p.location.file, line + lines,
                                                 p.location.column))
            if p.record is not None:
                p = replace(p, record=p.record + records)
            moved.append(p)
        return moved


def jsonl_chunks(stream: BinaryIO, size: int, chunk: int = CHUNK_BYTES
                 ) -> Iterator[tuple[int, int]]:
    """``(start, end)`` byte ranges covering the first ``size`` bytes of ``stream``,
    each about ``chunk`` bytes and ending just after a newline (the last at ``size``);
    the stream is read only around each boundary, a block at a time.  An empty file
    is one empty range (it is a file, of no records)."""
    if size <= 0:
        yield 0, 0
        return
    start = 0
    while start < size:
        end = min(start + chunk, size)
        if end < size:
            stream.seek(end - 1)
            at = end - 1
            while True:
                block = stream.read(1 << 16)
                found = block.find(b"\n")
                if found >= 0:
                    end = min(at + found + 1, size)
                    break
                if not block:
                    end = size
                    break
                at += len(block)
        yield start, end
        start = end


#: Each process's validators, by their options (compiled variants are kept between pieces).
_VALIDATORS: dict[tuple[tuple[str, ...], bool], Validator] = {}


def _validator(variant_dirs: tuple[str, ...], sees_files: bool) -> Validator:
    key = (variant_dirs, sees_files)
    found = _VALIDATORS.get(key)
    if found is None:
        found = _VALIDATORS[key] = Validator(variant_dirs, sees_files=sees_files)
    return found


def _items(kind: str, stream: BinaryIO, name: str, prove: Prove, first: bool) -> Iterator[Item]:
    """The records of a piece, as the readers of :mod:`~euchre_dsl.records.reader` give
    them for the file ``name`` (``first``: the piece starts the file)."""
    if kind == JSONL:
        return iter_jsonl(stream, name, prove, whole=first)
    if kind == ".ehh":  # (the text format's reader is loaded only for it)
        from ..records.text_reader import bounded_lines
        return iter_text(bounded_lines(stream, MAX_TEXT_LINE), name)
    data = stream.read()
    if kind == ".json":
        return iter_json(data, name, prove)
    return iter_egn(data, name)


def check_piece(variant_dirs: tuple[str, ...], notes: bool, name: str, where: str, kind: str,
                start: int, end: int, data: bytes | None) -> PieceResult:
    """Check one piece (a task, run anywhere): the bytes ``start:end`` of the file
    ``name`` (a JSON Lines chunk; ``end`` -1: the whole file, of the kind ``kind``), read
    from the absolute path ``where``, or ``data`` when the client sent them.
    ``variant_dirs`` are absolute; ``notes`` keeps the problems of severity ``info``."""
    validator = _validator(variant_dirs, data is None)
    validator.place(name, where)
    result = PieceResult()
    report = FileReport(name)
    try:
        if data is None:
            with open(where, "rb") as f:
                if end >= 0:
                    f.seek(start)
                    data = f.read(end - start)
                else:
                    result.problems = _check(kind, f, name, validator, report, notes, True)
        if data is not None:
            stream = _CountedLines(data)
            result.problems = _check(kind, stream, name, validator, report, notes,
                                     start == 0)
            # JSON Lines are read line by line to the end: their newlines were counted
            counted = kind == JSONL and stream.tell() == len(data)
            result.lines = stream.newlines if counted else data.count(b"\n")
    except UnseenFiles:
        return PieceResult(unseen=True)
    except OSError as exc:
        result.unreadable = f"cannot read {name}: {exc.strerror or exc}"
    result.records, result.hands = report.records, report.hands
    result.errors, result.warnings = report.errors, report.warnings
    return result


class _CountedLines(io.BytesIO):
    """A piece's bytes, whose newlines are counted as a reader takes its lines one by
    one (the count places the problems of the pieces after it).  ``bytes.count``
    walked every byte a second time: 3% of proving another producer's one-hand
    records."""

    newlines = 0

    def __next__(self) -> bytes:
        line = super().__next__()
        if line.endswith(b"\n"):
            self.newlines += 1
        return line


def _check(kind: str, stream: BinaryIO, name: str, validator: Validator, report: FileReport,
           notes: bool, first: bool) -> list[Problem]:
    return [p for p in check_items(_items(kind, stream, name, validator.prove, first), name,
                                   report, validator)
            if notes or p.severity != "info"]


def sees(files: list[tuple[str, int, int]]) -> list[bool]:
    """Run on each worker: does it see each file -- ``(absolute path, size,
    modification time in ns)`` -- as the client does?"""
    seen = []
    for where, size, mtime in files:
        try:
            st = os.stat(where)
        except OSError:
            seen.append(False)
            continue
        seen.append(st.st_size == size and st.st_mtime_ns == mtime)
    return seen
