"""How often a bot's bidding flips with its seed: ``python bench/bid_stability.py``.

Deals of ``--deal-seed`` are bid by the rule bot; every decision to make trump or
pass met on the way (first round and second, up to ``--decisions`` of them) is
asked of each bot spec twice, with seeds 1 and 2 (``random.Random(1)``,
``random.Random(2)``), and the answers compared: the share that differ is the
bot's instability (issue 41 found 22 of 300 for ``pimc``).  For ``pimc`` the
decisions its search could not separate (:attr:`PimcBot.tied`, with either seed)
are counted too, and the flips among them.  Use the installed build (compiled).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

from bench_args import positive  # noqa: E402
from euchre_dsl.engine.actions import CALL, ORDER_UP, PASS  # noqa: E402
from euchre_dsl.engine.machine import Machine  # noqa: E402
from euchre_dsl.engine.view import SeatView  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402
from euchre_dsl.sim.bots import make_bot, parse_bot_spec  # noqa: E402
from euchre_dsl.sim.bots.rule import RuleBot  # noqa: E402


def decisions(variant: str, count: int, deal_seed: int) -> list[Machine]:
    """The first ``count`` make-or-pass decisions of rule-bot bidding on the deals of
    ``deal_seed`` (each a copy of the game at the decision, the seat to act deciding)."""
    rules = load_variant(variant)
    rule = RuleBot(rules, random.Random(0))
    out: list[Machine] = []
    deal = 0
    while len(out) < count:
        game = Machine(rules, dealer=deal % rules.players.count)
        game.deal_random(random.Random(f"{deal_seed}:{deal}"))
        deal += 1
        while game.trump is None and not game.hand_over and len(out) < count:
            legal = game.legal_actions()
            verbs = {a.verb for a in legal}
            if PASS not in verbs or not verbs & {ORDER_UP, CALL}:
                break
            out.append(game.clone())
            game.apply(rule.act(SeatView(game, game.to_act), legal))
    return out


def stability(spec: str, games: list[Machine]) -> tuple[int, int, int]:
    """(decisions that differ between seeds 1 and 2, decisions reported tied by either,
    differing decisions among those)."""
    parsed = parse_bot_spec(spec)
    differ = tied = tied_differ = 0
    for game in games:
        answers, ties = [], False
        for seed in (1, 2):
            bot = make_bot(parsed, game.rules, random.Random(seed))
            answers.append(bot.act(SeatView(game, game.to_act), game.legal_actions()))
            ties = ties or bool(getattr(bot, "tied", ()))
        flip = answers[0] != answers[1]
        differ += flip
        tied += ties
        tied_differ += flip and ties
    return differ, tied, tied_differ


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bot", action="append", default=[],
                   help="a bot spec to measure (repeatable; default pimc and pimc:ties=rule)")
    p.add_argument("--decisions", type=positive, default=300)
    p.add_argument("--deal-seed", type=int, default=1)
    p.add_argument("--variant", default="standard")
    args = p.parse_args(argv)
    games = decisions(args.variant, args.decisions, args.deal_seed)
    print("| bot | decisions | differ between seeds 1 and 2 | reported tied | "
          "differ among the tied |\n|---|---|---|---|---|")
    for spec in args.bot or ["pimc", "pimc:ties=rule"]:
        differ, tied, tied_differ = stability(spec, games)
        n = len(games)
        print(f"| `{spec}` | {n} | {differ} ({differ / n:.1%}) | {tied} | {tied_differ} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
