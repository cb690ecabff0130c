"""A bot as a model of how people play, for weighing sampled worlds.

The analysis of a hand with hidden cards (:mod:`euchre_dsl.analysis.hidden`)
weighs each sampled world by how likely the seats' bids were in it.  A
:class:`SoftBot` reads that likelihood from a bot: the action the bot would
take with the seat's hand of that world gets ``trust`` plus an equal share of
the rest, every other legal action its equal share of ``1 - trust``.  A
player who bids unlike the bot so lowers a world's weight without ever
ruling it out, so the true deal is never thrown away.
"""

from __future__ import annotations

import random

from ..engine.actions import Action
from ..engine.game import Game
from ..rng import check_seed
from ..engine.view import SeatView
from ..rules.ruleset import RuleSet
from .bots import Bot, make_bot

#: How much a player is taken to bid like the bot, by default.
DEFAULT_TRUST = 0.75


class SoftBot:
    """``P(action) = trust * [the bot's choice] + (1 - trust) / (legal actions)``."""

    def __init__(self, spec: str = "rule", trust: float = DEFAULT_TRUST, seed: int = 0) -> None:
        if not 0.0 <= trust < 1.0:
            raise ValueError(f"trust must be at least 0 and below 1, not {trust}")
        self.spec = spec
        self.trust = trust
        self.seed = check_seed(seed)
        self._bots: dict[int, tuple[RuleSet, Bot]] = {}
        #: the bots' one rng, reseeded before every question so that an answer never
        #: depends on the questions asked before it (the same report for any --workers)
        self._rng = random.Random(seed)

    def bot(self, rules: RuleSet) -> Bot:
        found = self._bots.get(id(rules))
        if found is None or found[0] is not rules:
            found = self._bots[id(rules)] = (
                rules, make_bot(self.spec, rules, self._rng))
        return found[1]

    def probability(self, game: Game, seat: int, action: Action) -> float:
        legal = game.legal_actions()
        if action not in legal:
            return (1.0 - self.trust) / max(len(legal), 1)
        bot = self.bot(game.rules)
        self._rng.seed(self.seed)
        chosen = bot.act(SeatView(game, seat), legal)
        share = (1.0 - self.trust) / len(legal)
        return share + (self.trust if chosen == action else 0.0)
