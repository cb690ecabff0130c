"""A policy as a bot: play a trained agent in ``euchre simulate`` and ``compare``.

Subclass :class:`PolicyBot` and define ``choose(observation, action_mask)``,
returning an action id; then ``--bot package.module:Class`` seats it.  The bot
sees exactly what the environment's agent sees: the observation is encoded
from the seat's :class:`~euchre_dsl.engine.view.SeatView` by the same encoder, and
the mask holds the ids of the actions the simulator offers (the engine's legal
actions, or in the play its legal cards).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Callable, Sequence

import numpy as np

from ..engine.actions import Action, IllegalAction
from ..rules.ruleset import RuleSet
from ..rng import RandomSource
from ..engine.view import SeatView
from .action_space import ActionSpace
from .observation import Encoder

#: A policy: ``policy(observation, action_mask) -> action id``.
Policy = Callable[[Any, Any], int]


class PolicyBot(ABC):
    """A bot that asks :meth:`choose` for an action id (see the module docstring).

    Made as ``Class(rules, rng, **parameters)`` like every bot; the parameters of
    a spec (``my.module:MyBot:path=agent.npz``) arrive as keyword arguments.
    """

    def __init__(self, rules: RuleSet, rng: RandomSource, **params: Any) -> None:
        self.rules = rules
        self.rng = rng
        self.params = params
        self.space = ActionSpace(rules)
        self.encoder = Encoder(rules, self.space)
        self._nbytes = (self.space.size + 7) // 8

    @abstractmethod
    def choose(self, observation: Any, action_mask: Any) -> int:
        """The id to take, one whose ``action_mask`` entry is 1."""

    def _mask(self, legal: int) -> Any:
        raw = np.frombuffer(legal.to_bytes(self._nbytes, "little"), dtype=np.uint8)
        return np.unpackbits(raw, count=self.space.size, bitorder="little").view(np.int8)

    def _ask(self, view: SeatView, legal: int) -> int:
        index = int(self.choose(self.encoder.observe(view), self._mask(legal)))
        if not (0 <= index < self.space.size and (legal >> index) & 1):
            names = ", ".join(f"{i} ({self.space.names[i]})" for i in range(self.space.size)
                              if (legal >> i) & 1)
            what = self.space.names[index] if 0 <= index < self.space.size else "not an id"
            raise IllegalAction("illegal-action", f"{type(self).__name__} chose action "
                                f"{index} ({what}), which is not legal now; the legal "
                                f"actions are {names}")
        return index

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        table = {self.space.id_of(a): a for a in legal}
        mask = 0
        for i in table:
            mask |= 1 << i
        return table[self._ask(view, mask)]

    def play(self, view: SeatView, legal: int) -> int:
        return self._ask(view, legal)  # ``play c`` is id ``c``


class CallableBot(PolicyBot):
    """A :data:`Policy` function as a bot (what :func:`~.evaluate.evaluate` seats)."""

    def __init__(self, rules: RuleSet, rng: RandomSource, policy: Policy) -> None:
        super().__init__(rules, rng)
        self.policy = policy

    def choose(self, observation: Any, action_mask: Any) -> int:
        return self.policy(observation, action_mask)
