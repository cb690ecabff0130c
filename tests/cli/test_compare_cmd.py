"""``euchre compare``: the same deals under two variants or line-ups, paired differences."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli.main import euchre


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(euchre, ["compare", *args])
    return result.exit_code, result.stdout, result.stderr


def test_a_variant_against_itself_differs_by_nothing() -> None:
    code, stdout, _ = run("standard", "standard", "-n", "30", "-s", "2", "--report", "json")
    assert code == 0
    report = json.loads(stdout)
    assert report["unpaired_deals"] == 0 and report["paired_deals"] > 200
    for m in report["points_per_hand_difference"]["by_side"].values():
        assert m["value"] == 0 and m["half_width"] == 0


def test_a_house_rule_is_measured_on_the_same_deals(tmp_path: Path) -> None:
    house = tmp_path / "stick.yaml"
    house.write_text("extends: standard\nbidding: {stick_the_dealer: yes}\n", encoding="utf-8")
    code, stdout, _ = run("standard", str(house), "-n", "40", "-s", "3")
    assert code == 0
    assert "B instead of A changes the dealer's side's points per hand by" in stdout
    assert "makers made it" in stdout and "side of dealer" in stdout
    assert "and its lead over the other side by" in stdout
    code, stdout, _ = run("standard", str(house), "-n", "40", "-s", "3", "--report", "json")
    report = json.loads(stdout)
    # the same cards: a hand nobody orders up or calls is the only one that can change
    assert report["paired_deals"] > 300
    assert report["rates"]["thrown in"]["b"]["count"] == 0


def test_two_line_ups_on_one_variant() -> None:
    code, stdout, _ = run("standard", "standard", "-n", "20", "--bots-a", "random",
                          "--bots-b", "euchre_dsl.sim.bots.random_bot:RandomBot",
                          "--report", "json")
    assert code == 0
    report = json.loads(stdout)
    assert report["b"].startswith("standard (euchre_dsl.sim.bots.random_bot:RandomBot")


def test_tables_that_cannot_be_paired_are_refused() -> None:
    code, _, stderr = run("standard", "buck", "-n", "2")
    assert code == 2 and "euchre compare:" in stderr and "cannot be paired" in stderr


def test_a_variant_that_never_ends_is_named_as_such(tmp_path: Path) -> None:
    """Issue 27, finding 17: the run that cannot finish is B's, and the command that
    says so is compare."""
    far = tmp_path / "far.yaml"
    far.write_text("id: far\nextends: standard\ngame: {target: 1000000}\n", encoding="utf-8")
    code, _, stderr = run("standard", str(far), "-n", "2")
    assert code == 1 and "euchre compare:" in stderr and "of far (variant B)" in stderr
    assert "euchre simulate" not in stderr and "Traceback" not in stderr


def test_a_bot_parameter_that_is_not_finite_is_a_usage_error() -> None:
    """Issue 27, finding 17: rule:margin=1e999 was accepted, then blamed on the rules."""
    code, _, stderr = run("standard", "standard", "--bot", "rule:margin=1e999", "-n", "2")
    assert code == 2 and "'1e999' is not a finite number" in stderr


def test_the_deal_note_only_when_the_cards_differ(tmp_path: Path) -> None:
    """Issue 27, finding 17: deal options that leave the cards alone (misdeals, a
    farmer's hand) get no "deal differently" note; a joker in the deck does."""
    house = tmp_path / "farmer.yaml"
    house.write_text("extends: standard\ndeal: {farmers_hand: three_nines_or_tens, "
                     "ace_no_face: yes, misdeal: pass_deal}\n", encoding="utf-8")
    code, _, stderr = run("standard", str(house), "-n", "3")
    assert code == 0 and "deal differently" not in stderr
    code, _, stderr = run("standard", "british", "-n", "3")
    assert code == 0 and "deal differently (deck.joker)" in stderr
