"""The chance of winning a game from a score: the recursion, worked by hand, and
where it applies."""

from __future__ import annotations

import dataclasses

import pytest

from euchre_dsl.search.win_chance import HAND_ENDS, SCALE, WinChances, win_chances
from euchre_dsl.rules.registry import load_variant

STANDARD = load_variant("standard")


def chances_of(**scoring: int) -> WinChances:
    rules = dataclasses.replace(STANDARD, scoring=dataclasses.replace(STANDARD.scoring, **scoring))
    w = win_chances(rules)
    assert w is not None
    return w


def test_the_shares_of_hand_ends_add_up() -> None:
    assert sum(p for _, p in HAND_ENDS) == pytest.approx(1.0, abs=1e-9)


def test_one_point_each_way_worked_by_hand() -> None:
    w = win_chances(STANDARD)
    assert w is not None
    # equal needs: an even game, whatever the needs
    assert [w.chance(n, n) for n in range(1, 11)] == [SCALE // 2] * 10
    # we need 1, they need 2: a 1-point hand (make, lone make: 0.617) is ours
    # or theirs; if theirs, 1-1, an even game; a bigger hand wins or loses
    p1 = 0.614 + 0.003
    assert w.chance(1, 2) == round(SCALE * (p1 * 0.5 * (1 + 0.5) + (1 - p1) * 0.5 * (1 + 0)))
    # a side that has won has won
    assert w.chance(0, 3) == SCALE and w.chance(-2, 3) == SCALE and w.chance(3, 0) == 0


def test_chances_are_symmetric_and_monotone() -> None:
    w = win_chances(STANDARD)
    assert w is not None
    for n in range(1, 21):
        for m in range(1, 21):
            assert abs(w.chance(n, m) + w.chance(m, n) - SCALE) <= 1
            assert w.chance(n, m) >= w.chance(n + 1, m)
            assert w.chance(n, m) <= w.chance(n, m + 1)
    # a need beyond the table counts as its largest need (scores below zero)
    assert w.chance(100, 5) == w.chance(w.cap, 5)


def test_the_variant_prices_each_hand_end() -> None:
    # marches paying 3 make a 2-point lead worth less: a side behind catches up faster
    plain, rich = win_chances(STANDARD), chances_of(march=3)
    assert plain is not None and rich.chance(8, 10) < plain.chance(8, 10)
    # a hand end that scores nothing is dropped, not a step that never ends
    assert chances_of(make=0).chance(1, 1) == SCALE // 2


@pytest.mark.parametrize("variant", ["buck", "dirty-clubs", "columbus", "openspiel", "three-hand", "railroad"])
def test_only_two_sided_games_to_a_target_have_chances(variant: str) -> None:
    # countdown scoring, individual scores, a fixed number of deals, three players, laps
    assert win_chances(load_variant(variant)) is None


@pytest.mark.parametrize("variant", ["standard", "two-hand", "six-hand", "defenders-bonus"])
def test_two_sides_to_a_target_have_chances(variant: str) -> None:
    assert win_chances(load_variant(variant)) is not None


def test_games_whose_points_carry_over_have_no_chances() -> None:
    laps = dataclasses.replace(STANDARD, game=dataclasses.replace(STANDARD.game, laps=True))
    assert win_chances(laps) is None
