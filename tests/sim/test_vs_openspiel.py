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


def test_the_tree_tells_apart_the_trumps_the_dealers_left_may_name(vs: ModuleType) -> None:
    """OpenSpiel 2.0.2 prints "Pick up!" without the suit when the dealer's left names
    trump in the second round: the same string for clubs, hearts and spades.  The
    tree's key must differ by the trump named (it is public)."""
    game = vs.openspiel_game()
    deal = [0, 1, 21, 0, 3, 9, 12, 4, 5, 15, 7, 13, 8, 22, 14, 16, 10, 23, 18, 20, 19, 17]
    states = []
    for bid in (25, 27, 28):  # diamonds (26) was turned down
        state = game.new_initial_state()
        for a in deal + [24, 24, 24, 24, bid]:  # four passes, E names a suit
            state.apply_action(a)
        states.append(state)
    assert len({s.information_state_string(2) for s in states}) == 1
    bot = vs.ismcts_bot(10, "t")
    assert len({bot.get_state_key(s) for s in states}) == 3
    assert [vs.public_trump(s) for s in states] == [0, 2, 3]


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
                         for line in text.splitlines() if not line.startswith("- `rule`: ")])
    assert sections[0] == sections[1]
    text = "\n".join(sections[0])
    assert "**Smoke-run figures**" in text and "| rule vs ISMCTS-5 | 2 |" in text
    strength = load_bench("strength")
    assert strength.main(["--only", "std-rule-random", "--scale", "0.001", "--workers", "1",
                          "-o", str(doc)]) == 0
    rewritten = doc.read_text(encoding="utf-8")
    assert "old head" not in rewritten and rewritten.count(vs.BEGIN) == 1
    assert rewritten.endswith(vs.END + "\n")


#: A section as written before each row named its run: one ``Command:`` line.
OLD_SECTION = """<!-- vs-openspiel: written by bench/vs_openspiel.py -->
## Against OpenSpiel's ISMCTS

Command: `python bench/vs_openspiel.py` (seed 1, 2 worker processes, compiled build).

| A vs B | duplicate deals | A points/hand | B points/hand | A − B (95% CI) | A made trump | A set | A alone | B made trump | B set | B alone | time |
|---|---|---|---|---|---|---|---|---|---|---|---|
| pimc vs ISMCTS-1000 | 1,000 | +0.995 | +0.666 | **+0.329** ± 0.063 | 1,242 | 12.6% | 161 | 758 | 24.4% | 381 | 37.5 min |
| rule vs ISMCTS-1000 | 1,000 | +0.855 | +0.775 | **+0.080** ± 0.064 | 842 | 7.8% | 53 | 1,158 | 19.0% | 498 | 24.7 min |

| target | measured | holds |
|---|---|---|
| pimc beats ISMCTS-1,000 by at least 0.3 points per hand, 95% interval above zero, at least 1,000 duplicate deals | +0.329 ± 0.063 against ISMCTS-1000 on 1,000 deals | yes |
| rule beats ISMCTS-1,000, 95% interval above zero, at least 1,000 duplicate deals | +0.080 ± 0.064 against ISMCTS-1000 on 1,000 deals | yes |
<!-- /vs-openspiel -->
"""


def test_a_run_of_one_bot_keeps_the_other_bots_row_with_its_run(
        vs: ModuleType, tmp_path: Path) -> None:
    doc = tmp_path / "strength.md"
    doc.write_text("# Bot strength\n\n" + OLD_SECTION, encoding="utf-8")
    assert vs.main(["--deals", "2", "--sims", "5", "--bot", "rule", "--workers", "1",
                    "-o", str(doc)]) == 0
    lines = doc.read_text(encoding="utf-8").splitlines()
    old = OLD_SECTION.splitlines()
    pimc_rows = [x for x in old if x.startswith("| pimc ")]
    assert all(row in lines for row in pimc_rows) and len(pimc_rows) == 2
    assert "- `pimc`: `python bench/vs_openspiel.py` (seed 1, 2 worker processes, compiled " \
           "build)" in lines
    assert not any(x.startswith("| rule vs ISMCTS-1000") for x in lines)
    rule = [x for x in lines if x.startswith("| rule ")]
    assert rule[0].startswith("| rule vs ISMCTS-5 | 2 |") and "**no**" in rule[1]
    assert any(x.startswith("- `rule`: `python bench/vs_openspiel.py --bot rule --deals 2 "
                            "--sims 5 --workers 1`") for x in lines)
    # pimc's row first, as in a run of both; only the new row is a smoke run
    assert lines.index(pimc_rows[0]) < lines.index(rule[0])
    smoke = next(x for x in lines if x.startswith("**Smoke-run figures**"))
    assert "rule vs ISMCTS-5 on 2 deals" in smoke and "pimc" not in smoke
    # and a second run of the same bot replaces its own row, keeping pimc's again
    assert vs.main(["--deals", "2", "--sims", "5", "--bot", "rule", "--workers", "1",
                    "-o", str(doc)]) == 0
    again = doc.read_text(encoding="utf-8").splitlines()
    assert [x for x in again if x.startswith("| rule ")] == rule
    assert all(row in again for row in pimc_rows)
    assert sum(x.startswith("- `") for x in again) == 2
