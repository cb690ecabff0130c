"""Local worker processes that say at once when one of them dies: the pool behind ``--workers``.

Why not :class:`concurrent.futures.ProcessPoolExecutor`: its workers share one
result queue, and a worker killed (by the kernel, out of memory) while it writes a
large result leaves half a message in that queue.  The executor's reader then waits
for the rest for ever -- the other workers hold the queue's write end open, so no
end of file ever comes -- and the command hangs instead of saying what happened.

Here every worker has a pipe of its own.  A worker that dies closes its end: the
parent reads end of file (or sees the process's sentinel) and raises
:class:`WorkerDied` within one poll.  Results come back in the order the tasks were
given, whichever worker ran them, so output never depends on the number of workers.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, TypeVar

from .errors import EuchreError

if TYPE_CHECKING:  # these load when a pool starts: a one-process run need not (pickle
    # alone is a twentieth of a one-game command's start-up)
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

R = TypeVar("R")

#: Seconds a closing pool waits for an idle worker to leave before it is terminated.
CLOSE_GRACE = 2.0

_TASK, _JOB, _STOP = 0, 1, 2


class WorkerDied(EuchreError):
    """A worker process ended while the pool still needed it (killed, out of memory)."""


class _Worker:
    """One worker process, the parent's end of its pipe and the tasks sent to it."""

    __slots__ = ("process", "conn", "pending", "job")

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        #: sequence numbers of the tasks sent and not yet answered, oldest first
        self.pending: deque[int] = deque()
        #: the map whose function and shared arguments the worker holds
        self.job = -1


class LocalPool:
    """``workers`` processes on this machine, started at the first :meth:`map`.

    ``initializer(index, *initargs)`` runs once in each worker as it starts
    (``index``: 0 to ``workers - 1``).  Use the pool as a context manager or call
    :meth:`close`; :meth:`map` may be called any number of times in between.

    >>> with LocalPool(2) as pool:
    ...     list(pool.map(pow, [(2, 3), (3, 2), (2, 10)]))
    [8, 9, 1024]
    """

    def __init__(self, workers: int, initializer: Callable[..., object] | None = None,
                 initargs: tuple[Any, ...] = ()) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self.workers = workers
        self.initializer = initializer
        self.initargs = initargs
        self._pool: list[_Worker] = []
        self._jobs = 0

    def map(self, fn: Callable[..., R], tasks: Iterable[tuple[Any, ...]],
            shared: tuple[Any, ...] = (), in_flight_per_worker: int = 2,
            on_wait: Callable[[], object] | None = None, poll: float = 0.25) -> Iterator[R]:
        """``fn(*shared, *task)`` for each task, run in the workers, the results in
        the tasks' order.

        ``fn`` must be a module-level function (it is sent by name); ``shared`` is
        sent once to each worker per call, not with every task.  At most
        ``in_flight_per_worker`` tasks per worker are sent ahead of the results read,
        so memory does not grow with the input; ``tasks`` is read lazily.  While a
        result is awaited, ``on_wait()`` is called every ``poll`` seconds.

        An exception raised by a task is raised here when its result is reached; a
        worker that dies raises :class:`WorkerDied`.  Either way, and when the
        caller stops early, the tasks still running are stopped with their workers
        (new ones start at the next call).
        """
        import pickle
        self._start()
        self._jobs += 1
        job = self._jobs
        job_message = pickle.dumps((_JOB, fn, shared), pickle.HIGHEST_PROTOCOL)
        window = in_flight_per_worker * self.workers
        results: dict[int, tuple[bool, Any]] = {}
        sent = given = 0
        source = iter(tasks)
        exhausted = False
        try:
            while True:
                while not exhausted and sent - given < window:
                    task = next(source, None)
                    if task is None:
                        exhausted = True
                        break
                    worker = min(self._pool, key=lambda w: len(w.pending))
                    if worker.job != job:
                        self._send(worker, job_message)
                        worker.job = job
                    self._send(worker, pickle.dumps((_TASK, task), pickle.HIGHEST_PROTOCOL))
                    worker.pending.append(sent)
                    sent += 1
                if given == sent:
                    return
                while given not in results:
                    if not self._receive(results, poll) and on_wait is not None:
                        on_wait()
                ok, value = results.pop(given)
                given += 1
                if not ok:
                    raise value
                yield value
        finally:
            if any(worker.pending for worker in self._pool):
                self._stop_workers()

    def close(self) -> None:
        """Ask the workers to leave, and stop those that do not within
        :data:`CLOSE_GRACE` seconds (a task still running)."""
        import pickle
        stop = pickle.dumps((_STOP,), pickle.HIGHEST_PROTOCOL)
        for worker in self._pool:
            if not worker.pending:
                try:
                    worker.conn.send_bytes(stop)
                except OSError:
                    pass
        for worker in self._pool:
            worker.process.join(0 if worker.pending else CLOSE_GRACE)
        self._stop_workers()

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ internals
    def _start(self) -> None:
        """Start the workers if they are not running (first use, or after a stop)."""
        if self._pool:
            return
        import multiprocessing
        context = multiprocessing.get_context()
        forked = context.get_start_method() == "fork"
        for index in range(self.workers):
            ours, theirs = context.Pipe()
            # a forked worker inherits the parent's ends of the earlier workers'
            # pipes: it closes them, or those workers would never read end of file
            # when the parent goes
            inherited = [w.conn for w in self._pool] if forked else []
            process = context.Process(
                target=_serve, name=f"euchre-worker-{index}", daemon=True,
                args=(theirs, ours if forked else None, inherited, index,
                      self.initializer, self.initargs))
            process.start()
            theirs.close()
            self._pool.append(_Worker(process, ours))

    def _send(self, worker: _Worker, message: bytes) -> None:
        try:
            worker.conn.send_bytes(message)
        except OSError:
            raise self._died(worker) from None

    def _receive(self, results: dict[int, tuple[bool, Any]], timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for results, and file each under its
        task's sequence number; whether any came."""
        import pickle
        from multiprocessing.connection import wait
        by_handle: dict[Any, _Worker] = {}
        for worker in self._pool:
            by_handle[worker.conn] = worker
            by_handle[worker.process.sentinel] = worker
        ready = wait(list(by_handle), timeout)
        came = False
        for handle in ready:
            worker = by_handle[handle]
            if handle is worker.conn or worker.conn.poll(0):
                try:
                    data = worker.conn.recv_bytes()
                except (EOFError, OSError):
                    raise self._died(worker) from None
                if not worker.pending:  # a message no task asked for: not our worker's
                    raise self._died(worker)
                results[worker.pending.popleft()] = pickle.loads(data)
                came = True
            else:  # the process ended and left nothing to read
                raise self._died(worker)
        return came

    def _died(self, worker: _Worker) -> WorkerDied:
        """The error of ``worker`` gone (its exit said), every worker stopped."""
        import signal
        worker.process.join(1.0)
        code = worker.process.exitcode
        self._stop_workers()
        if code is not None and code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        else:
            how = f"exit status {code}" if code is not None else "its pipe closed"
        return WorkerDied(f"a worker process died ({how})")

    def _stop_workers(self) -> None:
        """Terminate every worker (tasks running are lost) and forget them."""
        pool, self._pool = self._pool, []
        for worker in pool:
            if worker.process.is_alive():
                worker.process.terminate()
        for worker in pool:
            worker.process.join(CLOSE_GRACE)
            if worker.process.is_alive():  # SIGTERM caught or ignored: no more asking
                worker.process.kill()
                worker.process.join()
            worker.conn.close()


def _serve(conn: Connection, parent_end: Connection | None, inherited: list[Connection],
           index: int, initializer: Callable[..., object] | None,
           initargs: tuple[Any, ...]) -> None:
    """A worker's life: run the tasks the parent sends, one after another, and send
    each result back, until the parent says stop or goes away.

    The worker ignores Ctrl-C (the parent hears it and stops the workers).  A
    thread reads the parent's messages as they come, so the parent never waits to
    send while this worker sends a large result."""
    import pickle
    import queue
    import signal
    import threading
    import traceback

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for other in inherited:
        other.close()
    if parent_end is not None:
        parent_end.close()
    if initializer is not None:
        initializer(index, *initargs)
    inbox: queue.SimpleQueue[bytes | None] = queue.SimpleQueue()

    def read() -> None:
        while True:
            try:
                inbox.put(conn.recv_bytes())
            except (EOFError, OSError):
                inbox.put(None)
                return

    threading.Thread(target=read, name="euchre-worker-inbox", daemon=True).start()
    fn: Callable[..., Any] | None = None
    shared: tuple[Any, ...] = ()
    while True:
        data = inbox.get()
        if data is None:
            return
        message = pickle.loads(data)
        if message[0] == _STOP:
            return
        if message[0] == _JOB:
            _, fn, shared = message
            continue
        assert fn is not None
        try:
            reply = pickle.dumps((True, fn(*shared, *message[1])), pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 - handed to the parent, which raises it
            trace = "".join(traceback.format_exception(exc)).rstrip()
            exc.add_note(f"(raised in worker process {index}:\n{trace})")
            try:
                reply = pickle.dumps((False, exc), pickle.HIGHEST_PROTOCOL)
                pickle.loads(reply)
            except Exception:  # noqa: BLE001 - an exception that cannot travel: its words
                reply = pickle.dumps((False, RuntimeError(trace)), pickle.HIGHEST_PROTOCOL)
        try:
            conn.send_bytes(reply)
        except OSError:  # the parent is gone
            return
