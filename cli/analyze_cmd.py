"""``euchre analyze``: what should have happened -- best play, mistakes, bidding, statistics.

Exit status: 0 every record was analysed, 1 some record or hand could not be
(it has errors: ``euchre validate`` says which), 2 a usage error or a file
that cannot be read (the readable files are still analysed).
"""

from __future__ import annotations

import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import IO, Iterator

import click

from euchre_dsl.analysis.analyze import Analyzer
from euchre_dsl.analysis.decisions import DEFAULT_DEALS, DecisionEstimator
from euchre_dsl.analysis.export import FORMATS, Exporter, MissingExtra
from euchre_dsl.analysis.report import PERFECT_INFORMATION_NOTE, HandAnalysis
from euchre_dsl.analysis.report_html import HtmlReport
from euchre_dsl.analysis.stats import PlayerStats
from euchre_dsl.analysis.text import Summary, render_hand
from euchre_dsl.errors import Problem
from euchre_dsl.history.reader import STDIN, InputError, find_records, input_name, open_records

from .common import EXIT_INVALID, EXIT_OK, EXIT_USAGE, WORKERS, plural, refuse_writing_over


@dataclass(frozen=True)
class Job:
    """What to analyse in one file, and how (picklable, for the worker processes)."""

    path: str
    record: int | None
    hand: int | None
    deals: int
    seed: int


@dataclass
class FileResult:
    path: str
    hands: list[HandAnalysis] = field(default_factory=list)
    skipped: list[Problem] = field(default_factory=list)
    unreadable: str | None = None


def _analyzer(job: Job) -> Analyzer:
    estimator = DecisionEstimator(job.deals, job.seed) if job.deals > 0 else None
    return Analyzer(decisions=estimator)


def _hands(job: Job, analyzer: Analyzer, result: FileResult) -> Iterator[HandAnalysis]:
    """The analysed hands of one file, streamed; problems go into ``result``."""
    name = input_name(job.path)
    try:
        items = open_records(job.path)
    except InputError as exc:
        result.unreadable = str(exc)
        return
    try:
        yield from analyzer.analyze_items(items, name, job.record, job.hand)
    except OSError as exc:  # the file failed while being read
        result.unreadable = f"cannot read {job.path}: {exc.strerror or exc}"
    result.skipped.extend(analyzer.skipped)
    analyzer.skipped.clear()


def analyze_file(job: Job) -> FileResult:
    """One whole file, in a worker process."""
    result = FileResult(job.path)
    result.hands.extend(_hands(job, _analyzer(job), result))
    return result


class _Progress:
    """``analyze: 3/10 files, 120 hands, 45.2 hands/s`` on standard error, redrawn."""

    def __init__(self, enabled: bool, files: int):
        self.enabled = enabled
        self.files = files
        self.done = 0
        self.hands = 0
        self.start = time.monotonic()
        self._last = 0.0

    def hand(self) -> None:
        self.hands += 1
        self.draw()

    def file_done(self, hands: int = 0) -> None:
        self.done += 1
        self.hands += hands
        self.draw(force=True)

    def draw(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not force and now - self._last < 0.2:
            return
        self._last = now
        rate = self.hands / max(now - self.start, 1e-9)
        click.echo(f"\ranalyze: {self.done}/{self.files} files, {plural(self.hands, 'hand')}, "
                   f"{rate:.1f} hands/s ", err=True, nl=False)

    def close(self) -> None:
        if self.enabled:
            click.echo("", err=True)


@click.command("analyze")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--record", "record_no", type=click.IntRange(min=1),
              help="Only this game of each file (1 is the first).")
@click.option("--hand", "hand_no", type=click.IntRange(min=1),
              help="Only this hand of each game (1 is the first).")
@click.option("--report", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: a few lines per hand and a summary; json: one JSON object "
                   "(hands, summary; stats with --stats).")
@click.option("--stats", is_flag=True,
              help="Statistics per player, seat (from the dealer) and side instead of the "
                   "hand-by-hand report.")
@click.option("--export", "export_dir", metavar="DIR", type=click.Path(file_okay=False),
              help="Also write the tables hands, plays and decisions into DIR.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="parquet",
              show_default=True, help="Table format for --export (parquet needs pyarrow: "
                                      "pip install 'euchre-dsl[data]').")
@click.option("--deals", type=click.IntRange(min=0), default=None,
              help=f"Sampled deals per bidding decision (0: do not value the bidding). More "
                   f"deals narrow the confidence intervals and take longer.  [default: "
                   f"{DEFAULT_DEALS}; 0 with --stats alone]")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the deal sampling (the same seed gives the same report).")
@click.option("--workers", type=WORKERS, default=1, show_default=True,
              help="Analyse this many files at once, in separate processes (the report is "
                   "the same, in input order).")
@click.option("--html", "html_out", metavar="OUT.html", type=click.Path(dir_okay=False),
              help="Also write the analysis as a web page of charts and tables, with a "
                   "replay page per game in OUT-replays/ beside it.")
@click.option("--progress/--no-progress", default=None,
              help="Show progress on standard error (default: when it is a terminal).")
def analyze_cmd(paths: tuple[str, ...], record_no: int | None, hand_no: int | None,
                report: str, stats: bool, export_dir: str | None, fmt: str, deals: int | None,
                seed: int, workers: int, progress: bool | None,
                html_out: str | None = None) -> None:
    """Analyse the games in PATH... with the perfect-information solver.

    For each hand with every card known: the makers' tricks with best play
    from the opening lead, the value of every card played and of the best
    card, and each play that lost tricks (a mistake: who, how many, the
    better cards).  For each bidding decision: the expected net points of
    every option, estimated over deals consistent with what that seat knew,
    each solved with all cards visible -- perfect-information estimates,
    which favour bold bids.

    PATH is a .json, .jsonl or .ehh file, an EGN game or match (.egn, .emn,
    .egnb), a directory (every record file in it) or '-' for standard input.

    \b
    Examples:
      euchre analyze samples/standard-game.json --hand 3
      euchre analyze games.jsonl --stats --deals 0
      euchre analyze games/ --export tables --format csv --workers 2
    """
    found = find_records(list(paths))
    for message in found.skipped:  # counted as unreadable below, once the run exists
        click.echo(f"euchre analyze: {message}", err=True)
    files = found.files
    refuse_writing_over(files, html_out, "--html")
    if deals is None:  # statistics do not use the bidding estimates: skip them
        deals = 0 if stats and export_dir is None else DEFAULT_DEALS
    exporter = None
    if export_dir is not None:
        try:
            exporter = Exporter(export_dir, fmt)
        except MissingExtra as exc:
            raise click.UsageError(str(exc)) from None
        except OSError as exc:
            click.echo(f"euchre analyze: cannot write {export_dir}: {exc.strerror or exc}",
                       err=True)
            sys.exit(EXIT_USAGE)
    show = sys.stderr.isatty() if progress is None else progress
    bar = _Progress(show, len(files))
    out = sys.stdout
    run = _Run(report == "json", stats, exporter, out)
    run.html = None if html_out is None else HtmlReport(html_out)
    run.unreadable += len(found.skipped)
    jobs = [Job(p, record_no, hand_no, deals, seed) for p in files]
    try:
        run.begin()
        for result in _results(jobs, workers, run, bar):
            run.end_file(result)
        run.finish()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        bar.close()
        if exporter is not None:
            exporter.close()
    if run.unreadable:
        sys.exit(EXIT_USAGE)
    sys.exit(EXIT_INVALID if run.problems or run.errors else EXIT_OK)


def _results(jobs: list[Job], workers: int, run: "_Run", bar: _Progress
             ) -> Iterator[FileResult]:
    """Each file's result in input order; hands are handed to ``run`` as they come."""
    if workers == 1 or len(jobs) < 2:
        analyzers: dict[tuple[int, int], Analyzer] = {}
        for job in jobs:
            analyzer = analyzers.setdefault((job.deals, job.seed), _analyzer(job))
            result = FileResult(job.path)
            for h in _hands(job, analyzer, result):
                run.hand(h)
                bar.hand()
            bar.file_done()
            yield result
        return
    local = [j for j in jobs if j.path == STDIN]  # standard input is read here
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {j: pool.submit(analyze_file, j) for j in jobs if j.path != STDIN}
        for job in jobs:
            result = analyze_file(job) if job in local else futures[job].result()
            for h in result.hands:
                run.hand(h)
            bar.file_done(len(result.hands))
            yield result


class _Run:
    """The report being written: hands as they come, then the summary (and stats)."""

    def __init__(self, as_json: bool, stats: bool, exporter: Exporter | None, out: IO[str]):
        self.as_json = as_json
        self.stats = PlayerStats() if stats else None
        self.exporter = exporter
        self.out = out
        self.summary = Summary()
        self.problems: list[Problem] = []
        self.unreadable = 0
        self.errors = 0  # hands not valued because they have errors
        self.html: HtmlReport | None = None
        self._sep = ""

    def begin(self) -> None:
        if self.as_json:
            self.out.write("{" + f'"note": {json.dumps(PERFECT_INFORMATION_NOTE)}, "hands": [')

    def hand(self, h: HandAnalysis) -> None:
        self.summary.add(h)
        if self.html is not None:
            self.html.add(h)
        self.errors += h.errors
        if self.exporter is not None:
            self.exporter.add(h)
        if self.stats is not None:
            self.stats.add(h)
            return
        if self.as_json:
            self.out.write(self._sep + json.dumps(h.to_json(), ensure_ascii=False))
            self._sep = ", "
        else:
            self.out.write(render_hand(h))

    def end_file(self, result: FileResult) -> None:
        if result.unreadable is not None:
            self.unreadable += 1
            click.echo(f"euchre analyze: {result.unreadable}", err=True)
        for p in result.skipped:
            self.problems.append(p)
            if not self.as_json:
                click.echo(f"{p.location}: not analysed: {p.message}", err=True)

    def finish(self) -> None:
        if self.html is not None:
            try:
                written = self.html.write()
            except OSError as exc:
                click.echo(f"euchre analyze: cannot write {self.html.out}: "
                           f"{exc.strerror or exc}", err=True)
                self.unreadable += 1
            else:
                click.echo(f"euchre analyze: wrote {written[0]} and "
                           f"{plural(len(written) - 1, 'replay page')}", err=True)
        if self.as_json:
            extra = {"summary": self.summary.to_json(),
                     "skipped": [p.to_json() for p in self.problems]}
            if self.stats is not None:
                extra["stats"] = self.stats.to_json()
            tail = json.dumps(extra, ensure_ascii=False)
            self.out.write("], " + tail[1:] + "\n")
        else:
            if self.stats is not None:
                self.out.write(self.stats.render())
            self.out.write(self.summary.render())
        self.out.flush()


def register(group: click.Group) -> None:
    """Add ``analyze`` to the ``euchre`` command group."""
    group.add_command(analyze_cmd)
