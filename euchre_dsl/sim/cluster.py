"""Where a run's batches are played: worker processes, or a Dask cluster.

Both run :func:`~euchre_dsl.sim.runner.play_batch` on the same batch indices a
single process would play and hand the results back in index order, so the
output is byte-identical to a one-process run for the same seed.  A few
batches per worker are kept in flight; when the run has what it needs, the
rest are cancelled.

The cluster needs the optional extra ``dask`` (``distributed``),
and its workers must have the same euchre-dsl installed (checked: a worker
with another version would play other games).
"""

from __future__ import annotations

import multiprocessing
import threading
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Callable, Iterator

from ..version import __version__
from ..errors import EuchreError, install_hint
from .runner import GAME_LISTENERS, Batch, RunSpec, play_batch


class ClusterError(EuchreError):
    """The cluster cannot be used: extra not installed, unreachable, other versions."""


class ProcessPool:
    """Play batches in ``workers`` local processes.

    With ``on_games``, every worker counts the games it finishes into one shared
    counter, and while a batch is awaited the counter is passed to ``on_games``
    a few times a second: a progress bar moves per game, not per batch."""

    def __init__(self, workers: int, on_games: Callable[[int], None] | None = None) -> None:
        self.workers = workers
        self.on_games = on_games

    def __call__(self, spec: RunSpec, indices: Iterator[int], limit: int) -> Iterator[Batch]:
        counter: Any = None
        if self.on_games is not None:
            counter = multiprocessing.get_context().Value("q", 0)
            pool = ProcessPoolExecutor(self.workers, initializer=_count_games,
                                       initargs=(counter,))
        else:
            pool = ProcessPoolExecutor(self.workers)
        window: deque[Future[Batch]] = deque()
        try:
            for i in indices:
                window.append(pool.submit(play_batch, spec, i, limit))
                if len(window) >= 2 * self.workers:
                    yield self._wait(window.popleft(), counter)
            while window:
                yield self._wait(window.popleft(), counter)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def _wait(self, future: Future[Batch], counter: Any) -> Batch:
        """The batch of ``future``, telling ``on_games`` the games played meanwhile."""
        if counter is None or self.on_games is None:
            return future.result()
        while True:
            try:
                batch = future.result(timeout=POLL_SECONDS)
            except TimeoutError:
                self.on_games(counter.value)
                continue
            self.on_games(counter.value)
            return batch


#: How often a process pool reports the games its workers have played.
POLL_SECONDS = 0.25


def _count_games(counter: Any) -> None:
    """A worker's start: count every game it finishes into ``counter`` (shared)."""
    def count() -> None:
        with counter.get_lock():
            counter.value += 1
    GAME_LISTENERS.append(count)


def _worker_version() -> str:
    return __version__


def _connect(dask: Any, address: str, timeout: float) -> tuple[Any, int]:
    """A client of the scheduler at ``address`` and its worker threads, once every
    worker is known to run this version (``dask``: the ``distributed`` module,
    typed Any: its annotations are partial, and absent without the extra)."""
    client = dask.Client(address, timeout=timeout)
    versions = set(client.run(_worker_version).values())
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


class DaskCluster:
    """Play batches on the Dask distributed scheduler at ``address``.

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

    def __init__(self, address: str, timeout: float = 10.0) -> None:
        try:
            import distributed
        except ImportError:
            raise ClusterError(f"--scheduler needs Dask: {install_hint('dask')}") from None
        outcome: list[tuple[Any, int] | Exception] = []

        def attempt() -> None:
            try:
                outcome.append(_connect(distributed, address, timeout))
            except Exception as exc:  # noqa: BLE001 - said below, whatever a stranger's bytes raise
                outcome.append(exc)

        connecting = threading.Thread(target=attempt, name="euchre-dask-connect", daemon=True)
        connecting.start()
        connecting.join(timeout)
        if not outcome:
            raise ClusterError(f"the Dask scheduler at {address} did not answer within "
                               f"{timeout:g} s (is a Dask scheduler listening there?)")
        result = outcome[0]
        if isinstance(result, ClusterError):
            raise result
        if isinstance(result, (OSError, TimeoutError)):
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: {result}")
        if isinstance(result, Exception):
            raise ClusterError(f"{address} does not answer as a Dask scheduler "
                               f"({type(result).__name__}: {result})")
        self.client, self.workers = result

    def close(self) -> None:
        self.client.close()

    def __call__(self, spec: RunSpec, indices: Iterator[int], limit: int) -> Iterator[Batch]:
        # a fresh key per run (hash=False): with the content hash, a second run of the
        # same spec re-scatters under the key the first run's release is still
        # forgetting, and its batches are cancelled for "lost dependencies"
        [spec_future] = self.client.scatter([spec], broadcast=True, hash=False)
        window: deque[Any] = deque()
        try:
            for i in indices:
                window.append(self.client.submit(play_batch, spec_future, i, limit, pure=False))
                if len(window) >= 2 * self.workers:
                    yield window.popleft().result()
            while window:
                yield window.popleft().result()
        finally:
            for future in window:
                future.cancel()
