"""The words of the text format: numbers read without regular expressions, as defined.

:func:`number_or_word` and :func:`is_digits` are read per word by both paths
of the text reader; they must mean exactly ``[+-]?[0-9]{1,4300}`` read with
``int`` and ``[0-9]{1,4300}`` (the longest digit run Python reads as a number).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_dsl.records.text_words import is_digits, number_or_word

_INT = re.compile(r"[+-]?[0-9]{1,4300}")
_DIGITS = re.compile(r"[0-9]{1,4300}")
#: Words near the edges: signs, other digits (superscript, Arabic-Indic), separators.
ALPHABET = st.sampled_from("0123456789+-_ .e²٣١")


def reference(word: str) -> int | str:
    return int(word) if _INT.fullmatch(word) else word


@settings(max_examples=400, deadline=None, derandomize=True)
@given(st.text(ALPHABET, max_size=24) | st.text(max_size=8))
def test_number_or_word_reads_what_the_definition_reads(word: str) -> None:
    got = number_or_word(word)
    assert type(got) is type(reference(word)) and got == reference(word)
    assert is_digits(word) == (_DIGITS.fullmatch(word) is not None)


@pytest.mark.parametrize("word", ["9" * 18, "9" * 19, "-" + "9" * 19, "+" + "9" * 4300,
                                  "9" * 4300, "9" * 4301, "-" + "9" * 4301, "", "+", "-"])
def test_long_and_empty_numbers(word: str) -> None:
    got = number_or_word(word)
    assert type(got) is type(reference(word)) and got == reference(word)
    assert is_digits(word) == (_DIGITS.fullmatch(word) is not None)
