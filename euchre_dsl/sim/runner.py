"""Playing whole games with bots, streaming ``ehh/1`` records and statistics.

Reproducible by construction: game *g* of a run with seed *s* is played from
``random.Random(f"{s}:{g}")`` alone (deal and bots draw from it in a fixed
order), so the same seed gives byte-identical records, and any single game can
be re-run without the ones before it -- given its start scores, when a variant
with laps, slams or rubbers plays its games as a match (:class:`Match`): then
points carry from game to game and a rubber ends a match.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from .. import __version__
from ..engine.actions import PLAYING
from ..engine.game import Game
from ..engine.match import GameOutcome, Match
from ..errors import EuchreError
from ..history.writer import game_record, hand_record
from ..rules.ruleset import RuleSet
from .bots import Bot, make_bot, parse_bot_spec
from .view import SeatView, view_chooser


@dataclass
class Stats:
    """What a player wants to know after a run."""

    games: int = 0
    hands: int = 0
    thrown_in: int = 0
    made: int = 0
    euchred: int = 0
    marches: int = 0
    alone: int = 0
    alone_made: int = 0
    renege: int = 0
    points: dict[str, int] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    ties: int = 0
    slams: int = 0
    rubbers: dict[str, int] = field(default_factory=dict)
    rubber_margins: int = 0

    def add_match_game(self, game: Game, outcome: GameOutcome, match: Match) -> None:
        """A game played as part of a match: also count slams and finished rubbers."""
        self.add_game(game)
        self.slams += outcome.value > 1
        winner = match.rubber_winner
        if match.is_over and winner is not None:
            name = game.side_names[winner]
            self.rubbers[name] = self.rubbers.get(name, 0) + 1
            self.rubber_margins += match.rubber_margin or 0

    def add_game(self, game: Game) -> None:
        self.games += 1
        for res in game.results:
            self.hands += 1
            if res.thrown_in:
                self.thrown_in += 1
                continue
            for i, p in enumerate(res.points):
                name = game.side_names[i]
                self.points[name] = self.points.get(name, 0) + p
            self.renege += res.renege_by is not None
            if res.made is None or res.maker is None:
                continue
            makers = game.side_of[res.maker]
            taken = sum(t for s, t in enumerate(res.tricks) if game.side_of[s] == makers)
            self.made += res.made
            self.euchred += not res.made
            self.marches += taken == game.rules.deal.hand_size
            self.alone += res.alone
            self.alone_made += res.alone and res.made
        if game.winners is not None:
            if len(game.winners) > 1:
                self.ties += 1
            for w in game.winners:
                name = game.side_names[w]
                self.wins[name] = self.wins.get(name, 0) + 1 / len(game.winners)

    def summary(self) -> str:
        played = self.hands - self.thrown_in
        contested = self.made + self.euchred
        lines = [f"games {self.games}, hands {self.hands} "
                 f"({self.thrown_in} thrown in, {played} played)"]
        if contested:
            lines.append(f"makers made it {self.made / contested:.1%}, euchred "
                         f"{self.euchred / contested:.1%}, marches {self.marches / contested:.1%}")
            if self.alone:
                lines.append(f"lone hands {self.alone} ({self.alone / contested:.1%}), "
                             f"made {self.alone_made / self.alone:.1%}")
        if self.points:
            lines.append("points: " + ", ".join(f"{k} {v}" for k, v in self.points.items()))
        if self.wins:
            wins = ", ".join(f"{k} {v:g}" for k, v in self.wins.items())
            lines.append(f"games won: {wins}" + (f" ({self.ties} tied)" if self.ties else ""))
        if self.slams:
            lines.append(f"slams (games won against a scoreless side) {self.slams}")
        if self.rubbers:
            rubbers = sum(self.rubbers.values())
            won = ", ".join(f"{k} {v}" for k, v in self.rubbers.items())
            lines.append(f"rubbers won: {won}; average margin "
                         f"{self.rubber_margins / rubbers:.2f}")
        return "\n".join(lines)


class UnfinishedGame(EuchreError):
    """A game that reached no end in the hands allowed (a target too high to reach)."""


def play_game(rules: RuleSet, rng: random.Random, bots: list[Bot],
              on_hand: Callable[[Game, int, tuple[int, ...], int | None, int | None], None]
              | None = None, max_hands: int = 10_000, game: Game | None = None) -> Game:
    """Play one whole game (a new one, or ``game`` as a match hands it over);
    ``on_hand(game, dealer, dealt, upcard, widow)`` after each hand."""
    if game is None:
        game = Game(rules, dealer=int(rng.random() * rules.players.count))
    choosers = [view_chooser(b.play) for b in bots]
    randoms = [getattr(b, "uniform_random", None) for b in bots]
    acts = [b.act for b in bots]
    for _ in range(max_hands):
        dealer = game.dealer
        game.deal_random(rng)
        dealt = game.dealt
        upcard, widow = game.upcard, (game.widow if rules.deal.widow else None)
        while not game.hand_over:
            if game.phase == PLAYING:
                game.play_out(choosers, randoms)
            else:
                seat = game.to_act
                game.apply(acts[seat](SeatView(game, seat), game.legal_actions()))
        if on_hand is not None:
            on_hand(game, dealer, dealt, upcard, widow)
        if game.is_over:
            return game
    raise UnfinishedGame(f"a game was not finished after {max_hands} hands")


def simulate(rules: RuleSet, variant_ref: str | dict[str, Any], games: int, seed: int,
             bot: str = "random", stats: Stats | None = None,
             records: bool = True) -> Iterator[dict[str, Any] | None]:
    """Yield one ``ehh/1`` record per game (``None`` when ``records`` is false)."""
    spec = parse_bot_spec(bot)
    g_rules = rules.game
    as_match = g_rules.laps or g_rules.slam or g_rules.rubber != "off"
    match: Match | None = None
    match_no = -1
    for g in range(games):
        rng = random.Random(f"{seed}:{g}")
        bots = [make_bot(spec, rules, rng) for _ in range(rules.players.count)]
        hands: list[dict[str, Any]] = []
        start: tuple[int, ...] | None = None
        if as_match:
            if match is None or match.is_over:
                match = Match(rules, dealer=int(rng.random() * rules.players.count))
                match_no += 1
            start = tuple(match.game.scores)

        def keep(game: Game, dealer: int, dealt: tuple[int, ...], upcard: int | None,
                 widow: int | None) -> None:
            hands.append(hand_record(game, dealer, dealt, upcard, widow))

        game = play_game(rules, rng, bots, keep if records else None,
                         game=match.game if match is not None else None)
        meta: dict[str, Any] = {"generator": f"euchre-dsl {__version__}", "seed": seed,
                                "game": g, "bots": bot}
        if match is not None:
            outcome = match.end_game()
            meta["match"] = match_no
            if stats is not None:
                stats.add_match_game(game, outcome, match)
        elif stats is not None:
            stats.add_game(game)
        if records:
            carried = start is not None and any(start)
            yield game_record(game, variant_ref, hands, meta=meta,
                              start_scores=start if carried else None)
        else:
            yield None
