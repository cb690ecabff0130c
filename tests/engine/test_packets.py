"""Where a seeded deal takes each seat's cards from the shuffled pack: packets clockwise
from the dealer's left, a whole widow dealt its packet after the dealer's, a small
widow and the upcard after the hands; a game works its plans out once per dealer."""

from __future__ import annotations

import pytest

from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.packets import DealPlan, deal_plan
from euchre_dsl.rules.registry import load_variant, shipped_ids


def test_three_then_two_from_the_dealers_left_and_the_next_card_turned() -> None:
    # four players, the dealer seat 3: seat 0 is dealt first, three cards, then two
    plan = deal_plan(4, (3, 2), False, True, dealer=3)
    assert plan.seats == ((0, 1, 2, 12, 13), (3, 4, 5, 14, 15), (6, 7, 8, 16, 17),
                          (9, 10, 11, 18, 19))
    assert plan.widow == () and plan.upcard == 20 and plan.needed == 21


def test_the_dealers_left_changes_with_the_dealer() -> None:
    plan = deal_plan(4, (3, 2), False, True, dealer=0)
    assert plan.seats[1][:3] == (0, 1, 2) and plan.seats[0][:3] == (9, 10, 11)


def test_a_whole_widow_takes_its_packet_after_the_dealers() -> None:
    # Columbus's deal: three hands and a widow of five, no upcard
    plan = deal_plan(3, (3, 2), True, False, dealer=2)
    assert plan.seats == ((0, 1, 2, 12, 13), (3, 4, 5, 14, 15), (6, 7, 8, 16, 17))
    assert plan.widow == (9, 10, 11, 18, 19)
    assert plan.upcard is None and plan.needed == 20


def test_a_small_widow_comes_after_the_hands_and_before_the_upcard() -> None:
    plan = deal_plan(2, (2,), False, True, dealer=1, widow_cards=2)
    assert plan == DealPlan(((0, 1), (2, 3)), (4, 5), 6, 7)


@pytest.mark.parametrize("variant", sorted(shipped_ids()))
def test_a_game_holds_the_plan_of_every_dealer(variant: str) -> None:
    rules = load_variant(variant)
    game = Machine(rules)
    d = rules.deal
    n = rules.players.count
    assert game.deal_plans == tuple(deal_plan(n, d.packets, d.widow, d.upcard, dealer,
                                              d.widow_cards) for dealer in range(n))
    assert game.pack == tuple(range(game.deck.size))
    for plan in game.deal_plans:  # every card dealt at most once, inside the pack
        places = [p for seat in plan.seats for p in seat] + list(plan.widow) + (
            [] if plan.upcard is None else [plan.upcard])
        assert sorted(places) == list(range(plan.needed)) and plan.needed <= game.deck.size
