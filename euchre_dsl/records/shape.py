"""The shape of an ``ehh/1`` record: its keys, seats, players, meta and side scores.

:class:`ShapeChecks` is the part of checking a record that needs no replay:
it reports ``schema`` problems at their JSON paths.  It builds on
:class:`~euchre_dsl.records.notation.NotationReader` (actions and deals);
:class:`~euchre_dsl.replay.result_claims.ClaimChecks` builds on it, and the
validator (:mod:`~euchre_dsl.validate.validator`) on both.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

from ..errors import Location
from ..rules.ruleset import RuleSet
from .notation import CONTRACT_CODES, DEAL_KEYS, NotationReader, is_int, json_kind
from .positions import JsonPath, Locate

__all__ = ["ShapeChecks", "shown_location", "TOP_KEYS", "REQUIRED_TOP", "HAND_KEYS",
           "REQUIRED_HAND", "DEAL_KEYS", "CONTRACT_CODES", "LABEL", "PLAYER_NAME_TYPES",
           "META_VALUE_TYPES"]

#: What ``players`` and ``meta`` may hold, stated once: the shape check reports
#: anything else, and the validator's fast paths (``fast_check``, ``fast_bytes``)
#: prove clean only what these accept.  ``players``: seat label -> a name;
#: ``meta``: key -> a string or a number (a JSON ``true`` is not one).
PLAYER_NAME_TYPES = (str,)
META_VALUE_TYPES = (str, int, float)
TOP_KEYS = ("format", "variant", "seats", "players", "meta", "start_scores", "hands", "final")
REQUIRED_TOP = ("format", "variant", "seats", "hands")
HAND_KEYS = ("dealer", "deal", "actions", "result")
REQUIRED_HAND = ("dealer", "deal", "actions")

LABEL = re.compile(r"[A-Za-z0-9_]{1,16}")


def shown_location(loc: Location) -> str:
    """A location with its file relative to the working directory when inside it."""
    file = loc.file
    if file and os.path.isabs(file):
        rel = os.path.relpath(file)
        if not rel.startswith(".."):
            file = rel
    return str(Location(file, loc.line, loc.column))


class ShapeChecks(NotationReader):
    """The checks of a record's shape; state shared by all record checks."""

    side_of: dict[str, int]  # set once the record's variant and seats are known

    def __init__(self, record: Any, index: int, file: str | None, locate: Locate):
        super().__init__(record, index, file, locate)
        self.scores_uncertain = False  # a hand was skipped and claimed no scores
        self.end_uncertain = False  # the last hand was skipped and could have won outright

    # --------------------------------------------------------- record keys
    def check_seats(self, rules: RuleSet | None) -> list[str] | None:
        seats = self.record.get("seats")
        if seats is None and "seats" not in self.record:
            return None
        path: JsonPath = ("seats",)
        if type(seats) is not list:
            self.schema(f"'seats' must be an array of seat labels, not {json_kind(seats)}", path)
            return None
        ok = True
        seen: set[str] = set()
        for i, label in enumerate(seats):
            if type(label) is not str or not LABEL.fullmatch(label):
                shown = json.dumps(label) if type(label) is str else json_kind(label)
                self.schema(f"seat label {shown} is not 1 to 16 letters, digits or '_'",
                            path + (i,))
                ok = False
            elif label in seen:
                self.schema(f"seat label '{label}' is used twice", path + (i,))
                ok = False
            else:
                seen.add(label)
        if rules is not None and len(seats) != rules.players.count:
            self.schema(f"{len(seats)} seats are listed, but {rules.id} is played by "
                        f"{rules.players.count}", path)
            ok = False
        return seats if ok else None

    def check_players(self, labels: list[str]) -> None:
        players = self.record.get("players")
        if players is None and "players" not in self.record:
            return
        if type(players) is not dict:
            self.schema(f"'players' must be an object seat -> name, not {json_kind(players)}",
                        ("players",))
            return
        for k, v in players.items():
            if k not in labels:
                self.schema(f"'players' names '{k}', which is not a seat (seats: "
                            f"{', '.join(labels)})", ("players", k), key=True)
            elif type(v) not in PLAYER_NAME_TYPES:
                self.schema(f"the name of {k} must be a string, not {json_kind(v)}",
                            ("players", k))

    def check_meta(self) -> None:
        meta = self.record.get("meta")
        if meta is None and "meta" not in self.record:
            return
        if type(meta) is not dict:
            self.schema(f"'meta' must be an object, not {json_kind(meta)}", ("meta",))
            return
        for k, v in meta.items():
            if type(v) not in META_VALUE_TYPES:
                self.schema(f"meta '{k}' must be a string or a number, not {json_kind(v)}",
                            ("meta", k))

    def side_scores(self, obj: Any, path: JsonPath, what: str, hand: int | None = None
                    ) -> dict[int, int] | None:
        """An object side name -> integer, as side index -> value; None if malformed."""
        if type(obj) is not dict:
            self.schema(f"{what} must be an object side -> integer, not {json_kind(obj)}", path,
                        hand)
            return None
        out: dict[int, int] = {}
        ok = True
        for k, v in obj.items():
            side = self.side_of.get(k)
            if side is None:
                self.schema(f"{what} names '{k}', which is not a side (sides: "
                            f"{', '.join(self.game.side_names)})", path + (k,), hand, key=True)
                ok = False
            elif not is_int(v):
                self.schema(f"{what}: the value for {k} must be an integer, not {json_kind(v)}",
                            path + (k,), hand)
                ok = False
            else:
                out[side] = v
        return out if ok else None
