"""What the PIMC bot's sequential stopping costs and loses, run by hand:
``python bench/stopping.py``.

The bot weighs a decision's options on worlds drawn in batches of ten, and
drops an option once it is clearly behind the leader (``SEPARATION``
standard errors of the paired difference, :func:`survivors`), up to a cap of
worlds (``bid_worlds`` for a bid, ``worlds`` for a card).  Fewer worlds are
cheaper and noisier; which rule is worth its cost?  A strength match answers
that only to within a few hundredths of a point per hand.  This answers it
offline, on the same values for every rule:

1. seeded hands of four ``pimc`` players (standard euchre) give the decisions:
   every bidding decision with more than one option worth searching, and
   every card decision with more than one legal card;
2. each decision's options are all valued on ``--worlds`` (400) worlds drawn
   as the bot draws them (its readings of the bidding and the play);
3. each stopping rule is replayed on the first worlds of that sequence, as the
   bot would run it; its choice is judged on the *last half* of the worlds
   (which no rule below the cap sees): the **regret** is how far the choice's
   value falls short of the best option's there, as a share of what being set
   costs (``bias``'s unit), averaged over decisions, paired against the
   bot's own rule (with a standard error over decisions);
4. the **cost** is the solver calls per decision: a bid's options each need
   their own search per world; a card decision's cards share one.

The caps replayed must be at most half of ``--worlds``.  Runs on the installed
build (compiled or not); ``--quick`` shrinks every size for a smoke run.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import NamedTuple, Sequence

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

from bench_args import positive  # noqa: E402
from euchre_dsl import build  # noqa: E402
from euchre_dsl.cards import mask_cards  # noqa: E402
from euchre_dsl.engine.actions import PLAYING, Action  # noqa: E402
from euchre_dsl.engine.machine import Machine  # noqa: E402
from euchre_dsl.engine.play import legal_plays  # noqa: E402
from euchre_dsl.engine.view import SeatView  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402
from euchre_dsl.search.position import position_of  # noqa: E402
from euchre_dsl.search.worlds import WorldSampler  # noqa: E402
from euchre_dsl.sim.bots import make_bot, parse_bot_spec  # noqa: E402
from euchre_dsl.sim.bots.pimc import (  # noqa: E402
    BATCH_WORLDS, SEPARATION, PimcBot, candidates, draw_world, net_utility, survivors,
)


class Decision(NamedTuple):
    """One decision's options valued in every world: ``values[w][i]``."""
    bid: bool
    stake: float
    values: list[list[float]]


def collect(hands: int, worlds: int, seed: int) -> list[Decision]:
    """The decisions of ``hands`` seeded hands of four pimc players, every option
    valued on ``worlds`` worlds by a judge bot drawing them as the players do."""
    rules = load_variant("standard")
    players = [make_bot(parse_bot_spec("pimc"), rules, random.Random(seed * 10 + s))
               for s in range(4)]
    judge = make_bot(parse_bot_spec("pimc"), rules, random.Random(seed + 999))
    assert isinstance(judge, PimcBot)
    rng = random.Random(seed)
    out: list[Decision] = []
    for h in range(hands):
        game = Machine(rules, dealer=h % 4)
        game.deal_random(rng)
        while not game.hand_over:
            seat = game.to_act
            view = SeatView(game, seat)
            if game.phase == PLAYING:
                legal = legal_plays(game, seat)
                if legal & (legal - 1):
                    out.append(card_values(judge, view, legal, worlds))
                game.play(seat, players[seat].play(view, legal))
            else:
                actions = game.legal_actions()
                options = candidates(view, actions)
                if len(options) > 1:
                    out.append(bid_values(judge, view, options, worlds))
                game.apply(players[seat].act(view, actions))
    return out


def bid_values(judge: PimcBot, view: SeatView, options: Sequence[Action], worlds: int
               ) -> Decision:
    """Every option of a bidding decision valued as the bot values it (with its
    ``bias`` and ``alone_bias`` credits) in each of ``worlds`` worlds."""
    seat = view.seat
    sampler = WorldSampler(view)
    readers = judge._readers(view)
    stake = judge._stake(sampler.template, seat)
    credit = judge._credits(options, stake)
    judge.solver.allow(None)
    values = []
    for _ in range(worlds):
        world = draw_world(sampler, readers, judge.rng)
        values.append([judge._value_after(world, a, seat) + credit[i]
                       for i, a in enumerate(options)])
    return Decision(True, stake, values)


def card_values(judge: PimcBot, view: SeatView, legal: int, worlds: int) -> Decision:
    """Every legal card valued by the solver in each of ``worlds`` worlds."""
    seat = view.seat
    sampler = WorldSampler(view)
    readers = judge._readers(view)
    u = net_utility(sampler.template, seat, judge.partners, judge.chances)
    cards = list(mask_cards(legal))
    judge.solver.allow(None)
    values = []
    for _ in range(worlds):
        world = draw_world(sampler, readers, judge.rng)
        points = judge.solver.card_points_position(position_of(world, seat), u)
        values.append([float(points[c]) for c in cards])
    return Decision(False, judge._stake(sampler.template, seat), values)


def replay(d: Decision, cap: int, separation: float) -> tuple[int, int]:
    """The option a stopping rule picks on ``d``'s first worlds, and its solver
    calls: batches of :data:`BATCH_WORLDS`, options clearly behind dropped, as
    the bot's ``_weigh`` and ``_card_means`` run it (a card decision also stops
    when the cards left were equal in every world of two batches or more)."""
    k = len(d.values[0])
    values: list[list[float]] = [[] for _ in range(k)]
    alive = list(range(k))
    calls = 0
    for w in range(cap):
        row = d.values[w]
        calls += len(alive) if d.bid else 1
        for i in alive:
            values[i].append(row[i])
        if (w + 1) % BATCH_WORLDS == 0 and w + 1 < cap:
            alive = survivors(values, alive, separation)
            if len(alive) == 1 or (not d.bid and w + 1 >= 2 * BATCH_WORLDS and
                                   all(values[i] == values[alive[0]] for i in alive)):
                break
    best = max(alive, key=lambda i: sum(values[i]) / len(values[i]))
    return best, calls


def judged(decisions: list[Decision], cap: int, separation: float, base_cap: int
           ) -> tuple[float, float, float]:
    """Solver calls per decision, and the regret against the bot's own rule (mean,
    standard error), judged on the last half of each decision's worlds."""
    diffs: list[float] = []
    calls = 0
    for d in decisions:
        half = len(d.values) // 2
        truth = [sum(row[i] for row in d.values[half:]) / (len(d.values) - half)
                 for i in range(len(d.values[0]))]
        mine, used = replay(d, cap, separation)
        theirs, _ = replay(d, base_cap, SEPARATION)
        calls += used
        diffs.append((truth[theirs] - truth[mine]) / d.stake if d.stake else 0.0)
    n = len(diffs)
    mean = sum(diffs) / n
    se = (sum((x - mean) ** 2 for x in diffs) / (n - 1) / n) ** 0.5 if n > 1 else 0.0
    return calls / n, mean, se


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--hands", type=positive, default=120, help="seeded hands (default 120)")
    p.add_argument("--worlds", type=positive, default=400,
                   help="worlds each decision's options are valued on (default 400)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quick", action="store_true")
    args = p.parse_args(argv)
    hands, worlds = (2, 200) if args.quick else (args.hands, args.worlds)
    bot = make_bot(parse_bot_spec("pimc"), load_variant("standard"), random.Random(0))
    assert isinstance(bot, PimcBot)
    bid_cap, card_cap = bot.bid_worlds, bot.worlds
    if 2 * max(bid_cap, card_cap) > worlds:
        p.error(f"--worlds must be at least twice the caps replayed ({bid_cap} and {card_cap})")
    start = time.process_time()
    decisions = collect(hands, worlds, args.seed)
    print(f"euchre-dsl {build()} build; {hands} hands of four pimc players (seed "
          f"{args.seed}), {worlds} worlds a decision, "
          f"{time.process_time() - start:.0f} s of CPU")
    for bid, name, base, caps in ((True, "bidding", bid_cap, (bid_cap // 2, bid_cap)),
                                  (False, "card", card_cap, (card_cap * 4 // 5, card_cap))):
        chosen = [d for d in decisions if d.bid == bid]
        print(f"\n{name} decisions: {len(chosen)}; regret against the bot's rule "
              f"(cap {base}, separation {SEPARATION}), as a share of what being set costs")
        print("  cap  separation  solver calls  regret")
        for cap in caps:
            for separation in (1.5, 2.0, 2.5, 3.0):
                calls, mean, se = judged(chosen, cap, separation, base)
                print(f"  {cap:3d}  {separation:10.1f}  {calls:12.1f}  {mean:+.4f} ± {se:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
