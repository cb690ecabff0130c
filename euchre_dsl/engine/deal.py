"""Dealing: known (or partly known) cards from a record, or a seeded shuffle.

Both fill a fresh hand's :class:`~euchre_dsl.engine.state.State` (hands,
upcard, widow, kitty, knowledge masks); ``Machine.deal`` and ``Machine.deal_random``
check the phase first and begin the trump making after.
"""

from __future__ import annotations

from typing import Sequence

from ..rng import RandomSource, Rng
from .state import State


def deal_known(g: State, hands: Sequence[Sequence[int | None] | None], upcard: int | None,
               widow: Sequence[int | None] | None, kitty: Sequence[int | None] | None) -> None:
    """Place the given cards (``None``: an unknown card or hand); raises ``ValueError``
    with the reason for an impossible deal (the validator's ``bad-deal``)."""
    r = g.rules
    size = r.deal.hand_size
    n = g.n
    if len(hands) != n:
        raise ValueError(f"{n} hands expected, got {len(hands)}")
    seen = 0
    sure, count = g.sure, g.count  # the reset's lists, written in place
    partial = [False] * n
    for seat in range(n):
        h = hands[seat]
        if h is None:
            partial[seat] = True
            count[seat] = size
            continue
        if len(h) != size:
            raise ValueError(f"{g.labels[seat]} was dealt {len(h)} cards, not {size}")
        m = 0
        for c in h:
            if c is None:
                continue
            if (seen >> c) & 1:
                raise ValueError(f"{g.deck.names[c]} is dealt twice ({g.labels[seat]}'s hand)")
            seen |= 1 << c
            m |= 1 << c
        sure[seat] = m
        count[seat] = size
        partial[seat] = m.bit_count() != size
    seen = place_upcard(g, upcard, seen)
    if widow is not None:
        seen = place_widow(g, widow, seen)
    elif r.deal.widow_size:
        g.widow_known = False
    if kitty:
        seen = place_kitty(g, kitty, seen)
    free = g.unplaced = g.deck.full_mask & ~seen
    for seat in range(n):
        g.cand[seat] = g.sure[seat] | (free if partial[seat] else 0)
    for seat in range(n):
        if partial[seat]:  # e.g. the one hand not recorded, all else known
            g.settle_knowledge(seat)
    g.dealt = tuple(g.sure)


def deal_masks(g: State, hands: Sequence[int], upcard: int | None,
               kitty: Sequence[int | None] | None = None,
               widow: Sequence[int | None] | None = None) -> None:
    """Place hands whose every card is known, as masks, the upcard, the widow and the
    kitty: the validator's whole-hand entry point (:func:`deal_known` with no card of
    a hand unknown; without a widow given, a variant's widow stays unknown).
    Raises ``ValueError`` with the reason for an impossible deal."""
    size = g.hand_size  # the rule set's options as the game's own attributes (see State)
    n = g.n
    if len(hands) != n:
        raise ValueError(f"{n} hands expected, got {len(hands)}")
    seen = 0
    for seat in range(n):
        m = hands[seat]
        if m.bit_count() != size:
            raise ValueError(f"{g.labels[seat]} was dealt {m.bit_count()} cards, not {size}")
        twice = seen & m
        if twice:
            raise ValueError(f"{g.deck.names[(twice & -twice).bit_length() - 1]} is dealt "
                             f"twice ({g.labels[seat]}'s hand)")
        seen |= m
    seen = place_upcard(g, upcard, seen)
    if widow is not None:
        seen = place_widow(g, widow, seen)
    elif g.widowed or g.widow_cards:
        g.widow_known = False
    if kitty:
        seen = place_kitty(g, kitty, seen)
    g.unplaced = g.deck.full_mask & ~seen
    cand, sure, count = g.cand, g.sure, g.count  # the reset's lists, written in place
    for seat in range(n):
        cand[seat] = sure[seat] = hands[seat]
        count[seat] = size
    g.dealt = tuple(cand)


def place_upcard(g: State, upcard: int | None, seen: int) -> int:
    """Turn up ``upcard`` if the variant turns up a card (``seen``: the cards
    dealt so far, returned with the upcard added); raises ``ValueError``."""
    if g.turns_up:
        if upcard is None:
            raise ValueError("this variant turns up a card, but no upcard is given")
        if (seen >> upcard) & 1:
            raise ValueError(f"{g.deck.names[upcard]} is dealt twice (the upcard)")
        if upcard == g.deck.joker_card and g.rules.bidding.joker_upcard is None:
            raise ValueError("the joker is turned up, but the variant does not say what "
                             "that means (bidding.joker_upcard)")
        g.upcard = upcard
        return seen | 1 << upcard
    if upcard is not None:
        raise ValueError("this variant turns up no card, but an upcard is given")
    return seen


def place_widow(g: State, widow: Sequence[int | None], seen: int) -> int:
    """Place the widow a record lists (``None``: a card not known), after the hands and
    upcard (``seen``: their cards, returned with the widow's); raises ``ValueError``
    for a widow of the wrong size, one the variant does not deal, or a card dealt
    twice."""
    widow_size = g.rules.deal.widow_size
    if not widow_size:
        if widow:
            raise ValueError("this variant deals no widow, but one is given")
        return seen
    if len(widow) != widow_size:
        raise ValueError(f"the widow has {len(widow)} cards, not {widow_size}")
    m = 0
    known = True
    for c in widow:
        if c is None:
            known = False
            continue
        if (seen >> c) & 1:
            raise ValueError(f"{g.deck.names[c]} is dealt twice (the widow)")
        seen |= 1 << c
        m |= 1 << c
    g.widow = m
    g.widow_known = known
    return seen


def place_kitty(g: State, kitty: Sequence[int | None], seen: int) -> int:
    """Set aside the undealt cards a record lists (``None``: a card not known), after
    the hands, upcard and widow (``seen``: their cards, returned with the kitty's);
    raises ``ValueError`` for more cards than are left undealt or a card dealt twice."""
    r = g.rules
    undealt = g.deck.size - r.deal.hand_size * g.n - r.deal.widow_size - \
        (1 if r.deal.upcard else 0)
    if len(kitty) > undealt:
        raise ValueError(f"the kitty has {len(kitty)} cards, but only {undealt} are "
                         "left undealt")
    for c in kitty:
        if c is not None:
            if (seen >> c) & 1:
                raise ValueError(f"{g.deck.names[c]} is dealt twice (the kitty)")
            seen |= 1 << c
    g.kitty = list(kitty)
    return seen


def deal_shuffled(g: State, rng: RandomSource) -> None:
    """Shuffle with ``rng`` and deal by the variant's packets (full information).

    A Fisher-Yates shuffle driven by ``rng.random`` and the hands built
    straight into masks, skipping the checks :func:`deal_known` makes on
    untrusted input.  The hand must have been reset just before (its per-seat
    lists are written in place).
    """
    plan, widow_at, up_at, needed = g.deal_plans[g.dealer]
    size = g.deck.size
    cards = list(g.pack)
    # the first `needed` places of a Fisher-Yates shuffle; the whole pack when a
    # swap may take the kitty's cards
    # the simulator's generator is called natively: below(k) is int(random() * k)
    # exactly (both are the top bits of next32() * k), without a float
    if isinstance(rng, Rng):
        for i in range(size if g.swaps else needed):
            j = i + rng.below(size - i)
            cards[i], cards[j] = cards[j], cards[i]
    else:
        for i in range(size if g.swaps else needed):
            j = i + int(rng.random() * (size - i))
            cards[i], cards[j] = cards[j], cards[i]
    # into the hand's per-seat lists, which the reset cleared (no list made per deal)
    cand, sure, count = g.cand, g.sure, g.count
    hand_size = g.hand_size
    for seat in range(g.n):
        m = 0
        for i in plan[seat]:
            m |= 1 << cards[i]
        cand[seat] = m
        sure[seat] = m
        count[seat] = hand_size
    widow = 0
    for i in widow_at:
        widow |= 1 << cards[i]
    g.dealt = tuple(cand)
    g.widow = widow
    if up_at is not None:
        g.upcard = cards[up_at]
    if g.swaps:
        g.kitty = list(cards[needed:])
