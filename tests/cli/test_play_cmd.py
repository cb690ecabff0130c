"""``euchre play``, driven through its standard input as a player at a terminal would."""

from __future__ import annotations

import json
import os
import random
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
from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.view import SeatView
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.bots.rule import RuleBot
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
    assert "  1) passes\n  2) picks it up\n  3) picks it up alone\n" in text  # the dealer
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
    assert hints and hints[0].startswith("Hint: pimc's choice: 1) passes (your side's net points")
    assert "orders up " in hints[0]  # every option it weighed, with its value
    assert any("plays" not in h and "♦" in h for h in hints[1:])  # cards, by their symbols


def test_a_hint_past_the_search_budget_says_it_is_the_rule_bots_choice() -> None:
    """A double deck's bidding passes any small budget: the hint names the rule
    bot's choice and says it was not searched."""
    result = run("--variant", "double-deck-bid", "--seed", "1", "--seat", "N", "--hint",
                 "--hint-budget", "1000", "--no-analysis", stdin="q\n")
    hints = [line for line in result.stdout.splitlines() if line.startswith("Hint: ")]
    assert hints[0].startswith("Hint: the rule bot's choice: "), result.output
    assert hints[0].endswith("(not searched: pimc searches only with at most 7 tricks to play)")


def test_a_hint_past_the_budget_says_so() -> None:
    """Within pimc's horizon, a search past a tiny budget: the hint says so."""
    rules = load_variant("double-deck-bid")
    game = Machine(rules, dealer=0)
    game.deal_random(random.Random(3))
    rule = RuleBot(rules, random.Random(0))
    while len(game.trick_winners) < 6 or len(game.legal_actions()) < 2:
        game.apply(rule.act(SeatView(game, game.to_act), game.legal_actions()))
    session = play_cmd.PlaySession(rules, "double-deck-bid", game.to_act, "rule", 0, True,
                                   False, False, lambda: "q", hint_budget=1)
    session.game = game
    hint = session.hint(list(game.legal_actions()))
    assert hint.endswith("(not searched: pimc's search would need more than its budget "
                         "of 1 positions here)"), hint


def test_any_variant_and_bad_options() -> None:
    result = run("--variant", "buck", "--seed", "1", "--hands", "1", "--seat", "s")
    assert result.exit_code == 0, result.output
    assert "Buck" in result.stdout and "you are S" in result.stdout
    result = run("--seat", "X")
    assert result.exit_code == 2 and "standard has the seats N, E, S, W, not 'X'" in result.output
    result = run("--bot", "nobody")
    assert result.exit_code == 2 and "--bot:" in result.output


# ---------------------------------------------------------------- the table's manners
CARD = r"(?:10|[2-9JQKA])[♣♦♥♠]"


def _menus(text: str) -> list[tuple[list[str], list[str]]]:
    """Each card menu with the hand last shown before it: (hand, menu's cards)."""
    out: list[tuple[list[str], list[str]]] = []
    hand: list[str] = []
    menu: list[str] = []
    for line in text.splitlines():
        if line.startswith("Your hand: "):
            hand = line[len("Your hand: "):].split()
        m = re.match(rf"  \d+\) (?:plays|discards) ({CARD})$", line)
        if m:
            menu.append(m.group(1))
        elif menu:
            out.append((hand, menu))
            menu = []
    return out


def test_the_menu_follows_the_hands_order() -> None:
    # the dealer's discard and every card menu of three hands, at two seats
    for seat in ("N", "E"):
        result = run("--seed", "8", "--hands", "3", "--seat", seat, "--no-analysis",
                     stdin="2\n" + "1\n" * 80)
        menus = _menus(result.stdout)
        assert len(menus) >= 6, result.stdout
        for hand, menu in menus:
            assert menu == [c for c in hand if c in menu], (hand, menu)


def test_the_hint_names_the_menus_number() -> None:
    result = run("--seed", "3", "--hands", "1", "--hint", "--no-analysis")
    lines = result.stdout.splitlines()
    hints = [i for i, line in enumerate(lines) if line.startswith("Hint: pimc's choice: ")]
    assert len(hints) >= 3
    for i in hints:
        m = re.match(r"Hint: pimc's choice: (\d+)\) (\S+(?: \S+)*?) \(", lines[i])
        assert m, lines[i]
        menu = {int(x.group(1)): x.group(2) for x in
                (re.match(r"  (\d+)\) (.*)$", line) for line in lines[i + 1:i + 8]) if x}
        assert menu[int(m.group(1))].endswith(m.group(2)), (lines[i], menu)


def test_a_move_with_one_legal_choice_is_made_and_said_unless_confirm() -> None:
    result = run("--seed", "3", "--hands", "1", "--no-analysis")
    assert "Your only choice: plays Q♦ (made for you; --confirm asks)\n  N plays Q♦\n" in \
        result.stdout
    asked = run("--seed", "3", "--hands", "1", "--no-analysis", "--confirm")
    assert "Your only choice" not in asked.stdout
    assert "  1) plays Q♦\nYour choice (1-1): " in asked.stdout
    # the same game either way: --confirm only asks the obvious
    assert asked.stdout.count("Result: ") == result.stdout.count("Result: ") == 1
    assert asked.stdout.split("Result: ")[1] == result.stdout.split("Result: ")[1]


def test_the_dealer_picks_it_up() -> None:
    # N deals hand 1 (seed 3): its menu says "picks it up"; E deals hand 2 and takes it
    result = run("--seed", "3", "--hands", "2", "--no-analysis")
    assert "  1) passes\n  2) picks it up\n  3) picks it up alone\n" in result.stdout
    assert "  E picks it up\n" in result.stdout
    assert "N orders up" not in result.stdout


def test_the_end_says_who_won_and_the_final_score() -> None:
    result = run("--seed", "3", "--no-analysis", stdin="1\n" * 400)
    assert result.exit_code == 0, result.output
    last = result.stdout.rstrip().splitlines()[-1]
    m = re.match(r"Game over after (\d+) hands: (N\+S|E\+W) won, you (won|lost) · "
                 r"final score N\+S (\d+), E\+W (\d+)$", last)
    assert m, last
    results = re.findall(r"^Result: .* score N\+S (\d+), E\+W (\d+)$", result.stdout, re.M)
    assert int(m.group(1)) == len(results)
    assert results[-1] == (m.group(4), m.group(5))
    winner = "N+S" if int(m.group(4)) > int(m.group(5)) else "E+W"
    assert m.group(2) == winner and (m.group(3) == "won") == (winner == "N+S")
    stopped = run("--seed", "3", "--hands", "1", "--no-analysis")
    assert stopped.stdout.rstrip().splitlines()[-1] == \
        "Score after 1 hand: N+S 0, E+W 2 (the game is not over)"


def test_the_verdict_writes_cards_as_the_screen_does() -> None:
    result = run("--seed", "1", "--hands", "3", stdin="1\n" * 80)
    verdict = [line for line in result.stdout.splitlines() if re.match(r"  trick \d: ", line)]
    assert verdict, result.stdout
    for line in verdict:
        assert re.fullmatch(rf"  trick \d: N played {CARD}, losing .* better: {CARD}(, {CARD})*",
                            line), line

# ------------------------------------------------ every way out saves (issue 36)
ROOT = Path(__file__).parents[2]
PROMPT = re.compile(rb"Your choice \(1-(\d+)\): $")


def _interruptible() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Session:
    """``euchre play`` in a process of its own, answered through a pipe as a player
    at a terminal would, so that it can be sent signals."""

    def __init__(self, out: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "cli", "play", "--seed", "2", "--bot", "random",
             "--no-analysis", "-o", str(out)],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"},
            # Ctrl-C reaches it as at a terminal: a shell's background job (a test run
            # started with '&') ignores SIGINT, and a child started so would too
            preexec_fn=_interruptible)
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

    def end(self, exit_first: bool = False) -> tuple[int, str, str]:
        """The session's exit code and output.  ``exit_first``: wait for it to exit
        before closing its standard input (``communicate`` closes it at once), so that a
        signal just sent is what ends it, not the end of its input -- under load the
        closed input could be read before the signal was handled."""
        if exit_first:
            self.proc.wait(timeout=60)
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
    code, stdout, stderr = session.end(exit_first=True)
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
    table_class = sys.modules[command.callback.__module__].PlaySession

    def failing_step(self: play_cmd.PlaySession) -> None:
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

    table = play_cmd.PlaySession(rules, "bid-euchre", 0, "rule", 4, False, False, False, read)
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
