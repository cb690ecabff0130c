"""The rest of a hand's bidding, searched with every card visible.

:class:`FullInfoBidding` values each legal action of a position before the
play (passing, ordering up, naming trump, going alone, defending alone,
staying or dropping, bidding, taking the widow, discarding): the rest of the
bidding is played out with every seat choosing the option best for its own
side, all cards visible, and each finished bidding is handed to the solver for
the play.  It is the perfect-information half of a PIMC bidding decision: the
analyzer (:mod:`.decisions`) and the search bot average it over sampled deals.

Only the engine decides what may be done: the options are
:meth:`Game.legal_actions` and each is applied to a :meth:`Game.clone`; the
score of a finished hand comes from the solver (score-level, via the
engine's scoring) or, for a hand thrown in, from the engine's result.

Values are **net points per side**: a side's score for the hand minus the
average of the other sides' scores, each oriented so that more is better
(countdown points negated).  Each seat chooses
the option with the highest net value for its own side.  In a partnership game
this is the usual zero-sum minimax, and the play is solved once per finished
bidding, on the net score.  In an individual game each seat's score is what
it takes with best play against a coalition of everyone else (the solver's
definition of best play there), one search per seat still playing.
"""

from __future__ import annotations

from typing import Protocol

from ..engine.actions import PLAYING, Action
from ..engine.game import Game
from ..engine.scoring import HandScore, scores_if_taken, side_values
from .position import Position, position_of

#: Net points per side.
Values = tuple[float, ...]
INF = float("inf")


class PointsSolver(Protocol):
    """The solver entry points the search needs."""

    def solve(self, game: Game, seat: int | None = None) -> int: ...

    def solve_points_position(self, pos: Position, utility: list[int]) -> int: ...


def split_scores(game: Game, seat: int, k: int) -> list[int]:
    """Each side's value of the hand if ``seat``'s side takes ``k`` more tricks (all
    to ``seat``) and the rest are dealt round the other seats still playing.

    The engine's score and orientation
    (:func:`~euchre_dsl.engine.scoring.scores_if_taken`,
    :func:`~euchre_dsl.engine.scoring.side_values`): more is better, a game won
    outright on the hand worth the whole game.
    """
    r = game.rules
    scores = scores_if_taken(r, game.side_of, len(game.sides), game.hand_outcome(game.tricks), seat)
    return side_values(r, scores[k])


def net_values(scores: list[float]) -> Values:
    """Each side's score minus the average of the other sides'."""
    n = len(scores)
    if n < 2:
        return tuple(scores)
    total = sum(scores)
    return tuple(x - (total - x) / (n - 1) for x in scores)


class FullInfoBidding:
    """Best bidding with all cards visible, for one rule set; values are memoised
    per position within one :meth:`option_values` call (a position reached by
    several bidding sequences is searched once)."""

    def __init__(self, solver: PointsSolver):
        self.solver = solver
        self._memo: dict[object, Values] = {}
        #: positions searched and plays solved, for the bench
        self.nodes = 0
        self.solves = 0

    def option_values(self, game: Game) -> dict[Action, Values]:
        """Each legal action of the seat on turn -> the net points per side after it,
        with best bidding and best play by everyone from there."""
        self._memo = {}
        try:
            return {a: self._after(game, a) for a in game.legal_actions()}
        finally:
            self._memo = {}

    def value(self, game: Game) -> Values:
        """The net points per side of ``game`` with best bidding and play from here."""
        self._memo = {}
        try:
            return self._value(game)
        finally:
            self._memo = {}

    def _after(self, game: Game, action: Action, alpha: float = -INF,
               beta: float = INF) -> Values:
        child = game.clone()
        child.apply(action)
        return self._value(child, alpha, beta)

    def _value(self, game: Game, alpha: float = -INF, beta: float = INF) -> Values:
        """The position's values; with two sides (values ``(v, -v)``) an alpha-beta
        search on ``v`` in the window ``(alpha, beta)``: a value outside it is only
        a bound, and only values inside it are remembered."""
        if game.hand_over:
            return self._result_values(game)
        key = game.position_key()
        found = self._memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if game.phase == PLAYING:
            values = self._play_values(game)
            self._memo[key] = values
            return values
        side = game.side_of[game.to_act]
        two = len(game.sides) == 2
        low, high = alpha, beta
        values = ()
        for a in game.legal_actions():
            v = self._after(game, a, low, high)
            if not values or v[side] > values[side]:
                values = v
            if two:
                if side == 0:
                    low = max(low, v[0])
                else:
                    high = min(high, v[0])
                if low >= high:
                    break
        if not two or alpha < values[0] < beta:
            self._memo[key] = values
        return values

    def _play_values(self, game: Game) -> Values:
        """Each side's net score with best play."""
        active = [next((s for s in seats if game.active[s]), None) for seats in game.sides]
        left = game.rules.deal.hand_size - len(game.trick_winners)
        if len(game.sides) == 2 and None not in active:
            # one search, on the net score: side 0's score less side 1's when side 0
            # takes k more tricks and side 1 the rest
            a = active[0]
            assert a is not None
            net = []
            for k in range(left + 1):
                scores = split_scores(game, a, k)
                net.append(scores[0] - scores[1])
            self.solves += 1
            v = float(self.solver.solve_points_position(position_of(game, a), net))
            return (v, -v)
        out = []
        for side, (seats, seat) in enumerate(zip(game.sides, active)):
            if seat is None:  # nobody of the side plays: it takes no trick
                out.append(float(split_scores(game, seats[0], 0)[side]))
                continue
            self.solves += 1
            taken = sum(game.tricks[s] for s in seats)
            more = self.solver.solve(game, seat) - taken
            out.append(float(split_scores(game, seat, more)[side]))
        return net_values(out)

    def _result_values(self, game: Game) -> Values:
        """A hand that ended in the bidding (thrown in): the engine's points."""
        res = game.last_result
        assert res is not None
        return net_values([float(v) for v in side_values(game.rules, HandScore(res.points))])
