"""The phrase table: every phrase is one option value, read and written the same way."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from euchre_dsl.rules.compiler import IDENTITY_KEYS, _convert
from euchre_dsl.rules.phrases import (
    PHRASES, PhraseItem, Phrase, PhraseError, example, match, normalize_words, render,
)
from euchre_dsl.rules.ruleset import SECTIONS, option_table

OPTIONS = {path: (default, meta) for path, default, meta, _ in option_table()}
TYPES = {f"{s}.{f.name}": str(f.type) for s, cls in SECTIONS.items() for f in fields(cls)}
SAMPLES = {"number": 3, "rank": "8", "suit": "H", "text": "Kitchen", "packets": [2, 3],
           "card": "JK"}


def items(text: str) -> list[PhraseItem]:
    """Split written words as the grammar does (numbers, "text", 3-2 packets, words)."""
    out: list[PhraseItem] = []
    for word in text.replace(",", " ").split():
        if word.lstrip("-").isdigit():
            out.append(PhraseItem("number", int(word)))
        elif word.startswith('"'):
            out.append(PhraseItem("text", word.strip('"')))
        elif word[0].isdigit():
            out.append(PhraseItem("packets", [int(n) for n in word.split("-")]))
        else:
            out.append(PhraseItem("word", word))
    return out


@pytest.mark.parametrize("phrase", PHRASES, ids=[p.pattern for p in PHRASES])
def test_every_phrase_is_a_valid_value_of_a_real_option(phrase: Phrase) -> None:
    if phrase.path in IDENTITY_KEYS:
        assert phrase.slot == "text"
        return
    assert phrase.path in OPTIONS, f"'{phrase.pattern}' names no option"
    _, meta = OPTIONS[phrase.path]
    value: Any = SAMPLES[phrase.slot] if phrase.slot else phrase.value
    if phrase.slot == "number" and "minimum" in meta:
        value = max(value, meta["minimum"])
    if phrase.slot == "number" and "maximum" in meta:
        value = min(value, meta["maximum"])
    ok, converted, why = _convert(value, TYPES[phrase.path], meta)
    assert ok, f"'{phrase.pattern}': {why}"


@pytest.mark.parametrize("phrase", PHRASES, ids=[p.pattern for p in PHRASES])
def test_every_phrase_reads_back_to_itself(phrase: Phrase) -> None:
    written = example(phrase)
    found, value, _ = match(items(written))
    assert found.path == phrase.path
    if phrase.slot is None:
        assert value == phrase.value and type(value) is type(phrase.value)
    if phrase.slot == "suit":
        assert value == "C"


def test_no_two_phrases_can_be_confused() -> None:
    def shape(p: Phrase) -> tuple[str, ...]:
        return tuple("{}" if w.startswith("{") else w for w in p.skeleton)

    seen: dict[tuple[str, ...], str] = {}
    for phrase in PHRASES:
        key = shape(phrase)
        assert key not in seen, f"'{phrase.pattern}' reads like '{seen[key]}'"
        seen[key] = phrase.pattern


def test_every_yes_no_option_with_a_phrase_can_be_said_both_ways() -> None:
    said: dict[str, set[Any]] = {}
    for phrase in PHRASES:
        said.setdefault(phrase.path, set()).add(phrase.value)
    for path, values in said.items():
        if TYPES.get(path) == "bool":
            assert values == {True, False}, path


@pytest.mark.parametrize("written", [
    "Stick The Dealer", "stick dealer", "stick-the-dealer", "STICK THE DEALER",
])
def test_case_hyphens_and_articles_do_not_matter(written: str) -> None:
    phrase, value, _ = match(items(written))
    assert (phrase.path, value) == ("bidding.stick_the_dealer", True)


def test_commas_do_not_matter() -> None:
    a = match(items("if everyone passes, throw the hand in"))
    b = match(items("if everyone passes throw hand in"))
    assert a[:2] == b[:2] == (a[0], "throw_in")


@pytest.mark.parametrize("word,letter", [
    ("clubs", "C"), ("club", "C"), ("Hearts", "H"), ("s", "S"), ("D", "D"),
])
def test_suits_by_name_or_letter(word: str, letter: str) -> None:
    assert match(items(f"forced trump {word}"))[1] == letter


def test_a_misspelled_phrase_gets_a_did_you_mean() -> None:
    with pytest.raises(PhraseError) as exc:
        match(items("stick the deeler"))
    assert exc.value.message == "unknown rule 'stick the deeler'"
    assert exc.value.hint == "did you mean 'stick the dealer'?"


def test_a_wrong_kind_of_value_names_what_was_expected() -> None:
    with pytest.raises(PhraseError) as exc:
        match(items('game to "ten"'))
    assert exc.value.message == "'game to' needs a whole number, got \"ten\""
    assert exc.value.item.kind == "text"


def test_unknown_words_point_at_the_generic_form() -> None:
    with pytest.raises(PhraseError) as exc:
        match(items("jacks are high"))
    assert exc.value.hint is not None and "section.option = value" in exc.value.hint


@pytest.mark.parametrize("path,value,words", [
    ("bidding.stick_the_dealer", True, "stick the dealer"),
    ("bidding.stick_the_dealer", False, "no stick the dealer"),
    ("game.target", 7, "game to 7"),
    ("deck.lowest", "7", "cards 7 to ace"),
    ("deal.packets", (3, 2), "deal 3-2"),
    ("deal.packets", (5,), "deal [5]"),
    ("bidding.forced_trump", "C", "forced trump clubs"),
    ("bidding.forced_trump", None, "no forced trump"),
    ("scoring.maker_target", "bid", "the makers need their bid"),
    ("scoring.maker_target", 3, "the makers need 3 tricks"),
    ("name", 'The "Rik" way', 'name "The \\"Rik\\" way"'),
    ("game.tie", "nonsense", None),
    ("no.such", 1, None),
])
def test_render_writes_the_first_phrase_for_a_value(path: str, value: Any,
                                                    words: str | None) -> None:
    assert render(path, value) == words


def test_normalize_words() -> None:
    assert normalize_words(["The", "order-up", "round,", "{number}"]) == \
        ["order", "up", "round", "{number}"]
