"""Benchmark ``euchre analyze``: hands per second on a simulated file, by hand.

Usage: ``python bench/analyze.py [--games N] [--variant V] [--bot B] [--deals D]``

Simulates N games (seeded, ``rule`` bots by default so the bidding looks like a
real table's), writes them as JSON Lines to a temporary file, and times the
analysis the command runs: the play of every hand valued by the solver, and,
with ``--deals D`` (D > 0), the bidding decisions estimated over D sampled
deals each, on the first ``--bidding-hands`` hands.  Reports the installed
build (compiled or pure Python), on one core.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_args import positive  # noqa: E402
from euchre_dsl import build  # noqa: E402
from euchre_dsl.analysis.analyze import Analyzer  # noqa: E402
from euchre_dsl.analysis.decisions import DecisionEstimator  # noqa: E402
from euchre_dsl.history.reader import read_records  # noqa: E402
from euchre_dsl.history.writer import write_jsonl  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402
from euchre_dsl.sim.runner import simulate  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=positive, default=100)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--bot", default="rule")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=positive, default=20)
    ap.add_argument("--bidding-hands", type=positive, default=40)
    args = ap.parse_args()
    rules = load_variant(args.variant)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "games.jsonl")
        with open(path, "w", encoding="utf-8") as out:
            write_jsonl((r for r in simulate(rules, args.variant, args.games, args.seed,
                                             bot=args.bot) if r is not None), out)
        print(f"euchre analyze, {build()}, {args.variant}, {args.games} games "
              f"({args.bot} bots), one core")
        analyzer = Analyzer()
        start = time.perf_counter()
        hands = sum(1 for _ in analyzer.analyze_items(read_records(path), path))
        took = time.perf_counter() - start
        print(f"  plays only (--deals 0): {hands} hands in {took:.2f} s = "
              f"{hands / took:,.0f} hands/s")
        if args.deals > 0:
            estimator = DecisionEstimator(args.deals, 0)
            analyzer = Analyzer(decisions=estimator)
            start = time.perf_counter()
            n = decisions = 0
            for h in analyzer.analyze_items(read_records(path), path):
                n += 1
                decisions += len(h.decisions)
                if n >= args.bidding_hands:
                    break
            took = time.perf_counter() - start
            print(f"  with bidding (--deals {args.deals}): {n} hands, {decisions} decisions in "
                  f"{took:.2f} s = {n / took:,.2f} hands/s, {decisions / took:,.2f} decisions/s")


if __name__ == "__main__":
    main()
