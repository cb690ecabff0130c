"""Where a run's batches are played: worker processes, or a Dask cluster.

Both run :func:`~euchre_dsl.sim.runner.play_batch` on the same batch indices a
single process would play and hand the results back in index order, so the
output is byte-identical to a one-process run for the same seed.  A few
batches per worker are kept in flight; when the run has what it needs, the
rest are cancelled.

The cluster needs the optional extra ``euchre-dsl[dask]`` (``distributed``),
and its workers must have the same euchre-dsl installed (checked: a worker
with another version would play other games).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Iterator

from ..workers import ClusterError, TaskRunner
from .runner import GAME_LISTENERS, Batch, RunSpec, play_batch

if TYPE_CHECKING:  # concurrent.futures (and logging) load when a pool is made
    from concurrent.futures import Future

__all__ = ["ClusterError", "DaskCluster", "ProcessPool"]


class ProcessPool:
    """Play batches in ``workers`` local processes.

    With ``on_games``, every worker counts the games it finishes into one shared
    counter, and while a batch is awaited the counter is passed to ``on_games``
    a few times a second: a progress bar moves per game, not per batch."""

    def __init__(self, workers: int, on_games: Callable[[int], None] | None = None) -> None:
        self.workers = workers
        self.on_games = on_games

    def __call__(self, spec: RunSpec, indices: Iterator[int], limit: int) -> Iterator[Batch]:
        # imported here: multiprocessing and the process pool cost a one-process run
        # a tenth of its start-up
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

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


class DaskCluster:
    """Play batches on the Dask distributed scheduler at ``address``, through a
    :class:`~euchre_dsl.workers.TaskRunner` (connected within ``timeout`` seconds,
    every worker found running this version)."""

    def __init__(self, address: str, timeout: float = 10.0) -> None:
        self.runner = TaskRunner(scheduler=address, timeout=timeout)
        self.workers = self.runner.workers

    def close(self) -> None:
        self.runner.close()

    def __call__(self, spec: RunSpec, indices: Iterator[int], limit: int) -> Iterator[Batch]:
        return self.runner.map(play_batch, ((i, limit) for i in indices), (spec,))
