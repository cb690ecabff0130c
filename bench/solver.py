"""The open-hand solver's speed, run by hand (never in CI): ``python bench/solver.py``.

For each scenario, seeded deals are bid at random (the scenario steering the
bidding: loners, no-trump), and the solver values the whole deal from the
opening lead twice, each time with an empty table: the makers' exact tricks
with best play (``Solver.solve``) and the hand's score (``Solver.solve_points``,
which asks only the questions that can change the score).  Times are the CPU
time of this thread, so a machine shared with other work does not inflate
them.  Prints a markdown table per scenario (median, mean, 99th percentile,
worst, and the mean number of positions searched); ``--out FILE`` writes the
table to a file too.  ``--variant V`` adds a scenario for a shipped variant or a
variant file (for instance ``double-deck-bid``), ``--per-deal`` prints
each deal's figures as it goes, and ``--tricks-only`` skips the score search
(long deals, where one search is measurement enough).
It measures the installed build when there is one (compiled or not), else
the source tree; the first line says which.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

from bench_args import positive  # noqa: E402
from euchre_dsl.search import solver as solver_module  # noqa: E402
from euchre_dsl.search.solver import Solver  # noqa: E402
from euchre_dsl.cards import NO_TRUMP  # noqa: E402
from euchre_dsl.engine.actions import CALL, ORDER_UP_ROUND, PASS, PLAYING  # noqa: E402
from euchre_dsl.engine.machine import Machine  # noqa: E402
from euchre_dsl.rules.registry import compile_data, compile_file, load_variant  # noqa: E402
from euchre_dsl.rules.ruleset import RuleSet  # noqa: E402

#: name -> (variant, how the random bidding is steered)
SCENARIOS: dict[str, tuple[str | dict[str, Any], str]] = {
    "standard": ("standard", "partner"),
    "standard, loner": ("standard", "alone"),
    "standard, no-trump": ({"id": "nt", "extends": "standard", "bidding": {"no_trump": True}},
                           "no-trump"),
    "Buck (4 players)": ("buck", "any"),
    "Dirty Clubs (5 players)": ("dirty-clubs-5", "any"),
    "Columbus (3 players)": ("columbus", "any"),
    "six-hand": ("six-hand", "partner"),
}


def to_opening_lead(game: Machine, rng: random.Random, steer: str) -> None:
    """Deal and bid at random until a hand reaches its opening lead."""
    while True:
        if game.hand_over:
            game.deal_random(rng)
        while game.phase != PLAYING and not game.hand_over:
            actions = game.legal_actions()
            if steer == "alone" and any(a.alone for a in actions):
                actions = tuple(a for a in actions if a.alone)
            elif steer == "partner":
                actions = tuple(a for a in actions if not a.alone) or actions
            elif steer == "no-trump":
                nt = tuple(a for a in actions if a.verb == CALL and a.arg == NO_TRUMP)
                if nt:
                    actions = nt
                elif game.phase == ORDER_UP_ROUND:
                    actions = tuple(a for a in actions if a.verb == PASS) or actions
                else:
                    actions = tuple(a for a in actions if not a.alone) or actions
            game.apply(rng.choice(actions))
        if game.phase == PLAYING:
            return


def rules_of(variant: str | dict[str, Any]) -> RuleSet:
    if isinstance(variant, dict):
        return compile_data(variant)
    return compile_file(Path(variant)) if variant.endswith((".yaml", ".euchre")) else \
        load_variant(variant)


def percentiles(values: list[float]) -> tuple[float, float, float, float]:
    """Median, mean, 99th percentile and maximum."""
    values = sorted(values)
    p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
    return statistics.median(values), statistics.fmean(values), p99, values[-1]


def bench(variant: str | dict[str, Any], steer: str, deals: int, seed: int,
          per_deal: bool = False, tricks_only: bool = False
          ) -> tuple[list[float], list[float], list[float], list[float]]:
    """Per deal: ms and positions of ``solve`` (exact tricks) and of
    ``solve_points`` (the score only), each from an empty table."""
    rules = rules_of(variant)
    solver = Solver(rules)
    rng = random.Random(seed)
    out: tuple[list[float], list[float], list[float], list[float]] = ([], [], [], [])
    for _ in range(deals):
        game = Machine(rules, dealer=rng.randrange(rules.players.count))
        to_opening_lead(game, rng, steer)
        seat = None if game.maker is not None else game.to_act
        entries = (solver.solve,) if tricks_only else (solver.solve, solver.solve_points)
        for i, entry in enumerate(entries):
            solver.clear()
            before = solver.nodes
            t0 = time.thread_time()
            value = entry(game, seat)
            out[2 * i].append((time.thread_time() - t0) * 1000)
            out[2 * i + 1].append(solver.nodes - before)
            if per_deal:
                print(f"  deal {len(out[2 * i])} {entry.__name__}: {value} "
                      f"in {out[2 * i][-1] / 1000:.2f} s, {out[2 * i + 1][-1]} positions",
                      flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=positive, default=2000, help="deals per scenario")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--only", help="run only the scenarios whose name contains this")
    ap.add_argument("--variant", action="append", default=[], metavar="V",
                    help="add a scenario for this shipped variant or variant file (repeatable)")
    ap.add_argument("--per-deal", action="store_true", help="print each deal's figures")
    ap.add_argument("--tricks-only", action="store_true",
                    help="time only the exact trick count, not the score search")
    ap.add_argument("--out", type=Path, help="also write the table to this file")
    args = ap.parse_args()
    scenarios = dict(SCENARIOS)
    for path in args.variant:
        scenarios[Path(path).stem] = (path, "any")
    compiled = not str(solver_module.__file__).endswith(".py")
    head = (f"solver build: {'compiled' if compiled else 'pure Python'}, Python "
            f"{sys.version.split()[0]}, {args.deals} seeded deals per row (seed {args.seed}), "
            "one core (CPU time), each deal solved from the opening lead with an empty table")
    lines = [head, "",
             "| scenario | tricks: median ms | mean ms | p99 ms | max ms | positions (mean) "
             "| score: median ms | mean ms | p99 ms | max ms | positions (mean) |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    print("\n".join(lines), flush=True)
    for name, (variant, steer) in scenarios.items():
        if args.only and args.only not in name:
            continue
        times, nodes, ptimes, pnodes = bench(variant, steer, args.deals, args.seed,
                                             args.per_deal, args.tricks_only)
        cells = [name]
        for t, n in ((times, nodes), (ptimes, pnodes)):
            if not t:
                cells += ["-"] * 5
                continue
            med, mean, p99, worst = percentiles(t)
            cells += [f"{med:.3f}", f"{mean:.3f}", f"{p99:.2f}", f"{worst:.2f}",
                      f"{statistics.fmean(n):.0f}"]
        line = "| " + " | ".join(cells) + " |"
        lines.append(line)
        print(line, flush=True)
    if args.out:
        args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
