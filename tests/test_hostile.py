"""The hostile-input corpus (issue 27): each repro, the exit status and the error it must give.

``tests/hostile/cases.json`` lists every case: the command line (``{corpus}``
is ``tests/hostile``, ``{tmp}`` a fresh folder, ``{text:FILE}`` a corpus
file's text, ``{scheduler}`` the address a setup serves), the file fed to
standard input, the exit status, and text the output must hold (``expect``)
and must not (``absent``).  Inputs that cannot live in the repository -- a
named pipe, folders nested a thousand deep, a link out of a folder, a
server that is not a Dask scheduler -- are made by a named ``setup``.  Every
case must end in its status with a located message: never a traceback, a
hang, or output that is not UTF-8 (``json``: the standard output is one JSON
document).  The server that accepts and never answers (finding 11) takes the
10 s timeout in the command line; it is tested with a short one in
``tests/sim/test_cluster.py``.
"""

from __future__ import annotations

import json
import os
import socket
import threading
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner
from hostile_tools import deep_folders, unblocked

from cli.main import euchre

CORPUS = Path(__file__).parent / "hostile"
CASES: list[dict[str, Any]] = json.loads((CORPUS / "cases.json").read_text(encoding="utf-8"))
GAME = (Path(__file__).parents[1] / "samples" / "standard-game.json").read_text()


@contextmanager
def _deep_folders(tmp: Path) -> Iterator[dict[str, str]]:
    (tmp / "deep").mkdir()
    with deep_folders(tmp / "deep", 1000) as bottom:
        (bottom / "g.json").write_text(GAME)
        yield {}


@contextmanager
def _fifo(tmp: Path) -> Iterator[dict[str, str]]:
    games = tmp / "games"
    games.mkdir()
    os.mkfifo(games / "pipe.yaml")
    game = json.loads(GAME)
    (games / "direct.json").write_text(json.dumps({**game, "variant": "pipe.yaml"}))
    (games / "inline.json").write_text(json.dumps({**game, "variant": {"extends": "pipe.yaml"}}))
    with unblocked(games / "pipe.yaml"):
        yield {}


@contextmanager
def _link_out(tmp: Path) -> Iterator[dict[str, str]]:
    games = tmp / "games"
    games.mkdir()
    (tmp / "secret.json").write_text("SECRET-LINE\n")
    (games / "out.json").symlink_to(tmp / "secret.json")
    (games / "g.json").write_text(GAME)
    yield {}


@contextmanager
def _http_scheduler(tmp: Path) -> Iterator[dict[str, str]]:
    """A server that answers every connection as a web server would."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    listener.settimeout(0.2)
    stop = threading.Event()

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            with conn:
                try:
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello")
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield {"scheduler": f"tcp://127.0.0.1:{listener.getsockname()[1]}"}
    finally:
        stop.set()
        thread.join()
        listener.close()


SETUPS = {"deep-folders": _deep_folders, "fifo": _fifo, "link-out": _link_out,
          "http-scheduler": _http_scheduler}


def _filled(arg: str, tmp: Path, served: dict[str, str]) -> str:
    if arg.startswith("{text:"):
        return (CORPUS / arg[len("{text:"):-1]).read_text(encoding="utf-8").strip()
    return arg.format(corpus=CORPUS, tmp=tmp, **served)


def test_every_finding_has_a_case() -> None:
    assert {c["finding"] for c in CASES} >= {1, 2, 3, 4, 6, 7, 8, 9, 10, 23, "also"}
    assert len({c["name"] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_a_hostile_input_gives_its_located_error(case: dict[str, Any], tmp_path: Path) -> None:
    if case.get("setup") == "http-scheduler":
        pytest.importorskip("distributed")
    with ExitStack() as stack:
        served = stack.enter_context(SETUPS[case["setup"]](tmp_path)) if "setup" in case else {}
        args = [_filled(a, tmp_path, served) for a in case["args"]]
        stdin = (CORPUS / case["stdin"]).read_bytes() if "stdin" in case else None
        result = CliRunner().invoke(euchre, args, input=stdin)
    output = result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        (result.exception, output)
    assert "Traceback" not in output
    assert result.exit_code == case["exit"], output
    for text in case["expect"]:
        assert text in output, (text, output)
    for text in case.get("absent", []):
        assert text not in output
    result.stdout_bytes.decode("utf-8")  # strict: the output is UTF-8
    if case.get("json"):
        json.loads(result.stdout)
