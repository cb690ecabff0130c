"""``euchre analyze``: walk a record hand by hand and value what was done.

For every hand the record is replayed through the engine (the validator has
judged it first: hands with errors are replayed but not valued).  At each
play whose position is fully known -- every hand, as in a simulation or a
complete record -- the solver values every legal card; the card played and
the best card give a :class:`~.report.PlayValue`.  Bidding decisions are
collected on the way and valued by :mod:`.decisions` (perfect-information
estimates over sampled deals).

The solver is any object with ``card_values(game)`` and ``solve(game)`` (the
makers' total tricks with best play): the real one,
:class:`euchre_dsl.analysis.solver.Solver`, by default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Protocol

from ..cards import contract_name
from ..engine.actions import (
    AUCTION, AUCTION_CALL, DEALER_NAMES, DECLINE, DEFEND, DROP, NAMING, ORDER_UP_ROUND, PLAY,
    PLAYING, STAY_DROP, WIDOW, Action, IllegalAction,
)
from ..engine.game import Game
from ..errors import EuchreError, Problem
from ..history.notation import UNKNOWN_CARD, action_from_json
from ..history.reader import Item
from ..history.validate import Validator
from ..rules.ruleset import RuleSet
from .report import HandAnalysis, PlayValue

#: Phases whose decisions are bidding decisions (valued by :mod:`.decisions`).
DECISION_PHASES = frozenset((ORDER_UP_ROUND, NAMING, AUCTION, AUCTION_CALL, WIDOW, DEFEND,
                             STAY_DROP, DEALER_NAMES))


class PlaySolver(Protocol):
    """What the analysis needs of a solver."""

    def solve(self, game: Game) -> int: ...

    def card_values(self, game: Game) -> dict[int, int]: ...

    def solve_points(self, game: Game) -> int: ...


SolverFactory = Callable[[RuleSet], PlaySolver]


@dataclass
class DecisionPoint:
    """A bidding decision met in the walk: enough to rebuild it in a sampled deal."""

    action: int | None  # index in the hand's actions (None: an implicit decline)
    seat: int
    prefix: list[Action]  # the hand's actions before it
    options: tuple[Action, ...]
    chosen: Action


@dataclass
class HandWalk:
    """One hand replayed: the game at its start (before the deal), the deal, the
    bidding decisions met, for the decision estimates."""

    start: Game  # a clone of the game just before the deal
    deal: tuple[list[int | None] | None, ...]
    upcard: int | None
    widow: list[int | None] | None
    kitty: list[int | None] | None
    points: list[DecisionPoint]


DecisionValuer = Callable[[HandWalk, HandAnalysis], None]


def default_solver(rules: RuleSet) -> PlaySolver:
    """The project's solver for ``rules``."""
    from .solver import Solver

    return Solver(rules)


def full_information(game: Game) -> bool:
    """Is every card still in play known to be in one seat's hand?"""
    return all(game.sure[s] == game.cand[s] and game.sure[s].bit_count() == game.count[s]
               for s in range(game.n))


class Analyzer:
    """Analyses records one at a time; solvers and variants are kept between records.

    ``decisions`` values the bidding decisions of each hand (see
    :class:`~.decisions.DecisionEstimator`); ``None`` skips them.  ``skipped``
    collects the problems of records that could not be analysed at all.
    """

    def __init__(self, solver_for: SolverFactory | None = None,
                 decisions: DecisionValuer | None = None,
                 validator: Validator | None = None):
        self.validator = validator or Validator()
        self._solver_for = solver_for or default_solver
        self._solvers: dict[int, tuple[RuleSet, PlaySolver]] = {}
        self.decisions = decisions
        self.skipped: list[Problem] = []

    def solver(self, rules: RuleSet) -> PlaySolver:
        found = self._solvers.get(id(rules))
        if found is None or found[0] is not rules:
            found = self._solvers[id(rules)] = (rules, self._solver_for(rules))
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
        problems = self.validator.validate(record, index=index, file=file)
        fatal = [p for p in problems if p.severity == "error" and p.hand is None]
        if type(record) is not dict or fatal:
            self.skipped.extend(fatal or problems)
            return
        try:
            rules = self.validator.rules_for(record["variant"], file)
        except EuchreError as exc:
            self.skipped.extend(exc.problems)
            return
        broken = {p.hand for p in problems if p.severity == "error" and p.hand is not None}
        labels = list(record["seats"])
        hands = record.get("hands")
        hands = hands if isinstance(hands, list) else []
        first = hands[0] if hands and type(hands[0]) is dict else {}
        game = Game(rules, labels, labels.index(first["dealer"])
                    if first.get("dealer") in labels else 0)
        start = record.get("start_scores")
        if type(start) is dict:
            game.set_scores([v if type(v := start.get(name)) is int else s
                             for name, s in zip(game.side_names, game.scores)])
        players = record.get("players")
        players = {k: v for k, v in players.items() if type(v) is str} \
            if type(players) is dict else {}
        for h, hand in enumerate(hands):
            if game.is_over:
                break
            if hand_no is not None and h + 1 != hand_no:
                self._replay_only(game, hand)
                continue
            analysis = self._hand(game, rules, hand, h, index, file, players, h in broken)
            if analysis is not None:
                yield analysis

    def _replay_only(self, game: Game, hand: Any) -> None:
        """Play a hand through without valuing it (to reach a later ``--hand``)."""
        walk = _Walk(game, hand)
        if walk.deal_ok:
            for _ in walk.steps():
                pass
        walk.finish()

    def _hand(self, game: Game, rules: RuleSet, hand: Any, h: int, index: int, file: str,
              players: dict[str, str], broken: bool) -> HandAnalysis | None:
        walk = _Walk(game, hand)
        labels = game.labels
        view = HandAnalysis(file, index + 1, h + 1, rules.name or rules.id, tuple(labels),
                            tuple(game.side_names), tuple(game.side_of), players,
                            None if walk.dealer is None else labels[walk.dealer],
                            rules.scoring.model == "countdown")
        view.errors = broken or not walk.deal_ok
        if not walk.deal_ok:
            view.notes.append("the deal cannot be replayed (see euchre validate)")
            walk.finish()
            return view
        if broken:
            view.notes.append("the hand has errors (see euchre validate): not analysed")
        solver = None if broken else self.solver(rules)
        valued = True  # no illegal card so far: plays can still be valued
        opening: bool | None = None  # the opening lead's position was fully known
        forced: list[tuple[int, Action, bool, int]] = []  # plays of a single legal card
        points: list[DecisionPoint] = []
        for i, action in walk.steps():
            if game.phase in DECISION_PHASES and not broken:
                points.extend(_decision_points(game, walk, i, action))
            walk.decline_before(action)
            if action.verb != PLAY or game.phase != PLAYING or solver is None or \
                    game.maker is None or not valued:
                continue
            known = full_information(game)
            if opening is None:
                opening = known
                if known:
                    view.makers_dd_points = solver.solve_points(game)
            if not known:
                if not any("hidden cards" in n for n in view.notes):
                    view.notes.append("hidden cards: plays are valued only where every card "
                                      "still in play is known")
                forced.clear()
                continue
            if len(game.legal_actions()) == 1 and action.seat == game.to_act:
                # nothing to choose: its value is the next choice's (no search needed)
                forced.append((i, action, _maker_side(game, action.seat),
                               len(game.trick_winners) + 1))
                continue
            value = self._play_value(game, solver, i, action)
            if value is None:
                view.notes.append(f"action {i}: not a legal play; the plays from here are not "
                                  "valued")
                valued = False
                forced.clear()
                continue
            view.plays.extend(_forced_values(game, forced, value.best))
            view.plays.append(value)
        if forced and walk.stopped is None and len(game.results) > walk.results_before:
            res = game.results[-1]
            maker = res.maker
            assert maker is not None
            taken = sum(t for s, t in enumerate(res.tricks) if game.side_of[s] ==
                        game.side_of[maker])
            view.plays.extend(_forced_values(game, forced, taken))
        if opening and view.plays:
            view.makers_dd = view.plays[0].best
        walk.finish()
        if walk.stopped is not None and not broken:
            view.notes.append(walk.stopped)
        _fill_result(view, game, walk)
        if self.decisions is not None and points and not broken:
            self.decisions(HandWalk(walk.start, walk.hands, walk.upcard, walk.widow,
                                    walk.kitty, points), view)
        return view

    def _play_value(self, game: Game, solver: PlaySolver, i: int,
                    action: Action) -> PlayValue | None:
        if not full_information(game) or action.seat != game.to_act:
            return None
        values = solver.card_values(game)
        after = values.get(action.arg)  # type: ignore[arg-type]
        if after is None:
            return None
        maker_side = _maker_side(game, action.seat)
        best = max(values.values()) if maker_side else min(values.values())
        names = game.deck.names
        better = () if after == best else tuple(
            names[c] for c in game.deck.sorted_cards(sum(1 << c for c, v in values.items()
                                                        if v == best), game.trump))
        return PlayValue(i, game.labels[action.seat], names[action.arg],  # type: ignore[index]
                         best, after, maker_side, better, len(game.trick_winners) + 1)


def _maker_side(game: Game, seat: int) -> bool:
    assert game.maker is not None
    return game.side_of[seat] == game.side_of[game.maker]


def _forced_values(game: Game, forced: list[tuple[int, Action, bool, int]],
                   value: int) -> list[PlayValue]:
    """The plays of a single legal card before a position of ``value``: each kept it."""
    names = game.deck.names
    out = [PlayValue(i, game.labels[a.seat], names[a.arg], value, value,  # type: ignore[index]
                     maker_side, (), trick) for i, a, maker_side, trick in forced]
    forced.clear()
    return out


class _Walk:
    """The replay of one recorded hand through the engine, action by action.

    Reads the deal and the actions with the history notation and applies them
    with ``allow_renege`` (as the validator replays a record); stops at the
    first action the engine refuses.
    """

    def __init__(self, game: Game, hand: Any):
        self.game = game
        hand = hand if type(hand) is dict else {}
        self.record = hand
        labels = game.labels
        self.dealer = labels.index(hand["dealer"]) if hand.get("dealer") in labels else None
        if self.dealer is not None:
            game.dealer = self.dealer
        self.start = game.clone()
        self.stopped: str | None = None
        self.hands: tuple[list[int | None] | None, ...] = ()
        self.upcard: int | None = None
        self.widow: list[int | None] | None = None
        self.kitty: list[int | None] | None = None
        self.actions: list[Action] = []
        self.results_before = len(game.results)
        self.made_in: str | None = None  # the phase in which trump was made
        try:
            self._deal(hand.get("deal"))
            self.deal_ok = True
        except (ValueError, IllegalAction, TypeError):
            self.deal_ok = False

    def _deal(self, deal: Any) -> None:
        game = self.game
        if type(deal) is not dict:
            raise ValueError("no deal")
        parse = game.deck.parse

        def cards(value: Any) -> list[int | None] | None:
            if value is None:
                return None
            return [None if c == UNKNOWN_CARD else parse(c) for c in value]

        hands = deal.get("hands")
        hands = hands if type(hands) is dict else {}
        self.hands = tuple(cards(hands.get(label)) for label in game.labels)
        up = deal.get("upcard")
        self.upcard = None if up is None else parse(up)
        self.widow = cards(deal.get("widow"))
        self.kitty = cards(deal.get("kitty"))
        game.deal(list(self.hands), self.upcard, self.widow, self.kitty)

    def steps(self) -> Iterator[tuple[int, Action]]:
        """``(index, action)`` before each recorded action is applied."""
        game = self.game
        actions = self.record.get("actions")
        for i, a in enumerate(actions if isinstance(actions, list) else []):
            if game.hand_over:
                return
            try:
                action = action_from_json(game, a)
            except ValueError as exc:
                self.stopped = f"action {i} not understood ({exc}): the rest is not analysed"
                return
            yield i, action
            phase = game.phase
            try:
                game.apply(action, allow_renege=True)
            except IllegalAction as exc:
                self.stopped = f"action {i} was refused ({exc.message}): the rest is not " \
                               "analysed"
                return
            self.actions.append(action)
            if self.made_in is None and game.maker is not None:
                self.made_in = phase

    def decline_before(self, action: Action) -> None:
        """Make the optional declarations that ``action`` implicitly declines (not
        defending alone when the next recorded action is a play), so that the
        game is in the phase the action belongs to; records never write them."""
        game = self.game
        while game.phase in DECISION_PHASES:
            legal = game.legal_actions()
            decline = Action(game.to_act, DECLINE)
            if action in legal or decline not in legal:
                return
            game.apply(decline)
            self.actions.append(decline)

    def finish(self) -> None:
        """End the hand: an unfinished one is abandoned, as the validator does."""
        if not self.game.hand_over:
            self.game.abandon_hand()


def _decision_points(game: Game, walk: _Walk, i: int, action: Action) -> list[DecisionPoint]:
    """The decisions taken by the recorded ``action``: the action itself, and before
    it the optional declarations it implicitly declines (not defending alone)."""
    out: list[DecisionPoint] = []
    probe = game.clone()
    prefix = list(walk.actions)
    while probe.phase in DECISION_PHASES:
        legal = probe.legal_actions()
        if action in legal:
            if len(legal) > 1:
                out.append(DecisionPoint(i, action.seat, list(prefix), legal, action))
            break
        decline = Action(probe.to_act, DECLINE)
        if decline not in legal:
            break
        if len(legal) > 1:
            out.append(DecisionPoint(None, probe.to_act, list(prefix), legal, decline))
        probe.apply(decline)
        prefix.append(decline)
    return out


def _fill_result(view: HandAnalysis, game: Game, walk: _Walk) -> None:
    """The hand's outcome, from the engine's result when the hand finished."""
    labels = game.labels
    if len(game.results) <= walk.results_before:
        return  # the hand did not finish
    res = game.results[-1]
    view.trump = contract_name(res.trump)
    view.maker = None if res.maker is None else labels[res.maker]
    view.alone = res.alone
    view.lone_defender = None if res.lone_defender is None else labels[res.lone_defender]
    view.tricks = res.tricks
    view.points = res.points
    view.made = res.made
    view.reason = res.reason
    view.dropped = tuple(labels[a.seat] for a in walk.actions if a.verb == DROP)
    view.made_in = walk.made_in
