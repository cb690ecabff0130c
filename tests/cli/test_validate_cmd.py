"""``euchre validate``: text and JSON reports, files, directories, stdin; exit codes 0/1/2."""

from __future__ import annotations

import json
import tracemalloc
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from click.testing import CliRunner, Result

from cli import validate_cmd
from cli.main import euchre
from euchre_dsl.validate import chunks
from euchre_dsl.workers import TaskRunner

ROOT = Path(__file__).parents[2]
BROKEN = ROOT / "tests" / "validate" / "broken"
SAMPLES = ROOT / "samples"
#: the hands of the sample game (the bots' game as they play it today: samples/make_samples.py)
GAME_HANDS = len(json.loads((SAMPLES / "standard-game.json").read_text())["hands"])


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(euchre, ["validate", *args], input=stdin)


def test_valid_files_exit_0_with_a_summary() -> None:
    result = run(str(SAMPLES / "standard-game.json"), str(SAMPLES / "games.jsonl"))
    assert result.exit_code == 0, result.output
    jsonl_hands = sum(len(json.loads(line)["hands"])
                      for line in (SAMPLES / "games.jsonl").read_text().splitlines())
    assert result.stdout.splitlines() == \
        [f"2 files, 7 records, {GAME_HANDS + jsonl_hands} hands: ok"]


def test_problems_are_reported_compiler_style_and_exit_1() -> None:
    path = str(BROKEN / "renege.json")
    result = run(path)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith(f"{path}:23:9: error[renege]: hand 1: W reneged in trick 1")
    assert lines[-1] == "1 file, 1 record, 1 hand: 1 error, 0 warnings"


def test_warnings_alone_exit_0() -> None:
    result = run(str(BROKEN / "incomplete-hand-last.json"))
    assert result.exit_code == 0
    assert "warning[incomplete-hand]" in result.stdout
    assert result.stdout.splitlines()[-1].endswith("0 errors, 1 warning")


def test_json_report_has_the_spec_shape() -> None:
    paths = [str(BROKEN / "records.jsonl"), str(BROKEN / "incomplete-hand-last.json")]
    result = run("--report", "json", *paths)
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert set(report) == {"files", "summary"}
    assert [f["path"] for f in report["files"]] == paths
    first = report["files"][0]
    assert set(first) == {"path", "records", "hands", "problems"}
    assert (first["records"], first["hands"]) == (3, 3)
    assert [set(p) for p in first["problems"]] == [
        {"code", "severity", "message", "record", "hand", "action", "line", "column"}] * 2
    assert [(p["code"], p["record"], p["hand"], p["action"], p["line"])
            for p in first["problems"]] == [("renege", 1, 0, 5, 2), ("schema", 2, 0, None, 3)]
    assert report["summary"] == {"records": 4, "hands": 4, "errors": 2, "warnings": 1}


def test_json_report_of_valid_input() -> None:
    result = run("--report", "json", str(SAMPLES / "games.jsonl"))
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "files": [{"path": str(SAMPLES / "games.jsonl"), "problems": [], "records": 6,
                   "hands": 64}],
        "summary": {"records": 6, "hands": 64, "errors": 0, "warnings": 0}}


def test_a_directory_is_searched_for_record_files(tmp_path: Path) -> None:
    (tmp_path / "deep").mkdir()
    (tmp_path / "deep" / "b.jsonl").write_text((SAMPLES / "games.jsonl").read_text())
    (tmp_path / "a.json").write_text((BROKEN / "renege.json").read_text())
    (tmp_path / "notes.txt").write_text("not a record")
    result = run("--report", "json", str(tmp_path))
    report = json.loads(result.stdout)
    assert [Path(f["path"]).name for f in report["files"]] == ["a.json", "b.jsonl"]
    assert result.exit_code == 1


def test_stdin_is_read_with_a_dash() -> None:
    text = (SAMPLES / "games.jsonl").read_text()
    result = run("-", stdin=text)
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["1 file, 6 records, 64 hands: ok"]
    broken = (BROKEN / "renege.json").read_text()
    result = run("-", stdin=broken)
    assert result.exit_code == 1
    assert result.stdout.startswith("<stdin>:23:9: error[renege]")


def test_a_simulation_summary_piped_in_gets_a_hint_about_output(tmp_path: Path) -> None:
    """`euchre simulate | euchre validate -` without `--output -`: the summary is words, not
    records; the syntax error says so, and on standard input names the likely cause."""
    summary = CliRunner().invoke(euchre, ["simulate", "--games", "1", "--seed", "1"]).stdout
    result = run("-", stdin=summary)
    assert result.exit_code == 1
    error, hint = result.stdout.splitlines()[:2]
    assert error == "<stdin>:1:1: error[syntax]: expected a value"
    assert hint == ("  hint: a game record is a JSON object starting with '{'; piping `euchre "
                    "simulate`? it writes records to standard output only with `--output -`")
    notes = tmp_path / "notes.jsonl"
    notes.write_text("some notes\n{\"format\": 1,}\n")
    lines = run(str(notes)).stdout.splitlines()
    # a file: no guess about simulate (and the text format is not read from a .jsonl file)
    assert lines[1] == "  hint: a game record is a JSON object starting with '{'"
    # JSON with a mistake in it: the message says enough, no hint follows
    assert lines[2].endswith("error[syntax]: expected a key in double quotes (is there a "
                             "trailing comma?)")
    assert lines[3].startswith("1 file, 2 records")


def test_unreadable_file_exits_2_after_checking_the_others(tmp_path: Path) -> None:
    result = run(str(tmp_path / "missing.json"), str(SAMPLES / "games.jsonl"))
    assert result.exit_code == 2
    assert "cannot read" in result.stderr and "missing.json" in result.stderr
    assert "Traceback" not in result.output
    assert result.stdout.splitlines() == ["1 file, 6 records, 64 hands: 1 unreadable"]


def test_unknown_file_type_and_missing_argument_are_usage_errors(tmp_path: Path) -> None:
    notes = tmp_path / "game.txt"
    notes.write_text("{}")
    result = run(str(notes))
    assert result.exit_code == 2
    assert "not a record file" in result.stderr
    assert run().exit_code == 2


def test_notes_show_what_could_not_be_checked(tmp_path: Path) -> None:
    record = json.loads((SAMPLES / "standard-game.json").read_text())
    record["hands"][0]["deal"]["hands"]["E"] = None
    path = tmp_path / "hidden.json"
    path.write_text(json.dumps(record))
    assert "info[" not in run(str(path)).stdout
    result = run("--notes", str(path))
    assert result.exit_code == 0
    assert "info[unknown-cards]" in result.stdout


def test_a_record_naming_a_broken_rules_file_leaves_the_next_files_checked(
        tmp_path: Path) -> None:
    """Issue 27, finding 1: a rule of commas alone raised IndexError, and the files
    after the record naming it were never checked."""
    (tmp_path / "c.euchre").write_text("variant x extends standard {\n    ,\n}\n")
    game = json.loads((SAMPLES / "standard-game.json").read_text())
    (tmp_path / "a.json").write_text(json.dumps({**game, "variant": "c.euchre"}))
    (tmp_path / "b.json").write_text(json.dumps(game))
    result = run(str(tmp_path))
    assert result.exit_code == 1, result.output
    assert f"{tmp_path / 'c.euchre'}:2:5: a rule of commas alone says nothing" in result.stdout
    assert result.stdout.splitlines()[-1].startswith(
        f"2 files, 2 records, {2 * GAME_HANDS} hands: 1 error")


def test_a_link_out_of_the_folder_is_refused_by_name_and_never_quoted(tmp_path: Path) -> None:
    """Issue 27, finding 23: `validate DIR` followed a link out of DIR and quoted the
    first line of its target."""
    top = tmp_path / "games"
    top.mkdir()
    (tmp_path / "secret.json").write_text("SECRET-LINE\n")
    (top / "out.json").symlink_to(tmp_path / "secret.json")
    (top / "g.json").write_text((SAMPLES / "standard-game.json").read_text())
    result = run(str(top))
    assert result.exit_code == 2, result.output
    assert f"euchre validate: {top / 'out.json'}: not read: a link to a file outside {top}" \
        in result.stderr
    assert "SECRET" not in result.output
    assert result.stdout.splitlines()[-1] == f"1 file, 1 record, {GAME_HANDS} hands: 1 unreadable"


# ------------------------------------------------------------ EGN
EGN = Path(__file__).parent.parent / "interop" / "egn"


def test_validate_reads_egn_games_matches_and_binaries_by_extension() -> None:
    """The published examples: every error is the July 4th record's real one (its
    initial score makes the game end two deals before the record does)."""
    files = sorted(str(p) for p in EGN.iterdir() if p.suffix in (".egn", ".emn", ".egnb"))
    result = run(*files)
    assert result.exit_code == 1
    errors = [line for line in result.stdout.splitlines() if ": error[" in line]
    assert len(errors) == 2 and all(
        line.startswith(f"{EGN}/July 4th Pairs Finals.egn:") and "error[game-over]" in line
        for line in errors)
    assert result.stdout.splitlines()[-1] == \
        "12 files, 17 records, 167 hands: 2 errors, 0 warnings"


def test_validate_a_clean_egn_file_exits_0() -> None:
    result = run(str(EGN / "VWEC Finals Annotated.egn"), str(EGN / "MotE W5 Match.emn"))
    assert result.exit_code == 0, result.stdout
    assert result.stdout == "2 files, 7 records, 86 hands: ok\n"


def test_validate_a_near_miss_names_the_egn_place() -> None:
    result = run(str(EGN / "near_miss" / "renege.egn"))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{EGN}/near_miss/renege.egn:53:15: error[renege]: hand 1:")


#: The client's memory bound in the test below: the file is many times larger.
CLIENT_BOUND = 2 << 20


@pytest.mark.parametrize("sent", [False, True], ids=["workers-read-the-file", "bytes-sent"])
def test_a_big_jsonl_file_validates_in_processes_without_the_client_holding_it(
        sent: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Python's peak allocation in this process (the client) while two worker processes
    check a JSON Lines file of 9 MB in chunks of 128 KB stays under 2 MB: the client
    reads only the chunks' boundaries (or, when the workers cannot see the file, the
    few chunks in flight) and keeps nothing of a checked chunk but its counts."""
    path = tmp_path / "big.jsonl"
    with path.open("wb") as f:
        for _ in range(200):
            f.write((SAMPLES / "games.jsonl").read_bytes())
    assert path.stat().st_size > 4 * CLIENT_BOUND
    monkeypatch.setattr(chunks, "CHUNK_BYTES", 128 << 10)
    if sent:
        monkeypatch.setattr(validate_cmd, "seen_everywhere",
                            lambda runner, entries: [False] * len(entries))
    with TaskRunner(2) as runner:
        assert sorted(runner.map(abs, [(-1,), (-2,), (-3,), (-4,)])) == [1, 2, 3, 4]

        @contextmanager
        def warm(command: str, workers: int, scheduler: str | None) -> Iterator[TaskRunner]:
            assert workers == 2
            yield runner  # started before tracing: the workers are not traced

        monkeypatch.setattr(validate_cmd, "task_runner", warm)
        tracemalloc.start()
        try:
            result = run(str(path), "--workers", "2")
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert result.exit_code == 0, result.output
    assert result.stdout == "1 file, 1200 records, 12800 hands: ok\n"
    assert peak < CLIENT_BOUND, f"the client peaked at {peak / (1 << 20):.1f} MB"


def test_progress_says_games_rate_and_share_on_standard_error_and_no_progress_nothing(
        ) -> None:
    shown = run(str(SAMPLES / "games.jsonl"), "--progress")
    assert shown.exit_code == 0
    assert "validate: 6 games, " in shown.stderr and " games/s, 100% of 46.3 KB" in shown.stderr
    assert shown.stdout == "1 file, 6 records, 64 hands: ok\n"
    quiet = run(str(SAMPLES / "games.jsonl"), "--no-progress")
    assert quiet.stderr == "" and quiet.stdout == shown.stdout
