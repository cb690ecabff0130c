"""Random simulation on more than one core, run by hand: ``python bench/scale.py``.

Reports hands per second of a run of random-bot standard euchre, as ``euchre
simulate`` plays it (statistics always; ``ehh/1`` records written as text with
``--records``), in one process, in ``--workers 2`` processes, and on a local
Dask cluster of two single-threaded worker processes (``--scheduler``).  Each
figure is the median of ``--repeat`` runs; the runs also check that every way
gives the same bytes.  Measures the installed build (compiled or not), else the
source tree.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

from bench_args import positive  # noqa: E402
from euchre_dsl import build  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402
from euchre_dsl.sim.cluster import DaskCluster, ProcessPool  # noqa: E402
from euchre_dsl.sim.runner import RunSpec, local_batches, run  # noqa: E402


def one_run(spec: RunSpec, games: int, mapper: Any) -> tuple[float, str]:
    """Hands per second and a digest of the output."""
    digest = hashlib.sha256()
    hands = 0
    start = time.perf_counter()
    for batch in run(spec, games, mapper):
        digest.update(batch.data)
        hands += batch.stats.hands
    return hands / (time.perf_counter() - start), digest.hexdigest()


def measure(spec: RunSpec, games: int, mapper: Any, repeat: int) -> tuple[float, str]:
    results = [one_run(spec, games, mapper) for _ in range(repeat)]
    assert len({d for _, d in results}) == 1
    return statistics.median(r for r, _ in results), results[0][1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=positive, default=20_000)
    ap.add_argument("--repeat", type=positive, default=3)
    ap.add_argument("--records", action="store_true", help="also write ehh/1 records")
    ap.add_argument("--quick", action="store_true", help="a smoke run (2,000 games, 1 repeat)")
    args = ap.parse_args()
    games, repeat = (2_000, 1) if args.quick else (args.games, args.repeat)
    rules = load_variant("standard")
    spec = RunSpec(rules, "standard", 1, ("random",) * 4, records=args.records)
    rows: list[tuple[str, float]] = []
    rate, digest = measure(spec, games, local_batches, repeat)
    rows.append(("one process", rate))
    rate, digest2 = measure(spec, games, ProcessPool(2), repeat)
    assert digest2 == digest, "--workers 2 wrote other bytes"
    rows.append(("--workers 2", rate))
    try:
        import distributed
    except ImportError:
        print("distributed is not installed: no Dask row", file=sys.stderr)
    else:
        os.environ["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(Path(euchre_dsl.__file__).resolve().parents[1]),
                        os.environ.get("PYTHONPATH")) if p)
        local_cluster: Any = distributed.LocalCluster
        with tempfile.TemporaryDirectory() as tmp, local_cluster(
                n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                dashboard_address=None, local_directory=tmp) as cluster:
            dask = DaskCluster(cluster.scheduler_address)
            try:
                rate, digest3 = measure(spec, games, dask, repeat)
            finally:
                dask.close()
        assert digest3 == digest, "the Dask run wrote other bytes"
        rows.append(("Dask LocalCluster, 2 worker processes", rate))
    what = "with ehh/1 records" if args.records else "statistics only"
    print(f"euchre-dsl ({build()}), standard, random bots, {games:,} games, {what}, "
          f"{os.cpu_count()} CPUs; median of {repeat}")
    for name, value in rows:
        print(f"| {name} | {value:,.0f} hands/s |")


if __name__ == "__main__":
    main()
