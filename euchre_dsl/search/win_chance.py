"""The chance of winning a two-sided game to a target from a score.

A point is not worth the same at every score.  At 9-5 an order-up that fails
gives the rivals two points they cannot yet use, while a make wins the game;
at 5-9 a side should stop the rivals' last point at almost any price.  A
search bot that counts points per hand plays every hand as if the game never
ended.  This table lets it count games won instead.

The model has two equal sides.  On each hand either side makes trump with even
chances, and the hand ends as hands usually end (:data:`HAND_ENDS`).  Each end
is scored by the variant's own table, so a house rule that pays 3 for a march
moves the chances.  The chance of winning from "we need ``n``, they need
``m``" is then a finite recursion, because every scored hand brings one side
closer.  It is an estimate: a stronger side wins more often than the table
says.  But it puts the right prices on the end of a game: a lone march at 8
is worth no more than a make, and a euchre when the rivals need one point
loses the game.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple, Sequence

from ..rules.ruleset import RuleSet, ScoringModel, TrickCount

#: How a hand ends, and how often: the shares of 2,915 played hands of
#: rule-bot self-play in standard euchre (``random.Random(i)`` deals, i < 3,000).
#: Each end names the scoring field that prices it.  A euchre's points go to
#: the defenders; every other end's points go to the makers.
HAND_ENDS: tuple[tuple[str, float], ...] = (
    ("make", 0.614), ("march", 0.198), ("euchred", 0.169),
    ("alone_march", 0.016), ("alone_make", 0.003),
)
#: The table's chances are integers out of this many, so that a solver's
#: utilities stay integers.
SCALE = 10_000


class WinChances(NamedTuple):
    """The chances of one variant's game: ``table[n][m]`` is the chance, out of
    :data:`SCALE`, that a side needing ``n`` points wins against one needing
    ``m`` (each from 1 to ``cap``; a need above ``cap`` counts as ``cap``)."""

    target: int
    cap: int
    table: tuple[tuple[int, ...], ...]

    def chance(self, need_us: int, need_them: int) -> int:
        """The chance, out of :data:`SCALE`, of winning when we need ``need_us``
        points and they need ``need_them`` (a need of 0 or fewer has won)."""
        if need_us <= 0:
            return SCALE
        if need_them <= 0:
            return 0
        return self.table[min(need_us, self.cap)][min(need_them, self.cap)]

    def after(self, scores: Sequence[int], side: int, points: Sequence[int]) -> int:
        """Our side's chance once a hand scoring ``points`` (per side) is added
        to ``scores``."""
        other = 1 - side
        return self.chance(self.target - scores[side] - points[side],
                           self.target - scores[other] - points[other])


def win_chances(rules: RuleSet) -> WinChances | None:
    """The chances of ``rules``' game, or ``None`` if they do not apply.  They
    need a two-sided game of table scoring from the make/march table, played to
    its target, where points past the target do not carry over into another game."""
    sc = rules.scoring
    if sc.model != ScoringModel.TABLE or not rules.game.ends_at_target or \
            rules.players.side_count != 2 or sc.trick_count != TrickCount.OFF or \
            rules.game.lose_at is not None:
        return None
    gains = tuple((int(getattr(sc, name)), share) for name, share in HAND_ENDS)
    return _chances(rules.game.target, gains)


@lru_cache(maxsize=32)
def _chances(target: int, gains: tuple[tuple[int, float], ...]) -> WinChances:
    # A hand that scores nothing (a house rule's 0) leaves the score as it
    # stands, so it is dropped from the model, and the other ends share its chance.
    ends = [(g, p) for g, p in gains if g > 0]
    total = sum(p for _, p in ends)
    ends = [(g, p / total) for g, p in ends]
    cap = 2 * target
    w = [[0.0] * (cap + 1) for _ in range(cap + 1)]

    def at(n: int, m: int) -> float:
        if n <= 0:
            return 1.0
        if m <= 0:
            return 0.0
        return w[n][m]

    for n in range(1, cap + 1):
        for m in range(1, cap + 1):
            w[n][m] = sum(p * 0.5 * (at(n - g, m) + at(n, m - g)) for g, p in ends)
    table = tuple(tuple(round(SCALE * x) for x in row) for row in w)
    return WinChances(target, cap, table)
