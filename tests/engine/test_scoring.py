"""What a hand is worth (``engine/scoring.py``): net values, the game-ending hands of
every shipped variant, the bound on a hand's points, the cap at the target and the
lone march."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.scoring import (
    HandScore, cap_to_target, contract_points, leading_rival, lone_march, max_hand_points,
    net_values, side_values, zero_sum,
)
from euchre_dsl.engine.state import HandResult
from euchre_dsl.rules.registry import compile_data, load_variant, shipped_ids
from euchre_dsl.rules.ruleset import RuleSet

VARIANTS = {v: load_variant(v) for v in shipped_ids()}


def random_game(rules: RuleSet, seed: int, max_hands: int = 400) -> Machine:
    """A game of ``rules`` played with random legal actions from ``seed`` to its end."""
    rng = random.Random(seed)
    g = Machine(rules, dealer=seed % rules.players.count)
    while not g.is_over and len(g.results) < max_hands:
        g.deal_random(rng)
        while not g.hand_over:
            g.apply(rng.choice(g.legal_actions()))
    return g


# ------------------------------------------------------------------ net values
def test_net_values_are_each_side_less_the_mean_of_the_others() -> None:
    standard, buck = VARIANTS["standard"], VARIANTS["buck"]
    assert net_values(standard, HandScore((1, 0))) == [1.0, -1.0]
    assert net_values(standard, HandScore((0, 4))) == [-4.0, 4.0]
    # a countdown's points are taken off: fewer is better
    assert net_values(buck, HandScore((5, -2, -3, 0))) == [-5 - 5 / 3, 2 + 2 / 3, 3 + 1.0,
                                                            0 - (-5 + 2 + 3) / 3]
    assert zero_sum([7]) == [7.0]


def test_buck_seed_8_one_seat_takes_every_trick_and_wins_the_game() -> None:
    """Issue 36's hand: Buck, the first deal of simulate's seed 8, every trick to one
    seat.  No points are scored, yet the hand is worth the whole game."""
    from euchre_dsl.sim.deals import Deals

    rules = VARIANTS["buck"]
    deals = Deals(8)
    g = Machine(rules, dealer=deals.first_dealer(0, rules.players.count))
    deals.start(0, 0)
    deals.deal(g, 0)
    while not g.hand_over:
        g.apply(g.legal_actions()[0])
    res = g.results[-1]
    assert (res.tricks, res.points, res.instant_winner) == ((0, 0, 5, 0), (0, 0, 0, 0), 2)
    assert g.winners == [2]
    assert side_values(rules, res.score) == [-25, -25, 25, -25]
    assert net_values(rules, res.score) == pytest.approx([-50 / 3, -50 / 3, 50, -50 / 3])


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_game_ending_hand_is_worth_the_game(variant: str) -> None:
    """The last hand of games of every shipped variant: a game won outright on the
    hand (an instant win) is worth the whole game to the winner and its loss to
    everyone else; any other game-ending hand is worth its points."""
    rules = VARIANTS[variant]
    outright = 0
    for seed in range(12):
        g = random_game(rules, seed)
        if not g.is_over:
            continue
        res = g.results[-1]
        values = side_values(rules, res.score)
        nets = net_values(rules, res.score)
        assert sum(nets) == pytest.approx(0.0)
        if res.instant_winner is not None:
            outright += 1
            whole = rules.scoring.start
            assert g.winners == [res.instant_winner]
            assert values == [whole if s == res.instant_winner else -whole
                              for s in range(len(g.sides))]
            assert max(nets) == nets[res.instant_winner] > 0
        else:
            countdown = rules.scoring.model == "countdown"
            assert values == [-p if countdown else p for p in res.points]
    if rules.scoring.model == "countdown" and rules.scoring.instant_win:
        assert outright, f"{variant}: no game of the seeds ended on an instant win"


# ------------------------------------------------------------- max hand points
def test_max_hand_points_of_the_shipped_variants() -> None:
    got = {v: max_hand_points(r) for v, r in VARIANTS.items()}
    assert (got["standard"], got["defenders-bonus"], got["buck"], got["bid-euchre"],
            got["hasenpfeffer"], got["double-deck-bid"]) == (4, 5, 25, 12, 6, 12)


@settings(max_examples=40, deadline=None)
@given(variant=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**32 - 1))
def test_no_hand_is_worth_more_than_max_hand_points(variant: str, seed: int) -> None:
    rules = VARIANTS[variant]
    most = max_hand_points(rules)
    for res in random_game(rules, seed, max_hands=60).results:
        assert max(abs(p) for p in res.points) <= most, (res.reason, res.points)
        assert max(abs(v) for v in side_values(rules, res.score)) <= most
        assert max(abs(v) for v in net_values(rules, res.score)) <= 2 * most


def test_max_hand_points_counts_the_renege_and_the_shoot() -> None:
    standard = VARIANTS["standard"]
    heavy = compile_data({"id": "h", "extends": "standard",
                          "scoring": {"renege_alone_points": 9}})
    assert max_hand_points(standard) == 4 and max_hand_points(heavy) == 9
    silent = compile_data({"id": "h", "extends": "standard",
                           "scoring": {"renege": "none", "renege_alone_points": 9}})
    assert max_hand_points(silent) == 4
    shoot = compile_data({"id": "h", "extends": "bid-euchre", "scoring": {"shoot": 20}})
    assert max_hand_points(shoot) == 20


# --------------------------------------------------------------- cap to target
def test_a_gain_is_worth_no_more_than_the_points_still_needed() -> None:
    standard = VARIANTS["standard"]
    assert cap_to_target(standard, [9, 6], 0, 4) == 1
    assert cap_to_target(standard, [9, 6], 1, 4) == 4
    assert cap_to_target(standard, [12, 6], 0, 2) == 1  # past the target: still a point
    assert cap_to_target(standard, [9, 6], 0, -2) == -2  # a loss is not capped
    # every point counts in a game of fixed deals, and laps carry them on
    for variant in ("progressive", "railroad"):
        assert cap_to_target(VARIANTS[variant], [9, 6], 0, 4) == 4, variant


def test_the_leading_rival_is_the_highest_other_side() -> None:
    assert leading_rival([3, 7, 9, 1], 2) == 1
    assert leading_rival([3, 7, 9, 1], 0) == 2
    assert leading_rival([5, 5], 0) == 1


# ------------------------------------------------------------------ lone march
def lone_hand(renege_by: int | None, march: bool = True) -> HandResult:
    """N (seat 0) alone, N+S against E+W; the tricks all N's when it marched."""
    tricks = (5, 0, 0, 0) if march else (3, 1, 0, 1)
    return HandResult(3, 0, 0, True, None, False, tricks, (4, 0), (4, 0), renege_by, "march",
                      (0,) * 5, True, march)


@pytest.mark.parametrize("renege,by_defender,by_loner", [
    ("award", False, False), ("deduct", False, False),
    ("offender", True, False), ("none", True, True),
])
def test_a_renege_voids_a_lone_march_when_its_penalty_replaces_the_march(
        renege: str, by_defender: bool, by_loner: bool) -> None:
    rules = compile_data({"id": "h", "extends": "standard", "scoring": {"renege": renege}})
    side_of = (0, 1, 0, 1)
    assert lone_march(rules, side_of, lone_hand(None))
    assert not lone_march(rules, side_of, lone_hand(None, march=False))
    assert lone_march(rules, side_of, lone_hand(1)) is by_defender
    assert lone_march(rules, side_of, lone_hand(0)) is by_loner


def test_contract_points_read_the_scoring_table() -> None:
    standard, side_of = VARIANTS["standard"], (0, 1, 0, 1)
    assert contract_points(standard, side_of, 0, True, 5) == (4, 0)
    assert contract_points(standard, side_of, 0, True, 2) == (0, 2)
    assert contract_points(standard, side_of, 1, False, 4) == (0, 1)
    custom = compile_data({"id": "h", "extends": "standard",
                           "scoring": {"alone_march": 5, "alone_euchred": 3}})
    assert contract_points(custom, side_of, 0, True, 5)[0] == 5
    assert contract_points(custom, side_of, 0, True, 2)[1] == 3
