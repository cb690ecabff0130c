"""A called partner (``partner.call``): which cards the maker may call, and the menu.

After trump is fixed (and any discard made) the maker names a card; its holder
plays with the maker for this hand only, and says nothing until the card is
played (:func:`~.play.advance` records who played it).  A card nobody holds --
undealt, discarded, or the maker's own -- leaves the maker alone
(:meth:`~.state.State.called_partner` says who the partner is).  The
partnership of a hand is therefore a fact of the cards: a searcher that samples
the hidden hands samples the hidden partnership with them.
"""

from __future__ import annotations

from typing import Final

from ..rules.ruleset import PartnerCall
from .actions import CALL_PARTNER, Action, IllegalAction
from .state import State, rank_masks

# Option words compared with, as module constants (compiled code reads them as such).
_ACE: Final = PartnerCall.ACE


def callable_cards(g: State, seat: int) -> int:
    """The cards ``seat`` (the maker) may call, as a mask: the aces or every card
    (``partner.call``), less those it provably holds or put away itself unless
    ``partner.own_card``."""
    p = g.rules.partner
    mask = rank_masks(g.deck).aces if p.call == _ACE else (1 << g.deck.size) - 1
    if not p.own_card:
        mask &= ~g.sure[seat]
        for card, who in g.discarded.items():
            if who == seat:
                mask &= ~(1 << card)
    return mask


def call_partner_refusal(g: State, seat: int, card: int | None) -> IllegalAction | None:
    """Why the maker may not call ``card`` (``None``: announce playing alone), or None."""
    p = g.rules.partner
    if card is None:
        if p.alone:
            return None
        return IllegalAction("illegal-action", "the maker must call a partner's card in this "
                             "variant (partner.alone: no)")
    if not 0 <= card < g.deck.size:
        return IllegalAction("bad-card", f"there is no card {card} in this pack")
    if (callable_cards(g, seat) >> card) & 1:
        return None
    name = g.card_name(card)
    if p.call == _ACE and not (rank_masks(g.deck).aces >> card) & 1:
        return IllegalAction("illegal-action", f"{g.labels[seat]} called {name}: only an ace "
                             "may be called in this variant")
    return IllegalAction("illegal-action", f"{g.labels[seat]} called {name}, a card of "
                         f"{g.labels[seat]}'s own hand: the maker calls a card held by "
                         "someone else (partner.own_card: no)")


def partner_menu(g: State, seat: int) -> list[Action]:
    """The maker's calls: each card it may call, then playing alone where allowed."""
    mask = callable_cards(g, seat)
    out = [Action(seat, CALL_PARTNER, c) for c in range(g.deck.size) if (mask >> c) & 1]
    if g.rules.partner.alone:
        out.append(Action(seat, CALL_PARTNER, None, True))
    return out
