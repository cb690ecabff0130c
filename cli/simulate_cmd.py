"""``euchre simulate``: play seeded games with bots, write ``ehh/1`` JSON Lines, summarise.

An output file is built in ``FILE.partial`` under a lock and replaces ``FILE``
only when the run succeeds; an interrupted run leaves its records there (at most
a partial last line), and ``--resume`` carries them on to the bytes an
uninterrupted run writes.
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from contextlib import ExitStack, contextmanager
from typing import Any, Callable, Iterator, NoReturn

import click

from euchre_dsl.cards import CardError, Deck
from euchre_dsl.engine.machine import DEFAULT_LABELS
from euchre_dsl.errors import EuchreError
from euchre_dsl.io_safety import OutputBusy, OutputError, PartialOutput
from euchre_dsl.rules.ruleset import RuleSet, Sides
from euchre_dsl.sim.bots import (
    BOT_NAMES, BotError, BotSpecError, parse_bot_spec, split_line_up,
)
from euchre_dsl.sim.cluster import ClusterError, DaskCluster, ProcessPool
from euchre_dsl.sim.deals import Constraints, DealError
from euchre_dsl.sim.runner import (
    GAME_LISTENERS, Batch, BatchMapper, RunSpec, UnfinishedGame, local_batches, run,
)
from euchre_dsl.sim.summary import Stats

from .common import (
    EXIT_INVALID, EXIT_USAGE, WORKERS, check_output, fail, lost_workers,
    refuse_writing_over, resolve_variant, variant_reference,
)


def usage_error(message: str) -> NoReturn:
    """``euchre COMMAND: message`` on standard error, exit 2."""
    ctx = click.get_current_context(silent=True)
    click.echo(f"euchre {ctx.info_name if ctx else 'simulate'}: {message}", err=True)
    sys.exit(EXIT_USAGE)


# ------------------------------------------------------------ shared options
def bot_options(default: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--bot`` (``default``: the bot at every seat) / ``--bots``: who sits where
    (shared with ``euchre compare``)."""

    def options(f: Callable[..., Any]) -> Callable[..., Any]:
        f = click.option("--bots", "bots", metavar="A,B,...",
                         help="One bot per seat, in seat order (e.g. rule,random,rule,random)."
                         )(f)
        return click.option("--bot", default=default, show_default=True, metavar="SPEC",
                            help=f"Bot seated at every place: {', '.join(BOT_NAMES)}, with "
                                 "NAME:key=value parameters, or a class of your own as "
                                 "package.module:Class or path/to/file.py:Class.")(f)

    return options


def lineup(rules: RuleSet, bot: str, bots: str | None) -> tuple[str, ...]:
    """The bot spec for each seat (one spec: every seat), checked; bad specs and wrong
    counts are usage errors."""
    n = rules.players.count
    specs = split_line_up(bots) if bots else [bot]
    if len(specs) == 1:
        specs *= n
    if len(specs) != n:
        usage_error(f"--bots: {rules.id} seats {n} players, {len(specs)} bots given "
                    "(one per seat, in seat order)")
    for spec in specs:
        try:
            parse_bot_spec(spec)
        except BotSpecError as exc:
            if not bots and _is_line_up(bot):
                usage_error(f"--bot: {bot!r} is a line-up, but --bot seats one bot at "
                            f"every place: name one bot per seat, in seat order, with --bots "
                            f"({rules.id} seats {n})")
            usage_error(f"{'--bots' if bots else '--bot'}: {exc}")
    return tuple(specs)


def _is_line_up(text: str) -> bool:
    """Whether ``text`` reads as several bot specs, each one valid (``pimc,rule``)."""
    try:
        specs = split_line_up(text)
        for spec in specs:
            parse_bot_spec(spec)
    except BotSpecError:
        return False
    return len(specs) > 1


def deal_options(f: Callable[..., Any]) -> Callable[..., Any]:
    """The constrained-deal options (docs/simulate.md)."""
    for opt in reversed([
        click.option("--hand", "hands", multiple=True, metavar="SEAT=CARDS",
                     help="Cards a seat is dealt, e.g. S=JH,JD (repeatable)."),
        click.option("--upcard", metavar="CARD", help="The card turned up."),
        click.option("--dealer", metavar="SEAT", help="Who deals (first hand of each game)."),
        click.option("--start-scores", metavar="A,B,...",
                     help="Scores per side before the first hand (e.g. 8,9)."),
        click.option("--where", metavar="EXPR",
                     help="Deal again until EXPR holds, e.g. 'trumps(seat2, upcard) >= 3'."),
    ]):
        f = opt(f)
    return f


def constraints(rules: RuleSet, hands: tuple[str, ...], upcard: str | None, dealer: str | None,
                start_scores: str | None, where: str | None) -> Constraints | None:
    """The ``--hand/--upcard/--dealer/--start-scores/--where`` options, checked."""
    if not (hands or upcard or dealer or start_scores or where):
        return None
    deck = Deck.of(rules.deck.lowest, rules.deck.joker, rules.deck.copies)
    labels = DEFAULT_LABELS[rules.players.count]

    def seat(text: str, what: str) -> int:
        if text.strip().upper() not in labels:
            usage_error(f"{what}: '{text}' is not a seat of {rules.id} "
                        f"(seats: {', '.join(labels)})")
        return labels.index(text.strip().upper())

    def card(text: str, what: str) -> int:
        try:
            return deck.parse(text.strip())
        except CardError as exc:
            usage_error(f"{what}: {exc}")

    placed: list[tuple[int, int]] = []
    for item in hands:
        who, eq, cards = item.partition("=")
        if not eq or not cards.strip():
            usage_error(f"--hand {item!r}: write SEAT=CARDS, e.g. S=JH,JD")
        s = seat(who, f"--hand {item}")
        mask = 0
        for c in cards.split(","):
            mask |= 1 << card(c, f"--hand {item}")
        placed.append((s, mask))
    scores: tuple[int, ...] | None = None
    if start_scores:
        sides = rules.players.teams if rules.players.sides == Sides.PARTNERS else \
            rules.players.count
        try:
            scores = tuple(int(x) for x in start_scores.split(","))
        except ValueError:
            usage_error(f"--start-scores {start_scores!r}: write whole numbers, e.g. 8,9")
        if len(scores) != sides:
            usage_error(f"--start-scores: {rules.id} has {sides} sides, "
                        f"{len(scores)} scores given")
    if where is not None:
        from euchre_dsl.sim.where import compile_where  # its grammar: only for --where
        try:
            compile_where(where, rules)
        except EuchreError as exc:
            fail(exc.problems, EXIT_USAGE)
    made = Constraints(tuple(placed), None if upcard is None else card(upcard, "--upcard"),
                       None if dealer is None else seat(dealer, "--dealer"), scores, where)
    try:
        made.check(rules)
    except DealError as exc:
        usage_error(str(exc))
    return made


def mapper_for(workers: int, scheduler: str | None, stack: ExitStack,
               on_games: Callable[[int], None] | None = None) -> BatchMapper:
    """Where the batches run: here, in worker processes (telling ``on_games`` the
    games they have played, as they play them), or on a Dask cluster."""
    if scheduler:
        try:
            cluster = DaskCluster(scheduler)
        except ClusterError as exc:
            usage_error(str(exc))
        stack.callback(cluster.close)
        return cluster
    return ProcessPool(workers, on_games) if workers > 1 else local_batches


# ------------------------------------------------------------ output
class Output:
    """Where the records go: standard output, or a file built in ``FILE.partial``.

    A file target is written through :class:`~euchre_dsl.io_safety.PartialOutput`:
    the records go to ``FILE.partial``, held under an exclusive lock (a second
    ``simulate`` of the same file is refused), and replace ``FILE`` only when the
    run succeeds (:meth:`commit`), so a failure or an interruption leaves ``FILE``
    as it was.  With ``resume`` the records already in ``FILE.partial`` (an
    interrupted run), or else in ``FILE`` (a finished one, to extend), are checked
    against the ones this run makes -- a partial last line too, which must be the
    start of the next record -- and writing goes on after them.  A target that is
    not a regular file (``/dev/null``, a pipe) is written in place.
    """

    def __init__(self, path: str | None, resume: bool) -> None:
        self.path = path
        self.file: PartialOutput | None = None
        self.device = -1  # a target written in place
        self.expected: list[bytes] = []  # records already there, to check
        self.tail = b""  # a partial last line after them, to check
        self.keep_to = 0  # bytes of whole records
        self.cut_pending = False
        self.resumed = False  # FILE.partial held an earlier run's records
        self.lost = False  # the run's workers failed it: what was written is resumable
        if path is None or path == "-":
            if resume:
                usage_error("--resume needs -o FILE, the file to continue")
            return
        real = os.path.realpath(path)
        try:
            st: os.stat_result | None = os.stat(real)
        except FileNotFoundError:
            st = None
        except OSError as exc:
            usage_error(f"cannot write {path}: {exc.strerror}")
        if st is not None and not stat.S_ISREG(st.st_mode):
            if resume:
                usage_error(f"--resume: {path} is not a regular file, there is nothing to "
                            "continue")
            try:
                self.device = os.open(real, os.O_WRONLY)
            except OSError as exc:
                usage_error(f"cannot write {path}: {exc.strerror}")
            return
        try:
            self.file = PartialOutput(path)
        except (OutputBusy, OutputError) as exc:
            usage_error(str(exc))
        try:
            data = self.file.read() if resume else b""
            self.resumed = bool(data)
            if resume and not data and st is not None:
                with open(real, "rb") as f:
                    data = f.read()
                self.file.write(data)
            if not resume and self.file.size():  # a killed run's records: not continued
                click.echo(f"euchre simulate: note: starting {path} again; the records an "
                           f"interrupted run left in {self.file.partial} are dropped "
                           "(--resume would have continued them)", err=True)
                self.file.truncate(0)
            self.keep_to = data.rfind(b"\n") + 1
            self.expected = data[:self.keep_to].splitlines(keepends=True)
            self.tail = data[self.keep_to:]
            # a partial last line is cut once this run's next record shows it is its start
            self.cut_pending = bool(self.tail)
            if not self.cut_pending:
                self.file.truncate(self.keep_to)  # (its size): writing goes on at the end
        except OutputError as exc:
            self.abandon(False)
            usage_error(str(exc))
        except OSError as exc:
            self.abandon(False)
            usage_error(f"cannot read {path}: {exc.strerror}")

    @property
    def done(self) -> int:
        """Records already in the file (``--resume``)."""
        return len(self.expected)

    def check_resume(self, games: int) -> None:
        """Refuse, before playing, a file holding more than this run writes."""
        if self.file is None:
            return
        where = self.file.partial if self.resumed else self.path
        if self.done > games:
            usage_error(f"cannot resume {where}: it already holds {self.done} records, "
                        f"more than --games {games}")
        if self.done == games and self.tail:
            usage_error(f"cannot resume {where}: it holds {games} whole records, as many as "
                        f"--games {games}, and the start of one more, which this run would "
                        "not check and would cut off; give the --games of the run that wrote "
                        "it, or run without --resume")

    def write(self, batch: Batch, first: int) -> None:
        """The records of ``batch``, whose first game is game ``first`` of the run."""
        if self.path is None:
            return
        data = batch.data
        if self.path == "-":
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
            return
        if self.file is None:
            view = memoryview(data)
            while view:
                view = view[os.write(self.device, view):]
            return
        if first >= self.done and not self.cut_pending:  # nothing (more) to check
            self.file.write(data)
            return
        lines = data.splitlines(keepends=True)
        skip = max(0, min(len(lines), self.done - first))
        for k in range(skip):
            if lines[k] != self.expected[first + k]:
                usage_error(f"cannot resume {self.path}: record {first + k + 1} is not the one "
                            "this command writes (resume with the same --variant, --seed, "
                            "bots and deal options)")
        if skip < len(lines) and self.cut_pending:
            if not lines[skip].startswith(self.tail):
                usage_error(f"cannot resume {self.path}: its last line is not the start of "
                            f"record {first + skip + 1} this command writes (resume with the "
                            "same --variant, --seed, bots and deal options)")
            self.file.truncate(self.keep_to)  # the partial last record is written again
            self.cut_pending = False
        if skip < len(lines):
            self.file.write(b"".join(lines[skip:]))

    def commit(self) -> None:
        """The run succeeded: the records replace the target."""
        if self.file is not None:
            self.file.commit()
        self.close()

    def workers_lost(self) -> None:
        """The run's workers failed it midway (a process died, a cluster's workers
        went): the records written so far are kept for ``--resume``, as an
        interrupted run's are."""
        self.lost = True

    def abandon(self, interrupted: bool) -> None:
        """The run failed: the target stays as it was.  ``FILE.partial`` is kept when
        there is something to resume (an interrupted run, one whose workers were lost,
        or one that went on from it)."""
        if self.file is not None:
            keep = (interrupted or self.lost or self.resumed) and self.file.size() > 0
            partial = self.file.partial
            self.file.abandon(keep)
            if keep:
                click.echo(f"euchre simulate: {self.path} is unchanged; the records so far "
                           f"stay in {partial} (the same command with --resume carries on "
                           "from them)", err=True)
        self.close()

    def close(self) -> None:
        if self.device >= 0:
            os.close(self.device)
            self.device = -1


class _Progress:
    """A progress bar on standard error (games done, games/s, ETA), or nothing.

    It moves per game: :meth:`played` is told the games played so far (by this
    process, or by a pool's workers), before their batch is in; :meth:`step`
    when a batch is in (a cluster's runs move only then)."""

    def __init__(self, stack: ExitStack, show: bool, games: int, label: str) -> None:
        self.games = games
        self.shown = 0
        self.bar: Any = None
        if not show:
            return
        started = time.monotonic()

        def rate(_: Any) -> str:
            spent = time.monotonic() - started
            if spent <= 0 or not self.shown:
                return ""
            per = self.shown / spent
            return f"{per:,.0f} games/s" if per >= 10 else f"{per:.2f} games/s"

        self.bar = stack.enter_context(click.progressbar(
            length=games, label=label, file=sys.stderr, show_eta=True, item_show_func=rate))

    def played(self, games: int) -> None:
        """``games`` games played in all so far."""
        games = min(games, self.games)
        if self.bar is not None and games > self.shown:
            step, self.shown = games - self.shown, games
            self.bar.update(step, games)

    def local(self, stack: ExitStack) -> None:
        """Count the games this process plays (the batches played here)."""
        if self.bar is None:
            return
        count = [0]

        def one() -> None:
            count[0] += 1
            self.played(count[0])
        GAME_LISTENERS.append(one)
        stack.callback(GAME_LISTENERS.remove, one)


def play(spec: RunSpec, games: int, mapper: BatchMapper,
         on_batch: Callable[[Batch, int], None]) -> Stats:
    """Run and merge; ``on_batch(batch, first_game)`` for each batch in order."""
    stats = Stats()
    done = 0
    for batch in run(spec, games, mapper):
        on_batch(batch, done)
        stats.merge(batch.stats)
        done += batch.games
    return stats


@contextmanager
def run_errors(rules: RuleSet, which: str = "",
               on_lost: Callable[[], None] | None = None) -> Iterator[None]:
    """Report what a run can raise as errors, never as a traceback; ``which`` names the
    run when a command makes several (``euchre compare``: A or B).  ``on_lost`` is told
    first when the run's workers failed it midway (what they played stays good)."""
    try:
        yield None
    except UnfinishedGame as exc:
        ctx = click.get_current_context(silent=True)
        run = f" (variant {which})" if which else ""
        g = rules.game
        end = f"game.deals is {g.deals}" if g.deals is not None else f"game.target is {g.target}"
        click.echo(f"euchre {ctx.info_name if ctx else 'simulate'}: {exc} of "
                   f"{rules.id}{run}: do its rules let a game end ({end})?", err=True)
        sys.exit(EXIT_INVALID)
    except DealError as exc:
        usage_error(str(exc))
    except (BotError, BotSpecError) as exc:  # a plug-in bot that failed: named, with the seat
        usage_error(str(exc))
    except Exception as exc:
        said = lost_workers(exc)
        if said is None:
            raise
        if on_lost is not None:
            on_lost()
        usage_error(said)


def write_failed(exc: OSError, what: str) -> NoReturn:
    """A write that failed (a full disk, a closed pipe): one clear line, no traceback."""
    try:  # later flushes of standard output must not fail again at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
    click.echo(f"euchre simulate: cannot write {what}: {exc.strerror or exc}", err=True)
    sys.exit(EXIT_USAGE)


@click.command("simulate")
@click.option("--variant", "-v", default="standard", show_default=True,
              help="Shipped variant id (see 'euchre variant list') or a variant file.")
@click.option("--games", "-n", type=click.IntRange(min=1), default=100, show_default=True,
              help="Number of games to play (with --hand, --upcard or --where: hands).")
@click.option("--seed", "-s", type=click.IntRange(min=0), default=0, show_default=True,
              help="Random seed: the same seed gives byte-identical output.")
@bot_options("rule")  # a sane game by default: random play reads as a broken engine
@deal_options
@click.option("--output", "-o", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write the games as ehh/1 JSON Lines to this file ('-' for standard "
                   "output). Without it only the summary is printed.")
@click.option("--resume", is_flag=True,
              help="Continue an interrupted --output file (same options) instead of "
                   "starting it again.")
@click.option("--workers", "-j", type=WORKERS, default=1, show_default=True,
              help="Worker processes; the output is the same for any number.")
@click.option("--scheduler", metavar="ADDRESS",
              help="Play on a Dask cluster (tcp://host:8786); needs Dask: pip install 'dask[distributed]'.")
@click.option("--summary", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Summary format.")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar (default: when standard error is a terminal).")
def simulate_cmd(variant: str, games: int, seed: int, bot: str, bots: str | None,
                 hands: tuple[str, ...], upcard: str | None, dealer: str | None,
                 start_scores: str | None, where: str | None, output: str | None,
                 resume: bool, workers: int, scheduler: str | None, summary: str,
                 progress: bool | None) -> None:
    """Play GAMES seeded games of VARIANT and summarise them.

    \b
    Examples:
      euchre simulate --variant standard --games 1000 --seed 7 -o games.jsonl
      euchre simulate --variant buck -n 200 --workers 2
      euchre simulate -n 5000 --dealer W --where 'trumps(E, upcard) >= 3'
    """
    if output == "":
        usage_error("-o/--output needs a file name ('-' for standard output)")
    check_output(output, "--output")
    rules = resolve_variant(variant)
    ref = variant_reference(variant, rules)
    seats = lineup(rules, bot, bots)
    deal = constraints(rules, hands, upcard, dealer, start_scores, where)
    spec = RunSpec(rules, ref, seed, seats, records=output is not None, constraints=deal)
    show = sys.stderr.isatty() if progress is None else progress
    refuse_writing_over([variant], output, "--output")
    out = Output(output, resume)
    who = bot if bots is None else ",".join(seats)
    try:
        out.check_resume(games)
        with ExitStack() as stack:
            bar = _Progress(stack, show, games, f"simulating {rules.id}")
            mapper = mapper_for(workers, scheduler, stack, bar.played if show else None)
            if mapper is local_batches:
                bar.local(stack)

            def on_batch(batch: Batch, first: int) -> None:
                out.write(batch, first)
                bar.played(first + batch.games)
            with run_errors(rules, on_lost=out.workers_lost):
                stats = play(spec, games, mapper, on_batch)
        out.commit()
    except OSError as exc:
        out.abandon(False)
        write_failed(exc, "standard output" if output == "-" else str(output))
    except OutputError as exc:
        out.abandon(False)
        write_failed(exc.error, str(output) + " (it is unchanged)")
    except BaseException as exc:  # an error already reported, an interruption, a bot's
        out.abandon(isinstance(exc, KeyboardInterrupt))
        raise
    if summary == "json":
        text = json.dumps({"variant": rules.id, "seed": seed, "bots": list(seats),
                           "summary": stats.to_json()}, indent=2)
    else:
        text = f"{rules.name or rules.id} ({rules.id}), seed {seed}, {who} bots\n" \
               f"{stats.summary()}"
    try:
        click.echo(text, err=output == "-")
        (sys.stderr if output == "-" else sys.stdout).flush()
    except OSError as exc:
        write_failed(exc, "the summary")

