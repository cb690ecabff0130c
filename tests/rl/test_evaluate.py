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
