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

This module reads games and files (:func:`read_game`, :func:`egn_items`); the rest
is beside it: :mod:`.egn_deal` (one deal as a hand), :mod:`.egn_document` (EGN's
names and the upgrade of old versions),
:mod:`.egn_hash` (the baseline hash), :mod:`.egn_limit` (the deals limit,
checked before a file is parsed), :mod:`.egn_write` (writing EGN),
:mod:`.egn_rules` (EGN's ruleset toggles as a variant), :mod:`.egnb` and
:mod:`.egn_bits` (the binary form).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterator

from ..errors import Location, Problem
from ..limits import MAX_HANDS, clip
from ..records.notation import FORMAT, result_to_json, winner_to_json
from ..records.positions import Item, JsonPath, Locate, Locator, no_positions
from ..replay.events import HandEnded, Started
from ..replay.variants import Variants
from ..replay.walk import walk_record
from .egn_deal import Cut, DealReader
from .egn_document import (
    EXTENSION, FINAL_FROM, FROM_EGN, FROM_REPLAY, GAME_TYPE, MATCH_TYPE, NEWEST_VERSION,
    NOTES_KEY, RESULTS_FROM, SEATS, SIDES, EgnProblem, is_match, raw_path, ruleset_of_json,
    too_many_deals, upgrade,
)
from .egn_rules import RulesetError, variant_for_ruleset
from .egn_hash import baseline_hash
from .egn_write import EgnWriteError, write_egn

__all__ = [
    "GAME_TYPE", "MATCH_TYPE", "EXTENSION", "NEWEST_VERSION", "SEATS", "SIDES", "EgnGame",
    "EgnWriteError", "egn_items", "baseline_hash", "write_egn",
    "upgrade", "is_match",
]


# ================================================================ reading
@dataclass
class EgnGame:
    """One EGN game converted: the record (``None`` when the game is not EGN at
    all), where each part of it came from, and what was met on the way."""

    record: dict[str, Any] | None
    #: record path -> path of the upgraded EGN game it came from
    paths: dict[JsonPath, JsonPath] = field(default_factory=dict)
    found: list[EgnProblem] = field(default_factory=list)

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


def read_game(game: Any, players_override: list[Any] | None = None) -> EgnGame:
    """Convert one EGN game (parsed JSON, any published version) to an ``ehh/1`` record.

    ``players_override``: the seats' players from an EMN match (names or player
    objects), used instead of the game's own.
    """
    out = EgnGame(None)
    if not isinstance(game, dict):
        out.found.append(EgnProblem("schema", "an EGN game must be a JSON object", ()))
        return out
    g = upgrade(game)
    ftype = g.get("fileType")
    if ftype is not None and ftype != GAME_TYPE:
        out.found.append(EgnProblem("schema", f"'fileType' is {json.dumps(ftype)}, not "
                                f"\"{GAME_TYPE}\"", ("fileType",)))
        return out
    meta = g.get("metadata")
    deals = g.get("deals")
    if not isinstance(meta, dict):
        out.found.append(EgnProblem("schema", "an EGN game needs 'metadata', an object",
                                ("metadata",)))
    if not isinstance(deals, list):
        out.found.append(EgnProblem("schema", "an EGN game needs 'deals', an array", ("deals",)))
    if out.found:
        return out
    assert isinstance(meta, dict) and isinstance(deals, list)
    if len(deals) > MAX_HANDS:
        out.found.append(too_many_deals(len(deals)))
        return out
    try:
        variant = variant_for_ruleset(meta.get("ruleset"))
    except RulesetError as exc:
        where: JsonPath = ("metadata", "ruleset") + ((exc.field,) if exc.field else ())
        out.found.append(EgnProblem("invalid-variant", f"EGN ruleset: {exc.message}", where))
        return out
    rules = ruleset_of_json(json.dumps(variant, sort_keys=True))
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
    reader = DealReader(rules, out.paths, out.found)
    hands: list[dict[str, Any]] = []
    residues: list[Any] = []
    notes: list[dict[str, Any]] = []
    cut = False
    for d, deal in enumerate(deals):
        try:
            hand, residue, hand_notes = reader.deal(d, len(hands), deal)
        except Cut as stop:
            out.found.append(stop.found)
            if d + 1 < len(deals) or stop.found.severity != "info":
                out.found.append(EgnProblem(
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


#: The variants of the records read, compiled once each: the games of a match, and
#: the files of a folder, mostly share one (compiling it took 20 ms a game).
_VARIANTS = Variants()


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
    for event in walk_record(record, variants=_VARIANTS):
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


def _player_names(players: Any, out: EgnGame) -> dict[str, str]:
    if players is None:
        return {}
    if not isinstance(players, list):
        out.found.append(EgnProblem("schema", "'players' must be an array",
                                    ("metadata", "players")))
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
        out.found.append(EgnProblem("schema", "a team score is an array of two whole numbers "
                                "[team 0/2, team 1/3]", where))
        return None
    return {SIDES[0]: value[0], SIDES[1]: value[1]}


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
        bad = EgnGame(None, found=[EgnProblem("syntax", f"values are nested more than {_MAX_DEPTH} "
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
        found.append(EgnProblem("schema", "an EMN match needs 'games', an array", ("games",)))
    if not isinstance(games, list) or (found and not games):
        yield _item(0, text, doc, (), EgnGame(None, found=found), loc)
        return
    for i, entry in enumerate(games):
        prefix: JsonPath = ("games", i)
        if not isinstance(entry, dict) or not isinstance(entry.get("gameData"), dict):
            bad = EgnGame(None, found=[EgnProblem("schema", "a game of a match needs 'gameData', "
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


def _registry(meta: Any) -> tuple[dict[str, Any] | None, list[EgnProblem]]:
    """An EMN match's player registry (``metadata.players``: id -> player object),
    ``None`` when the match has none to check ids against, and its problems: not an
    array of players each with an ``id``, an id given twice."""
    players = meta.get("players") if isinstance(meta, dict) else None
    where: JsonPath = ("metadata", "players")
    if players is None:
        return None, []
    if not isinstance(players, list):
        return None, [EgnProblem("schema", "'players' must be an array of players, each an "
                             "object with an 'id'", where)]
    registry: dict[str, Any] = {}
    found: list[EgnProblem] = []
    for k, p in enumerate(players):
        pid = p.get("id") if isinstance(p, dict) else None
        if not isinstance(pid, str):
            return None, [EgnProblem("schema", "a player of the match must be an object with an "
                                 "'id', a string", where + (k,))]
        if pid in registry:
            found.append(EgnProblem("schema", f"the player id {_quoted(pid)} is given twice",
                                where + (k, "id")))
        registry[pid] = p
    return registry, found


def _seating(seated: Any, where: JsonPath, registry: dict[str, Any] | None) -> list[EgnProblem]:
    """The problems of one game's seating in a match (``players`` or
    ``playersOverride``: the ids of the players at North, East, South, West):
    not four ids, an id not in the registry, a player seated twice."""
    if seated is None:
        return []
    if not isinstance(seated, list) or len(seated) != 4 or not all(
            isinstance(pid, str) for pid in seated):
        return [EgnProblem("schema", f"'{where[-1]}' must be four player ids (North, East, South, "
                       "West)", where)]
    found = []
    for seat, pid in enumerate(seated):
        if registry is not None and pid not in registry:
            found.append(EgnProblem("schema", f"the player id {_quoted(pid)} is not one of the "
                                "match's players ('metadata.players')", where + (seat,)))
        elif pid in seated[:seat]:
            found.append(EgnProblem("schema", f"the player {_quoted(pid)} is seated twice (at "
                                f"{SEATS[seated.index(pid)]} and {SEATS[seat]})",
                                where + (seat,)))
    return found


def _quoted(text: str) -> str:
    """A string of the input in a message: in double quotes, cut to a few words."""
    return json.dumps(clip(text), ensure_ascii=False)


def _item(index: int, text: str, raw_game: Any, prefix: JsonPath, game: EgnGame,
          loc: Locate, outer: list[EgnProblem] | None = None) -> Item:
    """The item of one converted game, its places mapped back into the text by
    ``loc``, the locator of the whole file (shared by the games of a match);
    ``outer``: problems of the match around the game, at paths of the whole file,
    reported before the game's own."""
    def place(path: JsonPath, key: bool = False) -> Location:
        egn, exact = game.egn_path(path)
        return loc(prefix + raw_path(raw_game, egn), key and exact)

    def locator(text: str, line: int, file: str | None) -> Locate:
        return place

    converted = tuple(
        [Problem(f.code, f.message, f.severity, loc(f.path, False), f.hint, index, f.hand)
         for f in outer or ()]
        + [Problem(f.code, f.message, f.severity, loc(prefix + raw_path(raw_game, f.path),
                                                      False), f.hint, index, f.hand)
           for f in game.found])
    if game.record is None:
        first = converted[0] if converted else Problem("schema", "not an EGN game")
        return Item(index, 1, text, None, first, locator, -1, converted[1:])
    return Item(index, 1, text, game.record, None, locator, -1, converted)
