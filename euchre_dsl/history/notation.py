"""Engine actions and results in ``ehh/1`` spelling, both ways.

The only place that knows how an :class:`~euchre_dsl.engine.actions.Action`
is written in a record.
"""

from __future__ import annotations

from typing import Any

from ..cards import contract_name
from ..engine.actions import (
    BID, CALL, DECLINE, DISCARD, GIVE, MISDEAL, ORDER_UP, PLAY, SWAP, ActionTuple,
)
from ..engine.game import Game, HandResult

FORMAT = "ehh/1"


def action_to_json(game: Game, action: ActionTuple) -> list[Any] | None:
    """``[seat, verb, ...args]`` for a recorded action; ``None`` for ``decline``."""
    seat, verb, arg, alone = action
    label = game.labels[seat]
    if verb == PLAY or verb == DISCARD or verb == GIVE:
        return [label, verb, "??" if arg is None else game.deck.names[arg]]
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
