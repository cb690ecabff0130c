"""Table truths about bidding: what a strong club player never does, or always does.

Both shipped bots read them (one place for each), and ``bench/bidding_audit.py``
counts the bids that break them (issue 41):

* nobody goes alone without a bower (the jack of trump, the other jack of its
  colour, the joker) or the three top trumps, nor with fewer than three trumps:
  a march needs every trick, and a defender holding a bower takes one;
* nobody names a suit, where passing is open, holding one trump below its ace;
* a seat holding both bowers and a third trump of a suit it may make trump makes
  it: two sure tricks and a third trump are a make from any seat, and a pass
  with them may throw the hand in (in an auction nobody has bid in yet: it opens,
  at the least bid at worst).

Everything is read from the deck's tables (ranking, effective suits, twins), so a
variant's own bowers, joker or double deck need no case of their own.
"""

from __future__ import annotations

from ...cards import Deck


def bowers(deck: Deck, trump: int) -> int:
    """The bowers of a trump suit, every copy (the jack of trump and the jack of the
    same colour), and the joker, as a mask; only the joker for a contract without
    trumps."""
    out = 0
    if trump < 4:
        for jack in (deck.card("J", trump), deck.left_bower(trump)):
            for c in deck.twins(jack):
                out |= 1 << c
    if deck.joker_card is not None:
        out |= 1 << deck.joker_card
    return out


def top_trumps(deck: Deck, trump: int, k: int = 3) -> int:
    """The ``k`` highest trumps of ``trump`` by the deck's ranking, as a mask."""
    power = deck.powers[trump][trump]
    mask = deck.trump_masks[trump]
    cards = sorted((c for c in range(deck.size) if mask >> c & 1), key=lambda c: -power[c])
    out = 0
    for c in cards[:k]:
        out |= 1 << c
    return out


def sound_lone(deck: Deck, hand: int, trump: int) -> bool:
    """A lone hand a club player makes on ``trump``: three trumps or more, with a
    bower (or the joker) or the three top trumps among them."""
    if trump >= 4:
        return True  # no trump: the count of trumps does not apply
    if (hand & deck.trump_masks[trump]).bit_count() < 3:
        return False
    top = top_trumps(deck, trump)
    return bool(hand & bowers(deck, trump)) or hand & top == top


def one_low_trump(deck: Deck, hand: int, trump: int) -> bool:
    """``hand`` holds one trump of ``trump``, ranking below its ace."""
    if trump >= 4:
        return False
    held = hand & deck.trump_masks[trump]
    if held.bit_count() != 1:
        return False
    power = deck.powers[trump][trump]
    return power[held.bit_length() - 1] < power[deck.card("A", trump)]


def sure_make(deck: Deck, hand: int, trump: int) -> bool:
    """Both bowers of ``trump`` and a third trump in ``hand``."""
    if trump >= 4:
        return False
    trumps = hand & deck.trump_masks[trump]
    for jack in (deck.card("J", trump), deck.left_bower(trump)):
        if not any(trumps >> c & 1 for c in deck.twins(jack)):
            return False
    return trumps.bit_count() >= 3
