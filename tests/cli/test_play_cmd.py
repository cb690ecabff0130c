"""``euchre play``, driven through its standard input as a player at a terminal would."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cli import play_cmd
from cli.main import euchre
from euchre_dsl.sim.bots.pimc import PimcBot
from euchre_dsl.validate.validator import validate_path

#: More answers than any hand needs: the first choice each time.
FIRSTS = "1\n" * 60


def run(*args: str, stdin: str = FIRSTS) -> Result:
    return CliRunner().invoke(euchre, ["play", *args], input=stdin)


def test_a_hand_is_played_end_to_end_and_saved_as_a_record_that_validates(
        tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    result = run("--seed", "3", "--hands", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert "you are N" in text and "Hand 1 · dealer N · upcard J♦" in text
    assert "Your hand: J♥ 9♥ Q♦ Q♣ 10♣" in text
    assert "  1) passes\n  2) orders up\n  3) orders up alone\n" in text  # numbered choices
    assert "  E passes" in text and "trick 5 to " in text  # the others, as they happen
    assert "Result: " in text and "Analysis: " in text  # the hand's result, the verdict
    assert f"saved 1 hand to {out}" in text
    report = validate_path(str(out))
    assert report.records == 1 and report.errors == 0, report.problems
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["meta"] == {"event": "euchre play", "seed": 3, "bots": "you,rule,rule,rule"}
    assert len(record["hands"]) == 1


def test_the_same_seed_deals_the_same_game() -> None:
    assert run("--seed", "5", "--hands", "1").stdout == run("--seed", "5", "--hands", "1").stdout


def test_other_seats_discards_stay_hidden_and_the_text_format_is_written(tmp_path: Path) -> None:
    out = tmp_path / "game.ehh"
    # E: ordering up (2) makes the dealer, N, take the jack and discard
    result = run("--seed", "3", "--hands", "1", "--seat", "E", "--no-analysis", "-o", str(out),
                 stdin="2\n" + FIRSTS)
    assert result.exit_code == 0, result.output
    assert "  E orders up\n  trump ♦ diamonds, made by E\n  N discards a card\n" in result.stdout
    assert "Analysis:" not in result.stdout
    assert validate_path(str(out)).errors == 0
    assert out.read_text(encoding="utf-8").lstrip().startswith("[")  # the text format's tags


def test_a_wrong_answer_is_asked_again() -> None:
    result = run("--seed", "3", "--hands", "1", stdin="x\n9\n" + FIRSTS)
    assert result.exit_code == 0, result.output
    assert "'x' is not a choice: type a number from 1 to 3, or q to stop" in result.stdout
    assert "'9' is not a choice" in result.stdout


def test_quitting_saves_the_finished_hands(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    result = run("--seed", "3", "-o", str(out), stdin="q\n")
    assert result.exit_code == 0
    assert "euchre play: you stopped; 0 hands finished" in result.stderr
    assert not out.exists()  # nothing was finished: no file
    # standard input ending mid-game: the hands finished are saved, exit 2
    result = run("--seed", "3", "-o", str(out), stdin="1\n" * 7)
    assert result.exit_code == 2
    assert "standard input ended" in result.stderr
    if "saved" in result.stdout:
        assert validate_path(str(out)).errors == 0


def test_a_hint_gives_pimcs_choice_and_its_values() -> None:
    result = run("--seed", "3", "--hands", "1", "--seat", "E", "--hint", "--no-analysis")
    assert result.exit_code == 0, result.output
    hints = [line for line in result.stdout.splitlines() if line.startswith("Hint: ")]
    assert hints and hints[0].startswith("Hint: pimc's choice: passes (your side's net points")
    assert "orders up " in hints[0]  # every option it weighed, with its value
    assert any("plays" not in h and "♦" in h for h in hints[1:])  # cards, by their symbols


def test_a_hint_past_the_search_budget_says_it_is_the_rule_bots_choice() -> None:
    """A double deck's bidding passes any small budget: the hint names the rule
    bot's choice and says it was not searched."""
    result = run("--variant", "double-deck-bid", "--seed", "1", "--seat", "N", "--hint",
                 "--hint-budget", "1000", "--no-analysis", stdin="q\n")
    hints = [line for line in result.stdout.splitlines() if line.startswith("Hint: ")]
    assert hints[0].startswith("Hint: the rule bot's choice: "), result.output
    assert hints[0].endswith("(not searched: pimc's search would need more than its budget "
                             "of 1,000 positions here)")


def test_any_variant_and_bad_options() -> None:
    result = run("--variant", "buck", "--seed", "1", "--hands", "1", "--seat", "s")
    assert result.exit_code == 0, result.output
    assert "Buck" in result.stdout and "you are S" in result.stdout
    result = run("--seat", "X")
    assert result.exit_code == 2 and "standard has the seats N, E, S, W, not 'X'" in result.output
    result = run("--bot", "nobody")
    assert result.exit_code == 2 and "--bot:" in result.output
