"""Actions, phases and the typed error for an illegal action."""

from __future__ import annotations

from typing import NamedTuple

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

VERBS = (PASS, ORDER_UP, CALL, BID, DISCARD, DEFEND_ALONE, STAY, DROP, TAKE_WIDOW, PLAY)

# Phases of a hand.
DEAL = "deal"
WIDOW = "widow"
ORDER_UP_ROUND = "order_up_round"
DEALER_NAMES = "dealer_names"  # a turned-up joker: the dealer names trump
EXCHANGE = "exchange"
NAMING = "naming"
AUCTION = "auction"
AUCTION_CALL = "auction_call"
TAKE_UPCARD = "take_upcard"
DEFEND = "defend"
STAY_DROP = "stay_drop"
PLAYING = "play"
GAME_OVER = "game_over"


class Action(NamedTuple):
    """One decision: who, what, and its argument.

    ``arg`` is a card index for ``play``/``discard`` (``None`` for an unknown
    discard), a trump contract for ``call``, a number for ``bid``.
    """

    seat: int
    verb: str
    arg: int | None = None
    alone: bool = False


class IllegalAction(Exception):
    """An action the rules do not allow now.

    ``code`` is one of the ``ehh/1`` problem codes: ``out-of-turn``,
    ``illegal-action``, ``card-not-held``, ``renege``, ``extra-action``.
    """

    def __init__(self, code: str, message: str):
        self.code = code
        self.message = message
        super().__init__(message)
