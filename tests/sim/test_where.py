"""The --where language: evaluation against direct counting, and located errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_dsl.engine.machine import Machine
from euchre_dsl.errors import EuchreError
from euchre_dsl.limits import MAX_WHERE_NESTING
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.where import compile_where

RULES = load_variant("standard")
DECK = Machine(RULES).deck


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[int], int, int]:
    cards = draw(st.permutations(range(DECK.size)))
    hands = [sum(1 << c for c in cards[5 * s:5 * s + 5]) for s in range(4)]
    return hands, cards[20], draw(st.integers(0, 3))


def trumps(hand: int, suit: int) -> int:
    return sum(1 for c in range(DECK.size) if hand >> c & 1 and DECK.effective_suit(c, suit)
               == suit)


@settings(max_examples=200)
@given(deal=deals(), k=st.integers(0, 5), seat=st.integers(0, 3))
def test_functions_count_what_the_deck_says(deal: tuple[list[int], int, int], k: int,
                                            seat: int) -> None:
    hands, up, dealer = deal
    label = "NESW"[seat]
    up_suit = DECK.suit(up)
    relative = (dealer + 2) % 4
    cases = {
        f"trumps({label}, upcard) >= {k}": trumps(hands[seat], up_suit) >= k,
        f"trumps(seat2, H) == {k}": trumps(hands[relative], 2) == k,
        f"count({label}, D) + count({label}, C) < {k}":
            sum(1 for c in range(DECK.size) if hands[seat] >> c & 1 and DECK.suit(c) in (0, 1))
            < k,
        f"not holds({label}, JH) or aces(dealer) > 1":
            not hands[seat] >> DECK.parse("JH") & 1 or
            sum(1 for c in range(DECK.size) if hands[dealer] >> c & 1 and DECK.names[c][0] == "A")
            > 1,
        f"bowers({label}, upcard) >= 1 and (holds(N, 10S) or {k} != 3)":
            bool(hands[seat] >> DECK.card("J", up_suit) & 1 or
                 hands[seat] >> DECK.left_bower(up_suit) & 1) and
            bool(hands[0] >> DECK.parse("TS") & 1 or k != 3),
    }
    for text, expected in cases.items():
        assert compile_where(text, RULES)(hands, up, dealer) == expected, text


@pytest.mark.parametrize("text, located", [
    ("trumps(S, upcard) >= 3 and", ["--where:1:27: error[bad-where]: the condition ends too soon"]),
    ("trumsp(S, H) > 2", ["--where:1:1: error[bad-where]: unknown function 'trumsp' "
                          "(did you mean 'trumps'?)"]),
    ("trumps(X, Q) > 2 and holds(N, ZZ)", ["--where:1:8: error[bad-where]: 'X' is not a seat",
                                           "--where:1:11: error[bad-where]: 'Q' is not a suit",
                                           "--where:1:31: error[bad-where]: 'ZZ' is not a card"]),
    ("count(N, H) and holds(N, JH)", ["--where:1:1: error[bad-where]: 'and' needs a condition "
                                      "here, not a number"]),
    ("holds(N) > 1", ["--where:1:1: error[bad-where]: holds() takes 2 arguments"]),
    ("aces(N) >= 2 $", ["--where:1:14: error[bad-where]: unexpected character '$'"]),
    ("trumps(N, H) >= >= 2", ["--where:1:17: error[bad-where]: unexpected '>='"]),
])
def test_bad_expressions_give_located_errors(text: str, located: list[str]) -> None:
    with pytest.raises(EuchreError) as info:
        compile_where(text, RULES)
    formatted = [p.format() for p in info.value.problems]
    assert len(formatted) == len(located)
    for got, want in zip(formatted, located):
        assert got.startswith(want), (got, want)


def test_upcard_in_a_variant_without_one_is_an_error() -> None:
    columbus = load_variant("columbus")
    assert not columbus.deal.upcard
    with pytest.raises(EuchreError, match="turns up no card"):
        compile_where("trumps(A, upcard) > 1", columbus)


def test_nothing_is_evaluated_as_python() -> None:
    for text in ("__import__('os').system('true')", "1 if 1 else 0", "[x for x in ()]"):
        with pytest.raises(EuchreError):
            compile_where(text, RULES)


# ----------------------------------------------------- issue 27, finding 6
@pytest.mark.parametrize("text,column", [
    ("not " * 500 + "holds(N, JH)", 401),
    ("(" * 300 + "not " * 300 + "holds(N, JH)" + ")" * 300, 701),
    ("(not " * 60 + "holds(N, JH)" + " and holds(N, JH))" * 60, 252),
])
def test_a_condition_nested_past_the_limit_is_located_not_a_recursion_error(
        text: str, column: int) -> None:
    with pytest.raises(EuchreError) as exc:
        compile_where(text, RULES)
    (problem,) = exc.value.problems
    assert problem.code == "bad-where"
    assert problem.message == f"the condition is nested more than {MAX_WHERE_NESTING} levels deep"
    assert (problem.location.line, problem.location.column) == (1, column)


def test_a_condition_at_the_limit_is_compiled_and_evaluated() -> None:
    hands = [0, 0, 0, 0]
    even = compile_where("not " * (MAX_WHERE_NESTING - 2) + "holds(N, JH)", RULES)
    odd = compile_where("not " * (MAX_WHERE_NESTING - 1) + "holds(N, JH)", RULES)
    assert even(hands, None, 0) is False and odd(hands, None, 0) is True
