"""Independent tasks run in input order: here, in worker processes, or on a Dask cluster.

``euchre analyze`` (a task per game) and ``euchre event simulate`` (a task per
table) split their work into tasks whose results do not depend on where or when they run.  A
:class:`TaskRunner` hands the results back in the order the tasks were given, so a
command's output is byte-identical with one process, ``--workers N`` or
``--scheduler ADDRESS``.  Only a few tasks per worker are in flight at a time: the
tasks are read lazily and so are the results.

The cluster needs the optional extra ``dask`` (``distributed``), and its workers
must have the same euchre-dsl installed: a worker without it, or with another
version (which could give other answers), is refused before any work is sent.
"""

from __future__ import annotations

import gc
import threading
import time
from collections import deque
from typing import Any, Callable, Iterable, Iterator, TypeVar

from .errors import EuchreError, install_hint
from .processes import LocalPool
from .version import __version__

R = TypeVar("R")

#: Tasks in flight per worker: enough to keep each busy while the client reads the
#: next results, few enough that memory does not grow with the input.
IN_FLIGHT_PER_WORKER = 2
#: Seconds a cluster may have no workers at all while a run waits for a result,
#: before the run is given up: long enough for a nanny or an autoscaler to bring
#: workers back, short enough that a cluster whose workers are gone is said, not
#: waited on for ever (its tasks would sit on the scheduler with nowhere to run).
NO_WORKERS_LIMIT = 30.0
#: How often, in seconds, a wait for a cluster's result looks at its workers.
NO_WORKERS_POLL = 1.0


class ClusterError(EuchreError):
    """The cluster cannot be used: extra not installed, unreachable, wrong workers."""


def _worker_version() -> str:
    """Run on each Dask worker: the euchre-dsl version it has."""
    return __version__


def _connect(dask: Any, address: str, timeout: float) -> tuple[Any, int]:
    """A client of the scheduler at ``address`` and its worker threads, once every
    worker is known to run this version (``dask``: the ``distributed`` module,
    typed Any: its annotations are partial, and absent without the extra)."""
    client = dask.Client(address, timeout=timeout)
    try:
        versions = set(client.run(_worker_version).values())
    except ImportError as exc:  # the function's module cannot be loaded on a worker
        client.close()
        raise ClusterError(f"a worker of the Dask scheduler at {address} cannot import "
                           f"euchre-dsl ({exc}): install euchre-dsl {__version__} on every "
                           "worker") from None
    if not versions:
        client.close()
        raise ClusterError(f"the Dask scheduler at {address} has no workers")
    if versions != {__version__}:
        client.close()
        raise ClusterError(f"the cluster's workers run euchre-dsl "
                           f"{', '.join(sorted(versions))}, this is {__version__}: "
                           "install the same version on them")
    threads: dict[str, int] = client.nthreads()
    return client, max(1, sum(threads.values()))


def connect(address: str, timeout: float = 10.0) -> tuple[Any, int]:
    """A Dask client of the scheduler at ``address`` and the worker threads it has.

    Connecting -- reaching the scheduler, the handshake, asking the workers'
    versions and threads -- must be done within ``timeout`` seconds, or the
    cluster is given up with a :class:`ClusterError`.  ``distributed``'s own
    timeout covers only reaching the address: a server that accepts the
    connection and never answers would hold its handshake for ever, and one
    that answers with other bytes makes it raise whatever those bytes lead to
    (a 3 EiB allocation for ``HTTP/1.1``).  So the whole of it runs in a
    thread that is waited for at most ``timeout``, and anything it raises is
    said as the address not answering as a Dask scheduler.
    """
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"--scheduler needs Dask: {install_hint('dask')}") from None
    outcome: list[tuple[Any, int] | str] = []

    def attempt() -> None:
        try:
            outcome.append(_connect(distributed, address, timeout))
        except Exception as exc:  # noqa: BLE001 - said below, whatever a stranger's bytes raise
            outcome.append(_failure_words(exc, address))
        else:
            return
        # The failure is kept as words only, and what the attempt left is finalised here
        # and now: a half-made Client held by the exception's traceback would otherwise
        # be collected at some later moment, in any thread -- and a Client's finaliser
        # takes distributed's one lock of its event loops, which deadlocks a thread that
        # is starting a loop under that lock when the collection runs (a later
        # LocalCluster or Client then waits for ever).
        gc.collect()

    connecting = threading.Thread(target=attempt, name="euchre-dask-connect", daemon=True)
    connecting.start()
    connecting.join(timeout)
    if not outcome:
        raise ClusterError(f"the Dask scheduler at {address} did not answer within "
                           f"{timeout:g} s (is a Dask scheduler listening there?)")
    result = outcome[0]
    if isinstance(result, str):
        raise ClusterError(result)
    return result


def _failure_words(exc: Exception, address: str) -> str:
    """What :func:`connect` says of an attempt that raised ``exc``."""
    if isinstance(exc, ClusterError):
        return str(exc)
    if isinstance(exc, (OSError, TimeoutError)):
        return f"cannot reach the Dask scheduler at {address}: {exc}"
    return f"{address} does not answer as a Dask scheduler ({type(exc).__name__}: {exc})"


class TaskRunner:
    """Where a command's tasks run: this process (``workers=1``), ``workers``
    local processes, or the Dask scheduler at ``scheduler`` (its worker threads).

    Use it as a context manager, or call :meth:`close`; :meth:`map` may be called
    any number of times in between.

    >>> with TaskRunner() as runner:
    ...     list(runner.map(pow, [(2, 3), (3, 2)]))
    [8, 9]
    """

    def __init__(self, workers: int = 1, scheduler: str | None = None,
                 timeout: float = 10.0, no_workers_limit: float = NO_WORKERS_LIMIT) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self.scheduler = scheduler
        #: seconds without a worker on the cluster before a wait gives up
        self.no_workers_limit = no_workers_limit
        self.client: Any = None
        self.pool: LocalPool | None = None
        if scheduler:
            self.client, self.workers = connect(scheduler, timeout)
        else:
            self.workers = workers
            if workers > 1:
                self.pool = LocalPool(workers)

    @property
    def parallel(self) -> bool:
        """Whether tasks run anywhere but in this process."""
        return self.client is not None or self.pool is not None

    def map(self, fn: Callable[..., R], tasks: Iterable[tuple[Any, ...]],
            shared: tuple[Any, ...] = ()) -> Iterator[R]:
        """``fn(*shared, *task)`` for each task, the results in the tasks' order.

        ``fn`` must be a module-level function (it is sent to other processes by
        name); ``shared`` (every task's first arguments: options, a rule set) is
        sent once per run to each worker process or to the cluster.  An exception
        raised by a task is raised here, when its result is reached; the tasks still
        in flight are cancelled.  A local worker process that dies raises
        :class:`~euchre_dsl.processes.WorkerDied`.
        """
        if self.pool is not None:
            yield from self.pool.map(fn, tasks, shared, IN_FLIGHT_PER_WORKER)
            return
        if self.client is None:
            for task in tasks:
                yield fn(*shared, *task)
            return
        # a fresh key per run (hash=False): with the content hash, a second run of the
        # same arguments re-scatters under the key the first run's release is still
        # forgetting, and its tasks are cancelled for "lost dependencies"
        client = self.client
        if shared:
            shared = tuple(client.scatter(list(shared), broadcast=True, hash=False))
        window: deque[Any] = deque()
        try:
            for task in tasks:
                window.append(client.submit(fn, *shared, *task, pure=False))
                if len(window) >= IN_FLIGHT_PER_WORKER * self.workers:
                    yield self._cluster_result(window.popleft())
            while window:
                yield self._cluster_result(window.popleft())
        finally:
            for future in window:
                future.cancel()

    def _cluster_result(self, future: Any) -> Any:
        """A cluster task's result, waited for while the cluster has workers.

        A Dask scheduler left without workers keeps the tasks for ever: the wait
        looks at the workers every :data:`NO_WORKERS_POLL` seconds and, once there
        have been none for :attr:`no_workers_limit` seconds, gives the run up with
        a :class:`ClusterError` that says so."""
        client = self.client
        gone_since: float | None = None
        while True:
            try:
                return future.result(timeout=NO_WORKERS_POLL)
            except TimeoutError:
                if future.done():  # the task itself raised it: the caller's to see
                    raise
            if client.nthreads():
                gone_since = None
                continue
            now = time.monotonic()
            if gone_since is None:
                gone_since = now
            elif now - gone_since >= self.no_workers_limit:
                raise ClusterError(
                    f"the Dask scheduler at {self.scheduler} has had no workers for "
                    f"{self.no_workers_limit:g} s, so the run's tasks cannot run: start "
                    "workers (dask worker ADDRESS) and run the command again")

    def everywhere(self, fn: Callable[..., R], *args: Any) -> list[R]:
        """``fn(*args)`` on every worker of the cluster, or once here for processes on
        this machine (which see what it sees): what each place sees (its files)."""
        if self.client is None:
            return [fn(*args)]
        return list(self.client.run(fn, *args).values())

    def close(self) -> None:
        """Stop the local processes, or leave the cluster (its workers keep running)."""
        if self.pool is not None:
            self.pool.close()
            self.pool = None
        if self.client is not None:
            self.client.close()
            self.client = None

    def __enter__(self) -> TaskRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
