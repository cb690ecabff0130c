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

from euchre_dsl.engine.game import Game
from euchre_dsl.rules.ruleset import RuleSet

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "history"))
from history_tools import random_game  # noqa: E402,F401  (re-exported for the tests)


class BruteSolver:
    """The makers' total tricks with best play: makers maximise, everyone else minimises."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self._searches: dict[object, Any] = {}

    def solve(self, game: Game) -> int:
        return self._taken(game) + self._search(game)(*self._position(game))

    def card_values(self, game: Game) -> dict[int, int]:
        search = self._search(game)
        hands, trick, seat = self._position(game)
        deck, trump = game.deck, game.trump
        assert trump is not None
        legal = deck.legal_plays(hands[seat], trick[0][1] if trick else None, trump)
        out = {}
        for card in range(deck.size):
            if (legal >> card) & 1:
                out[card] = self._taken(game) + self._after(game, search, hands, trick, seat,
                                                            card)
        return out

    # ---------------------------------------------------------------- search
    def _taken(self, game: Game) -> int:
        assert game.maker is not None
        side = game.side_of[game.maker]
        return sum(t for s, t in enumerate(game.tricks) if game.side_of[s] == side)

    def _position(self, game: Game) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...], int]:
        return (tuple(game.cand), tuple(zip(game.trick_seats, game.trick)), game.to_act)

    def _after(self, game: Game, search: Any, hands: tuple[int, ...],
               trick: tuple[tuple[int, int], ...], seat: int, card: int) -> int:
        assert game.maker is not None and game.trump is not None
        new = list(hands)
        new[seat] &= ~(1 << card)
        played = trick + ((seat, card),)
        n_active = sum(game.active)
        if len(played) < n_active:
            nxt = (seat + 1) % game.n
            while not game.active[nxt]:
                nxt = (nxt + 1) % game.n
            return search(tuple(new), played, nxt)  # type: ignore[no-any-return]
        winner = played[game.deck.trick_winner([c for _, c in played], game.trump)][0]
        won = 1 if game.side_of[winner] == game.side_of[game.maker] else 0
        if not any(h for s, h in enumerate(new) if game.active[s]):
            return won
        return won + search(tuple(new), (), winner)  # type: ignore[no-any-return]

    def _search(self, game: Game) -> Any:
        """The memoised value function of this hand's contract (kept between calls)."""
        assert game.maker is not None and game.trump is not None
        key = (game.trump, game.side_of[game.maker], tuple(game.active))
        if key not in self._searches:
            if len(self._searches) > 8:
                self._searches.clear()
            self._searches[key] = self._new_search(game)
        return self._searches[key]

    def _new_search(self, game: Game) -> Any:
        deck, trump = game.deck, game.trump
        makers = game.side_of[game.maker]
        side_of = game.side_of

        @lru_cache(maxsize=None)
        def value(hands: tuple[int, ...], trick: tuple[tuple[int, int], ...], seat: int) -> int:
            legal = deck.legal_plays(hands[seat], trick[0][1] if trick else None, trump)
            vals = [self._after(game, value, hands, trick, seat, c)
                    for c in range(deck.size) if (legal >> c) & 1]
            return max(vals) if side_of[seat] == makers else min(vals)

        return value
