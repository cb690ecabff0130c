"""``euchre analyze --stats``: how players, seats and sides fare over many hands.

Every figure is read from the engine's results carried by each
:class:`~.report.HandAnalysis` (who made trump, the tricks, the points, whether
the makers made it -- :func:`~euchre_dsl.engine.scoring.makers_made` via
``HandResult.made``): no rule is decided here.  Figures are kept per variant,
and within it per player (the record's ``players`` names when given, else
the seat label), per seat counted from the dealer (``dealer``, ``dealer+1``
= the dealer's left, ...) and per side.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import Any, Callable

from .report import HandAnalysis
from .text import MADE_IN_WORDS

#: The kinds of group, in report order.
GROUPS = ("player", "seat", "side")


@dataclass
class Tally:
    """Counts for one player, seat or side."""

    hands: int = 0  # hands played (scored) with this member at the table
    points: int = 0  # the member's side's change of score, summed
    made_trump: int = 0  # hands in which it made trump
    made: int = 0  # ... and took the tricks needed
    euchred: int = 0  # ... and did not
    marches: int = 0  # ... and took every trick
    by_round: dict[str, list[int]] = field(default_factory=dict)  # phase -> [made trump, made]
    loners: int = 0
    loners_made: int = 0
    defended: int = 0  # hands defended against a maker
    defensive_euchres: int = 0  # ... in which the makers were set
    valued: int = 0  # hands whose play was valued by the solver
    tricks_lost: float = 0  # tricks its play mistakes cost in those hands
    drops: int = 0  # hands it dropped out of (stay or drop)
    bucks: int = 0  # hands it stayed in and took no trick (countdown scoring)

    def to_json(self) -> dict[str, Any]:
        def rate(a: float, b: int) -> float | None:
            return None if b == 0 else round(a / b, 4)

        return {
            "hands": self.hands,
            "points_per_hand": rate(self.points, self.hands),
            "made_trump": self.made_trump, "make_rate": rate(self.made, self.made_trump),
            "euchre_rate": rate(self.euchred, self.made_trump), "marches": self.marches,
            "make_rate_by_round": {k: {"made_trump": v[0], "make_rate": rate(v[1], v[0])}
                                   for k, v in sorted(self.by_round.items())},
            "loners": self.loners, "loner_rate": rate(self.loners, self.hands),
            "loner_make_rate": rate(self.loners_made, self.loners),
            "defended": self.defended, "defensive_euchres": self.defensive_euchres,
            "hands_valued": self.valued,
            "tricks_lost_per_hand": rate(self.tricks_lost, self.valued),
            "drops": self.drops, "bucks": self.bucks,
        }


class PlayerStats:
    """Adds hands up per player, partnership and seat; ``to_json`` and ``render`` report
    them.  (Not :class:`euchre_dsl.Stats`, the simulator's totals of a run; this was
    also called ``Stats``, a name kept as a deprecated alias.)"""

    def __init__(self) -> None:
        #: variant -> group kind -> member -> tally
        self.book: dict[str, dict[str, dict[str, Tally]]] = {}
        self.countdown: dict[str, bool] = {}

    def _tally(self, variant: str, kind: str, member: str) -> Tally:
        groups = self.book.setdefault(variant, {g: {} for g in GROUPS})
        return groups[kind].setdefault(member, Tally())

    def add(self, h: HandAnalysis) -> None:
        """Count one hand (only hands that were played to the end)."""
        if not h.tricks or not h.points:
            return
        self.countdown[h.variant] = h.countdown
        n = len(h.seats)
        dealer = h.seats.index(h.dealer) if h.dealer in h.seats else None
        maker = None if h.maker is None else h.seats.index(h.maker)
        valued = bool(h.plays)
        for s, label in enumerate(h.seats):
            members = [("player", h.players.get(label, label))]
            if dealer is not None:
                rel = (s - dealer) % n
                members.append(("seat", "dealer" if rel == 0 else f"dealer+{rel}"))
            for kind, member in members:
                t = self._tally(h.variant, kind, member)
                self._count(t, h, [s], maker, valued)
        for side, name in enumerate(h.sides):
            seats = [s for s in range(n) if h.side_of[s] == side]
            self._count(self._tally(h.variant, "side", name), h, seats, maker, valued)

    @staticmethod
    def _count(t: Tally, h: HandAnalysis, seats: list[int], maker: int | None,
               valued: bool) -> None:
        t.hands += 1
        side = h.side_of[seats[0]]
        t.points += h.points[side]
        labels = [h.seats[s] for s in seats]
        t.drops += sum(1 for x in labels if x in h.dropped)
        if valued:
            t.valued += 1
            t.tricks_lost += sum(h.lost_by(x) for x in labels)
        if maker is None:
            return
        if maker in seats:
            t.made_trump += 1
            t.made += h.made is True
            t.euchred += h.made is False
            t.marches += h.march
            key = MADE_IN_WORDS.get(h.made_in or "", h.made_in or "forced")
            cell = t.by_round.setdefault(key, [0, 0])
            cell[0] += 1
            cell[1] += h.made is True
            if h.alone:
                t.loners += 1
                t.loners_made += h.made is True
        elif h.side_of[maker] != side:
            playing = [x for x in labels if x not in h.dropped]
            if playing:
                t.defended += 1
                t.defensive_euchres += h.made is False
        # a bucked seat: stayed in, made no trump and took no trick (countdown games)
        for s in seats:
            if h.seats[s] not in h.dropped and s != maker and h.tricks[s] == 0 and \
                    h.countdown and h.reason == "countdown":
                t.bucks += 1

    def to_json(self) -> dict[str, Any]:
        return {variant: {kind: {m: t.to_json() for m, t in sorted(members.items())}
                          for kind, members in groups.items()}
                for variant, groups in sorted(self.book.items())}

    def render(self) -> str:
        out: list[str] = []
        for variant, groups in sorted(self.book.items()):
            out.append(f"{variant}" + (" (countdown: fewer points is better)"
                                       if self.countdown.get(variant) else ""))
            for kind in GROUPS:
                members = groups[kind]
                if not members:
                    continue
                out.append(f"  by {kind}:")
                columns = _columns(self.countdown.get(variant, False),
                                   any(t.drops for t in members.values()))
                rows = [[kind] + [name for name, _ in columns]]
                for m, t in sorted(members.items()):
                    j = t.to_json()
                    rows.append([m] + [cell(t, j) for _, cell in columns])
                out.extend("    " + line for line in _aligned(rows))
                rounds = sorted({r for t in members.values() for r in t.by_round})
                if rounds and kind != "side":
                    out.append(f"    make rate by {kind} and how trump was made:")
                    for m, t in sorted(members.items()):
                        cells = [f"{r} {_pct(_rate(t.by_round.get(r)))} of "
                                 f"{t.by_round.get(r, [0])[0]}" for r in rounds]
                        out.append(f"      {m:<12} " + "; ".join(cells))
        return "\n".join(out) + "\n"


def _rate(cell: list[int] | None) -> float | None:
    return None if not cell or not cell[0] else cell[1] / cell[0]


Cell = Callable[[Tally, dict[str, Any]], str]


def _columns(countdown: bool, drops: bool) -> list[tuple[str, Cell]]:
    """The statistics' columns: only those the variant has (bucks where scores count
    down, drops where somebody dropped out)."""
    cols: list[tuple[str, Cell]] = [
        ("hands", lambda t, j: str(t.hands)),
        ("pts/hand", lambda t, j: _num(j["points_per_hand"])),
        ("made", lambda t, j: str(t.made_trump)),
        ("make%", lambda t, j: _pct(j["make_rate"])),
        ("euchre%", lambda t, j: _pct(j["euchre_rate"])),
        ("march", lambda t, j: str(t.marches)),
        ("alone", lambda t, j: str(t.loners)),
        ("alone made%", lambda t, j: _pct(j["loner_make_rate"])),
        ("def. euchres", lambda t, j: str(t.defensive_euchres)),
        ("lost/hand", lambda t, j: _num(j["tricks_lost_per_hand"])),
    ]
    if drops:
        cols.append(("drops", lambda t, j: str(t.drops)))
    if countdown:
        cols.append(("bucks", lambda t, j: str(t.bucks)))
    return cols


def _aligned(rows: list[list[str]]) -> list[str]:
    """Rows as lines: the first column left-aligned, the others right-aligned, each
    as wide as its widest cell and two spaces apart, so no two ever run together."""
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    return [f"{r[0]:<{widths[0]}}" + "".join(f"  {c:>{w}}" for c, w in zip(r[1:], widths[1:]))
            for r in rows]


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:+.2f}"


def __getattr__(name: str) -> Any:
    """``Stats``: the old, deprecated name of :class:`PlayerStats`."""
    if name == "Stats":
        warnings.warn("euchre_dsl.analysis.stats.Stats is deprecated: use PlayerStats "
                      "(euchre_dsl.Stats is the simulator's)", DeprecationWarning, stacklevel=2)
        return PlayerStats
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
