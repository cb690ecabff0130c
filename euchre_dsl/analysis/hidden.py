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

The worlds are drawn uniformly among the consistent deals, then *weighted* by
how likely the seats' actions so far were in that world under a model of
play (importance sampling): every play weighs ``1 / (legal cards)`` -- a
player choosing among the cards the rules allowed -- and every bidding
action weighs what an :class:`ActionModel` gives it (by default a rule bot
trusted three times in four, so a bid the bot would not make only lowers a
world's weight, never rules it out).  Without a model the bids weigh alike.
The estimates are weighted means with 95% intervals from the worlds'
effective number (Kish's ``(sum w)^2 / sum w^2``).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import sqrt
from typing import Any, Protocol, Sequence

from ..engine.actions import (
    BID, CALL, DECLINE, DEFEND_ALONE, DISCARD, DROP, ORDER_UP, PASS, PLAY, STAY, Action,
)
from ..engine.game import Game
from ..rng import RandomSource
from ..search.worlds import WorldSampler

#: Worlds drawn per position of a hand with hidden cards, by default.
DEFAULT_WORLDS = 16
#: A play of a hand with hidden cards is a mistake when a card its seat surely
#: held keeps at least this many more tricks for its side, averaged over the worlds.
MISTAKE_MARGIN = 0.5
#: The actions that move no card: a bid's seat held then what it holds now,
#: less what it took in, plus what it played or put away since.
_CARDLESS_OR_TRACKED = frozenset((PASS, ORDER_UP, CALL, BID, DECLINE, DEFEND_ALONE, STAY, DROP,
                                  DISCARD, PLAY))


class ActionModel(Protocol):
    """How likely a player was to take ``action`` in ``game`` (the position before
    it, the seat's own hand filled in)."""

    def probability(self, game: Game, seat: int, action: Action) -> float: ...


@dataclass(frozen=True)
class Estimate:
    """A weighted mean over worlds and its 95% interval."""

    mean: float
    low: float
    high: float
    worlds: int


def estimate(values: Sequence[float], weights: Sequence[float]) -> Estimate:
    """The weighted mean of ``values``, with a normal 95% interval over the
    effective number of worlds (equal values: an interval of width 0)."""
    if min(values) == max(values):  # every world agrees: the value itself, exactly
        return Estimate(values[0], values[0], values[0], len(values))
    total = sum(weights)
    mean = sum(w * v for w, v in zip(weights, values)) / total
    var = sum(w * (v - mean) ** 2 for w, v in zip(weights, values)) / total
    eff = total * total / sum(w * w for w in weights)
    half = 1.96 * sqrt(var / eff)
    return Estimate(mean, mean - half, mean + half, len(values))


@dataclass(frozen=True)
class PlayEstimate:
    """One play of a hand with hidden cards, valued over the same worlds."""

    best: Estimate  # the makers' tricks with best play before the card (each world's best)
    after: Estimate  # the same after the card played
    #: cards the seat held in every world that keep at least MISTAKE_MARGIN more
    #: tricks for its side on average than the card played (empty: no mistake)
    better: tuple[int, ...]
    cost: float  # tricks the card gave up on average against the best such card


class _Bid:
    """A bidding action of a seat whose hand the record hides, kept to weigh worlds."""

    def __init__(self, index: int, game: Game, action: Action) -> None:
        self.index = index  # the action's place in the hand's log
        self.game = game  # a copy of the game before it
        self.action = action


class HiddenHand:
    """The worlds of one hand with hidden cards, position by position."""

    def __init__(self, worlds: int, rng: RandomSource, model: ActionModel | None) -> None:
        self.worlds = worlds
        self.rng = rng
        self.model = model
        self.bids: list[_Bid] = []

    def note(self, game: Game, action: Action) -> None:
        """``action`` is about to be taken in ``game``: keep it if it is a bid whose
        seat's hand the record does not show (a known hand weighs every world alike)."""
        s = action.seat
        if self.model is None or action.verb == PLAY or action.verb == DISCARD:
            return
        if game.sure[s] == game.cand[s] and game.sure[s].bit_count() == game.count[s]:
            return
        self.bids.append(_Bid(len(game.hand_log), game.clone(), action))

    def play(self, game: Game, action: Action, values_of: Any) -> PlayEstimate:
        """Value ``action`` (a play) in ``game`` over sampled worlds;
        ``values_of(world)`` gives the makers' total tricks per legal card."""
        after = game.clone()
        after.apply(action, allow_renege=True)
        sampler = WorldSampler(record=after)
        seat, card = action.seat, int(action.arg)  # type: ignore[arg-type]
        assert game.maker is not None
        makers = bool((game.hand_mates(game.maker) >> seat) & 1)
        bests: list[float] = []
        afters: list[float] = []
        weights: list[float] = []
        tables: list[dict[int, int]] = []
        for _ in range(self.worlds):
            hands, _w = sampler.sample_hands(self.rng)
            before = list(hands)
            before[seat] |= 1 << card
            world = game.clone()
            world.assume_hands(before)
            values = values_of(world)
            tables.append(values)
            bests.append(max(values.values()) if makers else min(values.values()))
            afters.append(values[card])
            weights.append(self._weight(after, hands))
        best = estimate(bests, weights)
        played = estimate(afters, weights)
        common = -1
        for values in tables:
            cards = 0
            for c in values:
                cards |= 1 << c
            common &= cards
        total = sum(weights)
        sign = 1.0 if makers else -1.0
        better: list[tuple[float, int]] = []
        top = played.mean * sign
        for c in range(game.deck.size):
            if (common >> c) & 1 and c != card:
                mean = sum(w * t[c] for w, t in zip(weights, tables)) / total * sign
                top = max(top, mean)
                if mean - played.mean * sign >= MISTAKE_MARGIN:
                    better.append((-mean, c))
        cost = top - played.mean * sign
        return PlayEstimate(best, played, tuple(c for _, c in sorted(better)),
                            cost if better else 0.0)

    # ------------------------------------------------------------ weights
    def _weight(self, after: Game, hands: Sequence[int]) -> float:
        """How likely the actions so far were in the world of ``hands`` (each seat's
        cards just after the play being valued)."""
        weight = 1.0
        deck, trump = after.deck, after.trump
        assert trump is not None
        log = after.hand_log
        plays = [(a[0], a[2]) for a in log if a[1] == PLAY and a[2] is not None]
        per_trick = sum(after.active)
        held = list(hands)
        for j in range(len(plays) - 1, -1, -1):
            s, c = plays[j]
            held[s] |= 1 << c
            lead = j - j % per_trick
            led = None if lead == j else plays[lead][1]
            weight /= max(deck.legal_plays(held[s], led, trump).bit_count(), 1)
        if self.model is not None:
            for bid in self.bids:
                weight *= self._bid_weight(bid, after, hands)
        return weight

    def _bid_weight(self, bid: _Bid, after: Game, hands: Sequence[int]) -> float:
        """The model's probability of ``bid`` in this world: the seat's hand then is
        its hand now, plus what it played or put away since, less the upcard if it
        took it since."""
        assert self.model is not None
        s = bid.action.seat
        if not after.active[s]:
            return 1.0  # out of the play (a loner's partner): its hand is not sampled
        hand = hands[s]
        since = after.hand_log[bid.index:]
        if any(a[1] not in _CARDLESS_OR_TRACKED for a in since if a[0] == s):
            return 1.0  # a widow, a gift or a swap: the hand then is not rebuilt
        for a in since:
            if a[0] != s or a[1] not in (PLAY, DISCARD):
                continue
            if a[2] is None:  # a discard face down: any card nobody holds
                hand |= self._hidden_discard(after, hands)
            else:
                hand |= 1 << a[2]
        up = after.upcard
        if up is not None and after.upcard_holder == s and bid.game.upcard_holder is None:
            hand &= ~(1 << up)
        game = bid.game.clone()
        known = list(game.sure)
        known[s] = hand
        game.assume_hands(known)
        return self.model.probability(game, s, bid.action)

    def _hidden_discard(self, after: Game, hands: Sequence[int]) -> int:
        """One card for a face-down discard: drawn among those no hand holds."""
        free = after.deck.full_mask & ~after.played
        for h in hands:
            free &= ~h
        cards = [c for c in range(after.deck.size) if (free >> c) & 1]
        if not cards:
            return 0
        return 1 << cards[int(self.rng.random() * len(cards))]


def as_seen_by(record: Any, seat: str) -> Any:
    """``record`` (a JSON record) as ``seat`` saw it at the table: every other
    hand, an untaken widow and the others' discards hidden."""
    if type(record) is not dict or not isinstance(record.get("hands"), list):
        return record
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
            isinstance(a, list) and a[:2] == [seat, "take_widow"] for a in actions)
        if type(deal) is dict:
            deal = dict(deal)
            if type(deal.get("hands")) is dict:
                deal["hands"] = {k: (v if k == seat else None) for k, v in deal["hands"].items()}
            if deal.get("widow") is not None and not took_widow:
                deal["widow"] = None
            hand["deal"] = deal
        if isinstance(actions, list):
            hand["actions"] = [[a[0], a[1], "??"] + a[3:]
                               if isinstance(a, list) and len(a) >= 3 and a[1] == "discard"
                               and a[0] != seat else a for a in actions]
        hands.append(hand)
    out["hands"] = hands
    return out
