"""Making trump: one predicate per rule, the refusals built on them, the menus.

Each rule of the bidding is one function here, and both sides of legality
call it: the verb (``Machine.pass_``, ``Machine.order_up``, ``Machine.call``,
``Machine.bid``, ``Machine.discard``) raises the refusal a ``*_refusal`` function
returns, and the menu of the same phase lists exactly the actions whose
refusal is ``None``.  So an action is accepted exactly when it is listed.

The rules: :func:`dealer_stuck` (stick the dealer), :func:`dealer_must_take_up`
(the dealer's forced take-up), :func:`suit_barred` (the turned-down suit),
:func:`stuck_dealer_barred` (no no-trump for a stuck dealer),
:func:`canadian_loner_forces_alone`, :func:`holds_trump` (must hold a trump to
call), :func:`protected_upcard` (may the upcard itself be discarded),
:func:`may_go_alone`, :func:`contracts` (what may be named at all).

The phase and the turn are checked by the verbs before these run; a menu is
built for the seat on turn in its own phase.
"""

from __future__ import annotations

from typing import Final

from ..cards import LOW_NO_TRUMP, NO_TRUMP, SUIT_NAMES, mask_cards
from ..rules.ruleset import AllPass, RuleSet, TurnedDownSuit
from .actions import (
    AUCTION, AUCTION_CALL, BID, CALL, DECLINE, DISCARD, NAMING, ORDER_UP, ORDER_UP_ROUND, PASS,
    Action, IllegalAction,
)
from .state import State

# Option words compared on every hand, as module constants: compiled code reads
# them without a lookup on the enum class.
_BARRED: Final = TurnedDownSuit.BARRED
_THROW_IN: Final = AllPass.THROW_IN



def contract_words(contract: int | None) -> str:
    """A trump contract in words, for messages."""
    if contract is None:
        return "no trump yet"
    if contract < 4:
        return SUIT_NAMES[contract]
    return "no-trump" if contract == NO_TRUMP else "low no-trump"


# ---------------------------------------------------------------- the rules
def contracts(g: State, no_trump: bool) -> list[int]:
    """Contracts that may be named: the four suits, and with ``no_trump`` no-trump
    (and low no-trump where the variant has it)."""
    if not no_trump:
        return [0, 1, 2, 3]
    return [0, 1, 2, 3, NO_TRUMP] + ([LOW_NO_TRUMP] if g.rules.bidding.low_no_trump else [])


def last_to_bid(g: State, seat: int) -> bool:
    """``seat`` is the dealer and everyone else passed this round."""
    return seat == g.dealer and g.passes == g.n - 1


def pass_throws_in(g: State, seat: int) -> bool:
    """A pass by ``seat`` now ends the bidding with no maker and the hand is thrown
    in: it is the last to bid in the last round (the naming round, or the upcard
    round of a variant without one) and the variant throws in a hand everyone
    passed.  ``Game.pass_`` makes the same turn: after the last pass of such a
    round, ``transitions.all_passed``.  What a bot weighs a pass against: here
    passing is worth exactly nothing to either side."""
    b = g.rules.bidding
    if not last_to_bid(g, seat) or b.all_pass != _THROW_IN:
        return False
    if g.phase == NAMING:
        return not dealer_stuck(g, seat)
    return g.phase == ORDER_UP_ROUND and not b.naming_round and not dealer_must_take_up(g, seat)


def dealer_stuck(g: State, seat: int) -> bool:
    """Stick the dealer: in the naming round, a dealer whom everyone passed must name."""
    return g.rules.bidding.stick_the_dealer and last_to_bid(g, seat)


def dealer_must_take_up(g: State, seat: int) -> bool:
    """In the first round, a dealer whom everyone passed must take up the upcard."""
    return last_to_bid(g, seat) and g.rules.bidding.dealer_forced_takeup


def stuck_dealer_barred(g: State, contract: int, stuck: bool) -> bool:
    """A stuck dealer may not call no-trump (std_may_call_no_trump: no)."""
    return contract >= 4 and stuck and not g.rules.bidding.std_may_call_no_trump


def suit_barred(g: State, contract: int, stuck: bool) -> bool:
    """The suit of the turned-down upcard may not be named in the naming round
    (turned_down_suit: barred), except by a stuck dealer allowed to."""
    b = g.rules.bidding
    return contract == g.turned_down and b.turned_down_suit == _BARRED and \
        not (stuck and b.std_may_name_turned_down)


def canadian_loner_forces_alone(g: State, seat: int) -> bool:
    """Canadian loner: the dealer's partner who orders up must go alone."""
    d = g.dealer
    return seat != d and g.side_of[seat] == g.side_of[d] and g.rules.alone.canadian_loner


def may_go_alone(g: State) -> bool:
    """A maker may go alone: the variant allows it and has partners to sit out."""
    return g.alone_allowed and g.partners


def trump_held(g: State, seat: int, contract: int) -> tuple[bool, bool]:
    """Whether ``seat`` certainly holds, and may hold, a card that counts as a trump
    of ``contract`` for must_hold_trump_to_call (the upcard never counts)."""
    mask = g.deck.suit_masks[contract][contract]
    if not g.rules.bidding.must_hold_trump_left_counts:
        mask &= ~(1 << g.deck.left_bower(contract))
    if g.upcard is not None:
        mask &= ~(1 << g.upcard)
    return bool(g.sure[seat] & mask), bool(g.cand[seat] & mask)


def holds_trump(g: State, seat: int, contract: int, stuck: bool) -> bool:
    """May ``seat`` make ``contract`` trump under must_hold_trump_to_call?

    Yes unless it provably holds no trump of it -- and, for a stuck dealer,
    provably holds a trump of another suit it may name: a stuck dealer who
    holds none of them must still name one, and may name any.
    """
    if not g.must_hold_trump or contract >= 4:
        return True
    if trump_held(g, seat, contract)[1]:
        return True
    nameable = [c for c in range(4) if not suit_barred(g, c, stuck)]
    return stuck and not any(trump_held(g, seat, c)[0] for c in nameable)


def protected_upcard(g: State) -> int:
    """The upcard as a mask when it may not be discarded by whoever took it
    (dealer_may_discard_upcard: no), else 0."""
    if g.upcard is None or not g.upcard_protected:
        return 0
    return 1 << g.upcard


def kept_upcard(rules: RuleSet, upcard: int | None) -> int:
    """:func:`protected_upcard` before anyone has taken the upcard, from the rules
    alone: for a bot weighing the hand it would keep after taking it."""
    if upcard is None or rules.bidding.dealer_may_discard_upcard:
        return 0
    return 1 << upcard


# ------------------------------------------------------------- the refusals
def _illegal(message: str) -> IllegalAction:
    return IllegalAction("illegal-action", message)


def alone_refusal(g: State, alone: bool) -> IllegalAction | None:
    if alone and not may_go_alone(g):
        return _illegal("going alone is not allowed in this variant")
    return None


def forced_bid_due(g: State) -> bool:
    """Everyone passed the auction and the holder of the forced-bid card must bid."""
    return g.phase == AUCTION and g.passes >= g.n


def forced_bidder(g: State) -> int | None:
    """Who holds the forced-bid card (forced_bid_card), as far as is known: the seat
    sure to hold it, else the first seat clockwise from the dealer's left that may
    (a record that hides hands); None when no seat can (it is in the widow or
    undealt)."""
    card = g.forced_card
    if card is None:
        return None
    bit = 1 << card
    for seat in range(g.n):
        if g.sure[seat] & bit:
            return seat
    for i in range(g.n):
        seat = (g.dealer + 1 + i) % g.n
        if g.cand[seat] & bit:
            return seat
    return None


def may_hold_forced_card(g: State, seat: int) -> bool:
    """``seat`` may be the holder who owes the forced bid (a record that hides hands
    names the holder by the bid itself)."""
    return g.forced_card is not None and bool((g.cand[seat] >> g.forced_card) & 1)


def forced_bid_turn(g: State, seat: int) -> str:
    """Why ``seat``, which cannot hold the forced-bid card, may not make the forced bid."""
    return (f"everyone passed: the holder of {g.card_name(g.forced_card or 0)} "
            f"({g.labels[g.to_act]}) must bid {g.rules.bidding.forced_bid}, not "
            f"{g.labels[seat]}")


def pass_refusal(g: State, seat: int) -> IllegalAction | None:
    """Why ``seat`` may not pass now (bidding rounds, auction, widow offer), or None."""
    if forced_bid_due(g):
        card = g.card_name(g.forced_card or 0)
        return _illegal(f"everyone passed: {g.labels[seat]} holds {card} and must bid "
                        f"{g.rules.bidding.forced_bid}")
    if g.phase == NAMING and dealer_stuck(g, seat):
        return _illegal(f"{g.labels[seat]} is the dealer and is stuck: the dealer must name "
                        "trump")
    if g.phase == ORDER_UP_ROUND and dealer_must_take_up(g, seat):
        return _illegal(f"{g.labels[seat]} is the dealer and everyone else passed: the dealer "
                        "must take up the upcard")
    return None


def _holds_trump_refusal(g: State, seat: int, contract: int,
                         stuck: bool) -> IllegalAction | None:
    if holds_trump(g, seat, contract, stuck):
        return None
    left = "" if g.rules.bidding.must_hold_trump_left_counts else \
        " (the left bower does not count)"
    return _illegal(f"{g.labels[seat]} holds no {SUIT_NAMES[contract]} and may not make them "
                    f"trump: the maker must hold a trump{left}")


def order_up_refusal(g: State, seat: int, alone: bool) -> IllegalAction | None:
    """Why ``seat`` may not order up (alone or not) in the first round, or None."""
    refusal = alone_refusal(g, alone)
    if refusal is not None:
        return refusal
    if not alone and canadian_loner_forces_alone(g, seat):
        return _illegal(f"{g.labels[seat]} is the dealer's partner: under the Canadian loner "
                        "rule, ordering up means going alone")
    return _holds_trump_refusal(g, seat, g.upcard_suit(), False)


def call_refusal(g: State, seat: int, contract: int, alone: bool) -> IllegalAction | None:
    """Why ``seat`` may not name ``contract`` now, or None: in the naming round, as
    the auction winner, or as the dealer who names after a turned-up joker."""
    b = g.rules.bidding
    stuck = False
    no_trump = b.no_trump
    if g.phase == NAMING:
        stuck = dealer_stuck(g, seat)
        if stuck_dealer_barred(g, contract, stuck) and contract in contracts(g, no_trump):
            return _illegal(f"{g.labels[seat]} is the stuck dealer and may not call "
                            f"{contract_words(contract)}")
        if suit_barred(g, contract, stuck):
            return _illegal(f"{SUIT_NAMES[contract]} were turned down and may not be named")
    elif g.phase == AUCTION_CALL:
        no_trump = b.auction_no_trump
    if contract not in contracts(g, no_trump):
        return _illegal(f"{contract_words(contract)} may not be called in this variant")
    refusal = alone_refusal(g, alone)
    if refusal is not None:
        return refusal
    return _holds_trump_refusal(g, seat, contract, stuck)


def bid_refusal(g: State, amount: int) -> IllegalAction | None:
    """Why a bid of ``amount`` may not be made in the auction now, or None."""
    b = g.rules.bidding
    if forced_bid_due(g) and amount != b.forced_bid:
        return _illegal(f"everyone passed: the forced bid is {b.forced_bid}, not {amount}")
    if amount < b.auction_min or amount > b.auction_max:
        return _illegal(f"a bid must be from {b.auction_min} to {b.auction_max}, not {amount}")
    if amount <= g.high_bid:
        return _illegal(f"a bid of {amount} does not beat "
                        f"{g.labels[g.high_bidder or 0]}'s {g.high_bid}")
    return None


def discard_mask(g: State, seat: int) -> int:
    """The cards ``seat`` may put away now, as a mask: any it may hold but a protected
    upcard.  :func:`discard_refusal` refuses exactly the other cards, and the
    menu lists these (the random simulation draws from the mask itself)."""
    return g.cand[seat] & ~protected_upcard(g)


def discard_refusal(g: State, seat: int, card: int | None) -> IllegalAction | None:
    """Why ``seat`` may not put ``card`` away now (``None``: a card the record does
    not show, which may be any card held), or None."""
    if card is None or (discard_mask(g, seat) >> card) & 1:
        return None
    if (g.cand[seat] >> card) & 1:  # held: the protected upcard
        return _illegal(f"{g.labels[seat]} may not discard the upcard {g.card_name(card)} "
                        "itself")
    return IllegalAction("card-not-held", f"{g.labels[seat]} discarded "
                         f"{g.card_name(card)} but does not hold it")


# ------------------------------------------------------------------ changes
def take_upcard(g: State, seat: int) -> None:
    """``seat`` takes the upcard into hand (and owes a discard)."""
    assert g.upcard is not None
    up = 1 << g.upcard
    g.cand[seat] |= up
    g.sure[seat] |= up
    g.count[seat] += 1
    g.taker = g.upcard_holder = seat
    g.to_act = seat


def return_upcard(g: State) -> None:
    """The taker declines the upcard it was offered (an auction winner)."""
    seat = g.taker
    assert seat is not None and g.upcard is not None
    up = 1 << g.upcard
    g.cand[seat] &= ~up
    g.sure[seat] &= ~up
    g.count[seat] -= 1
    g.taker = g.upcard_holder = None


def put_away(g: State, seat: int, card: int | None) -> None:
    """``seat`` discards ``card`` (``None``: unknown, any card held but a protected upcard)."""
    g.count[seat] -= 1
    if card is not None:
        bit = 1 << card
        g.sure[seat] &= ~bit
        g.discarded[card] = seat
        for s in range(g.n):  # put away: nobody can play it now
            g.cand[s] &= ~bit
    else:
        g.sure[seat] &= protected_upcard(g)
    g.settle_knowledge(seat)


def bids_over(g: State, seat: int, amount: int) -> bool:
    """Record ``seat``'s bid of ``amount``; whether it ends the auction (the top bid, or
    the last bidder's)."""
    if forced_bid_due(g):  # the bid shows the card: nobody else holds it
        assert g.forced_card is not None
        bit = 1 << g.forced_card
        g.sure[seat] |= bit
        for s in range(g.n):
            if s != seat:
                g.cand[s] &= ~bit
        g.settle_knowledge(seat)
    g.high_bid, g.high_bidder = amount, seat
    g.passes += 1
    return amount == g.rules.bidding.auction_max or g.passes >= g.n


def take_small_widow(g: State, seat: int) -> None:
    """The maker ``seat`` takes the small widow (widow_cards) into hand and owes as
    many discards; a widow the record does not show may be any card nobody is
    known to hold."""
    g.count[seat] += g.widow_cards
    g.sure[seat] |= g.widow
    g.cand[seat] |= g.widow if g.widow_known else g.widow | g.unplaced
    g.widow_holder = g.taker = g.to_act = seat
    g.settle_knowledge(seat)


# -------------------------------------------------------------------- menus
def order_up_menu(g: State, seat: int) -> list[Action]:
    out = []
    if pass_refusal(g, seat) is None:
        out.append(Action(seat, PASS))
    for alone in (False, True):
        if order_up_refusal(g, seat, alone) is None:
            out.append(Action(seat, ORDER_UP, None, alone))
    return out


def calls_menu(g: State, seat: int) -> list[Action]:
    """The naming round (pass, then each contract, plain and alone), the auction
    winner's call, the dealer's call after a turned-up joker."""
    out = []
    if g.phase == NAMING and pass_refusal(g, seat) is None:
        out.append(Action(seat, PASS))
    for c in contracts(g, True):
        for alone in (False, True):
            if call_refusal(g, seat, c, alone) is None:
                out.append(Action(seat, CALL, c, alone))
    return out


def auction_menu(g: State, seat: int) -> list[Action]:
    b = g.rules.bidding
    out = [Action(seat, PASS)] if pass_refusal(g, seat) is None else []
    for v in range(b.auction_min, b.auction_max + 1):
        if bid_refusal(g, v) is None:
            out.append(Action(seat, BID, v))
    return out


def discard_menu(g: State, seat: int, optional: bool) -> list[Action]:
    """The taker's discards (``optional``: it may also decline the upcard)."""
    out = [Action(seat, DISCARD, c) for c in mask_cards(discard_mask(g, seat))]
    if optional:
        out.append(Action(seat, DECLINE))
    return out
