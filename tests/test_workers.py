"""Tasks run in input order wherever they run: here, in processes, on a Dask cluster;
the tasks are read lazily, a few per worker ahead of the results."""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

import euchre_dsl
from euchre_dsl.workers import IN_FLIGHT_PER_WORKER, ClusterError, TaskRunner


def scaled(factor: int, n: int) -> tuple[int, int]:
    """A task that reports where it ran, so the test sees the work spread."""
    return n * factor, os.getpid()


def test_results_come_in_the_tasks_order_here_and_in_processes() -> None:
    tasks = [(n,) for n in range(25)]
    with TaskRunner() as here:
        assert not here.parallel
        local = [v for v, _ in here.map(scaled, tasks, (3,))]
    with TaskRunner(workers=2) as pool:
        assert pool.parallel
        spread = list(pool.map(scaled, tasks, (3,)))
    assert local == [v for v, _ in spread] == [3 * n for n in range(25)]
    assert os.getpid() not in {pid for _, pid in spread}


def test_tasks_are_read_only_a_few_per_worker_ahead() -> None:
    read: list[int] = []

    def tasks() -> Iterator[tuple[int]]:
        for n in range(40):
            read.append(n)
            yield (n,)

    with TaskRunner(workers=2) as pool:
        results = pool.map(scaled, tasks(), (1,))
        assert next(results)[0] == 0
        assert len(read) <= IN_FLIGHT_PER_WORKER * 2 + 1
        assert [v for v, _ in results] == list(range(1, 40))


def test_a_failing_task_raises_where_its_result_is_reached() -> None:
    with TaskRunner(workers=2) as pool, pytest.raises(TypeError):
        list(pool.map(scaled, [(1,), ("x", "y")], (2,)))


def test_workers_must_be_at_least_one() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        TaskRunner(workers=0)


def test_a_scheduler_that_does_not_answer_is_a_cluster_error() -> None:
    pytest.importorskip("distributed")
    with pytest.raises(ClusterError, match="Dask scheduler at tcp://127.0.0.1:9"):
        TaskRunner(scheduler="tcp://127.0.0.1:9", timeout=2)


@contextmanager
def local_cluster(workers: int, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A Dask ``LocalCluster`` of ``workers`` single-threaded processes on 127.0.0.1
    whose workers import the same euchre_dsl (source or installed) as the tests."""
    distributed = pytest.importorskip("distributed")
    root = str(Path(euchre_dsl.__file__).resolve().parents[1])
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        p for p in (root, os.environ.get("PYTHONPATH")) if p))
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None,
                                  local_directory=str(folder)) as cluster:
        yield cluster


def test_a_failed_connection_leaves_no_client_to_be_collected_later() -> None:
    """A half-made Client left to the garbage collector is finalised at some later
    moment, in whatever thread allocates then; its finaliser takes distributed's one
    lock of its event loops, and a thread starting a loop under that lock deadlocked
    (a later LocalCluster in the test suite waited for ever).  The connection's
    attempt finalises what it left before it ends."""
    distributed = pytest.importorskip("distributed")
    import gc
    import threading

    with pytest.raises(ClusterError, match="Dask scheduler at tcp://127.0.0.1:9"):
        TaskRunner(scheduler="tcp://127.0.0.1:9", timeout=5)
    for thread in threading.enumerate():
        if thread.name == "euchre-dask-connect":
            thread.join(30)
    assert [o for o in gc.get_objects() if isinstance(o, distributed.Client)] == []


def test_a_local_dask_cluster_gives_the_same_results_in_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with local_cluster(2, tmp_path, monkeypatch) as cluster:
        with TaskRunner(scheduler=cluster.scheduler_address) as runner:
            assert runner.workers == 2 and runner.parallel
            first = list(runner.map(pow, [(2, n) for n in range(30)]))
            again = list(runner.map(divmod, [(n, 7) for n in range(30)], ()))
    assert first == [2 ** n for n in range(30)]
    assert again == [divmod(n, 7) for n in range(30)]


def test_a_cluster_whose_workers_are_gone_is_a_cluster_error_not_a_hang(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with local_cluster(1, tmp_path, monkeypatch) as cluster:
        with TaskRunner(scheduler=cluster.scheduler_address, no_workers_limit=1) as runner:
            results = runner.map(time.sleep, [(0.2,)] * 50)
            assert next(results) is None  # the worker ran the first task
            cluster.scale(0)
            started = time.monotonic()
            with pytest.raises(ClusterError, match=r"has had no workers for 1 s, so the run's "
                                                   r"tasks cannot run: start workers"):
                list(results)
            assert time.monotonic() - started < 30  # said within seconds, not waited on
