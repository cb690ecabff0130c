"""The rule bot: a heuristic player for every variant.

Bidding rests on one small model, the hand evaluation a club player makes.
Each card of a hand gets a chance of winning a trick under a contract, read
from the deck's tables (a card's rank among the outstanding cards of its
effective suit: the bowers and the joker come from :attr:`Deck.trump_orders`,
never from a rule of its own), and corrected for what the cards do together:
trump length (the long trumps take the late tricks once the high ones have
drawn the rest), voids beside spare trumps, and plain aces that are worth
little to a maker without trumps.  The bidding so far is read too: a partner
who passed on the suit brings less, opponents who passed on it hold fewer of
the trumps above the seat's own (the model is :mod:`.hand_odds`).  The
upcard's fate counts (taken by a partner, an opponent, or the seat itself
after its best discard).  The chances add up to a distribution of the tricks the side will take, and each
option -- order up, call, go alone, stay or drop, bid -- is worth its expected
points under the variant's own scoring table (:mod:`~euchre_dsl.engine.scoring`),
capped at what the score still needs.  The bot makes trump only when that is
worth ``margin`` points (``dealer_margin`` for a dealer who would otherwise turn
the card down) -- bars that also absorb the model's optimism, set so that the
bot bids from each seat near as often as human players do (docs/strength.md).

The play follows the usual table habits: the maker draws trump, a partner of
the maker leads trump to it, the seat does not trump or overtake a partner's
winning card, ducks when the partner has the trick, wins as cheaply as it
can, keeps its bowers for the late tricks when defending, and leads off-suit
aces.
"""

from __future__ import annotations

import math
import random
from typing import ClassVar, Final, Sequence

from ...cards import LOW_NO_TRUMP, NO_TRUMP, Deck, count_cards, mask_cards
from ...engine.actions import (
    BID, CALL, CALL_PARTNER, DECLINE, DEFEND_ALONE, DISCARD, DROP, GIVE, ORDER_UP, PASS, STAY,
    SWAP, TAKE_WIDOW, Action,
)
from ...rules.ruleset import PartnerCall, RuleSet, ScoringModel
from ...engine.scoring import (
    HandOutcome, cap_to_target, contract_outcome, contract_target, game_winners, leading_rival,
    scores_if_taken, side_values,
)
from ...engine.bidding import kept_upcard
from ...engine.machine import Machine
from ...engine.view import SeatView
from ...rng import RandomSource
from .base import Param
from .truths import making, sound_lone, sure_make, sure_make_open
from .hand_odds import (
    best_after_discard, card_chance, convolve, distribution, drawn_by, hand_chances,
    kept_value, partner_tricks, shift,
)

_CALL_OFF: Final = PartnerCall.OFF

#: Hands whose trick chances (and best discard) a bot remembers before it forgets them all.
MEMO_LIMIT: Final = 1 << 14
#: Points staying in a hand (Buck, countdown games) must be worth: a little
#: above nothing, since the seat may always drop.
STAY_BAR: Final = 0.1
#: A hand that expects fewer tricks than this on its best trump takes the widow.
WIDOW_BAR: Final = 2.0
#: Tricks the expected count must exceed a bid by (an auction bids what it makes).
BID_SLACK: Final = 1.0
#: The tricks an unseen partner takes under a contract it did not choose, as a
#: distribution over 0, 1, 2, 3 tricks (about 0.9 on average).
PARTNER_TRICKS: Final[tuple[float, ...]] = (0.35, 0.42, 0.19, 0.04)
#: The same for a partner who has passed on the contract (about 0.7): it did
#: not like it enough to make it.
PASSED_PARTNER_TRICKS: Final[tuple[float, ...]] = (0.45, 0.4, 0.13, 0.02)

#: Verbs :meth:`RuleBot.act` settles before making trump: where one is legal, the
#: decision is not the make-or-pass one :meth:`RuleBot.bid_chance` models softly.
_BEFORE_MAKING: Final = frozenset((DISCARD, GIVE, STAY, DEFEND_ALONE, TAKE_WIDOW, BID, SWAP))


class RuleTable:
    """The rule bot as the analyzer's model of a table's bidding
    (:data:`~euchre_dsl.search.bidding_search.Table`): the action the seat on turn
    of a bidding position takes, the rule bot's with what that seat knows (its own
    cards, the upcard, the bidding so far).  Where more than two sides score,
    ``euchre analyze`` values a decision against a table that bids so
    (docs/analysis.md).  The rule bot's bidding draws no random numbers: the
    same position gets the same action."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._bots: dict[int, tuple[RuleSet, RuleBot]] = {}

    def __call__(self, game: Machine) -> Action:
        found = self._bots.get(id(game.rules))
        if found is None or found[0] is not game.rules:
            found = self._bots[id(game.rules)] = (
                game.rules, RuleBot(game.rules, random.Random(self.seed)))
        return found[1].act(SeatView(game, game.to_act), game.legal_actions())


def known_out(view: SeatView) -> int:
    """Cards certainly out of play or seen: played, the upcard if nobody took it,
    the seat's own discards."""
    out = view.played | view.discarded
    if view.upcard is not None and view.upcard_holder is None:
        out |= 1 << view.upcard
    return out


def opponents_facing(view: SeatView) -> int:
    """How many opponents will play against the seat's cards (at least one)."""
    n = sum(1 for s, a in enumerate(view.active) if a and view.side_of[s] != view.side)
    return max(n, 1)


class TableRead:
    """What a seat has seen that weighs on every contract it may make at one
    decision -- the cards known to be out of play, who passed and when -- read
    once for the decision rather than once per contract (a searcher asks the
    rule bot for thousands of decisions a second)."""

    def __init__(self, view: SeatView) -> None:
        #: cards certainly out of play or seen (:func:`known_out`)
        self.out = known_out(view)
        #: how many opponents will play against the seat's cards
        self.facing = opponents_facing(view)
        upcard_round = view.upcard is not None  # the first pass of each seat is on it
        self.upcard_suit = view.upcard_suit() if upcard_round else -1
        #: the seats (as a mask) that passed on the upcard, and that passed after it
        self.on_upcard = 0
        self.later = 0
        passes = 0
        n = view.n
        for seat, verb, _arg, _alone in view.seen_log():  # (plain tuples: no Action built)
            if verb != PASS:
                continue
            if upcard_round and passes < n:
                self.on_upcard |= 1 << seat
            else:
                self.later |= 1 << seat
            passes += 1
        side = view.side
        self.partners = 0
        self.opponents = 0
        for s in range(n):
            if view.side_of[s] != side:
                self.opponents |= 1 << s
            elif s != view.seat:
                self.partners |= 1 << s

    def passed_on(self, contract: int, later: bool = True) -> int:
        """The seats (a mask) that passed when they could have made ``contract``.  (A
        pass on the upcard says nothing of the suits that may be called after it.)
        ``later``: count the passes after the upcard's round too."""
        passed = self.later if later else 0
        if contract == self.upcard_suit:
            passed |= self.on_upcard
        return passed

    def partner_passed(self, contract: int) -> bool:
        return bool(self.passed_on(contract) & self.partners)

    def opponents_passed(self, contract: int) -> float:
        """The share of the opponents who passed on ``contract`` when it was the
        upcard's suit.  (A pass on a suit named later tells less: the seat may have
        held it and another suit, or waited for a better one.)"""
        if not self.opponents:
            return 0.0
        passed = self.passed_on(contract, later=False) & self.opponents
        return passed.bit_count() / self.opponents.bit_count()


class RuleBot:
    """Plays by table heuristics that read the variant's options and the score."""

    name: ClassVar[str] = "rule"
    PARAMS: ClassVar[tuple[Param, ...]] = (
        Param("margin", float, 0.9, "points making trump must be worth above passing"),
        Param("dealer_margin", float, 0.75, "points a dealer's pick-up must be worth above "
              "turning the card down (which hands the opponents the first call)"),
        Param("alone_margin", float, 0.5, "points a lone hand must be worth above playing "
              "with the partner"),
        Param("call_margin", float, 0.3, "points naming trump in the second round must be "
              "worth above passing (the last seat's pass throws the hand in: worth 0)"),
        Param("truths", bool, True, "bid by the table truths: no lone hand without a bower "
              "or the three top trumps, no pass holding both bowers and a third trump of a "
              "suit the seat may make trump"),
    )

    def __init__(self, rules: RuleSet, rng: RandomSource, margin: float = 0.9,
                 dealer_margin: float = 0.75, alone_margin: float = 0.5,
                 call_margin: float = 0.3, truths: bool = True) -> None:
        self.rules = rules
        self.rng = rng
        self.margin = margin
        self.dealer_margin = dealer_margin
        self.alone_margin = alone_margin
        self.call_margin = call_margin
        self.truths = truths
        self.countdown = rules.scoring.model == ScoringModel.COUNTDOWN
        # A game of a fixed number of deals counts every point (a progressive round),
        # and laps carry them into the next game: only a game that ends at its target
        # makes points past it worth nothing (scoring.cap_to_target).
        self.capped = rules.game.ends_at_target
        self._worths: dict[tuple[object, ...], list[float]] = {}
        self._dists: dict[tuple[int, int, int, int, float], list[float]] = {}
        self._discards: dict[tuple[int, int, int, int, int], int] = {}

    # ================================================================ decisions
    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        verbs = {a.verb for a in legal}
        if DISCARD in verbs:
            return self._discard(view, legal)
        if GIVE in verbs:
            return self._give(view, legal)
        if STAY in verbs:
            return self._stay_or_drop(view, legal)
        if DEFEND_ALONE in verbs:
            return self._defend(view, legal)
        if TAKE_WIDOW in verbs:
            return self._widow(view, legal)
        if BID in verbs:
            return self._bid(view, legal)
        if SWAP in verbs:
            return next(a for a in legal if a.verb == SWAP)  # a farmer's hand: swap it
        if ORDER_UP in verbs or CALL in verbs:
            return self._make_trump(view, legal)
        if CALL_PARTNER in verbs:
            return self._call_partner(view, legal)
        for a in legal:
            if a.verb in (PASS, DECLINE):
                return a
        return legal[0]

    def _make_trump(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Order up, call (alone or not), or pass: the best expected value, within the
        table truths (:mod:`.truths`): no lone hand that is not sound, and no pass
        holding both bowers and a third trump of a suit the seat may make trump."""
        best: Action | None = None
        best_value = 0.0
        sure: Action | None = None  # the best make on both bowers and a third trump
        sure_value = 0.0
        pass_action: Action | None = None
        table = TableRead(view)
        deck = view.deck
        for a in legal:
            if a.verb == PASS:
                pass_action = a
                continue
            contract, hand = making(view, a)
            assert contract is not None
            if self.truths and a.alone and contract < 4 and \
                    not sound_lone(deck, hand, contract):
                continue
            value = self._make_value(view, table, contract, a.verb == ORDER_UP, a.alone)
            if a.alone:
                value -= self.alone_margin
            if best is None or value > best_value:
                best, best_value = a, value
            if self.truths and not a.alone and sure_make(deck, hand, contract) and \
                    (sure is None or value > sure_value):
                sure, sure_value = a, value
        if pass_action is not None and \
                (best is None or best_value < self._pass_value(view, legal)):
            return sure if sure is not None else pass_action
        assert best is not None
        return best

    def bid_chance(self, view: SeatView, legal: Sequence[Action], action: Action,
                   softness: float, stray: float) -> float:
        """How likely a reasonable player holding the seat's cards is to take
        ``action``: a soft model of any player, not this bot's exact choice.

        Making trump (order up, call) or passing is judged on how far the
        best way to make ``action``'s contract (for a pass, any contract; a lone
        make less ``alone_margin``) clears the bar to make trump (``margin``, in
        points): a player makes trump with the chance
        ``1 / (1 + exp(-excess / softness))`` and passes otherwise, so a hand
        just short of the bar still orders up now and then, and a trumpless one
        almost never.  A make where going alone was open is then judged on the
        same scale between its two ways: alone with the chance the lone make's
        value (less ``alone_margin``) beats the one with the partner, with the
        partner otherwise -- a lone caller holds a lone hand, and one who kept
        the partner seldom does.  Any other decision: 1 for this bot's choice,
        ``stray`` for another."""
        verbs = {a.verb for a in legal}
        bidding = (ORDER_UP in verbs or CALL in verbs) and PASS in verbs and \
            action.verb in (PASS, ORDER_UP, CALL) and not verbs & _BEFORE_MAKING
        if not bidding:
            return 1.0 if self.act(view, legal) == action else stray
        best = -1e9
        lone = together = None  # the contract's value alone and with the partner
        table = TableRead(view)
        for a in legal:
            if a.verb not in (ORDER_UP, CALL):
                continue
            contract = view.upcard_suit() if a.verb == ORDER_UP else a.arg
            if action.verb != PASS and (a.verb != action.verb or a.arg != action.arg):
                continue  # a make is judged on its own contract, alone or not
            assert contract is not None
            value = self._make_value(view, table, contract, a.verb == ORDER_UP, a.alone)
            if a.alone:
                value -= self.alone_margin
                lone = value
            else:
                together = value
            best = max(best, value)
        x = max(-60.0, min(60.0, (best - self._pass_value(view, legal)) / softness))
        makes = 1.0 / (1.0 + math.exp(-x))
        if action.verb == PASS:
            return 1.0 - makes
        if lone is None or together is None:
            return makes
        y = max(-60.0, min(60.0, (lone - together) / softness))
        alone = 1.0 / (1.0 + math.exp(-y))
        return makes * (alone if action.alone else 1.0 - alone)

    def _pass_value(self, view: SeatView, legal: Sequence[Action]) -> float:
        """The bar making trump must clear: nothing when passing throws the hand in
        (no one else may make trump: a pass is worth exactly 0); ``dealer_margin``
        for a dealer who may take the upcard (turning it down hands the first call
        of the next round to the opponents, and wastes the trumps the dealer
        holds); ``call_margin`` in the second round (no later round to wait for);
        else ``margin``."""
        if view.pass_throws_in:
            return 0.0
        first_round = any(a.verb == ORDER_UP for a in legal)
        if view.seat == view.dealer and first_round:
            return self.dealer_margin
        return self.margin if first_round else self.call_margin

    def _make_value(self, view: SeatView, table: TableRead, contract: int,
                    takes_upcard: bool, alone: bool) -> float:
        """Expected points of making ``contract`` now (``table``: what the seat has
        seen, read once for all the contracts of the decision)."""
        hand = view.hand
        deck = view.deck
        out = table.out
        partner_up = 0.0
        upcard = view.upcard
        opponents = table.facing
        if upcard is not None and takes_upcard:
            dealer = view.dealer
            if dealer == view.seat:
                hand = self._after_discard(deck, hand | 1 << upcard, contract, out, opponents,
                                           kept_upcard(view.rules, upcard))
            elif view.side_of[dealer] == view.side and not alone:
                partner_up = card_chance(deck, hand | out, upcard, contract, 0)
            elif view.side_of[dealer] != view.side and not drawn_by(deck, hand, out, upcard,
                                                                    contract):
                partner_up = -card_chance(deck, hand | out, upcard, contract, 0)
        target = self._target(view, alone)
        dist = self._tricks(deck, hand, contract, out, opponents,
                            table.opponents_passed(contract))
        if self._has_partner(view) and not alone:
            partner = PASSED_PARTNER_TRICKS if table.partner_passed(contract) \
                else PARTNER_TRICKS
            dist = convolve(dist, shift(partner, partner_up))
        elif partner_up < 0:
            dist = shift(dist, partner_up)
        return self._maker_ev(view, dist, target, alone)

    def _tricks(self, deck: Deck, hand: int, contract: int, out: int, opponents: int,
                weak_opponents: float) -> list[float]:
        """The chances of the seat's own tricks (:func:`hand_chances` made a
        :func:`distribution`), remembered: a search bot asks for the same hand
        many times (a contract alone and not, its own hand in every world)."""
        key = (hand, contract, out, opponents, weak_opponents)
        found = self._dists.get(key)
        if found is None:
            if len(self._dists) >= MEMO_LIMIT:
                self._dists.clear()
            found = distribution(hand_chances(deck, hand, contract, out, opponents,
                                              weak_opponents))
            self._dists[key] = found
        return found

    def _after_discard(self, deck: Deck, hand: int, contract: int, out: int,
                       opponents: int, kept: int) -> int:
        """:func:`best_after_discard`, remembered as :meth:`_tricks` is."""
        key = (hand, contract, out, opponents, kept)
        found = self._discards.get(key)
        if found is None:
            if len(self._discards) >= MEMO_LIMIT:
                self._discards.clear()
            found = best_after_discard(deck, hand, contract, out, opponents, kept)
            self._discards[key] = found
        return found

    def _maker_ev(self, view: SeatView, dist: list[float], target: int, alone: bool) -> float:
        """Expected value to the seat's side of making trump, ``dist[k]`` the chance its
        side takes ``k`` tricks: each ``k`` scored by the engine
        (:func:`~euchre_dsl.engine.scoring.scores_if_taken`, in the engine's
        orientation, :func:`~euchre_dsl.engine.scoring.side_values`), capped at what
        the score needs."""
        size = self.rules.deal.hand_size
        worth = self._worth(view, target, alone)
        total = 0.0  # summed in order, as sum() does (a loop: no generator per call)
        for k in range(len(dist)):
            total += dist[k] * worth[min(k, size)]
        return total

    def _worth(self, view: SeatView, target: int, alone: bool) -> list[float]:
        """``worth[k]``: what the seat's side making trump and taking ``k`` tricks is
        worth to it (:meth:`_maker_ev`), remembered: the same few contracts and
        scores are met thousands of times in a search bot's readings."""
        key = (view.seat, alone, target, view.active, view.scores)
        found = self._worths.get(key)
        if found is not None:
            return found
        r = self.rules
        side = view.side
        active = list(view.active)
        if alone:
            for partner in view.sides[side]:
                if partner != view.seat:
                    active[partner] = False
        outcome = contract_outcome(view.seat, alone, target, tuple(active))
        scores = scores_if_taken(r, view.side_of, len(view.sides), outcome, view.seat)
        worth = []
        for score in scores:
            values = side_values(r, score)
            if self.countdown:  # each player's own score: below 0 is worth no more than 0
                worth.append(float(min(values[side], view.scores[side])))
                continue
            theirs = max((v for i, v in enumerate(values) if i != side), default=0)
            end = self._game_end(view, values) if self.capped else None
            if end is None:  # each side's gain worth what it still needs, at most
                rival = leading_rival(view.scores, side)
                end = float(cap_to_target(r, view.scores, side, values[side])
                            - cap_to_target(r, view.scores, rival, theirs))
            worth.append(end)
        self._worths[key] = worth
        return worth

    def _game_end(self, view: SeatView, values: Sequence[int]) -> float | None:
        """What a hand that ends the game with one winner is worth to the seat's side:
        when the side wins, what it still needed (as
        :func:`~euchre_dsl.engine.scoring.cap_to_target` counts a make that reaches
        the target); when the rivals win, minus what they still needed;
        ``None`` while the game goes on (or ends in a tie).  Where the defenders score too
        (their tricks, in bid euchre), both sides can pass the target in one hand,
        and the engine's rule (:func:`~euchre_dsl.engine.scoring.game_winners`:
        the higher score) decides -- which capping each side's points apart
        cannot see: at 51-51 of 52 it made every contract worth nothing, and
        every seat passed the redeals."""
        scores = view.scores
        winners = game_winners(self.rules, [v + p for v, p in zip(scores, values)], 0)
        if winners is None or len(winners) > 1:
            return None
        need = float(max(self.rules.game.target - scores[winners[0]], 1))
        return need if winners[0] == view.side else -need

    def _target(self, view: SeatView, alone: bool | None = None) -> int:
        """The makers' target (``alone``: of a lone contract, default the hand's own)."""
        return contract_target(self.rules, view.high_bid, view.alone if alone is None else alone)

    def _has_partner(self, view: SeatView) -> bool:
        """A partnership, or a partner the maker will call (``partner.call``)."""
        return len(view.sides[view.side]) > 1 or view.rules.partner.call != _CALL_OFF

    # ------------------------------------------------------- called partner
    def _call_partner(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Call the strongest card the seat lacks: the best trump it may call, else the
        best card of a plain suit it holds least of (a partner's ace there covers the
        seat's low card).  Holding the two best trumps and four trumps, go alone where
        that may be announced.  (The bidding counted on an average partner's tricks.)"""
        trump = view.trump
        assert trump is not None
        deck = view.deck
        hand = view.hand
        calls = [a for a in legal if a.arg is not None]
        alone = next((a for a in legal if a.arg is None), None)
        if trump < 4:
            trumps = deck.suit_masks[trump][trump]
            order = deck.powers[trump][trump]
            top_two = sorted(mask_cards(trumps), key=lambda c: -order[c])[:2]
            holds_top = all((hand >> c) & 1 for c in top_two)
            if alone is not None and holds_top and count_cards(hand & trumps) >= 4:
                return alone
        if not calls:
            assert alone is not None
            return alone
        eff = deck.effective_suits[trump]

        def strength(a: Action) -> tuple[int, int, int]:
            card = a.arg
            assert card is not None
            suit = eff[card]
            held = count_cards(hand & deck.suit_masks[trump][suit])
            return (suit == trump, deck.powers[trump][suit][card], -held)

        return max(calls, key=strength)

    # ------------------------------------------------------------ exchanges
    def _discard(self, view: SeatView, legal: Sequence[Action]) -> Action:
        contract = view.trump if view.trump is not None else view.upcard_suit()
        out = known_out(view)
        opponents = opponents_facing(view)
        # the most useful discard (:func:`best_after_discard`, remembered: a seat that
        # valued picking the upcard up has already asked for this one)
        discardable = 0
        for a in legal:
            if a.verb == DISCARD and a.arg is not None:
                discardable |= 1 << a.arg
        if not discardable:
            return next((a for a in legal if a.verb == DECLINE), legal[0])
        hand = view.hand
        rest = self._after_discard(view.deck, hand, contract, out, opponents,
                                   hand & ~discardable)
        card = (hand & ~rest).bit_length() - 1
        best = next(a for a in legal if a.verb == DISCARD and a.arg == card)
        if any(a.verb == DECLINE for a in legal):  # taking the upcard is optional
            best_v = kept_value(view.deck, rest, contract, out, opponents)
            keep = sum(hand_chances(view.deck, view.hand & ~(1 << view.upcard)
                                    if view.upcard is not None else view.hand,
                                    contract, out, opponents))
            if best_v <= keep:
                return next(a for a in legal if a.verb == DECLINE)
        return best

    def _give(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Call for best: give the lone player the strongest card (a trump before any
        plain card; a plain card by its power in its own suit, which in low no-trump
        puts the low cards first)."""
        trump = view.trump if view.trump is not None else NO_TRUMP
        cards = 0
        for a in legal:
            if a.arg is not None:
                cards |= 1 << a.arg
        best = highest(view.deck, cards, trump)
        return next(a for a in legal if a.arg == best)

    # --------------------------------------------------- individual games
    def _stay_or_drop(self, view: SeatView, legal: Sequence[Action]) -> Action:
        assert view.trump is not None
        probs = hand_chances(view.deck, view.hand, view.trump, known_out(view),
                             opponents_facing(view), makes=False)
        dist = distribution(probs)
        if self.countdown:
            # stay: each trick counts down, no trick is a buck (the engine's score); drop: nothing
            assert view.maker is not None
            r = self.rules
            outcome = contract_outcome(view.maker, view.alone, self._target(view), view.active)
            scores = scores_if_taken(r, view.side_of, len(view.sides), outcome, view.seat)
            ev = sum(p * side_values(r, scores[min(k, len(scores) - 1)])[view.side]
                     for k, p in enumerate(dist))
            stay = ev > STAY_BAR
        else:
            stay = dist[0] < 0.5
        verb = STAY if stay else DROP
        return next(a for a in legal if a.verb == verb)

    def _defend(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Defend alone only with a hand that should euchre the makers on its own."""
        assert view.trump is not None
        probs = hand_chances(view.deck, view.hand, view.trump, known_out(view),
                             opponents_facing(view), makes=False)
        dist = distribution(probs)
        size = self.rules.deal.hand_size
        need = size - self._target(view) + 1  # tricks that set the makers
        p_set = sum(dist[need:])
        alone_gain = p_set * self._lone_defence_bonus(view) - (1 - p_set) * 0.5
        verb = DEFEND_ALONE if alone_gain > self.alone_margin else DECLINE
        return next(a for a in legal if a.verb == verb)

    def _lone_defence_bonus(self, view: SeatView) -> int:
        """What euchring the makers alone is worth over euchring them with a partner
        (the engine's score of both: a lone defender's euchre scores 4 in standard)."""
        assert view.maker is not None
        r = self.rules
        target = self._target(view)
        set_by = r.deal.hand_size - target + 1  # the fewest tricks that set the makers
        values = []
        for lone in (view.seat, None):
            active = list(view.active)
            if lone is not None:
                for partner in view.sides[view.side]:
                    active[partner] = partner == view.seat
            outcome = HandOutcome(view.maker, view.alone, lone, target, tuple(active),
                                  tuple([0] * view.n), None)
            scores = scores_if_taken(r, view.side_of, len(view.sides), outcome, view.seat)
            values.append(side_values(r, scores[set_by])[view.side])
        return values[0] - values[1]

    def _widow(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Take the widow with a hand too weak to stay in on any trump."""
        best = max(sum(hand_chances(view.deck, view.hand, c, 0, opponents_facing(view)))
                   for c in range(4))
        verb = TAKE_WIDOW if best < WIDOW_BAR else PASS
        return next(a for a in legal if a.verb == verb)

    def _bid(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """An auction: with a partner, the bid worth most on the side's trick estimate;
        alone, the least that wins it if the best contract makes it."""
        b = self.rules.bidding
        contracts = [0, 1, 2, 3] + ([NO_TRUMP] if b.auction_no_trump else []) + \
            ([LOW_NO_TRUMP] if b.auction_no_trump and b.low_no_trump else [])
        out = known_out(view)
        opponents = opponents_facing(view)
        best = 0.0
        best_probs: list[float] = []
        for c in contracts:
            hand = view.hand
            if b.auction_takes_upcard and view.upcard is not None:
                hand = best_after_discard(view.deck, hand | 1 << view.upcard, c, out,
                                          opponents, kept_upcard(view.rules, view.upcard))
            probs = hand_chances(view.deck, hand, c, out, opponents)
            if sum(probs) > best:
                best, best_probs = sum(probs), probs
        bids = sorted((a for a in legal if a.verb == BID), key=lambda a: a.arg or 0)
        if self.truths and sure_make_open(view, bids):
            # nobody has bid: both bowers and a third trump open the auction at the
            # least bid, at worst (a pass could throw them in)
            best_bid = self._partner_bid(view, legal, bids, best_probs) \
                if self._has_partner(view) else next(
                    (a for a in bids if a.arg is not None and a.arg <= best - BID_SLACK), bids[0])
            return best_bid if best_bid.verb == BID else bids[0]
        if self._has_partner(view):
            return self._partner_bid(view, legal, bids, best_probs)
        for a in bids:
            if a.arg is not None and a.arg <= best - BID_SLACK:
                return a
        # no pass when a bid is forced (the holder of forced_bid_card after all passed)
        return next((a for a in legal if a.verb == PASS), bids[0])

    def _partner_bid(self, view: SeatView, legal: Sequence[Action], bids: Sequence[Action],
                     probs: list[float]) -> Action:
        """A partnership auction (bid euchre, Pepper): the side's tricks are the seat's
        own on its best contract plus the partner's, every bid is valued by the
        engine's score of each count (:meth:`_maker_ev`), and the best one is made if
        it clears the margin.  Trick-count scoring then bids what the side expects to
        take, not just the least that wins the auction."""
        partner = PASSED_PARTNER_TRICKS if self._partner_passed_bid(view) else PARTNER_TRICKS
        side = convolve(distribution(probs),
                        partner_tricks(partner, self.rules.deal.hand_size))
        best: Action | None = None
        best_value = self.margin
        for a in bids:
            assert a.arg is not None
            value = self._maker_ev(view, side, a.arg, False)
            if value > best_value:
                best, best_value = a, value
        if best is not None:
            return best
        # no pass when a bid is forced (the holder of forced_bid_card after all passed)
        return next((a for a in legal if a.verb == PASS), bids[0])

    def _partner_passed_bid(self, view: SeatView) -> bool:
        """Has the seat's partner passed in this auction?"""
        return any(a.verb == PASS and a.seat != view.seat and view.side_of[a.seat] == view.side
                   for a in view.actions)

    # ================================================================= play
    def play(self, view: SeatView, legal: int) -> int:
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        trump = view.trump
        assert trump is not None
        deck = view.deck
        trick = view.trick
        if not trick:
            return self._lead(view, legal, trump)
        power = deck.powers[trump][deck.effective_suits[trump][trick[0]]]
        seats = view.trick_seats
        win_i = deck.trick_winner(list(trick), trump)
        winner = seats[win_i]
        best = power[trick[win_i]]
        winners = 0
        for c in mask_cards(legal):
            if power[c] > best:
                winners |= 1 << c
        partner_has_it = winner != view.seat and view.allied(winner)
        last = len(trick) == sum(view.active) - 1
        if partner_has_it:
            return cheapest(deck, legal, trump)  # duck: never trump a partner's winner
        if winners:
            if last:
                return weakest_winner(deck, winners, trump, power)
            # not last: win with the boss card of the suit if we hold it, else cheaply
            boss = [c for c in mask_cards(winners) if self._is_boss(view, c, trump)]
            if boss and deck.effective_suits[trump][boss[0]] != trump:
                return boss[0]
            return weakest_winner(deck, winners, trump, power)
        return cheapest(deck, legal, trump)

    def _lead(self, view: SeatView, legal: int, trump: int) -> int:
        deck = view.deck
        eff = deck.effective_suits[trump]
        trumps = legal & deck.suit_masks[trump][trump] if trump < 4 else 0
        maker = view.maker
        our_make = maker is not None and view.allied(maker)
        if trumps:
            top = highest(deck, trumps, trump)
            boss = self._is_boss(view, top, trump)
            outstanding = view.unseen & deck.suit_masks[trump][trump]
            if maker == view.seat and outstanding and (boss or count_cards(trumps) >= 2):
                return top  # the maker draws trump
            if our_make and maker != view.seat and boss and outstanding:
                return top  # lead a bower (or the best trump) to the calling partner
        # an off-suit ace (a boss card of a plain suit), shortest suit first
        aces = [c for c in mask_cards(legal & ~trumps) if self._is_boss(view, c, trump)]
        if aces:
            return min(aces, key=lambda c: (count_cards(legal & deck.suit_masks[trump][eff[c]]),
                                            -deck.powers[trump][eff[c]][c]))
        plain = legal & ~trumps
        if plain:
            # a low card from the shortest plain suit (towards a void to trump in)
            return min(mask_cards(plain),
                       key=lambda c: (count_cards(plain & deck.suit_masks[trump][eff[c]]),
                                      deck.powers[trump][eff[c]][c]))
        if our_make:
            return highest(deck, legal, trump)
        return cheapest(deck, legal, trump)  # only trumps: keep the bowers for later

    def _is_boss(self, view: SeatView, card: int, trump: int) -> bool:
        """Is ``card`` the highest card still out of its effective suit?"""
        deck = view.deck
        suit = deck.effective_suits[trump][card]
        power = deck.powers[trump][suit]
        mine = view.hand | (1 << card)
        live = deck.suit_masks[trump][suit] & ~view.played & ~mine
        return all(power[c] < power[card] for c in mask_cards(live))


# ====================================================================== model


def highest(deck: Deck, mask: int, trump: int) -> int:
    eff = deck.effective_suits[trump]
    return max(mask_cards(mask), key=lambda c: deck.powers[trump][eff[c]][c])


def cheapest(deck: Deck, mask: int, trump: int) -> int:
    """The card least worth keeping: a low plain card before any trump."""
    eff = deck.effective_suits[trump]
    is_trump = deck.trump_masks[trump]
    return min(mask_cards(mask), key=lambda c: ((is_trump >> c) & 1,
                                              deck.powers[trump][eff[c]][c]))


def weakest_winner(deck: Deck, winners: int, trump: int, power: Sequence[int]) -> int:
    return min(mask_cards(winners), key=lambda c: power[c])
