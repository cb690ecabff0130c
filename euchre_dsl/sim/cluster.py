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

from typing import Any, Callable, Iterator

from ..processes import LocalPool
from ..workers import IN_FLIGHT_PER_WORKER, ClusterError, TaskRunner
from .runner import GAME_LISTENERS, Batch, RunSpec, play_batch

__all__ = ["ClusterError", "DaskCluster", "ProcessPool"]

#: How often, in seconds, a process pool reports the games its workers have played.
POLL_SECONDS = 0.25


class ProcessPool:
    """Play batches in ``workers`` local processes.

    With ``on_games``, every worker counts the games it finishes in a slot of its
    own of one shared array, and while a batch is awaited their sum is passed to
    ``on_games`` a few times a second: a progress bar moves per game, not per batch.
    The slots are written without a lock: a worker killed mid-count cannot leave a
    lock held that the parent and the other workers would wait on for ever."""

    def __init__(self, workers: int, on_games: Callable[[int], None] | None = None) -> None:
        self.workers = workers
        self.on_games = on_games

    def __call__(self, spec: RunSpec, indices: Iterator[int], limit: int) -> Iterator[Batch]:
        on_games = self.on_games
        tell: Callable[[], None] | None = None
        initargs: tuple[Any, ...] = ()
        if on_games is not None:
            # imported here: multiprocessing costs a one-process run a tenth of its start-up
            from multiprocessing.sharedctypes import RawArray
            counts: Any = RawArray("q", self.workers)
            initargs = (counts,)

            def tell() -> None:
                on_games(sum(counts))

        with LocalPool(self.workers, _count_games if initargs else None, initargs) as pool:
            for batch in pool.map(play_batch, ((i, limit) for i in indices), (spec,),
                                  IN_FLIGHT_PER_WORKER, tell, POLL_SECONDS):
                if tell is not None:
                    tell()
                yield batch


def _count_games(index: int, counts: Any) -> None:
    """Worker ``index``'s start: count every game it finishes in ``counts[index]``."""
    def count() -> None:
        counts[index] += 1
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
