"""Actions, phases and the typed error for an illegal action."""

from __future__ import annotations

from typing import NamedTuple

from ..errors import EuchreError

# Verbs, spelled as in ``ehh/1``.  ``DECLINE`` is the engine's name for an
# optional declaration *not* made (not defending alone, not taking the upcard
# in an auction); records never contain it.
PASS = "pass"
ORDER_UP = "order_up"
CALL = "call"
BID = "bid"
DISCARD = "discard"
DEFEND_ALONE = "defend_alone"
STAY = "stay"
DROP = "drop"
TAKE_WIDOW = "take_widow"
PLAY = "play"
DECLINE = "decline"
# House-rule verbs (docs/hand-history-extensions.md): records of variants
# without these options never contain them.
GIVE = "give"  # call for best: a partner passes a card to the lone player
SWAP = "swap"  # farmer's hand / going under: three cards for the face-down kitty
MISDEAL = "misdeal"  # the deal is void: a shown hand (farmer's hand, ace-no-face) or a faulty deal

VERBS = (PASS, ORDER_UP, CALL, BID, DISCARD, DEFEND_ALONE, STAY, DROP, TAKE_WIDOW, PLAY,
         GIVE, SWAP, MISDEAL)

# Phases of a hand.
DEAL = "deal"
CLAIMS = "claims"  # before any bid: farmer's hand and ace-no-face claims
WIDOW = "widow"
ORDER_UP_ROUND = "order_up_round"
DEALER_NAMES = "dealer_names"  # a turned-up joker: the dealer names trump
EXCHANGE = "exchange"
NAMING = "naming"
AUCTION = "auction"
AUCTION_CALL = "auction_call"
TAKE_UPCARD = "take_upcard"
DEFEND = "defend"
BEST = "call_for_best"  # a lone player discards, partners give their best cards
STAY_DROP = "stay_drop"
PLAYING = "play"
GAME_OVER = "game_over"


class Action(NamedTuple):
    """One decision: who, what, and its argument.

    ``arg`` is a card index for ``play``/``discard``/``give`` (``None`` for an
    unknown discard), a trump contract for ``call``, a number for ``bid``, and
    a mask of cards for ``swap`` (the three put away) and ``misdeal`` (the hand
    shown; ``None`` for a faulty deal).
    """

    seat: int
    verb: str
    arg: int | None = None
    alone: bool = False


#: The plain-tuple shape of an :class:`Action`, as the hand log stores it.
ActionTuple = tuple[int, str, "int | None", bool]


class IllegalAction(EuchreError):
    """An action the rules do not allow now.

    ``code`` is one of the ``ehh/1`` problem codes: ``out-of-turn``,
    ``illegal-action``, ``card-not-held``, ``renege``, ``extra-action``.
    """

    def __init__(self, code: str, message: str):
        self.code = code
        self.message = message
        super().__init__(message)
