"""docs/rl.md tells the truth: its session runs, its tables are the encoder's."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

from euchre_dsl import load_variant, shipped_ids  # noqa: E402
from euchre_dsl.rl.observation import Encoder  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rl.md"


def test_the_session_in_the_guide_runs() -> None:
    result = doctest.testfile(str(DOC), module_relative=False)
    assert result.attempted > 0 and result.failed == 0


def test_the_sizes_table_is_the_encoders() -> None:
    text = DOC.read_text(encoding="utf-8")
    rows = {m[1]: tuple(int(x) for x in m.groups()[1:]) for m in re.finditer(
        r"^\| `([a-z0-9-]+)` \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$",
        text, re.M)}
    assert set(rows) == set(shipped_ids())
    for variant, row in rows.items():
        e = Encoder(load_variant(variant))
        assert row == (e.space.size, e.size, e.n, e.d, len(e.kind_names), e.slots), variant


def test_the_layout_table_is_the_encoders_for_standard() -> None:
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## The observation tensor")[1].split("Sizes for the shipped")[0]
    rows = re.findall(r"^\| `([a-z_]+)` \| (\d+) \|", table, re.M)
    e = Encoder(load_variant("standard"))
    assert [(name, int(offset)) for name, offset in rows] == \
        [(s.name, s.offset) for s in e.describe()]
