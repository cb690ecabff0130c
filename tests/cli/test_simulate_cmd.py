"""``euchre simulate``: output, reproducibility, summary and errors."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import cli
import euchre_dsl
from cli.main import euchre
from euchre_dsl.limits import MAX_WORKERS

#: the subprocesses import the same euchre_dsl (source or installed) and cli as the tests
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(
    p for p in (str(Path(euchre_dsl.__file__).resolve().parents[1]),
                str(Path(cli.__file__).resolve().parents[1]), os.environ.get("PYTHONPATH"))
    if p)}


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(euchre, ["simulate", *args])
    return result.exit_code, result.stdout, result.stderr


def test_writes_json_lines_that_validate(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    code, stdout, _ = run("--variant", "standard", "--games", "5", "--seed", "3", "-o", str(out))
    assert code == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5
    records = [json.loads(line) for line in lines]
    assert all(r["format"] == "ehh/1" and r["variant"] == "standard" for r in records)
    assert [r["meta"]["game"] for r in records] == [0, 1, 2, 3, 4]
    result = CliRunner().invoke(euchre, ["validate", str(out)])
    assert result.exit_code == 0, result.output
    assert "games 5" in stdout and "Standard euchre" in stdout


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    run("--variant", "buck", "-n", "4", "-s", "11", "-o", str(a))
    run("--variant", "buck", "-n", "4", "-s", "11", "-o", str(b), "--progress")
    run("--variant", "buck", "-n", "4", "-s", "12", "-o", str(c))
    assert a.read_bytes() == b.read_bytes()
    assert a.read_bytes() != c.read_bytes()


def test_records_to_stdout_summary_to_stderr() -> None:
    code, stdout, stderr = run("-n", "2", "-s", "1", "-o", "-")
    assert code == 0
    assert len(stdout.splitlines()) == 2 and all(json.loads(x) for x in stdout.splitlines())
    assert "games 2" in stderr


def test_without_output_only_the_summary() -> None:
    code, stdout, _ = run("--variant", "dirty-clubs", "-n", "3")
    assert code == 0
    assert stdout.startswith("Dirty Clubs (dirty-clubs), seed 0, rule bots")  # the default
    assert "points:" in stdout and "games won:" in stdout


def test_the_default_bot_plays_a_game_a_euchre_player_trusts() -> None:
    """``euchre simulate`` without ``--bot`` seats the rule bot: makers make it at least
    70% of the time (random play: 27%, which reads as a broken engine)."""
    code, stdout, _ = run("--games", "200", "--summary", "json")
    assert code == 0
    summary = json.loads(stdout)
    assert summary["bots"] == ["rule"] * 4
    made = summary["summary"]["contracts"]["made"]
    assert made["of"] > 1000 and made["value"] >= 0.70


def test_a_variant_file_is_written_inline(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: standard\ngame: {target: 5}\n", encoding="utf-8")
    out = tmp_path / "g.jsonl"
    code, _, _ = run("--variant", str(house), "-n", "2", "-o", str(out))
    assert code == 0
    record = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert record["variant"]["game"]["target"] == 5
    # the inline variant makes the file self-contained: it validates anywhere
    assert CliRunner().invoke(euchre, ["validate", str(out)]).exit_code == 0


def test_unknown_variant_is_a_usage_error() -> None:
    code, _, stderr = run("--variant", "standrad")
    assert code == 2
    assert "--variant: error[unknown-variant]: unknown variant 'standrad'" in stderr
    assert "standard" in stderr


def test_invalid_variant_file_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: standard\ngame: {targett: 5}\n", encoding="utf-8")
    code, _, stderr = run("--variant", str(bad))
    assert code == 1
    assert f"{bad}:2:8: error[invalid-variant]" in stderr and "did you mean 'target'" in stderr


def test_bad_numbers_are_usage_errors() -> None:
    assert run("--games", "0")[0] == 2
    assert run("--seed", "-1")[0] == 2


def test_unwritable_output_is_a_usage_error(tmp_path: Path) -> None:
    code, _, stderr = run("-n", "1", "-o", str(tmp_path / "missing" / "x.jsonl"))
    assert code == 2 and "cannot write" in stderr


def test_a_game_that_cannot_end_is_reported_not_a_crash(tmp_path: Path) -> None:
    endless = tmp_path / "endless.yaml"
    endless.write_text("extends: standard\ngame:\n  target: 1000000000000\n", encoding="utf-8")
    code, _, stderr = run("--variant", str(endless), "--games", "1")
    assert code == 1
    assert "not finished after 10000 hands of endless" in stderr
    assert "game.target is 1000000000000" in stderr


# ---------------------------------------------------------------- runs (issue 11)
def test_the_same_bytes_for_one_and_two_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "1.jsonl", tmp_path / "2.jsonl"
    assert run("-n", "130", "-s", "4", "-o", str(one))[0] == 0
    code, stdout, _ = run("-n", "130", "-s", "4", "-o", str(two), "--workers", "2")
    assert code == 0 and "games 130" in stdout
    assert one.read_bytes() == two.read_bytes()


def test_summary_json_has_intervals() -> None:
    code, stdout, _ = run("-n", "20", "-s", "2", "--summary", "json")
    assert code == 0
    summary = json.loads(stdout)["summary"]
    made = summary["contracts"]["made"]
    assert made["low"] <= made["value"] <= made["high"]
    assert set(summary["seat_points_per_hand"]) == {"seat 1", "seat 2", "seat 3", "dealer"}
    assert "first round" in summary["by_round"]


def test_bots_are_given_per_seat() -> None:
    code, stdout, _ = run("-n", "2", "--bots", "random,random,random,random")
    assert code == 0 and "random,random,random,random bots" in stdout
    code, _, stderr = run("-n", "2", "--bots", "random,random")
    assert code == 2 and "seats 4 players, 2 bots given" in stderr
    code, _, stderr = run("-n", "2", "--bot", "nosuch")
    assert code == 2 and "unknown bot 'nosuch'" in stderr


def test_constrained_deals_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "c.jsonl"
    code, _, _ = run("-n", "6", "--dealer", "W", "--hand", "S=JH,JD", "--upcard", "9H",
                     "--where", "trumps(E, upcard) >= 2", "-o", str(out))
    assert code == 0
    for line in out.read_text(encoding="utf-8").splitlines():
        hand = json.loads(line)["hands"][0]
        assert hand["dealer"] == "W" and hand["deal"]["upcard"] == "9H"
        assert {"JH", "JD"} <= set(hand["deal"]["hands"]["S"])
    assert CliRunner().invoke(euchre, ["validate", str(out)]).exit_code == 0


def test_bad_deal_options_are_usage_errors() -> None:
    code, _, stderr = run("--where", "trumps(S, upcard) >=")
    assert code == 2 and "--where:1:21: error[bad-where]" in stderr
    code, _, stderr = run("--hand", "S=JH,XX")
    assert code == 2 and "--hand S=JH,XX" in stderr and "'XX'" in stderr
    code, _, stderr = run("--hand", "Q=JH")
    assert code == 2 and "'Q' is not a seat" in stderr
    code, _, stderr = run("--start-scores", "1,2,3")
    assert code == 2 and "2 sides, 3 scores given" in stderr
    code, _, stderr = run("-n", "1", "--where", "holds(N, JH) and holds(S, JH)")
    assert code == 2 and "100,000 tries" in stderr


def test_empty_output_name_is_a_usage_error() -> None:
    code, _, stderr = run("-n", "1", "-o", "")
    assert code == 2 and "needs a file name" in stderr


def test_an_unknown_parent_exits_1_as_validate_does(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: nosuch\n", encoding="utf-8")
    code, _, stderr = run("--variant", str(house), "-n", "1")
    assert code == 1 and "unknown parent variant 'nosuch'" in stderr


def _euchre(*args: str, stdout: Any = subprocess.PIPE) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "cli", *args], stdout=stdout,
                          stderr=subprocess.PIPE, env=ENV, timeout=600, check=False)


@pytest.mark.parametrize("to_stdout", [False, True])
def test_a_full_disk_is_a_clear_error_not_a_traceback(to_stdout: bool) -> None:
    if to_stdout:
        with open("/dev/full", "w", encoding="utf-8") as full:
            done = _euchre("simulate", "-n", "3", "-o", "-", stdout=full)
    else:
        done = _euchre("simulate", "-n", "3", "-o", "/dev/full")
    err = done.stderr.decode()
    assert done.returncode == 2
    assert "No space left on device" in err and "Traceback" not in err


def test_resume_after_a_kill_gives_the_bytes_of_an_uninterrupted_run(tmp_path: Path) -> None:
    whole, cut = tmp_path / "whole.jsonl", tmp_path / "cut.jsonl"
    args = ["simulate", "-n", "1500", "-s", "31", "--no-progress"]
    assert _euchre(*args, "-o", str(whole)).returncode == 0
    proc = subprocess.Popen([sys.executable, "-m", "cli", *args, "-o", str(cut)], env=ENV,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while (not cut.exists() or cut.stat().st_size == 0) and time.monotonic() < deadline:
        time.sleep(0.005)
    time.sleep(random.uniform(0, 0.3))
    proc.send_signal(signal.SIGKILL)  # at a random moment: perhaps mid-record
    proc.wait()
    assert len(cut.read_bytes()) < len(whole.read_bytes()) or proc.returncode == 0
    assert whole.read_bytes().startswith(cut.read_bytes().rpartition(b"\n")[0])
    done = _euchre(*args, "-o", str(cut), "--resume")
    assert done.returncode == 0, done.stderr
    assert cut.read_bytes() == whole.read_bytes()


def test_resume_refuses_a_file_of_another_run(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    assert run("-n", "3", "-s", "1", "-o", str(out))[0] == 0
    before = out.read_bytes()
    code, _, stderr = run("-n", "5", "-s", "2", "-o", str(out), "--resume")
    assert code == 2 and "record 1 is not the one this command writes" in stderr
    assert out.read_bytes() == before
    code, _, _ = run("-n", "5", "-s", "1", "-o", str(out), "--resume")
    assert code == 0 and len(out.read_text(encoding="utf-8").splitlines()) == 5


#: sha256 of the ``--output`` file and of the summary of ``euchre simulate -v VARIANT -n 130
#: -s 7 --bot random`` (two batches), taken from commit 42f481f, before the simulator's speed
#: work (when random was the default bot): a seed gives the same bytes, and the same
#: statistics, with one worker or two.
CLI_GOLDEN = {
    "standard": ("40416e6e0b93c809060b98feda4c04fe768034cdd8fb7d3cfe75a67e79b7eecd",
                 "1fe6ab47a4494a2b4ff9ce490fdebccb1890035567b1f4872a2b22718926b5d2"),
    "railroad": ("ec17a0dead4800c4fb211f7207b5a1958f665b4fcb3bd080ca9c84970732be98",
                 "3119d3a9a0dc1574e7d4bae2f3c817c6a37e6875cccbf5762ff8f15ac3b13102"),
    "dirty-clubs-5": ("4eb210bdc454709b75259a19960702f48ef6c5a3006ecf6e441de6e60dd119a6",
                      "8e903aef11320638b9f3cfd0fdc3c70981afc938bb4fe527565d2f42b3bb7e59"),
}


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("variant", sorted(CLI_GOLDEN))
def test_a_seed_keeps_its_bytes(tmp_path: Path, variant: str, workers: str) -> None:
    out = tmp_path / "games.jsonl"
    code, stdout, _ = run("-v", variant, "-n", "130", "-s", "7", "--bot", "random",
                          "--workers", workers, "-o", str(out))
    assert code == 0
    assert (hashlib.sha256(out.read_bytes()).hexdigest(),
            hashlib.sha256(stdout.encode()).hexdigest()) == CLI_GOLDEN[variant]


@pytest.mark.parametrize("args", [
    ["simulate", "--games", "2"], ["compare", "standard", "openspiel", "--games", "2"],
    ["analyze", str(Path(__file__).parents[2] / "samples" / "standard-game.json")],
])
def test_workers_past_the_limit_are_a_usage_error(args: list[str]) -> None:
    """Issue 27, finding 7: --workers 2147483647 raised OverflowError in the pool."""
    result = CliRunner().invoke(euchre, [*args, "--workers", "2147483647"])
    assert result.exit_code == 2, result.output
    assert f"2147483647 is not in the range 1<=x<={MAX_WORKERS}" in result.stderr


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_plug_in_bot_that_exits_is_an_error_not_a_quiet_success(tmp_path: Path,
                                                                   workers: str) -> None:
    """Issue 27, finding 9: sys.exit(0) in a bot ended simulate with status 0, no
    summary and an empty output file."""
    result = CliRunner().invoke(euchre, ["simulate", "--games", "150", "--workers", workers,
                                         "--bots", "random,hostile_bots:Exits,random,random",
                                         "-o", str(tmp_path / "games.jsonl")])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("euchre simulate: bot 'hostile_bots:Exits' at seat E, "
                                    "choosing among ")
    assert "called sys.exit(0)" in result.stderr and result.stdout == ""
