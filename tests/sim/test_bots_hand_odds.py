"""The rule bot's model of a hand's tricks (euchre_dsl/sim/bots/hand_odds.py)."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from euchre_dsl.cards import Deck, card_list
from euchre_dsl.sim.bots.hand_odds import (
    LENGTH_BONUS, ROUND_SURVIVAL, RUFF_CHANCE, TRUMP_SUPPORT, best_after_discard, card_chance,
    convolve, distribution, hand_chances, kept_value, voids,
)

chances = st.lists(st.floats(0.0, 1.0), min_size=1, max_size=9)


def add_up_term_by_term(a: list[float], b: list[float]) -> list[float]:
    """The convolution as written in a textbook: each product added into its count."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


@given(chances, chances)
def test_a_convolution_is_the_textbooks_to_the_last_bit(a: list[float], b: list[float]) -> None:
    # the bots' choices (and with them every seeded game of theirs) rest on these sums
    assert convolve(a, b) == add_up_term_by_term(a, b)


def test_two_coins_give_zero_one_or_two_heads() -> None:
    coin = distribution([0.5])
    assert convolve(coin, coin) == [0.25, 0.5, 0.25]


def hand_chances_as_written(deck: Deck, hand: int, contract: int, out: int, opponents: int,
                            weak: float, makes: bool) -> list[float]:
    """:func:`hand_chances` as first written: every card's chance from a list, the
    spare trumps by sorting the hand's trumps by power."""
    known = hand | out
    trumps = hand & deck.trump_masks[contract]
    n_trumps = len(card_list(trumps))
    support = TRUMP_SUPPORT[min(n_trumps, len(TRUMP_SUPPORT) - 1)] \
        if contract < 4 and makes else 1.0
    ruffs = min(voids(deck, hand, contract), max(n_trumps - 1, 0))
    low_trumps = 0
    if contract < 4 and ruffs:
        power = deck.powers[contract][contract]
        for c in sorted(card_list(trumps), key=lambda c: power[c])[:ruffs]:
            low_trumps |= 1 << c
    cards = card_list(hand)
    chances = [card_chance(deck, known, c, contract, max(opponents - 2, 0), weak)
               for c in cards]
    top = max([ch for c, ch in zip(cards, chances) if (trumps >> c) & 1], default=0.0)
    length = LENGTH_BONUS * (n_trumps - 2) * top if n_trumps >= 3 else 0.0
    probs = []
    for c, p in zip(cards, chances):
        if (trumps >> c) & 1:
            p = min(1.0, p + length)
            if (low_trumps >> c) & 1:
                p = max(p, RUFF_CHANCE)
        elif contract < 4:
            above = len(card_list(deck.higher_masks[contract][c] & hand))
            p = max(0.01, p * support * ROUND_SURVIVAL[min(above, len(ROUND_SURVIVAL) - 1)])
        probs.append(p)
    return probs


@given(st.sampled_from([("9", False, 1), ("9", True, 1), ("7", False, 1), ("9", False, 2)]),
       st.integers(0, 5), st.randoms(use_true_random=False), st.integers(1, 6),
       st.sampled_from([0.0, 0.5, 1.0]), st.booleans())
def test_a_hands_chances_are_the_first_writings_to_the_last_bit(
        options: tuple[str, bool, int], contract: int, rng: random.Random, opponents: int,
        weak: float, makes: bool) -> None:
    # the rule bot's every bid rests on these, and the pimc bot reads the table with it
    deck = Deck.of(*options)
    cards = rng.sample(range(deck.size), rng.randint(1, 12))
    hand = sum(1 << c for c in cards[:len(cards) // 2 + 1])
    out = sum(1 << c for c in cards[len(cards) // 2 + 1:])
    assert hand_chances(deck, hand, contract, out, opponents, weak, makes) == \
        hand_chances_as_written(deck, hand, contract, out, opponents, weak, makes)


@given(st.sampled_from([("9", False, 1), ("9", True, 1), ("7", False, 1), ("9", False, 2)]),
       st.integers(0, 5), st.randoms(use_true_random=False), st.integers(1, 6))
def test_the_best_discard_is_the_first_best_kept_value(
        options: tuple[str, bool, int], contract: int, rng: random.Random,
        opponents: int) -> None:
    # best_after_discard shares each card's chance between the candidates; the choice
    # must be the one a candidate-by-candidate kept_value gives, ties to the lowest card
    deck = Deck.of(*options)
    cards = rng.sample(range(deck.size), rng.randint(2, 16))
    size = rng.randint(1, len(cards) - 1)
    hand = sum(1 << c for c in cards[:size])
    out = sum(1 << c for c in cards[size:])
    kept = hand & (1 << rng.choice(cards[:size])) if rng.random() < 0.5 else 0
    best, best_v = hand, -1.0
    for c in card_list(hand & ~kept):
        v = kept_value(deck, hand & ~(1 << c), contract, out, opponents)
        if v > best_v:
            best, best_v = hand & ~(1 << c), v
    assert best_after_discard(deck, hand, contract, out, opponents, kept) == best


def test_the_spare_trumps_are_the_lowest_and_copies_go_in_index_order() -> None:
    deck = Deck.of("9", False, 2)
    for contract in range(4):
        order = deck.trumps_low_first[contract]
        powers = [deck.powers[contract][contract][c] for c in order]
        assert powers == sorted(powers) and set(order) == set(card_list(deck.trump_masks[contract]))
        for a, b in zip(order, order[1:]):
            assert powers[order.index(a)] < powers[order.index(b)] or a < b
    assert deck.trumps_low_first[4] == ()
