"""The game state: created in one place, copied whole by ``clone``."""

from __future__ import annotations

import random

import pytest

from euchre_dsl.engine.game import Game
from euchre_dsl.rules.registry import load_variant, shipped_ids

#: Shared by a clone with its original: immutable, or the rule set's menu cache.
SHARED = {"rules", "deck", "ranks", "menus"}


def attributes(game: Game) -> dict[str, object]:
    names = getattr(type(game), "__mypyc_attrs__", None)
    if names is None:
        return dict(vars(game))
    return {n: getattr(game, n) for n in names if not n.startswith("__")}


@pytest.mark.parametrize("variant", shipped_ids())
def test_a_clone_copies_every_attribute_and_shares_no_list(variant: str) -> None:
    rules = load_variant(variant)
    rng = random.Random(variant)
    game = Game(rules)
    fresh = set(attributes(game))
    for step in range(300):
        if game.is_over:
            game = Game(rules)
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
