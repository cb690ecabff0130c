"""``--workers`` and ``--scheduler`` on analyze, validate and event simulate: the same
bytes as one process, from processes and from a Dask cluster on 127.0.0.1; a cluster
that cannot be used is one clear line, exit 2."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable, Iterator

import click
import pytest
from click.testing import CliRunner, Result

import euchre_dsl
from cli import validate_cmd
from cli.main import euchre
from euchre_dsl.processes import WorkerDied
from euchre_dsl.sim.runner import BATCH_UNITS, Batch, RunSpec, play_batch
from euchre_dsl.validate import chunks
from euchre_dsl.workers import ClusterError, TaskRunner

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


def validate_inputs(tmp_path: Path) -> list[str]:
    """A JSON Lines file with errors in many chunks (of 3,000 bytes), a record naming a
    variant file beside it, text and EGN files, the samples."""
    good = (ROOT / "samples" / "games.jsonl").read_bytes().splitlines()
    bad = json.loads(good[0])
    bad["hands"][1]["actions"][6][2] = "8S"
    house = json.loads(good[1])
    house["variant"] = "house.yaml"
    shutil.copy(ROOT / "samples" / "house" / "kitchen-table.yaml", tmp_path / "house.yaml")
    lines = []
    for i in range(15):
        lines += [good[i % 6], json.dumps(bad).encode() if i % 3 == 0 else b"",
                  b'{"format": "ehh/1", ' if i % 2 == 0 else good[(i + 1) % 6]]
    lines += [json.dumps(house).encode()]
    (tmp_path / "season.jsonl").write_bytes(b"\n".join(lines) + b"\n")
    assert run("convert", str(ROOT / "samples" / "standard-game.json"),
               str(tmp_path / "game.egn")).exit_code == 0
    fixtures = ROOT / "tests" / "fixtures" / "random-games"
    broken = ROOT / "tests" / "validate" / "broken"
    return [str(tmp_path / "season.jsonl"), str(tmp_path / "game.egn"),
            str(fixtures / "games.ehh"), str(broken / "renege.ehh"),
            str(broken / "records.jsonl"), str(broken / "renege.json"), str(ROOT / "samples")]


def test_validate_is_the_same_in_processes_and_on_a_cluster(
        scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    inputs = validate_inputs(tmp_path)
    text, as_json = ["validate", *inputs], ["validate", *inputs, "--report", "json"]
    one_text, one_json = run(*text), run(*as_json)  # one process, one piece per file
    assert one_text.exit_code == one_json.exit_code == 1, one_text.output
    assert one_text.stdout.count("season.jsonl:") >= 10
    monkeypatch.setattr(chunks, "CHUNK_BYTES", 3000)  # a chunk or two per line
    assert run(*text, "--workers", "2").stdout == one_text.stdout
    assert run(*text, "--scheduler", scheduler).stdout == one_text.stdout
    assert run(*as_json, "--scheduler", scheduler).stdout == one_json.stdout
    # workers that do not see the files get each chunk's bytes, and the record naming
    # house.yaml comes back to be checked here
    monkeypatch.setattr(validate_cmd, "seen_everywhere",
                        lambda runner, entries: [False] * len(entries))
    assert run(*text, "--scheduler", scheduler).stdout == one_text.stdout
    assert run(*as_json, "--workers", "2").stdout == one_json.stdout


def test_validate_workers_must_be_a_positive_count() -> None:
    for bad in ("0", "two"):
        result = run("validate", SAMPLE, "--workers", bad)
        assert result.exit_code == 2
        assert "Invalid value for '--workers'" in result.output


@pytest.mark.parametrize("command", [["analyze", SAMPLE], ["validate", SAMPLE],
                                     ["event", "simulate", "--players", "8"]])
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


GONE = ("the Dask scheduler at tcp://10.0.0.9:8786 has had no workers for 30 s, so the "
        "run's tasks cannot run: start workers (dask worker ADDRESS) and run the command again")


class LosesItsWorkers(TaskRunner):
    """A runner whose cluster loses its workers after the first result."""

    def __init__(self, workers: int = 1, scheduler: str | None = None) -> None:
        super().__init__()

    @property
    def parallel(self) -> bool:
        return True

    def map(self, fn: Callable[..., Any], tasks: Iterable[tuple[Any, ...]],
            shared: tuple[Any, ...] = ()) -> Iterator[Any]:
        for task in tasks:
            yield fn(*shared, *task)
            raise ClusterError(GONE)


class DaskClusterLosingItsWorkers:
    """``euchre simulate``'s cluster, losing its workers after the first batch."""

    def __init__(self, address: str) -> None:
        pass

    def close(self) -> None:
        pass

    def __call__(self, spec: RunSpec, indices: Iterator[int], limit: int) -> Iterator[Batch]:
        yield play_batch(spec, next(indices), limit)
        raise ClusterError(GONE)


def module_of(command: str, name: str | None = None) -> ModuleType:
    """The module of ``command`` that :func:`run` runs (or its package's module ``name``).
    An installed build's command line is imported by the tests under two names (see
    ``conftest.py``), so a module is patched as the command found it."""
    found = euchre.get_command(click.Context(euchre), command)
    assert found is not None and found.callback is not None
    module = sys.modules[found.callback.__module__]
    return module if name is None else sys.modules[f"{module.__package__}.{name}"]


@pytest.mark.parametrize("command", [["analyze", SAMPLE], ["validate", str(ROOT / "samples")],
                                     ["event", "simulate", "--players", "8"],
                                     ["simulate", "--games", "300", "--bot", "random"]])
def test_a_cluster_that_loses_its_workers_mid_run_is_one_line(
        command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module_of(command[0], "common"), "TaskRunner", LosesItsWorkers)
    monkeypatch.setattr(module_of("simulate"), "DaskCluster", DaskClusterLosingItsWorkers)
    out = tmp_path / "out.jsonl"
    writes = command[0] in ("event", "simulate")
    result = run(*command, "--scheduler", "tcp://10.0.0.9:8786",
                 *(["-o", str(out)] if writes else []))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    name = " ".join(command[:2]) if command[0] == "event" else command[0]
    lines = result.stderr.strip().splitlines()
    if command[0] == "simulate":  # the games so far are kept, to be resumed
        assert lines[-2] == f"euchre simulate: {GONE}"
        assert "--resume carries on from them" in lines[-1]
        assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl.partial"]
        assert (tmp_path / "out.jsonl.partial").read_bytes().count(b"\n") == BATCH_UNITS
    else:
        assert lines[-1].startswith(f"euchre {name}: {GONE}")
        assert not any(tmp_path.iterdir())  # no output file, whole or partial


class AWorkerProcessDies(LosesItsWorkers):
    """A pool of local processes one of which dies after the first result."""

    def map(self, fn: Callable[..., Any], tasks: Iterable[tuple[Any, ...]],
            shared: tuple[Any, ...] = ()) -> Iterator[Any]:
        for task in tasks:
            yield fn(*shared, *task)
            raise WorkerDied("a worker process died (killed by SIGKILL)")


@pytest.mark.parametrize("command", [["analyze", SAMPLE], ["validate", str(ROOT / "samples")],
                                     ["event", "simulate", "--players", "8"]])
def test_a_worker_process_that_dies_is_one_line(
        command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(module_of(command[0], "common"), "TaskRunner", AWorkerProcessDies)
    out = tmp_path / "out.jsonl"
    result = run(*command, "--workers", "2",
                 *(["-o", str(out)] if command[0] == "event" else []))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    name = " ".join(command[:2]) if command[0] == "event" else command[0]
    assert result.stderr.strip().splitlines()[-1] == (
        f"euchre {name}: a worker process died (out of memory?); an output file is left as "
        "it was")
    assert not any(tmp_path.iterdir())
