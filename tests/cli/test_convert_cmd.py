"""``euchre convert``: OpenSpiel histories to ehh/1 and back, problems and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cli.main import euchre

# East deals; South orders up alone, West defends alone (see tests/interop).
LONE_VS_LONE = [1, 18, 2, 9, 4, 19, 17, 21, 15, 8, 1, 12, 0, 13, 14, 23, 3, 22, 7, 20, 6, 5,
                26, 8, 29, 29, 17, 9, 23, 7, 20, 14, 12, 1, 2, 21]
# The same deal under OpenSpiel's default game (no lone defenders): everyone passes
# but the stuck dealer, who names hearts with his partner and scores 1 for E+W.
STUCK = LONE_VS_LONE[:22] + [24] * 7 + [27, 30] + [14, 9, 6, 22, 23, 15, 19, 7, 20, 0, 8, 2,
                                                   1, 21, 4, 13, 12, 3, 18, 17]


def _run(*args: str, stdin: str | None = None):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(euchre, list(args), input=stdin)


def test_help_describes_the_history_lines() -> None:
    result = _run("convert", "--help")
    assert result.exit_code == 0
    assert "JSON array of" in result.stdout and '{"history": [...], "game"' in result.stdout


def test_openspiel_to_ehh_and_back(tmp_path: Path) -> None:
    histories = tmp_path / "h.jsonl"
    histories.write_text(json.dumps(LONE_VS_LONE) + "\n\n" +
                         json.dumps({"history": STUCK + [0], "game": "euchre"}) + "\n")
    games = tmp_path / "games.jsonl"
    result = _run("convert", "--from", "openspiel", str(histories), str(games))
    # the second line's game is over before its last action: reported, not written
    assert result.exit_code == 1
    assert f"{histories}:3:" in result.stderr and "error[bad-history]" in result.stderr
    assert "2 games read, 1 written, 1 error" in result.stderr
    records = [json.loads(line) for line in games.read_text().splitlines()]
    assert len(records) == 1 and records[0]["variant"] == "openspiel"
    assert _run("validate", str(games)).exit_code == 0

    back = tmp_path / "back.jsonl"
    result = _run("convert", "--to", "openspiel", str(games), str(back))
    assert result.exit_code == 0, result.stderr
    line = json.loads(back.read_text())
    assert line["game"] == "euchre(allow_lone_defender=true,stick_the_dealer=true)"
    assert line["history"][22:] == LONE_VS_LONE[22:]


def test_standard_input_and_output_with_a_game_string() -> None:
    result = _run("convert", "--from", "openspiel", "--game", "euchre", "-", "-",
                  stdin=json.dumps(STUCK) + "\n")
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["variant"]["alone"] == {"defend_alone": "off"}
    assert record["hands"][0]["actions"][7] == ["E", "call", "H"]
    assert record["final"]["scores"] == {"N+S": 0, "E+W": 1}


def test_one_game_to_a_json_file(tmp_path: Path) -> None:
    histories = tmp_path / "h.jsonl"
    histories.write_text(json.dumps(LONE_VS_LONE) + "\n")
    out = tmp_path / "game.json"
    assert _run("convert", "--from", "openspiel", str(histories), str(out)).exit_code == 0
    assert json.loads(out.read_text())["format"] == "ehh/1"
    histories.write_text((json.dumps(LONE_VS_LONE) + "\n") * 2)
    result = _run("convert", "--from", "openspiel", str(histories), str(out))
    assert result.exit_code == 2 and "write to a .jsonl file" in result.stderr


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    games = tmp_path / "g.jsonl"
    games.write_text("")
    for args, words in [
        (("convert", "--from", "openspiel", str(games), str(tmp_path / "x.txt")),
         "cannot tell the format"),
        (("convert", "--from", "openspiel", "--game", "euchre(x=1)", str(games), "-"),
         "unknown euchre parameter 'x'"),
        (("convert", "--from", "openspiel", str(tmp_path / "missing.jsonl"), "-"),
         "cannot read"),
        (("convert", "--from", "openspiel", str(games), str(tmp_path / "no" / "x.jsonl")),
         "does not exist: create it first"),
    ]:
        result = _run(*args)
        assert result.exit_code == 2, args
        assert words in result.stderr, args


def test_records_openspiel_cannot_play_are_reported(tmp_path: Path) -> None:
    games = tmp_path / "g.jsonl"
    result = _run("simulate", "--variant", "defenders-bonus", "--games", "1", "--seed", "3",
                  "-o", str(games))
    assert result.exit_code == 0
    result = _run("convert", "--to", "openspiel", str(games), str(tmp_path / "h.jsonl"))
    assert result.exit_code == 1
    assert f"{games}:1:" in result.stderr and "error[unsupported-rules]" in result.stderr


def test_in_and_out_the_same_file_is_refused_before_anything_is_erased(tmp_path: Path) -> None:
    games = tmp_path / "games.ehh"
    text = (Path(__file__).parents[2] / "examples" / "text" / "standard-game.ehh").read_text()
    games.write_text(text)
    (tmp_path / "link.ehh").symlink_to(games)
    for out in (games, tmp_path / "link.ehh"):
        result = _run("convert", str(games), str(out))
        assert result.exit_code == 2 and "IN and OUT are the same file" in result.stderr
        assert games.read_text() == text


def test_a_null_record_is_reported_not_dropped(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    games.write_text("null\n")
    for out in ("out.ehh", "out.jsonl"):
        args = ("--to", "openspiel") if out == "out.jsonl" else ()
        result = _run("convert", *args, str(games), str(tmp_path / out))
        assert result.exit_code == 1
        assert f"{games}:1:1: error[schema]: a game record must be a JSON object, not null" \
            in result.stderr
        assert "1 game read, 0 written, 1 error" in result.stderr


# ------------------------------------------------ issue 9, finding 9: nothing lost
ROOT = Path(__file__).parents[2]


def _cli(*args: str, stdin: object = None, stdout: object = None):  # type: ignore[no-untyped-def]
    """The real command in a child process (real file descriptors for stdin/stdout)."""
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, stdin=stdin,
                          stdout=stdout if stdout is not None else subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True,
                          env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})


def test_stdin_read_from_out_itself_is_refused_and_out_is_kept(tmp_path: Path) -> None:
    """`euchre convert --from text - games.ehh < games.ehh` emptied games.ehh (exit 0)."""
    games = tmp_path / "games.ehh"
    text = (ROOT / "examples" / "text" / "standard-game.ehh").read_text()
    games.write_text(text)
    with open(games) as stdin:
        result = _cli("convert", "--from", "text", "-", str(games), stdin=stdin)
    assert result.returncode == 2 and "IN and OUT are the same file" in result.stderr
    assert games.read_text() == text


def test_garbage_input_leaves_an_existing_out_untouched(tmp_path: Path) -> None:
    """`convert garbage.jsonl existing.ehh` emptied existing.ehh."""
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("this is not json\n{\"also\": \n")
    existing = tmp_path / "existing.ehh"
    text = (ROOT / "examples" / "text" / "standard-game.ehh").read_text()
    existing.write_text(text)
    result = _run("convert", str(garbage), str(existing))
    assert result.exit_code == 1
    assert f"nothing converted, {existing} is unchanged" in result.stderr
    assert existing.read_text() == text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["existing.ehh", "garbage.jsonl"]


def test_a_good_conversion_replaces_out_whole(tmp_path: Path) -> None:
    existing = tmp_path / "out.jsonl"
    existing.write_text("old contents\n")
    result = _run("convert", str(ROOT / "examples" / "text" / "standard-game.ehh"), str(existing))
    assert result.exit_code == 0
    assert existing.read_text().startswith('{"format":"ehh/1"')
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.jsonl"]


def test_a_full_disk_is_a_clear_error_not_a_traceback(tmp_path: Path) -> None:
    sample = str(ROOT / "samples" / "games.jsonl")
    result = _cli("convert", sample, "/dev/full", "--to", "text")
    assert result.returncode == 2, result.stderr
    assert "euchre convert: cannot write /dev/full: No space left on device" in result.stderr
    assert "Traceback" not in result.stderr
    with open("/dev/full", "w") as full:  # standard output on a full disk
        result = _cli("convert", sample, "-", "--to", "text", stdout=full)
    assert result.returncode == 2, result.stderr
    assert "cannot write standard output: No space left on device" in result.stderr
    assert "Traceback" not in result.stderr


# ------------------------------------------------------------ EGN
EGN = Path(__file__).parent.parent / "interop" / "egn"


def _info(path: Path | str) -> list[str]:
    result = CliRunner().invoke(euchre, ["convert", "--info", str(path)])
    assert result.exit_code == 0, result.stderr
    return [line.rsplit(" ", 1)[1] for line in result.stdout.splitlines()]


def test_egn_to_ehh_to_egn_keeps_the_baseline_hash(tmp_path: Path) -> None:
    source = EGN / "VWEC Finals Annotated.egn"
    record, back = tmp_path / "game.json", tmp_path / "game.egn"
    first = CliRunner().invoke(euchre, ["convert", str(source), str(record)])
    assert first.exit_code == 0, first.stderr
    assert json.loads(record.read_text())["meta"]["egn-baseline"] == _info(source)[0]
    second = CliRunner().invoke(euchre, ["convert", str(record), str(back)])
    assert second.exit_code == 0, second.stderr
    assert _info(back) == _info(record) == _info(source) == [
        "e9c17a3c044d637a46b4054184eedf1cb4bf1cd4acd54fd08904e16b0a11e93d"]
    written = json.loads(back.read_text())
    assert written["fileType"] == "Euchre Game Notation" and written["version"] == "1.4"


def test_convert_info_lists_each_game_of_a_match() -> None:
    result = CliRunner().invoke(euchre, ["convert", "--info", str(EGN / "MotE W5 Match.emn")])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 6 and lines[0].endswith(
        "game 1: 11 hands, variant inline (standard with changes), EGN baseline "
        "04c83086d66cf773b034b78968c4e38a88c1b9b3b57c34db304754e99769684c")


def test_convert_a_match_to_json_lines(tmp_path: Path) -> None:
    out = tmp_path / "match.jsonl"
    result = CliRunner().invoke(euchre, ["convert", str(EGN / "MotE W5 Match.emn"), str(out)])
    assert result.exit_code == 0
    assert "6 games read, 6 written, 0 errors" in result.stderr
    assert len(out.read_text().splitlines()) == 6


def test_convert_egn_refuses_what_it_cannot_write(tmp_path: Path) -> None:
    result = CliRunner().invoke(euchre, ["convert", "samples/standard-game.json",
                                         str(tmp_path / "x.emn")])
    assert result.exit_code == 2 and "EGN is written as one .egn game" in result.stderr
    buck = tmp_path / "buck.jsonl"
    CliRunner().invoke(euchre, ["simulate", "--variant", "buck", "--games", "1", "--seed", "1",
                                "-o", str(buck)])
    out = tmp_path / "buck.egn"
    result = CliRunner().invoke(euchre, ["convert", str(buck), str(out)])
    assert result.exit_code == 1 and not out.exists()
    assert "EGN cannot hold this game: EGN has no rule toggle for players.sides " \
           "('individual')" in result.stderr


def test_convert_info_needs_in_alone() -> None:
    result = CliRunner().invoke(euchre, ["convert", "--info", "a.egn", "b.json"])
    assert result.exit_code == 2 and "--info prints what IN holds" in result.stderr


def test_convert_a_binary_egn_to_json_egn(tmp_path: Path) -> None:
    out = tmp_path / "vwec.egn"
    result = CliRunner().invoke(euchre, ["convert", str(EGN / "VWEC Finals.egnb"), str(out)])
    assert result.exit_code == 0, result.stderr
    written = json.loads(out.read_text())
    original = json.loads((EGN / "VWEC Finals.egn").read_text())
    assert written["deals"][3]["phases"][1]["tricks"] == original["deals"][3]["phases"][1]["tricks"]
    one_game_only = CliRunner().invoke(euchre, ["convert", str(EGN / "MotE W5 Match.emn"),
                                                str(tmp_path / "m.egn")])
    assert one_game_only.exit_code == 2 and "holds one game" in one_game_only.stderr
    assert "nothing was written" in one_game_only.stderr
    assert not (tmp_path / "m.egn").exists()
