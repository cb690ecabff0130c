"""Benchmark ``euchre analyze``: CPU time of a simulated session, by part.

Usage: ``python bench/analyze.py [--games N] [--variant V] [--bot B] [--deals D]``

Simulates N games (seeded, ``rule`` bots by default so the bidding looks like a
real table's), writes them as JSON Lines to a temporary file, and times, in CPU
seconds of this one process (one core), what the command's default run does:

* the plays only (``--deals 0``): every hand's plays valued by the solver;
* the whole default run: the plays and every bidding decision estimated over
  ``--deals`` sampled deals (20 by default, as ``euchre analyze``).

The bidding's share is the difference, reported per decision, with the
solver's own rate inside it (play solves and search nodes per second).

It measures the **installed** build: run it with the interpreter of the
environment to measure (the first line says which build it ran, and where the
analysis modules were loaded from); it never puts the source tree on
``sys.path``.  A compiled wheel: ``pip install .`` in a fresh venv.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from bench_args import positive

import euchre_dsl
from euchre_dsl import build
from euchre_dsl.analysis import decisions as decisions_module
from euchre_dsl.analysis.analyze import Analyzer
from euchre_dsl.analysis.decisions import DEFAULT_DEALS, DecisionEstimator
from euchre_dsl.records.reader import read_records
from euchre_dsl.records.writer import write_jsonl
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.runner import simulate


def compiled(module: object) -> str:
    """'compiled' when ``module`` runs as an extension, else 'pure Python'."""
    path = str(getattr(module, "__file__", ""))
    return "pure Python" if path.endswith(".py") else "compiled"


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--games", type=positive, default=50)
    ap.add_argument("--variant", default="standard")
    ap.add_argument("--bot", default="rule")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deals", type=positive, default=DEFAULT_DEALS)
    args = ap.parse_args()
    rules = load_variant(args.variant)
    print(f"euchre analyze: {build()} engine, {compiled(decisions_module)} analysis "
          f"({os.path.dirname(euchre_dsl.__file__)}), {args.variant}, {args.games} games "
          f"({args.bot} bots, seed {args.seed}), one core, CPU time")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "games.jsonl")
        with open(path, "w", encoding="utf-8") as out:
            write_jsonl((r for r in simulate(rules, args.variant, args.games, args.seed,
                                             bot=args.bot) if r is not None), out)

        start = time.process_time()
        hands = sum(1 for _ in Analyzer().analyze_items(read_records(path), path))
        plays = time.process_time() - start
        print(f"  plays only (--deals 0): {hands} hands in {plays:.2f} s CPU = "
              f"{hands / plays:,.0f} hands/s")

        estimator = DecisionEstimator(args.deals, 0)
        analyzer = Analyzer(decisions=estimator)
        start = time.process_time()
        n = decisions = 0
        for h in analyzer.analyze_items(read_records(path), path):
            n += 1
            decisions += len(h.decisions)
        whole = time.process_time() - start
        bidding = max(whole - plays, 0.0)
        solves = sum(s.solves for _, s in estimator._searches.values())
        nodes = sum(getattr(s.solver, "nodes", 0) for _, s in estimator._searches.values())
        print(f"  default run (--deals {args.deals}): {n} hands, {decisions} bidding decisions "
              f"in {whole:.2f} s CPU")
        if decisions:
            print(f"  bidding: {bidding:.2f} s CPU = {bidding / decisions * 1000:.1f} ms per "
                  f"decision ({bidding / decisions / args.deals * 1000:.2f} ms per deal); "
                  f"{solves / decisions / args.deals:.1f} play solves per deal, "
                  f"{solves / bidding:,.0f} solves/s, {nodes / bidding:,.0f} solver nodes/s")


if __name__ == "__main__":
    main()
