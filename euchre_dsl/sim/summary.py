"""Statistics of simulated (or recorded) games, with 95% confidence intervals.

Everything is counted from what the engine decided -- :class:`HandResult`
(points from ``scoring.score_hand``, ``made`` from ``scoring.makers_made``)
and the hand's action log -- so no rule is restated here.  The accumulators
are plain sums that merge exactly (:meth:`Stats.merge`): a run split into
batches over processes or a cluster adds up to the same figures, and a sum of
integers does not depend on the order of addition.

Intervals: a proportion gets the Wilson score interval, a mean the normal
interval ``mean ± 1.96·sd/√n``.  Hands of one game are treated as independent
(the score influences a bot's bidding only a little); ``euchre compare``
pairs the hands of two runs on the same deals.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.actions import BID, CALL, DROP, ORDER_UP, STAY, TAKE_WIDOW
from ..engine.machine import Machine, HandResult
from ..engine.match import GameOutcome, Match
from ..engine.scoring import shoots

Z95 = 1.959963984540054


@dataclass
class Rate:
    """``hits`` out of ``n``."""

    hits: int = 0
    n: int = 0

    def add(self, hit: bool, times: int = 1) -> None:
        self.hits += hit * times
        self.n += times

    def merge(self, other: "Rate") -> None:
        self.hits += other.hits
        self.n += other.n

    @property
    def value(self) -> float:
        return self.hits / self.n if self.n else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval."""
        if not self.n:
            return (0.0, 1.0)
        n, p, z2 = self.n, self.hits / self.n, Z95 * Z95
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    def text(self) -> str:
        low, high = self.interval()
        return f"{self.value:.1%} ± {(high - low) / 2:.1%}"

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval()
        return {"count": self.hits, "of": self.n, "value": round(self.value, 6),
                "low": round(low, 6), "high": round(high, 6)}


@dataclass
class Mean:
    """A running mean with its variance, from integer samples (exact sums)."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, x: int, times: int = 1) -> None:
        self.n += times
        self.total += x * times
        self.squares += x * x * times

    def merge(self, other: "Mean") -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares

    @property
    def value(self) -> float:
        return self.total / self.n if self.n else 0.0

    def half_width(self) -> float:
        """Half the 95% normal interval of the mean."""
        if self.n < 2:
            return math.inf
        var = (self.squares - self.total * self.total / self.n) / (self.n - 1)
        return Z95 * math.sqrt(max(var, 0.0) / self.n)

    def text(self) -> str:
        if self.n < 2:
            return f"{self.value:+.3f}"
        return f"{self.value:+.3f} ± {self.half_width():.3f}"

    def to_json(self) -> dict[str, Any]:
        half = self.half_width()
        return {"n": self.n, "value": round(self.value, 6),
                "half_width": None if math.isinf(half) else round(half, 6)}


@dataclass
class Contracts:
    """The outcomes of hands in which somebody made trump, from the makers' side."""

    made: Rate = field(default_factory=Rate)
    march: Rate = field(default_factory=Rate)
    alone: Rate = field(default_factory=Rate)
    alone_made: Rate = field(default_factory=Rate)
    makers_points: Mean = field(default_factory=Mean)

    def add(self, made: bool, march: bool, alone: bool, points: int, times: int = 1) -> None:
        self.made.add(made, times)
        self.march.add(march, times)
        self.alone.add(alone, times)
        if alone:
            self.alone_made.add(made, times)
        self.makers_points.add(points, times)

    def merge(self, other: "Contracts") -> None:
        for name in ("made", "march", "alone", "alone_made", "makers_points"):
            getattr(self, name).merge(getattr(other, name))

    def to_json(self) -> dict[str, Any]:
        euchred = Rate(self.made.n - self.made.hits, self.made.n)
        return {"hands": self.made.n, "made": self.made.to_json(), "euchred": euchred.to_json(),
                "march": self.march.to_json(), "alone": self.alone.to_json(),
                "alone_made": self.alone_made.to_json(),
                "makers_points_per_hand": self.makers_points.to_json()}


#: A seat by where it sits from the dealer, by its offset (``seat 1`` bids first,
#: the dealer last); enough names for any table the rules allow.
POSITIONS = ("dealer",) + tuple(f"seat {k}" for k in range(1, 16))


def bidding_round(game: Machine, res: HandResult) -> str:
    """How trump was made in the hand just finished, read from its action log (a
    stuck dealer from the result, where the engine records it)."""
    if res.maker is None:
        return "forced" if res.trump is not None else "none"
    for _seat, verb, _arg, _alone in game.hand_log:
        if verb == ORDER_UP:
            return "first round"
        elif verb == CALL:
            return "second round, stuck dealer" if res.stuck_dealer else "second round"
        elif verb == BID:
            return "auction"
        elif verb == TAKE_WIDOW:
            return "widow"
    return "other"


@dataclass
class Stats:
    """What a player wants to know after a run; mergeable across batches."""

    games: int = 0
    hands: int = 0
    thrown_in: int = 0
    made: int = 0
    euchred: int = 0
    marches: int = 0
    alone: int = 0
    alone_made: int = 0
    renege: int = 0
    points: dict[str, int] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    ties: int = 0
    slams: int = 0
    rubbers: dict[str, int] = field(default_factory=dict)
    rubber_margins: int = 0
    #: per dealt hand, ``(dealer, points per side) -> hands``: the points tables
    #: are made from these counts (one dictionary update a hand keeps it cheap)
    deal_counts: dict[tuple[int, tuple[int, ...]], int] = field(default_factory=dict)
    #: per contract, ``(maker's place from the dealer, how trump was made, makers'
    #: side, made, marched, alone, makers' points, the winning bid) -> hands``; the
    #: bid is ``bid N``, ``shoot`` or (no auction) empty
    contract_counts: dict[tuple[int, str, int, bool, bool, bool, int, str], int] = \
        field(default_factory=dict)
    #: the table, from the first hand counted: side of each seat, side names
    side_of: tuple[int, ...] = ()
    side_names: tuple[str, ...] = ()
    #: stay-or-drop variants: non-makers who dropped, and stayers taking no trick
    dropped: Rate = field(default_factory=Rate)
    bucked: Rate = field(default_factory=Rate)

    def merge(self, other: "Stats") -> None:
        """Add another run's figures to these (batches of one run, in any order)."""
        for name in ("games", "hands", "thrown_in", "made", "euchred", "marches", "alone",
                     "alone_made", "renege", "ties", "slams", "rubber_margins"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("points", "wins", "rubbers"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for key, value in theirs.items():
                mine[key] = mine.get(key, 0) + value
        for key, times in other.deal_counts.items():
            self.deal_counts[key] = self.deal_counts.get(key, 0) + times
        for contract, times in other.contract_counts.items():
            self.contract_counts[contract] = self.contract_counts.get(contract, 0) + times
        self.side_of = self.side_of or other.side_of
        self.side_names = self.side_names or other.side_names
        self.dropped.merge(other.dropped)
        self.bucked.merge(other.bucked)

    def add_match_game(self, game: Machine, outcome: GameOutcome, match: Match) -> None:
        """A game played as part of a match: also count slams and finished rubbers."""
        self.add_game(game)
        self.slams += outcome.value > 1
        winner = match.rubber_winner
        if match.is_over and winner is not None:
            name = game.side_names[winner]
            self.rubbers[name] = self.rubbers.get(name, 0) + 1
            self.rubber_margins += match.rubber_margin or 0

    def add_hand(self, game: Machine) -> None:
        """The hand just finished in ``game`` (call before the next deal)."""
        res = game.results[-1]
        self.hands += 1
        if not self.side_of:
            self.side_of, self.side_names = game.side_of, game.side_names
        key = (res.dealer, res.points)
        self.deal_counts[key] = self.deal_counts.get(key, 0) + 1
        if res.thrown_in:
            self.thrown_in += 1
            return
        names = game.side_names
        for i, p in enumerate(res.points):
            self.points[names[i]] = self.points.get(names[i], 0) + p
        self.renege += res.renege_by is not None
        if game.stay_drop:  # the rule set's option, as the game's attribute (see State)
            self._add_participation(game, res)
        if res.made is None or res.maker is None:
            return
        makers = game.side_of[res.maker]
        march = res.march
        self.made += res.made
        self.euchred += not res.made
        self.marches += march
        self.alone += res.alone
        self.alone_made += res.alone and res.made
        how = bidding_round(game, res)
        contract = ((res.maker - res.dealer) % game.n, how, makers,
                    res.made, march, res.alone, res.points[makers], winning_bid(game, how))
        self.contract_counts[contract] = self.contract_counts.get(contract, 0) + 1

    def _add_participation(self, game: Machine, res: HandResult) -> None:
        asked = {a[0]: a[1] == DROP for a in game.hand_log if a[1] in (STAY, DROP)}
        for dropped in asked.values():
            self.dropped.add(dropped)
        for seat in range(game.n):
            if seat != res.maker and game.active[seat] and not asked.get(seat, False):
                self.bucked.add(res.tricks[seat] == 0)

    def add_game(self, game: Machine) -> None:
        """A finished (or stopped) game, after :meth:`add_hand` was called for its hands."""
        self.games += 1
        if game.winners is not None:
            if len(game.winners) > 1:
                self.ties += 1
            for w in game.winners:
                name = game.side_names[w]
                self.wins[name] = self.wins.get(name, 0) + 1 / len(game.winners)

    # ------------------------------------------------------------ the tables
    @property
    def side_points(self) -> dict[str, Mean]:
        """Points per dealt hand, per side."""
        out = {name: Mean() for name in self.side_names}
        for (_dealer, points), times in self.deal_counts.items():
            for i, p in enumerate(points):
                out[self.side_names[i]].add(p, times)
        return out

    @property
    def seat_points(self) -> dict[str, Mean]:
        """Points per dealt hand of the side of the seat at each place from the dealer."""
        n = len(self.side_of)
        out = {POSITIONS[k]: Mean() for k in range(n)}
        for (dealer, points), times in self.deal_counts.items():
            for k in range(n):
                out[POSITIONS[k]].add(points[self.side_of[(dealer + k) % n]], times)
        return out

    def _contracts(self, key: Callable[[int, str, int], str],
                   bid: bool = False) -> dict[str, Contracts]:
        """Contracts by ``key(place, how, side)``, or with ``bid`` by the winning bid
        (auction hands only)."""
        out: dict[str, Contracts] = {}
        for (place, how, side, made, march, alone, points, won_by), times in \
                self.contract_counts.items():
            if bid and not won_by:
                continue
            k = won_by if bid else key(place, how, side)
            table = out.get(k)
            if table is None:
                table = out[k] = Contracts()
            table.add(made, march, alone, points, times)
        return out

    @property
    def by_side(self) -> dict[str, Contracts]:
        """Contracts by the side that made trump."""
        return self._contracts(lambda place, how, side: self.side_names[side])

    @property
    def by_maker_seat(self) -> dict[str, Contracts]:
        """Contracts by the maker's seat relative to the dealer."""
        return self._contracts(lambda place, how, side: POSITIONS[place])

    @property
    def by_round(self) -> dict[str, Contracts]:
        """Contracts by how trump was made, in bidding order."""
        table = self._contracts(lambda place, how, side: how)
        return {k: table[k] for k in sorted(table, key=lambda k: ROUNDS.index(k))}

    @property
    def by_seat_and_round(self) -> dict[str, Contracts]:
        """Contracts by the maker's seat and how trump was made (``seat 2, first round``)."""
        return self._contracts(lambda place, how, side: f"{POSITIONS[place]}, {how}")

    @property
    def by_bid(self) -> dict[str, Contracts]:
        """Auction contracts by the winning bid, lowest first, shoots last: bids made
        and set."""
        table = self._contracts(lambda place, how, side: "", bid=True)
        return {k: table[k] for k in sorted(table, key=_bid_order)}

    @property
    def all_contracts(self) -> Contracts:
        """Every contract."""
        return self._contracts(lambda place, how, side: "all").get("all", Contracts())

    # ---------------------------------------------------------------- output
    def summary(self) -> str:
        played = self.hands - self.thrown_in
        contested = self.made + self.euchred
        lines = [f"games {self.games}, hands {self.hands} "
                 f"({self.thrown_in} thrown in, {played} played)"]
        c = self.all_contracts
        if contested:
            if c.made.n == contested:
                euchred = Rate(c.made.n - c.made.hits, c.made.n)
                lines.append(f"makers made it {c.made.text()}, euchred {euchred.text()}, "
                             f"marches {c.march.text()}")
            else:
                lines.append(f"makers made it {self.made / contested:.1%}, euchred "
                             f"{self.euchred / contested:.1%}, marches "
                             f"{self.marches / contested:.1%}")
            if self.alone:
                lines.append(f"lone hands {self.alone} ({self.alone / contested:.1%}), "
                             f"made {self.alone_made / self.alone:.1%}")
        if self.points:
            lines.append("points: " + ", ".join(f"{k} {v}" for k, v in self.points.items()))
        if self.side_points:
            lines.append("points per hand: " + ", ".join(
                f"{k} {m.text()}" for k, m in self.side_points.items()))
        if self.wins:
            wins = ", ".join(f"{k} {v:g}" for k, v in self.wins.items())
            lines.append(f"games won: {wins}" + (f" ({self.ties} tied)" if self.ties else ""))
        if self.slams:
            lines.append(f"slams (games won against a scoreless side) {self.slams}")
        if self.rubbers:
            rubbers = sum(self.rubbers.values())
            won = ", ".join(f"{k} {v}" for k, v in self.rubbers.items())
            lines.append(f"rubbers won: {won}; average margin "
                         f"{self.rubber_margins / rubbers:.2f}")
        if self.dropped.n:
            lines.append(f"dropped out {self.dropped.text()} of the times asked; stayed in and "
                         f"took no trick (bucked) {self.bucked.text()}")
        lines += self._tables()
        return "\n".join(lines)

    def _tables(self) -> list[str]:
        lines: list[str] = []
        seat_points = self.seat_points
        if seat_points:
            lines.append("points per hand for the side of each seat (seat 1 bids first):")
            for key in _seat_order(seat_points):
                lines.append(f"  {key:<8} {seat_points[key].text()}")
        for title, table, by_seat in (
                ("by the maker's seat", self.by_maker_seat, True),
                ("by bidding round", self.by_round, False),
                ("by the maker's seat and bidding round", self.by_seat_and_round, True),
                ("by the makers' side", self.by_side, False),
                ("by the winning bid", self.by_bid, False)):
            if not table:
                continue
            lines.append(f"{title}: hands, euchred, marched, alone (made), makers' "
                         "points/hand")
            for key in _seat_order(table) if by_seat else list(table):
                t = table[key]
                euchred = Rate(t.made.n - t.made.hits, t.made.n)
                lone = f"{t.alone.text()}" + (f" ({t.alone_made.text()})" if t.alone_made.n
                                              else "")
                lines.append(f"  {key:<28} {t.made.n:>7}  {euchred.text():<14} "
                             f"{t.march.text():<14} {lone:<30} {t.makers_points.text()}")
        return lines

    def to_json(self) -> dict[str, Any]:
        """The whole summary as plain data (``--summary json``)."""
        seat_points = self.seat_points
        return {
            "games": self.games, "hands": self.hands, "thrown_in": self.thrown_in,
            "renege": self.renege, "points": dict(self.points), "wins": dict(self.wins),
            "ties": self.ties, "slams": self.slams, "rubbers": dict(self.rubbers),
            "rubber_margins": self.rubber_margins,
            "contracts": self.all_contracts.to_json(),
            "points_per_hand": {k: m.to_json() for k, m in self.side_points.items()},
            "seat_points_per_hand": {k: seat_points[k].to_json()
                                     for k in _seat_order(seat_points)},
            "by_maker_seat": {k: self.by_maker_seat[k].to_json()
                              for k in _seat_order(self.by_maker_seat)},
            "by_round": {k: t.to_json() for k, t in self.by_round.items()},
            "by_seat_and_round": {k: self.by_seat_and_round[k].to_json()
                                  for k in _seat_order(self.by_seat_and_round)},
            "by_side": {k: t.to_json() for k, t in self.by_side.items()},
            "by_bid": {k: t.to_json() for k, t in self.by_bid.items()},
            "dropped": self.dropped.to_json() if self.dropped.n else None,
            "bucked": self.bucked.to_json() if self.bucked.n else None,
        }


def winning_bid(game: Machine, how: str) -> str:
    """The contract an auction hand was played for: ``bid N``, or ``shoot`` for a
    lone maker's every-trick contract (:func:`~euchre_dsl.engine.scoring.shoots`);
    empty when trump was not made in an auction."""
    if how != "auction":
        return ""
    if shoots(game.rules, game.hand_outcome(game.tricks)):
        return "shoot"
    return f"bid {game.high_bid}"


def _bid_order(key: str) -> tuple[bool, int]:
    return (key == "shoot", int(key.split()[1]) if key != "shoot" else 0)


#: How trump can be made, in the order of the bidding (:func:`bidding_round`).
ROUNDS = ("first round", "second round", "second round, stuck dealer", "auction", "widow",
          "forced", "other", "none")


def _seat_order(table: dict[str, Any]) -> list[str]:
    """``seat 1``, ``seat 2``, ..., then ``dealer``; each seat's rounds in bidding order."""
    def key(k: str) -> tuple[bool, str, int]:
        seat, _, how = k.partition(", ")
        return (seat == "dealer", seat, ROUNDS.index(how) if how in ROUNDS else -1)
    return sorted(table, key=key)

