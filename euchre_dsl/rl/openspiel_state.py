"""The classes OpenSpiel calls for ``python_euchre_dsl``: the game, its states, the observer.

They subclass ``pyspiel``'s own, so this module imports ``pyspiel`` when it is
imported: :func:`~.openspiel_game.register_openspiel` imports it, and the rest
of the package never does (``open-spiel`` is an optional extra).  What a state
holds and how it deals, acts and resamples is described in
:mod:`.openspiel_game`, which keeps the helpers these classes share with the
tests (the variant's parts, the engine box, the deal worked back).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from ..cards import mask_cards
from ..engine.actions import DISCARD, GIVE, SWAP, IllegalAction
from ..engine.machine import Machine
from ..engine.view import SeatView
from ..rules.ruleset import RuleSet
from ..search.worlds import WorldSampler
from .openspiel_game import (
    EngineBox, Parts, _game_type, _parts, _parts_of, _spiel, start_of_hand, utility_bound,
)
from .terminal import terminal_table
from .episode import hand_rewards

ps = _spiel()
#: The game's type, as registered.
GAME_TYPE = _game_type()


class _Sampler:
    def __init__(self, sample: Callable[[], float]) -> None:
        self.sample = sample

    def random(self) -> float:
        return float(self.sample())

class EuchreGame(ps.Game):  # type: ignore[misc,name-defined]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        variant = str(params.get("variant", "standard"))
        parts = _parts(variant)
        rules, space, encoder = parts.rules, parts.space, parts.encoder
        n = rules.players.count
        bound = utility_bound(rules)
        info = ps.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=max(space.cards, n), num_players=n,
            min_utility=-bound, max_utility=bound, utility_sum=0.0,
            max_game_length=2 * encoder.slots + n * rules.deal.hand_size)
        super().__init__(GAME_TYPE, info, {"variant": variant})

    def new_initial_state(self) -> EuchreState:
        return EuchreState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Any = None) -> Observer:
        return Observer(_parts_of(self))

class EuchreState(ps.State):  # type: ignore[misc,name-defined]
    def __init__(self, game: EuchreGame) -> None:
        super().__init__(game)
        # pyspiel may hand over a game object made without __init__ (a copy made
        # from its parameters): what it holds is looked up by the variant
        self.eg = _parts_of(game)
        self.game = game
        rules = self.eg.rules
        self.box = EngineBox(Machine(rules))
        self.n = rules.players.count
        self.size = rules.deal.hand_size
        self.dealer: int | None = None
        self.upcard: int | None = None
        self.cards: list[int] = []  # dealt so far, in order (after the upcard)
        self.dealt_all = False
        self.done = False
        self.values = [0.0] * self.n
        d = rules.deal
        self.need = self.n * self.size + d.widow_size
        self.joker_barred = rules.bidding.joker_upcard is None and \
            self.engine.deck.joker_card is not None

    @property
    def engine(self) -> Machine:
        return self.box.game

    @property
    def rules(self) -> RuleSet:
        return self.eg.rules

    # ------------------------------------------------------------ turns
    def current_player(self) -> int:
        if self.done:
            return int(ps.PlayerId.TERMINAL)
        if not self.dealt_all:
            return int(ps.PlayerId.CHANCE)
        return self.engine.to_act

    def _legal_actions(self, player: int) -> list[int]:
        return list(mask_cards(self.eg.space.legal(self.engine)[0]))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            return [(s, 1.0 / self.n) for s in range(self.n)]
        left = self._cards_left()
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _cards_left(self) -> list[int]:
        """The cards chance may deal next: none dealt yet (nor a barred joker as
        the upcard)."""
        taken = 0
        for c in self.cards:
            taken |= 1 << c
        if self.upcard is not None:
            taken |= 1 << self.upcard
        left = [c for c in range(self.engine.deck.size) if not (taken >> c) & 1]
        if self.wants_upcard() and self.joker_barred:
            left = [c for c in left if c != self.engine.deck.joker_card]
        return left

    def _check_chance(self, action: int) -> None:
        """Refuse a chance outcome :meth:`chance_outcomes` does not list, before it
        is applied (a dealer 1,000,000 was taken, a card dealt twice was caught
        only when the deal was complete)."""
        deck = self.engine.deck
        if self.dealer is None:
            if not 0 <= action < self.n:
                raise IllegalAction("illegal-action", f"chance outcome {action} is not a "
                                    f"dealer: the dealer is a seat 0 to {self.n - 1}")
            return
        if action in self._cards_left():
            return
        what = "the upcard" if self.wants_upcard() else \
            f"card {len(self.cards) + 1} of the {self.need} dealt"
        if not 0 <= action < deck.size:
            why = f"not a card: the cards are 0 to {deck.size - 1}"
        elif action == self.upcard:
            why = f"{deck.names[action]} is the upcard"
        elif action in self.cards:
            why = f"{deck.names[action]} was dealt already"
        else:
            why = f"{deck.names[action]} cannot be turned up in {self.rules.id}"
        raise IllegalAction("illegal-action", f"chance outcome {action} for {what}: {why}")

    def wants_upcard(self) -> bool:
        return self.rules.deal.upcard and self.upcard is None

    def _apply_action(self, action: int) -> None:
        if self.dealt_all:
            self.engine.apply(self.eg.space.action(self.engine, action))
            if self.engine.hand_over:
                self.done = True
                self.values = hand_rewards(self.engine, self.engine.results[-1])
            return
        self._check_chance(action)
        if self.dealer is None:
            self.dealer = action
        elif self.wants_upcard():
            self.upcard = action
        else:
            self.cards.append(action)
            if len(self.cards) == self.need:
                self._deal()

    def _deal(self) -> None:
        assert self.dealer is not None
        n, size = self.n, self.size
        hands: list[list[int | None] | None] = [None] * n
        for k in range(n):
            seat = (self.dealer + 1 + k) % n
            hands[seat] = list(self.cards[k * size:(k + 1) * size])
        widow = self.cards[n * size:] if self.rules.deal.widow_size else None
        taken = 0
        for c in self.cards:
            taken |= 1 << c
        if self.upcard is not None:
            taken |= 1 << self.upcard
        kitty = [c for c in range(self.engine.deck.size) if not (taken >> c) & 1]
        self.box = EngineBox(Machine(self.rules, dealer=self.dealer))
        self.engine.deal(hands, self.upcard, widow, kitty or None)
        self.dealt_all = True

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(ps.PlayerId.CHANCE):
            if self.dealer is None:
                return f"dealer {self.engine.labels[action]}"
            return f"deal {self.engine.deck.names[action]}"
        return self.eg.space.names[action]

    def is_terminal(self) -> bool:
        return self.done

    def returns(self) -> list[float]:
        return list(self.values) if self.done else [0.0] * self.n

    def __str__(self) -> str:
        if not self.dealt_all:
            return f"dealing: {len(self.cards)} of {self.need} cards"
        return terminal_table(self.engine)

    # ------------------------------------------------------- resampling
    def resample_from_infostate(self, player_id: int, sampler: Any) -> EuchreState:
        """A state the player cannot tell from this one, hidden cards drawn anew."""
        if not self.dealt_all or self.done:
            return self.clone()  # type: ignore[no-any-return]
        g = self.engine
        view = SeatView(g, player_id)
        seen = view.seen_log()
        if any(a[1] == GIVE and a[2] is None for a in seen):
            raise ValueError("resample_from_infostate: a card was given face down to "
                             "another player (call for best), which the world sampler "
                             "cannot replay; resample before the gives or after the play")
        if any(a[1] == SWAP for a in seen):
            raise ValueError("resample_from_infostate: a hand swapped cards with the "
                             "kitty (farmer's hand), which cannot be worked back yet")
        rng = _Sampler(sampler)
        hands, widow, _kitty = WorldSampler(view).sample_hands(rng)
        deal = start_of_hand(g, player_id, hands, widow, rng)
        new = self.game.new_initial_state()
        new.apply_action(g.dealer)
        if g.upcard is not None:
            new.apply_action(g.upcard)
        for k in range(self.n):
            seat = (g.dealer + 1 + k) % self.n
            for c in mask_cards(deal.hands[seat]):
                new.apply_action(c)
        if self.rules.deal.widow_size:
            for c in mask_cards(deal.widow):
                new.apply_action(c)
        space = self.eg.space
        k = 0  # discards and gives so far: the player may not have seen their cards
        for h in self.history()[self.eg.chance_actions:]:
            verb = space.keys[h][0]
            if verb == DISCARD or verb == GIVE:
                card = deal.cards[k]
                k += 1
                h = space.ids[(verb, card, False)]
            new.apply_action(h)
        return new

class Observer:
    """OpenSpiel's observer interface: the tensor and its string."""

    def __init__(self, parts: Parts) -> None:
        self.encoder = parts.encoder
        self.tensor = np.zeros(parts.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: EuchreState, player: int) -> None:
        if not state.dealt_all:
            self.tensor.fill(0.0)
            return
        self.tensor[:] = self.encoder.observe(SeatView(state.engine, player))

    def string_from(self, state: EuchreState, player: int) -> str:
        if not state.dealt_all:
            return f"{player}: dealing"
        bits = self.encoder.bits(SeatView(state.engine, player))
        return f"{state.engine.labels[player]}: {bits:x}"
