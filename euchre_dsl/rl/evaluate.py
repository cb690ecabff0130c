"""How good a policy is: its margin over bots on duplicate deals, with a 95% interval.

Deal *u* is hand 0 of game *u* of ``euchre simulate --seed s`` (the same
first dealer and cards: :class:`~euchre_dsl.sim.deals.Deals`).  Each deal is
played once for every side, with the policy in that side's seats and the
opponents' bot in all the others, so every seat's cards are played once by
the policy: luck of the cards cancels.  A deal's margin is the mean, over
those plays, of the policy side's zero-sum reward
(:func:`~.episode.hand_rewards`); a policy as good as its opponents scores 0.
"""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import NamedTuple

from ..engine.machine import Machine
from ..rng import BOT, check_seed, derive
from ..rules.registry import load_variant
from ..rules.ruleset import RuleSet
from ..sim.bots import Bot, make_bot
from ..sim.deals import Deals
from ..sim.runner import play_game
from .bot import CallableBot, Policy
from .episode import hand_rewards


class Evaluation(NamedTuple):
    """A policy's mean margin per hand over its opponents, with its 95% interval."""

    margin: float
    half_width: float  # the 95% interval is margin ± half_width
    deals: int
    opponents: str

    @property
    def interval(self) -> tuple[float, float]:
        return self.margin - self.half_width, self.margin + self.half_width

    def __str__(self) -> str:
        lo, hi = self.interval
        return (f"{self.margin:+.3f} ± {self.half_width:.3f} points per hand against "
                f"{self.opponents} over {self.deals} duplicate deals (95% interval "
                f"{lo:+.3f} to {hi:+.3f})")


def evaluate(policy: Policy, opponents: str = "rule", deals: int = 1000,
             variant: str | Path | RuleSet = "standard", seed: int = 0) -> Evaluation:
    """The margin of ``policy(observation, action_mask) -> id`` over the bot
    ``opponents`` (a bot spec: ``random``, ``rule``, ``pimc:worlds=20``, ...) on
    ``deals`` duplicate deals of ``variant`` dealt from ``seed``."""
    if deals < 2:
        raise ValueError(f"deals={deals}: at least 2 deals are needed for an interval")
    seed = check_seed(seed)
    rules = variant if isinstance(variant, RuleSet) else load_variant(str(variant))
    n = rules.players.count
    mine: list[Bot] = [CallableBot(rules, random.Random(derive(seed, BOT, 0, s)), policy)
                       for s in range(n)]
    theirs = [make_bot(opponents, rules, random.Random(derive(seed, BOT, 1, s)))
              for s in range(n)]
    source = Deals(seed)
    margins: list[float] = []
    sides = Machine(rules).sides
    for unit in range(deals):
        dealer = source.first_dealer(unit, n)
        total = 0.0
        for side in sides:
            bots = [mine[s] if s in side else theirs[s] for s in range(n)]
            game = Machine(rules, dealer=dealer)
            source.start(unit, 0)
            play_game(rules, bots, source, game, stop_after=1)
            total += hand_rewards(game, game.results[-1])[side[0]]
        margins.append(total / len(sides))
    mean = sum(margins) / deals
    var = sum((m - mean) ** 2 for m in margins) / (deals - 1)
    return Evaluation(mean, 1.96 * math.sqrt(var / deals), deals, opponents)
