"""Where each seat's cards come from in a shuffled pack: the variant's packets.

A game works its plans out once, one per dealer (``State.deal_plans``), and
every seeded deal (:func:`~euchre_dsl.engine.deal.deal_shuffled`) reads them.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["DealPlan", "deal_plan"]


class DealPlan(NamedTuple):
    """The places in a shuffled pack of each seat's cards, of the widow's and of the
    upcard (``None``: none turned), and how many places the deal uses."""

    seats: tuple[tuple[int, ...], ...]
    widow: tuple[int, ...]
    upcard: int | None
    needed: int


def deal_plan(n: int, packets: tuple[int, ...], widow: bool, upcard: bool, dealer: int,
              widow_cards: int = 0) -> DealPlan:
    """Where each seat's cards come from in a shuffled pack, dealing by packets.

    Packets go clockwise from the dealer's left, a whole widow taking its packet
    after the dealer's in each round; a small widow (``widow_cards``) is the next
    cards after the hands, and the upcard the card after those.
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
    widow_at.extend(range(pos, pos + widow_cards))
    pos += widow_cards
    up_at = pos if upcard else None
    return DealPlan(tuple(tuple(p) for p in places), tuple(widow_at), up_at,
                    pos + (1 if upcard else 0))
