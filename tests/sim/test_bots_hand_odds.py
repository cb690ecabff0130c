"""The rule bot's model of a hand's tricks (euchre_dsl/sim/bots/hand_odds.py)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from euchre_dsl.sim.bots.hand_odds import convolve, distribution

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
