"""Writing ``ehh/1`` records: one canonical form, byte-stable.

Records are plain dicts in the spec's key order; :func:`dump_record` turns one
into a single line of JSON (no spaces, UTF-8 kept), so the same game always
has the same bytes and JSON Lines files are written a record per line.
"""

from __future__ import annotations

import json
import re
from typing import IO, TYPE_CHECKING, Any, Callable, Iterable, Sequence

from ..cards import Deck
from ..engine.actions import SWAP
from ..engine.game import Game
from .notation import (
    FORMAT, UNKNOWN_CARD, action_to_json, result_to_json, winner_to_json,
)

if TYPE_CHECKING:  # the compiled build's machine integers; plain ints at run time
    from mypy_extensions import i64


def card_names(deck: Deck, mask: int) -> list[str]:
    """The names of a mask's cards in the order of ``deck.sorted_cards(mask)``, by one
    pass over ``deck.listing``; the mask as a machine integer (``i64``: every deck
    has fewer than 64 cards), so each test is one instruction, not a tagged shift."""
    names = deck.names
    m: i64 = mask
    return [names[c] for c in deck.listing if (m >> c) & 1]


def hand_record(game: Game, dealer: int, hands: Sequence[int], upcard: int | None,
                widow: int | None) -> dict[str, Any]:
    """The record of the hand just finished in ``game``.

    ``hands`` are the dealt masks per seat (before any exchange); the
    engine's ``hand_log`` and ``last_result`` give the rest.
    """
    deck = game.deck
    names = deck.names
    labels = game.labels
    deal: dict[str, Any] = {
        "hands": {labels[s]: card_names(deck, m) for s, m in enumerate(hands)},
        "upcard": None if upcard is None else names[upcard],
    }
    if widow is not None:
        deal["widow"] = card_names(deck, widow)
    if game.kitty and any(a[1] == SWAP for a in game.hand_log):
        # a swap took the top of the kitty: the record says which cards (stock order)
        deal["kitty"] = [UNKNOWN_CARD if c is None else names[c] for c in game.kitty]
    actions = []
    for a in game.hand_log:
        j = action_to_json(game, a)
        if j is not None:
            actions.append(j)
    res = game.last_result
    assert res is not None
    return {"dealer": game.labels[dealer], "deal": deal, "actions": actions,
            "result": result_to_json(game, res)}


def game_record(game: Game, variant: str | dict[str, Any], hands: list[dict[str, Any]],
                meta: dict[str, Any] | None = None,
                players: dict[str, str] | None = None,
                start_scores: Sequence[int] | None = None) -> dict[str, Any]:
    """A whole game record around already-built hand records.

    ``start_scores`` (per side) is written when a game does not start from the
    variant's start score, as when laps carry points into it.
    """
    rec: dict[str, Any] = {"format": FORMAT, "variant": variant, "seats": list(game.labels)}
    if players:
        rec["players"] = players
    if meta:
        rec["meta"] = meta
    if start_scores is not None:
        rec["start_scores"] = {name: start_scores[i] for i, name in enumerate(game.side_names)}
    rec["hands"] = hands
    rec["final"] = {
        "scores": {name: game.scores[i] for i, name in enumerate(game.side_names)},
        "winner": winner_to_json(game),
    }
    return rec


def dump_record(record: dict[str, Any]) -> str:
    """One record as one line of canonical JSON (no trailing newline)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def dump_pretty(record: dict[str, Any]) -> str:
    """One record as readable multi-line JSON, with a final newline: one action per
    line, short arrays and objects of plain values kept on one line (the form of the
    shipped sample and of records people edit by hand)."""
    text = json.dumps(record, indent=2, ensure_ascii=False)

    def flat(m: re.Match[str]) -> str:
        inner = re.sub(r"\s*\n\s*", " ", m.group(1)).strip()
        return m.group(0)[0] + inner + m.group(0)[-1]

    text = re.sub(r"\[([^\[\]{}]*)\]", flat, text)
    text = re.sub(r"\{([^\[\]{}]*)\}", flat, text)
    return text + "\n"


def _orjson_dumps() -> Callable[[Any], bytes] | None:
    """``orjson.dumps`` when the optional ``orjson`` is installed, else None."""
    try:
        from orjson import dumps
    except ImportError:
        return None
    encode: Callable[[Any], bytes] = dumps  # typed here: without orjson installed it is Any
    return encode


def _plain(value: Any) -> bool:
    """Is ``value`` made of strings, ints, booleans, None, lists and str-keyed dicts only?"""
    if value is None or isinstance(value, (str, int)):
        return True
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    return False


class RecordEncoder:
    """:func:`dump_record`'s bytes for the records of one run, faster when ``orjson`` is
    installed (encoding a simulated game is then about 7x faster; the simulator's
    JSON Lines output about doubles its rate).

    ``orjson`` writes exactly what ``json.dumps`` writes here for every string
    (each code point was compared), int, boolean, None, list and str-keyed dict,
    and refuses what ``json.dumps`` would write otherwise (ints beyond 64 bits,
    lone surrogates, other keys): for those this falls back to ``json``.  It
    writes floats differently and encodes types ``json`` rejects, so it is used
    only when ``fixed`` -- the part of every record not built by the engine
    (an inline variant, the meta's texts) -- is plain (:func:`_plain`, checked
    once); the engine builds the rest from ints, strings, booleans and None.
    """

    def __init__(self, fixed: Any) -> None:
        self._dumps = _orjson_dumps() if _plain(fixed) else None

    def encode(self, record: dict[str, Any]) -> str:
        """One record as :func:`dump_record` writes it."""
        dumps = self._dumps
        if dumps is not None:
            try:
                return dumps(record).decode()
            except TypeError:  # orjson refuses it: json writes it
                pass
        return dump_record(record)


def write_jsonl(records: Iterable[dict[str, Any]], out: IO[str]) -> int:
    """Stream records to a JSON Lines file; returns how many were written."""
    n = 0
    for rec in records:
        out.write(dump_record(rec))
        out.write("\n")
        n += 1
    return n
