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
variant's own bowers, joker or double deck need no case of their own.  The masks
the truths compare a hand with are built once per deck (:class:`TrumpMasks`): a
searching bot asks them for every bid of every world it plays out.
"""

from __future__ import annotations

from typing import Final, Sequence

from ...cards import Deck
from ...engine.actions import BID, CALL, ORDER_UP, Action
from ...engine.view import SeatView


class TrumpMasks:
    """One deck's masks for the truths, by trump suit (0-3): its bowers with the
    joker, its three top trumps, its right and its left bower (every copy), and its
    trumps ranking below the ace."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        joker = 0 if deck.joker_card is None else 1 << deck.joker_card
        self.bowers: list[int] = []
        self.top3: list[int] = []
        self.right: list[int] = []
        self.left: list[int] = []
        self.below_ace: list[int] = []
        for trump in range(4):
            right = deck.mask(deck.twins(deck.card("J", trump)))
            left = deck.mask(deck.twins(deck.left_bower(trump)))
            power = deck.powers[trump][trump]
            mask = deck.trump_masks[trump]
            cards = sorted((c for c in range(deck.size) if mask >> c & 1),
                           key=lambda c: -power[c])
            ace = power[deck.card("A", trump)]
            self.right.append(right)
            self.left.append(left)
            self.bowers.append(right | left | joker)
            self.top3.append(deck.mask(cards[:3]))
            self.below_ace.append(deck.mask(c for c in cards if power[c] < ace))
        self.joker = joker


#: id(deck) -> the deck and its masks (the deck kept, so that its id is not reused)
_MASKS: Final[dict[int, TrumpMasks]] = {}


def trump_masks(deck: Deck) -> TrumpMasks:
    """The truths' masks of ``deck``, built at its first use."""
    found = _MASKS.get(id(deck))
    if found is None or found.deck is not deck:
        found = _MASKS[id(deck)] = TrumpMasks(deck)
    return found


def bowers(deck: Deck, trump: int) -> int:
    """The bowers of a trump suit, every copy (the jack of trump and the jack of the
    same colour), and the joker, as a mask; only the joker for a contract without
    trumps."""
    t = trump_masks(deck)
    return t.bowers[trump] if trump < 4 else t.joker


def top_trumps(deck: Deck, trump: int) -> int:
    """The three highest trumps of ``trump`` by the deck's ranking, as a mask."""
    return trump_masks(deck).top3[trump]


def sound_lone(deck: Deck, hand: int, trump: int) -> bool:
    """A lone hand a club player makes on ``trump``: three trumps or more, with a
    bower (or the joker) or the three top trumps among them."""
    if trump >= 4:
        return True  # no trump: the count of trumps does not apply
    if (hand & deck.trump_masks[trump]).bit_count() < 3:
        return False
    t = trump_masks(deck)
    top = t.top3[trump]
    return bool(hand & t.bowers[trump]) or hand & top == top


def one_low_trump(deck: Deck, hand: int, trump: int) -> bool:
    """``hand`` holds one trump of ``trump``, ranking below its ace."""
    if trump >= 4:
        return False
    held = hand & deck.trump_masks[trump]
    return held.bit_count() == 1 and bool(held & trump_masks(deck).below_ace[trump])


def sure_make(deck: Deck, hand: int, trump: int) -> bool:
    """Both bowers of ``trump`` and a third trump in ``hand``."""
    if trump >= 4:
        return False
    trumps = hand & deck.trump_masks[trump]
    t = trump_masks(deck)
    return bool(trumps & t.right[trump]) and bool(trumps & t.left[trump]) and \
        trumps.bit_count() >= 3


def making(view: SeatView, a: Action) -> tuple[int | None, int]:
    """The contract the seat's action ``a`` makes, and the hand it holds for it:
    ordering up, the upcard's suit (a dealer with the upcard in its hand); else the
    action's argument and the seat's hand."""
    if a.verb == ORDER_UP:
        hand = view.hand
        if view.seat == view.dealer and view.upcard is not None:
            hand |= 1 << view.upcard
        return view.upcard_suit(), hand
    return a.arg, view.hand


def sure_make_open(view: SeatView, legal: Sequence[Action]) -> bool:
    """Whether the seat may make trump now, with a partner, on a suit of which it holds
    both bowers and a third trump (:func:`sure_make`): ordering up, naming the suit,
    or -- nobody having bid yet -- opening an auction, whose winner names any suit."""
    deck = view.deck
    may_bid = False
    for a in legal:
        if a.verb == BID:
            may_bid = True
        elif (a.verb == ORDER_UP or a.verb == CALL) and not a.alone:
            contract, hand = making(view, a)
            if contract is not None and sure_make(deck, hand, contract):
                return True
    return may_bid and view.high_bidder is None and \
        any(sure_make(deck, view.hand, s) for s in range(4))
