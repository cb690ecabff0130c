"""Engine actions and results in ``ehh/1`` spelling, both ways.

The only place that knows how an :class:`~euchre_dsl.engine.actions.Action`
is written in a record.
"""

from __future__ import annotations

from typing import Any

from ..cards import CardError, contract_name, parse_suit
from ..engine.actions import (
    BID, CALL, DECLINE, DISCARD, GIVE, MISDEAL, ORDER_UP, PLAY, SWAP, VERBS, Action,
    ActionTuple,
)
from ..engine.game import Game, HandResult

FORMAT = "ehh/1"
#: How an unknown card is written (a hidden discard, a card of a partly known hand).
UNKNOWN_CARD = "??"


def action_to_json(game: Game, action: ActionTuple) -> list[Any] | None:
    """``[seat, verb, ...args]`` for a recorded action; ``None`` for ``decline``."""
    seat, verb, arg, alone = action
    label = game.labels[seat]
    if verb == PLAY or verb == DISCARD or verb == GIVE:
        return [label, verb, UNKNOWN_CARD if arg is None else game.deck.names[arg]]
    if verb == SWAP or verb == MISDEAL:  # cards shown face up (a mask); none: a faulty deal
        names = game.deck.names
        return [label, verb] + ([] if arg is None else
                                [names[c] for c in game.deck.sorted_cards(arg)])
    if verb == CALL:
        out: list[Any] = [label, verb, contract_name(arg)]
        if alone:
            out.append("alone")
        return out
    if verb == ORDER_UP:
        return [label, verb, "alone"] if alone else [label, verb]
    if verb == BID:
        return [label, verb, arg]
    if verb == DECLINE:
        return None
    return [label, verb]


def action_from_json(game: Game, action: Any) -> Action:
    """The engine action of a recorded ``[seat, verb, ...args]`` (the inverse of
    :func:`action_to_json`).  Raises ``ValueError`` saying why for one that is not
    well formed; whether it is *allowed* is for the engine to say."""
    if type(action) is not list or len(action) < 2 or type(action[0]) is not str:
        raise ValueError(f"{action!r} is not an action [seat, verb, ...]")
    label, verb, args = action[0], action[1], action[2:]
    if label not in game.labels:
        raise ValueError(f"{label!r} is not a seat")
    seat = game.labels.index(label)
    alone = args[-1:] == ["alone"]
    if alone:
        args = args[:-1]
    deck = game.deck
    try:
        if verb in (PLAY, DISCARD, GIVE) and len(args) == 1 and type(args[0]) is str:
            return Action(seat, verb, None if args[0] == UNKNOWN_CARD else deck.parse(args[0]))
        if verb in (SWAP, MISDEAL) and all(type(a) is str for a in args):
            return Action(seat, verb, deck.mask(deck.parse(a) for a in args) if args else None)
        if verb == CALL and len(args) == 1 and type(args[0]) is str:
            return Action(seat, verb, parse_suit(args[0]), alone)
        if verb == BID and len(args) == 1 and type(args[0]) is int:
            return Action(seat, verb, args[0])
        if verb in VERBS and verb not in (PLAY, DISCARD, GIVE, SWAP, MISDEAL, CALL, BID) \
                and not args:
            return Action(seat, verb, None, alone)
    except CardError as exc:
        raise ValueError(str(exc)) from None
    raise ValueError(f"{action!r} is not a well-formed {verb!r} action")


def result_to_json(game: Game, res: HandResult) -> dict[str, Any]:
    """The ``result`` object of a hand (every key filled in)."""
    labels = game.labels
    names = game.side_names
    return {
        "trump": contract_name(res.trump),
        "maker": None if res.maker is None else labels[res.maker],
        "tricks": dict(zip(labels, res.tricks)),
        "points": dict(zip(names, res.points)),
        "scores": dict(zip(names, res.scores)),
    }


def winner_to_json(game: Game) -> Any:
    """``final.winner``: a side, a list of sides for a tie, ``None`` if unfinished."""
    if game.winners is None:
        return None
    if len(game.winners) == 1:
        return game.side_names[game.winners[0]]
    return [game.side_names[w] for w in game.winners]
