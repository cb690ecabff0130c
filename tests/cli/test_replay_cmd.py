"""``euchre replay``: a game in the terminal (colour only on request or a terminal), one
player's view, a web page; exit codes 0/1/2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cli.main import euchre

ROOT = Path(__file__).parents[2]
BROKEN = ROOT / "tests" / "validate" / "broken"
# Seeded random games (tests/fixtures/random-games, the samples before issue 25): absurd
# bids, loners and euchres at known places, which the renderer's checks below rely on.
SAMPLES = ROOT / "tests" / "fixtures" / "random-games"
ANSI = "\x1b["


def run(*args: str, stdin: str | None = None, color: bool = False) -> Result:
    return CliRunner().invoke(euchre, ["replay", *args], input=stdin, color=color)


def test_a_hand_in_the_terminal() -> None:
    result = run(str(SAMPLES / "standard-game.json"), "--hand", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Game 1 · Standard euchre · N E S W"
    assert lines[2] == "Hand 1 · dealer S · upcard K♣"
    assert "Bidding  round 1: W orders up alone · S discards 10♥" in lines
    assert lines[-1].startswith("Result   euchred · N+S +2, E+W 0 · score N+S 2, E+W 0")
    assert sum(line.startswith("Trick ") for line in lines) == 5
    assert ANSI not in result.stdout  # not a terminal: no colour


def test_colours_on_a_terminal_and_none_with_no_color() -> None:
    path = str(SAMPLES / "standard-game.json")
    coloured = run(path, "--hand", "1", color=True).stdout
    assert "\x1b[31mK♥" in coloured  # red suits in red
    assert ANSI in coloured.split("K♠")[0][-12:]  # black suits styled too
    assert ANSI not in run(path, "--hand", "1", "--no-color", color=True).stdout


def test_a_players_view_hides_the_other_hands() -> None:
    result = run(str(SAMPLES / "standard-game.json"), "--hand", "2", "--from-view", "E")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("Hand 2")))
    table = lines[start + 1:start + 4]
    assert "E  K♠ Q♥ 9♥ J♦ 9♣" in table[1] and table[1].count("??") == 5
    assert table[0].endswith("N  ?? ?? ?? ?? ??")
    assert "W discards a card" in result.stdout


def test_records_of_a_text_file_and_of_standard_input(tmp_path: Path) -> None:
    text = (BROKEN / "records.ehh").read_text()
    result = run(str(BROKEN / "records.ehh"), "--record", "2", "--hand", "1")
    assert result.exit_code == 1  # the record has a renege: shown where it happens
    assert "! error [renege] hand 1: W reneged in trick 1" in result.stdout
    assert run("-", "--record", "2", "--hand", "1", stdin=text).stdout == result.stdout


def test_usage_errors_exit_2() -> None:
    path = str(SAMPLES / "standard-game.json")
    assert run(path, "--record", "2").exit_code == 2
    assert run(path, "--hand", "99").exit_code == 2
    result = run(path, "--from-view", "X")
    assert result.exit_code == 2 and "'X' is not a seat" in result.output
    assert run(str(ROOT / "no-such-file.json")).exit_code == 2


def test_records_that_cannot_be_replayed_exit_1() -> None:
    result = run(str(BROKEN / "syntax-trailing-comma.json"))
    assert result.exit_code == 1 and "error[syntax]" in result.output
    result = run(str(BROKEN / "unknown-variant.ehh"))
    assert result.exit_code == 1 and "error[unknown-variant]" in result.output


def test_the_web_page_is_written(tmp_path: Path) -> None:
    out = tmp_path / "game.html"
    result = run(str(BROKEN / "renege.ehh"), "--html", str(out))
    assert result.exit_code == 1  # the record's renege, marked on the page
    page = out.read_text(encoding="utf-8")
    data = json.loads(page.split('<script id="data" type="application/json">')[1]
                      .split("</script>")[0])
    frames = data["hands"][0]["frames"]
    assert [f["problems"][0]["code"] for f in frames if f["problems"]] == ["renege"]
    assert "wrote" in result.stderr


def test_the_web_page_goes_to_standard_output_for_a_dash(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(str(SAMPLES / "standard-game.json"), "--html", "-")
    assert result.exit_code == 0
    assert "<html" in result.stdout[:200] and result.stdout.rstrip().endswith("</html>")
    assert not (tmp_path / "-").exists()  # not a file named '-'


def test_a_file_without_games_says_so(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    result = run(str(empty))
    assert result.exit_code == 2 and "empty.jsonl holds no game" in result.output
    result = run("-", stdin="")
    assert result.exit_code == 2 and "<stdin> holds no game" in result.output


def test_the_web_page_never_replaces_the_game_it_shows(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    text = (SAMPLES / "standard-game.json").read_text()
    game.write_text(text)
    result = run(str(game), "--html", str(tmp_path / "." / "game.json"))
    assert result.exit_code == 2 and "the page would replace the game" in result.output
    assert game.read_text() == text


def test_a_page_that_cannot_be_written_is_a_clear_error(tmp_path: Path) -> None:
    """Issue 9: the page is written atomically; a failure says so and exits 2."""
    sample = str(SAMPLES / "standard-game.ehh")
    result = CliRunner().invoke(euchre, ["replay", sample, "--html", "/dev/full"])
    assert result.exit_code == 2
    assert "euchre replay: cannot write /dev/full: No space left on device" in result.stderr
    missing = tmp_path / "no" / "page.html"  # refused before any work (tests/cli/test_common.py)
    result = CliRunner().invoke(euchre, ["replay", sample, "--html", str(missing)])
    assert result.exit_code == 2
    assert f"the folder {tmp_path / 'no'} does not exist: create it first" in result.stderr


def test_replay_opens_an_egn_file_with_its_annotations(tmp_path: Path) -> None:
    egn = Path(__file__).parent.parent / "interop" / "egn" / "VWEC Finals Annotated.egn"
    out = tmp_path / "vwec.html"
    result = run(str(egn), "--html", str(out))
    assert result.exit_code == 0, result.stderr
    page = out.read_text()
    assert "Pretty ambitious next call" in page and "alternative line (not replayed)" in page
    text = run(str(egn), "--hand", "2")
    assert text.exit_code == 0 and "Euchrazy1" in text.stdout
