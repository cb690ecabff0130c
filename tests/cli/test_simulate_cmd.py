"""``euchre simulate``: output, reproducibility, summary and errors."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli.main import euchre


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
    assert stdout.startswith("Dirty Clubs (dirty-clubs), seed 0, random bots")
    assert "points:" in stdout and "games won:" in stdout


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
