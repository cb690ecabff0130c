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

from typing import Protocol, Sequence

from ..engine.actions import PLAYING, Action
from ..engine.game import Game
from ..engine.scoring import HandScore, scores_if_taken, side_values
from .position import Position, position_of

#: Net points per side.
Values = tuple[float, ...]
INF = float("inf")


class PointsSolver(Protocol):
    """The solver entry points the search needs."""

    def solve_position(self, pos: Position) -> int: ...

    def solve_points_position(self, pos: Position, utility: list[int]) -> int: ...

    def clear(self) -> None: ...


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
    """Best bidding with all cards visible, for one rule set.

    One :meth:`option_values` call is one deal: the bidding tree below the
    position is small (a few dozen positions in standard euchre), so it is
    searched whole, every option of the root in turn, with alpha-beta pruning
    between the options of the positions below it.  What costs is the play
    at its leaves, and three things keep that down:

    * **memoised leaves**: the play is solved once per distinct position
      (:func:`play_key`) and its window of interest within a call; partners
      making the same contract, or two bidding orders reaching the same
      contract, share the solve;
    * **score-only, windowed solves**: the solver is asked only about the
      trick counts at which the score changes *inside* the alpha-beta window
      (scores outside it are clamped to its edges), often one zero-window
      question, sometimes none;
    * **one transposition table per deal**: the solver's table is cleared at
      the start of each call and shared by every option of it (the same
      cards, so the same positions recur from one contract to the next).
    """

    def __init__(self, solver: PointsSolver):
        self.solver = solver
        self._plays: dict[tuple[object, ...], float] = {}
        #: positions searched and plays solved, for the bench
        self.nodes = 0
        self.solves = 0

    def option_values(self, game: Game, options: Sequence[Action] | None = None
                      ) -> dict[Action, Values]:
        """Each legal action of the seat on turn (or each of ``options``) -> the net
        points per side after it, with best bidding and best play by everyone from
        there."""
        self._start()
        try:
            chosen = game.legal_actions() if options is None else options
            return {a: self._after(game, a, -INF, INF) for a in chosen}
        finally:
            self._plays = {}

    def value(self, game: Game) -> Values:
        """The net points per side of ``game`` with best bidding and play from here."""
        self._start()
        try:
            return self._value(game, -INF, INF)
        finally:
            self._plays = {}

    def _start(self) -> None:
        """A new deal: nothing solved yet, an empty transposition table."""
        self._plays = {}
        self.solver.clear()

    def _after(self, game: Game, action: Action, alpha: float, beta: float) -> Values:
        child = game.clone()
        child.apply(action)
        return self._value(child, alpha, beta)

    def _value(self, game: Game, alpha: float, beta: float) -> Values:
        """The position's values; with two sides (values ``(v, -v)``) an alpha-beta
        search on ``v`` in the window ``(alpha, beta)``: a value at or outside
        an edge is only a bound."""
        if game.hand_over:
            return self._result_values(game)
        if game.phase == PLAYING:
            return self._play_values(game, alpha, beta)
        self.nodes += 1
        side = game.side_of[game.to_act]
        two = len(game.sides) == 2
        low, high = alpha, beta
        values: Values = ()
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
        return values

    def _play_values(self, game: Game, alpha: float, beta: float) -> Values:
        """Each side's net score with best play."""
        active = [next((s for s in seats if game.active[s]), -1) for seats in game.sides]
        r = game.rules
        if len(game.sides) == 2 and -1 not in active:
            # one search, on the net score: side 0's score less side 1's when side 0
            # takes k more tricks and side 1 the rest; scores beyond the window
            # are clamped to its edges (they only need to be known as bounds)
            a = active[0]
            net: list[int] = []
            for score in scores_if_taken(r, game.side_of, 2, game.hand_outcome(game.tricks), a):
                values = side_values(r, score)
                net.append(_clamp(values[0] - values[1], alpha, beta))
            if min(net) == max(net):
                v = float(net[0])
            else:
                pos = position_of(game, a)
                key = play_key(pos, net)
                found = self._plays.get(key)
                if found is None:
                    self.solves += 1
                    found = self._plays[key] = float(
                        self.solver.solve_points_position(pos, net))
                v = found
            return (v, -v)
        out = []
        for side, (seats, seat) in enumerate(zip(game.sides, active)):
            if seat < 0:  # nobody of the side plays: it takes no trick
                out.append(float(split_scores(game, seats[0], 0)[side]))
                continue
            pos = position_of(game, seat)
            key = play_key(pos, [])
            found = self._plays.get(key)
            if found is None:
                self.solves += 1
                found = self._plays[key] = float(self.solver.solve_position(pos))
            taken = sum(game.tricks[s] for s in seats)
            out.append(float(split_scores(game, seat, int(found) - taken)[side]))
        return net_values(out)

    def _result_values(self, game: Game) -> Values:
        """A hand that ended in the bidding (thrown in): the engine's points."""
        res = game.last_result
        assert res is not None
        return net_values([float(v) for v in side_values(game.rules, HandScore(res.points))])


def play_key(pos: Position, utility: list[int]) -> tuple[object, ...]:
    """Everything a solve of ``pos`` for ``utility`` depends on, hashable: the
    hands, the trick, who is on turn and after whom, which seats are counted."""
    return (pos.contract, tuple(pos.hands), tuple(pos.trick), tuple(pos.trick_seats),
            pos.to_act, pos.turn_order, pos.hero, pos.taken, pos.left, tuple(utility))


def _clamp(x: int, low: float, high: float) -> int:
    """``x`` within ``[low, high]`` (the window's edges are whole numbers or infinite)."""
    if x < low:
        return int(low)
    if x > high:
        return int(high)
    return x
