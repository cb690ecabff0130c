"""The local worker pool: results in the tasks' order, a task's error raised where its
result is reached, and a worker that dies -- idle, mid-task, or mid-way through sending a
large result -- said at once as :class:`WorkerDied`, never waited on for ever."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from euchre_dsl.processes import LocalPool, WorkerDied


def scaled(factor: int, n: int) -> tuple[int, int]:
    """A task that says where it ran."""
    return n * factor, os.getpid()


def started_by(index: int, folder: str) -> None:
    """An initializer: leaves a file naming the worker's index and process."""
    Path(folder, f"worker-{index}").write_text(str(os.getpid()))


def big_after(path: str, delay: float, size: int) -> bytes:
    """A slow task with a large result: writes its process id to ``path`` first."""
    Path(path).write_text(str(os.getpid()))
    time.sleep(delay)
    return b"x" * size


class Unpicklable(Exception):
    """An exception that cannot be pickled whatever reducers are installed: it holds a
    lock.  (One merely not rebuildable from its arguments travels once a library --
    distributed's tblib -- registers a reducer for every exception class.)"""

    def __init__(self, a: int, b: int) -> None:
        super().__init__(f"{a} and {b}")
        self.lock = threading.Lock()


def raise_unpicklable() -> None:
    raise Unpicklable(1, 2)


def exits() -> None:
    os._exit(3)


def test_results_come_in_order_from_several_workers_over_several_maps() -> None:
    with LocalPool(2) as pool:
        first = list(pool.map(scaled, [(n,) for n in range(30)], (3,)))
        second = list(pool.map(scaled, [(n,) for n in range(5)], (-1,)))
    assert [v for v, _ in first] == [3 * n for n in range(30)]
    assert [v for v, _ in second] == [-n for n in range(5)]
    pids = {pid for _, pid in first}
    assert len(pids) == 2 and os.getpid() not in pids


def test_tasks_are_read_lazily_a_few_per_worker_ahead() -> None:
    read: list[int] = []

    def tasks() -> Iterator[tuple[int]]:
        for n in range(20):
            read.append(n)
            yield (n,)

    with LocalPool(2) as pool:
        results = pool.map(scaled, tasks(), (1,), in_flight_per_worker=2)
        assert next(results)[0] == 0
        assert len(read) <= 2 * 2 + 1
        assert [v for v, _ in results] == list(range(1, 20))


def test_the_initializer_runs_once_in_each_worker_with_its_index(tmp_path: Path) -> None:
    with LocalPool(2, started_by, (str(tmp_path),)) as pool:
        pids = {pid for _, pid in pool.map(scaled, [(n,) for n in range(10)], (1,))}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["worker-0", "worker-1"]
    assert {int(p.read_text()) for p in tmp_path.iterdir()} == pids


def test_a_task_error_is_raised_where_reached_and_the_pool_goes_on() -> None:
    with LocalPool(2) as pool:
        results = pool.map(scaled, [(1,), ("x", "y"), (3,)], (2,))
        assert next(results)[0] == 2
        with pytest.raises(TypeError) as caught:
            next(results)
        assert any("worker process" in note for note in caught.value.__notes__)
        assert [v for v, _ in pool.map(scaled, [(4,)], (2,))] == [8]


def test_an_exception_that_cannot_travel_arrives_as_its_words() -> None:
    with LocalPool(1) as pool, pytest.raises(RuntimeError, match="Unpicklable: 1 and 2"):
        list(pool.map(raise_unpicklable, [()]))


def test_a_worker_that_exits_mid_task_is_worker_died() -> None:
    with LocalPool(2) as pool, pytest.raises(WorkerDied, match="exit status 3"):
        list(pool.map(exits, [()]))


def test_a_worker_killed_while_idle_is_worker_died_then_the_pool_restarts() -> None:
    with LocalPool(2) as pool:
        pids = {pid for _, pid in pool.map(scaled, [(n,) for n in range(6)], (1,))}
        os.kill(min(pids), signal.SIGKILL)
        with pytest.raises(WorkerDied, match="SIGKILL"):
            list(pool.map(scaled, [(n,) for n in range(6)], (1,)))
        again = list(pool.map(scaled, [(n,) for n in range(6)], (1,)))
    assert [v for v, _ in again] == list(range(6)) and not {pid for _, pid in again} & pids


def test_a_worker_killed_while_sending_a_large_result_is_said_not_waited_on(
        tmp_path: Path) -> None:
    """The regression behind this module: a worker killed part-way through writing a
    result of megabytes.  concurrent.futures' pool waited for the rest of that message
    for ever; here the parent reads end of file and raises within a poll."""
    where = tmp_path / "pid"
    size = 64 << 20
    waits: list[float] = []

    def kill_mid_send() -> None:
        waits.append(time.monotonic())
        if len(waits) == 1:
            # called 0.1 s in, before the task's result: the parent reads nothing for a
            # second, so the worker blocks part-way through writing its 64 MiB
            time.sleep(1.0)
            os.kill(int(where.read_text()), signal.SIGKILL)

    with LocalPool(2) as pool:
        start = time.monotonic()
        with pytest.raises(WorkerDied, match="SIGKILL"):
            list(pool.map(big_after, [(str(where), 0.3, size)], on_wait=kill_mid_send,
                          poll=0.1))
        assert time.monotonic() - start < 20
        assert [v for v, _ in pool.map(scaled, [(2,)], (1,))] == [2]


def test_stopping_early_stops_the_tasks_in_flight(tmp_path: Path) -> None:
    with LocalPool(2) as pool:
        results = pool.map(scaled, [(n,) for n in range(100)], (1,))
        assert next(results)[0] == 0
        results.close()
        assert [v for v, _ in pool.map(scaled, [(7,)], (1,))] == [7]


def test_closing_stops_workers_busy_with_long_tasks() -> None:
    pool = LocalPool(2)
    results = pool.map(time.sleep, [(0,), (60,), (60,)])
    assert next(results) is None  # the two long tasks are running now
    start = time.monotonic()
    pool.close()
    assert time.monotonic() - start < 10
    results.close()


def test_workers_must_be_at_least_one() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        LocalPool(0)
