"""The shape of an ``ehh/1`` record: keys, types, seats, sides and the deal.

:class:`ShapeChecks` is the part of checking a record that needs no replay:
it reports ``schema`` and ``bad-card`` problems at their JSON paths and turns
the record's labels and card names into the engine's seats and card indices.
:class:`~euchre_dsl.history.claims.ClaimChecks` builds on it, and the
validator (:mod:`~euchre_dsl.history.validate`) on both.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from typing import Any, Callable, Iterable

from ..cards import LOW_NO_TRUMP, NO_TRUMP, SUITS, CardError
from ..engine.game import Game
from ..errors import Location, Problem
from ..rules.ruleset import RuleSet
from .notation import UNKNOWN_CARD
from .reader import JsonPath

Locate = Callable[[JsonPath, bool], Location]

TOP_KEYS = ("format", "variant", "seats", "players", "meta", "start_scores", "hands", "final")
REQUIRED_TOP = ("format", "variant", "seats", "hands")
HAND_KEYS = ("dealer", "deal", "actions", "result")
REQUIRED_HAND = ("dealer", "deal", "actions")
DEAL_KEYS = ("hands", "upcard", "widow", "kitty")
_DEAL_KEYS = frozenset(DEAL_KEYS)

LABEL = re.compile(r"[A-Za-z0-9_]{1,16}")
#: Trump contracts as ``call`` and ``result.trump`` write them.
CONTRACT_CODES = {**{s: i for i, s in enumerate(SUITS)}, "NT": NO_TRUMP,
                  "LNT": LOW_NO_TRUMP}  # low no-trump: a house rule


class Broken(Exception):
    """The hand cannot be replayed further (its problem is already reported)."""


def json_kind(value: Any) -> str:
    """What a JSON value is, in words, for schema messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def shown_location(loc: Location) -> str:
    """A location with its file relative to the working directory when inside it."""
    file = loc.file
    if file and os.path.isabs(file):
        rel = os.path.relpath(file)
        if not rel.startswith(".."):
            file = rel
    return str(Location(file, loc.line, loc.column))


def is_int(value: Any) -> bool:
    """A JSON integer (``true`` and ``1.0`` compare equal to 1 but are not)."""
    return type(value) is int


def did_you_mean(word: Any, options: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for a near miss among ``options``, else nothing."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


class ShapeChecks:
    """Reporting, and the checks of a record's shape; state shared by all record checks."""

    # set once the record's variant and seats are known (by the validator)
    game: Game
    labels: list[str]
    seat_of: dict[str, int]
    side_of: dict[str, int]
    card_of: dict[str, int]
    names: tuple[str, ...]
    n: int

    def __init__(self, record: Any, index: int, file: str | None, locate: Locate):
        self.record = record
        self.index = index
        self.file = file
        self.locate = locate
        self.problems: list[Problem] = []
        self.scores_uncertain = False  # a hand was skipped and claimed no scores
        self.unknown_hands = 0  # hands with cards not recorded

    # ----------------------------------------------------------- reporting
    def add(self, code: str, message: str, path: JsonPath, hand: int | None = None,
            action: int | None = None, *, severity: str = "error", key: bool = False,
            hint: str | None = None) -> None:
        self.problems.append(Problem(code, message, severity, self.locate(path, key), hint,
                                     self.index, hand, action))

    def schema(self, message: str, path: JsonPath, hand: int | None = None,
               action: int | None = None, *, key: bool = False, hint: str | None = None
               ) -> None:
        self.add("schema", message, path, hand, action, key=key, hint=hint)

    def check_keys(self, obj: dict[str, Any], allowed: tuple[str, ...], required: tuple[str, ...],
                   path: JsonPath, what: str, hand: int | None = None,
                   extension_keys: bool = False) -> bool:
        """Unknown and missing keys of an object; True if all required keys are there."""
        for k in obj:
            if k in allowed or (extension_keys and isinstance(k, str) and k.startswith("x-")):
                continue
            extra = " (or a key starting with 'x-')" if extension_keys else ""
            self.schema(f"unknown key '{k}' in {what}{did_you_mean(k, allowed)}", path + (k,),
                        hand, key=True, hint=f"allowed keys: {', '.join(allowed)}{extra}")
        ok = True
        for k in required:
            if k not in obj:
                self.schema(f"{what} has no '{k}'", path, hand)
                ok = False
        return ok

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
            elif type(v) is not str:
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
            if type(v) not in (str, int, float):
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

    # ------------------------------------------------------------- the deal
    def read_deal(self, h: int, deal: Any) -> tuple[list[Any], int | None, list[int | None] | None,
                                                   list[int | None] | None]:
        """(hands, upcard, widow, kitty) as card indices (``None`` unknown).

        The fast path takes a deal as the writer writes it -- every hand
        known, no widow or kitty; anything else goes to :meth:`read_deal_in_full`.
        """
        try:
            if type(deal) is dict and deal.keys() <= _DEAL_KEYS:
                hands_obj = deal["hands"]
                if type(hands_obj) is dict and len(hands_obj) == self.n:
                    card_of = self.card_of
                    dealt = []
                    for label in self.labels:
                        cards = hands_obj[label]
                        if type(cards) is not list:
                            raise KeyError(label)
                        dealt.append([card_of[c] for c in cards])
                    up = deal.get("upcard")
                    if "widow" not in deal and "kitty" not in deal:
                        return dealt, None if up is None else card_of[up], None, None
        except (KeyError, TypeError):
            pass
        return self.read_deal_in_full(h, deal)

    def read_deal_in_full(self, h: int, deal: Any
                          ) -> tuple[list[Any], int | None, list[int | None] | None,
                                     list[int | None] | None]:
        """:meth:`read_deal` for any deal: unknown cards, widow, kitty, and every
        problem reported."""
        path: JsonPath = ("hands", h, "deal")
        if type(deal) is not dict:
            self.schema(f"hand {h + 1}: 'deal' must be an object, not {json_kind(deal)}", path, h)
            raise Broken
        if not deal.keys() <= _DEAL_KEYS:
            self.check_keys(deal, DEAL_KEYS, (), path, f"the deal of hand {h + 1}", h)
        ok = True
        card_of = self.card_of
        hands_obj = deal.get("hands")
        dealt: list[Any] = []
        unknown = False
        if hands_obj is None:
            dealt = [None] * self.n
            unknown = True
        elif type(hands_obj) is not dict:
            self.schema(f"hand {h + 1}: deal 'hands' must be an object seat -> cards, not "
                        f"{json_kind(hands_obj)}", path + ("hands",), h)
            raise Broken
        else:
            present = 0
            for label in self.labels:
                cards = hands_obj.get(label)
                if label in hands_obj:
                    present += 1
                if cards is None:
                    dealt.append(None)
                    unknown = True
                    continue
                try:
                    if type(cards) is list:
                        dealt.append([card_of[c] for c in cards])
                        continue
                except (KeyError, TypeError):
                    pass
                read = self.read_cards(h, cards, path + ("hands", label), f"{label}'s hand")
                if read is None:
                    ok = False
                elif None in read:
                    unknown = True
                dealt.append(read)
            if present != len(hands_obj):
                for k in hands_obj:
                    if k not in self.seat_of:
                        self.schema(f"hand {h + 1}: the deal names '{k}', which is not a seat "
                                    f"(seats: {', '.join(self.labels)})",
                                    path + ("hands", k), h, key=True)
                        ok = False
        upcard = None
        up = deal.get("upcard")
        if up is not None:
            upcard = card_of.get(up) if type(up) is str else None
            if upcard is None:
                read = self.read_cards(h, [up], path + ("upcard",), "the upcard", single=True)
                if read is None:
                    ok = False
                else:
                    upcard = read[0]
        widow = self.card_list(h, deal.get("widow"), path + ("widow",), "the widow")
        kitty = self.card_list(h, deal.get("kitty"), path + ("kitty",), "the kitty")
        if widow is False or kitty is False or not ok:
            raise Broken
        if unknown or (widow is not None and None in widow):  # type: ignore[operator]
            self.unknown_hands += 1
        return dealt, upcard, widow, kitty  # type: ignore[return-value]

    def card_list(self, h: int, value: Any, path: JsonPath, what: str) -> Any:
        """An optional array of cards: indices, ``None`` if absent, ``False`` if broken."""
        if value is None:
            return None
        if type(value) is not list:
            self.schema(f"hand {h + 1}: {what} must be an array of cards, not {json_kind(value)}",
                        path, h)
            return False
        read = self.read_cards(h, value, path, what)
        return False if read is None else read

    def read_cards(self, h: int, cards: Any, path: JsonPath, what: str, single: bool = False,
                   action: int | None = None) -> list[int | None] | None:
        """Cards with ``"??"`` as ``None``; each bad one reported (then ``None`` is returned)."""
        if type(cards) is not list:
            self.schema(f"hand {h + 1}: {what} must be an array of cards, not {json_kind(cards)}",
                        path, h)
            return None
        out: list[int | None] = []
        ok = True
        deck = self.game.deck
        for i, c in enumerate(cards):
            at = path if single else path + (i,)
            if c == UNKNOWN_CARD:
                out.append(None)
            elif type(c) is not str:
                self.schema(f"hand {h + 1}: a card in {what} must be a string like \"JH\", not "
                            f"{json_kind(c)}", at, h, action)
                ok = False
            else:
                try:
                    out.append(deck.parse(c))
                except CardError as exc:
                    self.add("bad-card", f"hand {h + 1}, {what}: {exc}", at, h, action)
                    ok = False
        return out if ok else None

    def check_kitty(self, h: int, deal: tuple[Any, ...]) -> None:
        """Kitty cards are the undealt ones: none of them dealt, none twice, not too many."""
        hands, upcard, widow, kitty = deal
        names = self.names
        dealt: set[int] = set()
        for cards in hands:
            dealt.update(c for c in cards or () if c is not None)
        dealt.update(c for c in (widow or ()) if c is not None)
        if upcard is not None:
            dealt.add(upcard)
        path: JsonPath = ("hands", h, "deal", "kitty")
        seen: set[int] = set()
        for i, c in enumerate(kitty):
            if c is None:
                continue
            if c in dealt:
                self.add("bad-deal", f"hand {h + 1}: {names[c]} is in the kitty but was dealt",
                         path + (i,), h)
            elif c in seen:
                self.add("bad-deal", f"hand {h + 1}: {names[c]} is in the kitty twice",
                         path + (i,), h)
            seen.add(c)
        r = self.game.rules
        undealt = self.game.deck.size - r.deal.hand_size * (self.n + (1 if r.deal.widow else 0)) \
            - (1 if r.deal.upcard else 0)
        if len(kitty) > undealt:
            self.add("bad-deal", f"hand {h + 1}: the kitty has {len(kitty)} cards, but only "
                     f"{undealt} are left undealt", path, h)
