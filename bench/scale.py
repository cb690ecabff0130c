"""Speed-up against workers, run by hand: ``python bench/scale.py``.

Times the commands themselves -- ``euchre analyze`` of 40 simulated games (issue
42's figure), ``euchre simulate`` of random-bot games and ``euchre validate`` of a
generated JSON Lines archive -- each run as a child process in one process
(``--workers 1``), in ``--workers 2`` processes and on a local Dask cluster of two
single-threaded worker processes (``--scheduler``), and prints one table: wall
seconds, the speed-up over one process, and the CPU seconds the command and its
worker processes used (a Dask cluster's workers are not the command's children:
their CPU is not counted).  Every way must print the same bytes (checked).

Wall time is what a user waits for, but it is only a measure of scaling on an
otherwise idle machine: the first line prints the load average before and after.
CPU seconds do not depend on the load: ``--workers 2`` against one process shows
what the parallel run costs on top of the work itself, and the last column, ``2 x
CPU(1) / CPU(2)``, is the speed-up two idle cores would give if the work were
shared evenly between the two workers (an estimate for a busy machine; the
commands hand out games or chunks a few at a time, so the last task is all that
can leave a worker idle).  Measures the installed build (compiled or not),
else the source tree; ``--quick`` is a smoke run of a few seconds.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl
except ImportError:
    sys.path.insert(0, str(ROOT))
    import euchre_dsl

from bench_args import positive  # noqa: E402
from euchre_dsl import build  # noqa: E402


def command(*args: str) -> list[str]:
    """``euchre ARGS`` as a child of this interpreter (the build it imports: the command
    line is ``euchre_dsl_cli`` installed, ``cli`` in the source tree)."""
    try:
        import euchre_dsl_cli  # noqa: F401
    except ImportError:
        return [sys.executable, "-m", "cli", *args]
    return [sys.executable, "-m", "euchre_dsl_cli", *args]


def timed(args: list[str]) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (the command and its waited-for worker processes)
    and a digest of standard output, of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:  # simulated games are clean: anything else is a failure
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}): "
                         f"{done.stderr.decode(errors='replace')[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, hashlib.sha256(done.stdout).hexdigest()


def best(args: list[str], repeat: int) -> tuple[float, float, str]:
    """The fastest of ``repeat`` runs (the least disturbed by other load); the same
    bytes every time."""
    runs = [timed(args) for _ in range(repeat)]
    assert len({d for _, _, d in runs}) == 1, f"{args}: the output changed between runs"
    return min(runs)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=positive, default=40, help="games analysed (default 40)")
    ap.add_argument("--deals", type=int, default=None,
                    help="analyze --deals (default: the command's own, 20)")
    ap.add_argument("--sim-games", type=positive, default=20_000,
                    help="random-bot games simulated (default 20,000)")
    ap.add_argument("--validate-games", type=positive, default=20_000,
                    help="games in the archive validated (default 20,000, about 150 MB)")
    ap.add_argument("--repeat", type=positive, default=1, help="runs of each, the best kept")
    ap.add_argument("--only", nargs="+", choices=["analyze", "simulate", "validate"],
                    default=["analyze", "simulate", "validate"])
    ap.add_argument("--no-dask", action="store_true", help="leave out the Dask column")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: 4 games at --deals 1, 2,000 simulated, 1,000 validated")
    args = ap.parse_args(argv)
    if args.quick:
        args.games, args.deals, args.sim_games, args.validate_games = 4, 1, 2_000, 1_000
    # the children (and a cluster's workers) import the euchre_dsl this script measures
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(Path(euchre_dsl.__file__).resolve().parents[1]),
                    os.environ.get("PYTHONPATH")) if p)
    load_before = os.getloadavg()
    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        scheduler = None if args.no_dask else start_cluster(stack, tmp)
        runs: dict[str, list[str]] = {}
        if "analyze" in args.only:
            games = tmp / "analyze.jsonl"
            subprocess.run(command("simulate", "-n", str(args.games), "-s", "1", "--bot", "rule",
                                   "-o", str(games), "--no-progress"),
                           check=True, stdout=subprocess.DEVNULL)
            deals = [] if args.deals is None else ["--deals", str(args.deals)]
            runs[f"analyze, {args.games} rule-bot games"
                 f"{'' if args.deals is None else f', --deals {args.deals}'}"] = command(
                "analyze", str(games), "--report", "json", "--no-progress", *deals)
        if "simulate" in args.only:
            runs[f"simulate, {args.sim_games:,} random-bot games"] = command(
                "simulate", "-n", str(args.sim_games), "-s", "1", "--bot", "random",
                "--summary", "json", "--no-progress")
        if "validate" in args.only:
            archive = tmp / "archive.jsonl"
            subprocess.run(command("simulate", "-n", str(args.validate_games), "-s", "2",
                                   "--bot", "random", "-o", str(archive), "--no-progress"),
                           check=True, stdout=subprocess.DEVNULL)
            size = archive.stat().st_size / 1e6
            runs[f"validate, {args.validate_games:,} games ({size:,.0f} MB)"] = command(
                "validate", str(archive), "--no-progress")
        rows = []
        for name, cmd in runs.items():
            one = best([*cmd, "--workers", "1"], args.repeat)
            two = best([*cmd, "--workers", "2"], args.repeat)
            assert two[2] == one[2], f"{name}: --workers 2 printed other bytes"
            dask = None
            if scheduler is not None:
                dask = best([*cmd, "--scheduler", scheduler], args.repeat)
                assert dask[2] == one[2], f"{name}: the Dask run printed other bytes"
            rows.append((name, one, two, dask))
    load_after = os.getloadavg()
    print(f"euchre-dsl ({build()}), {os.cpu_count()} CPUs, load average "
          f"{load_before[0]:.1f} before, {load_after[0]:.1f} after; best of {args.repeat}")
    print("| command | one process | `--workers 2` | speed-up | Dask, 2 workers | speed-up "
          "| CPU s, 1 / 2 workers | 2 x CPU(1) / CPU(2) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, one, two, dask in rows:
        cluster = "| - | -" if dask is None else f"| {dask[0]:.1f} s | {one[0] / dask[0]:.2f}x"
        print(f"| {name} | {one[0]:.1f} s | {two[0]:.1f} s | {one[0] / two[0]:.2f}x "
              f"{cluster} | {one[1]:.1f} / {two[1]:.1f} | {2 * one[1] / two[1]:.2f}x |")


def start_cluster(stack: ExitStack, tmp: Path) -> str | None:
    """A two-worker Dask cluster on 127.0.0.1 whose workers import this euchre_dsl (None
    without the dask extra)."""
    try:
        import distributed
    except ImportError:
        print("distributed is not installed: no Dask column", file=sys.stderr)
        return None
    local_cluster: Any = distributed.LocalCluster
    cluster = stack.enter_context(local_cluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=None, local_directory=str(tmp / "dask")))
    address: str = cluster.scheduler_address
    return address


if __name__ == "__main__":
    main()
