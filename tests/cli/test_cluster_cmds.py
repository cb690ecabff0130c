"""``--workers`` and ``--scheduler`` on analyze and event simulate: the same
bytes as one process, from processes and from a Dask cluster on 127.0.0.1; a cluster
that cannot be used is one clear line, exit 2."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner, Result

import euchre_dsl
from cli.main import euchre

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = str(ROOT / "samples" / "games.jsonl")


def run(*args: str) -> Result:
    return CliRunner().invoke(euchre, list(args))


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A two-worker Dask cluster on 127.0.0.1 whose workers import this euchre_dsl."""
    distributed = pytest.importorskip("distributed")
    root = str(Path(euchre_dsl.__file__).resolve().parents[1])
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (root, before) if p)
    try:
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      host="127.0.0.1", dashboard_address=None,
                                      local_directory=str(tmp_path_factory.mktemp("dask"))
                                      ) as cluster:
            yield cluster.scheduler_address
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before


def test_analyze_is_the_same_in_processes_and_on_a_cluster(scheduler: str) -> None:
    args = ["analyze", SAMPLE, "--deals", "2", "--report", "json"]
    one = run(*args)
    assert one.exit_code == 0, one.output
    assert run(*args, "--workers", "2").stdout == one.stdout
    assert run(*args, "--scheduler", scheduler).stdout == one.stdout


def test_analyze_tables_and_page_are_the_same_on_a_cluster(scheduler: str,
                                                            tmp_path: Path) -> None:
    for where, extra in (("one", []), ("cluster", ["--scheduler", scheduler])):
        out = tmp_path / where
        out.mkdir()
        result = run("analyze", SAMPLE, "--deals", "0", "--export", str(out / "tables"),
                     "--format", "csv", "--html", str(out / "report.html"), *extra)
        assert result.exit_code == 0, result.output
    for one in sorted((tmp_path / "one").rglob("*")):
        if one.is_file():
            other = tmp_path / "cluster" / one.relative_to(tmp_path / "one")
            text = one.read_bytes().replace(b"/one/", b"/cluster/")
            assert other.read_bytes() == text, one.name


def test_event_simulate_is_the_same_in_processes_and_on_a_cluster(scheduler: str) -> None:
    args = ["event", "simulate", "--players", "8", "--seed", "4"]
    one = run(*args)
    assert one.exit_code == 0, one.output
    assert one.stdout.count("\n") == 8
    assert run(*args, "--workers", "2").stdout == one.stdout
    assert run(*args, "--scheduler", scheduler).stdout == one.stdout


@pytest.mark.parametrize("command", [["analyze", SAMPLE], ["event", "simulate", "--players", "8"]])
def test_a_scheduler_that_cannot_be_reached_is_one_line(command: list[str], tmp_path: Path
                                                        ) -> None:
    pytest.importorskip("distributed")
    out = tmp_path / "out.jsonl"
    out.write_text("kept\n")
    result = run(*command, "--scheduler", "tcp://127.0.0.1:9", *(
        ["-o", str(out)] if command[0] == "event" else []))
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "Dask scheduler at tcp://127.0.0.1:9" in result.output
    assert out.read_text() == "kept\n"
