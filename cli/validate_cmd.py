"""``euchre validate``: replay hand histories and report every broken rule.

Output is streamed: problems are printed as each piece of the input is checked
(a chunk of a JSON Lines file, or a whole file of another kind:
:mod:`euchre_dsl.validate.chunks`), so a large file shows its first problems at
once and memory stays flat.  The pieces run here, in ``--workers N`` processes
or on a Dask cluster (``--scheduler``), and are reported in input order: the
output is the same wherever they run.  Exit status: 0 no errors (warnings
allowed), 1 some error, 2 a usage error or a file that cannot be read (the
readable files are still checked).
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from collections import deque
from dataclasses import dataclass
from typing import IO, Iterator

import click

from euchre_dsl.errors import Problem
from euchre_dsl.records.reader import AUTO, READERS, STDIN, find_records, input_name
from euchre_dsl.validate import chunks
from euchre_dsl.validate.chunks import (
    JSONL,
    WHOLE,
    PieceResult,
    check_piece,
    jsonl_chunks,
)
from euchre_dsl.validate.validator import FileReport, Validator, check_items
from euchre_dsl.workers import TaskRunner

from .common import (
    ProgressLine, clock,
    EXIT_INVALID,
    EXIT_OK,
    EXIT_USAGE,
    plural,
    runner_options,
    task_runner,
    try_input,
    variant_dir_option,
)


class _Totals:
    """Sums over the files checked, for the summary and the exit status."""

    def __init__(self) -> None:
        self.files = self.records = self.hands = self.errors = self.warnings = 0
        self.unreadable = 0

    def add(self, report: FileReport | PieceResult) -> None:
        """Count a file's report (or a piece of it: :meth:`file` counts the file)."""
        self.records += report.records
        self.hands += report.hands
        self.errors += report.errors
        self.warnings += report.warnings


@click.command("validate")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--report", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: one 'file:line:col: error[code]: message' line per problem and a "
                   "summary; json: one JSON object (files, problems, summary).")
@click.option("--notes", is_flag=True,
              help="Also list notes (severity 'info') on what could not be checked, e.g. "
                   "hands with unrecorded cards.")
@click.option("--stdin-format", type=click.Choice(["auto", "json", "jsonl", "text"]),
              default="auto", show_default=True,
              help="How '-' (standard input) is read; auto: the text format if the first "
                   "line starts with a tag, ';' or 'hand', else JSON Lines if it is a whole "
                   "record, else one JSON document.")
@variant_dir_option
@runner_options("checks (a task per file, and per few MB of a .jsonl file)")
@click.option("--progress/--no-progress", default=None,
              help="Show progress on standard error: games checked, games/s, ETA (default: "
                   "when it is a terminal).")
def validate_cmd(paths: tuple[str, ...], report: str, notes: bool, stdin_format: str,
                 variant_dirs: tuple[str, ...], workers: int, scheduler: str | None,
                 progress: bool | None) -> None:
    """Replay the ehh/1 hand histories in PATH... and report every problem.

    PATH is a .json file (one game), a .jsonl file (one game per line), a
    .ehh file (the text format, any number of games), an EGN game (.egn,
    binary .egnb) or EMN match (.emn, each game one record), a directory
    (every record file in it, recursively) or '-' for standard input.

    \b
    Examples:
      euchre validate games.jsonl
      euchre validate --report json samples/
      euchre validate archive.jsonl --workers 2
      euchre validate archive/ --scheduler tcp://head:8786
      cat game.json | euchre validate -
    """
    out = sys.stdout
    totals = _Totals()
    files: list[str] = []
    for path in paths:
        found = find_records([path])
        for message in found.skipped:
            click.echo(f"euchre validate: {message}", err=True)
            totals.unreadable += 1
        # a folder without a record file is a mistake, not "0 files: ok"
        if not found.files and not found.skipped:
            click.echo(f"euchre validate: no record files ({', '.join(READERS)}) in {path}",
                       err=True)
            totals.unreadable += 1
        files.extend(found.files)
    if progress is None:  # on a terminal, unless the JSON report is written there too
        progress = sys.stderr.isatty() and not (report == "json" and sys.stdout.isatty())
    entries = [_entry(path) for path in files]
    bar = _Progress(progress, sum(e.size for e in entries if e.size >= 0)
                    if all(e.size >= 0 for e in entries) else None)
    try:
        with task_runner("validate", workers, scheduler) as runner:
            _Run(report == "json", notes, stdin_format, totals, out,
                 Validator(variant_dirs), runner, bar).run(entries)
    except BrokenPipeError:  # the reader of our output went away (e.g. `| head`)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(EXIT_INVALID if totals.errors else EXIT_OK)
    finally:
        bar.close()
    if totals.unreadable:
        sys.exit(EXIT_USAGE)
    sys.exit(EXIT_INVALID if totals.errors else EXIT_OK)


def _shown(path: str) -> str:
    """A file name as text: bytes that are not UTF-8 (a name the system allows) as
    ``\\xff`` escapes, so the JSON report holds no lone surrogate."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


@dataclass
class _Entry:
    """One input and how it is checked: in pieces anywhere (``kind``: its reader's
    extension), or here as a whole (``kind`` None: standard input, a file of no
    known kind, a binary EGN game, one that cannot be opened or is no regular file,
    whose reader says why)."""

    path: str
    kind: str | None = None
    where: str = ""  # the absolute path
    size: int = -1  # bytes (-1: unknown, standard input)
    mtime: int = 0
    #: the workers see the file at ``where`` (else the client sends them its bytes)
    seen: bool = True


def _entry(path: str) -> _Entry:
    kind = os.path.splitext(path)[1].lower()
    if path == STDIN:
        return _Entry(path)
    try:
        st = os.stat(path)
    except OSError:
        return _Entry(path)
    if not stat.S_ISREG(st.st_mode):
        return _Entry(path)
    if kind != JSONL and kind not in WHOLE:
        return _Entry(path, size=st.st_size)
    try:  # a file this process may not read is said by its reader, here
        with open(path, "rb"):
            pass
    except OSError:
        return _Entry(path, size=st.st_size)
    return _Entry(path, kind, os.path.abspath(path), st.st_size, st.st_mtime_ns)


def seen_everywhere(runner: TaskRunner, entries: list[_Entry]) -> list[bool]:
    """Does every worker of the cluster see each file as this process does (same
    absolute path, size and modification time)?  Those it does not are sent as bytes."""
    seen = runner.everywhere(chunks.sees, [(e.where, e.size, e.mtime) for e in entries])
    return [all(place[i] for place in seen) for i in range(len(entries))]


#: A piece in flight: its file, its bytes' range (end -1: the whole file).
_Sent = tuple[_Entry, int, int]


class _Run:
    """The report being written, file by file in input order."""

    def __init__(self, as_json: bool, notes: bool, stdin_format: str, totals: _Totals,
                 out: IO[str], validator: Validator, runner: TaskRunner,
                 bar: _Progress) -> None:
        self.as_json, self.notes, self.stdin_format = as_json, notes, stdin_format
        self.totals, self.out, self.validator = totals, out, validator
        self.runner, self.bar = runner, bar
        self.first_file = True
        self.sep = ""
        self.sent: deque[_Sent] = deque()

    def run(self, entries: list[_Entry]) -> None:
        """Check every input, streaming the report to ``out``."""
        if self.as_json:
            self.out.write('{"files": [')
        remote = [e for e in entries if e.kind is not None]
        if remote:
            for e, seen in zip(remote, seen_everywhere(self.runner, remote)):
                e.seen = seen
        results = self.runner.map(check_piece, self._pieces(remote),
                                  (self.validator.variant_dirs, self.notes))
        for entry in entries:
            if entry.kind is None:
                self._here(entry)
            else:
                self._gathered(entry, results)
        self._summary()

    def _pieces(self, remote: list[_Entry]) -> Iterator[tuple[object, ...]]:
        """The tasks, in input order; each is noted in :attr:`sent` as it goes."""
        for e in remote:
            name = input_name(e.path)
            if e.kind != JSONL:
                self.sent.append((e, 0, -1))
                yield name, e.where, e.kind, 0, -1, None if e.seen else _read(e.where, 0, -1)
                continue
            try:
                stream = open(e.where, "rb")  # noqa: SIM115 - closed below
            except OSError:  # gone since: its one piece says so
                self.sent.append((e, 0, e.size))
                yield name, e.where, e.kind, 0, e.size, None
                continue
            with stream:
                for start, end in jsonl_chunks(stream, e.size, chunks.CHUNK_BYTES):
                    data = None
                    if not e.seen:
                        stream.seek(start)
                        data = stream.read(end - start)
                    self.sent.append((e, start, end))
                    yield name, e.where, e.kind, start, end, data

    def _begin(self, path: str) -> None:
        if self.as_json:
            self.out.write(("" if self.first_file else ", ") + "{" +
                           f'"path": {json.dumps(_shown(path))}, "problems": [')
        self.sep = ""

    def _problems(self, problems: Iterator[Problem] | list[Problem]) -> None:
        if problems:
            self.bar.clear()
        for p in problems:
            if self.as_json:
                self.out.write(self.sep + json.dumps(p.to_json(), ensure_ascii=False))
                self.sep = ", "
            else:
                self.out.write(p.format() + "\n")

    def _end(self, records: int, hands: int) -> None:
        if self.as_json:
            self.out.write(f'], "records": {records}, "hands": {hands}}}')
        self.first_file = False
        self.totals.files += 1

    def _here(self, entry: _Entry) -> None:
        """One input checked in this process, as it is read."""
        path = entry.path
        items = try_input("validate", path, self.stdin_format if path == STDIN else AUTO,
                          self.validator.prove)
        if items is None:
            self.totals.unreadable += 1
            return
        report = FileReport(path)
        self._begin(path)
        problems = (p for p in check_items(items, input_name(path), report, self.validator)
                    if self.notes or p.severity != "info")
        try:
            self._problems(problems)
        except BrokenPipeError:
            raise
        except OSError as exc:  # the file failed while being read
            click.echo(f"euchre validate: cannot read {path}: {exc.strerror or exc}", err=True)
            self.totals.unreadable += 1
        self._end(report.records, report.hands)
        self.totals.add(report)
        self.bar.done(report.records, max(entry.size, 0))

    def _gathered(self, entry: _Entry, results: Iterator[PieceResult]) -> None:
        """One input checked in pieces: their problems placed in the file, in order."""
        self._begin(entry.path)
        lines = records = hands = 0
        failed = False
        while True:
            result = next(results)  # (its task was taken, and noted, before it ran)
            sent, start, end = self.sent.popleft()
            assert sent is entry
            if failed:  # the file failed while being read: the rest is not counted
                pass
            elif result.unreadable is not None:
                click.echo(f"euchre validate: {result.unreadable}", err=True)
                self.totals.unreadable += 1
                failed = True
            else:
                if result.unseen:  # a variant file beside the records: check it here
                    result = check_piece(self.validator.variant_dirs, self.notes,
                                         input_name(entry.path), entry.where, entry.kind or "",
                                         start, end, None)
                self._problems(result.shifted(lines, records))
                lines += result.lines
                records += result.records
                hands += result.hands
                self.totals.add(result)
                self.bar.done(result.records, (end if end >= 0 else entry.size) - start)
            if end < 0 or end >= entry.size:
                break
        self._end(records, hands)

    def _summary(self) -> None:
        totals, out = self.totals, self.out
        self.bar.clear()
        if self.as_json:
            summary = {"records": totals.records, "hands": totals.hands,
                       "errors": totals.errors, "warnings": totals.warnings}
            out.write(f'], "summary": {json.dumps(summary)}}}\n')
        else:
            status = "ok" if not totals.errors and not totals.warnings else \
                f"{plural(totals.errors, 'error')}, {plural(totals.warnings, 'warning')}"
            if totals.unreadable:
                status = f"{totals.unreadable} unreadable" + \
                    ("" if status == "ok" else f", {status}")
            out.write(f"{plural(totals.files, 'file')}, {plural(totals.records, 'record')}, "
                      f"{plural(totals.hands, 'hand')}: {status}\n")
        out.flush()


def _read(where: str, start: int, end: int) -> bytes | None:
    """The bytes of a piece, for workers that cannot see its file (None: it cannot be
    read here either; the worker's attempt says why)."""
    try:
        with open(where, "rb") as f:
            f.seek(start)
            return f.read() if end < 0 else f.read(end - start)
    except OSError:
        return None


class _Progress(ProgressLine):
    """``validate: 120,000 games, 9,800 games/s, 41% of 1.2 GB, ETA 0:12`` on standard
    error, redrawn twice a second by a thread of its own (a big chunk or a slow
    cluster never leaves it quiet)."""

    def __init__(self, enabled: bool, total: int | None) -> None:
        self.total = total  # bytes of the inputs (None: standard input, size unknown)
        self.games = 0
        self.bytes = 0
        self._quiet_until = 0.0  # the report's lines stay a moment after a clear
        super().__init__(enabled)

    def done(self, games: int, size: int) -> None:
        """A piece (or a file) checked: its games and bytes (drawn at once the first
        time, then by the ticker)."""
        with self._lock:
            first = not self.bytes and not self.games
            self.games += games
            self.bytes += size
        if first:
            self.draw()

    def draw(self) -> None:
        if not self.enabled:
            return
        with self._lock:
            now = time.monotonic()
            if now < self._quiet_until:
                return
            spent = max(now - self.start, 1e-9)
            text = f"validate: {self.games:,} games, {self.games / spent:,.0f} games/s"
            if self.total:
                share = min(self.bytes / self.total, 1.0)
                text += f", {share:.0%} of {_size(self.total)}"
                if self.bytes:
                    text += f", ETA {clock(spent * (self.total - self.bytes) / self.bytes)}"
            self._show(text)

    def clear(self) -> None:
        """Wipe the bar before the report writes lines (they may share a terminal)."""
        if not self.enabled:
            return
        with self._lock:
            self._wipe()
            self._quiet_until = time.monotonic() + 0.5

    def close(self) -> None:
        self._stop_ticker()
        self.clear()


def _size(n: int) -> str:
    """Bytes in words: ``1.2 GB``."""
    if n < 1000:
        return f"{n} bytes"
    value = float(n)
    for unit in ("KB", "MB", "GB"):
        value /= 1000
        if value < 1000 or unit == "GB":
            break
    return f"{value:.1f} {unit}"

