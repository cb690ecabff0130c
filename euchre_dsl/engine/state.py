"""The state of a game: seats, sides, scores, knowledge of hands; copying it.

Every attribute of a game is created here: the set-up derived from the rules in
:meth:`State._setup`, and the rest in :meth:`State._start_game` (what lasts the
whole game) and :meth:`State.reset_hand` (what one hand holds).  Those fields are
listed once, in the tables of :mod:`.fields`, from which the methods that start,
copy and key a game (between the ``GENERATED`` lines below) are generated.  The
rule modules (``deal``, ``bidding``, ``participation``, ``play``, ``claims``) read
and change a :class:`State`; only :class:`~euchre_dsl.engine.machine.Machine`, which
derives from it, moves a hand from one phase to the next.

Knowledge of hands is kept as two bit masks per seat, ``cand`` (cards the seat
may hold) and ``sure`` (cards it certainly holds), plus a count.  In a
full-information game -- simulation, complete records -- the two are equal.
In a record that hides some cards they differ, and every check is made only
as far as it can be proven.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final, NamedTuple, Sequence

from ..cards import RANKS, SUITS, Deck, count_cards
from ..rules.ruleset import (
    DefendAlone, FarmersEffect, FarmersHand, JokerUpcard, Lead, LonerLead, MakerTarget,
    PartnerCall, Sides,
)
from ..rules.ruleset import RuleSet
from .actions import (
    DEAL, GAME_OVER, PHASE_WORDS, PLAYING, Action, ActionTuple, IllegalAction, Phase,
)
from .fields import GAME_FIELDS, HAND_FIELDS
from .packets import deal_plan
from .scoring import HandOutcome, HandScore, contract_target, start_score

# Option words compared on every hand, as module constants: compiled code reads
# them without a lookup on the enum class.
_BID_TARGET: Final = MakerTarget.BID
_LEAD_MAKER: Final = Lead.MAKER
_LEFT_OF_LONER: Final = LonerLead.LEFT_OF_LONER
_CALL_OFF: Final = PartnerCall.OFF


DEFAULT_LABELS: Final = {2: ("N", "S"), 3: ("A", "B", "C"), 4: ("N", "E", "S", "W"),
                         5: ("A", "B", "C", "D", "E"), 6: ("A", "B", "C", "D", "E", "F"),
                         7: ("A", "B", "C", "D", "E", "F", "G")}


class HandResult(NamedTuple):
    """The outcome of one deal, as recorded in ``result``."""

    dealer: int
    trump: int | None
    maker: int | None
    alone: bool
    lone_defender: int | None
    thrown_in: bool
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]
    renege_by: int | None
    reason: str
    trick_winners: tuple[int, ...]
    made: bool | None = None  # the makers took their target (None: no maker, or no play)
    march: bool = False  # the makers took every trick (scoring.makers_marched)
    called: int | None = None  # the card the maker called (partner.call), if any
    partner: int | None = None  # who played the called card: the maker's partner
    instant_winner: int | None = None  # the side that won the game outright on the hand
    stuck_dealer: bool = False  # the dealer named trump because stick the dealer barred a pass

    @property
    def euchred(self) -> bool:
        """The makers failed: ``made is False`` (no maker, no euchre)."""
        return self.made is False

    @property
    def score(self) -> HandScore:
        """The hand's :class:`~.scoring.HandScore`, the instant winner with the points:
        what :func:`~.scoring.side_values` and :func:`~.scoring.net_values` value."""
        return HandScore(self.points, self.instant_winner, self.reason)


class RankMasks(NamedTuple):
    """A deck's cards by rank, for the claims made on a poor hand."""

    nines: int
    tens: int
    low: int  # ranked 10 or lower (the joker is not)
    aces: int


@lru_cache(maxsize=32)
def rank_masks(deck: Deck) -> RankMasks:
    """The nines, tens, cards ranked 10 or lower, and aces of ``deck``, as masks."""
    nine, ten, ace = RANKS.index("9"), RANKS.index("T"), RANKS.index("A")
    nines = tens = low = aces = 0
    for c in range(deck.size):
        r = deck.rank(c)
        if r < 0:  # the joker
            continue
        bit = 1 << c
        nines |= bit if r == nine else 0
        tens |= bit if r == ten else 0
        low |= bit if r <= ten else 0
        aces |= bit if r == ace else 0
    return RankMasks(nines, tens, low, aces)


@lru_cache(maxsize=32)
def _menus_for(rules: RuleSet) -> dict[tuple[object, ...], tuple[Action, ...]]:
    """The shared cache of bidding menus of one rule set (see ``Machine.legal_actions``)."""
    return {}


#: Every attribute that changes during a game: what a pickled game carries.
CHANGING_FIELDS: Final = tuple(f.name for f in GAME_FIELDS + HAND_FIELDS)

#: The first game made with each rule set (by ``id``; checked with ``is``), whose
#: setup later games share.
_FIRST_GAMES: dict[int, State] = {}


class State:
    """Everything a game in progress holds; the rule modules work on it."""

    def __init__(self, rules: RuleSet, labels: Sequence[str] | None = None,
                 dealer: int = 0, start_scores: Sequence[int] | None = None,
                 like: State | None = None, copy: bool = False):
        """A new game; ``like``, a game of the same rules and seats, lends its setup
        (what is derived from the rules) instead of deriving it again: the
        shortcut ``Machine.clone`` takes, with ``copy`` (every other attribute
        then copied from ``like`` by :meth:`copy_state`, not first set to a new
        game's and then overwritten: a search clones positions millions of
        times).  Without ``like`` the first game made with these rules and
        labels lends it (a validator or simulator makes a game per record or
        game)."""
        self.rules = rules
        if copy and like is not None and like.rules is rules:
            self._share_setup(like)
            self.copy_state(like)
            return
        if like is None:
            first = _FIRST_GAMES.get(id(rules))
            if first is not None and first.rules is rules and first.labels == (
                    tuple(labels) if labels else DEFAULT_LABELS.get(first.n)):
                like = first
        if like is not None and like.rules is rules:
            self._share_setup(like)
        else:
            self._setup(rules, labels)
            if len(_FIRST_GAMES) >= 64:
                _FIRST_GAMES.clear()
            _FIRST_GAMES[id(rules)] = self
        self._check_dealer(dealer)
        self._start_game(dealer, start_scores)
        self.reset_hand(reuse=False)

    def __reduce__(self) -> tuple[Any, ...]:
        """``pickle`` and ``copy``: a game of the same rules, seats and dealer, then every
        field that changes (:mod:`.fields`; the set-up is derived again from the rules).
        A compiled (mypyc) class is otherwise unpickled by calling it with no
        arguments, which a game cannot be."""
        state = {name: getattr(self, name) for name in CHANGING_FIELDS}
        return type(self), (self.rules, self.labels, self.dealer), state

    def __setstate__(self, state: dict[str, Any]) -> None:
        unknown = set(state) - set(CHANGING_FIELDS)
        if unknown:
            raise ValueError(f"not a game's state: unknown fields {sorted(unknown)}")
        for name, value in state.items():
            setattr(self, name, value)

    def _check_dealer(self, dealer: int) -> None:
        """A dealer is a seat (``Machine(rules, dealer=1000000)`` was a game)."""
        if not 0 <= dealer < self.n:
            raise ValueError(f"dealer {dealer}: the dealer is a seat 0 to {self.n - 1}")

    def first_scores(self, start_scores: Sequence[int] | None) -> list[int]:
        """The scores a game starts from: ``start_scores`` (per side) when given, else the
        variant's starting score for every side."""
        if start_scores is not None:
            return list(start_scores)
        return [start_score(self.rules)] * len(self.sides)

    def restart(self, dealer: int = 0, start_scores: Sequence[int] | None = None) -> None:
        """Start a new game in this object, as ``Machine(rules, labels, dealer, start_scores)``
        would, from whatever state it is in: a validator replays one record after
        another (many of them one hand long) without making a game for each."""
        self._check_dealer(dealer)
        self._start_game(dealer, start_scores)
        self.reset_hand()

    def _setup(self, rules: RuleSet, labels: Sequence[str] | None) -> None:
        """What never changes in a game: the deck, the seats and sides, and the
        procedures chosen once from the rules."""
        self.deck = Deck.of(rules.deck.lowest, rules.deck.joker, rules.deck.copies)
        n = self.n = rules.players.count
        self.labels: tuple[str, ...] = tuple(labels) if labels else DEFAULT_LABELS[n]
        if len(self.labels) != n:
            raise ValueError(f"{n} seat labels needed, got {len(self.labels)}")
        #: Fixed partnerships (else everyone scores alone and nobody can go alone).
        self.partners = rules.players.sides == Sides.PARTNERS
        if self.partners:
            teams = rules.players.teams
            self.side_of: tuple[int, ...] = tuple(s % teams for s in range(n))
            self.sides: tuple[tuple[int, ...], ...] = tuple(
                tuple(s for s in range(n) if s % teams == t) for t in range(teams))
        else:
            self.side_of = tuple(range(n))
            self.sides = tuple((s,) for s in range(n))
        self.side_names = tuple("+".join(self.labels[s] for s in side) for side in self.sides)
        self.hand_size = rules.deal.hand_size
        b = rules.bidding
        self.forced_suit = None if b.forced_trump is None else SUITS.index(b.forced_trump)
        # the suit a turned-up joker proposes (None: no such policy)
        proposes: dict[str, str | None] = {JokerUpcard.FIXED_SUIT: "H",
                                           JokerUpcard.AGREED_SUIT: b.joker_upcard_suit}
        proposed = proposes.get(b.joker_upcard or "")
        self.joker_proposes = None if proposed is None else SUITS.index(proposed)
        d = rules.deal
        #: Claims before the bidding (farmer's hand, going under, ace-no-face).
        self.has_claims = d.farmers_hand != FarmersHand.OFF or d.ace_no_face
        #: A farmer's hand is claimed by swapping with the kitty.
        self.swaps = d.farmers_hand != FarmersHand.OFF and \
            d.farmers_hand_effect == FarmersEffect.SWAP
        self.ranks = rank_masks(self.deck) if self.has_claims else RankMasks(0, 0, 0, 0)
        #: A maker must hold a trump (must_hold_trump_to_call); then bidding menus,
        #: which depend on the cards held, cannot be shared.
        self.must_hold_trump = b.must_hold_trump_to_call
        # (nor can they under a forced bid: the auction's menu after everyone passed)
        self.menus_shared = not self.must_hold_trump and b.forced_bid_card is None
        self.menus = _menus_for(rules)
        self.defends_alone = rules.alone.defend_alone != DefendAlone.OFF
        # The options read on every hand, as attributes of this compiled object: read
        # through the rule set (plain Python objects), each costs two lookups by name.
        self.packets = d.packets
        self.widowed = d.widow
        self.turns_up = d.upcard
        self.auction = b.auction
        self.order_up_round = b.order_up_round
        self.upcard_protected = not b.dealer_may_discard_upcard
        self.alone_allowed = rules.alone.allowed
        self.stay_drop = rules.participation.stay_drop
        self.three_hands_rule = rules.participation.three_hands_rule
        self.lead_maker = rules.play.lead == _LEAD_MAKER
        self.left_of_loner = rules.play.loner_lead == _LEFT_OF_LONER
        #: The makers' target: the high bid (maker_target: bid), else this number.
        self.bid_target = rules.scoring.maker_target == _BID_TARGET
        self.fixed_target = 0 if self.bid_target else int(rules.scoring.maker_target)
        #: The maker calls a partner's card after trump is fixed (partner.call).
        self.calls_partner = rules.partner.call != _CALL_OFF
        #: Cards of the small widow the maker takes (0: none).
        self.widow_cards = d.widow_cards
        #: The card whose holder must bid when everyone passes the auction (None: none).
        self.forced_card = None if b.forced_bid_card is None else \
            self.deck.parse(b.forced_bid_card)
        #: Where a seeded deal puts each card of the shuffled pack, by dealer, and the
        #: pack in index order (a shuffle starts from a copy of it).
        self.deal_plans = tuple(deal_plan(n, d.packets, d.widow, d.upcard, dealer,
                                          d.widow_cards) for dealer in range(n))
        self.pack = tuple(range(self.deck.size))

    # BEGIN GENERATED by `python -m euchre_dsl.engine.fields` from its tables

    def _share_setup(self, like: State) -> None:
        """The setup of :meth:`_setup`, taken from a game of the same rules (all of it
        immutable, or the shared menu cache)."""
        self.deck = like.deck
        self.n = like.n
        self.labels = like.labels
        self.partners = like.partners
        self.side_of = like.side_of
        self.sides = like.sides
        self.side_names = like.side_names
        self.hand_size = like.hand_size
        self.forced_suit = like.forced_suit
        self.joker_proposes = like.joker_proposes
        self.has_claims = like.has_claims
        self.swaps = like.swaps
        self.ranks = like.ranks
        self.must_hold_trump = like.must_hold_trump
        self.menus_shared = like.menus_shared
        self.menus = like.menus
        self.defends_alone = like.defends_alone
        self.packets = like.packets
        self.widowed = like.widowed
        self.turns_up = like.turns_up
        self.auction = like.auction
        self.order_up_round = like.order_up_round
        self.upcard_protected = like.upcard_protected
        self.alone_allowed = like.alone_allowed
        self.stay_drop = like.stay_drop
        self.three_hands_rule = like.three_hands_rule
        self.lead_maker = like.lead_maker
        self.left_of_loner = like.left_of_loner
        self.bid_target = like.bid_target
        self.fixed_target = like.fixed_target
        self.calls_partner = like.calls_partner
        self.widow_cards = like.widow_cards
        self.forced_card = like.forced_card
        self.deal_plans = like.deal_plans
        self.pack = like.pack

    def _start_game(self, dealer: int, start_scores: Sequence[int] | None) -> None:
        """What a game holds from its first deal to its end: every per-game attribute."""
        self.scores: list[int] = self.first_scores(start_scores)
        self.dealer: int = dealer
        # deals completed (thrown-in ones included)
        self.deals: int = 0
        self.winners: list[int] | None = None
        self.results: list[HandResult] = []
        self.drop_streak: list[int] = [0] * self.n
        self.phase: Phase = DEAL

    def reset_hand(self, reuse: bool = True) -> None:
        """The state of a hand not yet dealt: every per-hand attribute is created here.

        With ``reuse`` the last hand's lists of one entry per seat are cleared in
        place, and a list or dict of the last hand that is empty is kept rather
        than replaced by a new empty one (a validator or simulator resets a hand
        millions of times: no list is made or freed).  Nothing outside the game
        holds them: :meth:`copy_state` copies each, and what a game shows of them
        is a copy."""
        n = self.n
        if reuse:
            cand = self.cand
            sure = self.sure
            count = self.count
            active = self.active
            dropped = self.dropped
            tricks = self.tricks
            void = self.void
            shown_out = self.shown_out
            for s in range(n):
                cand[s] = 0
                sure[s] = 0
                count[s] = 0
                active[s] = True
                dropped[s] = False
                tricks[s] = 0
                void[s] = 0
                shown_out[s] = 0
        else:
            # cards each seat may hold
            self.cand: list[int] = [0] * n
            # cards each seat certainly holds
            self.sure: list[int] = [0] * n
            # how many cards each seat holds
            self.count: list[int] = [0] * n
            self.active: list[bool] = [True] * n
            self.dropped: list[bool] = [False] * n
            self.tricks: list[int] = [0] * n
            # effective suits a seat showed out of (bits)
            self.void: list[int] = [0] * n
            # cards ruled out of a seat's hand only because it showed out: playing one later
            # proves a renege, not an impossible card
            self.shown_out: list[int] = [0] * n
        self.upcard: int | None = None
        self.widow: int = 0
        self.widow_known: bool = True
        # who took the small widow (widow_cards) into hand
        self.widow_holder: int | None = None
        self.trump: int | None = None
        self.maker: int | None = None
        self.alone: bool = False
        self.lone_defender: int | None = None
        # trump fixed with no maker: nobody may drop
        self.forced: bool = False
        # the dealer named trump because stick the dealer barred a pass
        self.stuck_dealer: bool = False
        self.to_act: int = (self.dealer + 1) % n
        self.passes: int = 0
        if not reuse or self.round_seats:
            self.round_seats: list[int] = []
        self.high_bid: int = 0
        self.high_bidder: int | None = None
        # who must (or may) discard
        self.taker: int | None = None
        # who took the upcard into hand (public knowledge, unlike the discard)
        self.upcard_holder: int | None = None
        self.turned_down: int | None = None
        if not reuse or self.defend_queue:
            self.defend_queue: list[int] = []
        # the defend-alone window was offered this hand
        self.window_opened: bool = False
        if not reuse or self.stay_queue:
            self.stay_queue: list[int] = []
        # seats not asked to stay or drop, and why
        if not reuse or self.must_play:
            self.must_play: dict[int, str] = {}
        if not reuse or self.trick:
            self.trick: list[int] = []
        if not reuse or self.trick_seats:
            self.trick_seats: list[int] = []
        if not reuse or self.trick_winners:
            self.trick_winners: list[int] = []
        # mask of cards played this hand
        self.played: int = 0
        # every card's place is known (set when play starts): plays take the fast path
        self.full_info: bool = False
        # under the trump being played, each card's effective suit (set when play
        # starts)
        self.eff: tuple[int, ...] = ()
        # and each effective suit's cards
        self.follow: tuple[int, ...] = ()
        # seats playing this hand
        self.n_active: int = n
        # the next active seat clockwise of each
        self.next_seat: tuple[int, ...] = ()
        # the known cards of each hand as dealt, before any exchange
        self.dealt: tuple[int, ...] = ()
        self.renege_by: int | None = None
        self.renege_note: str | None = None
        # cards played before renege_by's offence: the first offence counts
        self.renege_at: int = 0
        # (seat, effective suit) -> (cards played before, trick number) when the seat
        # first showed out of that suit; a later card of it proves a renege there
        if not reuse or self.shown_at:
            self.shown_at: dict[tuple[int, int], tuple[int, int]] = {}
        # cards dealt to nobody known: unknown hands, widow, kitty
        self.unplaced: int = 0
        # card put away -> who put it away
        if not reuse or self.discarded:
            self.discarded: dict[int, int] = {}
        # message of the latest renege (each is reported)
        self.last_renege: str | None = None
        # cards played in the hand before the latest renege's offence: which play broke
        # the rule, when a later play proved it
        self.last_renege_at: int = 0
        # the undealt face-down cards, top of the stock first
        if not reuse or self.kitty:
            self.kitty: list[int | None] = []
        self.claims_done: bool = False
        # seats still to be asked for a claim, on turn first
        if not reuse or self.claim_order:
            self.claim_order: list[int] = []
        # who exchanged with the kitty
        self.swapped: int | None = None
        # a void deal: who deals next
        self.misdealt: str | None = None
        # call for best: (seat, discard|give)
        if not reuse or self.best_queue:
            self.best_queue: list[tuple[int, str]] = []
        # the lone player being served
        self.best_seat: int | None = None
        if not reuse or self.best_served:
            self.best_served: list[int] = []
        # accepted upcard left out by a sitting-out dealer
        self.upcard_untaken: bool = False
        # the maker has called a partner's card, or announced playing alone
        self.partner_called: bool = False
        # the card the maker called (-1: none)
        self.called: int = -1
        # who played the called card: the maker's partner, revealed
        self.partner: int | None = None
        # actions of the current (or last) hand as plain tuples: the cheap log the hot
        # paths append to; Machine.hand_actions gives them as Actions
        if not reuse or self.hand_log:
            self.hand_log: list[ActionTuple] = []

    def copy_state(self, other: State) -> None:
        """Take every changing attribute of ``other`` (same rule set), one level deep.

        The state holds ints, tuples and flat lists or dicts of them, so copying
        lists and dicts makes the two independent; the rule set, deck, rank
        masks and menu cache are shared.  ``tests/engine/test_state.py``
        checks that no attribute is left out."""
        self.labels = other.labels
        self.scores = other.scores[:]
        self.dealer = other.dealer
        self.deals = other.deals
        self.winners = None if other.winners is None else other.winners[:]
        self.results = other.results[:]
        self.drop_streak = other.drop_streak[:]
        self.phase = other.phase
        self.cand = other.cand[:]
        self.sure = other.sure[:]
        self.count = other.count[:]
        self.upcard = other.upcard
        self.widow = other.widow
        self.widow_known = other.widow_known
        self.widow_holder = other.widow_holder
        self.trump = other.trump
        self.maker = other.maker
        self.alone = other.alone
        self.lone_defender = other.lone_defender
        self.active = other.active[:]
        self.forced = other.forced
        self.stuck_dealer = other.stuck_dealer
        self.to_act = other.to_act
        self.passes = other.passes
        self.round_seats = other.round_seats[:]
        self.high_bid = other.high_bid
        self.high_bidder = other.high_bidder
        self.taker = other.taker
        self.upcard_holder = other.upcard_holder
        self.turned_down = other.turned_down
        self.defend_queue = other.defend_queue[:]
        self.window_opened = other.window_opened
        self.dropped = other.dropped[:]
        self.stay_queue = other.stay_queue[:]
        self.must_play = dict(other.must_play)
        self.trick = other.trick[:]
        self.trick_seats = other.trick_seats[:]
        self.tricks = other.tricks[:]
        self.trick_winners = other.trick_winners[:]
        self.played = other.played
        self.void = other.void[:]
        self.full_info = other.full_info
        self.eff = other.eff
        self.follow = other.follow
        self.n_active = other.n_active
        self.next_seat = other.next_seat
        self.dealt = other.dealt
        self.shown_out = other.shown_out[:]
        self.renege_by = other.renege_by
        self.renege_note = other.renege_note
        self.renege_at = other.renege_at
        self.shown_at = dict(other.shown_at)
        self.unplaced = other.unplaced
        self.discarded = dict(other.discarded)
        self.last_renege = other.last_renege
        self.last_renege_at = other.last_renege_at
        self.kitty = other.kitty[:]
        self.claims_done = other.claims_done
        self.claim_order = other.claim_order[:]
        self.swapped = other.swapped
        self.misdealt = other.misdealt
        self.best_queue = other.best_queue[:]
        self.best_seat = other.best_seat
        self.best_served = other.best_served[:]
        self.upcard_untaken = other.upcard_untaken
        self.partner_called = other.partner_called
        self.called = other.called
        self.partner = other.partner
        self.hand_log = other.hand_log[:]

    def position_key(self) -> tuple[object, ...]:
        """Everything that decides the rest of the game, hashable: equal for two
        games of the same rules exactly when every per-game and per-hand field is
        equal, leaving out how the position was reached (the hand's log and the
        results of past hands).  For searches that meet a position twice."""
        return (
            tuple(self.scores),
            self.dealer,
            self.deals,
            None if self.winners is None else tuple(self.winners),
            tuple(self.drop_streak),
            self.phase,
            tuple(self.cand),
            tuple(self.sure),
            tuple(self.count),
            self.upcard,
            self.widow,
            self.widow_known,
            self.widow_holder,
            self.trump,
            self.maker,
            self.alone,
            self.lone_defender,
            tuple(self.active),
            self.forced,
            self.stuck_dealer,
            self.to_act,
            self.passes,
            tuple(self.round_seats),
            self.high_bid,
            self.high_bidder,
            self.taker,
            self.upcard_holder,
            self.turned_down,
            tuple(self.defend_queue),
            self.window_opened,
            tuple(self.dropped),
            tuple(self.stay_queue),
            frozenset(self.must_play.items()),
            tuple(self.trick),
            tuple(self.trick_seats),
            tuple(self.tricks),
            tuple(self.trick_winners),
            self.played,
            tuple(self.void),
            self.full_info,
            self.eff,
            self.follow,
            self.n_active,
            self.next_seat,
            self.dealt,
            tuple(self.shown_out),
            self.renege_by,
            self.renege_note,
            self.renege_at,
            frozenset(self.shown_at.items()),
            self.unplaced,
            frozenset(self.discarded.items()),
            self.last_renege,
            self.last_renege_at,
            tuple(self.kitty),
            self.claims_done,
            tuple(self.claim_order),
            self.swapped,
            self.misdealt,
            tuple(self.best_queue),
            self.best_seat,
            tuple(self.best_served),
            self.upcard_untaken,
            self.partner_called,
            self.called,
            self.partner,
        )

    # END GENERATED

    # ------------------------------------------------- errors of turn and phase
    def turn_first(self, seat: int, what: str) -> None:
        """An action by the wrong seat is ``out-of-turn`` even when its kind is wrong too
        (ehh/1), so the seat is checked before the phase."""
        if self.phase not in (DEAL, GAME_OVER):
            self.require_turn(seat, what)

    def require_turn(self, seat: int, what: str) -> None:
        """Raise ``out-of-turn`` unless ``seat`` is on turn (``what``: the action, in words)."""
        if seat != self.to_act:
            if not self.active[seat]:
                raise IllegalAction("out-of-turn", f"{self.labels[seat]} is not playing this hand"
                                    f" and cannot {what}")
            raise IllegalAction("out-of-turn", f"it is {self.labels[self.to_act]}'s turn, not "
                                f"{self.labels[seat]}'s ({self.phase_words()})")

    def phase_words(self) -> str:
        """What the game waits for now, in words."""
        if self.phase == PLAYING:
            return f"trick {len(self.trick_winners) + 1}"
        return PHASE_WORDS[self.phase]

    def wrong_phase(self, verb: str) -> IllegalAction:
        """The error for ``verb`` in a phase that does not take it."""
        if self.phase == GAME_OVER:
            return IllegalAction("game-over", "the game is already over")
        if self.phase == DEAL:
            return IllegalAction("extra-action", "the hand is over")
        return IllegalAction("illegal-action", f"'{verb}' is not allowed now "
                             f"({self.phase_words()})")

    # ---------------------------------------------------------- for search
    def hand_outcome(self, tricks: Sequence[int]) -> HandOutcome:
        """What the hand in play is scored on if the seats end with ``tricks``.

        The real end of the hand scores ``self.tricks`` with it; the solver
        scores the endings it looks ahead to the same way."""
        target = self.high_bid if self.bid_target else self.fixed_target
        partner, alone = self.called_partner() if self.called >= 0 else (None, self.alone)
        if alone and self.maker is not None:
            target = contract_target(self.rules, self.high_bid, True)  # a shoot: every trick
        # tuple.__new__ makes the named tuple without its __new__, which is Python code
        # (an interpreted call from compiled code); the solver asks this at every ending
        return tuple.__new__(HandOutcome, (self.maker, alone, self.lone_defender, target,
                                           tuple(self.active), tuple(tricks), self.renege_by,
                                           partner))

    def hand_mates(self, seat: int) -> int:
        """The seats on ``seat``'s side in this hand, as a mask: its side, and for the
        maker and a called partner (as far as this game knows the cards) each other's."""
        side = self.side_of[seat]
        mask = 0
        for s in range(self.n):
            if self.side_of[s] == side:
                mask |= 1 << s
        if self.called >= 0 and self.maker is not None:
            partner = self.called_partner()[0]
            if partner is not None and seat in (self.maker, partner):
                mask |= (1 << self.maker) | (1 << partner)
        return mask

    def card_holder(self, card: int) -> int | None:
        """Who surely holds ``card`` now (``sure``), or None: nobody, or not known."""
        bit = 1 << card
        for s in range(self.n):
            if self.sure[s] & bit:
                return s
        return None

    def called_partner(self) -> tuple[int | None, bool]:
        """The maker's called partner of this hand and whether the maker counts as alone,
        as far as this game knows the cards (``partner.call``).

        The partner is whoever played the called card, else whoever holds it: every
        holder is known in a full-information game or a sampled world, so a search
        values the partnership the cards it assumes imply.  The maker holding the
        card, or nobody, leaves the maker alone, scored as a lone hand under
        ``partner.alone_if_buried``."""
        if self.called < 0:
            return None, self.alone
        seat = self.partner if self.partner is not None else self.card_holder(self.called)
        if seat is not None and seat != self.maker:
            return seat, self.alone
        return None, self.alone or self.rules.partner.alone_if_buried

    def assume_hands(self, hands: Sequence[int], widow: int | None = None) -> None:
        """Take ``hands[seat]`` (masks) as every seat's hand from now on: a sampled
        world for search, made from a game whose hidden cards were unknown.

        The game then has full information, as a simulation does (no show-outs to
        prove, the fast play path); ``widow`` fills in a widow not yet taken.
        """
        self.cand = list(hands)
        self.sure = list(hands)
        self.count = [h.bit_count() for h in hands]
        self.void = [0] * self.n
        self.shown_out = [0] * self.n
        self.shown_at = {}
        if widow is not None:
            self.widow = widow
            self.widow_known = True
        self.full_info = self.phase == PLAYING


    # ------------------------------------------------------------------ views
    def label(self, seat: int) -> str:
        return self.labels[seat]

    def card_name(self, card: int | None) -> str:
        return "??" if card is None else self.deck.names[card]

    def upcard_suit(self) -> int:
        """The suit the upcard proposes: its own, or the one a turned-up joker stands for."""
        assert self.upcard is not None
        if self.upcard == self.deck.joker_card and self.joker_proposes is not None:
            return self.joker_proposes
        return self.deck.suit(self.upcard)

    def settle_knowledge(self, seat: int) -> None:
        """A seat with no more candidate cards than cards in hand holds them all; and
        what one seat surely holds, no other can (which may settle that seat too).

        ``sure`` holds facts only.  A seat that showed out of a suit is taken to
        hold none of it, but it may have reneged: its candidates are then no
        proof of what it holds (a renege that they show is found by counting,
        in ``play.judge_play``)."""
        todo = [seat]
        while todo:
            s = todo.pop()
            cand = self.cand[s]
            if cand == self.sure[s] or count_cards(cand) != self.count[s] or self.shown_out[s]:
                continue
            new = cand & ~self.sure[s]
            self.sure[s] = cand
            for o in range(self.n):
                if o != s and self.cand[o] & new:
                    self.cand[o] &= ~new
                    todo.append(o)

    def sit_out_partners(self, seat: int) -> None:
        """``seat`` plays alone: its partners sit out the hand."""
        for s in self.sides[self.side_of[seat]]:
            if s != seat:
                self.active[s] = False

    def log(self, seat: int, verb: str, arg: int | None = None, alone: bool = False) -> None:
        """Record an action taken, as a plain tuple: building an :class:`Action` (a named
        tuple, made by Python code) per action cost more than the verb itself."""
        self.hand_log.append((seat, verb, arg, alone))

