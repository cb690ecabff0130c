"""The text format's specification (docs/hand-history.md) holds what it says.

Every ``ehh`` example in it reads and validates (the partial-information one
finds exactly the renege it describes), the examples of every shipped variant
are the ones the generator writes now, and the grammar shown is the one the
reader uses.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from euchre_dsl.records.reader import Item
from euchre_dsl.records.text_reader import read_text
from euchre_dsl.rules.registry import shipped_ids
from euchre_dsl.validate.validator import Validator

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "docs" / "hand-history.md"
TEXT = SPEC.read_text(encoding="utf-8")
BLOCKS = re.findall(r"```ehh\n(.*?)```", TEXT, re.S)
sys.path.insert(0, str(ROOT / "docs"))

import make_hand_history_examples  # noqa: E402


def problems(text: str) -> list[tuple[str, str]]:
    (item,) = read_text(text, "spec.ehh")
    assert isinstance(item, Item) and item.problem is None, item.problem
    found = Validator().validate(item.data, file=str(SPEC), locate=item.locate("spec.ehh"))
    return [(p.severity, p.code) for p in found if p.severity != "info"]


def test_there_is_an_example_for_every_shipped_variant() -> None:
    for variant in shipped_ids():
        assert f"(`{variant}`)" in TEXT
    assert len(BLOCKS) == 2 + len(shipped_ids())


@pytest.mark.parametrize("block", BLOCKS[:1] + BLOCKS[2:],
                         ids=["first"] + shipped_ids())
def test_the_examples_read_and_validate(block: str) -> None:
    assert problems(block) == []


def test_the_partial_example_finds_the_renege_it_describes() -> None:
    assert problems(BLOCKS[1]) == [("error", "renege"), ("warning", "incomplete-hand")]


def test_the_variant_examples_are_the_generated_ones() -> None:
    section = TEXT.split(make_hand_history_examples.START)[1].split(
        make_hand_history_examples.END)[0]
    assert section.strip() == make_hand_history_examples.examples_markdown().strip()


def test_the_grammar_shown_is_the_grammar_used() -> None:
    shown = re.search(r"```lark\n(.*?)```", TEXT, re.S)
    assert shown is not None
    used = (ROOT / "euchre_dsl" / "records" / "ehh_text.lark").read_text(encoding="utf-8")

    def rules(text: str) -> list[str]:
        return [line for line in text.splitlines() if line.strip() and
                not line.lstrip().startswith("//")]

    assert rules(shown.group(1)) == rules(used)
