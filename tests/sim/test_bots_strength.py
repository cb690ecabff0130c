"""The strength report's machinery (bench/strength.py), at a tiny size."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from bench_tools import load_bench


def strength() -> ModuleType:
    return load_bench("strength")


def test_duplicate_seatings_see_the_same_cards_and_swap_the_bots() -> None:
    s = strength()
    m = s.Match("t", "standard", "rule", "random", "hands", 2)
    out = s.run_task((m, 0, 1))
    assert len(out.hands) == 2  # the deal twice, the bots' seats swapped
    again = s.run_task((m, 0, 1))
    assert out == again  # a task is a pure function of (match, index, seed)
    rules = s.load_variant("standard")
    assert s.seats_of(rules, 0) == [True, False, True, False]
    assert s.seats_of(rules, 1) == [False, True, False, True]


def test_the_report_is_the_same_for_one_and_two_workers(tmp_path: Path) -> None:
    s = strength()
    texts = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}.md"
        assert s.main(["--only", "std-rule-random", "--only", "buck-rule-random",
                       "--scale", "0.002", "--workers", str(workers), "-o", str(out)]) == 0
        text = out.read_text(encoding="utf-8")
        # the command line and the timings differ; the figures must not
        texts.append([line.rsplit("|", 2)[0] if "min |" in line else line
                      for line in text.splitlines() if not line.startswith("Command")])
    assert texts[0] == texts[1]
    assert "| standard | rule vs random | 5 |" in "\n".join(texts[0])


def test_games_report_games_won() -> None:
    s = strength()
    m = s.Match("g", "standard", "rule", "random", "games", 1)
    out = s.run_task((m, 0, 3))
    assert len(out.a_won) == 2 and all(w in (0.0, 0.5, 1.0) for w in out.a_won)
    summary = s.summarise(m, [out], 1.0)
    assert summary.games == 2 and summary.a_won is not None
