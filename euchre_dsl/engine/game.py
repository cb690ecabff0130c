"""The engine: one state machine for a whole game of any variant.

A :class:`Game` plays hand after hand (dealing, trump making, participation,
play, scoring, dealer rotation) until the game is won.  Which procedures run
is read from the :class:`~euchre_dsl.rules.ruleset.RuleSet` once, at
construction; no code here looks at a variant's name.

Knowledge of hands is kept as two bit masks per seat, ``cand`` (cards the seat
may hold) and ``sure`` (cards it certainly holds), plus a count.  In a
full-information game -- simulation, complete records -- the two are equal.
In a record that hides some cards they differ, and every check is made only
as far as it can be proven: a renege is proven when the seat certainly held a
card of the led suit, or when it later plays a suit it showed out of.

Entry points: :meth:`Game.deal` (or :meth:`Game.deal_random`) starts a hand;
:meth:`Game.apply` (or the verb methods it dispatches to) takes a decision and
raises :class:`~euchre_dsl.engine.actions.IllegalAction` with the reason when
the rules forbid it; :meth:`Game.legal_actions` lists what may be done now.
:meth:`Game.clone` copies the state for search.
"""

from __future__ import annotations

from itertools import combinations
from functools import lru_cache
from typing import Any, Callable, NamedTuple, Protocol, Sequence

from ..cards import (
    LOW_NO_TRUMP, NO_TRUMP, RANKS, SUIT_NAMES, SUITS, Deck, mask_cards,
)
from ..rules.ruleset import RuleSet
from .actions import (
    AUCTION, AUCTION_CALL, BID, CALL, DEAL, DEALER_NAMES, DECLINE, DEFEND, DEFEND_ALONE,
    DISCARD, DROP, EXCHANGE, GAME_OVER, NAMING, ORDER_UP, ORDER_UP_ROUND, PASS, PLAY, PLAYING, STAY,
    STAY_DROP, TAKE_UPCARD, TAKE_WIDOW, WIDOW, Action, ActionTuple, IllegalAction,
)
from .actions import BEST, CLAIMS, GIVE, MISDEAL, SWAP
from .scoring import HandOutcome, HandScore, game_winners, makers_made, score_hand

DEFAULT_LABELS = {2: ("N", "S"), 3: ("A", "B", "C"), 4: ("N", "E", "S", "W"),
                  5: ("A", "B", "C", "D", "E"), 6: ("A", "B", "C", "D", "E", "F"),
                  7: ("A", "B", "C", "D", "E", "F", "G")}


class Uniform(Protocol):
    """A source of uniform floats in [0, 1): ``random.Random`` or the engine's ``sim.rng.Rng``."""

    def random(self) -> float: ...


def contract_words(contract: int | None) -> str:
    if contract is None:
        return "no trump yet"
    if contract < 4:
        return SUIT_NAMES[contract]
    return "no-trump" if contract == NO_TRUMP else "low no-trump"


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


class Game:
    """A game in progress under one rule set."""

    def __init__(self, rules: RuleSet, labels: Sequence[str] | None = None,
                 dealer: int = 0, start_scores: Sequence[int] | None = None):
        self.rules = rules
        self.deck = Deck.of(rules.deck.lowest, rules.deck.joker)
        n = self.n = rules.players.count
        self.labels = tuple(labels) if labels else DEFAULT_LABELS[n]
        if len(self.labels) != n:
            raise ValueError(f"{n} seat labels needed, got {len(self.labels)}")
        if rules.players.sides == "partners":
            teams = rules.players.teams
            self.side_of = tuple(s % teams for s in range(n))
            self.sides = tuple(tuple(s for s in range(n) if s % teams == t) for t in range(teams))
        else:
            self.side_of = tuple(range(n))
            self.sides = tuple((s,) for s in range(n))
        self.side_names = tuple("+".join(self.labels[s] for s in side) for side in self.sides)
        start = rules.scoring.start if rules.scoring.model == "countdown" else 0
        self.scores = list(start_scores) if start_scores is not None else [start] * len(self.sides)
        self.dealer = dealer
        self.deals = 0  # deals completed (thrown-in ones included)
        self.winners: list[int] | None = None
        self.results: list[HandResult] = []
        self.drop_streak = [0] * n
        # procedures chosen once from the rules
        b = rules.bidding
        self._forced = None if b.forced_trump is None else SUITS.index(b.forced_trump)
        # the suit a turned-up joker proposes (None: no such policy)
        proposed = {"fixed_suit": "H", "agreed_suit": b.joker_upcard_suit}.get(
            b.joker_upcard or "")
        self._joker_proposes = None if proposed is None else SUITS.index(proposed)
        d = rules.deal
        # claims before the bidding (farmer's hand, going under, ace-no-face)
        self._claims = d.farmers_hand != "off" or d.ace_no_face
        self._swaps = d.farmers_hand != "off" and d.farmers_hand_effect == "swap"
        self._ranks = _rank_masks(self.deck) if self._claims else _RankMasks(0, 0, 0, 0)
        # bidding menus that depend on the cards held cannot be shared
        self._menus_shared = not b.must_hold_trump_to_call
        self.phase = DEAL
        self._menus = _menus_for(rules)
        self._reset_hand()

    # ================================================================== state
    def _reset_hand(self) -> None:
        n = self.n
        self.cand = [0] * n
        self.sure = [0] * n
        self.count = [0] * n
        self.upcard: int | None = None
        self.widow: int = 0
        self.widow_known = True
        self.trump: int | None = None
        self.maker: int | None = None
        self.alone = False
        self.lone_defender: int | None = None
        self.active = [True] * n
        self.forced = False  # trump fixed with no maker: nobody may drop
        self.to_act = (self.dealer + 1) % n
        self.passes = 0
        self.round_seats: list[int] = []
        self.high_bid = 0
        self.high_bidder: int | None = None
        self.taker: int | None = None  # who must (or may) discard
        #: Who took the upcard into hand (public knowledge, unlike the discard).
        self.upcard_holder: int | None = None
        self.turned_down: int | None = None
        self.defend_queue: list[int] = []
        self._window_opened = False
        self.dropped = [False] * n
        self.stay_queue: list[int] = []
        self.must_play: dict[int, str] = {}  # seats not asked to stay or drop, and why
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.tricks = [0] * n
        self.trick_winners: list[int] = []
        self.played = 0  # mask of cards played this hand
        self.void = [0] * n  # effective suits a seat showed out of (bits)
        self._full_info = False  # set when play starts
        #: The known cards of each hand as dealt, before any exchange.
        self.dealt: tuple[int, ...] = ()
        # cards ruled out of a seat's hand only because it showed out: playing one
        # later proves a renege, not an impossible card
        self.shown_out = [0] * n
        self.renege_by: int | None = None
        self.renege_note: str | None = None
        self.renege_at = 0  # cards played before renege_by's offence: the first offence counts
        #: (seat, effective suit) -> (cards played before, trick number) when the seat
        #: first showed out of that suit; a later card of it proves a renege there
        self.shown_at: dict[tuple[int, int], tuple[int, int]] = {}
        self.unplaced = 0  # cards dealt to nobody known: unknown hands, widow, kitty
        self.discarded: dict[int, int] = {}  # card put away -> who put it away
        self.last_renege: str | None = None  # message of the latest renege (each is reported)
        self.kitty: list[int | None] = []  # the undealt face-down cards, top of the stock first
        self.claims_done = False
        self.claim_order: list[int] = []  # seats still to be asked for a claim, on turn first
        self.swapped: int | None = None  # who exchanged with the kitty
        self.misdealt: str | None = None  # a void deal: who deals next
        self.best_queue: list[tuple[int, str]] = []  # call for best: (seat, discard|give)
        self.best_seat: int | None = None  # the lone player being served
        self.best_served: list[int] = []
        self.upcard_untaken = False  # accepted upcard left out by a sitting-out dealer
        #: Actions of the current (or last) hand as plain tuples: the cheap log the
        #: hot paths append to; :attr:`hand_actions` gives them as :class:`Action`.
        self.hand_log: list[ActionTuple] = []

    def clone(self) -> "Game":
        """An independent copy of the whole state (for search and what-ifs).

        Copies every attribute, one level deep (the state holds ints, tuples
        and flat lists or dicts of them); the rule set, deck and menu cache are
        shared.  Works the same when the engine is compiled with mypyc, where
        instances have no ``__dict__`` but the class lists its attributes.
        """
        new = Game(self.rules, self.labels, self.dealer, self.scores)
        names = getattr(type(self), "__mypyc_attrs__", None) or tuple(vars(self))
        for name in names:
            if name in _SHARED_STATE:
                continue
            try:
                value = getattr(self, name)
            except AttributeError:  # not set yet in this state
                continue
            if isinstance(value, list):
                value = value[:]
            elif isinstance(value, dict):
                value = dict(value)
            setattr(new, name, value)
        return new

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
        self._full_info = self.phase == PLAYING

    @property
    def hand_actions(self) -> list[Action]:
        """Every action of the current (or last finished) hand, in order."""
        return [Action._make(a) for a in self.hand_log]

    @property
    def is_over(self) -> bool:
        return self.phase == GAME_OVER

    @property
    def hand_over(self) -> bool:
        """True between hands: the next call must be :meth:`deal`."""
        return self.phase in (DEAL, GAME_OVER)

    def label(self, seat: int) -> str:
        return self.labels[seat]

    def card_name(self, card: int | None) -> str:
        return "??" if card is None else self.deck.names[card]

    # ================================================================== deal
    def deal(self, hands: Sequence[Sequence[int | None] | None], upcard: int | None = None,
             widow: Sequence[int | None] | None = None,
             kitty: Sequence[int | None] | None = None) -> None:
        """Start a hand from known (or partly known) cards.

        ``hands[seat]`` is a list of card indices (``None`` for an unknown
        card) or ``None`` for a wholly unknown hand.  ``kitty`` lists undealt
        face-down cards from the top of the stock (a farmer's-hand swap takes
        the first three).  Raises ``ValueError`` with the reason for an
        impossible deal (the validator reports it as ``bad-deal``).
        """
        if self.phase == GAME_OVER:
            raise IllegalAction("game-over", "the game is already over")
        if self.phase != DEAL:
            raise IllegalAction("incomplete-hand", "the previous hand is not finished")
        r = self.rules
        size = r.deal.hand_size
        self._reset_hand()
        seen = 0
        unknown = 0

        def take(cards: Sequence[int | None], what: str) -> int:
            nonlocal seen, unknown
            m = 0
            for c in cards:
                if c is None:
                    unknown += 1
                    continue
                if (seen >> c) & 1:
                    raise ValueError(f"{self.deck.names[c]} is dealt twice ({what})")
                seen |= 1 << c
                m |= 1 << c
            return m

        if len(hands) != self.n:
            raise ValueError(f"{self.n} hands expected, got {len(hands)}")
        partial = [False] * self.n
        for seat, h in enumerate(hands):
            if h is None:
                partial[seat] = True
                self.count[seat] = size
                unknown += size
                continue
            if len(h) != size:
                raise ValueError(f"{self.labels[seat]} was dealt {len(h)} cards, "
                                 f"not {size}")
            m = take(h, f"{self.labels[seat]}'s hand")
            self.sure[seat] = m
            self.count[seat] = size
            partial[seat] = m.bit_count() != size
        if r.deal.upcard:
            if upcard is None:
                raise ValueError("this variant turns up a card, but no upcard is given")
            take([upcard], "the upcard")
            if upcard == self.deck.joker_card and r.bidding.joker_upcard is None:
                raise ValueError("the joker is turned up, but the variant does not say what "
                                 "that means (bidding.joker_upcard)")
            self.upcard = upcard
        elif upcard is not None:
            raise ValueError("this variant turns up no card, but an upcard is given")
        if r.deal.widow:
            if widow is None:
                self.widow_known = False
            else:
                if len(widow) != size:
                    raise ValueError(f"the widow has {len(widow)} cards, not {size}")
                self.widow = take(widow, "the widow")
                self.widow_known = all(c is not None for c in widow)
        elif widow:
            raise ValueError("this variant deals no widow, but one is given")
        if kitty:
            undealt = self.deck.size - size * (self.n + r.deal.widow) - r.deal.upcard
            if len(kitty) > undealt:
                raise ValueError(f"the kitty has {len(kitty)} cards, but only {undealt} are "
                                 "left undealt")
            take(kitty, "the kitty")
            self.kitty = list(kitty)
        free = self.unplaced = self.deck.full_mask & ~seen
        for seat in range(self.n):
            self.cand[seat] = self.sure[seat] | (free if partial[seat] else 0)
        for seat in range(self.n):
            if partial[seat]:  # e.g. the one hand not recorded, all else known
                self._settle_knowledge(seat)
        self.dealt = tuple(self.sure)
        self._begin_trump_making()

    def deal_random(self, rng: Uniform) -> None:
        """Shuffle with ``rng`` and deal by the variant's packets (full information).

        The simulator's deal: a Fisher-Yates shuffle driven by ``rng.random``
        and the hands built straight into masks, skipping the checks
        :meth:`deal` makes on untrusted input.
        """
        if self.phase != DEAL:
            raise IllegalAction("game-over" if self.phase == GAME_OVER else "incomplete-hand",
                                "the game is over" if self.phase == GAME_OVER
                                else "the previous hand is not finished")
        r = self.rules
        plan, widow_at, up_at, needed = _deal_plan(self.n, r.deal.packets, r.deal.widow,
                                                   r.deal.upcard, self.dealer)
        size = self.deck.size
        cards = list(range(size))
        rnd = rng.random
        # the first `needed` places of a Fisher-Yates shuffle; the whole pack when a
        # swap may take the kitty's cards
        for i in range(size if self._swaps else needed):
            j = i + int(rnd() * (size - i))
            cards[i], cards[j] = cards[j], cards[i]
        self._reset_hand()
        hands = []
        for places in plan:
            m = 0
            for i in places:
                m |= 1 << cards[i]
            hands.append(m)
        widow = 0
        for i in widow_at:
            widow |= 1 << cards[i]
        self.cand = hands
        self.sure = hands[:]
        self.dealt = tuple(hands)
        self.count = [r.deal.hand_size] * self.n
        self.widow = widow
        if up_at is not None:
            self.upcard = cards[up_at]
        if self._swaps:
            self.kitty = list(cards[needed:])
        self._begin_trump_making()

    # ========================================================= trump making
    def _begin_trump_making(self) -> None:
        if self._claims and not self.claims_done:
            self.claims_done = True
            self.claim_order = [(self.dealer + 1 + i) % self.n for i in range(self.n)]
            if self._next_claimant():
                return
        r = self.rules
        b = r.bidding
        d = self.dealer
        n = self.n
        if r.deal.widow:
            self.phase = WIDOW
            start = (d - 1) % n if b.widow_order == "right_of_dealer" else (d + 1) % n
            self.round_seats = [(start + i) % n for i in range(n)]
            self.to_act = self.round_seats[0]
            return
        if self.upcard is not None and self.upcard == self.deck.joker_card and \
                b.joker_upcard == "dealer_names":
            self.phase = DEALER_NAMES
            self.to_act = d
            return
        if self._forced is not None and self.upcard is not None and \
                self._upcard_suit() == self._forced:
            self.trump = self._forced
            self.forced = True
            if b.forced_dealer_takes:
                self._take_upcard(d, mandatory=True)
            else:
                self._after_trump()
            return
        if b.auction:
            self.phase = AUCTION
            self.to_act = (d + 1) % n
            self.passes = 0
            return
        if b.order_up_round and self.upcard is not None:
            self.phase = ORDER_UP_ROUND
        else:
            self.phase = NAMING
        self.to_act = (d + 1) % n
        self.passes = 0

    def _upcard_suit(self) -> int:
        """The suit the upcard proposes: its own, or the one a turned-up joker stands for."""
        assert self.upcard is not None
        if self.upcard == self.deck.joker_card and self._joker_proposes is not None:
            return self._joker_proposes
        return self.deck.suit(self.upcard)

    def _take_upcard(self, seat: int, mandatory: bool) -> None:
        """``seat`` takes the upcard into hand and owes a discard."""
        assert self.upcard is not None
        up = 1 << self.upcard
        self.cand[seat] |= up
        self.sure[seat] |= up
        self.count[seat] += 1
        self.taker = self.upcard_holder = seat
        self.to_act = seat
        self.phase = EXCHANGE if mandatory else TAKE_UPCARD

    def _turn_first(self, seat: int, what: str) -> None:
        """An action by the wrong seat is ``out-of-turn`` even when its kind is wrong too
        (ehh/1), so the seat is checked before the phase."""
        if self.phase not in (DEAL, GAME_OVER):
            self._require_turn(seat, what)

    def _require_turn(self, seat: int, what: str) -> None:
        if seat != self.to_act:
            if not self.active[seat]:
                raise IllegalAction("out-of-turn", f"{self.labels[seat]} is not playing this hand"
                                    f" and cannot {what}")
            raise IllegalAction("out-of-turn", f"it is {self.labels[self.to_act]}'s turn, not "
                                f"{self.labels[seat]}'s ({self._phase_words()})")

    def _phase_words(self) -> str:
        return {
            WIDOW: "the widow is being offered", ORDER_UP_ROUND: "first round of bidding",
            CLAIMS: "claims before the bidding (farmer's hand, ace-no-face)",
            BEST: "call for best: the lone player's exchange",
            DEALER_NAMES: "the joker was turned up: the dealer names trump",
            EXCHANGE: "the upcard taker must discard", NAMING: "naming round",
            AUCTION: "the auction", AUCTION_CALL: "the high bidder names trump",
            TAKE_UPCARD: "the high bidder may take the upcard", DEFEND: "defending alone",
            STAY_DROP: "staying in or dropping out", PLAYING: f"trick {len(self.trick_winners) + 1}",
            DEAL: "between hands", GAME_OVER: "the game is over",
        }[self.phase]

    def _wrong_phase(self, verb: str) -> IllegalAction:
        if self.phase == GAME_OVER:
            return IllegalAction("game-over", "the game is already over")
        if self.phase == DEAL:
            return IllegalAction("extra-action", "the hand is over")
        return IllegalAction("illegal-action", f"'{verb}' is not allowed now "
                             f"({self._phase_words()})")

    def pass_(self, seat: int) -> None:
        """Pass in a bidding round, an auction or the widow offer."""
        self._close_optional(PASS)
        self._turn_first(seat, "pass")
        ph = self.phase
        if ph not in (ORDER_UP_ROUND, NAMING, AUCTION, WIDOW):
            raise self._wrong_phase(PASS)
        n = self.n
        self._log(Action(seat, PASS))
        if ph == WIDOW:
            idx = self.round_seats.index(seat)
            if idx + 1 < n:
                self.to_act = self.round_seats[idx + 1]
            else:
                self._start_naming()
            return
        if ph == NAMING and seat == self.dealer and self.passes == n - 1 and \
                self.rules.bidding.stick_the_dealer:
            raise IllegalAction("illegal-action", f"{self.labels[seat]} is the dealer and is "
                                "stuck: the dealer must name trump")
        if ph == ORDER_UP_ROUND and seat == self.dealer and self.passes == n - 1 and \
                self.rules.bidding.dealer_forced_takeup:
            raise IllegalAction("illegal-action", f"{self.labels[seat]} is the dealer and "
                                "everyone else passed: the dealer must take up the upcard")
        self.passes += 1
        self.to_act = (seat + 1) % n
        if self.passes < n:
            return
        if ph == AUCTION:
            self._end_auction()
            return
        if ph == ORDER_UP_ROUND:
            self.turned_down = self._upcard_suit() if self.upcard is not None else None
            if self.rules.bidding.naming_round:
                self._start_naming()
                return
        self._all_passed()

    def _start_naming(self) -> None:
        self.phase = NAMING
        self.passes = 0
        self.to_act = (self.dealer + 1) % self.n

    def _all_passed(self) -> None:
        if self.rules.bidding.all_pass == "no_trump":
            self.trump = NO_TRUMP
            self.forced = True
            self._after_trump()
        else:
            self._finish_hand(thrown_in=True)

    def order_up(self, seat: int, alone: bool = False) -> None:
        """Accept the upcard's suit as trump (order up, assist, take up)."""
        self._close_optional(ORDER_UP)
        self._turn_first(seat, "order up")
        if self.phase != ORDER_UP_ROUND:
            if self.phase == NAMING:
                raise IllegalAction("illegal-action", "the upcard was turned down: ordering up "
                                    "is only possible in the first round")
            raise self._wrong_phase(ORDER_UP)
        self._check_alone(seat, alone)
        assert self.upcard is not None
        d = self.dealer
        if self.rules.alone.canadian_loner and not alone and seat != d and \
                self.side_of[seat] == self.side_of[d]:
            raise IllegalAction("illegal-action", f"{self.labels[seat]} is the dealer's partner: "
                                "under the Canadian loner rule, ordering up means going alone")
        self._check_holds_trump(seat, self._upcard_suit(), False)
        self._log(Action(seat, ORDER_UP, None, alone))
        self._make(seat, self._upcard_suit(), alone)
        if alone and self.side_of[d] == self.side_of[seat] and d != seat and \
                not self.rules.alone.dealer_exchanges_when_partner_alone:
            self.upcard_untaken = True
            self._after_trump()  # the sitting-out dealer does not exchange
        else:
            self._take_upcard(d, mandatory=True)

    def call(self, seat: int, contract: int, alone: bool = False) -> None:
        """Name trump: in the naming round, as the auction winner, or as the dealer
        who must name after a turned-up joker."""
        self._close_optional(CALL)
        self._turn_first(seat, "name trump")
        b = self.rules.bidding
        if self.phase == AUCTION_CALL:
            self._name_trump(seat, contract, alone, b.auction_no_trump, stuck=False)
            if b.auction_takes_upcard and self.upcard is not None:
                self._take_upcard(seat, mandatory=False)
            else:
                self._after_trump()
            return
        if self.phase == DEALER_NAMES:
            self._name_trump(seat, contract, alone, b.no_trump, stuck=False)
            self._take_upcard(seat, mandatory=True)
            return
        if self.phase != NAMING:
            if self.phase == ORDER_UP_ROUND:
                raise IllegalAction("illegal-action", "in the first round a player may only "
                                    "order up the upcard's suit or pass")
            raise self._wrong_phase(CALL)
        stuck = seat == self.dealer and self.passes == self.n - 1 and b.stick_the_dealer
        if contract >= 4 and stuck and not b.std_may_call_no_trump and \
                contract in self._contracts(b.no_trump):
            raise IllegalAction("illegal-action", f"{self.labels[seat]} is the stuck dealer and "
                                f"may not call {contract_words(contract)}")
        if contract == self.turned_down and b.turned_down_suit == "barred":
            if not (stuck and b.std_may_name_turned_down):
                raise IllegalAction("illegal-action", f"{SUIT_NAMES[contract]} were turned down "
                                    "and may not be named")
        self._name_trump(seat, contract, alone, b.no_trump, stuck)
        self._after_trump()

    def _name_trump(self, seat: int, contract: int, alone: bool, no_trump: bool,
                    stuck: bool) -> None:
        """The checks every naming of trump shares, then the making itself."""
        if contract not in self._contracts(no_trump):
            raise IllegalAction("illegal-action", f"{contract_words(contract)} may not be called "
                                "in this variant")
        self._check_alone(seat, alone)
        self._check_holds_trump(seat, contract, stuck)
        self._log(Action(seat, CALL, contract, alone))
        self._make(seat, contract, alone)

    def bid(self, seat: int, amount: int) -> None:
        """A numeric bid in the auction."""
        self._close_optional(BID)
        self._turn_first(seat, "bid")
        if self.phase != AUCTION:
            raise self._wrong_phase(BID)
        b = self.rules.bidding
        if amount < b.auction_min or amount > b.auction_max:
            raise IllegalAction("illegal-action", f"a bid must be from {b.auction_min} to "
                                f"{b.auction_max}, not {amount}")
        if amount <= self.high_bid:
            raise IllegalAction("illegal-action", f"a bid of {amount} does not beat "
                                f"{self.labels[self.high_bidder or 0]}'s {self.high_bid}")
        self._log(Action(seat, BID, amount))
        self.high_bid, self.high_bidder = amount, seat
        self.passes += 1
        if amount == b.auction_max or self.passes == self.n:
            self._end_auction()
        else:
            self.to_act = (seat + 1) % self.n

    def _end_auction(self) -> None:
        if self.high_bidder is None:
            self._all_passed()
            return
        self.phase = AUCTION_CALL
        self.to_act = self.high_bidder

    def take_widow(self, seat: int) -> None:
        """Exchange the whole hand for the widow (the old hand is dead)."""
        self._close_optional(TAKE_WIDOW)
        self._turn_first(seat, "take the widow")
        if self.phase != WIDOW:
            raise self._wrong_phase(TAKE_WIDOW)
        self._log(Action(seat, TAKE_WIDOW))
        size = self.rules.deal.hand_size
        if self.widow_known:
            self.sure[seat] = self.cand[seat] = self.widow
        else:
            # the widow's unknown cards are among those nobody is known to hold; the
            # hand given up is dead, so none of its known cards can be played
            self.sure[seat] = self.widow
            self.cand[seat] = self.widow | self.unplaced
        self.count[seat] = size
        self._start_naming()

    def _check_alone(self, seat: int, alone: bool) -> None:
        if alone and (not self.rules.alone.allowed or self.rules.players.sides != "partners"):
            raise IllegalAction("illegal-action", "going alone is not allowed in this variant")

    def _make(self, seat: int, contract: int, alone: bool) -> None:
        self.trump = contract
        self.maker = seat
        self.alone = alone
        if alone:
            for s in self.sides[self.side_of[seat]]:
                if s != seat:
                    self.active[s] = False

    def discard(self, seat: int, card: int | None) -> None:
        """Put a card away after taking the upcard (``None``: unknown card)."""
        self._close_optional(DISCARD, keep_take=True)
        self._turn_first(seat, "discard")
        if self.phase not in (EXCHANGE, TAKE_UPCARD) and not (
                self.phase == BEST and self.best_queue[0][1] == DISCARD):
            raise IllegalAction("illegal-action", "no exchange is due: only the player who took "
                                "the upcard discards, right after taking it"
                                + (", and a lone player calling for best" if
                                   self.rules.alone.call_for_best else ""))
        if card is not None:
            if card == self.upcard and (self.cand[seat] >> card) & 1 and \
                    not self.rules.bidding.dealer_may_discard_upcard:
                raise IllegalAction("illegal-action", f"{self.labels[seat]} may not discard the "
                                    f"upcard {self.card_name(card)} itself")
            if not (self.cand[seat] >> card) & 1:
                raise IllegalAction("card-not-held", f"{self.labels[seat]} discarded "
                                    f"{self.card_name(card)} but does not hold it")
        self._log(Action(seat, DISCARD, card))
        self.count[seat] -= 1
        if card is not None:
            bit = 1 << card
            self.sure[seat] &= ~bit
            self.discarded[card] = seat
            for s in range(self.n):  # put away: nobody can play it now
                self.cand[s] &= ~bit
        else:
            # any card held might be the one put away, except a protected upcard
            keep = 0
            if self.upcard is not None and not self.rules.bidding.dealer_may_discard_upcard:
                keep = 1 << self.upcard
            self.sure[seat] &= keep
        self._settle_knowledge(seat)
        if self.phase == BEST:
            self._best_step()
            return
        self.taker = None
        self._after_trump()

    def _after_trump(self) -> None:
        """Trump is fixed: a lone maker calls for best, then the defend-alone window
        opens, then stay/drop, then play."""
        r = self.rules
        if r.alone.call_for_best and self.alone and self.maker is not None and \
                self.maker not in self.best_served:
            self._start_best(self.maker)
            return
        d = self.dealer
        n = self.n
        da = r.alone.defend_alone
        if self.maker is not None and not self._window_opened and (
                da == "vs_any_maker" or (da == "vs_lone_maker" and self.alone)):
            self._window_opened = True
            makers = self.side_of[self.maker]
            first = self.maker + 1 if r.alone.defend_order == "left_of_maker" else d + 1
            self.defend_queue = [s for s in ((first + i) % n for i in range(n))
                                 if self.side_of[s] != makers and self.active[s]]
            if self.defend_queue:
                self.phase = DEFEND
                self.to_act = self.defend_queue[0]
                return
        self._participation_or_play()

    def _participation_or_play(self) -> None:
        self.defend_queue = []
        p = self.rules.participation
        if p.stay_drop and not self.forced and self.maker is not None:
            n = self.n
            first = self.maker + 1 if p.order == "left_of_maker" else self.dealer + 1
            self.stay_queue = [s for s in ((first + i) % n for i in range(n)) if s != self.maker]
            if p.three_hands_rule:
                for s in self.stay_queue:
                    if self.drop_streak[s] >= 2:
                        self.must_play[s] = (f"{self.labels[s]} dropped out of the last two "
                                             "hands and must play this one (three-hands rule)")
            self.phase = STAY_DROP
            self._next_chooser()
            return
        self._start_play()

    def _next_chooser(self) -> None:
        """Turn to the next player who may stay or drop; those who must play are not asked."""
        while self.stay_queue:
            seat = self.stay_queue[0]
            if self.rules.participation.last_player_cannot_drop and \
                    len(self.stay_queue) == 1 and sum(self.dropped) == self.n - 2:
                self.must_play[seat] = (f"everyone else dropped out, so {self.labels[seat]} "
                                        "must play")
            if seat not in self.must_play:
                self.to_act = seat
                return
            self.stay_queue.pop(0)
        self._start_play()

    def _close_optional(self, verb: str, keep_take: bool = False) -> None:
        """An action arrived while an optional declaration was open: it was declined."""
        if self.phase == CLAIMS and verb not in (SWAP, MISDEAL):
            self._close_claims()
        if self.phase == TAKE_UPCARD and not keep_take:
            self._decline_take()
        if self.phase == DEFEND and verb != DEFEND_ALONE:
            self._participation_or_play()

    def _decline_take(self) -> None:
        seat = self.taker
        assert seat is not None and self.upcard is not None
        up = 1 << self.upcard
        self.cand[seat] &= ~up
        self.sure[seat] &= ~up
        self.count[seat] -= 1
        self.taker = self.upcard_holder = None
        self._after_trump()

    def decline(self, seat: int) -> None:
        """Do not make an optional declaration (never recorded)."""
        if self.phase == TAKE_UPCARD:
            self._require_turn(seat, "decline the upcard")
            self._decline_take()
        elif self.phase == CLAIMS:
            self._require_turn(seat, "decline to claim")
            self.claim_order.pop(0)
            self._next_claimant()
        elif self.phase == DEFEND:
            self._require_turn(seat, "decline to defend alone")
            self.defend_queue.pop(0)
            if self.defend_queue:
                self.to_act = self.defend_queue[0]
            else:
                self._participation_or_play()
        else:
            raise self._wrong_phase(DECLINE)

    def defend_alone(self, seat: int) -> None:
        """A defender declares to play alone; the defender's partners sit out."""
        if self.phase != DEFEND:
            if self.rules.alone.defend_alone == "off":
                raise IllegalAction("illegal-action", "defending alone is not allowed in this "
                                    "variant")
            if self.phase == PLAYING and self.lone_defender is not None:
                raise IllegalAction("illegal-action", "someone already defends alone")
            if self.phase in (PLAYING, STAY_DROP) and self.maker is not None and not self.alone \
                    and self.rules.alone.defend_alone == "vs_lone_maker":
                raise IllegalAction("illegal-action", "defending alone is only allowed against "
                                    "a lone maker")
            raise self._wrong_phase(DEFEND_ALONE)
        if seat not in self.defend_queue:
            if self.maker is not None and self.side_of[seat] == self.side_of[self.maker]:
                raise IllegalAction("illegal-action", f"{self.labels[seat]} is on the making "
                                    "side and cannot defend")
            raise IllegalAction("out-of-turn", f"{self.labels[seat]} may not defend alone now")
        self._log(Action(seat, DEFEND_ALONE))
        self.lone_defender = seat
        for s in self.sides[self.side_of[seat]]:
            if s != seat:
                self.active[s] = False
        if self.rules.alone.call_for_best:
            self._start_best(seat)
            return
        self._participation_or_play()

    def stay(self, seat: int) -> None:
        self._stay_or_drop(seat, False)

    def drop(self, seat: int) -> None:
        self._stay_or_drop(seat, True)

    def _stay_or_drop(self, seat: int, drop: bool) -> None:
        verb = DROP if drop else STAY
        self._close_optional(verb)
        if self.phase == STAY_DROP and seat == self.maker:
            raise IllegalAction("out-of-turn", f"{self.labels[seat]} made trump and is not asked "
                                "to stay or drop")
        if self.phase == STAY_DROP and seat in self.must_play:
            raise IllegalAction("out-of-turn", f"{self.must_play[seat]}; a player who must "
                                "play is not asked to stay or drop")
        self._turn_first(seat, verb)
        if self.phase != STAY_DROP:
            if self.rules.participation.stay_drop and self.phase == PLAYING and self.forced:
                raise IllegalAction("illegal-action", "nobody may drop out this hand: trump was "
                                    "fixed without a maker, everyone plays")
            raise self._wrong_phase(verb)
        self._log(Action(seat, verb))
        if drop:
            self.dropped[seat] = True
            self.active[seat] = False
        self.stay_queue.pop(0)
        self._next_chooser()

    # ============================================================ house rules
    def _contracts(self, no_trump: bool) -> list[int]:
        """Contracts that may be named: the four suits, and with ``no_trump`` no-trump
        (and low no-trump where the variant has it)."""
        if not no_trump:
            return [0, 1, 2, 3]
        return [0, 1, 2, 3, NO_TRUMP] + ([LOW_NO_TRUMP] if self.rules.bidding.low_no_trump
                                         else [])

    def _trump_held(self, seat: int, contract: int) -> tuple[bool, bool]:
        """Whether ``seat`` certainly holds, and may hold, a card that counts as a trump
        of ``contract`` for must_hold_trump_to_call (the upcard never counts)."""
        mask = self.deck.suit_masks[contract][contract]
        if not self.rules.bidding.must_hold_trump_left_counts:
            mask &= ~(1 << self.deck.left_bower(contract))
        if self.upcard is not None:
            mask &= ~(1 << self.upcard)
        return bool(self.sure[seat] & mask), bool(self.cand[seat] & mask)

    def _holds_trump(self, seat: int, contract: int, stuck: bool) -> bool:
        """May ``seat`` make ``contract`` trump under must_hold_trump_to_call?

        Yes unless it provably holds no trump of it -- and, for a stuck dealer,
        provably holds a trump of another suit it may name: a stuck dealer who
        holds none of them must still name one, and may name any.
        """
        b = self.rules.bidding
        if not b.must_hold_trump_to_call or contract >= 4:
            return True
        if self._trump_held(seat, contract)[1]:
            return True
        nameable = [c for c in range(4) if not (c == self.turned_down and
                    b.turned_down_suit == "barred" and not b.std_may_name_turned_down)]
        return stuck and not any(self._trump_held(seat, c)[0] for c in nameable)

    def _check_holds_trump(self, seat: int, contract: int, stuck: bool) -> None:
        if not self._holds_trump(seat, contract, stuck):
            left = "" if self.rules.bidding.must_hold_trump_left_counts else \
                " (the left bower does not count)"
            raise IllegalAction("illegal-action", f"{self.labels[seat]} holds no "
                                f"{SUIT_NAMES[contract]} and may not make them trump: the "
                                f"maker must hold a trump{left}")

    # farmer's hand, going under, ace-no-face: claims before the bidding
    def _may_claim(self, seat: int) -> tuple[bool, str | None]:
        """What ``seat`` may claim now: (may swap, redeal policy of the misdeal it may call)."""
        d = self.rules.deal
        swap = False
        policy = None
        cards = (self._ranks, self.sure[seat], self.cand[seat], self.count[seat])
        if d.farmers_hand != "off" and _hand_meets(d.farmers_hand, *cards):
            if d.farmers_hand_effect == "misdeal" or self.swapped is not None:
                policy = d.farmers_hand_redeal  # with swaps: the kitty was already taken
            else:
                swap = True
        if policy is None and d.ace_no_face and _hand_meets("ace_no_face", *cards):
            policy = d.ace_no_face_redeal
        return swap, policy

    def _next_claimant(self) -> bool:
        """Turn to the next seat that may claim; when nobody is left the bidding begins.
        Returns whether a claim is awaited."""
        while self.claim_order:
            seat = self.claim_order[0]
            swap, policy = self._may_claim(seat)
            if swap or policy is not None:
                self.phase = CLAIMS
                self.to_act = seat
                return True
            self.claim_order.pop(0)
        if self.phase == CLAIMS:
            self._close_claims()
        return False

    def _close_claims(self) -> None:
        """Nobody (else) claims: the bidding begins."""
        self.claim_order = []
        self._begin_trump_making()

    def _claim_turn(self, seat: int, verb: str, what: str) -> None:
        """Claims are made before the bidding begins."""
        if self.phase != CLAIMS:
            self._turn_first(seat, what)
            if self.phase in (DEAL, GAME_OVER):
                raise self._wrong_phase(verb)
            raise IllegalAction("illegal-action", f"{self.labels[seat]} may not {what} now: "
                                "such claims are made before the first bid" +
                                ("" if self._claims else ", and this variant has none"))

    def _claim_taken(self, seat: int) -> None:
        """``seat`` claimed: it is not on turn again; any seat asked before it declined
        (declines are not recorded).  A seat whose turn has passed may not claim."""
        if seat not in self.claim_order:
            raise IllegalAction("out-of-turn", f"{self.labels[seat]}'s turn to claim has "
                                "passed: claims go in turn from the dealer's left")
        while self.claim_order[0] != seat:
            self.claim_order.pop(0)
        self.claim_order.pop(0)

    def _no_claim(self, seat: int, verb: str, hand: int) -> IllegalAction:
        """Why ``seat`` (holding ``hand``, as far as known) may not make this claim."""
        d = self.rules.deal
        name = self.labels[seat]
        farmer = d.farmers_hand != "off"
        if verb == SWAP:
            if not farmer or d.farmers_hand_effect != "swap":
                return IllegalAction("illegal-action", "this variant has no swap with the kitty")
            if self.swapped is not None:
                return IllegalAction("illegal-action", "the kitty was already swapped by "
                                     f"{self.labels[self.swapped]}: a second claim is a misdeal "
                                     "(show the hand)")
            return IllegalAction("illegal-action", f"{name}'s hand does not qualify for a "
                                 f"farmer's hand ({CLAIM_WORDS[d.farmers_hand]})")
        needs = []
        if farmer and (d.farmers_hand_effect == "misdeal" or self.swapped is not None):
            needs.append(f"a farmer's hand ({CLAIM_WORDS[d.farmers_hand]})")
        if d.ace_no_face:
            needs.append(f"ace-no-face ({CLAIM_WORDS['ace_no_face']})")
        if farmer and d.farmers_hand_effect == "swap" and self.swapped is None and \
                _hand_meets(d.farmers_hand, self._ranks, hand, hand, hand.bit_count()):
            return IllegalAction("illegal-action", f"{name} holds a farmer's hand, which is "
                                 "claimed by swapping with the kitty: a misdeal is called only "
                                 "by a second claimant")
        if not needs:
            return IllegalAction("illegal-action", "this variant has no misdeal claim on a "
                                 "shown hand")
        return IllegalAction("illegal-action", f"{name}'s hand does not qualify for "
                             + " or ".join(needs))

    def swap(self, seat: int, cards: int) -> None:
        """Farmer's hand / going under: put three shown cards (a mask) in the kitty and
        take its three face-down cards (the first three of the dealt kitty)."""
        self._claim_turn(seat, SWAP, "swap with the kitty")
        trigger = self.rules.deal.farmers_hand
        name = self.labels[seat]
        if not self._may_claim(seat)[0]:
            raise self._no_claim(seat, SWAP, self.sure[seat])
        if cards.bit_count() != 3:
            raise IllegalAction("illegal-action", f"a swap puts away exactly three cards, not "
                                f"{cards.bit_count()}")
        if cards & ~self.cand[seat]:
            raise IllegalAction("card-not-held", f"{name} swaps "
                                f"{self.deck.format_mask(cards & ~self.cand[seat])} but does "
                                "not hold it")
        if not _swap_allows(self._ranks, trigger, cards):
            raise IllegalAction("illegal-action", f"{name} may not put away "
                                f"{self.deck.format_mask(cards)}: the cards swapped are "
                                f"{SWAP_WORDS[trigger]}")
        self._claim_taken(seat)
        self._log(Action(seat, SWAP, cards))
        hand_ok = _whole_hand_mask(self._ranks, trigger)
        self.cand[seat] &= hand_ok  # a whole-hand trigger: now known to be met
        known = 0
        for c in self.kitty[:3]:
            if c is not None:
                known |= 1 << c
        for s in range(self.n):
            self.cand[s] &= ~(cards | known)
            self.sure[s] &= ~cards
        self.sure[seat] |= known
        self.cand[seat] |= known
        if known.bit_count() < 3:  # kitty cards not recorded: any card not seen elsewhere
            seen = cards | known | self.widow
            for s in range(self.n):
                if s != seat:
                    seen |= self.sure[s]
            if self.upcard is not None:
                seen |= 1 << self.upcard
            for c in self.kitty[3:]:
                if c is not None:
                    seen |= 1 << c
            self.cand[seat] |= self.deck.full_mask & ~seen
        if self.cand[seat].bit_count() == self.count[seat]:
            self.sure[seat] = self.cand[seat]
        self.swapped = seat
        self._next_claimant()

    def misdeal(self, seat: int, shown: int | None = None) -> None:
        """Declare the deal void; nothing is scored.

        With ``shown`` (a mask of the whole hand, face up) it is a claim by a
        house rule -- a farmer's hand, a second claim after a swap, ace-no-face
        -- made in turn before the bidding, and that rule's redeal option says
        who deals next.  Without, the cards themselves were misdealt (a wrong
        count, an exposed card, an imperfect pack): any player may call it at
        any time before the hand ends, and ``deal.misdeal`` says who deals.
        """
        if shown is None:
            if self.phase in (DEAL, GAME_OVER):
                raise self._wrong_phase(MISDEAL)
            self._log(Action(seat, MISDEAL))
            self._void_deal(self.rules.deal.misdeal)
            return
        self._claim_turn(seat, MISDEAL, "call a misdeal on a shown hand")
        name = self.labels[seat]
        if shown & ~self.cand[seat]:
            raise IllegalAction("card-not-held", f"{name} shows "
                                f"{self.deck.format_mask(shown & ~self.cand[seat])} but does "
                                "not hold it")
        if shown.bit_count() != self.count[seat] or self.sure[seat] & ~shown:
            raise IllegalAction("illegal-action", f"a misdeal claim shows the whole hand, "
                                f"{self.count[seat]} cards: {name} showed "
                                f"{self.deck.format_mask(shown) or 'nothing'}")
        d = self.rules.deal
        size = self.count[seat]
        policy = None
        if d.farmers_hand != "off" and _hand_meets(d.farmers_hand, self._ranks, shown, shown,
                                                    size) and \
                (d.farmers_hand_effect == "misdeal" or self.swapped is not None):
            policy = d.farmers_hand_redeal
        elif d.ace_no_face and _hand_meets("ace_no_face", self._ranks, shown, shown, size):
            policy = d.ace_no_face_redeal
        if policy is None:
            raise self._no_claim(seat, MISDEAL, shown)
        self._claim_taken(seat)
        self._log(Action(seat, MISDEAL, shown))
        for s in range(self.n):
            self.cand[s] &= ~shown
        self.sure[seat] = self.cand[seat] = shown
        self._void_deal(policy)

    def _void_deal(self, policy: str) -> None:
        """End the hand as if never played: no trump, no maker, no tricks, no score;
        ``policy`` says who deals next."""
        self.misdealt = policy
        self.trump = self.maker = self.lone_defender = None
        self.alone = False
        self.tricks = [0] * self.n
        self.trick_winners = []
        self.renege_by = None
        self._finish_hand(thrown_in=True)

    def _claim_actions(self, seat: int) -> list[Action]:
        swap, policy = self._may_claim(seat)
        out: list[Action] = []
        if swap:
            trigger = self.rules.deal.farmers_hand
            for three in combinations(mask_cards(self.cand[seat]), 3):
                cards = (1 << three[0]) | (1 << three[1]) | (1 << three[2])
                if _swap_allows(self._ranks, trigger, cards):
                    out.append(Action(seat, SWAP, cards))
        if policy is not None:
            out.append(Action(seat, MISDEAL, self.cand[seat]))
        out.append(Action(seat, DECLINE))
        return out

    # call for best
    def _start_best(self, lone: int) -> None:
        """``lone`` discards a card for each partner, then each partner (clockwise from
        the lone player) gives one."""
        n = self.n
        partners = [s for s in ((lone + i) % n for i in range(1, n))
                    if self.side_of[s] == self.side_of[lone]]
        self.best_served.append(lone)
        self.best_seat = lone
        self.best_queue = [(lone, DISCARD)] * len(partners) + [(p, GIVE) for p in partners]
        self.phase = BEST
        self.to_act = lone

    def _best_step(self) -> None:
        self.best_queue.pop(0)
        if self.best_queue:
            self.to_act = self.best_queue[0][0]
            return
        lone, self.best_seat = self.best_seat, None
        if lone == self.maker:
            self._after_trump()  # then the defend-alone window
        else:
            self._participation_or_play()

    def _upcard_to_give(self, seat: int) -> int:
        """The upcard as a mask, when ``seat`` is a sitting-out dealer who may give it."""
        if self.upcard_untaken and seat == self.dealer and \
                self.rules.alone.call_for_best_upcard:
            return 1 << self.upcard  # type: ignore[operator]
        return 0

    def give(self, seat: int, card: int) -> None:
        """Call for best: a partner of the lone player passes a card, face down."""
        self._close_optional(GIVE)
        if self.phase != BEST or self.best_queue[0][1] != GIVE:
            if self.phase == BEST and (seat, GIVE) in self.best_queue:
                raise IllegalAction("out-of-turn", f"{self.labels[self.to_act]} discards "
                                    f"first; {self.labels[seat]} gives after")
            self._turn_first(seat, "give a card")
            if self.phase in (DEAL, GAME_OVER) or not self.rules.alone.call_for_best:
                raise self._wrong_phase(GIVE)
            raise IllegalAction("illegal-action", "no card is called for now: a partner gives "
                                "the lone player a card right after the lone player's discard")
        if seat != self.to_act:
            raise IllegalAction("out-of-turn", f"it is {self.labels[self.to_act]}'s turn to "
                                f"give a card, not {self.labels[seat]}'s")
        lone = self.best_seat
        assert lone is not None
        bit = 1 << card
        upcard = self._upcard_to_give(seat)
        if not (self.cand[seat] | upcard) & bit:
            raise IllegalAction("card-not-held", f"{self.labels[seat]} gives "
                                f"{self.card_name(card)} but does not hold it")
        self._log(Action(seat, GIVE, card))
        if upcard & bit:
            self.upcard_untaken = False
        else:
            self.cand[seat] &= ~bit
            self.sure[seat] &= ~bit
            self.count[seat] -= 1
        for s in range(self.n):
            self.cand[s] &= ~bit
        self.cand[lone] |= bit
        self.sure[lone] |= bit
        self.count[lone] += 1
        for s in (seat, lone):
            if self.cand[s].bit_count() == self.count[s]:
                self.sure[s] = self.cand[s]
        self._best_step()

    def _best_actions(self) -> list[Action]:
        seat, verb = self.best_queue[0]
        if verb == DISCARD:
            cards = self.cand[seat]
            if not self.rules.bidding.dealer_may_discard_upcard and self.upcard is not None:
                cards &= ~(1 << self.upcard)
            return [Action(seat, DISCARD, c) for c in mask_cards(cards)]
        cards = self.cand[seat] | self._upcard_to_give(seat)
        return [Action(seat, GIVE, c) for c in mask_cards(cards)]

    # ================================================================= play
    def _start_play(self) -> None:
        r = self.rules
        n = self.n
        d = self.dealer
        lone = self.maker if self.alone else self.lone_defender
        if r.play.lead == "maker" and self.maker is not None:
            start = self.maker
        elif lone is not None and r.play.loner_lead == "left_of_loner":
            start = (lone + 1) % n
        else:
            start = (d + 1) % n
        seat = start
        while not self.active[seat]:
            seat = (seat + 1) % n
        self.phase = PLAYING
        self.to_act = seat
        self.trick = []
        self.trick_seats = []
        assert self.trump is not None
        self._eff = self.deck.effective_suits[self.trump]
        self._masks = self.deck.suit_masks[self.trump]
        self._n_active = sum(self.active)
        self._next = _next_active(tuple(self.active))
        # every card's place known (a simulation, a complete record): play()
        # may take its fast path
        self._full_info = self.sure == self.cand and not any(self.void)

    def play(self, seat: int, card: int, allow_renege: bool = False) -> None:
        """Play a card to the current trick.

        A renege (not following the led effective suit while holding it)
        raises ``IllegalAction('renege')`` unless ``allow_renege``, in which
        case it is recorded -- the validator replays records that way -- and
        the variant's penalty applies when the hand is scored.
        """
        if self._play_clean(seat, card):
            return
        if self.phase != PLAYING:
            self._close_optional(PLAY)
            if self.phase != PLAYING:
                self._turn_first(seat, "play")
                raise self._wrong_phase(PLAY)
        if seat != self.to_act:
            self._require_turn(seat, "play")
        bit = 1 << card
        if not self.cand[seat] & bit and not self._hidden_by_show_out(seat, card):
            raise IllegalAction("card-not-held", self._not_held_message(seat, card))
        eff = self._eff
        suit = eff[card]
        if (self.void[seat] >> suit) & 1:  # led, followed or thrown: it was held
            self._renege_after_show_out(seat, card, suit, allow_renege)
        if self.trick:
            led_suit = eff[self.trick[0]]
            if suit != led_suit:
                follow = self._masks[led_suit]
                cand = self.cand[seat]
                if self.sure[seat] & follow:
                    held = self.deck.format_mask(self.sure[seat] & follow)
                    self._renege(seat, card, led_suit, f"while holding {held}", allow_renege)
                elif ((cand | self.shown_out[seat] & ~self.played) & ~follow).bit_count() \
                        < self.count[seat]:
                    # too few other cards to make up the hand (counting those its
                    # show-outs ruled out, which it may yet hold): one of these is held
                    held = self.deck.format_mask(cand & follow)
                    self._renege(seat, card, led_suit, f"while holding one of {held}",
                                 allow_renege)
                else:
                    # showed out of the led suit: remember it for later proofs (a
                    # proven renege shows nothing: the seat is known not to be void)
                    self.void[seat] |= 1 << led_suit
                    self.shown_out[seat] |= cand & follow
                    self.cand[seat] = cand & ~follow
                    self.shown_at.setdefault((seat, led_suit), (
                        self.played.bit_count(), len(self.trick_winners) + 1))
        self.hand_log.append((seat, PLAY, card, False))
        self.played |= bit
        self.cand[seat] &= ~bit
        self.sure[seat] &= ~bit
        self.count[seat] -= 1
        for s in range(self.n):
            if s != seat:
                self.cand[s] &= ~bit
        self._settle_knowledge(seat)
        self._advance(seat, card)

    def _play_clean(self, seat: int, card: int) -> bool:
        """Take a play that has nothing to prove -- every hand known, the seat on
        turn, the card held and following suit when it can -- and return True;
        return False (changing nothing) for any other, which :meth:`play` judges."""
        if seat != self.to_act or self.phase != PLAYING or not self._full_info:
            return False
        hand = self.cand[seat]
        trick = self.trick
        legal = self.deck.legal_plays(hand, trick[0] if trick else None, self.trump)  # type: ignore[arg-type]
        if not (legal >> card) & 1:
            return False
        self._take(seat, card, hand ^ (1 << card))
        return True

    def _take(self, seat: int, card: int, rest: int) -> None:
        """Move a legal card of a fully known hand to the trick (``rest``: the hand after)."""
        self.hand_log.append((seat, PLAY, card, False))
        self.played |= 1 << card
        self.cand[seat] = self.sure[seat] = rest
        self.count[seat] -= 1
        self._advance(seat, card)

    def _settle_knowledge(self, seat: int) -> None:
        """A seat with no more candidate cards than cards in hand holds them all; and
        what one seat surely holds, no other can (which may settle that seat too).

        ``sure`` holds facts only.  A seat that showed out of a suit is taken to
        hold none of it, but it may have reneged: its candidates are then no
        proof of what it holds (a renege that they show is found by counting,
        in :meth:`play`)."""
        todo = [seat]
        while todo:
            s = todo.pop()
            cand = self.cand[s]
            if cand == self.sure[s] or cand.bit_count() != self.count[s] or self.shown_out[s]:
                continue
            new = cand & ~self.sure[s]
            self.sure[s] = cand
            for o in range(self.n):
                if o != s and self.cand[o] & new:
                    self.cand[o] &= ~new
                    todo.append(o)

    def _advance(self, seat: int, card: int) -> None:
        """Put a played card on the trick; pass the turn or settle the trick."""
        trick = self.trick
        trick.append(card)
        self.trick_seats.append(seat)
        if len(trick) < self._n_active:
            self.to_act = self._next[seat]
        else:
            self._settle_trick()

    def _settle_trick(self) -> None:
        """A full trick: its winner takes it and leads; after the last, score the hand."""
        winner = self.trick_seats[self.deck.trick_winner(self.trick, self.trump)]  # type: ignore
        self.tricks[winner] += 1
        self.trick_winners.append(winner)
        self.trick.clear()
        self.trick_seats.clear()
        self.to_act = winner
        if len(self.trick_winners) == self.rules.deal.hand_size:
            self._finish_hand(thrown_in=False)

    def replay_plays(self, plays: Sequence[tuple[int, int]]) -> int:
        """Replay recorded ``(seat, card)`` plays in one call; return how many were taken.

        The validator's entry point for the play of a complete record.  It
        takes plays while each is by the seat on turn, of a card that seat
        holds, following suit when it can -- exactly the plays :meth:`play`
        would accept with nothing to report -- and stops at the first other
        one (or when the hand ends), which the caller then gives to
        :meth:`play` to have it judged and explained.  Only for hands whose
        every card is known; otherwise it takes nothing.
        """
        taken = 0
        for seat, card in plays:
            if not self._play_clean(seat, card):
                break
            taken += 1
            if self.phase != PLAYING:
                break
        return taken

    def _suit_word(self, suit: int) -> str:
        if suit < 4:
            word = SUIT_NAMES[suit]
            return word + " (trump)" if suit == self.trump else word
        return "the joker's suit"

    def _renege(self, seat: int, card: int, led_suit: int | None, proof: str,
                allow: bool, committed: int | None = None) -> None:
        """Report a renege; ``led_suit`` is None when the offence was an earlier show-out.

        ``committed`` is how many cards had been played when the offence was made
        (default: now).  A renege proven late -- by a later play, when the hand
        was hidden -- still counts from when it was made, so the first offence
        decides the penalty whatever order the proofs come in."""
        trick_no = len(self.trick_winners) + 1
        if led_suit is not None:
            msg = (f"{self.labels[seat]} reneged in trick {trick_no}: played "
                   f"{self.card_name(card)} {proof}; {self._suit_word(led_suit)} were led")
        else:
            verb = "plays" if self.trick else "leads"
            msg = (f"{self.labels[seat]} reneged: {verb} {self.card_name(card)} in trick "
                   f"{trick_no} {proof}")
        if not allow:
            raise IllegalAction("renege", msg)
        at = self.played.bit_count() if committed is None else committed
        if self.renege_by is None or at < self.renege_at:
            self.renege_by = seat
            self.renege_note = msg
            self.renege_at = at
        self.last_renege = msg

    def _hidden_by_show_out(self, seat: int, card: int) -> bool:
        """Was ``card`` ruled out of ``seat``'s hand only because the seat showed
        out of its suit?  Then playing it proves that renege; it is not an
        impossible card."""
        bit = 1 << card
        if not self.shown_out[seat] & bit or self.played & bit:
            return False
        return not any(self.sure[s] & bit for s in range(self.n) if s != seat)

    def _renege_after_show_out(self, seat: int, card: int, suit: int, allow: bool) -> None:
        """A card of a suit the seat showed out of: that show-out was a renege.
        It is one offence, so the suit is no longer taken as void (a later card
        of it is not reported again)."""
        committed, trick = self.shown_at.pop((seat, suit), (None, 0))
        self._renege(seat, card, None, f"after showing out of {self._suit_word(suit)} in "
                     f"trick {trick}", allow, committed)
        self.void[seat] &= ~(1 << suit)

    def _not_held_message(self, seat: int, card: int) -> str:
        name = self.card_name(card)
        who = self.labels[seat]
        if (self.played >> card) & 1:
            return f"{who} played {name}, which was already played this hand"
        for s in range(self.n):
            if s != seat and (self.sure[s] >> card) & 1:
                return f"{who} played {name}, which {self.labels[s]} holds"
        if card in self.discarded:
            return f"{who} played {name}, which {self.labels[self.discarded[card]]} discarded"
        for s, dealt in enumerate(self.dealt):
            if s != seat and (dealt >> card) & 1:
                return f"{who} played {name}, which was dealt to {self.labels[s]}"
        if card in self.kitty:
            return f"{who} played {name}, which is in the kitty"
        if card == self.upcard:
            if self.turned_down is not None:
                return f"{who} played {name}, the upcard, which was turned down"
            return f"{who} played {name}, the upcard, which {who} did not take"
        if self.sure[seat] == self.cand[seat]:
            held = self.deck.format_mask(self.sure[seat]) or "nothing"
            return f"{who} played {name} but holds {held}"
        return f"{who} played {name}, which {who} cannot hold"

    # ============================================================== scoring
    def _finish_hand(self, thrown_in: bool) -> None:
        r = self.rules
        n_sides = len(self.sides)
        made: bool | None = None
        if thrown_in:
            score = HandScore(tuple([0] * n_sides), None,
                              "thrown in" if self.misdealt is None else "misdeal")
        else:
            outcome = self.hand_outcome(self.tricks)
            score = score_hand(r, self.side_of, n_sides, outcome)
            made = makers_made(self.side_of, outcome)
            if r.participation.three_hands_rule:
                for s in range(self.n):
                    self.drop_streak[s] = self.drop_streak[s] + 1 if self.dropped[s] else 0
        for i, p in enumerate(score.points):
            self.scores[i] += p
        if self.misdealt is None:  # a void deal is dealt again: it is not a deal of the game
            self.deals += 1
        self.results.append(HandResult(
            self.dealer, self.trump, self.maker, self.alone, self.lone_defender, thrown_in,
            tuple(self.tricks), score.points, tuple(self.scores), self.renege_by, score.reason,
            tuple(self.trick_winners), made))
        if score.instant_winner is not None:
            self.winners = [score.instant_winner]
        else:
            self.winners = game_winners(r, self.scores, self.deals)
        if self.misdealt != "same_dealer":
            self.dealer = (self.dealer + 1) % self.n
        self.phase = GAME_OVER if self.winners is not None else DEAL

    def hand_outcome(self, tricks: Sequence[int]) -> HandOutcome:
        """What the hand in play is scored on if the seats end with ``tricks``.

        The real end of the hand scores ``self.tricks`` with it; the solver
        scores the endings it looks ahead to the same way."""
        r = self.rules
        target = self.high_bid if r.scoring.maker_target == "bid" else int(r.scoring.maker_target)
        return HandOutcome(self.maker, self.alone, self.lone_defender, target,
                           tuple(self.active), tuple(tricks), self.renege_by)

    @property
    def last_result(self) -> HandResult | None:
        return self.results[-1] if self.results else None

    def abandon_hand(self) -> None:
        """Leave the hand in progress unscored and go on to the next deal.

        For the validator: a hand it cannot replay must not stop it checking
        the hands after it.  The deal passes left as after any hand, and the
        hand counts as a deal for a game of a fixed number of deals.
        """
        self.deals += 1
        self.winners = game_winners(self.rules, self.scores, self.deals)
        self.dealer = (self.dealer + 1) % self.n
        self.phase = GAME_OVER if self.winners is not None else DEAL

    def set_scores(self, scores: Sequence[int]) -> None:
        """Between hands, go on from these running scores (a record's claimed ones).

        Whether the game is over is decided again from them, except after a
        hand that won the game outright (an instant win scores no points), which
        stays won.
        """
        if self.phase not in (DEAL, GAME_OVER):
            raise IllegalAction("incomplete-hand", "scores can only be set between hands")
        outright = self.winners is not None and \
            game_winners(self.rules, self.scores, self.deals) is None
        self.scores = list(scores)
        if not outright:
            self.winners = game_winners(self.rules, self.scores, self.deals)
            self.phase = GAME_OVER if self.winners is not None else DEAL

    # ======================================================== generic API
    def _log(self, action: Action) -> None:
        self.hand_log.append(action)

    def apply(self, action: Action, allow_renege: bool = False) -> None:
        """Apply one action; raises :class:`IllegalAction` saying why it is not allowed."""
        self.act(action[0], action[1], action[2], action[3], allow_renege)

    def act(self, seat: int, verb: str, arg: Any = None, alone: bool = False,
            allow_renege: bool = False) -> None:
        """:meth:`apply` with the action's parts given one by one (the replay's entry
        point: no :class:`Action` to build).  ``arg`` is a card, a contract, a bid,
        or for ``swap``/``misdeal`` a list of cards.

        A rejected action leaves the state as it was, also while an optional
        declaration is open (any other action first declines it).
        """
        if self.phase in _OPTIONAL_PHASES:
            saved = self.clone()
            try:
                self._act(seat, verb, arg, alone, allow_renege)
            except IllegalAction:
                self._restore(saved)
                raise
            return
        self._act(seat, verb, arg, alone, allow_renege)

    def _restore(self, saved: "Game") -> None:
        """Take back every attribute of ``saved`` (a :meth:`clone` of this game)."""
        names = getattr(type(self), "__mypyc_attrs__", None) or tuple(vars(saved))
        for name in names:
            if name in _SHARED_STATE:
                continue
            try:
                setattr(self, name, getattr(saved, name))
            except AttributeError:
                continue

    def _act(self, seat: int, verb: str, arg: Any, alone: bool, allow_renege: bool) -> None:
        if not 0 <= seat < self.n:
            raise IllegalAction("out-of-turn", f"there is no seat {seat}")
        if verb == PLAY:
            if arg is None:
                raise IllegalAction("illegal-action", "a play needs a card")
            self.play(seat, arg, allow_renege)
        elif verb == PASS:
            self.pass_(seat)
        elif verb == ORDER_UP:
            self.order_up(seat, alone)
        elif verb == CALL:
            if arg is None:
                raise IllegalAction("illegal-action", "a call needs a suit")
            self.call(seat, arg, alone)
        elif verb == DISCARD:
            self.discard(seat, arg)
        elif verb == BID:
            if arg is None:
                raise IllegalAction("illegal-action", "a bid needs a number")
            self.bid(seat, arg)
        elif verb == DEFEND_ALONE:
            self.defend_alone(seat)
        elif verb == STAY:
            self.stay(seat)
        elif verb == DROP:
            self.drop(seat)
        elif verb == TAKE_WIDOW:
            self.take_widow(seat)
        elif verb == DECLINE:
            self.decline(seat)
        elif verb == GIVE:
            if arg is None:
                raise IllegalAction("illegal-action", "giving needs a card")
            self.give(seat, arg)
        elif verb == SWAP:
            if arg is None:
                raise IllegalAction("illegal-action", "a swap needs the three cards put away")
            self.swap(seat, arg)
        elif verb == MISDEAL:
            self.misdeal(seat, arg)
        else:
            raise IllegalAction("illegal-action", f"unknown action '{verb}'")

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the rules allow now, for the seat on turn.

        Optional declarations offer a ``decline`` action (never recorded).  A
        misdeal of the cards (:meth:`misdeal` with no hand shown) is an accident
        any seat may report, not a decision, and is not listed.
        Empty between hands and when the game is over.  Bidding menus depend
        on few facts, so they are built once per rule set and shared.
        """
        ph = self.phase
        if ph in _MENU_PHASES and self._menus_shared:
            seat = self.to_act
            key = (ph, seat, self.dealer, seat == self.dealer and self.passes == self.n - 1,
                   self.turned_down, self.high_bid)
            menu = self._menus.get(key)
            if menu is None:
                menu = self._menus[key] = tuple(self._legal_actions())
            return menu
        return tuple(self._legal_actions())

    def _legal_actions(self) -> list[Action]:
        ph = self.phase
        seat = self.to_act
        r = self.rules
        b = r.bidding
        can_alone = r.alone.allowed and r.players.sides == "partners"
        out: list[Action] = []
        if ph == PLAYING:
            legal = self.deck.legal_plays(self.cand[seat], self.trick[0] if self.trick else None,
                                          self.trump)  # type: ignore[arg-type]
            return [Action(seat, PLAY, c) for c in mask_cards(legal)]
        if ph == ORDER_UP_ROUND:
            d = self.dealer
            if not (b.dealer_forced_takeup and seat == d and self.passes == self.n - 1):
                out.append(Action(seat, PASS))
            if self._holds_trump(seat, self._upcard_suit(), False):
                if not (r.alone.canadian_loner and seat != d and
                        self.side_of[seat] == self.side_of[d]):
                    out.append(Action(seat, ORDER_UP))
                if can_alone:
                    out.append(Action(seat, ORDER_UP, None, True))
            return out
        if ph == NAMING:
            stuck = seat == self.dealer and self.passes == self.n - 1 and b.stick_the_dealer
            if not stuck:
                out.append(Action(seat, PASS))
            for c in self._contracts(b.no_trump and not (stuck and not b.std_may_call_no_trump)):
                if c == self.turned_down and b.turned_down_suit == "barred" and \
                        not (stuck and b.std_may_name_turned_down):
                    continue
                if not self._holds_trump(seat, c, stuck):
                    continue
                out.append(Action(seat, CALL, c))
                if can_alone:
                    out.append(Action(seat, CALL, c, True))
            return out
        if ph in (EXCHANGE, TAKE_UPCARD):
            cards = self.cand[seat]
            if not b.dealer_may_discard_upcard and self.upcard is not None:
                cards &= ~(1 << self.upcard)
            out = [Action(seat, DISCARD, c) for c in mask_cards(cards)]
            if ph == TAKE_UPCARD:
                out.append(Action(seat, DECLINE))
            return out
        if ph == AUCTION:
            out = [Action(seat, PASS)]
            out += [Action(seat, BID, v) for v in range(max(b.auction_min, self.high_bid + 1),
                                                       b.auction_max + 1)]
            return out
        if ph == AUCTION_CALL:
            return [Action(seat, CALL, c) for c in self._contracts(b.auction_no_trump)
                    if self._holds_trump(seat, c, False)]
        if ph == WIDOW:
            return [Action(seat, PASS), Action(seat, TAKE_WIDOW)]
        if ph == DEFEND:
            return [Action(seat, DEFEND_ALONE), Action(seat, DECLINE)]
        if ph == STAY_DROP:
            return [Action(seat, STAY), Action(seat, DROP)]
        if ph == CLAIMS:
            return self._claim_actions(seat)
        if ph == BEST:
            return self._best_actions()
        if ph == DEALER_NAMES:
            for c in self._contracts(b.no_trump):
                if not self._holds_trump(seat, c, False):
                    continue
                out.append(Action(seat, CALL, c))
                if can_alone:
                    out.append(Action(seat, CALL, c, True))
            return out
        return out

    # =============================================================== views
    def hand_of(self, seat: int) -> int:
        """Mask of the cards the seat certainly holds now."""
        return self.sure[seat]

    @property
    def turn_order(self) -> tuple[int, ...]:
        """For each seat, the next seat clockwise that plays this hand."""
        return _next_active(tuple(self.active))

    # ======================================================= whole-hand paths
    def play_out(self, choosers: "Sequence[PlayChooser | None]",
                 randoms: "Sequence[Callable[[], float] | None] | None" = None) -> None:
        """Play the rest of the hand, asking ``choosers[seat](game, seat, legal_mask)`` for
        each card.

        The simulator's entry point: one call per hand instead of one
        :meth:`legal_actions`/:meth:`apply` round trip per card.  A seat whose
        ``randoms[seat]`` is a ``random()`` function plays a uniformly random
        legal card drawn inline, without a call per card: random rollouts are
        the hot loop of simulation and Monte Carlo search.  Legal cards come
        from the same effective-suit masks as :meth:`play`, and each card moves
        and each trick settles through the same code, so no renege can occur.
        It needs full knowledge of the hands, as a simulation has.
        """
        if self.phase != PLAYING:
            self._close_optional(PLAY)
            if self.phase != PLAYING:
                raise self._wrong_phase(PLAY)
        legal_plays, trump, cand = self.deck.legal_plays, self.trump, self.cand
        trick = self.trick
        while self.phase == PLAYING:
            seat = self.to_act
            hand = cand[seat]
            legal = legal_plays(hand, trick[0] if trick else None, trump)  # type: ignore[arg-type]
            rnd = randoms[seat] if randoms is not None else None
            if rnd is not None:
                if legal & (legal - 1):
                    k = int(rnd() * legal.bit_count())
                    while k:
                        legal &= legal - 1
                        k -= 1
                card = (legal & -legal).bit_length() - 1
            else:
                card = choosers[seat](self, seat, legal)  # type: ignore[misc]
                if not (legal >> card) & 1:
                    raise IllegalAction("illegal-action", f"bot for {self.labels[seat]} "
                                        f"chose {self.card_name(card)}, which is not a "
                                        "legal play")
            self._take(seat, card, hand & ~(1 << card))


class _RankMasks(NamedTuple):
    """A deck's cards by rank, for the claims made on a poor hand."""

    nines: int
    tens: int
    low: int  # ranked 10 or lower (the joker is not)
    aces: int


@lru_cache(maxsize=32)
def _rank_masks(deck: Deck) -> _RankMasks:
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
    return _RankMasks(nines, tens, low, aces)


#: What a claimed hand must have, in words (farmer's-hand triggers and ace-no-face).
CLAIM_WORDS = {
    "three_nines_or_three_tens": "three 9s or three 10s",
    "three_nines_or_tens": "three cards that are 9s or 10s",
    "only_nines_and_tens": "only 9s and 10s",
    "no_ace_no_face": "no card above a 10",
    "any_hand": "any hand",
    "ace_no_face": "an ace and no king, queen, jack or joker",
}
#: Which three cards a swap puts away, by trigger.
SWAP_WORDS = {
    "three_nines_or_three_tens": "three 9s or three 10s",
    "three_nines_or_tens": "9s and 10s",
    "only_nines_and_tens": "9s and 10s",
    "no_ace_no_face": "cards ranked 10 or lower",
    "any_hand": "any three",
}


def _whole_hand_mask(m: _RankMasks, trigger: str) -> int:
    """The cards a hand may hold and still meet a whole-hand trigger (-1: any)."""
    if trigger == "only_nines_and_tens":
        return m.nines | m.tens
    if trigger == "no_ace_no_face":
        return m.low
    if trigger == "ace_no_face":
        return m.low | m.aces
    return -1


def _hand_meets(trigger: str, m: _RankMasks, sure: int, cand: int, size: int) -> bool:
    """Could a hand -- ``sure`` held for certain, ``cand`` possible, ``size`` cards --
    meet ``trigger``?  Exact when the hand is known (``sure == cand``)."""
    if trigger == "three_nines_or_three_tens":
        return (cand & m.nines).bit_count() >= 3 or (cand & m.tens).bit_count() >= 3
    if trigger == "three_nines_or_tens":
        return (cand & (m.nines | m.tens)).bit_count() >= 3
    ok = _whole_hand_mask(m, trigger)
    if trigger == "ace_no_face" and not cand & m.aces:
        return False
    return not sure & ~ok and (cand & ok).bit_count() >= size


def _swap_allows(m: _RankMasks, trigger: str, cards: int) -> bool:
    """May a claimant under ``trigger`` put away these three cards?"""
    if trigger == "three_nines_or_three_tens":
        return not cards & ~m.nines or not cards & ~m.tens
    if trigger == "three_nines_or_tens":
        return not cards & ~(m.nines | m.tens)
    return not cards & ~_whole_hand_mask(m, trigger)



#: Phases in which any action first declines an open optional declaration.
_OPTIONAL_PHASES = frozenset((CLAIMS, TAKE_UPCARD, DEFEND))

#: Attributes a clone shares with its original: immutable, or caches.
_SHARED_STATE = frozenset(("rules", "deck", "_menus"))

#: Chooses a card index from a mask of legal cards: ``choose(game, seat, legal)``.
PlayChooser = Callable[[Game, int, int], int]

#: Phases whose legal actions depend only on (phase, seat, stuck dealer,
#: turned-down suit, high bid): their menus are cached per rule set.
_MENU_PHASES = frozenset((ORDER_UP_ROUND, NAMING, AUCTION, AUCTION_CALL, WIDOW, DEFEND))


@lru_cache(maxsize=256)
def _deal_plan(n: int, packets: tuple[int, ...], widow: bool, upcard: bool, dealer: int
               ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int | None, int]:
    """Where each seat's cards come from in a shuffled pack, dealing by packets.

    Returns the positions of each seat's cards, of the widow's, of the upcard
    and how many cards the deal uses.  Packets go clockwise from the dealer's
    left, the widow taking its packet after the dealer's in each round.
    """
    places: list[list[int]] = [[] for _ in range(n)]
    widow_at: list[int] = []
    pos = 0
    for packet in packets:
        for i in range(n):
            seat = (dealer + 1 + i) % n
            places[seat].extend(range(pos, pos + packet))
            pos += packet
        if widow:
            widow_at.extend(range(pos, pos + packet))
            pos += packet
    up_at = pos if upcard else None
    return tuple(tuple(p) for p in places), tuple(widow_at), up_at, pos + (1 if upcard else 0)


@lru_cache(maxsize=1024)
def _next_active(active: tuple[bool, ...]) -> tuple[int, ...]:
    """For each seat, the next active seat clockwise."""
    n = len(active)
    out = []
    for s in range(n):
        t = (s + 1) % n
        while not active[t]:
            t = (t + 1) % n
        out.append(t)
    return tuple(out)


@lru_cache(maxsize=32)
def _menus_for(rules: RuleSet) -> dict[tuple[object, ...], tuple[Action, ...]]:
    return {}
