"""A match: games played one after another, with laps, slams and rubbers.

A :class:`~euchre_dsl.engine.machine.Machine` ends when a side reaches the target.
What carries from one game to the next lives here, read from the rule set's
``game`` options (REFERENCE.md sections 2.2 and 2.4):

* **laps** -- the winner's points beyond the target start the next game;
* **slam** -- a game won while every losing side has 0 points or fewer counts
  as two games won;
* **rubber** -- best of three games.  ``uspcc``: a game earns the winner 3, 2
  or 1 rubber points as the loser finished on 0 or fewer, 1-2, or 3 or more,
  and the rubber ends when a side has won two games.  ``somerset1888`` (the
  1888 Somerset Club laws): three games are always played, a fourth when the
  third laps (points carried, so with ``laps``); a game earns 2 if the loser
  finished on 0 or fewer, else 1; the rubber goes to the side that won two of
  the first three.  Either way the rubber winner adds a 2-point bonus, and the
  margin is ``2 + own - opponents'`` rubber points.

The deal keeps rotating from game to game: the first dealer of a game is the
player left of the last dealer of the previous one.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from ..rules.ruleset import Rubber, RuleSet
from .actions import IllegalAction
from .machine import Machine

#: What the rubber winner adds (USPCC and the 1888 laws alike).
RUBBER_BONUS = 2


class GameOutcome(NamedTuple):
    """One finished game of a match."""

    winners: tuple[int, ...]  # sides (several only for a tie)
    start: tuple[int, ...]  # scores the game began with (laps carried in)
    scores: tuple[int, ...]  # final scores
    value: int  # games won it counts for: 2 for a slam
    rubber_points: int  # what it earns its winner toward the rubber (0 outside rubbers)
    carried: tuple[int, ...]  # points it carries into the next game (laps)


class Match:
    """Games of one variant played in a row by the same table."""

    def __init__(self, rules: RuleSet, labels: Sequence[str] | None = None, dealer: int = 0):
        self.rules = rules
        self.labels = labels
        self.game = Machine(rules, labels, dealer)
        self._start = tuple(self.game.scores)
        self.games: list[GameOutcome] = []
        self.n_sides = len(self.game.sides)

    # ------------------------------------------------------------ progress
    def end_game(self) -> GameOutcome:
        """Score the finished game and, unless the match is over, start the next one
        (``self.game``).  Raises :class:`IllegalAction` while the game is still on."""
        game = self.game
        if not game.is_over or game.winners is None:
            raise IllegalAction("incomplete-hand", "the game is not over yet")
        if self.is_over:
            raise IllegalAction("game-over", "the match is already over")
        outcome = self._outcome(game)
        self.games.append(outcome)
        if not self.is_over:
            self.game = Machine(self.rules, self.labels, game.dealer)
            if any(outcome.carried):
                self.game.set_scores(outcome.carried)
            self._start = tuple(self.game.scores)
        return outcome

    def _outcome(self, game: Machine) -> GameOutcome:
        g = self.rules.game
        assert game.winners is not None
        winners = tuple(game.winners)
        scores = tuple(game.scores)
        losers = [scores[s] for s in range(self.n_sides) if s not in winners]
        scoreless = bool(losers) and max(losers) <= 0
        value = 2 if g.slam and scoreless else 1
        points = 0
        if g.rubber == Rubber.USPCC and losers:
            worst = max(losers)
            points = 3 if worst <= 0 else 2 if worst <= 2 else 1
        elif g.rubber == Rubber.SOMERSET1888 and losers:
            points = 2 if scoreless else 1
        carried = [0] * self.n_sides
        if g.laps:
            for w in winners:
                carried[w] = max(0, scores[w] - g.target)
        return GameOutcome(winners, self._start, scores, value, points, tuple(carried))

    # --------------------------------------------------------------- tallies
    @property
    def games_won(self) -> tuple[int, ...]:
        """Games won by each side, a slam counting two."""
        won = [0] * self.n_sides
        for o in self.games:
            for w in o.winners:
                won[w] += o.value
        return tuple(won)

    @property
    def is_over(self) -> bool:
        """A rubber is over when it is decided (USPCC) or fully played (1888 laws); a
        match of plain games never ends by itself."""
        scheme = self.rules.game.rubber
        if scheme == Rubber.USPCC:
            return max(self._wins(len(self.games))) >= 2
        if scheme == Rubber.SOMERSET1888:
            if len(self.games) < 3:
                return False
            return len(self.games) == 4 or not any(self.games[2].carried)
        return False

    def _wins(self, first: int) -> list[int]:
        """Games won (one each) by each side in the first ``first`` games."""
        won = [0] * self.n_sides
        for o in self.games[:first]:
            for w in o.winners:
                won[w] += 1
        return won

    @property
    def rubber_winner(self) -> int | None:
        """The side that won the rubber, once it is over."""
        if self.rules.game.rubber == Rubber.OFF or not self.is_over:
            return None
        wins = self._wins(3)
        best = max(wins)
        return wins.index(best) if wins.count(best) == 1 else None

    @property
    def rubber_points(self) -> tuple[int, ...]:
        """Each side's rubber points from its games, the bonus not included."""
        points = [0] * self.n_sides
        for o in self.games:
            for w in o.winners:
                points[w] += o.rubber_points
        return tuple(points)

    @property
    def rubber_margin(self) -> int | None:
        """What the rubber is won by: bonus + the winner's rubber points - the loser's."""
        w = self.rubber_winner
        if w is None:
            return None
        points = self.rubber_points
        return RUBBER_BONUS + points[w] - sum(p for s, p in enumerate(points) if s != w)
