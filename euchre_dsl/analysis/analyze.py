"""``euchre analyze``: walk a record hand by hand and value what was done.

The record is replayed once, through the one walk of a record
(:func:`~euchre_dsl.replay.walk.walk_record`), which also yields the
validator's problems: a hand with errors is replayed (the game goes on) but
not valued.  Before each play whose position is fully known -- every card
still in play known to be in one hand, as in a simulation or a complete
record -- the solver values every legal card; the card played and the best
card give a :class:`~.report.PlayValue`.  Where the record hides cards, each
play is valued over sampled worlds instead (:mod:`.hidden`: means with 95%
intervals, the hand marked ``estimated``).  Bidding decisions met on the way are
kept (a copy of the game at each) and valued by :mod:`.decisions`:
perfect-information estimates over sampled deals.

The solver is any object with ``card_values``, ``solve_points`` (the makers'
total tricks with best play, and their score) and ``allow`` (a budget of
positions): by default the project's :class:`euchre_dsl.search.solver.Solver`.

Each question -- the opening lead's value, a play's, a bidding decision's --
has the budget of positions ``budget``; one whose search passes it is listed
in the hand's ``unvalued``, never given a value.  The positions after it that
are as large (as many tricks to play; the rest of the hand's bidding) are
not searched again: they are listed too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Protocol

from ..cards import contract_name
from ..engine.actions import (
    AUCTION, AUCTION_CALL, CALL_FOR_BEST, CLAIMS, DEALER_NAMES, DECLINE, DEFEND, DROP, EXCHANGE, NAMING,
    ORDER_UP_ROUND, PLAY, PLAYING, STAY_DROP, TAKE_UPCARD, WIDOW, Action,
)
from ..engine.machine import Machine
from ..rng import check_seed
from ..errors import EuchreError, Problem
from ..records.notation import action_from_json
from ..records.reader import Item
from ..replay.events import Acted, Dealt, HandEnded, Started
from ..replay.walk import walk_record
from ..rules.ruleset import RuleSet, ScoringModel
from ..search.position import utilities
from ..search.solver import DEFAULT_BUDGET, EXACT_TRICKS, SearchLimit
from ..validate.validator import Validator
from .hidden import DEFAULT_WORLDS, HiddenHand, Reading
from .report import HandAnalysis, PlayValue, Unvalued

#: Phases whose decisions are bidding decisions (valued by :mod:`.decisions`):
#: every phase before the play -- farmer's hand and other claims, the widow,
#: ordering up, naming, the auction and taking the upcard, the dealer's
#: discard, defending alone, call for best, staying or dropping.
DECISION_PHASES = frozenset((CLAIMS, WIDOW, ORDER_UP_ROUND, DEALER_NAMES, NAMING, AUCTION,
                             AUCTION_CALL, TAKE_UPCARD, EXCHANGE, DEFEND, CALL_FOR_BEST, STAY_DROP))


class PlaySolver(Protocol):
    """What the analysis needs of a solver."""

    def solve(self, game: Machine, seat: int | None = None) -> int: ...

    def card_values(self, game: Machine) -> dict[int, int]: ...

    def solve_points(self, game: Machine) -> int: ...

    def allow(self, positions: int | None) -> None: ...

    def clear(self) -> None: ...


SolverFactory = Callable[[RuleSet], PlaySolver]


@dataclass
class DecisionPoint:
    """A bidding decision met in the walk."""

    action: int | None  # index in the hand's actions (None: an implicit decline)
    seat: int
    game: Machine  # a copy of the game at the decision
    options: tuple[Action, ...]
    chosen: Action


#: Values a hand's bidding decisions into the hand's analysis (those it cannot
#: value within its budget go to its ``unvalued``).
DecisionValuer = Callable[[list[DecisionPoint], HandAnalysis], None]


def default_solver(rules: RuleSet) -> PlaySolver:
    """The project's solver for ``rules``."""
    from ..search.solver import Solver

    return Solver(rules)


def hand_known(game: Machine, seat: int) -> bool:
    """Does the record show every card ``seat`` holds now?  A bidding decision is
    valued from its seat's hand: without it there is nothing to value it from."""
    return game.sure[seat] == game.cand[seat] and game.sure[seat].bit_count() == game.count[seat]


def full_information(game: Machine) -> bool:
    """Is every card still in play known to be in one seat's hand?"""
    return all(hand_known(game, s) for s in range(game.n) if game.active[s])


class Analyzer:
    """Analyses records one at a time; solvers and variants are kept between records.

    ``decisions`` values the bidding decisions of each hand (see
    :class:`~.decisions.DecisionEstimator`); ``None`` skips them.  ``skipped``
    collects the problems of records that could not be analysed at all.
    """

    def __init__(self, solver_for: SolverFactory | None = None,
                 decisions: DecisionValuer | None = None,
                 validator: Validator | None = None,
                 worlds: int = DEFAULT_WORLDS, seed: int = 0,
                 model: Reading | None = None, budget: int = DEFAULT_BUDGET,
                 exact: int = EXACT_TRICKS):
        self.validator = validator or Validator()
        #: positions the solver may visit to value one play or the opening lead
        self.budget = budget
        #: the most tricks to play of a position the solver values (longer: not valued)
        self.exact = exact
        #: hands with hidden cards: worlds per play (0: not valued), the seed of
        #: their sampling and the reading of the table they are drawn by (None: as
        #: random play; see :mod:`.hidden`)
        self.worlds = worlds
        self.seed = check_seed(seed)
        self.model = model
        self._solver_for = solver_for or default_solver
        self._solvers: dict[int, tuple[RuleSet, PlaySolver]] = {}
        self.decisions = decisions
        self.skipped: list[Problem] = []

    def fresh_solver(self, rules: RuleSet) -> PlaySolver:
        """The solver for a new hand of ``rules``, its tables emptied.  The tables
        only save work, but saved work decides which searches finish inside the
        budget: kept from the hands analysed before, they made a hand's "not
        valued" list depend on what this process (or this worker) analysed first.
        Emptied, a hand's analysis depends on that hand alone."""
        found = self._solvers.get(id(rules))
        if found is None or found[0] is not rules:
            found = self._solvers[id(rules)] = (rules, self._solver_for(rules))
        found[1].clear()
        return found[1]

    def analyze_items(self, items: Iterable[Item], file: str,
                      record_no: int | None = None, hand_no: int | None = None
                      ) -> Iterator[HandAnalysis]:
        """Every hand of the records read from one file (``record_no``/``hand_no``:
        1-based selections)."""
        for item in items:
            if record_no is not None and item.index + 1 != record_no:
                continue
            if item.problem is not None:
                self.skipped.append(item.problem)
                continue
            yield from self.analyze_record(item.data, item.index, file, hand_no)

    def analyze_record(self, record: Any, index: int, file: str,
                       hand_no: int | None = None) -> Iterator[HandAnalysis]:
        """Every hand of one record (``hand_no``: only that one, 1-based)."""
        hands_in = record.get("hands") if type(record) is dict else None
        hands_in = hands_in if isinstance(hands_in, list) else []
        players = record.get("players") if type(record) is dict else None
        players = {k: v for k, v in players.items() if type(v) is str} \
            if type(players) is dict else {}
        early: list[Problem] = []
        started = False
        broken: set[int] = set()
        hand: _Hand | None = None
        for ev in walk_record(record, index=index, file=file, steps=True,
                              variants=self.validator):
            if isinstance(ev, Problem):
                if not started:
                    early.append(ev)
                elif ev.severity == "error" and ev.hand is not None:
                    broken.add(ev.hand)
            elif isinstance(ev, Started):
                started = True
            elif isinstance(ev, Dealt):
                hand = None
                if hand_no is None or ev.hand + 1 == hand_no:
                    hand = _Hand(self, ev.game, file, index, ev.hand, players,
                                 _list(_dict(hands_in[ev.hand]).get("actions")))
                    hand.before(ev.game, 0)
            elif isinstance(ev, Acted):
                if hand is not None and hand.number == ev.hand:
                    hand.acted(ev)
            elif isinstance(ev, HandEnded):
                if hand_no is not None and ev.hand + 1 != hand_no:
                    continue
                if hand is None or hand.number != ev.hand:  # the deal was not replayed
                    hand = _Hand(self, ev.game, file, index, ev.hand, players, [])
                    hand.view.notes.append("the deal cannot be replayed (see euchre validate)")
                    hand.view.errors = True
                yield hand.finish(ev, ev.hand in broken)
                hand = None
        if not started:
            errors = [p for p in early if p.severity == "error"]
            self.skipped.extend(errors or early)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


class _Hand:
    """One hand being valued, event by event of the walk."""

    def __init__(self, analyzer: Analyzer, game: Machine, file: str, index: int, h: int,
                 players: dict[str, str], actions: list[Any]):
        rules = game.rules
        self.analyzer = analyzer
        self.number = h
        self.actions = actions  # the recorded actions (to read the next one ahead)
        labels = game.labels
        self.view = HandAnalysis(file, index + 1, h + 1, rules.name or rules.id, tuple(labels),
                                 tuple(game.side_names), tuple(game.side_of), players,
                                 labels[game.dealer], rules.scoring.model == ScoringModel.COUNTDOWN)
        self.view.variant_id = rules.id
        self.results_before = len(game.results)
        self.solver = analyzer.fresh_solver(rules)
        self.hand_size = rules.deal.hand_size
        self.valued = True  # no illegal card yet: plays can still be valued
        #: the tricks to play at the position whose search passed the budget: no
        #: position with as many is searched again (None: none passed it)
        self.too_big: int | None = None
        self.opening: bool | None = None  # the opening lead's position was fully known
        self.forced: list[tuple[int, Action, bool, int]] = []  # plays of one legal card
        #: the values of the cards before play ``i``: (i, maker side, trick, values)
        self.pending: tuple[int, bool, int, dict[int, int]] | None = None
        self.points: list[DecisionPoint] = []
        #: seats whose bidding decisions are not valued: their hands are hidden
        self.unvalued: set[str] = set()
        self.moves: list[Action] = []
        self.phase = game.phase  # the phase before the next action
        self.made_in: str | None = None
        #: the makers' net points by their total tricks (from the first play on):
        #: what a trick lost in the play costs in points
        self.points_of: list[int] | None = None
        #: hidden cards: the worlds the plays are valued over (None: not valued)
        self.hidden = None if analyzer.worlds <= 0 else HiddenHand(
            analyzer.worlds, random.Random(f"{analyzer.seed}/{index}/{h}"), analyzer.model)

    # -------------------------------------------------------------- the walk
    def before(self, game: Machine, i: int) -> None:
        """The game is just before recorded action ``i``: note a decision, value a play."""
        self.phase = game.phase
        if i >= len(self.actions) or game.hand_over:
            return
        try:
            nxt = action_from_json(game, self.actions[i])
        except ValueError:
            return  # the walk reports it
        if game.phase in DECISION_PHASES:
            for point in _decision_points(game, i, nxt):
                if hand_known(point.game, point.seat):
                    self.points.append(point)
                else:
                    self.unvalued.add(game.labels[point.seat])
        if nxt.verb != PLAY or not self.valued:
            return
        pos = game
        if game.phase != PLAYING:  # an offer still open, declined by this play
            pos = game.clone()
            _decline_before(pos, nxt)
        if pos.phase == PLAYING and pos.maker is not None and pos.to_act == nxt.seat:
            self._value_position(pos, i, nxt)

    def _value_position(self, game: Machine, i: int, nxt: Action) -> None:
        known = full_information(game)
        view = self.view
        first = self.opening is None
        if first:
            self.opening = known
            self.points_of = utilities(game)  # no trick taken yet: index = total tricks
            if known:
                self._value_opening(game, nxt)
        if not known:
            self.forced.clear()
            if self.hidden is None:
                if not any("hidden cards" in n for n in view.notes):
                    view.notes.append("hidden cards: plays are valued only where every card "
                                      "still in play is known")
            elif self._within(game, i, nxt):
                self._estimate(game, i, nxt, first)
            return
        if len(game.legal_actions()) == 1:
            # nothing to choose: its value is the next choice's (no search needed)
            self.forced.append((i, nxt, _maker_side(game, nxt.seat),
                                len(game.trick_winners) + 1))
            return
        if not self._within(game, i, nxt):
            return
        try:
            values = self.solver.card_values(game)
        except SearchLimit:
            self._past_budget(game, i, nxt)
            return
        self.pending = (i, _maker_side(game, nxt.seat), len(game.trick_winners) + 1, values)

    def _value_opening(self, game: Machine, nxt: Action) -> None:
        """The makers' score with best play from the opening lead (and in a game
        of each for themselves, each seat's tricks), within the budget."""
        view = self.view
        solver = self.solver
        if self._left(game) > self.analyzer.exact:
            self.too_big = self._left(game)
            self._opening_not_valued(game, nxt, self.analyzer.exact)
            return
        solver.allow(self.analyzer.budget)
        try:
            view.makers_dd_points = solver.solve_points(game)
            if all(len(side) == 1 for side in game.sides):  # each for themselves
                view.seats_dd = {game.labels[s]: solver.solve(game, s)
                                 for s in range(game.n) if game.active[s]}
        except SearchLimit:
            self.too_big = self._left(game)
            self._opening_not_valued(game, nxt)

    def _left(self, game: Machine) -> int:
        """Tricks still to play: the size of a position's search."""
        return self.hand_size - len(game.trick_winners)

    def _opening_not_valued(self, game: Machine, nxt: Action, longer: int = 0) -> None:
        """The opening lead's best is not known: listed, and no value kept
        (``longer``: not searched, being longer than that many tricks)."""
        self.opening = False
        self.view.makers_dd_points = None
        self.view.seats_dd = None
        self._not_valued(Unvalued("opening", None, game.labels[nxt.seat], 0, longer))

    def _within(self, game: Machine, i: int, nxt: Action) -> bool:
        """Give the solver the budget of one play's question; ``False`` (do not
        search) when a position with as many tricks to play already passed it."""
        if self.too_big is not None and self._left(game) >= self.too_big:
            self._skip_play(game, i, nxt)
            return False
        if self._left(game) > self.analyzer.exact:
            self.too_big = self._left(game)
            self._skip_play(game, i, nxt)
            return False
        self.solver.allow(self.analyzer.budget)
        return True

    def _past_budget(self, game: Machine, i: int, nxt: Action) -> None:
        """The play's search passed the budget: listed, and so are the forced plays
        before it (their value was to be its best); positions as large are not
        searched again."""
        self.too_big = self._left(game)
        self._skip_play(game, i, nxt)

    def _skip_play(self, game: Machine, i: int, nxt: Action) -> None:
        """Play ``nxt`` is not valued (nor the forced plays waiting for its value):
        past the budget, or not searched, having more tricks to play than the
        analyzer solves exactly."""
        labels = game.labels
        longer = self.analyzer.exact if self._left(game) > self.analyzer.exact else 0
        for j, a, _side, trick in self.forced:
            self._not_valued(Unvalued("play", j, labels[a.seat], trick, longer))
        self.forced.clear()
        view = self.view
        if not view.plays and not view.estimated and \
                (self.opening or (self.opening is False and self.hidden is not None)) and \
                not any(u.what == "opening" for u in view.unvalued):
            self._opening_not_valued(game, nxt, longer)  # its best is the first play's
        self._not_valued(Unvalued("play", i, labels[nxt.seat], len(game.trick_winners) + 1,
                                  longer))

    def _not_valued(self, what: Unvalued) -> None:
        self.view.unvalued.append(what)
        if not what.longer:
            self.view.budget = self.analyzer.budget

    def _estimate(self, game: Machine, i: int, nxt: Action, opening: bool) -> None:
        """Value the play ``nxt`` of a position with hidden cards over sampled worlds
        (``opening``: the opening lead, whose best value is the hand's)."""
        assert self.hidden is not None
        view = self.view
        try:
            est = self.hidden.play(game, nxt, self.solver.card_values, self.points_of)
        except SearchLimit:
            self._past_budget(game, i, nxt)
            return
        except (ValueError, EuchreError) as exc:  # no consistent deal, or a card its seat
            # cannot hold (the walk reports an illegal card itself)
            view.notes.append(f"action {i}: the hidden cards cannot be sampled ({exc}); the "
                              "plays from here are not valued")
            self.valued = False
            return
        if not view.estimated:
            view.estimated = True
            view.worlds = est.best.worlds
            if opening:
                view.makers_dd_mean = est.best.mean
                view.makers_dd_ci = est.best_range
        names = game.deck.names
        view.plays.append(PlayValue(
            i, game.labels[nxt.seat], names[nxt.arg], est.best.mean,  # type: ignore[index]
            est.after.mean, _maker_side(game, nxt.seat), tuple(names[c] for c in est.better),
            len(game.trick_winners) + 1, estimated=True, loss=est.cost,
            points_loss=est.points_cost, choices=len(game.legal_actions())))

    def acted(self, ev: Acted) -> None:
        if ev.refused:
            plays = self.view.plays
            if plays and plays[-1].estimated and plays[-1].action == ev.action:
                plays.pop()  # valued before the walk refused it
            if self.valued:
                self.view.notes.append(f"action {ev.action} was refused: the rest of the hand is "
                                       "not valued")
            self.valued = False
            return
        move = ev.move
        assert move is not None
        self.moves.append(move)
        if self.made_in is None and ev.game.maker is not None:
            self.made_in = self.phase
        if self.pending is not None and self.pending[0] == ev.action:
            self._played(ev.game, move)
        self.pending = None
        self.before(ev.game, ev.action + 1)

    def _played(self, game: Machine, move: Action) -> None:
        """Card ``move`` was played (``game`` is just after it)."""
        assert self.pending is not None
        i, maker_side, trick, values = self.pending
        after = values.get(move.arg)  # type: ignore[arg-type]
        if after is None:
            self.view.notes.append(f"action {i}: not a legal play; the plays from here are "
                                   "not valued")
            self.valued = False
            self.forced.clear()
            return
        best = max(values.values()) if maker_side else min(values.values())
        names = game.deck.names
        better = () if after == best else tuple(
            names[c] for c in game.deck.sorted_cards(sum(1 << c for c, v in values.items()
                                                        if v == best), game.trump))
        self.view.plays.extend(_forced_values(game, self.forced, best))
        lost = 0.0
        if self.points_of is not None and after != best:
            lost = float(abs(self.points_of[best] - self.points_of[after]))
        self.view.plays.append(PlayValue(i, game.labels[move.seat], names[move.arg],  # type: ignore[index]
                                         best, after, maker_side, better, trick,
                                         points_loss=lost, choices=len(values)))

    def finish(self, ev: HandEnded, broken: bool) -> HandAnalysis:
        view = self.view
        game = ev.game
        if broken:
            view.errors = True
            view.plays = []
            view.makers_dd_points = None
            view.seats_dd = None
            view.estimated = False
            view.makers_dd_mean = view.makers_dd_ci = None
            view.worlds = 0
            view.notes = [n for n in view.notes if "hidden cards" not in n]
            view.notes.append("the hand has errors (see euchre validate): not analysed")
            view.unvalued = []
        if ev.finished and len(game.results) > self.results_before:
            res = game.results[-1]
            labels = game.labels
            view.trump = contract_name(res.trump)
            view.maker = None if res.maker is None else labels[res.maker]
            view.alone = res.alone
            view.partner = None if res.partner is None else labels[res.partner]
            view.lone_defender = None if res.lone_defender is None else labels[res.lone_defender]
            view.tricks = res.tricks
            view.points = res.points
            view.made = res.made
            view.march = res.march
            view.reason = res.reason
            view.dropped = tuple(labels[a.seat] for a in self.moves if a.verb == DROP)
            view.made_in = self.made_in
            if self.forced and self.valued and not broken and res.maker is not None:
                mates = game.hand_mates(res.maker)  # with a called partner's tricks
                taken = sum(t for s, t in enumerate(res.tricks) if (mates >> s) & 1)
                view.plays.extend(_forced_values(game, self.forced, taken))
        if self.opening and view.plays:
            view.makers_dd = int(view.plays[0].best)
        else:
            view.makers_dd_points = None
            view.seats_dd = None
        decisions = self.analyzer.decisions
        if decisions is not None and not broken:
            if self.points:
                decisions(self.points, view)
            if self.unvalued:
                seats = ", ".join(s for s in game.labels if s in self.unvalued)
                view.notes.append(f"bidding decisions of {seats} not valued: the record hides "
                                  "their hands")
        return view


def _maker_side(game: Machine, seat: int) -> bool:
    assert game.maker is not None
    return bool((game.hand_mates(game.maker) >> seat) & 1)


def _forced_values(game: Machine, forced: list[tuple[int, Action, bool, int]],
                   value: int) -> list[PlayValue]:
    """The plays of a single legal card before a position of ``value``: each kept it."""
    names = game.deck.names
    out = [PlayValue(i, game.labels[a.seat], names[a.arg], value, value,  # type: ignore[index]
                     maker_side, (), trick, choices=1) for i, a, maker_side, trick in forced]
    forced.clear()
    return out


def _decline_before(game: Machine, action: Action) -> list[Action]:
    """Make the optional declarations that ``action`` implicitly declines (not
    defending alone when the next recorded action is a play); records never
    write them.  Returns the declines made."""
    made = []
    while game.phase in DECISION_PHASES:
        legal = game.legal_actions()
        decline = Action(game.to_act, DECLINE)
        if action in legal or decline not in legal:
            break
        game.apply(decline)
        made.append(decline)
    return made


def _decision_points(game: Machine, i: int, action: Action) -> list[DecisionPoint]:
    """The decisions taken by the recorded ``action``: the action itself, and before
    it the optional declarations it implicitly declines (not defending alone)."""
    out: list[DecisionPoint] = []
    probe = game.clone()
    while probe.phase in DECISION_PHASES:
        legal = probe.legal_actions()
        if action in legal:
            if len(legal) > 1:
                out.append(DecisionPoint(i, action.seat, probe, legal, action))
            break
        decline = Action(probe.to_act, DECLINE)
        if decline not in legal:
            break
        if len(legal) > 1:
            out.append(DecisionPoint(None, probe.to_act, probe.clone(), legal, decline))
        probe.apply(decline)
    return out
