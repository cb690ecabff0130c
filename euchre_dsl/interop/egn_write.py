"""Writing EGN: the EGN game of an ``ehh/1`` record.

:func:`write_egn` builds EGN from a record, with the ``x-egn`` details the
record came with where it still agrees with them, so EGN -> ``ehh/1`` -> EGN
keeps EGN's baseline hash (:mod:`.egn_hash`).  See :mod:`.egn`.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from ..errors import EuchreError
from ..records.notation import UNKNOWN_CARD
from ..rules.ruleset import RuleSet
from .egn_document import (
    BIDDING_PHASE, CURRENT, DATE, EXTENSION, FINAL_FROM, FROM_REPLAY, GAME_TYPE, NEWEST_VERSION,
    PLAY_PHASE, as_int, egn_card, ruleset_of_json,
)
from .egn_rules import RulesetError, ruleset_of_variant, variant_for_ruleset


class EgnWriteError(EuchreError, ValueError):
    """A record EGN cannot hold (a variant or an action EGN has no word for)."""


def write_egn(record: dict[str, Any], rules: RuleSet) -> dict[str, Any]:
    """The EGN game of an ``ehh/1`` record played under ``rules``.

    What the record came with in ``x-egn`` (from :func:`read_game`) is written
    back where the record still agrees with it: the metadata, each deal's other
    keys, annotations and alternative lines, card spellings.  Raises
    :class:`EgnWriteError` for a record EGN cannot hold.
    """
    seats = record.get("seats")
    if not isinstance(seats, list) or len(seats) != 4 or rules.players.count != 4:
        raise EgnWriteError("EGN records four-hand games only")
    try:
        ruleset = ruleset_of_variant(rules)
    except RulesetError as exc:
        raise EgnWriteError(exc.message) from None
    x = record.get(EXTENSION) if isinstance(record.get(EXTENSION), dict) else {}
    assert isinstance(x, dict)
    meta = dict(x["metadata"]) if isinstance(x.get("metadata"), dict) else {}
    if not meta:  # a record that did not come from EGN: its title, description, date
        said = record.get("meta") if isinstance(record.get("meta"), dict) else {}
        assert isinstance(said, dict)
        for key in ("title", "description", "date"):
            v = said.get(key)
            if isinstance(v, str) and v and (key != "date" or DATE.match(v)):
                meta[key] = v
    orig_rules = meta.get("ruleset")
    if orig_rules is not None:
        try:
            same = variant_for_ruleset(orig_rules) == record.get("variant")
        except RulesetError:
            same = False
        if not same:
            orig_rules = None
    players = record.get("players") if isinstance(record.get("players"), dict) else {}
    assert isinstance(players, dict)
    names = [players.get(s) for s in seats]
    old = meta.get("players")
    if not (isinstance(old, list) and [_name(p) for p in old[:4]] == names[:len(old[:4])]
            and all(n is None for n in names[len(old):])):
        meta["players"] = [n if isinstance(n, str) else "" for n in names]
    start = record.get("start_scores") if isinstance(record.get("start_scores"), dict) else {}
    assert isinstance(start, dict)
    sides = [f"{seats[0]}+{seats[2]}", f"{seats[1]}+{seats[3]}"]
    meta["initialScore"] = [start.get(sides[0], 0), start.get(sides[1], 0)]
    final = record.get("final")
    said = record.get("meta") if isinstance(record.get("meta"), dict) else {}
    assert isinstance(said, dict)
    if said.get(FINAL_FROM) == FROM_REPLAY and "finalScore" not in meta and x:
        final = None  # the replay's, added on reading: the EGN read stated none
    if isinstance(final, dict) and isinstance(final.get("scores"), dict):
        meta["finalScore"] = [final["scores"].get(sides[0], 0), final["scores"].get(sides[1], 0)]
    else:
        meta.pop("finalScore", None)
    meta["ruleset"] = orig_rules if orig_rules is not None else ruleset
    residues = x.get("deals") if isinstance(x.get("deals"), list) else []
    assert isinstance(residues, list)
    deals = []
    for h, hand in enumerate(record.get("hands") or ()):
        residue = residues[h] if h < len(residues) and isinstance(residues[h], dict) else None
        deals.append(_write_deal(h, hand, residue, list(seats)))
    version = x.get("version") if isinstance(x.get("version"), str) else NEWEST_VERSION
    assert isinstance(version, str)
    if not CURRENT.match(version):
        version = NEWEST_VERSION
    out: dict[str, Any] = {}
    if not x.get("noFileType"):
        out["fileType"] = GAME_TYPE
    out.update({"version": version, "metadata": meta, "deals": deals})
    return out


def _name(player: Any) -> Any:
    return player.get("name") if isinstance(player, dict) else player


def _write_deal(h: int, hand: dict[str, Any], residue: dict[str, Any] | None,
                seats: list[str]) -> dict[str, Any]:
    index = {s: i for i, s in enumerate(seats)}
    res = _residue_of(residue)
    spelled: dict[str, list[str]] = res.pop("spelled", {})
    present: list[str] = res.pop("present", [])

    def spell(key: str, name: str) -> str:
        kept = spelled.get(key)
        return kept[1] if kept is not None and kept[0] == name else egn_card(name)

    calls: list[str] = []
    alone = False
    discard: str | None = None
    defender = -1
    plays: list[str] = []
    for a in hand.get("actions") or ():
        verb = a[1]
        args = a[2:]
        if verb == "pass":
            calls.append("Pass")
        elif verb == "order_up":
            calls.append("Order")
            alone = alone or "alone" in args
        elif verb == "call":
            calls.append("n" if args[0] == "NT" else str(args[0]).lower())
            alone = alone or "alone" in args[1:]
        elif verb == "discard":
            discard = args[0]
        elif verb == "defend_alone":
            defender = index[a[0]]
        elif verb == "play":
            plays.append(args[0])
        else:
            raise EgnWriteError(f"hand {h + 1}: EGN has no word for the action '{verb}'")
    n_active = 4 - alone - (defender >= 0)
    tricks = [[spell(f"t{t}.{k}", c) for k, c in enumerate(plays[i:i + n_active])]
              for t, i in enumerate(range(0, len(plays), n_active))]
    deal = hand.get("deal") or {}
    ist: dict[str, Any] = {"dealer": index[hand["dealer"]],
                           "upCard": spell("u", deal.get("upcard") or UNKNOWN_CARD)}
    held = deal.get("hands") or {}
    derived = res.pop("derived", [])
    held = {s: None if s in derived else held.get(s) for s in seats}
    if "playerCards" in present or any(held.get(s) for s in seats):
        ist["playerCards"] = [[spell(f"p{i}.{k}", c) for k, c in enumerate(held.get(s) or ())]
                              for i, s in enumerate(seats)]
    ist.update(res.pop("initialState", {}))
    phases = res.pop("phases", None) or [{"phaseNumber": 0, "type": BIDDING_PHASE}]
    if plays and not any(p.get("type") == PLAY_PHASE for p in phases):
        phases.append({"phaseNumber": as_int(phases[-1].get("phaseNumber")) + 1, "type": PLAY_PHASE})
    out_phases = []
    for ph in phases:
        if ph.get("type") == BIDDING_PHASE:
            ph = {"phaseNumber": ph.get("phaseNumber", 0), "type": BIDDING_PHASE, "calls": calls,
                  **{k: v for k, v in ph.items() if k not in ("phaseNumber", "type")}}
            if alone or "isAlone" in present:
                ph["isAlone"] = alone
            if defender >= 0 or "aloneDefender" in present:
                ph["aloneDefender"] = defender
            if discard is not None and (discard != UNKNOWN_CARD or "discard" in present):
                ph["discard"] = spell("d", discard)
        elif ph.get("type") == PLAY_PHASE:
            ph = {"phaseNumber": ph.get("phaseNumber", 1), "type": PLAY_PHASE, "tricks": tricks,
                  **{k: v for k, v in ph.items() if k not in ("phaseNumber", "type")}}
        out_phases.append(ph)
    number = res.pop("dealNumber", h)
    return {"dealNumber": number, "initialState": ist, "phases": out_phases, **res}


def _residue_of(residue: Any) -> dict[str, Any]:
    """A deal's ``x-egn`` residue as the writer needs it: an ``x-`` key is kept but
    never checked, so a part of the wrong shape (a record edited by hand) is
    dropped rather than trusted."""
    if not isinstance(residue, dict):
        return {}
    res = copy.deepcopy(residue)
    spelled = res.get("spelled")
    if not (isinstance(spelled, dict) and all(
            isinstance(v, list) and len(v) == 2 and all(isinstance(x, str) for x in v)
            for v in spelled.values())):
        res.pop("spelled", None)
    if not (isinstance(res.get("present"), list)
            and all(isinstance(x, str) for x in res["present"])):
        res.pop("present", None)
    if not (isinstance(res.get("derived"), list)
            and all(isinstance(x, str) for x in res["derived"])):
        res.pop("derived", None)
    if not isinstance(res.get("initialState"), dict):
        res.pop("initialState", None)
    phases = res.get("phases")
    if not (isinstance(phases, list) and phases and all(isinstance(p, dict) for p in phases)):
        res.pop("phases", None)
    return res


def dump_egn(game: dict[str, Any]) -> str:
    """EGN text as EGN's tools write it: JSON indented by two spaces."""
    return json.dumps(game, indent=2, ensure_ascii=False) + "\n"


def variant_rules(record: dict[str, Any]) -> RuleSet:
    """The compiled rules of a record's variant (shipped id or inline)."""
    v = record.get("variant")
    try:
        return ruleset_of_json(json.dumps(v, sort_keys=True))
    except EuchreError as exc:
        raise EgnWriteError("; ".join(p.message for p in exc.problems)) from None
