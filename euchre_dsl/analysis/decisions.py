"""The value of each option of a recorded bidding decision: perfect-information estimates.

For a decision of seat S, deals are sampled consistent with what S knew then
(its own hand, the upcard, the public actions so far; everything else
unseen is sampled by :mod:`.worlds`), and in each deal every option is
valued by :class:`~euchre_dsl.search.bidding_search.FullInfoBidding`: the rest of the bidding and the
play are solved with **every card visible to everyone**.  The mean over the
deals, with a 95% confidence interval, estimates each option's worth.  They
are perfect-information estimates: a real player cannot see the cards, so
they favour bold bids (ordering up and going alone look better than they are).

All options of one decision are valued on the same deals, so their
difference is measured more precisely than each value alone.  The sampling is
seeded from the run's seed and the decision's place (record, hand, action),
so a report is the same for any number of worker processes.

Each play the search hands to the solver (a finished bidding of a sampled
deal) has the analyzer's budget of positions, as each play of the record
has; a decision one of whose searches would need more is listed in the
hand's ``unvalued``, and so are the hand's decisions after it (the same
cards, as large a search): no estimate is made of part of the deals.

A play with more tricks to play than the analyzer solves exactly
(:data:`~euchre_dsl.search.solver.EXACT_TRICKS`: only a double deck's are) is
estimated instead (:meth:`Solver.estimate_points_position`: its first tricks
by plain open-handed habits, the rest solved); such a decision is marked
``estimated`` and never called a mistake.
"""

from __future__ import annotations

import math
import random
from typing import Callable, Protocol

from ..display.replay import action_words
from ..engine.actions import DECLINE, Action
from ..engine.machine import Machine
from ..records.notation import action_to_json
from ..rng import check_seed
from ..rules.ruleset import RuleSet
from ..search.bidding_search import FullInfoBidding, PointsSolver, Table
from ..search.position import Position
from ..search.solver import DEFAULT_BUDGET, EXACT_TRICKS, SearchLimit
from .analyze import DecisionPoint, PlaySolver, default_solver
from .report import Decision, HandAnalysis, OptionValue, Unvalued

#: Sampled deals per decision by default: a session of twenty hands analyses in
#: seconds; raise it (``--deals``) for narrower intervals.
DEFAULT_DEALS = 20
#: z for a two-sided 95% interval.
Z95 = 1.959964

#: Deals for one decision: given the game and the deciding seat, a function that
#: draws a copy of the game with every unseen card filled in consistently with
#: that seat's knowledge.
Sampler = Callable[[Machine, int], Callable[[random.Random], Machine]]


def default_sampler(game: Machine, seat: int) -> Callable[[random.Random], Machine]:
    """The world sampler of :mod:`.worlds` (built once per decision), brought to
    the decision itself: the seat's knowledge is replayed from the recorded
    actions, and declines are never recorded, so a decision behind declines
    (the third seat asked to defend alone) is reached by declining again."""
    from ..engine.view import SeatView
    from ..search.worlds import WorldSampler

    sampler = WorldSampler(SeatView(game, seat))
    catch_up(sampler.template, game)
    return sampler.sample


def catch_up(replayed: Machine, game: Machine) -> None:
    """Decline in ``replayed`` the optional declarations ``game`` has declined since
    its last recorded action (declines change no card, only whose turn it is)."""
    while (replayed.phase, replayed.to_act) != (game.phase, game.to_act):
        decline = Action(replayed.to_act, DECLINE)
        if decline not in replayed.legal_actions():
            raise ValueError(f"the replayed hand is at {replayed.phase} (seat "
                             f"{replayed.to_act}), the decision at {game.phase} "
                             f"(seat {game.to_act})")
        replayed.apply(decline)


def option_words(game: Machine, action: Action) -> str:
    """An option in words without the seat: ``order up alone``, ``call ♥ hearts``."""
    if action.verb == DECLINE:
        return "decline"
    words = action_words(game, action)
    who = game.labels[action.seat] + " "
    return words[len(who):] if words.startswith(who) else words


def interval(samples: list[float]) -> tuple[float, float, float]:
    """Mean and 95% confidence interval (normal approximation)."""
    n = len(samples)
    mean = sum(samples) / n
    if n < 2:
        return mean, mean, mean
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


class BudgetedSolver(PointsSolver, Protocol):
    """A solver that keeps to a budget of positions (:meth:`Solver.allow`)."""

    def allow(self, positions: int | None) -> None: ...

    def estimate_position(self, pos: Position, exact: int) -> int: ...

    def estimate_points_position(self, pos: Position, utility: list[int],
                                 exact: int) -> int: ...


class Budgeted:
    """``solver`` with the budget ``budget`` given to each of its searches: the
    bidding search asks it one play at a time.  A play with more than ``exact``
    tricks to play is estimated, and :attr:`estimated` says one was."""

    def __init__(self, solver: BudgetedSolver, budget: int, exact: int = EXACT_TRICKS) -> None:
        self.solver = solver
        self.budget = budget
        self.exact = exact
        self.estimated = False

    def solve_position(self, pos: Position) -> int:
        self.solver.allow(self.budget)
        if pos.left > self.exact:
            self.estimated = True
            return self.solver.estimate_position(pos, self.exact)
        return self.solver.solve_position(pos)

    def solve_points_position(self, pos: Position, utility: list[int]) -> int:
        self.solver.allow(self.budget)
        if pos.left > self.exact:
            self.estimated = True
            return self.solver.estimate_points_position(pos, utility, self.exact)
        return self.solver.solve_points_position(pos, utility)

    def clear(self) -> None:
        self.solver.clear()


class DecisionEstimator:
    """Values the bidding decisions of each analysed hand (an
    :class:`~.analyze.Analyzer`'s ``decisions``)."""

    def __init__(self, deals: int = DEFAULT_DEALS, seed: int = 0,
                 solver_for: Callable[[RuleSet], PlaySolver] | None = None,
                 sampler: Sampler | None = None, budget: int = DEFAULT_BUDGET,
                 exact: int = EXACT_TRICKS, table: Table | None = None):
        if deals < 1:
            raise ValueError("at least one deal per decision is needed")
        self.deals = deals
        self.seed = check_seed(seed)
        #: solver positions one search may visit (the play after one bidding of a deal)
        self.budget = budget
        #: the most tricks to play solved exactly; longer plays are estimated
        self.exact = exact
        #: where more than two sides score, the other sides' bidding (None: searched,
        #: max-n; the command line gives the rule bot's, sim.bots.rule.RuleTable)
        self.table = table
        self._solver_for = solver_for or default_solver
        self._sampler = sampler or default_sampler
        self._searches: dict[int, tuple[RuleSet, FullInfoBidding, Budgeted]] = {}

    def search(self, rules: RuleSet) -> tuple[FullInfoBidding, Budgeted]:
        found = self._searches.get(id(rules))
        if found is None or found[0] is not rules:
            solver: BudgetedSolver = self._solver_for(rules)  # type: ignore[assignment]
            budgeted = Budgeted(solver, self.budget, self.exact)
            found = self._searches[id(rules)] = (rules, FullInfoBidding(budgeted, self.table),
                                                 budgeted)
        return found[1], found[2]

    def __call__(self, points: list[DecisionPoint], view: HandAnalysis) -> None:
        """Value the hand's decisions into ``view``; once one passes the budget, it
        and the rest are listed as not valued."""
        past = False
        for point in points:
            decision = None if past else self.estimate(point, view)
            if decision is None:
                past = True
                view.unvalued.append(Unvalued("bidding", point.action,
                                              point.game.labels[point.seat]))
                view.budget = self.budget
            else:
                view.decisions.append(decision)

    def estimate(self, point: DecisionPoint, view: HandAnalysis) -> Decision | None:
        """The decision's options valued over the sampled deals (``None``: their
        searches passed the budget)."""
        try:
            return self._estimate(point, view)
        except SearchLimit:
            return None

    def _estimate(self, point: DecisionPoint, view: HandAnalysis) -> Decision:
        game = point.game
        search, budgeted = self.search(game.rules)
        budgeted.estimated = False
        side = game.side_of[point.seat]
        rng = random.Random(f"{self.seed}:{view.record}:{view.hand}:{point.action}:"
                            f"{len(game.hand_log)}")
        nets: dict[Action, list[float]] = {a: [] for a in point.options}
        sample = self._sampler(game, point.seat)
        for _ in range(self.deals):
            values = search.option_values(sample(rng), point.options)
            for a in point.options:
                nets[a].append(values[a][side])
        labels = game.labels
        options = []
        for a in point.options:
            mean, low, high = interval(nets[a])
            options.append(OptionValue(option_words(game, a), _action_tuple(game, a),
                                       mean, low, high))
        best = max(point.options, key=lambda a: sum(nets[a]))
        _mean, low, high = interval([b - c for b, c in zip(nets[best], nets[point.chosen])])
        return Decision(point.action, labels[point.seat], option_words(game, point.chosen),
                        tuple(options), self.deals, (low, high),
                        self.exact if budgeted.estimated else 0)


def _action_tuple(game: Machine, a: Action) -> tuple[object, ...]:
    """The action as a record writes it: ``("E", "order_up", "alone")``; a decline,
    which records never hold, as ``("E", "decline")``."""
    written = action_to_json(game, (a.seat, a.verb, a.arg, a.alone))
    return tuple(written) if written is not None else (game.labels[a.seat], a.verb)
