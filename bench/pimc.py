"""How fast the PIMC bot decides, run by hand: ``python bench/pimc.py``.

Reports, for standard euchre on one core with the installed build (compiled
or not):

* opening leads per second at 50 worlds (the costliest card: five cards in
  every hand, the solver searching the whole play); targets >= 25;
* the CPU seconds a whole hand takes with four PIMC players, bidding
  included, and how that splits between bidding and play; target <= 0.1 s
  (compiled);
* with ``--variants`` (every shipped variant, or those named), the CPU seconds
  of one whole game of each with a PIMC player in every seat, seed 1 -- the
  game ``euchre simulate -v V -n 1 -s 1 --bot pimc`` plays; target <= 3 s
  (compiled, issue 38).  One game, not a median: a game is long enough.

Times are CPU time of this process (``time.process_time``): on a machine
shared with other work, wall-clock time would count the others' turns.

Positions come from seeded random deals (the bidding by rule bots, so that
each lead is one a real game reaches); figures are medians of ``--repeat``
runs.  ``--quick`` shrinks every size for a smoke run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

from bench_args import positive  # noqa: E402
from euchre_dsl import build  # noqa: E402
from euchre_dsl.engine.actions import PLAYING  # noqa: E402
from euchre_dsl.engine.machine import Machine  # noqa: E402
from euchre_dsl.engine.play import legal_plays  # noqa: E402
from euchre_dsl.rules.registry import load_variant, shipped_ids  # noqa: E402
from euchre_dsl.sim.runner import RunSpec, play_batch  # noqa: E402
from euchre_dsl.sim.bots import Bot, BotSpecError, make_bot, parse_bot_spec  # noqa: E402
from euchre_dsl.sim.bots.rule import RuleBot  # noqa: E402
from euchre_dsl.engine.view import SeatView  # noqa: E402


def opening_leads(count: int, seed: int) -> list[Machine]:
    """Games at the first lead of a hand, the bidding made by rule bots."""
    rules = load_variant("standard")
    rule = RuleBot(rules, random.Random(seed))
    rng = random.Random(seed)
    out: list[Machine] = []
    while len(out) < count:
        game = Machine(rules, dealer=len(out) % 4)
        game.deal_random(rng)
        while game.phase != PLAYING and not game.hand_over:
            game.apply(rule.act(SeatView(game, game.to_act), game.legal_actions()))
        if game.phase == PLAYING:
            out.append(game)
    return out


def lead_rate(positions: list[Machine], spec: str) -> float:
    bot = make_bot(parse_bot_spec(spec), positions[0].rules, random.Random(1))
    start = time.process_time()
    for game in positions:
        seat = game.to_act
        bot.play(SeatView(game, seat), game.cand[seat])
    return len(positions) / (time.process_time() - start)


def hand_times(hands: int, seed: int, spec: str) -> tuple[float, float, float]:
    """Seconds per hand of four PIMC players: total, bidding, play."""
    rules = load_variant("standard")
    bots: list[Bot] = [make_bot(parse_bot_spec(spec), rules, random.Random(seed * 10 + s))
                       for s in range(4)]
    rng = random.Random(seed)
    bid = play = 0.0
    for h in range(hands):
        game = Machine(rules, dealer=h % 4)
        game.deal_random(rng)
        while not game.hand_over:
            seat = game.to_act
            view = SeatView(game, seat)
            t = time.process_time()
            if game.phase == PLAYING:
                card = bots[seat].play(view, legal_plays(game, seat))
                play += time.process_time() - t
                game.play(seat, card)
            else:
                action = bots[seat].act(view, game.legal_actions())
                bid += time.process_time() - t
                game.apply(action)
    return (bid + play) / hands, bid / hands, play / hands


def game_time(variant: str, seed: int = 1) -> tuple[float, int]:
    """CPU seconds of one seeded game of ``variant`` with ``pimc`` in every seat, and
    its hands."""
    rules = load_variant(variant)
    spec = RunSpec(rules, variant, seed, ("pimc",) * rules.players.count, records=False)
    start = time.process_time()
    batch = play_batch(spec, 0, limit=1)
    return time.process_time() - start, batch.stats.hands


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true")
    p.add_argument("--repeat", type=positive, default=3)
    p.add_argument("--bot", default="pimc", help="the PIMC bot's spec, e.g. "
                   "pimc:reading=off,read_play=no to time it without reading the table "
                   "(default: pimc, 50 worlds a card)")
    p.add_argument("--variants", nargs="*", metavar="VARIANT",
                   help="time one pimc game of each shipped variant (or of those named) "
                   "instead")
    args = p.parse_args(argv)
    if args.variants is not None:
        known = shipped_ids()
        unknown = [v for v in args.variants if v not in known]
        if unknown:
            p.error(f"--variants: not shipped: {', '.join(unknown)} (shipped: "
                    f"{', '.join(known)})")
        print(f"euchre-dsl {build()} build, CPython {sys.version.split()[0]}, one core")
        print("variant | CPU s a pimc game (seed 1) | hands | CPU s a hand")
        for v in args.variants or known:
            seconds, hands = game_time(v)
            flag = "" if seconds <= 3 else "  (over the 3 s target)"
            print(f"{v} | {seconds:.2f} | {hands} | {seconds / max(hands, 1):.3f}{flag}",
                  flush=True)
        return 0
    try:  # a mistyped spec is a usage error, said before any timing starts
        make_bot(parse_bot_spec(args.bot), load_variant("standard"), random.Random(0))
    except BotSpecError as exc:
        p.error(f"--bot: {exc}")
    leads = 10 if args.quick else 60
    hands = 3 if args.quick else 20
    repeat = 1 if args.quick else args.repeat
    print(f"euchre-dsl {build()} build, CPython {sys.version.split()[0]}, one core")
    positions = opening_leads(leads, 7)
    rates = [lead_rate(positions, args.bot) for _ in range(repeat)]
    print(f"{args.bot} opening lead: {statistics.median(rates):.1f} decisions/s "
          f"(target >= 25 at 50 worlds)")
    runs = [hand_times(hands, 11 + r, args.bot) for r in range(repeat)]
    total = statistics.median(r[0] for r in runs)
    bid = statistics.median(r[1] for r in runs)
    play = statistics.median(r[2] for r in runs)
    print(f"a hand of four {args.bot} players: {total:.3f} s (bidding {bid:.3f} s, play "
          f"{play:.3f} s; CPU; target <= 0.1 s compiled)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
