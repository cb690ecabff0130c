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
    assert code == 2 and f"the folder {tmp_path / 'missing'} does not exist" in stderr


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


def test_a_line_up_given_to_bot_points_to_bots() -> None:
    code, _, stderr = run("-n", "2", "--bot", "pimc,rule")
    assert code == 2
    assert stderr.strip() == (
        "euchre simulate: --bot: 'pimc,rule' is a line-up, but --bot seats one bot at every "
        "place: name one bot per seat, in seat order, with --bots (standard seats 4)")
    code, _, stderr = run("-n", "2", "--bot", "pimc,nosuch")  # not a line-up of bots
    assert code == 2 and "unknown bot 'pimc,nosuch'" in stderr


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


def test_situations_of_a_variant_played_as_matches_are_one_hand_each(tmp_path: Path) -> None:
    # railroad carries laps and slams from game to game; its one-hand situations are no
    # match (none of them ends): the runner once asked the match to end an unfinished game
    out = tmp_path / "r.jsonl"
    code, _, stderr = run("-v", "railroad", "-n", "3", "--where", "aces(N) >= 1",
                          "-o", str(out))
    assert code == 0, stderr
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [len(r["hands"]) for r in records] == [1, 1, 1]
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
    args = ["simulate", "-n", "1500", "-s", "31", "--bot", "random", "--no-progress"]
    assert _euchre(*args, "-o", str(whole)).returncode == 0
    partial = tmp_path / "cut.jsonl.partial"
    cut.write_bytes(b"the old contents\n")
    proc = subprocess.Popen([sys.executable, "-m", "cli", *args, "-o", str(cut)], env=ENV,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while (not partial.exists() or partial.stat().st_size == 0) and \
            time.monotonic() < deadline:
        time.sleep(0.005)
    time.sleep(random.uniform(0, 0.3))
    proc.send_signal(signal.SIGKILL)  # at a random moment: perhaps mid-record
    proc.wait()
    if proc.returncode != 0:  # killed: the target as it was, the records so far beside it
        assert cut.read_bytes() == b"the old contents\n"
        assert len(partial.read_bytes()) < len(whole.read_bytes())
        assert whole.read_bytes().startswith(partial.read_bytes().rpartition(b"\n")[0])
    done = _euchre(*args, "-o", str(cut), "--resume")
    assert done.returncode == 0, done.stderr
    assert cut.read_bytes() == whole.read_bytes()
    assert not partial.exists()


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # gone meanwhile
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_a_worker_process_killed_mid_run_is_one_line_and_the_run_resumes(
        tmp_path: Path) -> None:
    """A worker of --workers killed (as the kernel kills a process out of memory): one
    line, exit 2, never a traceback; the records so far are kept and --resume finishes
    them to the bytes of a run in one process."""
    whole, out = tmp_path / "whole.jsonl", tmp_path / "out.jsonl"
    partial = tmp_path / "out.jsonl.partial"
    args = ["simulate", "-n", "20000", "-s", "8", "--bot", "random", "--no-progress"]
    assert _euchre(*args, "-o", str(whole)).returncode == 0
    out.write_bytes(b"old\n")
    proc = subprocess.Popen([sys.executable, "-m", "cli", *args, "--workers", "2", "-o",
                             str(out)], env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while (not partial.exists() or partial.stat().st_size == 0) and \
            time.monotonic() < deadline:
        time.sleep(0.005)
    workers = _children(proc.pid)
    assert workers, "the run has no worker processes"
    os.kill(workers[0], signal.SIGKILL)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 2, err
    lines = err.decode().strip().splitlines()
    assert lines[0] == "euchre simulate: a worker process died (out of memory?)"
    assert "out.jsonl is unchanged" in lines[1] and "--resume" in lines[1]
    assert b"Traceback" not in err and out.read_bytes() == b"old\n"
    assert whole.read_bytes().startswith(partial.read_bytes().rpartition(b"\n")[0])
    done = _euchre(*args, "--workers", "2", "-o", str(out), "--resume")
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == whole.read_bytes() and not partial.exists()


def _hear_interrupts() -> None:
    """In the child: Ctrl-C back at its default.  A shell without job control starts
    a background job (``.ci/run &``) with SIGINT ignored, every process below it
    inherits that, and Python then leaves SIGINT ignored (as it should): the run
    would never hear the test's interrupt and would finish normally."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_an_interrupted_run_leaves_the_target_and_resumes_to_the_same_bytes(
        tmp_path: Path) -> None:
    """Issue 27, finding 19: Ctrl-C leaves the old file as it was, says where the
    records so far are, and --resume finishes them."""
    whole, out = tmp_path / "whole.jsonl", tmp_path / "out.jsonl"
    partial = tmp_path / "out.jsonl.partial"
    args = ["simulate", "-n", "3000", "-s", "5", "--bot", "random", "--no-progress"]
    assert _euchre(*args, "-o", str(whole)).returncode == 0
    out.write_bytes(b"old\n")
    proc = subprocess.Popen([sys.executable, "-m", "cli", *args, "-o", str(out)], env=ENV,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=_hear_interrupts)
    deadline = time.monotonic() + 120
    while (not partial.exists() or partial.stat().st_size == 0) and \
            time.monotonic() < deadline:
        time.sleep(0.005)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 1, err
    assert out.read_bytes() == b"old\n"
    assert b"out.jsonl is unchanged" in err and b"--resume" in err and b"Traceback" not in err
    assert whole.read_bytes().startswith(partial.read_bytes().rpartition(b"\n")[0])
    kept = partial.read_bytes()
    done = _euchre(*args, "-o", str(out), "--resume")
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == whole.read_bytes() and not partial.exists()
    partial.write_bytes(kept)  # left again; a run without --resume says it drops them
    code, _, stderr = run("-n", "2", "-o", str(out))
    assert code == 0 and "are dropped (--resume would have continued them)" in stderr
    assert len(out.read_bytes().splitlines()) == 2 and not partial.exists()


#: a variant whose games cannot end within the simulator's 10,000 hands
FAR = "id: far\nextends: standard\ngame: {target: 1000000}\n"


def test_a_failed_run_leaves_the_old_file_and_no_partial(tmp_path: Path) -> None:
    """Issue 27, finding 19: a variant that never ends fails the run; the target was
    not truncated at the start and is untouched at the end."""
    variant = tmp_path / "far.yaml"
    variant.write_text(FAR)
    out = tmp_path / "g.jsonl"
    out.write_bytes(b"old\n")
    code, _, stderr = run("--variant", str(variant), "-n", "2", "-o", str(out))
    assert code == 1 and "not finished" in stderr
    assert out.read_bytes() == b"old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["far.yaml", "g.jsonl"]


def test_a_full_disk_mid_run_leaves_the_old_file(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27, finding 19: a write that fails half-way (ENOSPC) is a clear error and
    the target keeps its old bytes."""
    import errno

    import euchre_dsl.io_safety as io_safety
    out = tmp_path / "g.jsonl"
    out.write_bytes(b"old\n")
    real_write = os.write

    def full(fd: int, data: Any) -> int:
        if len(data) > 100:
            real_write(fd, bytes(data[:100]))
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)
    monkeypatch.setattr(io_safety.os, "write", full)
    code, _, stderr = run("-n", "5", "-o", str(out))
    assert code == 2 and "No space left on device" in stderr and "unchanged" in stderr
    assert out.read_bytes() == b"old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["g.jsonl"]


def test_a_second_writer_of_the_same_file_is_refused(tmp_path: Path) -> None:
    """Issue 27, finding 20: while one run writes FILE, another is refused (exit 2)
    instead of interleaving; FILE is left as it was."""
    from euchre_dsl.io_safety import PartialOutput
    out = tmp_path / "same.jsonl"
    out.write_bytes(b"old\n")
    first = PartialOutput(str(out))  # a run in progress holds the lock
    try:
        code, _, stderr = run("-n", "2", "-o", str(out))
        assert code == 2 and "being written by another command" in stderr
        assert out.read_bytes() == b"old\n"
    finally:
        first.abandon(keep=False)
    assert run("-n", "2", "-o", str(out))[0] == 0  # the lock went with its holder


def test_two_concurrent_writers_never_break_the_file(tmp_path: Path) -> None:
    """Issue 27, finding 20: two simulate -o same.jsonl at once: each either finishes
    or is refused; the file is always the whole output of one run."""
    out = tmp_path / "same.jsonl"
    args = [sys.executable, "-m", "cli", "simulate", "-n", "300", "-s", "4", "--bot", "random", "--no-progress",
            "-o", str(out)]
    procs = [subprocess.Popen(args, env=ENV, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE) for _ in range(2)]
    results = [(p.wait(timeout=300), p.stderr.read()) for p in procs if p.stderr]
    assert sorted(code for code, _ in results)[0] == 0
    for code, err in results:
        assert code == 0 or (code == 2 and b"being written by another" in err), err
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 300 and all(json.loads(line)["format"] == "ehh/1" for line in lines)
    assert [p.name for p in tmp_path.iterdir()] == ["same.jsonl"]


def test_resume_never_leaves_a_partial_line_nor_erases_silently(tmp_path: Path) -> None:
    """Issue 27, finding 21: --games equal to the whole records present with a partial
    line after them, or a file that is not this run's start, is refused and kept."""
    whole = tmp_path / "whole.jsonl"
    assert run("-n", "4", "-s", "9", "-o", str(whole))[0] == 0
    data = whole.read_bytes()
    lines = data.splitlines(keepends=True)
    out = tmp_path / "g.jsonl"
    out.write_bytes(b"".join(lines[:3]) + lines[3][:40])  # 3 whole records, part of one
    code, _, stderr = run("-n", "3", "-s", "9", "-o", str(out), "--resume")
    assert code == 2 and "3 whole records" in stderr
    assert out.read_bytes() == b"".join(lines[:3]) + lines[3][:40]
    code, _, _ = run("-n", "4", "-s", "9", "-o", str(out), "--resume")  # finished
    assert code == 0 and out.read_bytes() == data
    out.write_bytes(b"my notes, no newline")  # not the start of record 1: refused
    code, _, stderr = run("-n", "4", "-s", "9", "-o", str(out), "--resume")
    assert code == 2 and "not the start of record 1" in stderr
    assert out.read_bytes() == b"my notes, no newline"
    out.write_bytes(lines[0][:30])  # the start of record 1 with no newline: carried on
    assert run("-n", "4", "-s", "9", "-o", str(out), "--resume")[0] == 0
    assert out.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.jsonl", "whole.jsonl"]


def test_the_output_may_not_be_the_variant_file(tmp_path: Path) -> None:
    """Issue 27, finding 22: -o naming the --variant file is refused, the file kept."""
    variant = tmp_path / "v.yaml"
    variant.write_text("id: v\nextends: standard\n")
    code, _, stderr = run("--variant", str(variant), "-n", "1", "-o", str(variant))
    assert code == 2 and "is also an input" in stderr
    assert variant.read_text() == "id: v\nextends: standard\n"


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
#: statistics, with one worker or two.  The summary of dirty-clubs-5 was taken anew when the
#: summary gained its table by the winning bid (the output file's bytes are the old ones).
CLI_GOLDEN = {
    "standard": ("40416e6e0b93c809060b98feda4c04fe768034cdd8fb7d3cfe75a67e79b7eecd",
                 "1fe6ab47a4494a2b4ff9ce490fdebccb1890035567b1f4872a2b22718926b5d2"),
    "railroad": ("ec17a0dead4800c4fb211f7207b5a1958f665b4fcb3bd080ca9c84970732be98",
                 "3119d3a9a0dc1574e7d4bae2f3c817c6a37e6875cccbf5762ff8f15ac3b13102"),
    "dirty-clubs-5": ("4eb210bdc454709b75259a19960702f48ef6c5a3006ecf6e441de6e60dd119a6",
                      "657097c2c7ab09cada9f8f23706d3894dd009515852f4a45fc4c5109704e3fbe"),
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
