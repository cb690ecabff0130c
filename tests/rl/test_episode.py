"""The RL table's rewards: the engine's net value of each hand, a game won outright included."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("gymnasium")

from euchre_dsl import shipped_ids  # noqa: E402
from euchre_dsl.engine.scoring import net_values  # noqa: E402
from euchre_dsl.rl.episode import Episode  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402


def legal_ids(table: Episode) -> list[int]:
    mask = table.legal_mask()
    return [i for i in range(mask.bit_length()) if (mask >> i) & 1]


def test_buck_seed_8_rewards_the_seat_that_took_every_trick() -> None:
    """Issue 36: the points are (0, 0, 0, 0), but the hand won the game outright."""
    table = Episode(load_variant("buck"))
    table.reset(seed=8)
    while not table.done:
        table.step(legal_ids(table)[0])
    res = table.game.results[-1]
    assert (res.tricks, res.points, res.instant_winner) == ((0, 0, 5, 0), (0, 0, 0, 0), 2)
    assert table.rewards == pytest.approx([-50 / 3, -50 / 3, 50.0, -50 / 3])
    assert table.rewards == net_values(table.rules, res.score)


@pytest.mark.parametrize("variant", shipped_ids())
def test_every_reward_is_the_engines_net_value_to_the_game_end(variant: str) -> None:
    rules = load_variant(variant)
    table = Episode(rules, episode="game")
    rng = random.Random(variant)
    for seed in range(2):
        table.reset(seed=seed)
        hands = 0
        while not table.done:
            table.step(rng.choice(legal_ids(table)))
            g = table.game
            if len(g.results) > hands:  # a hand ended on this step
                hands = len(g.results)
                values = net_values(rules, g.results[-1].score)
                assert table.rewards == [values[g.side_of[s]] for s in range(g.n)]
        res = table.game.results[-1]
        if table.game.is_over and res.instant_winner is not None:
            winners = [s for s in range(table.n) if table.game.side_of[s] == res.instant_winner]
            assert all(table.rewards[s] > 0 for s in winners)
