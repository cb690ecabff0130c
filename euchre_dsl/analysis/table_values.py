"""The analyzer's word laid on the replay table: each legal card's value, each mistake.

``euchre replay FILE --html OUT --analysis`` draws it.  The analyzer
(:class:`~.analyze.Analyzer`) walks the record as ``euchre analyze`` does,
with a solver that also remembers, for every position it values, the value
of every legal card (the analyzer itself keeps only the card played and the
best); those values and the analyzer's plays become the page's
:class:`~euchre_dsl.display.html_replay.HandMarks`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..display.html_replay import HandMarks, PlayMark
from ..engine.machine import Machine
from ..rules.ruleset import RuleSet
from ..search.solver import DEFAULT_BUDGET
from ..validate.validator import Validator
from .analyze import Analyzer, PlaySolver, default_solver
from .report import HandAnalysis


class _Remembering:
    """A solver that keeps every ``card_values`` answer of the current hand, by the
    number of actions already taken in it (the index of the play being valued)."""

    def __init__(self, inner: PlaySolver):
        self.inner = inner
        self.seen: dict[int, dict[str, int]] = {}

    def solve(self, game: Machine, seat: int | None = None) -> int:
        return self.inner.solve(game, seat)

    def solve_points(self, game: Machine) -> int:
        return self.inner.solve_points(game)

    def allow(self, positions: int | None) -> None:
        self.inner.allow(positions)

    def clear(self) -> None:
        self.inner.clear()

    def card_values(self, game: Machine) -> dict[int, int]:
        values = self.inner.card_values(game)
        names = game.deck.names
        self.seen[len(game.hand_log)] = {names[c]: v for c, v in values.items()}
        return values


def hand_marks(h: HandAnalysis, values: Mapping[int, Mapping[str, int]] | None = None
               ) -> HandMarks:
    """The page's marks for one analysed hand (``values``: every legal card's value
    by action index, when known)."""
    plays = {}
    for p in h.plays:
        if p.estimated:
            continue  # values over sampled deals: not one deal's card values
        known = (values or {}).get(p.action)
        plays[p.action] = PlayMark(p.seat, p.card, int(p.best), int(p.after), p.maker_side, p.better,
                                   known if known is not None and p.card in known else None)
    return HandMarks(h.makers_dd, plays)


def table_marks(record: Any, index: int, file: str, hand_no: int | None = None,
                last: int | None = None, validator: Validator | None = None,
                budget: int = DEFAULT_BUDGET) -> dict[int, HandMarks]:
    """The marks of every hand of one record that the analyzer can value, by hand
    number (``hand_no``: only that hand; ``last``: none after that hand).  Hands
    with errors get none, as in ``euchre analyze``; plays whose search passes
    ``budget`` positions get none either."""
    solvers: list[_Remembering] = []

    def remembering(rules: RuleSet) -> PlaySolver:
        solver = _Remembering(default_solver(rules))
        solvers.append(solver)
        return solver

    out: dict[int, HandMarks] = {}
    analyzer = Analyzer(solver_for=remembering, validator=validator, worlds=0, budget=budget)
    for h in analyzer.analyze_record(record, index, file, hand_no):
        if last is not None and h.hand > last:
            break
        seen: dict[int, dict[str, int]] = {}
        for s in solvers:
            seen.update(s.seen)
            s.seen.clear()
        if h.plays:
            out[h.hand] = hand_marks(h, seen)
    return out
