"""The analyzer's per-player statistics (``PlayerStats``; ``euchre_dsl.Stats`` is the
simulator's, and the old name of this one still works, with a warning), and the
``--stats`` text: columns that never run together, only those the variant has."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import euchre_dsl
from euchre_dsl.analysis import stats
from euchre_dsl.analysis.analyze import Analyzer
from euchre_dsl.analysis.stats import PlayerStats


def test_the_old_name_warns_and_gives_player_stats() -> None:
    with pytest.warns(DeprecationWarning, match="use PlayerStats"):
        old = stats.Stats  # type: ignore[attr-defined]
    assert old is stats.PlayerStats
    assert euchre_dsl.Stats is not stats.PlayerStats
    with pytest.raises(AttributeError):
        stats.NoSuchName  # type: ignore[attr-defined]  # noqa: B018


SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _stats(*records: int) -> str:
    lines = (SAMPLES / "games.jsonl").read_text(encoding="utf-8").splitlines()
    stats = PlayerStats()
    analyzer = Analyzer(worlds=0)
    for i in records:
        for h in analyzer.analyze_record(json.loads(lines[i]), i, "games.jsonl"):
            stats.add(h)
    return stats.render()


def _headers(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip().startswith(("player ", "seat ",
                                                                            "side "))]


def test_standard_euchre_has_no_buck_or_drop_columns_and_no_header_runs_together() -> None:
    text = _stats(0, 1)
    headers = _headers(text)
    assert len(headers) == 3
    for line in headers:
        names = re.split(r"\s{2,}", line.strip())
        assert names[1:] == ["hands", "pts/hand", "made", "make%", "euchre%", "march", "alone",
                             "alone made%", "def. euchres", "lost/hand"]


def test_columns_line_up_under_their_headers() -> None:
    block = _stats(0, 1).split("  by seat:\n", 1)[1].splitlines()
    header, rows = block[0], [r for r in block[1:] if r.startswith("    dealer")]
    assert rows and all(len(r) == len(header) for r in rows)  # right-aligned to one width


def test_a_countdown_variant_shows_its_bucks() -> None:
    text = _stats(3)  # Buck euchre
    assert all(line.rstrip().endswith("bucks") for line in _headers(text))
