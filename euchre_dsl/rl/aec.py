"""A variant as a PettingZoo AEC environment: :func:`env`.

Agents are the seats' labels (``N``, ``E``, ``S``, ``W``; ``A``, ``B``, ...).
Each observation is a dict: ``observation``, the seat's tensor
(:mod:`.observation`), and ``action_mask``, 1 for each legal id of the fixed
``Discrete`` action space (:mod:`~.action_space`) when the agent is on turn.  An id
the engine does not list raises :class:`~euchre_dsl.engine.actions.IllegalAction`
naming the legal ones: an illegal move is a bug in the caller, never a penalty.

The cards come from the simulator's deals (:mod:`~.episode`): ``reset(seed=s)``
deals game 0 of ``euchre simulate --seed s``, each ``reset()`` after it the next.
"""

from __future__ import annotations

from operator import index
from pathlib import Path
from typing import Any, SupportsIndex, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.actions import IllegalAction
from ..rng import check_seed
from ..rules.registry import load_variant
from ..rules.ruleset import RuleSet
from ..engine.view import SeatView
from .observation import LAYOUT_VERSION
from .terminal import terminal_table
from .episode import Episode


class EuchreEnv(AECEnv):  # type: ignore[misc]
    """One variant's table for agents that act in turn (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": f"euchre_dsl_v{LAYOUT_VERSION}",
                "is_parallelizable": False}

    def __init__(self, rules: RuleSet, seed: int | None = None, episode: str = "hand",
                 reward: str = "points", render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r}: it is None or 'ansi'")
        self.render_mode = render_mode
        self.rules = rules
        self.table = Episode(rules, episode, reward)
        self._seed = None if seed is None else check_seed(seed)
        t = self.table
        self.space = t.space
        self.encoder = t.encoder
        labels = list(t.game.labels)
        self.possible_agents = labels
        self.agents: list[str] = []
        self._seat = {a: i for i, a in enumerate(labels)}
        obs = spaces.Box(0, 1, (t.encoder.size,), np.int8)
        mask = spaces.Box(0, 1, (t.space.size,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": obs, "action_mask": mask})
                                   for a in labels}
        self.action_spaces = {a: spaces.Discrete(t.space.size) for a in labels}
        #: ``state()``: the observation of the seat on turn, then every seat's hand
        #: (relative to it) and the cards in no hand and not yet seen (kitty, widow,
        #: other seats' discards).
        self.state_space = spaces.Box(0, 1, (t.encoder.size + (t.n + 1) * t.space.cards,),
                                      np.int8)
        self._rewarded = False  # the last step gave rewards (to clear on the next)
        self._nbytes = (t.space.size + 7) // 8

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----------------------------------------------------------------- episodes
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None and self.table.unit < 0:
            seed = self._seed if self._seed is not None else 0
        self.table.reset(None if seed is None else check_seed(seed))  # a NumPy integer too
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_act]
        self._rewarded = False

    def step(self, action: int | None) -> None:
        """Take ``action`` (an action id) for the agent on turn.

        As PettingZoo documents: once an agent is done (terminated or truncated),
        ``step(None)`` removes it from ``agents`` and an action id for it is a
        ``ValueError``.  Everything else that is not a legal id is an
        :class:`~euchre_dsl.engine.actions.IllegalAction` naming the legal ids: no
        agent left (reset first), ``None`` or a value that is not a whole number
        (``1.7``, ``"48"``, ``nan``, ``True``: never truncated to an id), or an id
        the rules do not allow now.
        """
        if not self.agents:
            raise IllegalAction("game-over", "no agent is in play: the episode is over (or "
                                "was never started); reset() the environment")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        t = self.table
        # an int first: isinstance() with the SupportsIndex protocol walks the protocol's
        # attributes on every call, a quarter of a step's time; hasattr is the same test
        if type(action) is int:
            chosen = action
        elif isinstance(action, bool) or not hasattr(action, "__index__"):
            raise IllegalAction("illegal-action", f"{agent} is on turn: step() takes an action "
                                f"id, a whole number 0 to {t.space.size - 1}, not {action!r}")
        else:  # a NumPy integer and the like
            chosen = index(cast(SupportsIndex, action))
        hands = len(t.game.results)
        t.step(chosen)
        self._cumulative_rewards[agent] = 0.0
        # rewards come only when a hand ends: the dictionaries are rewritten only then
        # and on the step after, not on every card
        if len(t.game.results) != hands or self._rewarded:
            self._rewarded = len(t.game.results) != hands
            rewards = self.rewards
            r = t.rewards
            for i, a in enumerate(self.possible_agents):
                rewards[a] = r[i]
            self._accumulate_rewards()
        if t.done:
            for a in self.agents:
                self.terminations[a] = not t.truncated
                self.truncations[a] = t.truncated
        else:
            self.agent_selection = self.possible_agents[t.to_act]

    # ------------------------------------------------------------ observations
    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        t = self.table
        obs = t.observe(seat)
        if not t.done and seat == t.to_act:
            legal = t.legal_mask()
            raw = np.frombuffer(legal.to_bytes(self._nbytes, "little"), dtype=np.uint8)
            mask = np.unpackbits(raw, count=t.space.size, bitorder="little").view(np.int8)
        else:
            mask = np.zeros(t.space.size, np.int8)  # the agent's own: nothing is shared
        return {"observation": obs, "action_mask": mask}

    def state(self) -> Any:
        """Full information, for training with every card visible (see ``state_space``)."""
        t = self.table
        g = t.game
        me = 0 if t.done else g.to_act
        d = t.space.cards
        bits = t.encoder.bits(SeatView(g, me))
        at = t.encoder.size
        elsewhere = g.deck.full_mask & ~g.played
        if g.upcard is not None:
            elsewhere &= ~(1 << g.upcard)
        for k in range(g.n):
            s = (me + k) % g.n
            bits |= g.sure[s] << (at + k * d)
            elsewhere &= ~g.sure[s]
        bits |= elsewhere << (at + g.n * d)
        size = self.state_space.shape[0]
        raw = np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
        return np.unpackbits(raw, count=size, bitorder="little").view(np.int8)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        return terminal_table(self.table.game)

    def close(self) -> None:
        pass


def env(variant: str | Path | RuleSet = "standard", seed: int | None = None,
        episode: str = "hand", reward: str = "points",
        render_mode: str | None = None) -> EuchreEnv:
    """A PettingZoo AEC environment for ``variant``: a shipped id, a variant file or a
    :class:`~euchre_dsl.rules.ruleset.RuleSet`.

    ``seed`` is the seed of the first ``reset()`` that gives none; ``episode`` is
    ``"hand"`` or ``"game"``; ``reward`` is ``"points"`` (zero-sum, per hand) or
    ``"won"`` (1 for each seat of the winning side at the end of a game).
    """
    rules = variant if isinstance(variant, RuleSet) else load_variant(str(variant))
    return EuchreEnv(rules, seed, episode, reward, render_mode)
