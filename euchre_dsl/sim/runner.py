"""Playing whole games with bots, in reproducible batches, with statistics.

A run is a sequence of *units*: a unit is one game, or one match for a variant
with laps, slams or rubbers (points carry from game to game, a rubber ends a
match).  Units are grouped in batches of :data:`BATCH_UNITS`, a constant, so
the batches -- and so the output -- do not depend on how many processes or
cluster workers play them:

* the cards of every hand come from its own stream (:mod:`.deals`), keyed by
  the seed, the unit, the game and the hand;
* each seat's bot draws from a :class:`random.Random` seeded from
  ``(seed, BOT, batch, seat)`` (:mod:`.rng`), so bots never move the cards;
* a batch returns its records as JSON Lines bytes and its :class:`Stats`, which merge
  exactly; :func:`run` puts the batches back in order.

``--games N`` takes the first *N* games of the stream of units; a match cut by
the end of the run is played only as far as needed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Sequence

from ..engine.actions import PLAYING
from ..engine.machine import Machine
from ..engine.match import Match
from ..engine.scoring import start_score
from ..engine.view import SeatView, view_chooser
from ..errors import EuchreError
from ..records.writer import JsonLinesWriter, game_record, hand_record
from ..rng import BOT, check_seed, derive
from ..rules.ruleset import Rubber, RuleSet
from ..version import __version__
from .bots import Bot, make_bot, parse_bot_spec
from .deals import ConstrainedDeals, Constraints, Deals
from .summary import Stats

#: Told after every game this process finishes (a progress bar, or a worker's
#: shared counter: :class:`~euchre_dsl.sim.cluster.ProcessPool`): a batch of
#: slow bots takes minutes, and a bar that moved only per batch would sit still.
GAME_LISTENERS: list[Callable[[], None]] = []

#: Units (games, or matches) per batch: fixed, so that output never depends on
#: the number of workers.
BATCH_UNITS = 100

#: ``on_hand(game, dealer, dealt, upcard, widow)`` after each hand.
HandHook = Callable[[Machine, int, tuple[int, ...], "int | None", "int | None"], None]


class UnfinishedGame(EuchreError):
    """A game that reached no end in the hands allowed (a target too high to reach)."""


@dataclass
class RunSpec:
    """Everything a worker needs to play any batch of a run (picklable)."""

    rules: RuleSet
    variant_ref: str | dict[str, Any]
    seed: int
    bots: tuple[str, ...]  # one bot spec per seat (``rule``, ``pimc:worlds=50``, ...)
    records: bool = True
    constraints: Constraints | None = None
    #: keep each hand's outcome (for paired comparisons)
    outcomes: bool = False
    #: hand back the records as dicts (a library caller) instead of JSON text
    as_dicts: bool = False

    def __post_init__(self) -> None:
        self.seed = check_seed(self.seed)  # refused here, not in a worker at its first deal

    @property
    def as_match(self) -> bool:
        """Games played as a match (laps, slams, rubbers carry from game to game) -- but
        not one-hand games from a situation (``--where``, ``--hand``): none of them ends."""
        g = self.rules.game
        situational = self.constraints is not None and self.constraints.situational
        return bool(g.laps or g.slam or g.rubber != Rubber.OFF) and not situational


#: One hand's outcome for pairing two runs: ``(unit, game, hand)``, the dealer,
#: the makers' side (-1: none), whether they made it, and each side's points.
Outcome = tuple[tuple[int, int, int], int, int, int, tuple[int, ...]]


@dataclass
class Batch:
    """What playing one batch gives back."""

    index: int
    games: int = 0
    data: bytes = b""  # the records, one JSON line each (UTF-8)
    records: list[dict[str, Any]] = field(default_factory=list)  # with ``as_dicts``
    stats: Stats = field(default_factory=Stats)
    outcomes: list[Outcome] = field(default_factory=list)


def play_game(rules: RuleSet, bots: Sequence[Bot], deals: Deals, game: Machine,
              on_hand: HandHook | None = None, max_hands: int = 10_000,
              stop_after: int | None = None) -> Machine:
    """Play ``game`` to its end (or ``stop_after`` hands), dealing hand *h* from ``deals``.

    The caller has called ``deals.start(unit, game_number)``.
    """
    choosers = [view_chooser(b.play) for b in bots]
    randoms = [getattr(b, "uniform_random", None) for b in bots]
    # every seat uniformly random: whole hands in one engine call
    all_random = [r for r in randoms if r is not None]
    if len(all_random) < len(randoms):
        all_random = []
    acts = [b.act for b in bots]
    limit = max_hands if stop_after is None else min(max_hands, stop_after)
    widowed = rules.deal.widow_size > 0
    for h in range(limit):
        if game.is_over:  # won before a card is dealt: laps of a match that reach the target
            return game
        dealer = game.dealer
        deals.deal(game, h)
        dealt = game.dealt
        upcard, widow = game.upcard, (game.widow if widowed else None)
        if all_random:
            game.play_hand_random(all_random)
        while not game.hand_over:
            if game.phase == PLAYING:
                game.play_out(choosers, randoms)
            else:
                seat = game.to_act
                game.apply(acts[seat](SeatView(game, seat), game.legal_actions()))
        if on_hand is not None:
            on_hand(game, dealer, dealt, upcard, widow)
    if stop_after is not None or game.is_over:
        return game
    raise UnfinishedGame(f"a game was not finished after {max_hands} hands")


class _BatchPlayer:
    """Plays the units of one batch, collecting records, statistics and outcomes."""

    def __init__(self, spec: RunSpec, index: int) -> None:
        self.spec = spec
        self.batch = Batch(index)
        rules = spec.rules
        c = spec.constraints
        self.deals = ConstrainedDeals(spec.seed, c, rules) if c is not None and c.situational \
            else Deals(spec.seed, c)
        specs = {text: parse_bot_spec(text) for text in set(spec.bots)}
        self.bots = [make_bot(specs[text], rules, random.Random(derive(spec.seed, BOT, index, s)))
                     for s, text in enumerate(spec.bots)]
        # the records as bytes, built as the games are played (or as dicts: ``as_dicts``)
        self.writer = JsonLinesWriter(spec.variant_ref) \
            if spec.records and not spec.as_dicts else None
        self.hands: list[dict[str, Any]] = []
        self.unit = self.game_no = 0

    def on_hand(self, game: Machine, dealer: int, dealt: tuple[int, ...], upcard: int | None,
                widow: int | None) -> None:
        spec = self.spec
        spec_stats = self.batch.stats
        spec_stats.add_hand(game)
        writer = self.writer
        if writer is not None:
            writer.hand(game, dealer, dealt, upcard, widow)
        elif spec.records:
            self.hands.append(hand_record(game, dealer, dealt, upcard, widow))
        if spec.outcomes:
            res = game.results[-1]
            makers = -1 if res.maker is None else game.side_of[res.maker]
            self.batch.outcomes.append(((self.unit, self.game_no, len(game.results) - 1),
                                        res.dealer, makers, int(bool(res.made)), res.points))

    def play(self, limit: int | None) -> Batch:
        """Play every unit of the batch, or stop after ``limit`` games."""
        spec, rules = self.spec, self.spec.rules
        c = spec.constraints or Constraints()
        first = self.batch.index * BATCH_UNITS
        default = start_score(rules)
        for unit in range(first, first + BATCH_UNITS):
            if limit is not None and self.batch.games >= limit:
                break
            self.unit = unit
            dealer = self.deals.first_dealer(unit, rules.players.count)
            match = Match(rules, dealer=dealer) if spec.as_match else None
            match_game = 0
            while True:
                self.game_no = match_game
                if match is not None:
                    game = match.game
                else:
                    game = Machine(rules, dealer=dealer, start_scores=c.start_scores)
                start = tuple(game.scores)
                carried = any(s != default for s in start)
                meta: dict[str, Any] = {"generator": f"euchre-dsl {__version__}",
                                        "seed": spec.seed, "game": unit,
                                        "bots": ",".join(spec.bots)}
                if match is not None:
                    meta["match"], meta["game"] = unit, match_game
                writer = self.writer
                if writer is not None:
                    writer.start_game(game, meta, start if carried else None)
                self.hands = []
                self.deals.start(unit, match_game)
                play_game(rules, self.bots, self.deals, game, self.on_hand,
                          stop_after=1 if c.situational else None)
                stats = self.batch.stats
                if match is not None:
                    stats.add_match_game(game, match.end_game(), match)
                else:
                    stats.add_game(game)
                self.batch.games += 1
                for listener in GAME_LISTENERS:
                    listener()
                if writer is not None:
                    writer.end_game(game)
                elif spec.records:
                    self.batch.records.append(game_record(
                        game, spec.variant_ref, self.hands, meta=meta,
                        start_scores=start if carried else None))
                match_game += 1
                if match is None or match.is_over or \
                        (limit is not None and self.batch.games >= limit):
                    break
        if self.writer is not None:
            self.batch.data = self.writer.take()
        return self.batch


def play_batch(spec: RunSpec, index: int, limit: int | None = None) -> Batch:
    """Play batch ``index`` of a run (at most ``limit`` games): the unit of work."""
    return _BatchPlayer(spec, index).play(limit)


#: ``mapper(spec, indices, limit)`` plays ``play_batch(spec, i, limit)`` for each
#: index and yields the batches in the order of the indices.
BatchMapper = Callable[[RunSpec, Iterator[int], int], Iterator[Batch]]


def local_batches(spec: RunSpec, indices: Iterator[int], limit: int) -> Iterator[Batch]:
    """Play batches one after another in this process."""
    for i in indices:
        yield play_batch(spec, i, limit)


def batch_indices(spec: RunSpec, games: int) -> Iterator[int]:
    """The batches a run of ``games`` games may need, in order (unbounded for matches)."""
    i = 0
    while not (not spec.as_match and i * BATCH_UNITS >= games):
        yield i
        i += 1


def run(spec: RunSpec, games: int, mapper: BatchMapper = local_batches) -> Iterator[Batch]:
    """The batches of a run of ``games`` games, in order, the last one cut to size.

    ``mapper`` plays batches (one after another, in a process pool or on a
    cluster).  A batch never plays more than ``games`` games: a match that
    never ends (laps without rubbers) is one unit, played as far as needed.
    """
    done = 0
    for batch in mapper(spec, batch_indices(spec, games), games):
        left = games - done
        if batch.games > left:  # a batch cut short: play it again, only as far as needed
            batch = play_batch(spec, batch.index, left)
        done += batch.games
        yield batch
        if done >= games:
            return


def simulate(rules: RuleSet, variant_ref: str | dict[str, Any], games: int, seed: int,
             bot: str = "random", stats: Stats | None = None,
             records: bool = True) -> Iterator[dict[str, Any] | None]:
    """Yield one ``ehh/1`` record per game (``None`` when ``records`` is false).

    The library's simple entry point: the same games as ``euchre simulate``.  A seed
    that is not a whole number from 0 up is a ``ValueError`` here, before any game.
    """
    spec = RunSpec(rules, variant_ref, seed, (bot,) * rules.players.count, records=records,
                   as_dicts=True)
    return _simulated(spec, games, stats, records)


def _simulated(spec: RunSpec, games: int, stats: Stats | None,
               records: bool) -> Iterator[dict[str, Any] | None]:
    for batch in run(spec, games):
        if stats is not None:
            stats.merge(batch.stats)
        if records:
            yield from batch.records
        else:
            for _ in range(batch.games):
                yield None
