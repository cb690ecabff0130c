"""Bots: players the simulator can seat.

A bot answers two questions: which action to take from a list of legal ones
(bidding, exchanges, declarations), and which card to play from a mask of
legal cards.  The second is separate because it is asked twenty times a hand
and must stay cheap.
"""

from __future__ import annotations

import random
from typing import Protocol, Sequence

from ..engine.actions import Action
from ..engine.game import Game


class Bot(Protocol):
    """What the simulator needs from a player."""

    def act(self, game: Game, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) outside the play of the cards."""

    def play(self, game: Game, seat: int, legal: int) -> int:
        """Choose a card index from the non-empty mask ``legal``."""


class RandomBot:
    """Chooses uniformly at random among the legal actions and cards.

    Its choices depend only on its own ``random.Random``, so a seeded bot
    makes a simulation reproducible bit for bit.
    """

    name = "random"

    def __init__(self, rng: random.Random):
        self._random = rng.random
        #: Lets :meth:`Game.play_out` draw this bot's cards inline (same
        #: distribution and random stream as :meth:`play`).
        self.uniform_random = rng.random

    def act(self, game: Game, legal: Sequence[Action]) -> Action:
        return legal[int(self._random() * len(legal))]

    def play(self, game: Game, seat: int, legal: int) -> int:
        if not legal & (legal - 1):  # one legal card: no draw needed
            return legal.bit_length() - 1
        k = int(self._random() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        return (legal & -legal).bit_length() - 1


BOTS = {"random": RandomBot}
