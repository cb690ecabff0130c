"""Constrained deals honour every constraint; free deals are keyed by (seed, unit, game, hand)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.deals import MAX_TRIES, ConstrainedDeals, Constraints, DealError
from euchre_dsl.sim.runner import RunSpec, run

RULES = load_variant("standard")
DECK = Machine(RULES).deck


@st.composite
def constraints(draw: st.DrawFn) -> Constraints:
    cards = draw(st.permutations(range(DECK.size)))
    placed = []
    at = 0
    for seat in draw(st.lists(st.integers(0, 3), unique=True, max_size=4)):
        k = draw(st.integers(1, 5))
        placed.append((seat, sum(1 << c for c in cards[at:at + k])))
        at += k
    upcard = cards[at] if draw(st.booleans()) else None
    dealer = draw(st.one_of(st.none(), st.integers(0, 3)))
    threshold = draw(st.integers(0, 3))
    # a condition always some deal meets: with no card placed in a hand
    where = None if placed else draw(st.sampled_from([
        None, f"trumps(seat2, upcard) >= {threshold}",
        f"count(E, H) >= {threshold} or holds(W, AS)"]))
    return Constraints(tuple(placed), upcard, dealer, None, where)


@settings(max_examples=40, deadline=None)
@given(c=constraints(), seed=st.integers(0, 2**32))
def test_constrained_deals_honour_every_constraint(c: Constraints, seed: int) -> None:
    c.check(RULES)
    spec = RunSpec(RULES, "standard", seed, ("random",) * 4, constraints=c)
    for batch in run(spec, 3):
        for line in batch.data.splitlines():
            record = json.loads(line)
            if c.situational:
                assert len(record["hands"]) == 1  # a constrained deal is played once
            hand = record["hands"][0]
            seats = record["seats"]
            held = {s: {DECK.parse(x) for x in cards} for s, cards in hand["deal"]["hands"].items()}
            up = DECK.parse(hand["deal"]["upcard"])
            for seat, mask in c.hands:
                assert {i for i in range(DECK.size) if mask >> i & 1} <= held[seats[seat]]
            if c.upcard is not None:
                assert up == c.upcard
            dealer = seats.index(hand["dealer"])
            if c.dealer is not None:
                assert dealer == c.dealer
            if c.where is not None:
                masks = [sum(1 << x for x in held[s]) for s in seats]
                trump = DECK.suit(up)
                second = masks[(dealer + 2) % 4]
                if c.where.startswith("trumps"):
                    want = int(c.where.split(">=")[1])
                    assert (second & DECK.trump_masks[trump]).bit_count() >= want
                else:
                    want = int(c.where.split(">=")[1].split()[0])
                    hearts = sum(1 for x in held["E"] if DECK.suit(x) == 2 and x != DECK.joker_card)
                    assert hearts >= want or DECK.parse("AS") in held["W"]


def test_start_scores_and_dealer_start_every_game() -> None:
    c = Constraints(dealer=2, start_scores=(8, 9))
    spec = RunSpec(RULES, "standard", 1, ("random",) * 4, constraints=c)
    for batch in run(spec, 5):
        for line in batch.data.splitlines():
            record = json.loads(line)
            assert record["start_scores"] == {"N+S": 8, "E+W": 9}
            assert record["hands"][0]["dealer"] == "S"
            assert record["final"]["winner"] is not None  # whole games from 8-9


def test_an_impossible_condition_says_how_many_deals_were_tried() -> None:
    c = Constraints(where="holds(N, JH) and holds(S, JH)")
    deals = ConstrainedDeals(1, c, RULES)
    deals.start(0, 0)
    with pytest.raises(DealError, match=f"{MAX_TRIES:,} tries.*impossible"):
        deals.deal(Machine(RULES), 0)


@pytest.mark.parametrize("c, message", [
    (Constraints(hands=((0, 0b111111),)), "6 cards given, but a hand has 5"),
    (Constraints(hands=((0, 0b11), (1, 0b10))), "placed twice"),
    (Constraints(hands=((0, 0b1),), upcard=0), "also placed in a hand"),
])
def test_placed_cards_no_deal_can_hold_are_refused(c: Constraints, message: str) -> None:
    with pytest.raises(DealError, match=message):
        c.check(RULES)


def test_variants_the_options_call_alike_deal_the_same_cards() -> None:
    """Issue 27, finding 17: compare's "deal differently" note rests on
    deal_differences; variants it calls alike get the same cards hand for hand,
    one option of CARD_OPTIONS apart they do not."""
    from dataclasses import replace

    from euchre_dsl.sim.deals import CARD_OPTIONS, Deals, deal_differences
    base = load_variant("standard")
    deal_alike = replace(base, deal=replace(base.deal, farmers_hand="any_hand",
                                            ace_no_face=True, misdeal="pass_deal"))
    joker = load_variant("british")
    assert deal_differences(base, deal_alike) == []
    assert deal_differences(base, joker) == ["deck.joker"]
    assert len(CARD_OPTIONS) == 8

    def cards(rules: Any) -> list[tuple[Any, ...]]:
        deals = Deals(5)
        deals.start(0, 0)
        out = []
        for h in range(40):
            game = Machine(rules, dealer=h % 4)
            deals.deal(game, h)
            out.append((game.dealt, game.upcard))
        return out
    assert cards(base) == cards(deal_alike)
    assert cards(base) != cards(joker)
