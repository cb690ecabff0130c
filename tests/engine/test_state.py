"""The game state: created in one place, copied whole by ``clone``."""

from __future__ import annotations

import random

import pytest

from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant, shipped_ids
from variant_tools import attributes

#: Shared by a clone with its original: immutable, or the rule set's menu cache.
SHARED = {"rules", "deck", "ranks", "menus"}


@pytest.mark.parametrize("variant", shipped_ids())
def test_a_clone_copies_every_attribute_and_shares_no_list(variant: str) -> None:
    rules = load_variant(variant)
    rng = random.Random(variant)
    game = Machine(rules)
    fresh = set(attributes(game))
    for step in range(300):
        if game.is_over:
            game = Machine(rules)
        if game.hand_over:
            game.deal_random(rng)
            continue
        # every attribute exists from the start: none is created by a later phase
        assert set(attributes(game)) == fresh
        twin = game.clone()
        mine, theirs = attributes(game), attributes(twin)
        assert mine == theirs
        for name, value in mine.items():
            if isinstance(value, (list, dict)) and name not in SHARED:
                assert value is not theirs[name], name
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("variant", shipped_ids())
def test_a_restarted_game_is_a_new_game(variant: str) -> None:
    """``restart`` (the validator's game per seating) leaves exactly the state of a new
    game, from anywhere in a game: mid-bidding, mid-play, between hands, at its end."""
    rules = load_variant(variant)
    rng = random.Random(variant)
    game = Machine(rules)
    for step in range(200):
        if game.is_over:
            game.restart(1)
            assert attributes(game) == attributes(Machine(rules, None, 1))
        elif game.hand_over:
            game.deal_random(rng)
        else:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        if step % 7 == 0:
            used = Machine(rules)
            used.copy_state(game)
            scores = [rng.randrange(-5, 9) for _ in game.scores]
            used.restart(step % game.n, scores)
            assert attributes(used) == attributes(Machine(rules, None, step % game.n, scores))
