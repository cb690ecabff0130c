"""Claims before the bidding: farmer's hand, going under, ace-no-face, misdeals.

In turn from the dealer's left, before the first bid, a seat whose hand
qualifies may claim: swap three cards with the face-down kitty (farmer's hand
with the ``swap`` effect; going under is the ``any_hand`` trigger) or show
the hand and call a misdeal (farmer's hand with the ``misdeal`` effect, a
second claim after a swap, ace-no-face).

Eligibility is one function, :func:`claim_rights`; the verbs (``Machine.swap``,
``Machine.misdeal``) raise the refusals built on it and the claims menu lists
what they accept.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from ..cards import mask_cards
from ..rules.ruleset import ACE_NO_FACE, FarmersEffect, FarmersHand
from .actions import DECLINE, MISDEAL, SWAP, Action, IllegalAction
from .state import RankMasks, State

#: The cards a farmer's-hand swap exchanges: three from the hand for the kitty's first three.
SWAP_SIZE: Final = 3
#: What a claimed hand must have, in words (farmer's-hand triggers and ace-no-face).
CLAIM_WORDS: Final[dict[str, str]] = {
    FarmersHand.THREE_NINES_OR_THREE_TENS: "three 9s or three 10s",
    FarmersHand.THREE_NINES_OR_TENS: "three cards that are 9s or 10s",
    FarmersHand.ONLY_NINES_AND_TENS: "only 9s and 10s",
    FarmersHand.NO_ACE_NO_FACE: "no card above a 10",
    FarmersHand.ANY_HAND: "any hand",
    ACE_NO_FACE: "an ace and no king, queen, jack or joker",
}
#: Which three cards a swap puts away, by trigger.
SWAP_WORDS: Final[dict[str, str]] = {
    FarmersHand.THREE_NINES_OR_THREE_TENS: "three 9s or three 10s",
    FarmersHand.THREE_NINES_OR_TENS: "9s and 10s",
    FarmersHand.ONLY_NINES_AND_TENS: "9s and 10s",
    FarmersHand.NO_ACE_NO_FACE: "cards ranked 10 or lower",
    FarmersHand.ANY_HAND: "any three",
}


# ------------------------------------------------------ conditions on hands
def whole_hand_mask(m: RankMasks, trigger: str) -> int:
    """The cards a hand may hold and still meet a whole-hand trigger (-1: any)."""
    if trigger == FarmersHand.ONLY_NINES_AND_TENS:
        return m.nines | m.tens
    if trigger == FarmersHand.NO_ACE_NO_FACE:
        return m.low
    if trigger == ACE_NO_FACE:
        return m.low | m.aces
    return -1


def hand_meets(trigger: str, m: RankMasks, sure: int, cand: int, size: int) -> bool:
    """Could a hand -- ``sure`` held for certain, ``cand`` possible, ``size`` cards --
    meet ``trigger``?  Exact when the hand is known (``sure == cand``)."""
    if trigger == FarmersHand.THREE_NINES_OR_THREE_TENS:
        return (cand & m.nines).bit_count() >= 3 or (cand & m.tens).bit_count() >= 3
    if trigger == FarmersHand.THREE_NINES_OR_TENS:
        return (cand & (m.nines | m.tens)).bit_count() >= 3
    ok = whole_hand_mask(m, trigger)
    if trigger == ACE_NO_FACE and not cand & m.aces:
        return False
    return not sure & ~ok and (cand & ok).bit_count() >= size


def swap_allows(m: RankMasks, trigger: str, cards: int) -> bool:
    """May a claimant under ``trigger`` put away these three cards?"""
    if trigger == FarmersHand.THREE_NINES_OR_THREE_TENS:
        return not cards & ~m.nines or not cards & ~m.tens
    if trigger == FarmersHand.THREE_NINES_OR_TENS:
        return not cards & ~(m.nines | m.tens)
    return not cards & ~whole_hand_mask(m, trigger)


# -------------------------------------------------------------- eligibility
def farmer_swaps(g: State) -> bool:
    """A farmer's hand is claimed now by swapping with the kitty (not yet swapped)."""
    return g.swaps and g.swapped is None


def farmer_calls_misdeal(g: State) -> bool:
    """A farmer's hand is claimed now by showing it for a misdeal (the ``misdeal``
    effect, or a second claim after the kitty was swapped)."""
    d = g.rules.deal
    return d.farmers_hand != FarmersHand.OFF and (
        d.farmers_hand_effect == FarmersEffect.MISDEAL or g.swapped is not None)


def claim_rights(g: State, sure: int, cand: int, size: int) -> tuple[bool, str | None]:
    """Farmer's-hand and ace-no-face eligibility of a hand (``sure`` held, ``cand``
    possible, ``size`` cards): (may swap, redeal policy of the misdeal it may call)."""
    d = g.rules.deal
    swap = False
    policy = None
    if d.farmers_hand != FarmersHand.OFF and hand_meets(d.farmers_hand, g.ranks, sure, cand,
                                                        size):
        if farmer_calls_misdeal(g):
            policy = d.farmers_hand_redeal  # with swaps: the kitty was already taken
        else:
            swap = True
    if policy is None and d.ace_no_face and hand_meets(ACE_NO_FACE, g.ranks, sure, cand, size):
        policy = d.ace_no_face_redeal
    return swap, policy


def may_claim(g: State, seat: int) -> tuple[bool, str | None]:
    """What ``seat`` may claim now, as far as its hand is known (see :func:`claim_rights`)."""
    return claim_rights(g, g.sure[seat], g.cand[seat], g.count[seat])


def no_claim(g: State, seat: int, verb: str, hand: int) -> IllegalAction:
    """Why ``seat`` (holding ``hand``, as far as known) may not make this claim."""
    d = g.rules.deal
    name = g.labels[seat]
    if verb == SWAP:
        if not g.swaps:
            return IllegalAction("illegal-action", "this variant has no swap with the kitty")
        if g.swapped is not None:
            return IllegalAction("illegal-action", "the kitty was already swapped by "
                                 f"{g.labels[g.swapped]}: a second claim is a misdeal "
                                 "(show the hand)")
        return IllegalAction("illegal-action", f"{name}'s hand does not qualify for a "
                             f"farmer's hand ({CLAIM_WORDS[d.farmers_hand]})")
    needs = []
    if farmer_calls_misdeal(g):
        needs.append(f"a farmer's hand ({CLAIM_WORDS[d.farmers_hand]})")
    if d.ace_no_face:
        needs.append(f"ace-no-face ({CLAIM_WORDS[ACE_NO_FACE]})")
    if farmer_swaps(g) and hand_meets(d.farmers_hand, g.ranks, hand, hand, hand.bit_count()):
        return IllegalAction("illegal-action", f"{name} holds a farmer's hand, which is "
                             "claimed by swapping with the kitty: a misdeal is called only "
                             "by a second claimant")
    if not needs:
        return IllegalAction("illegal-action", "this variant has no misdeal claim on a "
                             "shown hand")
    return IllegalAction("illegal-action", f"{name}'s hand does not qualify for "
                         + " or ".join(needs))


# ------------------------------------------------------------- the refusals
def turn_refusal(g: State, seat: int) -> IllegalAction | None:
    """A seat whose turn to claim has passed may not claim."""
    if seat in g.claim_order:
        return None
    return IllegalAction("out-of-turn", f"{g.labels[seat]}'s turn to claim has passed: "
                         "claims go in turn from the dealer's left")


def swap_refusal(g: State, seat: int, cards: int) -> IllegalAction | None:
    """Why ``seat`` may not put ``cards`` (a mask) in the kitty now, or None."""
    name = g.labels[seat]
    trigger = g.rules.deal.farmers_hand
    if not may_claim(g, seat)[0]:
        return no_claim(g, seat, SWAP, g.sure[seat])
    if cards.bit_count() != SWAP_SIZE:
        return IllegalAction("illegal-action", f"a swap puts away exactly three cards, not "
                             f"{cards.bit_count()}")
    if cards & ~g.cand[seat]:
        return IllegalAction("card-not-held", f"{name} swaps "
                             f"{g.deck.format_mask(cards & ~g.cand[seat])} but does "
                             "not hold it")
    if not swap_allows(g.ranks, trigger, cards):
        return IllegalAction("illegal-action", f"{name} may not put away "
                             f"{g.deck.format_mask(cards)}: the cards swapped are "
                             f"{SWAP_WORDS[trigger]}")
    return turn_refusal(g, seat)


def shown_hand_refusal(g: State, seat: int, shown: int) -> IllegalAction | None:
    """Why ``seat`` may not show ``shown`` (a mask) and call a misdeal now, or None."""
    name = g.labels[seat]
    if shown & ~g.cand[seat]:
        return IllegalAction("card-not-held", f"{name} shows "
                             f"{g.deck.format_mask(shown & ~g.cand[seat])} but does "
                             "not hold it")
    if shown.bit_count() != g.count[seat] or g.sure[seat] & ~shown:
        return IllegalAction("illegal-action", f"a misdeal claim shows the whole hand, "
                             f"{g.count[seat]} cards: {name} showed "
                             f"{g.deck.format_mask(shown) or 'nothing'}")
    if misdeal_policy(g, seat, shown) is None:
        return no_claim(g, seat, MISDEAL, shown)
    return turn_refusal(g, seat)


def misdeal_policy(g: State, seat: int, shown: int) -> str | None:
    """Who deals after the misdeal ``seat`` calls by showing ``shown``, its whole hand
    (None: the hand does not qualify)."""
    return claim_rights(g, shown, shown, g.count[seat])[1]


# ------------------------------------------------------------------ changes
def claim_taken(g: State, seat: int) -> None:
    """``seat`` claimed: it is not on turn again; any seat asked before it declined
    (declines are not recorded)."""
    while g.claim_order[0] != seat:
        g.claim_order.pop(0)
    g.claim_order.pop(0)


def swap_kitty(g: State, seat: int, cards: int) -> None:
    """``seat`` puts ``cards`` in the kitty and takes its first three cards."""
    hand_ok = whole_hand_mask(g.ranks, g.rules.deal.farmers_hand)
    g.cand[seat] &= hand_ok  # a whole-hand trigger: now known to be met
    known = 0
    for c in g.kitty[:SWAP_SIZE]:
        if c is not None:
            known |= 1 << c
    for s in range(g.n):
        g.cand[s] &= ~(cards | known)
        g.sure[s] &= ~cards
    g.sure[seat] |= known
    g.cand[seat] |= known
    if known.bit_count() < SWAP_SIZE:  # kitty cards not recorded: any card not seen elsewhere
        seen = cards | known | g.widow
        for s in range(g.n):
            if s != seat:
                seen |= g.sure[s]
        if g.upcard is not None:
            seen |= 1 << g.upcard
        for c in g.kitty[SWAP_SIZE:]:
            if c is not None:
                seen |= 1 << c
        g.cand[seat] |= g.deck.full_mask & ~seen
    if g.cand[seat].bit_count() == g.count[seat]:
        g.sure[seat] = g.cand[seat]
    g.swapped = seat


def show_hand(g: State, seat: int, shown: int) -> None:
    """``seat`` shows its whole hand, ``shown``: everybody now knows it."""
    for s in range(g.n):
        g.cand[s] &= ~shown
    g.sure[seat] = g.cand[seat] = shown


def claim_menu(g: State, seat: int) -> list[Action]:
    out: list[Action] = []
    for three in combinations(mask_cards(g.cand[seat]), SWAP_SIZE):
        cards = (1 << three[0]) | (1 << three[1]) | (1 << three[2])
        if swap_refusal(g, seat, cards) is None:
            out.append(Action(seat, SWAP, cards))
    if shown_hand_refusal(g, seat, g.cand[seat]) is None:
        out.append(Action(seat, MISDEAL, g.cand[seat]))
    out.append(Action(seat, DECLINE))
    return out
