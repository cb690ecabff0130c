"""The notation's one action table: every reader of actions reads a verb's argument
from ``VERB_TABLE`` (records/notation.py), so a new verb is one row of it.

The readers: the full reader (``NotationReader.read_action``), the fast check, the
byte check, and the text form's words and writer.  None of them spells a verb, and
each reads the argument the table says, as its form says."""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from euchre_dsl.engine.actions import VERBS
from euchre_dsl.engine.machine import Machine
from euchre_dsl.records import notation, text_words, text_writer
from euchre_dsl.records.notation import (
    ALONE,
    ALONE_AFTER,
    ALONE_INSTEAD,
    ALONE_NEVER,
    ARG_AMOUNT,
    ARG_CARD,
    ARG_CARDS,
    ARG_CONTRACT,
    ARG_NONE,
    ARG_THREE_CARDS,
    VERB_TABLE,
    VerbSpec,
    action_from_json,
)
from euchre_dsl.records.text_words import argument
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.validate import fast_bytes, fast_check

ROOT = Path(__file__).resolve().parents[2]
READERS = (notation, fast_check, fast_bytes, text_words, text_writer)


def _constants(module: ModuleType) -> set[Any]:
    """The literal values in a module's source (the checkout's: a compiled build's
    ``__file__`` is the extension module)."""
    path = ROOT / (module.__name__.replace(".", "/") + ".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)}


@pytest.mark.parametrize("module", READERS, ids=lambda m: m.__name__.rsplit(".", 1)[1])
def test_no_reader_spells_a_verb(module: ModuleType) -> None:
    """A verb is named by the engine's constant and read by the table, never by a
    string of its own in a reader."""
    assert not set(VERBS) & _constants(module)


def test_every_verb_has_one_row_and_the_by_code_tuples_follow_it() -> None:
    assert [spec.verb for spec in VERB_TABLE] == list(notation.VERB_CODES)
    assert set(notation.VERB_CODES) == set(VERBS)
    for code, spec in enumerate(VERB_TABLE):
        assert notation.ARG_OF_CODE[code] == spec.arg
        assert notation.WORDS_OF_CODE[code] == notation.ARG_WORDS[spec.arg]
        assert notation.ALONE_AFTER_CODE[code] == (spec.alone == ALONE_AFTER)
        # a card that must be seen says why; the other arguments have nothing to say
        assert not spec.unseen or spec.arg == ARG_CARD


def _example(spec: VerbSpec) -> list[Any]:
    """An action of ``spec``'s verb written as its form says, by what its argument is."""
    arg: list[Any] = {ARG_NONE: [], ARG_CARD: ["JH"], ARG_CONTRACT: ["H"], ARG_AMOUNT: [3],
                      ARG_THREE_CARDS: ["JH", "JD", "AH"], ARG_CARDS: ["JH"]}[spec.arg]
    return ["N", spec.verb, *arg]


@pytest.mark.parametrize("spec", VERB_TABLE, ids=lambda s: s.verb)
def test_the_full_reader_reads_each_verb_by_its_row(spec: VerbSpec) -> None:
    game = Machine(load_variant("standard"))
    action = action_from_json(game, _example(spec))
    assert (action.seat, action.verb, action.alone) == (0, spec.verb, False)
    assert (action.arg is None) == (spec.arg == ARG_NONE)
    if spec.alone == ALONE_AFTER:
        assert action_from_json(game, _example(spec) + [ALONE]).alone
    if spec.alone == ALONE_INSTEAD:
        instead = action_from_json(game, ["N", spec.verb, ALONE])
        assert (instead.arg, instead.alone) == (None, True)
    if notation.ARG_WORDS[spec.arg] >= 0:  # one word too many does not match the form
        with pytest.raises(ValueError, match="does not match"):
            action_from_json(game, _example(spec) + ["JC"])


@pytest.mark.parametrize("spec", VERB_TABLE, ids=lambda s: s.verb)
def test_the_text_form_reads_each_verb_by_its_row(spec: VerbSpec) -> None:
    """A word after a verb is read as what the verb's row says its argument is."""
    if spec.arg in (ARG_CARD, ARG_THREE_CARDS, ARG_CARDS):
        assert argument(spec.verb, "10h", 0) == "TH"
    if spec.arg == ARG_AMOUNT:
        assert argument(spec.verb, "7", 0) == 7
    if spec.arg == ARG_CONTRACT:
        assert argument(spec.verb, "♥", 0) == "H"
    if spec.alone != ALONE_NEVER:  # "alone" after the argument, or in its place
        at = notation.ARG_WORDS[spec.arg] if spec.alone == ALONE_AFTER else 0
        assert argument(spec.verb, "Alone", at) == ALONE
