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
  (:class:`~.action_space.ActionSpace`); legality is the engine's.
* The information-state and observation tensors are the environment's
  observation (:mod:`.observation`, as float32); the strings name the seat and
  the observation's bits.  Returns are the engine's net values of the hand
  (:func:`~euchre_dsl.engine.scoring.net_values`, via :func:`~.episode.hand_rewards`): a
  hand that wins the game outright is worth the whole game.
* ``resample_from_infostate`` draws the hidden cards from the world sampler of
  the analyzer and the ``pimc`` bot (:class:`~euchre_dsl.search.worlds.WorldSampler`),
  then works the deal back from the hand's actions.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..cards import mask_cards
from ..engine.actions import DISCARD, GIVE, PLAY, TAKE_WIDOW
from ..engine.machine import Machine
from ..engine.scoring import max_hand_points
from ..engine.view import SeatView
from ..rules.registry import load_variant
from ..rules.ruleset import RuleSet
from .action_space import ActionSpace
from .observation import Encoder

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
    """Register the game with ``pyspiel`` (once); returns its short name.

    The classes OpenSpiel calls (:mod:`.openspiel_state`) subclass ``pyspiel``'s,
    so they are imported here, when ``open-spiel`` is wanted, not with the package.
    """
    from .openspiel_state import GAME_TYPE, EuchreGame

    _spiel().register_game(GAME_TYPE, EuchreGame)
    return SHORT_NAME


class EngineBox:
    """A state's engine game, copied by :meth:`Machine.clone` when OpenSpiel clones the
    state (``copy.deepcopy``), not object by object."""

    def __init__(self, game: Machine) -> None:
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


def start_of_hand(g: Machine, player: int, now: list[int], widow_now: int | None,
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
