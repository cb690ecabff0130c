"""Our bots against OpenSpiel's ISMCTS (bench/vs_openspiel.py), at a tiny size; skipped
where ``pyspiel`` is not installed."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from bench_tools import load_bench


@pytest.fixture(scope="module")
def vs() -> ModuleType:
    pytest.importorskip("pyspiel")
    return load_bench("vs_openspiel")


def test_a_duplicate_deal_is_a_pure_function_of_its_task(vs: ModuleType) -> None:
    task = vs.Task("rule", 20, 3, 1)
    out = vs.run_task(task)
    assert len(out.hands) == 2 and out.a_won == ()
    assert vs.run_task(task) == out
    assert vs.the_deal(3, 1)[0] == 3 and len(set(vs.the_deal(3, 1)[1:])) == 21


def test_the_engines_stay_in_step_through_many_deals(vs: ModuleType) -> None:
    """Each hand asserts both engines agree on every legal set and the score; these
    deals include our dealer ordering itself up (its decision waits for its discard)."""
    made = sum(h.a_made + h.b_made for i in range(12)
               for seating in vs.run_task(vs.Task("rule", 5, i, 1)).hands for h in seating)
    assert made > 12


def test_the_tree_tells_a_defenders_decision_from_its_lead(vs: ModuleType) -> None:
    """OpenSpiel prints both as "Defender go alone: false"; the tree's key must differ."""
    game = vs.openspiel_game()
    state = game.new_initial_state()
    deal = [0, 1, 21, 0, 3, 9, 12, 4, 5, 15, 7, 13, 8, 22, 14, 16, 10, 23, 18, 20, 19, 17]
    for a in deal + [24, 26, 9, 30]:  # E passes, S orders up, N discards, S with partner
        state.apply_action(a)
    deciding = state.clone()
    state.apply_action(30)
    state.apply_action(30)  # both defenders decline: E leads
    assert deciding.information_state_string(1) == state.information_state_string(1)
    bot = vs.ismcts_bot(10, "t")
    assert bot.get_state_key(deciding) != bot.get_state_key(state)
    assert bot.step(state) in state.legal_actions()


def test_the_section_is_the_same_for_any_workers_and_survives_the_strength_report(
        vs: ModuleType, tmp_path: Path) -> None:
    doc = tmp_path / "strength.md"
    sections = []
    for workers in ("1", "2"):
        doc.write_text("# Bot strength\n\nold head\n", encoding="utf-8")
        assert vs.main(["--deals", "2", "--sims", "5", "--bot", "rule", "--workers", workers,
                        "-o", str(doc)]) == 0
        text = doc.read_text(encoding="utf-8")
        assert text.startswith("# Bot strength\n\nold head\n\n" + vs.BEGIN)
        sections.append([line.rsplit("|", 2)[0] if "min |" in line else line
                         for line in text.splitlines() if not line.startswith("Command")])
    assert sections[0] == sections[1]
    text = "\n".join(sections[0])
    assert "**Smoke-run figures**" in text and "| rule vs ISMCTS-5 | 2 |" in text
    strength = load_bench("strength")
    assert strength.main(["--only", "std-rule-random", "--scale", "0.001", "--workers", "1",
                          "-o", str(doc)]) == 0
    rewritten = doc.read_text(encoding="utf-8")
    assert "old head" not in rewritten and rewritten.count(vs.BEGIN) == 1
    assert rewritten.endswith(vs.END + "\n")
