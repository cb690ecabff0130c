"""The solver's estimates past a horizon (:meth:`Solver.estimate_position` and
its kin): the first tricks by open-handed habits, the last ones solved.

What is checked: with a horizon at least as long as the position, the estimate
is the exact answer; a shorter one gives a legal play-out (a trick count the
side can take, and the score the utility gives that count); a card's estimate
is the estimate after it.
"""

from __future__ import annotations

import random

from euchre_dsl.rules.registry import load_variant
from euchre_dsl.search.position import position_of, utilities
from euchre_dsl.search.solver import Solver

from .solver_tools import random_position

DOUBLE_DECK = load_variant("double-deck-bid")
STANDARD = load_variant("standard")


def test_no_estimate_within_the_horizon() -> None:
    for rules in (STANDARD, DOUBLE_DECK):
        solver = Solver(rules)
        rng = random.Random("estimate-within")
        for i in range(60):
            game = random_position(rules, rng, 4)
            pos = position_of(game, None)
            assert solver.estimate_position(pos, 4) == solver.solve_position(pos), i
            assert solver.estimate_card_values_position(pos, 4) == \
                solver.card_values_position(pos), i
            u = utilities(game)
            assert solver.estimate_points_position(pos, u, 4) == \
                solver.solve_points_position(pos, u), i


def test_past_the_horizon_the_estimate_is_a_play_out() -> None:
    """Eight tricks of a double deck, the first four by habits: a count the side
    can take, its score the utility's, each card's value that of the play
    after it, and the same answer asked twice (the habits are deterministic)."""
    solver = Solver(DOUBLE_DECK)
    rng = random.Random("estimate-past")
    for i in range(12):
        game = random_position(DOUBLE_DECK, rng, 8, 8)
        pos = position_of(game, None)
        tricks = solver.estimate_position(pos, 4)
        assert pos.taken <= tricks <= pos.taken + pos.left, i
        assert solver.estimate_position(pos, 4) == tricks
        u = utilities(game)
        assert solver.estimate_points_position(pos, u, 4) == u[tricks - pos.taken], i
        values = solver.estimate_card_values_position(pos, 4)
        assert values
        for card, value in values.items():
            child = game.clone()
            child.play(game.to_act, card)
            assert solver.estimate_position(position_of(child, None), 4) == value, (i, card)
