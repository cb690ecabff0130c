"""Benchmark ``euchre analyze``: CPU time of a simulated session, by part.

Usage: ``python bench/analyze.py [--games N] [--variant V] [--bot B] [--deals D]
[--samples DIR] [--variants [V ...]]``

Simulates N games (seeded, ``rule`` bots by default so the bidding looks like a
real table's), writes them as JSON Lines to a temporary file, and times, in CPU
seconds of this one process (one core), what the command's default run does:

* the plays only (``--deals 0``): every hand's plays valued by the solver;
* the whole default run: the plays and every bidding decision estimated over
  ``--deals`` sampled deals (20 by default, as ``euchre analyze``).

The bidding's share is the difference, reported per decision, with the
solver's own rate inside it (play solves and search nodes per second).

Two more figures time the command itself, ``euchre analyze`` run as a child
process of this interpreter's environment, in user CPU seconds of the child
(``getrusage``): ``--samples DIR`` (default settings, the shipped ``samples/``
folder), and ``--variants`` (four ``rule`` games of each shipped variant, or of
the variants named, seed 1, analysed at ``--deals 2``).  Those are the issue's
targets (docs/performance.md): samples <= 20 s, each variant <= 30 s, a bidding
decision <= 0.05 s at 20 deals.  ``--skip-session`` leaves out the simulated
session's figures.

It measures the **installed** build: run it with the interpreter of the
environment to measure (the first line says which build it ran, and where the
analysis modules were loaded from); it never puts the source tree on
``sys.path``.  A compiled wheel: ``pip install .`` in a fresh venv.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
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
from euchre_dsl.rules.registry import load_variant, shipped_ids
from euchre_dsl.sim.bots.rule import RuleTable
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
    ap.add_argument("--samples", metavar="DIR", help="time `euchre analyze DIR` (default settings)")
    ap.add_argument("--variants", nargs="*", metavar="V",
                    help="time `euchre analyze` of four rule games of each variant at --deals 2 "
                         "(no names: every shipped variant)")
    ap.add_argument("--skip-session", action="store_true",
                    help="leave out the simulated session's figures")
    args = ap.parse_args()
    if not args.skip_session:
        session(args)
    if args.samples:
        cpu = command_cpu(["analyze", args.samples, "--no-progress"])
        print(f"  euchre analyze {args.samples} (default settings): {cpu:.2f} s CPU "
              f"(target <= 20 s)")
    if args.variants is not None:
        variants_cpu(args.variants or shipped_ids())


def command_cpu(argv: list[str]) -> float:
    """User CPU seconds of ``euchre ARGV...`` run in a child process of this environment
    (its output discarded; a failure stops the bench with its message)."""
    euchre = os.path.join(os.path.dirname(sys.executable), "euchre")
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    done = subprocess.run([euchre, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, check=False)
    if done.returncode not in (0, 1):  # 1: a record with errors, still analysed
        raise SystemExit(f"euchre {' '.join(argv)} failed: {done.stderr.strip()}")
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before


def variants_cpu(names: list[str]) -> None:
    """Four rule games of each variant (seed 1), analysed at --deals 2: CPU each."""
    print("  four rule games (seed 1) of each variant, euchre analyze --deals 2 (target <= 30 s):")
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            path = os.path.join(tmp, f"{name}.jsonl")
            with open(path, "w", encoding="utf-8") as out:
                write_jsonl((r for r in simulate(load_variant(name), name, 4, 1, bot="rule")
                             if r is not None), out)
            cpu = command_cpu(["analyze", path, "--deals", "2", "--no-progress"])
            print(f"    {name:24} {cpu:7.2f} s CPU", flush=True)


def session(args: argparse.Namespace) -> None:
    """The simulated session's figures: plays only, the default run, per decision."""
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

        estimator = DecisionEstimator(args.deals, 0, table=RuleTable(0))  # as the command
        analyzer = Analyzer(decisions=estimator)
        start = time.process_time()
        n = decisions = 0
        for h in analyzer.analyze_items(read_records(path), path):
            n += 1
            decisions += len(h.decisions)
        whole = time.process_time() - start
        bidding = max(whole - plays, 0.0)
        solves = sum(s.solves for _, s, _b in estimator._searches.values())
        # the search's solver is the budgeted wrapper (decisions.Budgeted) round the solver
        nodes = sum(getattr(getattr(s.solver, "solver", s.solver), "nodes", 0)
                    for _, s, _b in estimator._searches.values())
        print(f"  default run (--deals {args.deals}): {n} hands, {decisions} bidding decisions "
              f"in {whole:.2f} s CPU")
        if decisions:
            print(f"  bidding: {bidding:.2f} s CPU = {bidding / decisions * 1000:.1f} ms per "
                  f"decision ({bidding / decisions / args.deals * 1000:.2f} ms per deal); "
                  f"{solves / decisions / args.deals:.1f} play solves per deal, "
                  f"{solves / bidding:,.0f} solves/s, {nodes / bidding:,.0f} solver nodes/s")


if __name__ == "__main__":
    main()
