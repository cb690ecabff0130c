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

Values are *utilities per side*, oriented so that more is better (countdown
points negated, as the solver does).  A seat chooses the option that
maximises its side's **net** utility: its own minus the average of the other
sides'.  In a partnership game that is the usual zero-sum difference.  In an
individual game each seat's utility is what it scores with best play against
a coalition of everyone else (the solver's definition of best play there).
"""

from __future__ import annotations

from typing import Protocol

from ..engine.actions import PLAYING, Action
from ..engine.game import Game

#: Utilities per side.
Values = tuple[float, ...]


class PointsSolver(Protocol):
    """The solver entry point the search needs."""

    def solve_points(self, game: Game, seat: int | None = None) -> int: ...


def net(values: Values, side: int) -> float:
    """``side``'s utility minus the average of the other sides'."""
    if len(values) < 2:
        return values[side]
    return values[side] - (sum(values) - values[side]) / (len(values) - 1)


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
        """Each legal action of the seat on turn -> the utilities per side after it,
        with best bidding and best play by everyone from there."""
        self._memo = {}
        try:
            return {a: self._after(game, a) for a in game.legal_actions()}
        finally:
            self._memo = {}

    def value(self, game: Game) -> Values:
        """The utilities per side of ``game`` with best bidding and play from here."""
        self._memo = {}
        try:
            return self._value(game)
        finally:
            self._memo = {}

    def _after(self, game: Game, action: Action) -> Values:
        child = game.clone()
        child.apply(action)
        return self._value(child)

    def _value(self, game: Game) -> Values:
        if game.hand_over:
            return self._result_values(game)
        key = _state_key(game)
        found = self._memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if game.phase == PLAYING:
            values = self._play_values(game)
        else:
            side = game.side_of[game.to_act]
            values = ()
            best = 0.0
            for a in game.legal_actions():
                v = self._after(game, a)
                score = net(v, side)
                if not values or score > best:
                    values, best = v, score
        self._memo[key] = values
        return values

    def _play_values(self, game: Game) -> Values:
        """Each side's score with best play, one score-level search per side (it
        cuts off as soon as that side's score is settled): in a partnership
        game the usual minimax, in an individual game each seat against all
        the others."""
        out = []
        for seats in game.sides:
            seat = next((s for s in seats if game.active[s]), seats[0])
            self.solves += 1
            out.append(float(self.solver.solve_points(game, seat)))
        return tuple(out)

    def _result_values(self, game: Game) -> Values:
        """A hand that ended in the bidding (thrown in): the engine's points."""
        res = game.last_result
        assert res is not None
        sign = -1 if game.rules.scoring.model == "countdown" else 1
        return tuple(float(sign * p) for p in res.points)


def _state_key(game: Game) -> object:
    """Everything that decides the rest of the hand, hashable: the game's state
    without the log of how it was reached."""
    names = getattr(type(game), "__mypyc_attrs__", None) or tuple(vars(game))
    parts: list[object] = []
    for name in names:
        if name in _NOT_STATE:
            continue
        try:
            value = getattr(game, name)
        except AttributeError:
            continue
        if isinstance(value, list):
            value = tuple(value)
        elif isinstance(value, dict):
            value = tuple(sorted(value.items()))
        parts.append(value)
    return tuple(parts)


#: Attributes that do not decide what can still happen (or are shared tables).
_NOT_STATE = frozenset(("hand_log", "rules", "deck", "_menus", "results", "_eff", "_masks"))
