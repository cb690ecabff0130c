"""One seeded episode of a variant, stepped by action ids: the core of every environment.

:class:`Episode` holds an engine :class:`~euchre_dsl.engine.machine.Machine` and the
simulator's deals (:class:`~euchre_dsl.sim.deals.Deals`): with seed *s*,
episode *u* (the *u*-th reset since the seed was given, from 0) is dealt
exactly as game *u* of ``euchre simulate --seed s`` -- the same first dealer,
and hand *h* of the episode the same cards as hand *h* of that game.  An
episode is one hand (``episode="hand"``, the game's first) or a whole game
(``"game"``).  The PettingZoo environment, the OpenSpiel game's tests, the
benchmark and :func:`~euchre_dsl.rl.evaluate.evaluate` step it.

Rewards come when a hand ends.  ``"points"``: what the hand is worth to the
seat's side, net of the other sides (the engine's
:func:`~euchre_dsl.engine.scoring.net_values`: the side's gain minus the mean
of every other side's, a gain being points scored, in a countdown game points
taken off, and a game won outright on the hand worth the whole game), so the
rewards of a table sum to zero and a better hand is always more.  ``"won"``:
at the end of a game, 1 to each seat of a winning side, else 0.
"""

from __future__ import annotations

from typing import Any, Final

from ..engine.actions import PLAY, PLAYING, IllegalAction
from ..engine.machine import Machine
from ..engine.play import legal_plays
from ..engine.scoring import net_values
from ..engine.state import HandResult
from ..rules.ruleset import RuleSet
from ..sim.deals import Deals
from ..engine.view import SeatView
from .action_space import ActionSpace
from .observation import Encoder

EPISODES: Final = ("hand", "game")
REWARDS: Final = ("points", "won")

#: Hands a game may take before the episode is cut short (truncated), as the
#: simulator gives up on a game that reaches no end.
MAX_HANDS: Final = 10_000


def hand_rewards(game: Machine, res: HandResult) -> list[float]:
    """Each seat's zero-sum reward for the finished hand ``res`` of ``game``: its
    side's :func:`~euchre_dsl.engine.scoring.net_values`, the one rule for every
    reward, evaluation and OpenSpiel return."""
    values = net_values(game.rules, res.score)
    side_of = game.side_of
    return [values[side_of[s]] for s in range(game.n)]


class Episode:
    """A game dealt from a seed, stepped one action id at a time."""

    def __init__(self, rules: RuleSet, episode: str = "hand", reward: str = "points",
                 space: ActionSpace | None = None, encoder: Encoder | None = None) -> None:
        if episode not in EPISODES:
            raise ValueError(f"episode={episode!r}: it is 'hand' or 'game'")
        if reward not in REWARDS:
            raise ValueError(f"reward={reward!r}: it is 'points' or 'won'")
        if reward == "won" and episode == "hand":
            raise ValueError("reward='won' scores a whole game: use episode='game' with it")
        self.rules = rules
        self.whole_game = episode == "game"
        self.by_points = reward == "points"
        self.space = space if space is not None else ActionSpace(rules)
        self.encoder = encoder if encoder is not None else Encoder(rules, self.space)
        self.n = rules.players.count
        self.seed = 0
        self.unit = -1
        self.deals = Deals(0)
        self.game = Machine(rules)
        self.hand = 0
        #: Each seat's reward from the last step.
        self.rewards = [0.0] * self.n
        self.done = True
        self.truncated = False

    def __reduce__(self) -> tuple[Any, ...]:
        """``pickle`` and ``copy`` (vectorised training copies environments): a table of
        the same rules, episode and reward, then the episode as it stands.  A compiled
        class is otherwise remade with no arguments, which this one cannot be."""
        args = (self.rules, "game" if self.whole_game else "hand",
                "points" if self.by_points else "won", self.space, self.encoder)
        state = (self.seed, self.unit, self.deals, self.game, self.hand, self.rewards,
                 self.done, self.truncated)
        return Episode, args, state

    def __setstate__(self, state: tuple[int, int, Deals, Machine, int, list[float], bool, bool]
                     ) -> None:
        (self.seed, self.unit, self.deals, self.game, self.hand, self.rewards, self.done,
         self.truncated) = state

    # ---------------------------------------------------------------- episodes
    def reset(self, seed: int | None = None) -> None:
        """Start the next episode; with ``seed``, episode 0 of that seed."""
        if seed is not None:
            self.deals = Deals(seed)  # a seed that is not a whole number from 0 up: ValueError
            self.seed = self.deals.seed
            self.unit = 0
        else:
            self.unit += 1
        dealer = self.deals.first_dealer(self.unit, self.n)
        self.game = Machine(self.rules, dealer=dealer)
        self.deals.start(self.unit, 0)
        self.hand = 0
        self.rewards = [0.0] * self.n
        self.done = False
        self.truncated = False
        self.deals.deal(self.game, 0)

    @property
    def to_act(self) -> int:
        """The seat on turn (meaningless once the episode is over)."""
        return self.game.to_act

    # ------------------------------------------------------------------- steps
    def legal_mask(self) -> int:
        """The legal ids for the seat on turn, as a mask (0 once the episode is over)."""
        if self.done:
            return 0
        g = self.game
        if g.phase == PLAYING:
            return legal_plays(g, g.to_act)
        return self.space.legal(g)[0]

    def step(self, index: int) -> None:
        """Take action id ``index`` for the seat on turn; raises
        :class:`~euchre_dsl.engine.actions.IllegalAction` naming the legal ids."""
        if self.done:
            raise IllegalAction("game-over", "the episode is over: reset the environment")
        g = self.game
        rewards = self.rewards
        for s in range(self.n):
            rewards[s] = 0.0
        if g.phase == PLAYING and 0 <= index < self.space.cards and \
                (legal_plays(g, g.to_act) >> index) & 1:
            g.act(g.to_act, PLAY, index)
        else:
            g.apply(self.space.action(g, index))
        if g.hand_over:
            self._hand_ended()

    def _hand_ended(self) -> None:
        g = self.game
        res = g.results[-1]
        if self.by_points:
            self._score_points(res)
        if g.is_over or not self.whole_game:
            self.done = True
            if not self.by_points:
                winners = g.winners or []
                for s in range(self.n):
                    self.rewards[s] = 1.0 if g.side_of[s] in winners else 0.0
            return
        self.hand += 1
        if self.hand >= MAX_HANDS:
            self.done = self.truncated = True
            return
        self.deals.deal(g, self.hand)

    def _score_points(self, res: HandResult) -> None:
        rewards = hand_rewards(self.game, res)
        for s in range(self.n):
            self.rewards[s] = rewards[s]

    # ----------------------------------------------------------- observations
    def observation_bits(self, seat: int) -> int:
        """What ``seat`` may know now, as the encoder's integer."""
        return self.encoder.bits(SeatView(self.game, seat))

    def observe(self, seat: int) -> Any:
        return self.encoder.array(self.observation_bits(seat))
