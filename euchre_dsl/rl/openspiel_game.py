"""Every variant as an OpenSpiel game: ``python_euchre_dsl(variant=...)``.

:func:`register_openspiel` registers a Python game with ``pyspiel``; then
``pyspiel.load_game("python_euchre_dsl", {"variant": "buck"})`` is one hand of
that variant (a shipped id or a variant file), and OpenSpiel's algorithms
(ISMCTS, NFSP, ...; tabular CFR only where the tree is small) run on it.

* Chance deals the hand: first the dealer (outcome ``0..n-1``), then the upcard
  (a card id; a joker the variant cannot turn up is never offered), then each
  seat's cards from the dealer's left, then the widow; the cards left over are
  the kitty.  Every outcome is uniform, so a deal is uniform.
* A player's actions are the ids of the variant's fixed action space
  (:class:`~.actions.ActionSpace`); legality is the engine's.
* The information-state and observation tensors are the environment's
  observation (:mod:`.observation`, as float32); the strings name the seat and
  the observation's bits.  Returns are the engine's net values of the hand
  (:func:`~euchre_dsl.engine.scoring.net_values`, via :func:`~.table.hand_rewards`): a
  hand that wins the game outright is worth the whole game.
* ``resample_from_infostate`` draws the hidden cards from the world sampler of
  the analyzer and the ``pimc`` bot (:class:`~euchre_dsl.search.worlds.WorldSampler`),
  then works the deal back from the hand's actions.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

import numpy as np

from ..search.worlds import WorldSampler
from ..cards import mask_cards
from ..engine.actions import DISCARD, GIVE, PLAY, SWAP, TAKE_WIDOW, IllegalAction
from ..engine.game import Game
from ..engine.scoring import max_hand_points
from ..rules.registry import load_variant
from ..rules.ruleset import RuleSet
from ..engine.view import SeatView
from .actions import ActionSpace
from .observation import Encoder
from .render import table_text
from .table import hand_rewards

SHORT_NAME = "python_euchre_dsl"

_pyspiel: Any = None


def _spiel() -> Any:
    global _pyspiel
    if _pyspiel is None:
        try:
            import pyspiel
        except ImportError:
            raise ImportError("the OpenSpiel game needs open-spiel: pip install open-spiel") \
                from None
        _pyspiel = pyspiel
    return _pyspiel


def _game_type() -> Any:
    ps = _spiel()
    return ps.GameType(
        short_name=SHORT_NAME, long_name="euchre-dsl: any euchre variant, one hand",
        dynamics=ps.GameType.Dynamics.SEQUENTIAL,
        chance_mode=ps.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=ps.GameType.Information.IMPERFECT_INFORMATION,
        utility=ps.GameType.Utility.ZERO_SUM,
        reward_model=ps.GameType.RewardModel.TERMINAL,
        max_num_players=7, min_num_players=2,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"variant": "standard"})


def utility_bound(rules: RuleSet) -> float:
    """A bound on the magnitude of a seat's return: a return is a side's value less
    the mean of the others' (:func:`~euchre_dsl.engine.scoring.net_values`), so
    twice the most a hand can be worth to a side
    (:func:`~euchre_dsl.engine.scoring.max_hand_points`)."""
    return 2.0 * max_hand_points(rules)


@lru_cache(maxsize=1)
def register_openspiel() -> str:
    """Register the game with ``pyspiel`` (once); returns its short name."""
    ps = _spiel()
    game_type = _game_type()

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
            super().__init__(game_type, info, {"variant": variant})

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
            self.box = EngineBox(Game(rules))
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
        def engine(self) -> Game:
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
            self.box = EngineBox(Game(self.rules, dealer=self.dealer))
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
            return table_text(self.engine)

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
            hands, widow = WorldSampler(view).sample_hands(rng)
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

    ps.register_game(game_type, EuchreGame)
    return SHORT_NAME


class EngineBox:
    """A state's engine game, copied by :meth:`Game.clone` when OpenSpiel clones the
    state (``copy.deepcopy``), not object by object."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> EngineBox:
        return EngineBox(self.game.clone())


class Parts:
    """What a game of one variant holds: its rules, action space and encoder (never
    changed, so shared by every copy of a state)."""

    def __init__(self, variant: str) -> None:
        self.rules = load_variant(variant)
        self.space = ActionSpace(self.rules)
        self.encoder = Encoder(self.rules, self.space)
        r = self.rules
        #: Chance outcomes of a deal: the dealer, the upcard, the hands, the widow.
        self.chance_actions = 1 + (1 if r.deal.upcard else 0) + \
            r.players.count * r.deal.hand_size + r.deal.widow_size

    def __deepcopy__(self, memo: dict[int, Any]) -> Parts:
        return self


@lru_cache(maxsize=64)
def _parts(variant: str) -> Parts:
    return Parts(variant)


def _parts_of(game: Any) -> Parts:
    return _parts(str(game.get_parameters().get("variant", "standard")))


class Deal:
    """The cards of a hand as dealt: per seat, and the widow."""

    def __init__(self, hands: list[int], widow: int, cards: list[int]) -> None:
        self.hands = hands
        self.widow = widow
        #: The card of each discard and give of the hand, in order (drawn where the
        #: player did not see it).
        self.cards = cards


def start_of_hand(g: Game, player: int, now: list[int], widow_now: int | None,
                  rng: Any) -> Deal:
    """The deal that leads to the hands ``now`` and the widow ``widow_now`` (a sampled
    world at this point of ``g``'s hand; the widow while it is on offer) through the
    hand's actions, worked backwards; another seat's discard, which ``player`` did not
    see, is drawn from the cards nobody holds, and so are the hands of seats out of the
    play (not sampled).  The hand has no face-down give or swap the player did not see
    (the caller refuses those)."""
    view = SeatView(g, player)
    size = g.rules.deal.hand_size
    hands = list(now)
    seen = view.seen_log()
    held = view.dealt | (widow_now or 0)
    for s in range(g.n):
        held |= hands[s]
    for a in g.hand_log:
        if a[1] == PLAY and a[2] is not None:
            held |= 1 << a[2]
    if g.upcard is not None:
        held |= 1 << g.upcard
    for a in seen:
        if a[1] == DISCARD and a[2] is not None:
            held |= 1 << a[2]
    rest = [c for c in range(g.deck.size) if not (held >> c) & 1]

    def draw() -> int:
        i = int(rng.random() * len(rest))
        return rest.pop(i)

    # who receives each give: the last seat to discard before it (the lone player)
    receivers: list[int] = []
    receiver = -1
    for seat, verb, _arg, _alone in seen:
        receiver = seat if verb == DISCARD else receiver
        receivers.append(receiver)
    widow = widow_now or 0
    cards: list[int] = []
    for i in range(len(seen) - 1, -1, -1):
        seat, verb, arg, _alone = seen[i]
        if verb == PLAY and arg is not None:
            hands[seat] |= 1 << arg
        elif verb == DISCARD:
            card = arg if arg is not None else draw()
            cards.append(card)
            hands[seat] |= 1 << card
        elif verb == GIVE:
            assert arg is not None  # a hidden give is refused before (see the caller)
            cards.append(arg)
            hands[receivers[i]] &= ~(1 << arg)
            hands[seat] |= 1 << arg
        elif verb == TAKE_WIDOW:
            widow = hands[seat]
            hands[seat] = view.dealt if seat == player else 0
    holder, up = g.upcard_holder, g.upcard
    if holder is not None and up is not None:
        hands[holder] &= ~(1 << up)
    taker = g.widow_holder
    if taker is not None and not widow:  # the maker took a small widow: put it back
        if taker == player:
            widow = hands[taker] & ~view.dealt
        else:  # any of the maker's unseen cards may have been the widow's
            pool = list(mask_cards(hands[taker]))
            for _ in range(g.widow_cards):
                widow |= 1 << pool.pop(int(rng.random() * len(pool)))
        hands[taker] &= ~widow
    for s in range(g.n):
        while hands[s].bit_count() < size:
            hands[s] |= 1 << draw()
    if g.rules.deal.widow_size and not widow:
        for _ in range(g.rules.deal.widow_size):
            widow |= 1 << draw()
    cards.reverse()
    return Deal(hands, widow, cards)
