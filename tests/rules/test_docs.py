"""The option reference is generated and current; the walk-through's examples are true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from euchre_dsl.errors import EuchreError
from euchre_dsl.rules.docs import options_markdown
from euchre_dsl.rules.registry import compile_file
from euchre_dsl.rules.ruleset import option_table

DOCS = Path(__file__).parents[2] / "docs"
GUIDE = (DOCS / "variants.md").read_text(encoding="utf-8")


def test_docs_options_md_is_current() -> None:
    current = (DOCS / "options.md").read_text(encoding="utf-8")
    assert current == options_markdown(), \
        "docs/options.md is stale: run 'euchre variant docs > docs/options.md'"


def test_the_reference_documents_every_option_with_its_meaning() -> None:
    text = options_markdown()
    for path, default, meta, _ in option_table():
        assert f"### `{path}`" in text
        assert meta["doc"] in text
    assert "`stick the dealer` (= `yes`)" in text
    assert "`game to <number>`" in text


def blocks(kind: str) -> list[str]:
    return re.findall(rf"```{kind}\n(.*?)```", GUIDE, re.S)


def test_the_walk_through_has_examples_in_both_forms() -> None:
    assert len(blocks("euchre")) >= 3 and len(blocks("yaml")) >= 1


def test_the_walk_through_examples_compile_as_shown(tmp_path: Path) -> None:
    good, names, misspelled = blocks("euchre")[:3]
    kitchen = tmp_path / "kitchen.euchre"
    kitchen.write_text(good, encoding="utf-8")
    (tmp_path / "kitchen.yaml").write_text(blocks("yaml")[0], encoding="utf-8")
    (tmp_path / "names.euchre").write_text(names, encoding="utf-8")
    r = compile_file(kitchen)
    assert r == compile_file(tmp_path / "kitchen.yaml")
    assert r.bidding.stick_the_dealer and r.alone.defend_alone == "vs_lone_maker"
    assert compile_file(tmp_path / "names.euchre").scoring.lone_defender_march == 5
    kitchen.write_text(misspelled, encoding="utf-8")
    with pytest.raises(EuchreError) as exc:
        compile_file(kitchen)
    (problem,) = exc.value.problems
    shown = f"kitchen.euchre:{problem.location.line}:{problem.location.column}: " \
            f"error[{problem.code}]: {problem.message}"
    assert shown in GUIDE
    assert f"hint: {problem.hint}" in GUIDE
