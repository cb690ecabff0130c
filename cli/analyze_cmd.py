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
from dataclasses import dataclass, field
from typing import IO, Any, Iterator

import click

from euchre_dsl.analysis.analyze import Analyzer
from euchre_dsl.analysis.decisions import DEFAULT_DEALS, DecisionEstimator
from euchre_dsl.analysis.export import FORMATS, Exporter, MissingExtra
from euchre_dsl.analysis.hidden import DEFAULT_WORLDS, as_seen_by
from euchre_dsl.analysis.report import PERFECT_INFORMATION_NOTE, HandAnalysis
from euchre_dsl.analysis.players import PlayerSummary
from euchre_dsl.analysis.report_html import HtmlReport, replay_folder
from euchre_dsl.io_safety import OutputError
from euchre_dsl.analysis.stats import PlayerStats
from euchre_dsl.analysis.text import Summary, render_hand
from euchre_dsl.errors import Location, Problem
from euchre_dsl.records.reader import InputError, find_records, input_name, open_records
from euchre_dsl.search.solver import DEFAULT_BUDGET, EXACT_TRICKS
from euchre_dsl.sim.bots.pimc import RecordReading
from euchre_dsl.sim.bots.rule import RuleTable

from euchre_dsl.workers import TaskRunner

from .common import (
    ProgressLine, clock,
    EXIT_INVALID, EXIT_OK, EXIT_USAGE, check_output, plural, refuse_writing_over, runner_options,
    task_runner,
)


@dataclass(frozen=True)
class Options:
    """How to analyse (picklable, for the worker processes)."""

    record: int | None
    hand: int | None
    deals: int
    seed: int
    worlds: int = DEFAULT_WORLDS
    view: str | None = None  # --from-view: the seat whose view is analysed
    hidden_model: str = "rule"  # the model of play hidden cards are inferred under
    budget: int = DEFAULT_BUDGET  # solver positions per question (--budget)
    exact: int = EXACT_TRICKS  # the most tricks to play solved exactly (--exact-tricks)


@dataclass
class FileResult:
    path: str
    hands: list[HandAnalysis] = field(default_factory=list)
    skipped: list[Problem] = field(default_factory=list)
    unreadable: str | None = None


@dataclass
class _Input:
    """One file's records, read before the analysis (to count the games)."""

    path: str
    name: str
    records: list[tuple[int, Any]]  # (index, the record's data)
    result: FileResult


def _analyzer(opts: Options) -> Analyzer:
    estimator = DecisionEstimator(opts.deals, opts.seed, budget=opts.budget, exact=opts.exact,
                                  table=RuleTable(opts.seed)) if opts.deals > 0 else None
    model = RecordReading(opts.seed) if opts.hidden_model == "rule" else None
    return Analyzer(decisions=estimator, worlds=opts.worlds, seed=opts.seed, model=model,
                    budget=opts.budget, exact=opts.exact)


#: The analyzer of this process (solvers and variants are kept between records).
_ANALYZERS: dict[Options, Analyzer] = {}


def analyze_record(opts: Options, name: str, index: int, data: Any
                   ) -> tuple[list[HandAnalysis], list[Problem]]:
    """One record's hands and the problems that kept it from being analysed
    (in a worker process, or here)."""
    analyzer = _ANALYZERS.get(opts)
    if analyzer is None:
        analyzer = _ANALYZERS[opts] = _analyzer(opts)
    if opts.view is not None:
        seats = data.get("seats") if type(data) is dict else None
        if isinstance(seats, list) and opts.view not in seats:
            return [], [Problem("from-view", f"--from-view {opts.view}: {opts.view} is not a "
                                f"seat of this game (its seats: "
                                f"{', '.join(str(x) for x in seats)})",
                                location=Location(name), record=index,
                                hint="name one of the game's seats")]
        data = as_seen_by(data, opts.view)
    hands = list(analyzer.analyze_record(data, index, name, opts.hand))
    skipped = analyzer.skipped[:]
    analyzer.skipped.clear()
    return hands, skipped


def _read(path: str, opts: Options) -> _Input:
    """The records of one file to analyse; a record that is not JSON is skipped now."""
    result = FileResult(path)
    inp = _Input(path, input_name(path), [], result)
    try:
        for item in open_records(path):
            if opts.record is not None and item.index + 1 != opts.record:
                continue
            if item.problem is not None:
                result.skipped.append(item.problem)
            else:
                inp.records.append((item.index, item.data))
    except InputError as exc:
        result.unreadable = str(exc)
    except OSError as exc:  # the file failed while being read
        result.unreadable = f"cannot read {path}: {exc.strerror or exc}"
    return inp


class _Progress(ProgressLine):
    """``analyze: 12/50 games, 0.8 games/s, ETA 0:45`` on standard error, redrawn
    every half second by a thread of its own while the analysis runs (a game with
    many bidding decisions takes a while: the bar never goes quiet meanwhile)."""

    def __init__(self, enabled: bool, games: int):
        self.games = games
        self.done = 0
        self.hands = 0
        self._last = 0.0
        super().__init__(enabled)

    def game(self, hands: int) -> None:
        self.done += 1
        self.hands += hands
        self.draw(force=True)

    def draw(self, force: bool = False) -> None:
        if not self.enabled:
            return
        with self._lock:
            self._draw(force)

    def _draw(self, force: bool) -> None:
        now = time.monotonic()
        if not force and now - self._last < 0.5:
            return
        self._last = now
        spent = max(now - self.start, 1e-9)
        rate = self.done / spent
        eta = "" if not self.done else \
            f", ETA {clock((self.games - self.done) / rate)}"
        self._show(f"analyze: {self.done}/{plural(self.games, 'game')}, "
                   f"{plural(self.hands, 'hand')}, {rate:.2f} games/s{eta}, "
                   f"{clock(spent)} spent")

    def clear(self) -> None:
        """Wipe the bar before the report writes to the same terminal."""
        if not self.enabled:
            return
        with self._lock:
            self._wipe()
            self._last = time.monotonic()  # the report's lines stay a moment

    def close(self) -> None:
        self._stop_ticker()
        if self.enabled and self._drawn:
            click.echo("", err=True)



@click.command("analyze")
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option("--record", "record_no", type=click.IntRange(min=1),
              help="Only this game of each file (1 is the first).")
@click.option("--hand", "hand_no", type=click.IntRange(min=1),
              help="Only this hand of each game (1 is the first).")
@click.option("--report", type=click.Choice(["text", "json"]), default=None,
              help="text: a few lines per hand and a summary; json: one JSON object "
                   "(hands, summary; stats with --stats).  [default: text; none with --html, "
                   "which says in one line what it wrote]")
@click.option("--stats", is_flag=True,
              help="Statistics per player, seat (from the dealer) and side instead of the "
                   "hand-by-hand report.")
@click.option("--export", "export_dir", metavar="DIR", type=click.Path(file_okay=False),
              help="Also write the tables hands, plays and decisions into DIR.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="parquet",
              show_default=True, help="Table format for --export (parquet needs pyarrow: "
                                      "pip install pyarrow).")
@click.option("--deals", type=click.IntRange(min=0), default=None,
              help=f"Sampled deals per bidding decision (0: do not value the bidding). More "
                   f"deals narrow the confidence intervals and take longer.  [default: "
                   f"{DEFAULT_DEALS}; 0 with --stats alone]")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True,
              help="Seed of the deal sampling (the same seed gives the same report).")
@runner_options("games (a task each, from one file or many)")
@click.option("--worlds", type=click.IntRange(min=0), default=DEFAULT_WORLDS, show_default=True,
              help="Hands with hidden cards: sampled deals each play is valued over (0: do "
                   "not value such hands).")
@click.option("--from-view", "view", metavar="SEAT",
              help="Analyse each game as SEAT saw it: every other hand, an untaken widow and "
                   "the others' discards hidden.")
@click.option("--hidden-model", "hidden_model", type=click.Choice(["rule", "random"]), default="rule",
              show_default=True,
              help="How hidden cards are inferred from what the seats did: rule reads the "
                   "bidding and the play as the pimc bot reads its opponents (bids softly "
                   "against the rule bot's bar, cards as the rule bot plays them); random "
                   "takes the players to choose at random.")
@click.option("--html", "html_out", metavar="OUT.html", type=click.Path(dir_okay=False),
              help="Also write the analysis as a web page of charts and tables, with a "
                   "replay page per game in OUT-replays/ beside it.")
@click.option("--budget", type=click.IntRange(min=1), default=DEFAULT_BUDGET,
              show_default=True,
              help="Solver positions one question may visit: the opening lead's best, a play, "
                   "a bidding decision (over all its deals).  A question past it is reported "
                   "as not valued, and so are those after it as large (a double deck's first "
                   "tricks, say); raise it to value them, at the cost of time.")
@click.option("--exact-tricks", "exact", type=click.IntRange(min=1), default=EXACT_TRICKS,
              show_default=True,
              help="The most tricks still to play at which the solver values a position "
                   "exactly: a play with more (only a double deck's hands are longer) is not "
                   "valued, and the play after a bidding decision is estimated (its first "
                   "tricks by plain habits, the rest solved; such a decision is never called "
                   "a mistake).  Raise it, with --budget, to solve more, at a steep cost in "
                   "time.")
@click.option("--ascii", "ascii_cards", is_flag=True,
              help="Write cards with letters (JC, TD) instead of suit symbols (J♣, 10♦); the "
                   "default where standard output cannot show the symbols.  JSON and the "
                   "tables always use letters, the page symbols.")
@click.option("--progress/--no-progress", default=None,
              help="Show progress on standard error (default: when it is a terminal).")
def analyze_cmd(paths: tuple[str, ...], record_no: int | None, hand_no: int | None,
                report: str | None, stats: bool, export_dir: str | None, fmt: str, deals: int | None,
                seed: int, workers: int, scheduler: str | None, progress: bool | None,
                html_out: str | None = None, worlds: int = DEFAULT_WORLDS,
                view: str | None = None, hidden_model: str = "rule",
                budget: int = DEFAULT_BUDGET, ascii_cards: bool = False,
                exact: int = EXACT_TRICKS) -> None:
    """Analyse the games in PATH... with the perfect-information solver.

    For each hand with every card known: the makers' tricks with best play
    from the opening lead, the value of every card played and of the best
    card, and each play that lost tricks (a mistake: who, how many, the
    better cards).  For each bidding decision: the expected net points of
    every option, estimated over deals consistent with what that seat knew,
    each solved with all cards visible -- perfect-information estimates,
    which favour bold bids.  A hand with hidden cards (or every hand, seen
    with --from-view SEAT) is valued over --worlds sampled deals consistent
    with the record, as means with 95% intervals.

    PATH is a .json, .jsonl or .ehh file, an EGN game or match (.egn, .emn,
    .egnb), a directory (every record file in it) or '-' for standard input.

    \b
    Examples:
      euchre analyze samples/standard-game.json --hand 3
      euchre analyze games.jsonl --stats --deals 0
      euchre analyze games/ --export tables --format csv --workers 2
      euchre analyze season.jsonl --from-view S --html season.html --workers 2
    """
    check_output(html_out, "--html")  # every output's folder, before any work
    if html_out is not None:
        check_output(str(replay_folder(html_out)), "--html", folder=True,
                     what="where the replay pages go")
    check_output(export_dir, "--export", folder=True)
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
    if progress is None:  # a bar on a terminal, unless the JSON report is written there too
        progress = sys.stderr.isatty() and not (report == "json" and sys.stdout.isatty())
    opts = Options(record_no, hand_no, deals, seed, worlds, view, hidden_model, budget, exact)
    inputs = [_read(p, opts) for p in files]
    bar = _Progress(progress, sum(len(inp.records) for inp in inputs))
    out = sys.stdout
    # the page is the report asked for: the text report is printed with it only
    # when --report (or --stats) asks for it too
    quiet = report is None and not stats and html_out is not None
    run = _Run(report == "json", stats, exporter, out, quiet,
               symbols=not ascii_cards and _shows_symbols(out))
    run.html = None if html_out is None else HtmlReport(html_out, budget=budget)
    run.unreadable += len(found.skipped)
    try:
        run.begin()
        with task_runner("analyze", workers, scheduler) as runner:
            for result in _results(inputs, opts, runner, run, bar):
                run.end_file(result)
        bar.clear()
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


def _shows_symbols(out: IO[str]) -> bool:
    """Can ``out`` show the suit symbols?  Its encoding must hold them (a terminal
    set to ASCII, or Windows' legacy code pages, cannot)."""
    try:
        "♣♦♥♠".encode(getattr(out, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _results(inputs: list[_Input], opts: Options, runner: TaskRunner, run: "_Run",
             bar: _Progress) -> Iterator[FileResult]:
    """Each file's result in input order; hands are handed to ``run`` as they come.

    Every game is a task of its own (:func:`analyze_record`), so one big file uses
    every worker; the games are reported in input order whatever the order they
    finish in, and each game's sampling is seeded by its place, so the report is
    the same in one process, in ``--workers N`` or on a cluster.
    """
    games = ((inp.name, index, data) for inp in inputs for index, data in inp.records)
    results = runner.map(analyze_record, games, (opts,))
    for inp in inputs:
        for _ in inp.records:
            hands, skipped = next(results)
            _emit(inp.result, hands, skipped, run, bar)
        yield inp.result


def _emit(result: FileResult, hands: list[HandAnalysis], skipped: list[Problem],
          run: "_Run", bar: _Progress) -> None:
    """One game analysed: its hands to the report, its problems to its file's."""
    if hands:
        bar.clear()
    for h in hands:
        run.hand(h)
    result.skipped.extend(skipped)
    bar.game(len(hands))


class _Run:
    """The report being written: hands as they come, then the summary (and stats)."""

    def __init__(self, as_json: bool, stats: bool, exporter: Exporter | None, out: IO[str],
                 quiet: bool = False, symbols: bool = True):
        self.as_json = as_json
        #: the text report's cards with suit symbols (else letters: --ascii)
        self.symbols = symbols
        #: no report on ``out``: the page says it all, and one line says where it is
        self.quiet = quiet
        self.stats = PlayerStats() if stats else None
        self.exporter = exporter
        self.out = out
        self.summary = Summary(symbols=symbols)
        self.players = PlayerSummary()
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
        self.players.add(h)
        if self.html is not None:
            self.html.add(h)
        self.errors += h.errors
        if self.exporter is not None:
            self.exporter.add(h)
        if self.stats is not None:
            self.stats.add(h)
            return
        if self.quiet:
            return
        if self.as_json:
            self.out.write(self._sep + json.dumps(h.to_json(), ensure_ascii=False))
            self._sep = ", "
        else:
            self.out.write(render_hand(h, self.symbols))

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
            except OutputError as exc:
                click.echo(f"euchre analyze: {exc}", err=True)
                self.unreadable += 1
            else:
                s = self.summary
                click.echo(f"euchre analyze: {plural(s.hands, 'hand')} analysed "
                           f"({plural(s.mistakes, 'play mistake')}); wrote {written[0]} and "
                           f"{plural(len(written) - 1, 'replay page')}", err=True)
        if self.quiet:
            self.out.flush()
            return
        if self.as_json:
            extra = {"summary": {**self.summary.to_json(), "players": self.players.to_json()},
                     "skipped": [p.to_json() for p in self.problems]}
            if self.stats is not None:
                extra["stats"] = self.stats.to_json()
            tail = json.dumps(extra, ensure_ascii=False)
            self.out.write("], " + tail[1:] + "\n")
        else:
            if self.stats is not None:
                self.out.write(self.stats.render())
            self.out.write(self.summary.render())
            self.out.write(self.players.render())
        self.out.flush()

