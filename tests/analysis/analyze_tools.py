"""Helpers for the analyze tests: a deliberately simple solver and seeded games.

:class:`BruteSolver` is a memoised minimax over the engine's own deck tables
(legal plays, trick winner): no pruning, no equivalent cards, so it is slow
but plainly right.  The analysis tests use it where the real solver is not
what is being tested, and to check the real one's values agree.
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.scoring import HandOutcome, score_hand
from euchre_dsl.rules.ruleset import RuleSet

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # tests/: history_tools
from history_tools import random_game  # noqa: E402,F401  (re-exported for the tests)


class BruteSolver:
    """The makers' total tricks with best play: makers maximise, everyone else minimises.
    It has no budget: the positions of the tests that use it are small."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self._searches: dict[object, Any] = {}

    def allow(self, positions: int | None) -> None:
        """No budget is kept (the analyzer's protocol asks for one)."""

    def clear(self) -> None:
        """Forget the searches made (the analyzer empties a solver for each hand)."""
        self._searches.clear()

    def solve(self, game: Machine, seat: int | None = None) -> int:
        hero = game.maker if seat is None else seat
        assert hero is not None
        side = game.side_of[hero]
        taken = sum(t for s, t in enumerate(game.tricks) if game.side_of[s] == side)
        return taken + self._search(game, hero)(*self._position(game))

    def solve_points(self, game: Machine, seat: int | None = None) -> int:
        """The counted side's score with best play (``seat``'s side, else the makers'),
        oriented so that more is better, with the tricks of the others dealt round
        them (the real solver's convention)."""
        hero = game.maker if seat is None else seat
        assert hero is not None
        side = game.side_of[hero]
        hand_size = game.rules.deal.hand_size
        left = hand_size - len(game.trick_winners)
        if any(game.active[s] for s in game.sides[side]):
            more = self._search(game, hero)(*self._position(game))
        else:
            more = 0
        others = [s for s in range(game.n) if game.active[s] and game.side_of[s] != side]
        tricks = list(game.tricks)
        tricks[hero] += more
        for i in range(left - more):
            tricks[others[i % len(others)]] += 1
        r = game.rules
        target = game.high_bid if r.scoring.maker_target == "bid" else int(r.scoring.maker_target)
        outcome = HandOutcome(game.maker, game.alone, game.lone_defender, target,
                              tuple(game.active), tuple(tricks), game.renege_by)
        score = score_hand(r, game.side_of, len(game.sides), outcome)
        if score.instant_winner is not None:
            return r.scoring.start if score.instant_winner == side else -r.scoring.start
        pts = score.points[side]
        if r.scoring.model == "countdown":
            return -pts
        # table scoring: less the best rival's points (euchred is -2 in standard euchre)
        return pts - max((p for i, p in enumerate(score.points) if i != side), default=0)

    def card_values(self, game: Machine) -> dict[int, int]:
        search = self._search(game)
        hands, trick, seat = self._position(game)
        deck, trump = game.deck, game.trump
        assert trump is not None
        legal = deck.legal_plays(hands[seat], trick[0][1] if trick else None, trump)
        out = {}
        for card in range(deck.size):
            if (legal >> card) & 1:
                out[card] = self._taken(game) + self._after(search, hands, trick, seat, card)
        return out

    # ---------------------------------------------------------------- search
    def _taken(self, game: Machine) -> int:
        assert game.maker is not None
        side = game.side_of[game.maker]
        return sum(t for s, t in enumerate(game.tricks) if game.side_of[s] == side)

    def _position(self, game: Machine) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], int]:
        return (tuple(game.cand), tuple(zip(game.trick_seats, game.trick)), game.to_act)

    @staticmethod
    def _after(search: Any, hands: tuple[int, ...], trick: tuple[tuple[int, int], ...],
               seat: int, card: int) -> int:
        """The counted side's tricks from here after ``seat`` plays ``card``."""
        active, n = search.active, len(search.active)
        new = list(hands)
        new[seat] &= ~(1 << card)
        played = trick + ((seat, card),)
        if len(played) < sum(active):
            nxt = (seat + 1) % n
            while not active[nxt]:
                nxt = (nxt + 1) % n
            return search(tuple(new), played, nxt)  # type: ignore[no-any-return]
        winner = played[search.deck.trick_winner([c for _, c in played], search.trump)][0]
        won = 1 if search.side_of[winner] == search.makers else 0
        if not any(h for s, h in enumerate(new) if active[s]):
            return won
        return won + search(tuple(new), (), winner)  # type: ignore[no-any-return]

    def _search(self, game: Machine, hero: int | None = None) -> Any:
        """The memoised value function of this hand's contract, counting ``hero``'s
        side's tricks (default: the makers'); kept between calls."""
        hero = game.maker if hero is None else hero
        assert hero is not None and game.trump is not None
        key = (game.trump, game.side_of[hero], tuple(game.active))
        if key not in self._searches:
            if len(self._searches) > 8:
                self._searches.clear()
            self._searches[key] = self._new_search(game, game.side_of[hero])
        return self._searches[key]

    def _new_search(self, game: Machine, makers: int) -> Any:
        assert game.trump is not None
        deck, trump = game.deck, game.trump
        side_of = game.side_of

        @lru_cache(maxsize=None)
        def value(hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], seat: int) -> int:
            legal = deck.legal_plays(hands[seat], trick[0][1] if trick else None, trump)
            vals = [self._after(value, hands, trick, seat, c)
                    for c in range(deck.size) if (legal >> c) & 1]
            return max(vals) if side_of[seat] == makers else min(vals)

        # what the search is of, for _after (never the game, which moves on)
        value.makers = makers  # type: ignore[attr-defined]
        value.active = tuple(game.active)  # type: ignore[attr-defined]
        value.deck, value.trump, value.side_of = deck, trump, side_of  # type: ignore
        return value
