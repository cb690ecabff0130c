"""EGN's document: its names, its versions, and the upgrade of old ones.

The constants every EGN module shares (the document types, the ``x-egn``
extension key, EGN's seats and teams) and what makes a document current:
:func:`upgrade` reads EGN 1.0 and 1.1 (``player_cards``, ``calls_annotations``,
``kitty``...) as ``egn-upgrade`` would upgrade it.  See :mod:`.egn`.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..limits import MAX_HANDS
from ..records.notation import UNKNOWN_CARD
from ..records.positions import JsonPath
from ..rules.registry import compile_data, load_variant
from ..rules.ruleset import RuleSet

GAME_TYPE = "Euchre Game Notation"
MATCH_TYPE = "Euchre Match Notation"
#: The record key that keeps what ``ehh/1`` has no place for.
EXTENSION = "x-egn"
NOTES_KEY = "x-ehh-notes"
NEWEST_VERSION = "1.4"
#: EGN's seats 0-3 (EMN: North, East, South, West), and its teams 0/2 and 1/3.
SEATS = ("N", "E", "S", "W")
SIDES = ("N+S", "E+W")
#: Versions read as they are; older ones are upgraded first (as ``egn-upgrade`` does).
CURRENT = re.compile(r"^1\.[234](?:\.\d+)?$")
#: ``egn-upgrade``'s renames (snake_case of EGN 1.0/1.1 to camelCase) and dropped keys.
_RENAMES = {
    "calls_annotations": "callAnnotations", "tricks_annotations": "playAnnotations",
    "player_cards": "playerCards", "card_exchanges": "cardExchanges", "match_id": "gameId",
    "matchId": "gameId", "initial_score": "initialScore", "initial_state": "initialState",
    "phase_number": "phaseNumber", "is_alone": "isAlone", "alone_defender": "aloneDefender",
    "play_annotations": "playAnnotations", "alternative_lines": "alternativeLines",
    "branch_index": "branchIndex", "up_card": "upCard", "file_type": "fileType",
    "max_deals": "num_deals", "player_ids": "playerIds",
}
_DROPPED = frozenset(("kitty", "initialLead", "timings", "views", "layouts", "videoUrl",
                      "viewSwitches", "screens"))
#: The keys EGN's schema marks "analysis-only" (stripped for the baseline hash).
ANALYSIS_KEYS = frozenset(("callAnnotations", "playAnnotations", "alternativeLines"))
#: A date EGN's schema takes (it also takes RFC 3339 date-times, which this covers).
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$")
LABEL = re.compile(r"^\[(\?\?|\?!|!\?|!!|\?|!)\]")
BIDDING_PHASE, PLAY_PHASE = "EUCHRE_BIDDING", "TRICK_PLAY"
CALL_SUITS = {"c": "C", "d": "D", "h": "H", "s": "S", "n": "NT"}


# ================================================================ the document
def is_match(doc: Any) -> bool:
    """Is this parsed JSON an EMN match (rather than one EGN game)?"""
    return isinstance(doc, dict) and (doc.get("fileType") == MATCH_TYPE
                                      or ("games" in doc and "deals" not in doc))


def upgrade(doc: Any) -> Any:
    """An EGN game as current EGN: an old version (1.0, 1.1) upgraded as EGN's
    ``egn-upgrade`` does it (keys renamed to camelCase, obsolete keys dropped,
    version 1.4); a current one unchanged.  Returns a new value."""
    if not isinstance(doc, dict) or _current(doc):
        return copy.deepcopy(doc)
    out = _upgraded(doc)
    if "version" in doc:
        out["version"] = NEWEST_VERSION
    return out


def _current(doc: dict[str, Any]) -> bool:
    v = doc.get("version")
    return isinstance(v, str) and CURRENT.match(v) is not None


def _upgraded(value: Any) -> Any:
    if isinstance(value, list):
        return [_upgraded(v) for v in value]
    if not isinstance(value, dict):
        return value
    return {_RENAMES.get(k, k): _upgraded(v) for k, v in value.items() if k not in _DROPPED}


def raw_path(raw: Any, path: JsonPath) -> JsonPath:
    """The path in the document as written of ``path`` in its upgraded form
    (an upgraded key is found under its old name)."""
    out: list[str | int] = []
    node = raw
    for part in path:
        if isinstance(node, dict) and isinstance(part, str) and part not in node:
            old = [k for k, new in _RENAMES.items() if new == part and k in node]
            if old:
                part = old[0]
        out.append(part)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            node = None
    return tuple(out)


#: ``meta`` keys saying where the record's outcomes come from: each hand's ``result``
#: (EGN states none: always the replay's) and ``final`` (EGN's ``finalScore`` when
#: the game states it, else the replay's).
RESULTS_FROM, FINAL_FROM = "results-from", "final-from"
FROM_EGN, FROM_REPLAY = "egn", "replay"


@dataclass
class EgnProblem:
    """A problem met while converting, at a path of the (upgraded) EGN game."""

    code: str
    message: str
    path: JsonPath
    hand: int | None = None
    severity: str = "error"
    hint: str | None = None


def too_many_deals(count: int) -> EgnProblem:
    """The problem of a game of more deals than a record may hold (found before any
    of them is converted: a game's conversion costs many times its text)."""
    return EgnProblem("schema", f"the game has {count:,} deals, more than the {MAX_HANDS:,} a "
                  "record may hold; its deals are not read", ("deals", MAX_HANDS),
                  hint="a game takes a few dozen deals: split a long session into one game "
                       "per file")


@lru_cache(maxsize=64)
def ruleset_of_json(variant_json: str) -> RuleSet:
    v = json.loads(variant_json)
    return load_variant(v) if isinstance(v, str) else compile_data(v)


def egn_card(name: str) -> str:
    """The plain EGN spelling of an ``ehh/1`` card: ``9C`` -> ``9c``, ``JK`` -> ``B``,
    ``??`` -> ``Xx``."""
    if name == "JK":
        return "B"
    if name == UNKNOWN_CARD:
        return "Xx"
    return name[0].upper() + name[1].lower()


def as_int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: 1e400 is infinite
        return -1


