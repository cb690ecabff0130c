"""Plug-in bots that break the bot interface (issue 27, finding 9), for
``--bot hostile_bots:Class``: each plays legally until the decision it is made to
get wrong, then raises, exits, or answers with something that is not a choice."""

from __future__ import annotations

import sys
from typing import Any, Sequence

from euchre_dsl.engine.actions import Action
from euchre_dsl.rules.ruleset import RuleSet
from euchre_dsl.rng import RandomSource
from euchre_dsl.sim.bots import Param, RandomBot
from euchre_dsl.engine.view import SeatView


class _Base:
    PARAMS: tuple[Param, ...] = ()

    def __init__(self, rules: RuleSet, rng: RandomSource) -> None:
        self.inner = RandomBot(rules, rng)

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return self.inner.act(view, legal)

    def play(self, view: SeatView, legal: int) -> int:
        return self.inner.play(view, legal)


class Raises(_Base):
    def play(self, view: SeatView, legal: int) -> int:
        raise ValueError("no idea what to play")


class OutsideTheDeck(_Base):
    def play(self, view: SeatView, legal: int) -> int:
        return 99


class Negative(_Base):
    def play(self, view: SeatView, legal: int) -> int:
        return -1


class Word(_Base):
    def play(self, view: SeatView, legal: int) -> Any:
        return "JH"


class Nothing(_Base):
    def act(self, view: SeatView, legal: Sequence[Action]) -> Any:
        return None


class Exits(_Base):
    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        sys.exit(0)


class BrokenAtBirth(_Base):
    def __init__(self, rules: RuleSet, rng: RandomSource) -> None:
        raise RuntimeError("cannot start")
