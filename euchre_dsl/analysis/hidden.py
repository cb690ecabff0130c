"""Hands whose record hides cards: each play valued over sampled worlds.

A record typed in from the table, or seen from one seat (``--from-view``),
leaves some cards unknown.  Before each play of such a hand the analyzer
draws worlds -- every hidden card dealt -- consistent with what the record
shows up to and including that play: the engine's walk of the record already
knows which cards were seen, who showed out of which suit, who took the
upcard and what was discarded face up, and the seat to play surely held the
card it played (:class:`~euchre_dsl.search.worlds.WorldSampler` with
``record=``, the same sampler a searching bot uses for its own seat).  Each
world is solved with every card visible.

What the seats did says more than what they showed: a seat that passed is
unlikely to hold the right bower and two more trumps.  With a *reading* of the
table (:class:`Reading`; the command line gives the one the ``pimc`` bot reads
its opponents with, :class:`~euchre_dsl.sim.bots.pimc.RecordReading`: the
bidding read softly against the rule bot's bar, the play as the rule bot's),
the worlds are drawn in proportion to how likely the hidden seats' bids and
plays were in each (rejection sampling: every world then weighs alike).
Without one, the worlds are drawn uniformly and each is *weighted* by how
likely the plays so far were from players choosing at random among the legal
cards (importance sampling), the bids weighing alike.

Estimates are (weighted) means with 95% intervals from the worlds' effective
number (Kish's ``(sum w)^2 / sum w^2``).  A card is a mistake only when a card
its seat held in every world keeps more for its side by more than that noise:
the paired difference's 95% interval lies above zero (an equal best is no
mistake).  The hand's estimate of the makers' tricks comes with a second
interval, the range the real deal's value lies in (:func:`prediction`).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt
from typing import Any, Callable, Collection, Protocol, Sequence

from ..engine.actions import PLAY, Action
from ..engine.machine import Machine
from ..rng import RandomSource
from ..search.worlds import WorldSampler

#: Worlds drawn per position of a hand with hidden cards, by default.
DEFAULT_WORLDS = 16
#: z for a two-sided 95% interval.
Z95 = 1.959964


class Reading(Protocol):
    """A reading of the table: what the hidden seats' actions say about their cards."""

    def draws(self, game: Machine, seats: Collection[int]
              ) -> Callable[[RandomSource], list[int]]:
        """A drawer of every seat's hand in one world of ``game`` (a position of the
        record's walk), drawn in proportion to how likely ``seats`` (the hidden
        hands) were to act as they did holding it."""
        ...


@dataclass(frozen=True)
class Estimate:
    """A weighted mean over worlds and its 95% interval."""

    mean: float
    low: float
    high: float
    worlds: int


def _moments(values: Sequence[float], weights: Sequence[float]) -> tuple[float, float, float]:
    """The weighted mean, the weighted variance and the effective number of worlds."""
    total = sum(weights)
    mean = sum(w * v for w, v in zip(weights, values)) / total
    var = sum(w * (v - mean) ** 2 for w, v in zip(weights, values)) / total
    eff = total * total / sum(w * w for w in weights)
    if eff > 1:  # the unbiased variance of a sample of ``eff`` worlds
        var *= eff / (eff - 1)
    return mean, var, eff


def estimate(values: Sequence[float], weights: Sequence[float]) -> Estimate:
    """The weighted mean of ``values``, with a normal 95% interval over the
    effective number of worlds (equal values: an interval of width 0)."""
    if min(values) == max(values):  # every world agrees: the value itself, exactly
        return Estimate(values[0], values[0], values[0], len(values))
    mean, var, eff = _moments(values, weights)
    half = Z95 * sqrt(var / eff)
    return Estimate(mean, mean - half, mean + half, len(values))


def prediction(values: Sequence[float], weights: Sequence[float]) -> tuple[float, float]:
    """Where the real deal's value lies, 95% of the time: the normal prediction
    interval of one more world, ``mean ± z·sd·sqrt(1 + 1/n)`` over the effective
    number of worlds -- the spread of the worlds (the cards the record hides)
    and the uncertainty of their mean.  The estimate's own interval
    (:func:`estimate`) is how far the *mean* may be off, which is what a choice
    between two cards needs; this one is what the makers could have taken."""
    if min(values) == max(values):
        return values[0], values[0]
    mean, var, eff = _moments(values, weights)
    half = Z95 * sqrt(var * (1.0 + 1.0 / eff))
    return mean - half, mean + half


@dataclass(frozen=True)
class PlayEstimate:
    """One play of a hand with hidden cards, valued over the same worlds."""

    best: Estimate  # the makers' tricks with best play before the card (each world's best)
    after: Estimate  # the same after the card played
    #: cards the seat held in every world that keep more for its side than the card
    #: played, by more than the noise of the worlds (empty: no mistake)
    better: tuple[int, ...]
    cost: float  # tricks the card gave up on average against the best such card
    #: where the real deal's ``best`` lies (:func:`prediction`)
    best_range: tuple[float, float] = (0.0, 0.0)
    #: the same cost in the side's net points (``points_of`` given to :meth:`play`)
    points_cost: float = 0.0


class HiddenHand:
    """The worlds of one hand with hidden cards, position by position.

    ``reading`` draws the worlds as the hidden seats' actions say (see the
    module); without one they are drawn uniformly and weighted as random play."""

    def __init__(self, worlds: int, rng: RandomSource, reading: Reading | None) -> None:
        self.worlds = worlds
        self.rng = rng
        self.reading = reading

    def play(self, game: Machine, action: Action, values_of: Any,
             points_of: Sequence[int] | None = None) -> PlayEstimate:
        """Value ``action`` (a play) in ``game`` over sampled worlds;
        ``values_of(world)`` gives the makers' total tricks per legal card, and
        ``points_of[t]`` (if given) the makers' net points when they take ``t``."""
        after = game.clone()
        after.apply(action, allow_renege=True)
        seat, card = action.seat, int(action.arg)  # type: ignore[arg-type]
        assert game.maker is not None
        makers = bool((game.hand_mates(game.maker) >> seat) & 1)
        draw = self._drawer(after)
        bests: list[float] = []
        afters: list[float] = []
        weights: list[float] = []
        tables: list[dict[int, int]] = []
        for _ in range(self.worlds):
            hands, weight = draw()
            before = list(hands)
            before[seat] |= 1 << card
            world = game.clone()
            world.assume_hands(before)
            values = values_of(world)
            tables.append(values)
            bests.append(max(values.values()) if makers else min(values.values()))
            afters.append(values[card])
            weights.append(weight)
        best = estimate(bests, weights)
        played = estimate(afters, weights)
        common = -1
        for values in tables:
            cards = 0
            for c in values:
                cards |= 1 << c
            common &= cards
        sign = 1.0 if makers else -1.0
        better: list[tuple[float, int]] = []
        for c in range(game.deck.size):
            if (common >> c) & 1 and c != card:
                gap = estimate([sign * (t[c] - t[card]) for t in tables], weights)
                if gap.low > 0:  # better beyond the noise of the worlds
                    better.append((-gap.mean, c))
        better.sort()
        cost = points = 0.0
        if better:
            top = better[0][1]
            cost = -better[0][0]
            if points_of is not None:
                points = estimate([sign * (points_of[t[top]] - points_of[t[card]])
                                   for t in tables], weights).mean
        return PlayEstimate(best, played, tuple(c for _, c in better), cost,
                            prediction(bests, weights), points)

    def _drawer(self, after: Machine) -> Callable[[], tuple[list[int], float]]:
        """Draws one world's hands (each seat's cards just after the play being
        valued) and its weight."""
        rng = self.rng
        if self.reading is not None:
            hidden = [s for s in range(after.n) if after.active[s] and
                      not (after.sure[s] == after.cand[s] and
                           after.sure[s].bit_count() == after.count[s])]
            read = self.reading.draws(after, hidden)
            return lambda: (read(rng), 1.0)
        sampler = WorldSampler(record=after)

        def draw() -> tuple[list[int], float]:
            hands = sampler.sample_hands(rng)[0]
            return hands, _random_play_weight(after, hands)
        return draw


def _random_play_weight(after: Machine, hands: Sequence[int]) -> float:
    """How likely the plays so far were in the world of ``hands`` (each seat's cards
    just after the play being valued), each a choice at random among the legal cards."""
    weight = 1.0
    deck, trump = after.deck, after.trump
    assert trump is not None
    plays = [(a[0], a[2]) for a in after.hand_log if a[1] == PLAY and a[2] is not None]
    per_trick = sum(after.active)
    held = list(hands)
    for j in range(len(plays) - 1, -1, -1):
        s, c = plays[j]
        held[s] |= 1 << c
        lead = j - j % per_trick
        led = None if lead == j else plays[lead][1]
        weight /= max(deck.legal_plays(held[s], led, trump).bit_count(), 1)
    return weight


def as_seen_by(record: Any, seat: str | tuple[str, ...]) -> Any:
    """``record`` (a JSON record) as ``seat`` saw it at the table: every other
    hand, an untaken widow and the others' discards hidden.  Given several seats
    (a partnership reviewing its games together), what any of them saw."""
    if type(record) is not dict or not isinstance(record.get("hands"), list):
        return record
    seats = (seat,) if isinstance(seat, str) else seat
    out = dict(record)
    hands = []
    for hand in record["hands"]:
        if type(hand) is not dict:
            hands.append(hand)
            continue
        hand = dict(hand)
        deal = hand.get("deal")
        actions = hand.get("actions")
        took_widow = isinstance(actions, list) and any(
            isinstance(a, list) and a[1:2] == ["take_widow"] and a[0] in seats for a in actions)
        if type(deal) is dict:
            deal = dict(deal)
            if type(deal.get("hands")) is dict:
                deal["hands"] = {k: (v if k in seats else None) for k, v in deal["hands"].items()}
            if deal.get("widow") is not None and not took_widow:
                deal["widow"] = None
            hand["deal"] = deal
        if isinstance(actions, list):
            hand["actions"] = [[a[0], a[1], "??"] + a[3:]
                               if isinstance(a, list) and len(a) >= 3 and a[1] == "discard"
                               and a[0] not in seats else a for a in actions]
        hands.append(hand)
    out["hands"] = hands
    return out
