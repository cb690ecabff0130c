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
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Iterator

from ..version import __version__
from ..errors import EuchreError
from .runner import Batch, RunSpec, play_batch


class ClusterError(EuchreError):
    """The cluster cannot be used: extra not installed, unreachable, other versions."""


class ProcessPool:
    """Play batches in ``workers`` local processes."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def __call__(self, spec: RunSpec, indices: Iterator[int], limit: int) -> Iterator[Batch]:
        pool = ProcessPoolExecutor(self.workers)
        window: deque[Future[Batch]] = deque()
        try:
            for i in indices:
                window.append(pool.submit(play_batch, spec, i, limit))
                if len(window) >= 2 * self.workers:
                    yield window.popleft().result()
            while window:
                yield window.popleft().result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def _worker_version() -> str:
    return __version__


class DaskCluster:
    """Play batches on the Dask distributed scheduler at ``address``."""

    def __init__(self, address: str, timeout: float = 10.0) -> None:
        try:
            import distributed
        except ImportError:
            raise ClusterError("--scheduler needs Dask: pip install 'euchre-dsl[dask]'") from None
        try:
            # typed Any: distributed's own annotations are partial, and absent without the extra
            dask: Any = distributed
            self.client: Any = dask.Client(address, timeout=timeout)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        versions = set(self.client.run(_worker_version).values())
        if not versions:
            self.close()
            raise ClusterError(f"the Dask scheduler at {address} has no workers")
        if versions != {__version__}:
            self.close()
            raise ClusterError(f"the cluster's workers run euchre-dsl "
                               f"{', '.join(sorted(versions))}, this is {__version__}: "
                               "install the same version on them")
        threads: dict[str, int] = self.client.nthreads()
        self.workers = max(1, sum(threads.values()))

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
