"""A policy as a bot: ``--bot package.module:Class`` in simulate and compare."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

from click.testing import CliRunner  # noqa: E402

from cli.main import euchre  # noqa: E402
from euchre_dsl import EuchreError, load_variant, simulate, validate_record  # noqa: E402
from euchre_dsl.sim.runner import RunSpec, play_batch  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def importable_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    """``tests.rl.policies`` is imported by name, as a user's module would be: from the
    repository root, which plain ``pytest`` does not put on the path."""
    monkeypatch.syspath_prepend(str(ROOT))


def test_a_policy_plays_in_simulate(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(euchre, ["simulate", "--variant", "buck", "--games", "5",
                                         "--seed", "1", "--bot", "tests.rl.policies:FirstLegal",
                                         "-o", str(out)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 5 and all(validate_record(r) == [] for r in records)
    assert records[0]["meta"]["bots"] == ",".join(["tests.rl.policies:FirstLegal"] * 4)


def test_a_policy_plays_in_compare() -> None:
    mine = "tests.rl.policies:FirstLegal"
    result = CliRunner().invoke(euchre, ["compare", "standard", "standard", "-n", "5",
                                         "--bots-a", f"{mine},random,{mine},random",
                                         "--bots-b", "random"])
    assert result.exit_code == 0, result.output
    assert "paired differences" in result.output


def test_the_same_deals_as_simulate_with_other_bots() -> None:
    rules = load_variant("standard")
    mine = "tests.rl.policies:FirstLegal"
    ours = play_batch(RunSpec(rules, "standard", 4, (mine, "random", mine, "random"),
                              as_dicts=True), 0, 2).records
    theirs = list(simulate(rules, "standard", games=2, seed=4))
    assert [r["hands"][0]["deal"] for r in ours] == \
        [r["hands"][0]["deal"] for r in theirs if r is not None]


def test_an_illegal_choice_is_refused_naming_the_legal_ones() -> None:
    rules = load_variant("standard")
    with pytest.raises(EuchreError, match=r"Cheat chose action 0 \(play 9C\), which is "
                       r"not legal now; the legal actions are 4"):
        play_batch(RunSpec(rules, "standard", 1, ("tests.rl.policies:Cheat",) * 4), 0, 1)
