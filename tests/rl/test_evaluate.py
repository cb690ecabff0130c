"""Duplicate evaluation: margins with a 95% interval, on the simulator's deals."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402

from euchre_dsl.rl import evaluate  # noqa: E402


def first_legal(observation: Any, mask: Any) -> int:
    return int(np.flatnonzero(mask)[0])


def test_random_against_random_is_even() -> None:
    rng = np.random.default_rng(0)

    def random_policy(observation: Any, mask: Any) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    result = evaluate(random_policy, "random", deals=200, variant="standard", seed=3)
    lo, hi = result.interval
    assert lo < 0 < hi and result.half_width > 0
    assert result.deals == 200 and result.opponents == "random"


def test_a_weak_policy_loses_to_rule_with_the_interval_below_zero() -> None:
    result = evaluate(first_legal, "rule", deals=100, variant="standard", seed=1)
    assert result.interval[1] < 0
    assert "points per hand against rule over 100 duplicate deals" in str(result)


def test_the_same_seed_gives_the_same_result() -> None:
    a = evaluate(first_legal, "random", deals=30, variant="buck", seed=2)
    b = evaluate(first_legal, "random", deals=30, variant="buck", seed=2)
    assert a == b


def test_one_deal_is_no_interval() -> None:
    with pytest.raises(ValueError, match="at least 2 deals"):
        evaluate(first_legal, deals=1)


def test_each_deal_counts_the_engines_net_value_a_game_won_outright_included() -> None:
    """The margin is the mean over deals of the policy side's net value of the hand
    (:func:`~euchre_dsl.engine.scoring.net_values`), played here again deal by deal;
    in Buck some of these deals are won outright (every trick to one seat, no points)."""
    import random

    from euchre_dsl.engine.machine import Machine
    from euchre_dsl.engine.scoring import net_values
    from euchre_dsl.rl.bot import CallableBot
    from euchre_dsl.rng import BOT, derive
    from euchre_dsl.rules.registry import load_variant
    from euchre_dsl.sim.bots import make_bot
    from euchre_dsl.sim.deals import Deals
    from euchre_dsl.sim.runner import play_game

    rules, seed, deals = load_variant("buck"), 4, 40
    n = rules.players.count
    result = evaluate(first_legal, "random", deals=deals, variant=rules, seed=seed)
    mine = [CallableBot(rules, random.Random(derive(seed, BOT, 0, s)), first_legal)
            for s in range(n)]
    theirs = [make_bot("random", rules, random.Random(derive(seed, BOT, 1, s)))
              for s in range(n)]
    source, total, outright = Deals(seed), 0.0, 0
    for unit in range(deals):
        for seat in range(n):  # each side is one seat in Buck
            game = Machine(rules, dealer=source.first_dealer(unit, n))
            source.start(unit, 0)
            play_game(rules, [mine[s] if s == seat else theirs[s] for s in range(n)],
                      source, game, stop_after=1)
            res = game.results[-1]
            outright += res.instant_winner is not None
            total += net_values(rules, res.score)[seat] / n
    assert outright > 0
    assert result.margin == pytest.approx(total / deals)

