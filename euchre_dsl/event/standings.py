"""An event's standings from its records, and every problem that makes them wrong.

An event is a set of ordinary game records, one per table per round: the
record's ``players`` say who sat in each seat and its ``meta.round`` which
round it was (``meta.table`` is shown, never checked).  Each record is first
replayed and checked like any other (:func:`~euchre_dsl.replay.walk.walk_record`:
a renege, a wrong score claimed, ...); then the event's own rules are checked
across records, each problem located at the record part that breaks it:

* ``event-variant``: the record's variant is not an event, or not the event's;
* ``event-round``: no round number, or one outside the event's rounds;
* ``event-players``: a seat without a player;
* ``event-player``: a player seated twice in one round;
* ``event-partner``: under a round-robin rotation, partners who were partners
  in an earlier round (reported at the later record's seat);
* ``event-unfinished`` (warning): a round that stops before its last deal;
* ``event-absent``, ``event-size`` (warnings): a player missing from a round,
  an event size its rules do not plan for.

Totals come from :func:`player_points`, the one rule for what a hand adds to
one player's total; rounds won and lone marches are counted for the tie break.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from ..engine.machine import Machine
from ..engine.scoring import lone_march
from ..engine.state import HandResult
from ..errors import Location, Problem
from ..records.positions import Item, JsonPath, Locate
from ..replay.events import HandEnded, Started
from ..replay.walk import walk_record
from ..rules.ruleset import Rotation, RuleSet, TieBreak
from ..validate.validator import Validator


def player_points(r: RuleSet, side_of: tuple[int, ...], res: HandResult) -> list[int]:
    """What one hand adds to each seat's own total in an event.

    Each player scores their side's points, except a lone march
    (:func:`~euchre_dsl.engine.scoring.lone_march`: a renege penalty that
    replaces the march's score voids it) where
    ``event.alone_march_loner``/``alone_march_partner`` are set: the loner and
    the partners who sat out then score those instead.  The sides' scores stay
    the engine's (:func:`~euchre_dsl.engine.scoring.score_hand`)."""
    out = [res.points[side_of[s]] for s in range(len(side_of))]
    e = r.event
    if res.maker is not None and lone_march(r, side_of, res):
        side = side_of[res.maker]
        for s, own in enumerate(side_of):
            if own != side:
                continue
            bonus = e.alone_march_loner if s == res.maker else e.alone_march_partner
            if bonus is not None:
                out[s] = bonus
    return out


@dataclass
class PlayerTotal:
    """One player's line of the standings."""

    name: str
    points: int = 0
    games_won: int = 0
    lone_marches: int = 0
    by_round: dict[int, int] = field(default_factory=dict)  # round (1-based) -> points
    place: int = 0

    def tie_value(self, tie_break: str) -> int:
        """What separates this player from others level on points."""
        if tie_break == TieBreak.GAMES_WON:
            return self.games_won
        if tie_break == TieBreak.LONE_MARCHES:
            return self.lone_marches
        return 0


@dataclass
class Seated:
    """Where a player sat in one round: for the once-a-round and partner checks."""

    record: int
    file: str | None
    partners: tuple[str, ...]


class Event:
    """Reads an event's records one by one; :meth:`standings` ranks the players."""

    def __init__(self, validator: Validator | None = None, name: str | None = None) -> None:
        self.validator = validator or Validator()
        #: only the records whose ``meta.event`` is this name (``None``: every record)
        self.name = name
        self.rules: RuleSet | None = None
        self.players: dict[str, PlayerTotal] = {}
        #: (round, player) -> where they sat
        self.seated: dict[tuple[int, str], Seated] = {}
        #: where each player was first seated: event-wide warnings about them point there
        self.first_seat: dict[str, Location] = {}
        self.first_file: str | None = None
        #: rounds of a record left out for an error (None: a record whose round is not
        #: known): who sat there is not known, so nobody is said to be missing from them
        self.gaps: set[int | None] = set()
        self.records = 0
        self.hands = 0

    # ------------------------------------------------------------ reading
    def add(self, item: Item, file: str | None) -> Iterator[Problem]:
        """Every problem of one record read from ``file``, the replay's and the event's
        (nothing for a record of another event than :attr:`name`)."""
        if self.name is not None and not _of_event(item, self.name):
            return
        self.records += 1
        if item.problem is not None:
            self.gaps.add(None)
            yield item.problem
            yield from item.converted
            return
        yield from item.converted
        record = item.data
        locate = item.locate(file)
        game: Machine | None = None
        points: dict[int, int] = {}
        lone: dict[int, int] = {}
        for ev in walk_record(record, index=item.index, file=file, locate=locate,
                              variants=self.validator):
            if type(ev) is Problem:
                yield ev
            elif type(ev) is Started:
                game = ev.game
            elif type(ev) is HandEnded and ev.finished and game is not None:
                self.hands += 1
                res = ev.game.last_result
                assert res is not None
                for s, p in enumerate(player_points(game.rules, game.side_of, res)):
                    points[s] = points.get(s, 0) + p
                if res.maker is not None and lone_march(game.rules, game.side_of, res):
                    lone[res.maker] = lone.get(res.maker, 0) + 1
        if game is None:
            self.gaps.add(_meta_round(record))
            return  # the record cannot be replayed: its problems are said
        at = _At(locate, item.index)
        rules = game.rules
        if rules.event.rounds is None:
            yield at.error(("variant",), "event-variant", f"variant {rules.id} is not an "
                           "event (its event.rounds is none)",
                           "name an event variant, such as progressive")
            self.gaps.add(_meta_round(record))
            return
        if self.rules is None:
            self.rules, self.first_file = rules, file
        elif rules != self.rules:
            yield at.error(("variant",), "event-variant", f"variant {rules.id} is not this "
                           f"event's ({self.rules.id}, from the first record)",
                           "every record of an event has the same variant")
            self.gaps.add(_meta_round(record))
            return
        rnd = _round_of(record, rules, at)
        names = _names_of(record, game, at)
        if isinstance(rnd, Problem) or isinstance(names, Problem):
            self.gaps.add(None if isinstance(rnd, Problem) else rnd)
            yield from (x for x in (rnd, names) if isinstance(x, Problem))
            return
        if not game.is_over:
            length = "" if rules.game.deals is None else f" of its {rules.game.deals}"
            yield at.warning(("hands",), "event-unfinished", f"round {rnd} stops after "
                             f"{game.deals}{length} deals, before its game is over",
                             "record every deal of the round")
        yield from self._seat(game, rnd, names, at, file)
        for s, name in enumerate(names):
            total = self.players.setdefault(name, PlayerTotal(name))
            total.points += points.get(s, 0)
            total.by_round[rnd] = total.by_round.get(rnd, 0) + points.get(s, 0)
            total.lone_marches += lone.get(s, 0)
            if game.winners is not None and len(game.winners) == 1 \
                    and game.side_of[s] == game.winners[0]:
                total.games_won += 1

    def _seat(self, game: Machine, rnd: int, names: list[str], at: _At,
              file: str | None) -> Iterator[Problem]:
        """The once-a-round and new-partner checks for one record's players."""
        assert self.rules is not None
        round_robin = self.rules.event.rotation == Rotation.ROUND_ROBIN
        told: set[frozenset[str]] = set()  # a pair paired again is said once, at its first seat
        for s, name in enumerate(names):
            partners = tuple(names[o] for o in range(len(names))
                             if o != s and game.side_of[o] == game.side_of[s])
            path: JsonPath = ("players", game.labels[s])
            before = self.seated.get((rnd, name))
            if before is not None:
                yield at.error(path, "event-player", f"{name} is seated twice in round "
                               f"{rnd} (also in {_record_name(before)})",
                               "each player plays at one table a round")
                continue
            if round_robin:
                again = [(r, p) for (r, who), seat in self.seated.items() if who == name
                         for p in seat.partners if p in partners]
                if again and frozenset((name, min(again)[1])) not in told:
                    r, p = min(again)
                    told.add(frozenset((name, p)))
                    yield at.error(path, "event-partner", f"{name} partners {p} again: they "
                                   f"were partners in round {r}, and the rotation "
                                   "(round_robin) never repeats a partnership",
                                   "seat the players as 'euchre event schedule' says")
            self.seated[(rnd, name)] = Seated(at.index, file, partners)
            if name not in self.first_seat:
                self.first_seat[name] = at.locate(path, True)

    def read(self, items: Iterable[Item], file: str | None) -> Iterator[Problem]:
        """:meth:`add` for every record of one file."""
        for item in items:
            yield from self.add(item, file)

    # ------------------------------------------------------------ the end
    def final_problems(self) -> list[Problem]:
        """Warnings that need every record: players missing from a round, the size."""
        out: list[Problem] = []
        if self.rules is None:
            return out
        rounds = [] if None in self.gaps else \
            sorted({r for r, _ in self.seated} - set(self.gaps))
        for name in sorted(self.players):
            for r in rounds:
                if (r, name) not in self.seated:
                    out.append(Problem("event-absent", f"{name} plays no table in round {r}",
                                       "warning", self.first_seat[name],
                                       hint="add the round's record for their table"))
        sizes = self.rules.event.players
        if sizes and len(self.players) not in sizes:
            planned = " or ".join(str(k) for k in sizes)
            out.append(Problem("event-size", f"{len(self.players)} players took part; variant "
                               f"{self.rules.id} is an event for {planned}", "warning",
                               Location(self.first_file)))
        return out

    def standings(self) -> list[PlayerTotal]:
        """Every player, best first, with ``place`` set (level players share it)."""
        tie = self.rules.event.tie_break if self.rules is not None else TieBreak.SHARED

        def key(p: PlayerTotal) -> tuple[int, int]:
            return (-p.points, -p.tie_value(tie))

        rows = sorted(self.players.values(), key=lambda p: (key(p), p.name))
        for i, p in enumerate(rows):
            p.place = rows[i - 1].place if i and key(rows[i - 1]) == key(p) else i + 1
        return rows


class _At:
    """Makes problems located at a JSON path of one record."""

    def __init__(self, locate: Locate, index: int) -> None:
        self.locate = locate
        self.index = index

    def _problem(self, path: JsonPath, code: str, message: str, hint: str | None,
                 severity: str) -> Problem:
        return Problem(code, message, severity, self.locate(path, True), hint, record=self.index)

    def error(self, path: JsonPath, code: str, message: str, hint: str | None = None) -> Problem:
        return self._problem(path, code, message, hint, "error")

    def warning(self, path: JsonPath, code: str, message: str,
                hint: str | None = None) -> Problem:
        return self._problem(path, code, message, hint, "warning")


def _of_event(item: Item, name: str) -> bool:
    """Whether a record says it belongs to event ``name`` (``meta.event``)."""
    data = item.data if item.problem is None else None
    meta = data.get("meta") if isinstance(data, dict) else None
    return isinstance(meta, dict) and meta.get("event") == name


def _round_of(record: dict[str, Any], rules: RuleSet, at: _At) -> int | Problem:
    """The record's round number (1-based), or the problem with it."""
    rounds = rules.event.rounds
    meta = record.get("meta")
    if not isinstance(meta, dict) or "round" not in meta:
        return at.error(("meta",) if isinstance(meta, dict) else (), "event-round",
                        "the record does not say which round of the event it is",
                        f'add "meta": {{"round": N}} with N from 1 to {rounds}')
    rnd = meta["round"]
    if type(rnd) is not int or not 1 <= rnd <= (rounds or 0):
        return at.error(("meta", "round"), "event-round", f"round {rnd!r} is not a round of "
                        f"this event", f"use a whole number from 1 to {rounds}")
    return rnd


def _names_of(record: dict[str, Any], game: Machine, at: _At) -> list[str] | Problem:
    """Who sat in each seat, from the record's ``players``, or the problem with it."""
    players = record.get("players")
    if not isinstance(players, dict):
        return at.error((), "event-players", "the record does not say who sat where",
                        'add "players": {seat: name} for every seat')
    names: list[str] = []
    for label in game.labels:
        name = players.get(label)
        if not isinstance(name, str) or not name.strip():
            return at.error(("players",), "event-players", f"seat {label} has no player",
                            f"name the player in seat {label}")
        if name.strip() in names:
            return at.error(("players", label), "event-player", f"{name.strip()} is seated "
                            "twice at this table", "each player has one seat")
        names.append(name.strip())
    return names


def _meta_round(record: Any) -> int | None:
    """The round a record says it is of, unchecked (None where it says none)."""
    meta = record.get("meta") if type(record) is dict else None
    rnd = meta.get("round") if type(meta) is dict else None
    return rnd if type(rnd) is int else None


def _record_name(s: Seated) -> str:
    return f"{s.file or '<input>'} record {s.record + 1}"
