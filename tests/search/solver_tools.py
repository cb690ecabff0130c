"""Reference solvers and random positions for the solver tests.

Two deliberately plain references, neither sharing code with the solver:

* :func:`brute_force` -- minimax by plain recursion over the engine's own
  per-action API (``legal_actions``, ``clone``, ``apply``), no pruning, no
  table, every legal card tried; the truth for small positions;
* :func:`reference_alpha_beta` -- plain alpha-beta over bit masks with the
  deck's ``legal_plays`` and ``trick_winner``, no table and no card
  skipping; fast enough for whole deals.

Positions come from seeded games: dealt by the engine, bid at random (loners
more often than chance would give), then random legal cards to a random
point of the play.
"""

from __future__ import annotations

import random

from euchre_dsl.engine.actions import CALL, ORDER_UP_ROUND, PASS, PLAYING
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.ruleset import RuleSet


def counted_side(game: Machine, seat: int | None) -> int:
    return game.side_of[game.maker if seat is None else seat]  # type: ignore[index]


def brute_force(game: Machine, side: int) -> int:
    """The side's total tricks this hand with best play by everyone."""
    if game.phase != PLAYING:
        result = game.last_result
        assert result is not None
        return sum(t for s, t in enumerate(result.tricks) if game.side_of[s] == side)
    values = []
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        values.append(brute_force(child, side))
    return max(values) if game.side_of[game.to_act] == side else min(values)


def reference_alpha_beta(game: Machine, side: int) -> int:
    """The same value as :func:`brute_force`, by alpha-beta over masks."""
    deck = game.deck
    contract = game.trump
    assert contract is not None
    hands = [game.hand_of(s) if game.active[s] else 0 for s in range(game.n)]
    ours = [game.side_of[s] == side for s in range(game.n)]
    order = game.turn_order
    n_active = sum(game.active)
    taken = sum(t for s, t in enumerate(game.tricks) if ours[s])

    def search(seat: int, trick: list[int], seats: list[int], alpha: int, beta: int) -> int:
        """Our tricks from here on."""
        if not any(hands):
            return 0
        legal = deck.legal_plays(hands[seat], trick[0] if trick else None, contract)
        best = -1 if ours[seat] else 99
        cards = [c for c in range(deck.size) if (legal >> c) & 1]
        for card in cards:
            hands[seat] ^= 1 << card
            if len(trick) + 1 == n_active:
                winner = (seats + [seat])[deck.trick_winner(trick + [card], contract)]
                gained = 1 if ours[winner] else 0
                value = gained + search(winner, [], [], alpha - gained, beta - gained)
            else:
                value = search(order[seat], trick + [card], seats + [seat], alpha, beta)
            hands[seat] ^= 1 << card
            if ours[seat]:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    return taken + search(game.to_act, list(game.trick), list(game.trick_seats), -1, 99)


def to_play(game: Machine, rng: random.Random, alone: float = 0.2,
            favour: tuple[int, ...] = ()) -> None:
    """Deal and bid at random until a hand reaches its play phase.

    ``favour``: contracts to call when they may be called (the first round
    is then mostly passed, to reach the naming round)."""
    while True:
        if game.hand_over:
            game.deal_random(rng)
        while game.phase != PLAYING and not game.hand_over:
            actions = game.legal_actions()
            lone = [a for a in actions if a.alone]
            wanted = [a for a in actions if a.verb == CALL and a.arg in favour]
            passes = [a for a in actions if a.verb == PASS]
            if wanted and rng.random() < 0.7:
                game.apply(rng.choice(wanted))
            elif favour and passes and game.phase == ORDER_UP_ROUND and rng.random() < 0.8:
                game.apply(passes[0])
            elif lone and rng.random() < alone:
                game.apply(rng.choice(lone))
            else:
                game.apply(rng.choice(actions))
        if game.phase == PLAYING:
            return


def random_position(rules: RuleSet, rng: random.Random, max_left: int,
                    min_left: int = 1, favour: tuple[int, ...] = ()) -> Machine:
    """A game in its play phase with between ``min_left`` and ``max_left`` tricks
    to complete (the current one included), at a random point of a trick."""
    game = Machine(rules, dealer=rng.randrange(rules.players.count))
    to_play(game, rng, favour=favour)
    hand_size = rules.deal.hand_size
    n_active = sum(game.active)
    first = max(0, hand_size - max_left) * n_active
    last = (hand_size - min_left + 1) * n_active
    for _ in range(rng.randrange(first, last)):
        game.apply(rng.choice(game.legal_actions()))
    return game
