"""The rest of a hand's bidding, searched with every card visible.

:class:`FullInfoBidding` values each legal action of a position before the
play (passing, ordering up, naming trump, going alone, defending alone,
staying or dropping, bidding, taking the widow, discarding): the rest of the
bidding is played out with every seat choosing the option best for its own
side, all cards visible, and each finished bidding is handed to the solver for
the play.  It is the perfect-information half of a PIMC bidding decision: the
analyzer (:mod:`.decisions`) and the search bot average it over sampled deals.

Only the engine decides what may be done: the options are
:meth:`Machine.legal_actions` and each is applied to a :meth:`Machine.clone`; the
score of a finished hand comes from the solver (score-level, via the
engine's scoring) or, for a hand thrown in, from the engine's result.

Values are **net points per side**: a side's score for the hand minus the
average of the other sides' scores, each oriented so that more is better
(countdown points negated, a game won outright worth the whole game): the
engine's :func:`~euchre_dsl.engine.scoring.net_values`.  Each seat chooses
the option with the highest net value for its own side.  In a partnership game
this is the usual zero-sum minimax, and the play is solved once per finished
bidding, on the net score.  In an individual game each seat's score is what
it takes with best play against a coalition of everyone else (the solver's
definition of best play there), one search per seat still playing.

Where more than two sides score, every seat maximising its own value (max-n)
means searching every contract, discard and subset of seats that stays in,
each solved once per seat playing; given a :data:`Table` (the analyzer's: the
rule bot's bidding), only the deciding side's choices are searched and the
other sides bid as the table says (docs/analysis.md, "More than two sides").
"""

from __future__ import annotations

import gc
from typing import Callable, Final, Protocol, Sequence

from ..engine.actions import DECLINE, PASS, PLAYING, Action
from ..engine.machine import Machine
from ..engine.scoring import (
    HandOutcome, net_values, score_if_taken, scores_if_taken, side_values, zero_sum,
)
from .position import Position, position_of

#: The verbs that leave the decision to the next seat.
_PASSING: Final = frozenset((PASS, DECLINE))
#: Net points per side.
Values = tuple[float, ...]
#: A model of the other players at the table: the action the seat on turn of a
#: bidding position takes (one of its legal actions), from what that seat knows.
Table = Callable[[Machine], Action]
#: A play-phase position's value depends on these (:func:`leaf_key`).
LeafKey = tuple[HandOutcome, object, tuple[int, ...], tuple[int, ...], int]
INF: Final = float("inf")


class PointsSolver(Protocol):
    """The solver entry points the search needs."""

    def solve_position(self, pos: Position) -> int: ...

    def solve_points_position(self, pos: Position, utility: list[int]) -> int: ...

    def clear(self) -> None: ...


def split_scores(game: Machine, seat: int, k: int) -> list[int]:
    """Each side's value of the hand if ``seat``'s side takes ``k`` more tricks (all
    to ``seat``) and the rest are dealt round the other seats still playing.

    The engine's score and orientation
    (:func:`~euchre_dsl.engine.scoring.score_if_taken`,
    :func:`~euchre_dsl.engine.scoring.side_values`): more is better, a game won
    outright on the hand worth the whole game.
    """
    r = game.rules
    return side_values(r, score_if_taken(r, game.side_of, len(game.sides),
                                         game.hand_outcome(game.tricks), seat, k))


class FullInfoBidding:
    """Best bidding with all cards visible, for one rule set.

    One :meth:`option_values` call is one deal: the bidding tree below the
    position is small (a few dozen positions in standard euchre), so it is
    searched whole, every option of the root in turn, with alpha-beta pruning
    between the options of the positions below it (contracts tried before
    passes, :func:`_ordered`) and each position searched once
    (:func:`bidding_key`: an auction reaches one high bid by many orders).
    What costs is the play at its leaves, and three things keep that down:

    * **memoised leaves**: the play is solved once per distinct position
      (:func:`leaf_key`) and its window of interest within a call; partners
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

    def __init__(self, solver: PointsSolver, table: Table | None = None):
        self.solver = solver
        #: where more than two sides score: the other sides' bidding (None: searched too)
        self.table = table
        #: the side whose decision is valued (the seat on turn at the call's root)
        self._hero = -1
        self._memo: dict[tuple[object, ...], Values] = {}
        self._plays: dict[tuple[object, ...], float] = {}
        self._nets: dict[HandOutcome, list[int]] = {}
        self._leaves: dict[tuple[object, ...], Values] = {}
        self._scores: dict[tuple[HandOutcome, int, int], float] = {}
        self._collecting = False
        #: positions searched and plays solved, for the bench
        self.nodes = 0
        self.solves = 0

    def option_values(self, game: Machine, options: Sequence[Action] | None = None
                      ) -> dict[Action, Values]:
        """Each legal action of the seat on turn (or each of ``options``) -> the net
        points per side after it, with best bidding and best play by everyone from
        there (with a :attr:`table` in a game of more than two sides: the other
        sides bid as it says)."""
        self._start()
        self._hero = game.side_of[game.to_act]
        try:
            chosen = game.legal_actions() if options is None else options
            return {a: self._after(game, a, -INF, INF) for a in chosen}
        finally:
            self._forget()

    def value(self, game: Machine) -> Values:
        """The net points per side of ``game`` with best bidding and play from here
        (the seat on turn's side deciding, as for :meth:`option_values`)."""
        self._start()
        self._hero = game.side_of[game.to_act]
        try:
            return self._value(game, -INF, INF)
        finally:
            self._forget()

    def _start(self) -> None:
        """A new deal: nothing solved yet, an empty transposition table, and the
        cycle collector paused (:meth:`_forget` resumes it)."""
        self._forget()
        self.solver.clear()
        self._collecting = gc.isenabled()
        gc.disable()

    def _forget(self) -> None:
        """Drop the deal's memos; resume the cycle collector if :meth:`_start` paused it.

        The search makes and keeps many small tuples and lists (positions,
        keys, values), none of them in a reference cycle, and each few hundred
        new ones set off a collection that walks them all again: a tenth of the
        search's time, for nothing to collect.  Paused for one call, collected
        after it as usual."""
        if self._collecting:
            self._collecting = False
            gc.enable()
        self._memo = {}
        self._plays = {}
        self._nets = {}
        self._leaves = {}
        self._scores = {}

    def _after(self, game: Machine, action: Action, alpha: float, beta: float) -> Values:
        child = game.clone()
        # a legal action (from the engine's menu): no checks, no copy to roll back to
        child.act_without_rollback(action[0], action[1], action[2], action[3], False)
        return self._value(child, alpha, beta)

    def _value(self, game: Machine, alpha: float, beta: float) -> Values:
        """The position's values; with two sides (values ``(v, -v)``) an alpha-beta
        search on ``v`` in the window ``(alpha, beta)``: a value at or outside
        an edge is only a bound."""
        if game.hand_over:
            return self._result_values(game)
        if game.phase == PLAYING:
            return self._play_values(game, alpha, beta)
        key = bidding_key(game)
        found = self._memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        side = game.side_of[game.to_act]
        two = len(game.sides) == 2
        if not two and side != self._hero and self.table is not None:
            # another side of a table of more than two: it bids as the table does
            chosen = self._after(game, self.table(game), alpha, beta)
            self._memo[key] = chosen
            return chosen
        low, high = alpha, beta
        values: Values = ()
        legal = game.legal_actions()
        for a in _ordered(legal) if two else legal:
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
        if not two or alpha < values[0] < beta:  # a bound is not remembered
            self._memo[key] = values
        return values

    def _play_values(self, game: Machine, alpha: float, beta: float) -> Values:
        """Each side's net score with best play, memoised by :func:`leaf_key`."""
        leaf = leaf_key(game)
        if len(game.sides) == 2 and all(any(game.active[s] for s in seats)
                                        for seats in game.sides):
            # one search, on the net score: side 0's score less side 1's when side 0
            # takes k more tricks and side 1 the rest; scores beyond the window
            # are clamped to its edges (they only need to be known as bounds)
            net = self._nets.get(leaf[0])
            if net is None:
                net = self._nets[leaf[0]] = _net_scores(game)
            clamped = [_clamp(x, alpha, beta) for x in net]
            if min(clamped) == max(clamped):
                v = float(clamped[0])
            else:
                # the solve depends on the cards, who plays and the scores, not on
                # who made the contract: partners making the same one share it
                key = (leaf[1:], leaf[0].active, leaf[0].tricks, tuple(clamped))
                found = self._plays.get(key)
                if found is None:
                    self.solves += 1
                    seat = next(s for s in game.sides[0] if game.active[s])
                    found = float(self.solver.solve_points_position(position_of(game, seat),
                                                                     clamped))
                    self._plays[key] = found
                v = found
            return (v, -v)
        values = self._leaves.get(leaf)
        if values is None:
            values = self._leaves[leaf] = self._each_side(game, leaf)
        return values

    def _each_side(self, game: Machine, leaf: LeafKey) -> Values:
        """Net scores when each side's tricks are what its seat takes with best play
        against everyone else (an individual game: one search per seat playing)."""
        outcome = leaf[0]
        active = game.active
        tricks = game.tricks
        # the seat's tricks depend on the cards, who plays and who plays with it (a
        # called partner), not on the contract's target: leaves that differ only in
        # the score share the search
        cards = leaf[1:]
        out = []
        for side, seats in enumerate(game.sides):
            seat = -1
            taken = 0
            for s in seats:
                taken += tricks[s]
                if seat < 0 and active[s]:
                    seat = s
            if seat < 0:  # nobody of the side plays: it takes no trick
                out.append(self._side_score(game, outcome, seats[0], 0))
                continue
            key = (cards, outcome.active, outcome.tricks, game.hand_mates(seat))
            total = self._plays.get(key)
            if total is None:
                self.solves += 1
                total = self._plays[key] = float(
                    self.solver.solve_position(position_of(game, seat)))
            out.append(self._side_score(game, outcome, seat, int(total) - taken))
        return tuple(zero_sum(out))

    def _side_score(self, game: Machine, outcome: HandOutcome, seat: int, more: int) -> float:
        """:func:`split_scores` of ``seat``'s side, remembered for the deal: the score
        depends on the outcome (``game``'s: who plays, the maker, the target, the
        tricks so far), the seat and its tricks only, so the leaves of one
        stay-or-drop choice under every trump and discard share it."""
        key = (outcome, seat, more)
        found = self._scores.get(key)
        if found is None:
            found = self._scores[key] = float(split_scores(game, seat, more)[game.side_of[seat]])
        return found

    def _result_values(self, game: Machine) -> Values:
        """A hand that ended in the bidding (thrown in): the engine's value of it."""
        res = game.last_result
        assert res is not None
        return tuple(net_values(game.rules, res.score))


#: What a position before the play is: every attribute of the game that the
#: actions of a hand's bidding may change.  The rest of a game's attributes are
#: the same for every position of one deal (the seats, scores, dealer, results),
#: the play's own (constant before it) or the log of how it was reached;
#: tests/search/test_bidding_search.py fails when the engine gains an attribute
#: that is in neither list.
BIDDING_STATE: Final[tuple[str, ...]] = (
    "phase", "to_act", "cand", "sure", "count", "upcard", "widow", "widow_known", "trump",
    "maker", "alone", "lone_defender", "active", "forced", "stuck_dealer", "passes", "round_seats",
    "high_bid", "high_bidder", "taker", "upcard_holder", "turned_down", "defend_queue",
    "window_opened", "dropped", "stay_queue", "must_play", "discarded", "kitty",
    "claims_done", "claim_order", "swapped", "misdealt", "best_queue", "best_seat",
    "best_served", "upcard_untaken", "unplaced", "dealt", "partner_called", "called",
    "widow_holder",
)


def bidding_key(g: Machine) -> tuple[object, ...]:
    """A position before the play, hashable: the attributes of :data:`BIDDING_STATE`,
    in its order, lists as tuples and dicts as their sorted items.  Positions of
    one deal reached by different bidding orders -- the same high bid after
    different lower ones -- are searched once.

    Each attribute is read by name here, not looked up from the list: compiled,
    that is a field read instead of a generic ``getattr`` (the key is taken at
    every position of the search).  tests/search/test_bidding_search.py checks
    that it reads exactly :data:`BIDDING_STATE`."""
    return (
        g.phase, g.to_act, tuple(g.cand), tuple(g.sure), tuple(g.count), g.upcard, g.widow,
        g.widow_known, g.trump, g.maker, g.alone, g.lone_defender, tuple(g.active), g.forced,
        g.stuck_dealer, g.passes, tuple(g.round_seats), g.high_bid, g.high_bidder, g.taker,
        g.upcard_holder, g.turned_down, tuple(g.defend_queue), g.window_opened,
        tuple(g.dropped), tuple(g.stay_queue), tuple(sorted(g.must_play.items())),
        tuple(sorted(g.discarded.items())), tuple(g.kitty), g.claims_done,
        tuple(g.claim_order), g.swapped, g.misdealt, tuple(g.best_queue), g.best_seat,
        tuple(g.best_served), g.upcard_untaken, g.unplaced, g.dealt, g.partner_called,
        g.called, g.widow_holder,
    )


def _ordered(actions: Sequence[Action]) -> list[Action]:
    """The options in the order to search them with alpha-beta: making a contract
    before passing it by (a pass leads to the rest of the bidding, a large subtree;
    a contract to a few solves whose value bounds the search of the pass).  Only
    where two sides play: in a max-n search of more sides, a seat's ties are broken
    by the engine's order of its options, and the order decides the others' values."""
    return [a for a in actions if a[1] not in _PASSING] + \
        [a for a in actions if a[1] in _PASSING]


def leaf_key(game: Machine) -> LeafKey:
    """Everything the value of a play-phase position depends on, hashable: what the
    hand is scored on (:meth:`Machine.hand_outcome`: maker, alone, target, who plays,
    the tricks so far), the contract, the cards each seat playing holds, the
    trick on the table (in play order from its leader) and who is on turn."""
    hands = tuple(game.hand_of(s) if game.active[s] else 0 for s in range(game.n))
    return (game.hand_outcome(game.tricks), game.trump, hands, tuple(game.trick), game.to_act)


def _net_scores(game: Machine) -> list[int]:
    """``net[k]``: side 0's value of the hand less side 1's if side 0 takes ``k`` more
    tricks (a partnership game, both sides playing)."""
    r = game.rules
    seat = next(s for s in game.sides[0] if game.active[s])
    out = []
    for score in scores_if_taken(r, game.side_of, 2, game.hand_outcome(game.tricks), seat):
        out.append(int(net_values(r, score)[0]))  # two sides: v0 - v1, a whole number
    return out


def _clamp(x: int, low: float, high: float) -> int:
    """``x`` within ``[low, high]`` (the window's edges are whole numbers or infinite)."""
    if x < low:
        return int(low)
    if x > high:
        return int(high)
    return x
