"""Connecting to a Dask scheduler (issue 27, findings 8 and 11): a server that is not
one gives a clear ClusterError within the timeout, never a traceback or a hang."""

from __future__ import annotations

import socket
import threading
import time
from typing import Iterator

import pytest

from euchre_dsl.sim.cluster import ClusterError, DaskCluster

pytest.importorskip("distributed")


@pytest.fixture()
def server(request: pytest.FixtureRequest) -> Iterator[str]:
    """A TCP server on a free local port: it answers every connection with
    ``request.param`` (bytes), or with nothing at all (``None``)."""
    answer: bytes | None = request.param
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.2)
    stop = threading.Event()
    held: list[socket.socket] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            held.append(conn)  # kept open: a silent server never hangs up
            if answer is not None:
                try:
                    conn.sendall(answer)
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    stop.set()
    thread.join()
    for conn in held:
        conn.close()
    listener.close()


@pytest.mark.parametrize("server", [b"HTTP/1.1 200 OK\r\n\r\nhello" * 10], indirect=True)
def test_a_server_answering_other_bytes_is_not_a_scheduler(server: str) -> None:
    """An HTTP answer made distributed allocate 3.07 EiB: numpy's _ArrayMemoryError."""
    with pytest.raises(ClusterError, match=f"^{server} does not answer as a Dask scheduler"):
        DaskCluster(server, timeout=5)


@pytest.mark.parametrize("server", [None], indirect=True)
def test_a_server_that_never_answers_is_given_up_after_the_timeout(server: str) -> None:
    """distributed's handshake waits for ever: 150 s and still running."""
    raised: list[BaseException] = []

    def connect() -> None:  # in a thread, so that a hang fails the test, not the suite
        try:
            DaskCluster(server, timeout=1)
        except BaseException as exc:  # noqa: BLE001 - checked below
            raised.append(exc)

    started = time.monotonic()
    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    thread.join(10)
    assert not thread.is_alive(), "still connecting after 10 s"
    assert time.monotonic() - started < 3
    assert [str(e) for e in raised] == [f"the Dask scheduler at {server} did not answer within "
                                        "1 s (is a Dask scheduler listening there?)"]
    assert isinstance(raised[0], ClusterError)
