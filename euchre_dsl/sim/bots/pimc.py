"""The PIMC bot: perfect-information Monte Carlo on the open-hand solver.

For each decision the bot samples ``worlds`` deals consistent with what its
seat knows (:class:`~euchre_dsl.analysis.worlds.WorldSampler`: voids shown,
the upcard in the taker's hand, its own discard, hand sizes), scores every
legal option on the *same* worlds, and takes the best average.

* A card is scored by the solver: the points of the bot's side with best play
  after it, net of the opponents' in a partnership game (a defender wants to
  stop a march as much as the makers want one), in the engine's scoring.
* A bidding option (pass, order up, call, alone, discard, bid, stay, drop,
  take the widow, defend alone) is applied to the world, the rest of the
  bidding is played out by the rule bot for every seat -- each sees only its
  own view of the world -- and the finished bidding is handed to the solver.
  Options clearly behind after a batch of worlds are not scored further
  (``BATCH_WORLDS``, ``SEPARATION``): most bidding decisions are clear, and a
  clear one is settled on the first worlds.  Two table truths narrow the
  options searched (:func:`candidates`): a trump is not discarded while a
  plain card can go, and nobody goes alone with fewer than three trumps.

Plain PIMC over-bids: in every sampled world it "knows" where the cards are
(strategy fusion).  ``bias`` counters that: the passive option (pass,
decline, drop) is credited with ``bias`` times what being set costs (the
variant's ``euchred`` points, or a countdown's ``maker_set``: 0.3 points in
standard, 0.75 in Buck at the default 0.15) before the comparison, so a bid
must beat it clearly (docs/strength.md has the measurements).  Ties
between cards go to the rule bot's choice, so equal-valued cards are played
by table habits.  The solver's table is shared across the worlds of one
decision (one :class:`Solver` per bot).  Deterministic: every draw comes from
the bot's ``rng``.
"""

from __future__ import annotations

from typing import ClassVar, Sequence

from ...analysis.position import Position, position_of, utilities
from ...analysis.solver import Solver
from ...analysis.worlds import WorldSampler
from ...cards import mask_cards
from ...engine.actions import DECLINE, DISCARD, DROP, ORDER_UP, PASS, PLAYING, Action
from ...engine.game import Game
from ...rules.ruleset import RuleSet, ScoringModel
from ..view import SeatView
from .base import Param, Rng
from .rule import RuleBot

#: The options that commit to nothing: ``bias`` is credited to them.
PASSIVE = frozenset((PASS, DECLINE, DROP))
#: A bidding decision scores its options in batches of worlds; after each
#: batch an option clearly behind the leader (by more than ``SEPARATION``
#: standard errors of their paired difference) is not scored further, and when
#: one option is left it is taken.
BATCH_WORLDS = 10
SEPARATION = 2.5


class PimcBot:
    """Samples worlds consistent with what the seat knows and solves each open-handed."""

    name: ClassVar[str] = "pimc"
    PARAMS: ClassVar[tuple[Param, ...]] = (
        Param("worlds", int, 50, "sampled worlds per card played", minimum=1, maximum=100_000),
        Param("bid_worlds", int, 50, "sampled worlds per bidding decision", minimum=1,
              maximum=100_000),
        Param("bias", float, 0.15, "credited to passing (and declining, dropping) against "
              "plain PIMC's over-bidding, as a share of what being set costs",
              minimum=-10, maximum=10),
    )

    def __init__(self, rules: RuleSet, rng: Rng, worlds: int = 50, bid_worlds: int = 50,
                 bias: float = 0.15) -> None:
        self.rules = rules
        self.rng = rng
        self.worlds = worlds
        self.bid_worlds = bid_worlds
        self.bias = bias
        sc = rules.scoring
        #: what being set costs the makers, in points: the scale of ``bias``
        self.stake = sc.maker_set if sc.model == ScoringModel.COUNTDOWN else sc.euchred
        self.solver = Solver(rules)
        self.rule = RuleBot(rules, rng)
        self.partners = rules.players.sides == "partners"

    # ================================================================= play
    def play(self, view: SeatView, legal: int) -> int:
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        seat = view.seat
        sampler = WorldSampler(view)
        u = net_utility(sampler.template, seat, self.partners)
        totals = [0] * view.deck.size
        solver = self.solver
        rng = self.rng
        for _ in range(self.worlds):
            world = sampler.sample(rng)
            for card, value in card_points(solver, position_of(world, seat), u).items():
                totals[card] += value
        best = max(totals[c] for c in mask_cards(legal))
        choice = self.rule.play(view, legal)
        if totals[choice] == best:
            return choice
        return next(c for c in mask_cards(legal) if totals[c] == best)

    # ============================================================ decisions
    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        legal = candidates(view, legal)
        if len(legal) == 1:
            return legal[0]
        seat = view.seat
        sampler = WorldSampler(view)
        rng = self.rng
        k = len(legal)
        credit = [self.bias * self.stake if a.verb in PASSIVE else 0.0 for a in legal]
        values: list[list[float]] = [[] for _ in range(k)]
        alive = list(range(k))
        for w in range(self.bid_worlds):
            world = sampler.sample(rng)
            for i in alive:
                values[i].append(self._value_after(world, legal[i], seat) + credit[i])
            if (w + 1) % BATCH_WORLDS == 0 and w + 1 < self.bid_worlds:
                alive = _survivors(values, alive)
                if len(alive) == 1:
                    break
        best_i = alive[0]
        best = -1e18
        for i in alive:
            mean = sum(values[i]) / len(values[i])
            if mean > best:
                best, best_i = mean, i
        return legal[best_i]

    def _value_after(self, world: Game, action: Action, seat: int) -> float:
        """The bot's side's net points if it takes ``action`` in ``world``: the rest
        of the bidding by the rule bot, the play by the solver."""
        child = world.clone()
        child.apply(action)
        rule = self.rule
        while child.phase != PLAYING and not child.hand_over:
            s = child.to_act
            child.apply(rule.act(SeatView(child, s), child.legal_actions()))
        if child.phase == PLAYING:
            u = net_utility(child, seat, self.partners)
            return float(self.solver.solve_points_position(position_of(child, seat), u))
        result = child.last_result
        if result is None:
            return 0.0
        return float(_net_points(child, result.points, seat, self.partners))


def candidates(view: SeatView, legal: Sequence[Action]) -> Sequence[Action]:
    """The options worth searching: no trump is discarded while a plain card
    can go, and no lone hand is tried with fewer than three trumps."""
    deck = view.deck
    out: list[Action] = []
    for a in legal:
        if a.verb == DISCARD and a.arg is not None and view.trump is not None and \
                view.trump < 4:
            trumps = deck.trump_masks[view.trump]
            plain = [b for b in legal if b.verb == DISCARD and b.arg is not None
                     and not (trumps >> b.arg) & 1]
            if plain and (trumps >> a.arg) & 1:
                continue
        if a.alone:
            contract = view.upcard_suit() if a.verb == ORDER_UP else a.arg
            hand = view.hand
            if a.verb == ORDER_UP and view.dealer == view.seat and view.upcard is not None:
                hand |= 1 << view.upcard
            if contract is None or contract >= 4 or \
                    (hand & deck.trump_masks[contract]).bit_count() < 3:
                continue
        out.append(a)
    return out or legal


def _survivors(values: list[list[float]], alive: list[int]) -> list[int]:
    """The options not clearly behind the leader, on the worlds scored so far."""
    n = len(values[alive[0]])
    lead = max(alive, key=lambda i: sum(values[i]))
    out = []
    for i in alive:
        if i == lead:
            out.append(i)
            continue
        diffs = [values[lead][w] - values[i][w] for w in range(n)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        # a small floor: identical values on every world are no proof of a tie
        se = max((var / n) ** 0.5, 0.05)
        if mean <= SEPARATION * se:
            out.append(i)
    return out


def net_utility(game: Game, seat: int, partners: bool) -> list[int]:
    """``u[k]``: the seat's side's score if it takes ``k`` more tricks, less the
    other side's in a two-sided partnership game (scored by the engine;
    :func:`utilities` already nets table scores against the best rival)."""
    u = utilities(game, seat)
    if not partners or len(game.sides) != 2 or game.rules.scoring.model != ScoringModel.COUNTDOWN:
        return u
    side = game.side_of[seat]
    other = [s for s in range(game.n) if game.side_of[s] != side]
    active = [s for s in other if game.active[s]]
    opp = (active or other)[0]
    v = utilities(game, opp)
    left = len(u) - 1
    return [u[k] - v[left - k] for k in range(left + 1)]


def card_points(solver: Solver, pos: Position, u: list[int]) -> dict[int, int]:
    """Each legal card of the seat on turn -> ``u`` of the tricks its side takes
    with best play after it (the solver's ``card_points`` with a given utility)."""
    return solver.card_points_position(pos, u)


def _net_points(game: Game, points: tuple[int, ...], seat: int, partners: bool) -> int:
    side = game.side_of[seat]
    countdown = game.rules.scoring.model == ScoringModel.COUNTDOWN
    mine = -points[side] if countdown else points[side]
    if partners and len(points) == 2:
        theirs = points[1 - side]
        return mine - (-theirs if countdown else theirs)
    return mine

