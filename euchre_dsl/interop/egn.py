"""EGN game records (``.egn``) and EMN matches (``.emn``) as ``ehh/1`` records, and back.

EGN (Euchre Game Notation, NextSuit Labs, Apache-2.0) records a game as JSON:
``metadata`` (players, initial score, a ``ruleset`` of toggles) and ``deals``,
each with its dealer and upcard, a bidding phase (``calls`` from the dealer's
left, ``isAlone``, ``discard``, ``aloneDefender``) and a play phase
(``tricks``: the cards in the order they hit the table, no seats).  EMN wraps
several EGN games with a registry of players and each game's seating.

Reading gives one ``ehh/1`` record per game.  EGN does not say who played
each card: the opening leader comes from the engine's one rule
(:func:`~euchre_dsl.engine.play.first_leader`) and each next leader from the
deck's trick winner (:meth:`~euchre_dsl.cards.Deck.trick_winner`), as EGN's
own replayer deduces them; nothing here judges legality, the validator does,
on the record, and every problem it finds is placed at the EGN text of the
call or card at fault (see :class:`EgnGame` and :func:`egn_items`).

What ``ehh/1`` has no place for is kept in the record's ``x-egn`` extension
(the EGN metadata as written, each deal's other keys, annotations,
alternative lines, card spellings such as ``Nc`` or ``R``), and the
annotations and alternative lines are also given as ``x-ehh-notes`` so the
replay shows them; none of it is replayed.  :func:`write_egn` builds EGN from
a record, with the ``x-egn`` details where the record still agrees with them,
so EGN -> ``ehh/1`` -> EGN keeps EGN's baseline hash
(:func:`baseline_hash`).

Older EGN (1.0, 1.1: ``player_cards``, ``calls_annotations``, ``kitty``,
``initialLead``...) is read as ``egn-upgrade`` would upgrade it; it is
written back, and hashed, in that upgraded form.
"""

from __future__ import annotations

import copy
import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any, Callable, Iterator

from ..cards import NO_TRUMP, SUITS, CardError, Deck, same_colour
from ..engine.play import first_leader
from ..errors import EuchreError, Location, Problem
from ..limits import MAX_HANDS, clip
from ..records.notation import FORMAT, UNKNOWN_CARD, result_to_json, winner_to_json
from ..records.positions import Item, JsonPath, Locate, Locator, no_positions
from ..replay.events import HandEnded, Started
from ..replay.walk import walk_record
from ..rules.registry import compile_data, load_variant
from ..rules.ruleset import RuleSet
from .egn_rules import RulesetError, ruleset_of_variant, variant_for_ruleset

__all__ = [
    "GAME_TYPE", "MATCH_TYPE", "EXTENSION", "NEWEST_VERSION", "SEATS", "SIDES", "EgnGame",
    "EgnWriteError", "egn_items", "baseline_hash", "write_egn",
    "upgrade", "is_match",
]

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
_CURRENT = re.compile(r"^1\.[234](?:\.\d+)?$")
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
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$")
_LABEL = re.compile(r"^\[(\?\?|\?!|!\?|!!|\?|!)\]")
_BIDDING, _PLAY = "EUCHRE_BIDDING", "TRICK_PLAY"
_CALL_SUITS = {"c": "C", "d": "D", "h": "H", "s": "S", "n": "NT"}


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
    return isinstance(v, str) and _CURRENT.match(v) is not None


def _upgraded(value: Any) -> Any:
    if isinstance(value, list):
        return [_upgraded(v) for v in value]
    if not isinstance(value, dict):
        return value
    return {_RENAMES.get(k, k): _upgraded(v) for k, v in value.items() if k not in _DROPPED}


def _raw_path(raw: Any, path: JsonPath) -> JsonPath:
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


# ================================================================ the baseline hash
def baseline_hash(game: Any) -> str:
    """EGN's baseline hash of one game: the SHA-256 of its canonical JSON without the
    analysis-only keys, exactly as EGN's ``egn-baseline --hash`` computes it (empty
    arrays and objects dropped, object keys in JavaScript ``localeCompare`` order,
    values as ``JSON.stringify`` writes them).  An old-version game is hashed as
    upgraded (:func:`upgrade`), the only form ``egn-baseline`` accepts."""
    stripped = _baseline(upgrade(game))
    return hashlib.sha256(_stable(stripped).encode("utf-8")).hexdigest()


_DROP = object()


def _baseline(value: Any) -> Any:
    if isinstance(value, list):
        items = [_baseline(v) for v in value]
        return [v for v in items if v is not _DROP and not _empty(v)]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in ANALYSIS_KEYS:
                continue
            b = _baseline(v)
            if b is _DROP or _empty(b):
                continue
            out[k] = b
        return out
    return value


def _empty(value: Any) -> bool:
    return isinstance(value, (list, dict)) and not value


#: ICU root collation of ASCII at the primary level (what ``localeCompare`` sorts
#: keys by): punctuation and symbols, then digits, then letters without case.
_PRIMARY = "_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz"


def _collation_key(key: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    primary = tuple(_PRIMARY.find(c.lower()) if c.lower() in _PRIMARY else 200 + ord(c)
                    for c in key)
    tertiary = tuple(1 if c.isupper() else 0 for c in key)  # lower case first
    return primary, tertiary


def _stable(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ",".join(_stable(v) for v in value) + "]"
    if isinstance(value, dict):
        keys = sorted(value, key=_collation_key)
        return "{" + ",".join(f"{_js(k)}:{_stable(value[k])}" for k in keys) + "}"
    return _js(value)


def _js(value: Any) -> str:
    """One JSON value as JavaScript's ``JSON.stringify`` writes it."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return "null"
        if value.is_integer() and abs(value) < 1e21:
            return str(int(value))
        text = repr(value)
        return text.replace("e+", "e+").replace("e-0", "e-") if "e" in text else text
    return json.dumps(value, ensure_ascii=False)


# ================================================================ reading
@dataclass
class _Found:
    """A problem met while converting, at a path of the (upgraded) EGN game."""

    code: str
    message: str
    path: JsonPath
    hand: int | None = None
    severity: str = "error"
    hint: str | None = None


@dataclass
class EgnGame:
    """One EGN game converted: the record (``None`` when the game is not EGN at
    all), where each part of it came from, and what was met on the way."""

    record: dict[str, Any] | None
    #: record path -> path of the upgraded EGN game it came from
    paths: dict[JsonPath, JsonPath] = field(default_factory=dict)
    found: list[_Found] = field(default_factory=list)

    def egn_path(self, path: JsonPath) -> tuple[JsonPath, bool]:
        """The EGN path a record path came from (its nearest mapped ancestor's), and
        whether the mapping was exact."""
        p = path
        while True:
            hit = self.paths.get(p)
            if hit is not None:
                return hit, p == path
            if not p:
                return (), False
            p = p[:-1]


class _Cut(EuchreError):
    """Converting stops at this deal: the record ends before it."""

    def __init__(self, found: _Found):
        super().__init__(found.message)
        self.found = found


@lru_cache(maxsize=64)
def _rules_of(variant_json: str) -> RuleSet:
    v = json.loads(variant_json)
    return load_variant(v) if isinstance(v, str) else compile_data(v)


def read_game(game: Any, players_override: list[Any] | None = None) -> EgnGame:
    """Convert one EGN game (parsed JSON, any published version) to an ``ehh/1`` record.

    ``players_override``: the seats' players from an EMN match (names or player
    objects), used instead of the game's own.
    """
    out = EgnGame(None)
    if not isinstance(game, dict):
        out.found.append(_Found("schema", "an EGN game must be a JSON object", ()))
        return out
    g = upgrade(game)
    ftype = g.get("fileType")
    if ftype is not None and ftype != GAME_TYPE:
        out.found.append(_Found("schema", f"'fileType' is {json.dumps(ftype)}, not "
                                f"\"{GAME_TYPE}\"", ("fileType",)))
        return out
    meta = g.get("metadata")
    deals = g.get("deals")
    if not isinstance(meta, dict):
        out.found.append(_Found("schema", "an EGN game needs 'metadata', an object",
                                ("metadata",)))
    if not isinstance(deals, list):
        out.found.append(_Found("schema", "an EGN game needs 'deals', an array", ("deals",)))
    if out.found:
        return out
    assert isinstance(meta, dict) and isinstance(deals, list)
    if len(deals) > MAX_HANDS:
        out.found.append(_too_many_deals(len(deals)))
        return out
    try:
        variant = variant_for_ruleset(meta.get("ruleset"))
    except RulesetError as exc:
        where: JsonPath = ("metadata", "ruleset") + ((exc.field,) if exc.field else ())
        out.found.append(_Found("invalid-variant", f"EGN ruleset: {exc.message}", where))
        return out
    rules = _rules_of(json.dumps(variant, sort_keys=True))
    record: dict[str, Any] = {"format": FORMAT, "variant": variant, "seats": list(SEATS)}
    paths = out.paths
    paths[("variant",)] = ("metadata", "ruleset")
    paths[("seats",)] = paths[("players",)] = ("metadata", "players")
    paths[("meta",)] = ("metadata",)
    players = players_override if players_override is not None else meta.get("players")
    names = _player_names(players, out)
    if names:
        record["players"] = names
    record["meta"] = _meta(g, meta)
    start = meta.get("initialScore")
    if start is not None:
        scores = _team_scores(start, ("metadata", "initialScore"), out)
        if scores is not None and any(scores.values()):
            record["start_scores"] = scores
            paths[("start_scores",)] = ("metadata", "initialScore")
    reader = _DealReader(rules, out)
    hands: list[dict[str, Any]] = []
    residues: list[Any] = []
    notes: list[dict[str, Any]] = []
    cut = False
    for d, deal in enumerate(deals):
        try:
            hand, residue, hand_notes = reader.deal(d, len(hands), deal)
        except _Cut as stop:
            out.found.append(stop.found)
            if d + 1 < len(deals) or stop.found.severity != "info":
                out.found.append(_Found(
                    "not-checked", f"deals {d + 1} to {len(deals)} are not checked (the "
                    "record stops before this deal)", ("deals", d), len(hands), "info"))
            cut = True
            break
        hands.append(hand)
        residues.append(residue)
        notes.extend(hand_notes)
    record["hands"] = hands
    final = meta.get("finalScore")
    if final is not None and not cut:
        scores = _team_scores(final, ("metadata", "finalScore"), out)
        if scores is not None:
            record["final"] = {"scores": scores}
            paths[("final",)] = ("metadata", "finalScore")
            record["meta"][FINAL_FROM] = FROM_EGN
    record[EXTENSION] = {"version": g.get("version"), "metadata": dict(meta), "deals": residues}
    _add_outcomes(record, complete=not cut)
    if "fileType" not in g:
        record[EXTENSION]["noFileType"] = True
    if notes:
        record[NOTES_KEY] = notes
    out.record = record
    return out


#: ``meta`` keys saying where the record's outcomes come from: each hand's ``result``
#: (EGN states none: always the replay's) and ``final`` (EGN's ``finalScore`` when
#: the game states it, else the replay's).
RESULTS_FROM, FINAL_FROM = "results-from", "final-from"
FROM_EGN, FROM_REPLAY = "egn", "replay"


def _add_outcomes(record: dict[str, Any], complete: bool) -> None:
    """Give the record every outcome EGN leaves to its replayer: each hand's
    ``result`` and, where EGN states no ``finalScore``, the game's ``final``, as the
    engine's replay of the record computes them (and say so in ``meta``); beside a
    stated ``finalScore``, the replay's winner.

    A hand is given its result only while the replay is sound: from the first hand
    that breaks a rule (or cannot be replayed) on, nothing more is computed, and no
    ``final`` is -- the validator reports the fault, and a score built past it would
    be a guess.  A game that stops in an unfinished last hand gets the score before
    that hand and no winner.  ``complete`` False: the record stops before EGN's last deal (a deal
    that could not be converted), so its end is not the game's.
    """
    results: list[dict[str, Any]] = []
    game = None
    sound = True  # no rule broken so far
    ended = False  # a hand was left unfinished: the record stops in it
    for event in walk_record(record):
        if isinstance(event, Started):
            game = event.game
        elif isinstance(event, HandEnded):
            res = event.game.last_result
            if event.finished and res is not None and sound and not ended:
                results.append(result_to_json(event.game, res))
            else:
                ended = True
        elif isinstance(event, Problem) and event.severity == "error":
            sound = False
    hands = record["hands"]
    for hand, result in zip(hands, results):
        hand["result"] = result
    if results:
        record["meta"][RESULTS_FROM] = FROM_REPLAY
    if not (sound and complete) or game is None:
        return
    if "final" in record:  # EGN's finalScore, kept as stated (and checked): the winner
        record["final"]["winner"] = winner_to_json(game)
        return
    record["final"] = {"scores": dict(zip(game.side_names, game.scores)),
                       "winner": winner_to_json(game)}
    record["meta"][FINAL_FROM] = FROM_REPLAY


def _too_many_deals(count: int) -> _Found:
    """The problem of a game of more deals than a record may hold (found before any
    of them is converted: a game's conversion costs many times its text)."""
    return _Found("schema", f"the game has {count:,} deals, more than the {MAX_HANDS:,} a "
                  "record may hold; its deals are not read", ("deals", MAX_HANDS),
                  hint="a game takes a few dozen deals: split a long session into one game "
                       "per file")


def _player_names(players: Any, out: EgnGame) -> dict[str, str]:
    if players is None:
        return {}
    if not isinstance(players, list):
        out.found.append(_Found("schema", "'players' must be an array", ("metadata", "players")))
        return {}
    names: dict[str, str] = {}
    for i, p in enumerate(players[:4]):
        name = p.get("name") if isinstance(p, dict) else p
        if isinstance(name, str) and name:
            names[SEATS[i]] = name
    return names


def _meta(g: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, word in (("title", "title"), ("description", "description"), ("date", "date"),
                      ("gameId", "egn-game-id")):
        v = meta.get(key)
        if isinstance(v, str) and v:
            out[word] = v
    v = g.get("version")
    if isinstance(v, str):
        out["egn-version"] = v
    out["egn-baseline"] = baseline_hash(g)
    return out


def _team_scores(value: Any, where: JsonPath, out: EgnGame) -> dict[str, int] | None:
    if (not isinstance(value, list) or len(value) != 2
            or not all(type(v) is int for v in value)):
        out.found.append(_Found("schema", "a team score is an array of two whole numbers "
                                "[team 0/2, team 1/3]", where))
        return None
    return {SIDES[0]: value[0], SIDES[1]: value[1]}


class _DealReader:
    """Converts deals one by one under one game's rules."""

    def __init__(self, rules: RuleSet, out: EgnGame):
        self.rules = rules
        self.deck = Deck.of(rules.deck.lowest, rules.deck.joker, rules.deck.copies)
        self.out = out

    def deal(self, d: int, h: int, deal: Any) -> tuple[dict[str, Any], Any, list[Any]]:
        """The hand of deal ``d`` (the record's hand ``h``), its residue for
        ``x-egn`` and its notes; :class:`_Cut` when it cannot be converted."""
        base: JsonPath = ("deals", d)
        if isinstance(deal, str):
            deal = self._unpacked(deal, d, base)
        if not isinstance(deal, dict):
            raise _Cut(_Found("schema", "a deal must be an object (or a condensed deal "
                              "string)", base, h))
        paths = self.out.paths
        paths[("hands", h)] = base
        paths[("hands", h, "result")] = base
        ist = deal.get("initialState")
        if not isinstance(ist, dict):
            raise _Cut(_Found("schema", "a deal needs 'initialState', an object",
                              base + ("initialState",), h))
        ipath = base + ("initialState",)
        dealer = ist.get("dealer")
        if type(dealer) is not int or not 0 <= dealer < 4:
            raise _Cut(_Found("schema", "'dealer' must be a seat number 0 to 3",
                              ipath + ("dealer",), h))
        paths[("hands", h, "dealer")] = ipath + ("dealer",)
        paths[("hands", h, "deal")] = ipath
        phases = deal.get("phases")
        if not isinstance(phases, list):
            raise _Cut(_Found("schema", "a deal needs 'phases', an array", base + ("phases",), h))
        bid_i = play_i = -1
        for i, ph in enumerate(phases):
            kind = ph.get("type") if isinstance(ph, dict) else None
            if kind == _BIDDING and bid_i < 0:
                bid_i = i
            elif kind == _PLAY and play_i < 0 and bid_i >= 0:
                play_i = i
            else:
                raise _Cut(_Found("schema", "each deal has one EUCHRE_BIDDING phase, then at "
                                  "most one TRICK_PLAY phase", base + ("phases", i), h))
        if bid_i < 0:
            raise _Cut(_Found("not-checked", "the deal records no bidding: nothing to check",
                              base + ("phases",), h, "info"))
        bidding: dict[str, Any] = phases[bid_i]
        play: dict[str, Any] = phases[play_i] if play_i >= 0 else {}
        bpath = base + ("phases", bid_i)
        ppath = base + ("phases", play_i)
        calls = bidding.get("calls")
        if not isinstance(calls, list):
            raise _Cut(_Found("schema", "a bidding phase needs 'calls', an array",
                              bpath + ("calls",), h))
        paths[("hands", h, "actions")] = bpath + ("calls",)
        spell = _Spelling(deal, calls)
        up_text = ist.get("upCard")
        # trump, from the first call that is not a pass
        maker_i = next((i for i, c in enumerate(calls) if c != "Pass"), -1)
        contract: int | None = None
        if maker_i >= 0:
            call = calls[maker_i]
            if call == "Order":
                contract = spell.suit_of(up_text)
            elif isinstance(call, str) and call in _CALL_SUITS:
                contract = NO_TRUMP if call == "n" else SUITS.index(_CALL_SUITS[call])
            elif call == "x":
                raise _Cut(_Found("not-checked", "the trump named is not known ('x'): the "
                                  "hand cannot be replayed", bpath + ("calls", maker_i), h,
                                  "info"))
            else:
                raise _Cut(_Found("schema", f"{json.dumps(call)} is not an EGN call (Pass, "
                                  "Order, s, h, d, c, n or x)", bpath + ("calls", maker_i), h))
            spell.trump = contract
        upcard = self._card(spell, up_text, ipath + ("upCard",), h, "u", unknown_ok=False)
        paths[("hands", h, "deal", "upcard")] = ipath + ("upCard",)
        residue_spell: dict[str, list[str]] = spell.kept
        hands_json: dict[str, Any] = {}
        pc = ist.get("playerCards")
        if pc is not None:
            if not isinstance(pc, list) or len(pc) > 4:
                raise _Cut(_Found("schema", "'playerCards' must be an array of up to four "
                                  "hands", ipath + ("playerCards",), h))
            for s, cards in enumerate(pc):
                if not isinstance(cards, list):
                    raise _Cut(_Found("schema", "a hand in 'playerCards' must be an array of "
                                      "cards", ipath + ("playerCards", s), h))
                if not cards:
                    continue
                seat = SEATS[s]
                paths[("hands", h, "deal", "hands", seat)] = ipath + ("playerCards", s)
                hands_json[seat] = []
                for k, text in enumerate(cards):
                    where = ipath + ("playerCards", s, k)
                    paths[("hands", h, "deal", "hands", seat, k)] = where
                    hands_json[seat].append(self._card(spell, text, where, h, f"p{s}.{k}"))
        hand_deal: dict[str, Any] = {"hands": {s: hands_json.get(s) for s in SEATS},
                                     "upcard": upcard}
        actions: list[list[Any]] = []
        call_actions: list[int] = []
        alone = bidding.get("isAlone") is True or play.get("isAlone") is True
        maker = (dealer + 1 + maker_i) % 4 if maker_i >= 0 else None
        for i, call in enumerate(calls):
            seat = SEATS[(dealer + 1 + i) % 4]
            paths[("hands", h, "actions", len(actions))] = bpath + ("calls", i)
            call_actions.append(len(actions))
            extra = ["alone"] if alone and i == maker_i else []
            if call == "Pass":
                actions.append([seat, "pass"])
            elif call == "Order":
                actions.append([seat, "order_up", *extra])
                if i == maker_i and i < 4:
                    self._discard(actions, bidding, spell, dealer, maker, alone, bpath, h)
            elif isinstance(call, str) and call in _CALL_SUITS:
                actions.append([seat, "call", _CALL_SUITS[call], *extra])
                if i == maker_i:
                    self._stray_discard(bidding, maker_i, bpath, h)
            else:
                raise _Cut(_Found("schema", f"{json.dumps(call)} is not an EGN call (Pass, "
                                  "Order, s, h, d, c, n or x)", bpath + ("calls", i), h))
        if maker_i < 0:
            self._stray_discard(bidding, maker_i, bpath, h)
        defender = bidding.get("aloneDefender")
        lone_defender: int | None = None
        if defender is not None and defender != -1:
            if type(defender) is not int or not 0 <= defender < 4:
                raise _Cut(_Found("schema", "'aloneDefender' must be a seat number 0 to 3, or "
                                  "-1", bpath + ("aloneDefender",), h))
            lone_defender = defender
            paths[("hands", h, "actions", len(actions))] = bpath + ("aloneDefender",)
            actions.append([SEATS[defender], "defend_alone"])
        play_actions: list[int] = []
        if play_i >= 0 and contract is not None and maker is not None:
            self._plays(play, ppath, h, actions, play_actions, spell, dealer, maker, alone,
                        lone_defender, contract)
        elif play_i >= 0 and play.get("tricks"):
            raise _Cut(_Found("schema", "cards are played but nobody made trump",
                              ppath + ("tricks",), h))
        derived = self._derive_hands(hand_deal, actions, dealer, upcard)
        hand = {"dealer": SEATS[dealer], "deal": hand_deal, "actions": actions}
        residue = self._residue(deal, ist, bid_i, play_i, residue_spell)
        if derived:
            residue["derived"] = derived
        notes = _notes(h, deal, bid_i, play_i, call_actions, play_actions)
        return hand, residue, notes

    def _unpacked(self, text: str, d: int, base: JsonPath) -> Any:
        from .egn_bits import BitsError, unpack_deal
        try:
            return unpack_deal(text, d)
        except BitsError as exc:
            raise _Cut(_Found("schema", f"the condensed deal cannot be read: {exc}", base))

    def _card(self, spell: _Spelling, text: Any, where: JsonPath, h: int, key: str,
              unknown_ok: bool = True) -> str:
        """The ``ehh/1`` name of one EGN card (``??`` for an unknown one)."""
        name = spell.name(text)
        if name is None:
            raise _Cut(_Found("bad-card", f"{json.dumps(text)} is not an EGN card",
                              where, h, hint="a rank 9 (or N), T, J, Q, K, A (7, 8 with "
                              "min_rank) and a suit c, d, h, s; R and L for the bowers, B for "
                              "the joker, X for what is unknown"))
        if name == UNKNOWN_CARD:
            if not unknown_ok:
                raise _Cut(_Found("not-checked", f"the card {json.dumps(text)} is not known "
                                  "here: the hand cannot be replayed", where, h, "info"))
            spell.keep(key, text, name)
            return name
        try:
            self.deck.parse(name)
        except CardError:
            raise _Cut(_Found("bad-card", f"{json.dumps(text)} is not in this ruleset's deck "
                              f"({self.deck.size} cards)", where, h)) from None
        spell.keep(key, text, name)
        return name

    def _discard(self, actions: list[list[Any]], bidding: dict[str, Any], spell: _Spelling,
                 dealer: int, maker: int | None, alone: bool, bpath: JsonPath, h: int) -> None:
        """The dealer's discard, right after the order-up: as recorded, else ``??``
        where the dealer takes the upcard (not when sitting out for a lone partner)."""
        text = bidding.get("discard")
        if text is None:
            sits_out = alone and maker is not None and (maker + 2) % 4 == dealer
            if sits_out and not self.rules.alone.dealer_exchanges_when_partner_alone:
                return
            actions.append([SEATS[dealer], "discard", UNKNOWN_CARD])
            return
        self.out.paths[("hands", h, "actions", len(actions))] = bpath + ("discard",)
        actions.append([SEATS[dealer], "discard",
                        self._card(spell, text, bpath + ("discard",), h, "d")])

    def _stray_discard(self, bidding: dict[str, Any], maker_i: int, bpath: JsonPath,
                       h: int) -> None:
        """A ``discard`` where the dealer took no upcard (trump named in the second
        round, or by nobody) is an error, reported at it: the dealer has nothing to
        discard, and a record cannot hold the card (it was dropped unseen)."""
        if bidding.get("discard") is None:
            return
        when = "trump was named in the second round" if maker_i >= 0 else "nobody named trump"
        self.out.found.append(_Found(
            "illegal-action", f"a discard, but {when}: the dealer took no upcard, so there "
            "is nothing to discard", bpath + ("discard",), h,
            hint="only a dealer who picks up the upcard (an order-up in the first round) "
                 "discards; remove 'discard' from this bidding"))

    def _plays(self, play: dict[str, Any], ppath: JsonPath, h: int, actions: list[list[Any]],
               play_actions: list[int], spell: _Spelling, dealer: int, maker: int, alone: bool,
               lone_defender: int | None, contract: int) -> None:
        """The play actions, each card at the seat the trick winners say played it."""
        tricks = play.get("tricks")
        if not isinstance(tricks, list):
            raise _Cut(_Found("schema", "a play phase needs 'tricks', an array",
                              ppath + ("tricks",), h))
        active = [True] * 4
        if alone:
            active[(maker + 2) % 4] = False
        if lone_defender is not None:
            active[(lone_defender + 2) % 4] = False
        n_active = sum(active)
        rules = self.rules
        lead = first_leader(4, dealer, maker, maker if alone else lone_defender, active,
                            rules.play.lead == "maker", rules.play.loner_lead == "left_of_loner")
        for t, trick in enumerate(tricks):
            tpath = ppath + ("tricks", t)
            if not isinstance(trick, list):
                raise _Cut(_Found("schema", "a trick must be an array of cards", tpath, h))
            last = t == len(tricks) - 1
            if len(trick) > n_active or (len(trick) < n_active and not last):
                raise _Cut(_Found("schema", f"a trick of {len(trick)} cards where "
                                  f"{n_active} play", tpath, h))
            seat = lead
            seats, cards = [], []
            for k, text in enumerate(trick):
                where = tpath + (k,)
                name = self._card(spell, text, where, h, f"t{t}.{k}", unknown_ok=False)
                self.out.paths[("hands", h, "actions", len(actions))] = where
                play_actions.append(len(actions))
                actions.append([SEATS[seat], "play", name])
                seats.append(seat)
                cards.append(self.deck.parse(name))
                seat = (seat + 1) % 4
                while not active[seat]:
                    seat = (seat + 1) % 4
            if len(cards) == n_active:
                lead = seats[self.deck.trick_winner(cards, contract)]

    def _derive_hands(self, hand_deal: dict[str, Any], actions: list[list[Any]], dealer: int,
                      upcard: str) -> list[str]:
        """Fill the dealt hands EGN did not give from the cards each seat played (as
        EGN's replayer does), so the solver can value the plays: a seat's hand is its
        cards played, the dealer's with the upcard taken and the discard given back,
        ``??`` for what was not played.  Not where the record contradicts itself (a
        card played twice, more cards than a hand) -- the validator says so from the
        plays -- nor for a seat that sits out.  Returns the seats filled."""
        size = self.rules.deal.hand_size
        played: dict[str, list[str]] = {}
        discard: str | None = None
        for a in actions:
            if a[1] == "play":
                played.setdefault(a[0], []).append(a[2])
            elif a[1] == "discard" and a[0] == SEATS[dealer]:
                discard = a[2]
        cards = [c for seat_cards in played.values() for c in seat_cards]
        if len(cards) != len(set(cards)) or (discard not in (None, UNKNOWN_CARD)
                                             and discard in cards):
            return []
        took = discard is not None  # the dealer took the upcard (else it is out of play)
        if any(upcard in mine and not (took and seat == SEATS[dealer])
               for seat, mine in played.items()):
            return []
        filled = []
        for seat, mine in played.items():
            if hand_deal["hands"].get(seat) is not None:
                continue
            have = list(mine)
            if seat == SEATS[dealer] and discard is not None:
                if discard != UNKNOWN_CARD:
                    have.append(discard)
                if upcard in have:
                    have.remove(upcard)
                    if discard == UNKNOWN_CARD:
                        have.append(UNKNOWN_CARD)
                elif discard != UNKNOWN_CARD or len(mine) < size:
                    continue  # where the upcard went is not told: leave the hand unknown
            if len(have) > size:
                continue
            hand_deal["hands"][seat] = have + [UNKNOWN_CARD] * (size - len(have))
            filled.append(seat)
        return filled

    @staticmethod
    def _residue(deal: dict[str, Any], ist: dict[str, Any], bid_i: int, play_i: int,
                 spelled: dict[str, list[str]]) -> dict[str, Any]:
        """What of the deal the record does not hold, for writing it back."""
        res: dict[str, Any] = {k: v for k, v in deal.items() if k not in ("initialState",
                                                                         "phases")}
        res["initialState"] = {k: v for k, v in ist.items()
                               if k not in ("dealer", "upCard", "playerCards")}
        present: list[str] = []
        if "playerCards" in ist:
            present.append("playerCards")
        phases = []
        for i, ph in enumerate(deal["phases"]):
            if i == bid_i:
                kept = {k: v for k, v in ph.items()
                        if k not in ("calls", "isAlone", "aloneDefender", "discard")}
                present += [k for k in ("isAlone", "aloneDefender", "discard") if k in ph]
            else:
                kept = {k: v for k, v in ph.items() if k != "tricks"}
            phases.append(kept)
        res["phases"] = phases
        if present:
            res["present"] = present
        if spelled:
            res["spelled"] = spelled
        return res


class _Spelling:
    """How a deal writes its cards: EGN's variants (``N`` for 9, ``R``/``L`` for the
    bowers, ``B`` for the joker, ``X`` unknown, the generic suits ``t``/``n``/``g``/``h``)
    and, for writing back, each card written otherwise than ``9c``/``Js``/``B``."""

    def __init__(self, deal: dict[str, Any], calls: list[Any]):
        self.trump: int | None = None
        self.kept: dict[str, list[str]] = {}
        self.generic = any(isinstance(c, str) and len(c) == 2 and c[1] in "tng"
                           for c in _deal_cards(deal))
        self._calls = calls

    def _suits(self) -> dict[str, int]:
        """The generic letters' suits: ``t`` trump (spades where nothing says), ``n``
        its partner, ``g``, ``h`` the other two in C, D, H, S order."""
        t = self.trump if self.trump is not None and self.trump < 4 else 3
        others = [s for s in range(4) if s not in (t, same_colour(t))]
        return {"t": t, "n": same_colour(t), "g": others[0], "h": others[1]}

    def suit_of(self, text: Any) -> int | None:
        """The suit of an upcard (for an order-up)."""
        if not isinstance(text, str) or len(text) != 2:
            return None
        s = text[1]
        if self.generic and s in "tngh":
            return self._suits()[s]
        return SUITS.index(s.upper()) if s.upper() in SUITS else None

    def name(self, text: Any) -> str | None:
        """The ``ehh/1`` name, ``??`` for an unknown card, None for no card at all."""
        if not isinstance(text, str):
            return None
        if text == "B":
            return "JK"
        if text in ("R", "L"):
            if self.trump is None or self.trump >= 4:
                return None
            suit = self.trump if text == "R" else same_colour(self.trump)
            return "J" + SUITS[suit]
        if len(text) != 2:
            return None
        rank, letter = text[0], text[1]
        if rank not in "6789NTJQKAX" or letter not in "SsHhCcDdxtngh":
            return None
        if rank == "X" or letter == "x":
            return UNKNOWN_CARD
        rank = "9" if rank == "N" else rank
        if self.generic and letter in "tngh":
            return rank + SUITS[self._suits()[letter]]
        return rank + letter.upper()

    def keep(self, key: str, text: str, name: str) -> None:
        """Remember ``text`` for writing back where it is not the plain spelling."""
        if text != egn_card(name):
            self.kept[key] = [name, text]


def _deal_cards(deal: dict[str, Any]) -> Iterator[Any]:
    ist = deal.get("initialState")
    if isinstance(ist, dict):
        yield ist.get("upCard")
        for hand in _items(ist.get("playerCards")):
            if isinstance(hand, list):
                yield from hand
    for ph in _items(deal.get("phases")):
        if isinstance(ph, dict):
            yield ph.get("discard")
            for trick in _items(ph.get("tricks")):
                if isinstance(trick, list):
                    yield from trick


def egn_card(name: str) -> str:
    """The plain EGN spelling of an ``ehh/1`` card: ``9C`` -> ``9c``, ``JK`` -> ``B``,
    ``??`` -> ``Xx``."""
    if name == "JK":
        return "B"
    if name == UNKNOWN_CARD:
        return "Xx"
    return name[0].upper() + name[1].lower()


def _notes(h: int, deal: dict[str, Any], bid_i: int, play_i: int, call_actions: list[int],
           play_actions: list[int]) -> list[dict[str, Any]]:
    """EGN's annotations and alternative lines as ``x-ehh-notes`` of hand ``h``."""
    notes: list[dict[str, Any]] = []
    phases = deal["phases"]
    for i, key, at in ((bid_i, "callAnnotations", call_actions),
                       (play_i, "playAnnotations", play_actions)):
        if i < 0 or not isinstance(phases[i].get(key), dict):
            continue
        for k, texts in sorted(phases[i][key].items(), key=lambda kv: _int(kv[0])):
            n = _int(k)
            for text in texts if isinstance(texts, list) else ():
                if isinstance(text, str):
                    notes.append(_note(h, at[n] if 0 <= n < len(at) else None, text))
    for line in _items(deal.get("alternativeLines")):
        if not isinstance(line, dict):
            continue
        b = _int(line.get("branchIndex"))
        moves = call_actions + play_actions
        words = []
        for ph in _items(line.get("phases")):
            if isinstance(ph, dict):
                words += [str(c) for c in _items(ph.get("calls"))]
                words += [" ".join(str(c) for c in t) for t in _items(ph.get("tricks"))
                          if isinstance(t, list)]
        notes.append(_note(h, moves[b] if 0 <= b < len(moves) else None,
                           "alternative line (not replayed): " + " | ".join(words)))
    return notes


def _items(value: Any) -> list[Any]:
    """``value`` if it is an array, else no items (a damaged record is reported by the
    checks that need the value; the walks that merely look at it skip it)."""
    return value if isinstance(value, list) else []


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: 1e400 is infinite
        return -1


def _note(h: int, action: int | None, text: str) -> dict[str, Any]:
    note: dict[str, Any] = {"hand": h}
    if action is not None:
        note["action"] = action
    m = _LABEL.match(text)
    if m:
        note["glyph"] = m.group(1)
        text = text[m.end():]
    note["comment"] = text
    return note


# ================================================================ files
def egn_items(text: str, doc: Any, file: str | None, placed: bool = True) -> Iterator[Item]:
    """The records of one EGN game or EMN match ``doc`` parsed from ``text``: one
    :class:`~euchre_dsl.records.positions.Item` per game, whose problems (the
    validator's, and ``converted``: those met converting) are placed in ``text``
    (``placed`` False: at the file alone, for a binary file).

    Every game of a match is placed by one locator over the match's text: it
    scans the text once, then only the game a problem is in, so a match of
    thousands of games is placed in time linear in its size (a locator per game
    scanned the whole match for each one)."""
    loc: Locate = Locator(text, 1, file) if placed else no_positions(file)
    deep = _too_deep(doc)
    if deep is not None:
        bad = EgnGame(None, found=[_Found("syntax", f"values are nested more than {_MAX_DEPTH} "
                                          "levels deep", deep)])
        yield _item(0, text, doc, (), bad, loc)
        return
    if is_match(doc):
        yield from _match_items(text, doc, loc)
        return
    yield _item(0, text, doc, (), read_game(doc), loc)


#: How deep EGN's JSON may nest (a game needs 7 levels; the walks below recurse).
_MAX_DEPTH = 64


def _too_deep(doc: Any) -> JsonPath | None:
    """The path of a value nested deeper than :data:`_MAX_DEPTH`, found without
    recursion (the upgrade, the hash and the conversion walk the document
    recursively), or None."""
    stack: list[tuple[Any, JsonPath]] = [(doc, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > _MAX_DEPTH:
            return path
        if isinstance(value, dict):
            stack.extend((v, path + (k,)) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, path + (i,)) for i, v in enumerate(value))
    return None


def _match_items(text: str, doc: dict[str, Any], loc: Locate) -> Iterator[Item]:
    games = doc.get("games")
    registry, found = _registry(doc.get("metadata"))
    if not isinstance(games, list):
        found.append(_Found("schema", "an EMN match needs 'games', an array", ("games",)))
    if not isinstance(games, list) or (found and not games):
        yield _item(0, text, doc, (), EgnGame(None, found=found), loc)
        return
    for i, entry in enumerate(games):
        prefix: JsonPath = ("games", i)
        if not isinstance(entry, dict) or not isinstance(entry.get("gameData"), dict):
            bad = EgnGame(None, found=[_Found("schema", "a game of a match needs 'gameData', "
                                              "an EGN game", ())])
            yield _item(i, text, entry, prefix, bad, loc)
            continue
        key = "playersOverride" if "playersOverride" in entry else "players"
        seated = entry.get(key)
        seating = _seating(seated, prefix + (key,), registry)
        players: list[Any] | None = None
        if isinstance(seated, list):
            players = [registry.get(pid, pid) if registry is not None and isinstance(pid, str)
                       else pid for pid in seated]
        converted = read_game(entry["gameData"], players)
        if converted.record is not None and isinstance(seated, list):
            converted.record[EXTENSION]["matchSeats"] = seated
        # the match's own problems come first: the registry's with the first game,
        # each game's seating with that game
        outer = (found if i == 0 else []) + seating
        yield _item(i, text, entry["gameData"], prefix + ("gameData",), converted, loc,
                    outer)


def _registry(meta: Any) -> tuple[dict[str, Any] | None, list[_Found]]:
    """An EMN match's player registry (``metadata.players``: id -> player object),
    ``None`` when the match has none to check ids against, and its problems: not an
    array of players each with an ``id``, an id given twice."""
    players = meta.get("players") if isinstance(meta, dict) else None
    where: JsonPath = ("metadata", "players")
    if players is None:
        return None, []
    if not isinstance(players, list):
        return None, [_Found("schema", "'players' must be an array of players, each an "
                             "object with an 'id'", where)]
    registry: dict[str, Any] = {}
    found: list[_Found] = []
    for k, p in enumerate(players):
        pid = p.get("id") if isinstance(p, dict) else None
        if not isinstance(pid, str):
            return None, [_Found("schema", "a player of the match must be an object with an "
                                 "'id', a string", where + (k,))]
        if pid in registry:
            found.append(_Found("schema", f"the player id {_quoted(pid)} is given twice",
                                where + (k, "id")))
        registry[pid] = p
    return registry, found


def _seating(seated: Any, where: JsonPath, registry: dict[str, Any] | None) -> list[_Found]:
    """The problems of one game's seating in a match (``players`` or
    ``playersOverride``: the ids of the players at North, East, South, West):
    not four ids, an id not in the registry, a player seated twice."""
    if seated is None:
        return []
    if not isinstance(seated, list) or len(seated) != 4 or not all(
            isinstance(pid, str) for pid in seated):
        return [_Found("schema", f"'{where[-1]}' must be four player ids (North, East, South, "
                       "West)", where)]
    found = []
    for seat, pid in enumerate(seated):
        if registry is not None and pid not in registry:
            found.append(_Found("schema", f"the player id {_quoted(pid)} is not one of the "
                                "match's players ('metadata.players')", where + (seat,)))
        elif pid in seated[:seat]:
            found.append(_Found("schema", f"the player {_quoted(pid)} is seated twice (at "
                                f"{SEATS[seated.index(pid)]} and {SEATS[seat]})",
                                where + (seat,)))
    return found


def _quoted(text: str) -> str:
    """A string of the input in a message: in double quotes, cut to a few words."""
    return json.dumps(clip(text), ensure_ascii=False)


def _item(index: int, text: str, raw_game: Any, prefix: JsonPath, game: EgnGame,
          loc: Locate, outer: list[_Found] | None = None) -> Item:
    """The item of one converted game, its places mapped back into the text by
    ``loc``, the locator of the whole file (shared by the games of a match);
    ``outer``: problems of the match around the game, at paths of the whole file,
    reported before the game's own."""
    def place(path: JsonPath, key: bool = False) -> Location:
        egn, exact = game.egn_path(path)
        return loc(prefix + _raw_path(raw_game, egn), key and exact)

    def locator(text: str, line: int, file: str | None) -> Locate:
        return place

    converted = tuple(
        [Problem(f.code, f.message, f.severity, loc(f.path, False), f.hint, index, f.hand)
         for f in outer or ()]
        + [Problem(f.code, f.message, f.severity, loc(prefix + _raw_path(raw_game, f.path),
                                                      False), f.hint, index, f.hand)
           for f in game.found])
    if game.record is None:
        first = converted[0] if converted else Problem("schema", "not an EGN game")
        return Item(index, 1, text, None, first, locator, -1, converted[1:])
    return Item(index, 1, text, game.record, None, locator, -1, converted)


# ================================================================ the deals limit
#: Files larger than this have their deals counted before they are parsed
#: (:func:`deals_over_limit`); a smaller one costs little to parse, and its games
#: are counted before they are converted.
COUNT_FIRST = 1 << 20
_WS_RUN = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


@dataclass
class OverLimit:
    """A game of more deals than a record may hold, found before parsing."""

    game: int  # its index in the file (0 for an EGN file)
    path: JsonPath  # of its first deal past the limit
    count: int  # its deals
    offset: int  # where that deal starts in the text

    def problem(self, text: str, file: str | None) -> Problem:
        """The located problem that refuses the game."""
        f = _too_many_deals(self.count)
        message = f.message
        if self.path[0] == "games":
            message = f"game {self.game + 1} of the match: {message}; the match is not read"
        return Problem(f.code, message, location=Locator(text, 1, file).at_offset(self.offset),
                       hint=f.hint, record=self.game)


def deals_over_limit(text: str) -> OverLimit | None:
    """The first game of an EGN or EMN ``text`` with more deals than a record may
    hold (:data:`~euchre_dsl.limits.MAX_HANDS`), found without building the
    document, or None.

    Each value is decoded by :mod:`json`'s scanner and dropped at once, so memory
    stays that of one deal and time one pass: a game of 100,000 deals, parsed and
    converted whole before it was refused, took 2 GB.  Text that is not JSON gives
    None: the parse that follows reports it at its place."""
    try:
        return _scan_document(text, _skip(text, 0))
    except (ValueError, IndexError, RecursionError):
        return None


def _skip(text: str, pos: int) -> int:
    return _WS_RUN.match(text, pos).end()  # type: ignore[union-attr]


def _value_end(text: str, pos: int) -> int:
    """Where the JSON value at ``pos`` ends (decoded by the C scanner, and dropped)."""
    end: int = _DECODER.raw_decode(text, pos)[1]
    return end


def _object_end(text: str, pos: int, member: Callable[[str, int], int]) -> int:
    """Where the object at ``pos`` ends; ``member(key, start)`` reads each value and
    returns where it ends."""
    if text[pos] != "{":
        raise ValueError("not an object")
    pos = _skip(text, pos + 1)
    if text[pos] == "}":
        return pos + 1
    while True:
        if text[pos] != '"':
            raise ValueError("expected a key")
        key, pos = scanstring(text, pos + 1)
        pos = _skip(text, pos)
        if text[pos] != ":":
            raise ValueError("expected ':'")
        pos = _skip(text, member(key, _skip(text, pos + 1)))
        if text[pos] == "}":
            return pos + 1
        if text[pos] != ",":
            raise ValueError("expected ','")
        pos = _skip(text, pos + 1)


def _array_end(text: str, pos: int, item: Callable[[int, int], int]) -> int:
    """Where the array at ``pos`` ends; ``item(index, start)`` reads each item and
    returns where it ends."""
    if text[pos] != "[":
        raise ValueError("not an array")
    pos = _skip(text, pos + 1)
    if text[pos] == "]":
        return pos + 1
    i = 0
    while True:
        pos = _skip(text, item(i, pos))
        if text[pos] == "]":
            return pos + 1
        if text[pos] != ",":
            raise ValueError("expected ','")
        pos = _skip(text, pos + 1)
        i += 1


def _deals_scan(text: str, at: int, game: int,
                prefix: JsonPath) -> tuple[int, OverLimit | None]:
    """Where the ``deals`` array at ``at`` ends, and its count when over the limit."""
    count, past = 0, -1

    def deal(i: int, start: int) -> int:
        nonlocal count, past
        count += 1
        if i == MAX_HANDS:
            past = start
        return _value_end(text, start)

    end = _array_end(text, at, deal)
    over = OverLimit(game, prefix + ("deals", MAX_HANDS), count, past)
    return end, over if count > MAX_HANDS else None


def _game_scan(text: str, pos: int, game: int,
               prefix: JsonPath) -> tuple[int, OverLimit | None]:
    """Where the EGN game object at ``pos`` ends, and its deals when over the limit
    (those of its last ``deals`` key, the one a parse keeps)."""
    over: OverLimit | None = None

    def member(key: str, at: int) -> int:
        nonlocal over
        if key != "deals" or text[at] != "[":
            return _value_end(text, at)
        end, over = _deals_scan(text, at, game, prefix)
        return end

    return _object_end(text, pos, member), over


def _scan_document(text: str, pos: int) -> OverLimit | None:
    """:func:`deals_over_limit` of the JSON value at ``pos``: an EGN game, or an EMN
    match (told apart as :func:`is_match` does, from the keys read)."""
    keys: dict[str, Any] = {}  # the top-level keys seen, 'fileType' with its value
    deals: OverLimit | None = None  # the game's, if the text is a game
    games: OverLimit | None = None  # the first game's over the limit, if a match

    def member(key: str, at: int) -> int:
        nonlocal deals
        keys[key] = None
        if key == "fileType":
            keys[key], end = _DECODER.raw_decode(text, at)
            return int(end)
        if key == "deals" and text[at] == "[":
            end, deals = _deals_scan(text, at, 0, ())
            return end
        if key == "games" and text[at] == "[":
            return _array_end(text, at, entry)
        return _value_end(text, at)

    def entry(i: int, start: int) -> int:
        def entry_member(key: str, at: int) -> int:
            nonlocal games
            if key != "gameData" or text[at] != "{":
                return _value_end(text, at)
            end, over = _game_scan(text, at, i, ("games", i, "gameData"))
            games = games or over
            return end

        if text[start] != "{":
            return _value_end(text, start)
        return _object_end(text, start, entry_member)

    if text[pos] != "{":
        return None
    _object_end(text, pos, member)
    if keys.get("fileType") == MATCH_TYPE or ("games" in keys and "deals" not in keys):
        return games
    return deals


# ================================================================ writing
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
            if isinstance(v, str) and v and (key != "date" or _DATE.match(v)):
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
    if not _CURRENT.match(version):
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
    phases = res.pop("phases", None) or [{"phaseNumber": 0, "type": _BIDDING}]
    if plays and not any(p.get("type") == _PLAY for p in phases):
        phases.append({"phaseNumber": _int(phases[-1].get("phaseNumber")) + 1, "type": _PLAY})
    out_phases = []
    for ph in phases:
        if ph.get("type") == _BIDDING:
            ph = {"phaseNumber": ph.get("phaseNumber", 0), "type": _BIDDING, "calls": calls,
                  **{k: v for k, v in ph.items() if k not in ("phaseNumber", "type")}}
            if alone or "isAlone" in present:
                ph["isAlone"] = alone
            if defender >= 0 or "aloneDefender" in present:
                ph["aloneDefender"] = defender
            if discard is not None and (discard != UNKNOWN_CARD or "discard" in present):
                ph["discard"] = spell("d", discard)
        elif ph.get("type") == _PLAY:
            ph = {"phaseNumber": ph.get("phaseNumber", 1), "type": _PLAY, "tricks": tricks,
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
        return _rules_of(json.dumps(v, sort_keys=True))
    except EuchreError as exc:
        raise EgnWriteError("; ".join(p.message for p in exc.problems)) from None
