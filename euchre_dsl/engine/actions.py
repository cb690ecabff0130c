"""Actions, phases and the typed error for an illegal action."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, NamedTuple

from ..cards import Deck, contract_name
from ..errors import EuchreError

class Verb(StrEnum):
    """The verbs of an action, spelled as in ``ehh/1``.

    ``DECLINE`` is the engine's name for an optional declaration *not* made
    (not defending alone, not taking the upcard in an auction); records never
    contain it.  ``GIVE``, ``SWAP`` and ``MISDEAL`` are house-rule verbs
    (docs/hand-history-extensions.md): records of variants without these
    options never contain them.
    """

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
    GIVE = "give"  # call for best: a partner passes a card to the lone player
    SWAP = "swap"  # farmer's hand / going under: three cards for the face-down kitty
    MISDEAL = "misdeal"  # the deal is void: a shown hand or a faulty deal
    CALL_PARTNER = "call_partner"  # the maker names the card whose holder is the partner


class Phase(StrEnum):
    """The phases of a hand: what the engine waits for.  Each member is named as its
    value reads (``Phase.PLAY == "play"``); the values are what a game prints.

    >>> Phase.PLAY, Phase("call_for_best").name
    (<Phase.PLAY: 'play'>, 'CALL_FOR_BEST')
    """

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
    CALL_FOR_BEST = "call_for_best"  # a lone player discards, partners give their best cards
    PARTNER = "partner"  # the maker calls a partner's card (or plays alone)
    STAY_DROP = "stay_drop"
    PLAY = "play"
    GAME_OVER = "game_over"


# The words under short names: the engine and its callers compare with these
# (Final, so compiled code reads them as constants).  Verbs are plain ``str``
# values, as records hold them (a record's verb is a JSON string); phases are
# the members themselves.  The play phase's constant is ``PLAYING``: ``PLAY`` is the
# verb's.
PASS: Final = Verb.PASS.value
ORDER_UP: Final = Verb.ORDER_UP.value
CALL: Final = Verb.CALL.value
BID: Final = Verb.BID.value
DISCARD: Final = Verb.DISCARD.value
DEFEND_ALONE: Final = Verb.DEFEND_ALONE.value
STAY: Final = Verb.STAY.value
DROP: Final = Verb.DROP.value
TAKE_WIDOW: Final = Verb.TAKE_WIDOW.value
PLAY: Final = Verb.PLAY.value
DECLINE: Final = Verb.DECLINE.value
GIVE: Final = Verb.GIVE.value
SWAP: Final = Verb.SWAP.value
MISDEAL: Final = Verb.MISDEAL.value
CALL_PARTNER: Final = Verb.CALL_PARTNER.value

#: The verbs a record may contain (every verb but ``decline``).
VERBS = (PASS, ORDER_UP, CALL, BID, DISCARD, DEFEND_ALONE, STAY, DROP, TAKE_WIDOW, PLAY,
         GIVE, SWAP, MISDEAL, CALL_PARTNER)

DEAL: Final = Phase.DEAL
CLAIMS: Final = Phase.CLAIMS
WIDOW: Final = Phase.WIDOW
ORDER_UP_ROUND: Final = Phase.ORDER_UP_ROUND
DEALER_NAMES: Final = Phase.DEALER_NAMES
EXCHANGE: Final = Phase.EXCHANGE
NAMING: Final = Phase.NAMING
AUCTION: Final = Phase.AUCTION
AUCTION_CALL: Final = Phase.AUCTION_CALL
TAKE_UPCARD: Final = Phase.TAKE_UPCARD
DEFEND: Final = Phase.DEFEND
CALL_FOR_BEST: Final = Phase.CALL_FOR_BEST
PARTNER: Final = Phase.PARTNER
STAY_DROP: Final = Phase.STAY_DROP
PLAYING: Final = Phase.PLAY
GAME_OVER: Final = Phase.GAME_OVER

#: What each phase waits for, in words (for "not now" messages; the play says
#: which trick).
PHASE_WORDS: Final[dict[str, str]] = {
    WIDOW: "the widow is being offered", ORDER_UP_ROUND: "first round of bidding",
    CLAIMS: "claims before the bidding (farmer's hand, ace-no-face)",
    CALL_FOR_BEST: "call for best: the lone player's exchange",
    PARTNER: "the maker calls a partner's card",
    DEALER_NAMES: "the joker was turned up: the dealer names trump",
    EXCHANGE: "the upcard taker must discard", NAMING: "naming round",
    AUCTION: "the auction", AUCTION_CALL: "the high bidder names trump",
    TAKE_UPCARD: "the high bidder may take the upcard", DEFEND: "defending alone",
    STAY_DROP: "staying in or dropping out", PLAYING: "the play",
    DEAL: "between hands", GAME_OVER: "the game is over",
}


class Action(NamedTuple):
    """One decision: who, what, and its argument.

    ``arg`` is a card index for ``play``/``discard``/``give`` (``None`` for an
    unknown discard), the card called for ``call_partner`` (``None``: alone), a trump
    contract for ``call``, a number for ``bid``, and
    a mask of cards for ``swap`` (the three put away) and ``misdeal`` (the hand
    shown; ``None`` for a faulty deal).
    """

    seat: int
    verb: str
    arg: int | None = None
    alone: bool = False


#: The plain-tuple shape of an :class:`Action`, as the hand log stores it.
ActionTuple = tuple[int, str, "int | None", bool]

#: How an unknown card is written (a hidden discard, a card of a partly known hand).
UNKNOWN_CARD: Final = "??"


def spell_action(labels: tuple[str, ...], deck: Deck, action: ActionTuple) -> list[Any] | None:
    """``[seat, verb, ...args]``: an action as the ``ehh/1`` record writes it (``None``
    for ``decline``, which records never hold).  The one spelling of an action: the
    record writer (``records.notation.action_to_json``) and the printed
    :class:`~euchre_dsl.engine.faces.Move` both use it."""
    seat, verb, arg, alone = action
    label = labels[seat]
    if verb == PLAY or verb == DISCARD or verb == GIVE:
        return [label, verb, UNKNOWN_CARD if arg is None else deck.names[arg]]
    if verb == SWAP or verb == MISDEAL:  # cards shown face up (a mask); none: a faulty deal
        names = deck.names
        return [label, verb] + ([] if arg is None else
                                [names[c] for c in deck.sorted_cards(arg)])
    if verb == CALL:
        out: list[Any] = [label, verb, contract_name(arg)]
        if alone:
            out.append("alone")
        return out
    if verb == ORDER_UP:
        return [label, verb, "alone"] if alone else [label, verb]
    if verb == CALL_PARTNER:  # a card, or none: the maker plays alone
        return [label, verb, "alone" if arg is None else deck.names[arg]]
    if verb == BID:
        return [label, verb, arg]
    if verb == DECLINE:
        return None
    return [label, verb]


class IllegalAction(EuchreError):
    """An action the rules do not allow now.

    ``code`` is one of the ``ehh/1`` problem codes: ``out-of-turn``,
    ``illegal-action``, ``card-not-held``, ``renege``, ``extra-action``.
    """

    def __init__(self, code: str, message: str):
        self.code = code
        self.message = message
        super().__init__(message)

    def __reduce__(self) -> tuple[type[IllegalAction], tuple[str, str]]:
        """Pickled with both arguments, so a worker process can raise it to its pool
        (the default rebuilds an exception from its message alone, which fails here
        and leaves the pool waiting for a result that never comes)."""
        return IllegalAction, (self.code, self.message)
