"""Helpers shared by the commands: opening inputs, variant arguments and error output.

Every command reports problems the same way (``file:line:col: error[code]:
message`` on standard error) and exits 0 (fine), 1 (the input has errors) or
2 (usage error, unknown name, unreadable file).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from abc import ABC, abstractmethod
from contextlib import contextmanager
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, NoReturn

import click

from euchre_dsl.errors import EuchreError, Location, Problem
from euchre_dsl.io_safety import STDOUT_NAME, GuardedWriter, OutputError, atomic_output
from euchre_dsl.limits import MAX_WORKERS
from euchre_dsl.processes import WorkerDied
from euchre_dsl.records.inputs import AUTO, STDIN, input_name
from euchre_dsl.rules.registry import load_variant, shipped_ids
from euchre_dsl.rules.ruleset import RuleSet
from euchre_dsl.workers import ClusterError, TaskRunner

if TYPE_CHECKING:  # loaded by the commands that read records (see records.inputs)
    from euchre_dsl.records.reader import Item, Prove

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


#: ``--variant-dir DIR``: the folders, besides a record's own, whose variant files
#: records may name (SECURITY.md: a record is untrusted input).
variant_dir_option = click.option(
    "--variant-dir", "variant_dirs", multiple=True, metavar="DIR",
    type=click.Path(exists=True, file_okay=False),
    help="Also let records name variant files under DIR (besides shipped ids and files in "
         "the record's own folder); may be given more than once.")


#: ``--workers N``: local processes, 1 to :data:`~euchre_dsl.limits.MAX_WORKERS`.
WORKERS = click.IntRange(min=1, max=MAX_WORKERS)


def plural(n: int, word: str) -> str:
    """``1 record``, ``2 records``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def fail(problems: list[Problem], code: int) -> NoReturn:
    """Print located problems to standard error and exit with ``code``."""
    for p in problems:
        click.echo(p.format(), err=True)
    sys.exit(code)


def open_input(command: str, path: str, form: str = AUTO) -> Iterator[Item]:
    """The records of one input (a file or ``-``, see
    :func:`~euchre_dsl.records.reader.open_records`), for a command that needs it:
    a file of an unknown kind is a usage error, an unreadable one exits 2."""
    from euchre_dsl.records.reader import InputError, open_records  # here: see records.inputs

    try:
        return open_records(path, form)
    except InputError as exc:
        if not exc.unreadable:
            raise click.UsageError(str(exc)) from None
        click.echo(f"euchre {command}: {exc}", err=True)
        sys.exit(EXIT_USAGE)


def try_input(command: str, path: str, form: str = AUTO,
              prove: Prove | None = None) -> Iterator[Item] | None:
    """:func:`open_input` for a command that goes on with its other inputs: ``None``
    after saying on standard error why this one cannot be read.  ``prove`` is the
    validator's (see :mod:`euchre_dsl.records.reader`)."""
    from euchre_dsl.records.reader import InputError, open_records  # here: see records.inputs

    try:
        return open_records(path, form, prove)
    except InputError as exc:
        click.echo(f"euchre {command}: {exc}", err=True)
        return None


def resolve_variant(name: str, place: str = "--variant",
                    fail_with: Callable[[list[Problem], int], NoReturn] = fail) -> RuleSet:
    """A variant argument: a shipped id or a variant file.  A name that is neither is a
    usage error (exit 2) located at ``place`` (the option, or the name itself); a file
    with errors, an unknown parent inside it included, exits 1 as validate says.
    ``fail_with`` prints and exits (the ``variant`` commands print source excerpts)."""
    try:
        return load_variant(name)
    except EuchreError as exc:
        usage = all(p.code == "unknown-variant" and p.location.file is None
                    for p in exc.problems)
        for p in exc.problems:
            if p.location.file is None:
                p.location = Location(place)
        fail_with(exc.problems, EXIT_USAGE if usage else EXIT_INVALID)


def variant_reference(name: str, rules: RuleSet) -> str | dict[str, object]:
    """How a record names its variant: the id for a shipped one, else the full rules inline.

    Inline rules keep a simulated file self-contained when the variant file it
    came from is moved or edited.
    """
    if name in shipped_ids():
        return name
    return rules.to_dict()


@contextmanager
def open_output(target: str, command: str) -> Iterator[GuardedWriter]:
    """Where a command writes its output: ``-`` is standard output, any other
    ``target`` a file written atomically (:func:`~euchre_dsl.io_safety.atomic_output`:
    replaced only when the command gets to the end of the ``with`` block).

    A failure to write (a full disk, a missing folder) ends the command with a
    clear message and exit status 2; a file target is then left unchanged.
    """
    try:
        if target == "-":
            out = GuardedWriter(sys.stdout, STDOUT_NAME)
            yield out
            out.flush()
        else:
            with atomic_output(target) as f:
                yield f
    except OutputError as exc:
        in_place = target == "-" or (os.path.exists(target) and not os.path.isfile(target))
        kept = "" if in_place else f" ({target} is unchanged)"
        output_failed(f"euchre {command}: {exc}{kept}")


def same_file(source: str, target: str) -> bool:
    """Is ``target`` (an output) the very file ``source`` (an input) is, standard input
    redirected from it included?"""
    if target == STDIN or not os.path.exists(target):
        return False
    try:
        if source == STDIN:
            return os.path.samestat(os.fstat(sys.stdin.fileno()), os.stat(target))
        return os.path.exists(source) and os.path.samefile(source, target)
    except (OSError, ValueError):  # no real file behind stdin (a pipe, a test's buffer)
        return False


def check_output(target: str | None, option: str, *, folder: bool = False,
                 what: str | None = None) -> None:
    """The one rule for every output a command writes, checked before any work: it goes
    into a folder that exists (a missing one is never created: a slip of the name would
    build a tree anywhere, even at the filesystem's root) and is of the right kind -- a
    file where a file is written, a folder (``folder``) where files are written into it,
    which is created if it is missing.  A usage error (exit 2) names the folder and
    how to fix it; ``-`` (standard output) and ``None`` (no output) pass.  ``what``
    says what the target is when it is not the option's value itself (the replay pages'
    folder beside an ``--html`` report)."""
    if target is None or target == "-":
        return
    name = target if what is None else f"{target} ({what})"
    real = os.path.realpath(target)
    if folder:
        if os.path.exists(real) and not os.path.isdir(real):
            raise click.BadParameter(f"{name} exists and is not a folder: remove it or choose "
                                     "another name", param_hint=option)
    elif os.path.isdir(real):
        raise click.BadParameter(f"{name} is a folder: give the name of a file in it",
                                 param_hint=option)
    parent = os.path.dirname(target.rstrip(os.sep) or target)
    real_parent = os.path.dirname(real) or "."
    if not os.path.exists(real_parent):
        raise click.BadParameter(f"the folder {parent} does not exist: create it first "
                                 f"(mkdir -p {parent}) or write somewhere else",
                                 param_hint=option)
    if not os.path.isdir(real_parent):
        raise click.BadParameter(f"{parent} is not a folder, so {name} cannot be written in "
                                 "it", param_hint=option)
    if not os.access(real_parent, os.W_OK | os.X_OK):
        raise click.BadParameter(f"the folder {parent or '.'} is not writable: write somewhere "
                                 "else", param_hint=option)


def refuse_writing_over(inputs: Iterable[str], target: str | None, option: str) -> None:
    """A usage error (exit 2) when the output ``target`` is one of the ``inputs``: it
    would replace a file the command reads (issue 27, finding 22)."""
    if target is None:
        return
    for source in inputs:
        if same_file(source, target):
            raise click.BadParameter(
                f"{target} is also an input ({input_name(source)}): the output would replace "
                "it; write to another file", param_hint=option)


def output_failed(message: str) -> NoReturn:
    """Say that the output could not be written and exit 2, with nothing more
    to flush to standard output (a full ``/dev/full`` would fail again at exit)."""
    click.echo(message, err=True)
    silence_stdout()
    sys.exit(EXIT_USAGE)


def silence_stdout() -> None:
    """Point standard output at the null device: what is still buffered for a
    stdout that failed (or whose reader left) is dropped quietly at exit."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real file behind stdout (a test runner's buffer)
        pass


def runner_options(what: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """``--workers N`` and ``--scheduler ADDRESS``: where a command's tasks (``what``:
    games, tables, files and chunks) run; the output is the same wherever they run."""
    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        command = click.option(
            "--scheduler", metavar="ADDRESS",
            help=f"Run the {what} on the Dask cluster at ADDRESS (tcp://host:8786); needs "
                 "the dask extra on this machine and euchre-dsl on every worker. The "
                 "output is the same as on one machine.")(command)
        return click.option(
            "--workers", "-j", type=WORKERS, default=1, show_default=True,
            help=f"Run the {what} in this many processes on this machine; the output is "
                 "the same for any number.")(command)
    return decorate


@contextmanager
def task_runner(command: str, workers: int, scheduler: str | None) -> Iterator[TaskRunner]:
    """The :class:`~euchre_dsl.workers.TaskRunner` of ``--workers``/``--scheduler``;
    a cluster that cannot be used, or workers lost on the way, end the command with
    one clear line (exit 2), never a traceback (a file being written is left as it
    was: the commands write through :func:`open_output`)."""
    try:
        runner = TaskRunner(workers, scheduler)
    except ClusterError as exc:
        click.echo(f"euchre {command}: {exc}", err=True)
        sys.exit(EXIT_USAGE)
    try:
        with runner:
            yield runner
    except Exception as exc:
        said = lost_workers(exc)
        if said is None:
            raise
        click.echo(f"euchre {command}: {said}; an output file is left as it was", err=True)
        sys.exit(EXIT_USAGE)


def lost_workers(exc: BaseException) -> str | None:
    """What to say of a run whose workers failed it midway: a local worker process that
    died, a cluster's workers all gone (:class:`~euchre_dsl.workers.ClusterError`) or
    an error of Dask's own (a worker killed while it ran a task); ``None`` for any
    other exception."""
    if isinstance(exc, WorkerDied):
        return "a worker process died (out of memory?)"
    if isinstance(exc, ClusterError):
        return str(exc)
    if type(exc).__module__.startswith("distributed"):
        return f"the cluster failed ({type(exc).__name__}: {exc})"
    return None


def clock(seconds: float) -> str:
    """A duration as a clock reads it: ``0:45``, ``12:03``, ``1:02:03``."""
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else \
        f"{s // 60}:{s % 60:02d}"


class ProgressLine(ABC):
    """One line of progress on standard error, redrawn twice a second by a thread of
    its own while a long command works (a slow game or chunk never leaves it quiet);
    a command's subclass says what the line reads (:meth:`draw`)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.start = time.monotonic()
        self._drawn = False
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._ticker: threading.Thread | None = None
        if enabled:
            self._ticker = threading.Thread(target=self._tick, daemon=True)
            self._ticker.start()

    def _tick(self) -> None:
        while not self._stop.wait(0.5):
            self.draw()

    @abstractmethod
    def draw(self) -> None:
        """Redraw the line now (the ticker's call)."""

    def _show(self, text: str) -> None:
        """Write ``text`` over the line (the caller holds the lock)."""
        click.echo(f"\r\033[K{text}", err=True, nl=False)
        self._drawn = True

    def _wipe(self) -> None:
        """Wipe the line if it is drawn (the caller holds the lock)."""
        if self._drawn:
            click.echo("\r\033[K", err=True, nl=False)
            self._drawn = False

    def _stop_ticker(self) -> None:
        self._stop.set()
        if self._ticker is not None:
            self._ticker.join()
