"""``euchre event``: schedule, simulate and standings; located problems and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from cli.main import euchre


def run(*args: str) -> Result:
    return CliRunner().invoke(euchre, ["event", *args])


def simulated(tmp_path: Path, players: int = 8) -> Path:
    out = tmp_path / "club.jsonl"
    result = run("simulate", "--players", str(players), "--seed", "1", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.stderr.strip() == f"wrote {players} records to {out}"
    return out


def test_help_names_the_subcommands() -> None:
    result = run("--help")
    assert result.exit_code == 0
    for word in ("schedule", "simulate", "standings", "progressive euchre"):
        assert word in result.output


def test_the_schedule_for_twelve_players() -> None:
    result = run("schedule", "--players", "12")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Round 1"
    assert lines[1] == "  table 1: N=P1  E=P2  S=P12  W=P11   (P1+P12 v P2+P11)"
    assert sum(line.startswith("  table") for line in lines) == 12
    assert sum(line.startswith("Round") for line in lines) == 4


def test_sizes_and_variants_that_cannot_be_seated_are_usage_errors() -> None:
    result = run("schedule", "--players", "10")
    assert result.exit_code == 2
    assert "--players: 10 players do not fill whole tables of 4" in result.output
    result = run("schedule", "--variant", "standard")
    assert result.exit_code == 2 and "standard is not an event variant" in result.output
    result = run("simulate", "--bots", "rule,nobot")
    assert result.exit_code == 2 and "--bots:" in result.output


def test_simulated_records_validate_and_give_standings(tmp_path: Path) -> None:
    path = simulated(tmp_path)
    assert CliRunner().invoke(euchre, ["validate", str(path)]).exit_code == 0
    result = run("standings", str(path))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["place", "player", "total", "R1", "R2", "R3", "R4", "won", "lone"]
    assert len([line for line in lines[1:9] if line.split()[1].startswith("P")]) == 8
    assert lines[-1] == "8 records, 64 hands; variant progressive; ties broken by games_won"


def test_standings_as_json(tmp_path: Path) -> None:
    result = run("standings", "--report", "json", str(simulated(tmp_path, 12)))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["records"] == 12 and data["hands"] == 96
    rows = data["standings"]
    assert len(rows) == 12 and rows[0]["place"] == 1
    assert all(sum(r["rounds"].values()) == r["points"] for r in rows)
    assert [r["points"] for r in rows] == sorted((r["points"] for r in rows), reverse=True)


def test_broken_records_are_located_and_give_no_standings(tmp_path: Path) -> None:
    path = simulated(tmp_path)
    records = [json.loads(line) for line in path.read_text().splitlines()]
    records[2]["hands"][0]["result"]["scores"] = {"N+S": 9, "E+W": 9}  # a wrong score
    records[4]["players"]["S"], records[5]["players"]["S"] = "P1", "P8"  # P3 + P1 again
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    result = run("standings", str(path))
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if ": error[" in line]
    assert [e.split(": error[")[1].split("]")[0] for e in errors] == ["result-mismatch",
                                                                      "event-partner"]
    assert errors[0].startswith(f"{path}:3:") and errors[1].startswith(f"{path}:5:")
    assert result.stderr.splitlines()[-1] == "euchre event standings: 2 errors; no standings"
    assert result.stdout == ""


def test_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    result = run("standings", str(tmp_path / "nothing.jsonl"))
    assert result.exit_code == 2


def test_an_event_record_replays_and_analyzes(tmp_path: Path) -> None:
    path = str(simulated(tmp_path))
    result = CliRunner().invoke(euchre, ["analyze", path, "--record", "1", "--deals", "0"])
    assert result.exit_code == 0, result.output
    assert "hand 8" in result.output
    result = CliRunner().invoke(euchre, ["replay", path, "--record", "1", "--hand", "8"])
    assert result.exit_code == 0, result.output


def test_event_picks_one_event_out_of_a_folder_of_several(tmp_path: Path) -> None:
    for name, seed in (("monday", 1), ("tuesday", 2)):
        result = run("simulate", "--seed", str(seed), "--name", name,
                     "-o", str(tmp_path / f"{name}.jsonl"))
        assert result.exit_code == 0, result.output
    both = run("standings", str(tmp_path))
    assert both.exit_code == 1 and "error[event-player]" in both.stderr
    one = run("standings", "--event", "tuesday", str(tmp_path))
    assert one.exit_code == 0, one.output
    assert one.output.splitlines()[-1].startswith("8 records, 64 hands")
    none = run("standings", "--event", "friday", str(tmp_path))
    assert none.exit_code == 1 and "no record of event 'friday'" in none.stderr


def test_schedule_refuses_more_players_than_an_event_may_have() -> None:
    """--players 100000000 took 3 GB; an event has at most 1,000 players."""
    result = run("schedule", "--players", "100000000")
    assert result.exit_code == 2
    assert "100000000 is not in the range 2<=x<=1000" in result.output
