"""``euchre play``, driven through its standard input as a player at a terminal would."""

from __future__ import annotations

import functools
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from cli import play_cmd
from cli.main import euchre
from euchre_dsl.cards import LOW_NO_TRUMP
from euchre_dsl.engine.actions import BID, CALL, GIVE
from euchre_dsl.history.validate import validate_path
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.bots.pimc import PimcBot

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


# ------------------------------------------------ every way out saves (issue 36)
ROOT = Path(__file__).parents[2]
PROMPT = re.compile(rb"Your choice \(1-(\d+)\): $")


class Session:
    """``euchre play`` in a process of its own, answered through a pipe as a player
    at a terminal would, so that it can be sent signals."""

    def __init__(self, out: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cli", "play", "--seed", "2", "--bot", "random",
             "--no-analysis", "-o", str(out)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"})
        self.seen = b""

    def prompt(self) -> None:
        """Read until the next question."""
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 60
        while not PROMPT.search(self.seen):
            assert time.monotonic() < deadline, self.seen[-500:]
            ready, _, _ = select.select([self.proc.stdout], [], [], 1.0)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                assert chunk, self.seen[-500:]  # the session ended before asking
                self.seen += chunk

    def answer(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.seen = self.seen.replace(b"Your choice", b"Answered", 1)
        self.proc.stdin.write(text.encode() + b"\n")
        self.proc.stdin.flush()

    def finish_hands(self, hands: int) -> None:
        """Answer 1 to everything until ``hands`` hands are over and the next asks."""
        while True:
            self.prompt()
            if self.seen.count(b"Result: ") >= hands:
                return
            self.answer("1")

    def end(self) -> tuple[int, str, str]:
        stdout, stderr = self.proc.communicate(timeout=60)
        return self.proc.returncode, (self.seen + stdout).decode(), stderr.decode()


def saved_hands(out: Path) -> int:
    assert validate_path(str(out)).errors == 0
    return len(json.loads(out.read_text(encoding="utf-8"))["hands"])


@pytest.mark.parametrize("signum,words", [(signal.SIGINT, "interrupted (Ctrl-C)"),
                                          (signal.SIGTERM, "stopped by SIGTERM"),
                                          (signal.SIGHUP, "stopped by SIGHUP")])
def test_a_signal_after_two_hands_saves_them(tmp_path: Path, signum: int, words: str) -> None:
    """Ctrl-C, a kill and a closed terminal saved nothing (a traceback, or no word)."""
    out = tmp_path / "game.json"
    session = Session(out)
    session.finish_hands(2)
    session.proc.send_signal(signum)
    code, stdout, stderr = session.end()
    assert code == 1, stderr
    assert f"euchre play: {words}; 2 hands finished" in stderr
    assert "Traceback" not in stderr
    assert f"saved 2 hands to {out}" in stdout
    assert saved_hands(out) == 2
    assert not [p for p in tmp_path.iterdir() if p.name != "game.json"]  # no temporary left


@pytest.mark.parametrize("answer", ["²", "٣", "9" * 4301, "1" * 7, "-1", "1.0", "0"])
def test_an_answer_that_is_no_number_on_the_menu_is_asked_again(tmp_path: Path,
                                                                 answer: str) -> None:
    """'²' and a number of 4,301 digits raised ValueError out of int(): a traceback, and
    the finished hands lost."""
    out = tmp_path / "game.json"
    session = Session(out)
    session.finish_hands(2)
    session.answer(answer)
    session.prompt()
    session.answer("q")
    code, stdout, stderr = session.end()
    assert code == 0, stderr
    assert "is not a choice: type a number from 1 to" in stdout
    assert "Traceback" not in stderr
    assert saved_hands(out) == 2


def test_an_error_mid_game_still_saves_the_finished_hands(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Every way out saves: a bot that fails in the third hand too."""
    out = tmp_path / "game.json"
    # the module the command runs (an installed build's euchre_dsl_cli.play_cmd)
    command = euchre.get_command(click.Context(euchre), "play")
    assert command is not None and command.callback is not None
    table_class = sys.modules[command.callback.__module__].Table

    def failing_step(self: play_cmd.Table) -> None:
        if len(self.hands) == 2:
            raise RuntimeError("a bot failed")
        original(self)

    original = table_class.step
    monkeypatch.setattr(table_class, "step", failing_step)
    result = run("--seed", "3", "--no-analysis", "-o", str(out))
    assert isinstance(result.exception, RuntimeError)
    assert saved_hands(out) == 2


def test_the_output_folder_is_checked_before_the_game(tmp_path: Path) -> None:
    result = run("--seed", "3", "-o", str(tmp_path / "no" / "game.json"))
    assert result.exit_code == 2
    assert f"the folder {tmp_path / 'no'} does not exist: create it first" in result.output
    assert "Hand 1" not in result.output


def test_a_low_no_trump_shoot_is_played_and_saved(tmp_path: Path) -> None:
    """Bid euchre: the player shoots in low no-trump; the partner (the rule bot) gives a
    card.  It read a table no low no-trump has (IndexError, issue 36)."""
    rules = load_variant("bid-euchre")
    answers: list[str] = []

    def read() -> str:
        legal = table.game.legal_actions()
        pick = next((i for i, a in enumerate(legal)
                     if a.verb == CALL and a.arg == LOW_NO_TRUMP and a.alone), None)
        if pick is None:
            bids = [i for i, a in enumerate(legal) if a.verb == BID]
            pick = max(bids, key=lambda i: legal[i].arg or 0) if bids else 0
        answers.append(str(pick + 1))
        return answers[-1] + "\n"

    table = play_cmd.Table(rules, "bid-euchre", 0, "rule", 4, False, False, False, read)
    for _ in range(6):
        table.play(len(table.hands) + 1)
        result = table.game.results[-1]
        if result.maker == 0 and result.trump == LOW_NO_TRUMP and result.alone:
            break
    else:
        raise AssertionError("the player never won the auction")
    gives = [a for a in table.game.hand_actions if a.verb == GIVE]
    assert len(gives) == 1 and gives[0].seat == 2  # the partner gave, then sat out
    out = tmp_path / "shoot.json"
    play_cmd.save(table.record(), str(out))
    assert validate_path(str(out)).errors == 0
