"""Who partners whom, round by round: the round-robin schedule of an event.

The circle method: with *n* players (n even), player ``n - 1`` stays put and
the others turn one place a round; round *r* pairs ``n - 1`` with ``r`` and
``r + i`` with ``r - i`` (mod ``n - 1``).  Over ``n - 1`` rounds everyone
partners everyone else exactly once, so any first *k* rounds never repeat a
partnership.  Consecutive pairs share a table as opponents.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import EuchreError
from ..limits import MAX_EVENT_PLAYERS
from ..rules.ruleset import RuleSet, Sides


class TableSeating(NamedTuple):
    """One table of one round: ``seats[i]`` is the player (0-based) in seat *i*."""

    round: int  # 0-based
    number: int  # 0-based
    seats: tuple[int, ...]


class ScheduleError(EuchreError, ValueError):
    """An event size the rules cannot seat (said in words for the command line)."""


def pairings(n: int, rounds: int) -> list[list[tuple[int, int]]]:
    """The partner pairs of each round by the circle method (``n`` even, ``rounds < n``)."""
    if n < 2 or n % 2:
        raise ScheduleError(f"a round-robin schedule needs an even number of players, not {n}")
    if rounds > n - 1:
        raise ScheduleError(f"{n} players have only {n - 1} different partners, too few for "
                            f"{rounds} rounds without partnering anyone twice")
    m = n - 1
    out = []
    for r in range(rounds):
        pairs = [(r, m)]
        for i in range(1, n // 2):
            pairs.append(((r + i) % m, (r - i) % m))
        out.append(pairs)
    return out


def schedule(rules: RuleSet, n: int) -> list[TableSeating]:
    """Every table of every round for ``n`` players under ``rules``' event options.

    Seats follow the table's partnerships (seat *i* plays for side
    ``i mod teams``), so the pairs of a table sit opposite each other."""
    e, p = rules.event, rules.players
    if e.rounds is None:
        raise ScheduleError(f"variant {rules.id} is not an event (event.rounds is none)")
    if n > MAX_EVENT_PLAYERS:
        raise ScheduleError(f"{n:,} players are more than the {MAX_EVENT_PLAYERS:,} an event "
                            "may have")
    if n % p.count:
        raise ScheduleError(f"{n} players do not fill whole tables of {p.count}")
    if e.players and n not in e.players:
        sizes = " or ".join(str(k) for k in e.players)
        raise ScheduleError(f"variant {rules.id} is an event for {sizes} players, not {n}")
    if p.sides != Sides.PARTNERS or p.count != 2 * p.teams:
        raise ScheduleError("a round-robin schedule pairs partners, but a table of this "
                            "variant does not play in partnerships of two")
    teams = p.teams
    tables = []
    for r, pairs in enumerate(pairings(n, e.rounds)):
        for t in range(len(pairs) // teams):
            mine = pairs[t * teams:(t + 1) * teams]
            seats = [0] * p.count
            for k, (a, b) in enumerate(mine):
                seats[k], seats[k + teams] = a, b
            tables.append(TableSeating(r, t, tuple(seats)))
    return tables


def player_name(i: int) -> str:
    """The label a schedule gives player ``i`` (0-based): ``P1``, ``P2``, ..."""
    return f"P{i + 1}"
