"""The uniform-random player: the baseline, and the fast path of random simulation."""

from __future__ import annotations

from typing import ClassVar, Sequence

from ...engine.actions import Action
from ...rules.ruleset import RuleSet
from ...engine.view import SeatView
from ...rng import RandomSource
from .base import Param


class RandomBot:
    """Chooses uniformly at random among the legal actions and cards.

    Its choices depend only on its own ``rng``, so a seeded bot makes a
    simulation reproducible bit for bit.
    """

    name: ClassVar[str] = "random"
    PARAMS: ClassVar[tuple[Param, ...]] = ()

    def __init__(self, rules: RuleSet, rng: RandomSource) -> None:
        self._random = rng.random
        #: Lets the engine draw this bot's choices inline, from the same stream
        #: with the same formulas as :meth:`act` and :meth:`play`:
        #: :meth:`Machine.play_out` its cards, and :meth:`Machine.play_hand_random`
        #: whole hands when every seat is random.
        self.uniform_random = rng.random

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return legal[int(self._random() * len(legal))]

    def play(self, view: SeatView, legal: int) -> int:
        if not legal & (legal - 1):  # one legal card: no draw needed
            return legal.bit_length() - 1
        k = int(self._random() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        return (legal & -legal).bit_length() - 1
