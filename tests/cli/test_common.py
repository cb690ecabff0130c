"""The rules every command shares: here, where an output may go (issue 36).

``analyze --html x/y/z.html`` created the missing folders (an earlier try made one
at the filesystem's root) while ``replay``, ``convert`` and ``simulate`` refused a
missing folder, each in its own words and some only after the work.  One rule now,
in one helper (``cli.common.check_output``), before any work: the folder must exist,
and the error names it and says how to fix it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import euchre

GAME = str(Path(__file__).parents[2] / "samples" / "standard-game.json")

#: Every command that writes a file, with ``{out}`` where the file goes.
WRITERS = {
    "analyze --html": ["analyze", GAME, "--html", "{out}.html"],
    "analyze --export": ["analyze", GAME, "--export", "{out}"],
    "replay --html": ["replay", GAME, "--html", "{out}.html"],
    "convert": ["convert", GAME, "{out}.ehh"],
    "simulate": ["simulate", "-n", "1", "-o", "{out}.jsonl"],
    "event simulate": ["event", "simulate", "--players", "4", "-o", "{out}.jsonl"],
    "play": ["play", "--seed", "1", "-o", "{out}.json"],
}


def invoke(args: list[str], out: str) -> tuple[int, str]:
    result = CliRunner().invoke(euchre, [a.replace("{out}", out) for a in args], input="q\n")
    return result.exit_code, result.output


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_missing_folder_is_refused_by_name_and_not_created(
        command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, output = invoke(WRITERS[command], "x/y/z")
    assert code == 2, output
    assert "the folder x/y does not exist: create it first (mkdir -p x/y)" in output
    assert list(tmp_path.iterdir()) == []  # nothing created, nothing written


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_file_where_a_folder_should_be_is_refused(command: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x").write_text("a file")
    code, output = invoke(WRITERS[command], "x/z")
    assert code == 2, output
    assert "x is not a folder" in output


def test_a_file_in_the_replay_pages_place_is_refused_before_any_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``OUT-replays`` as a file: analyze wrote "0 replay pages", exit 0, and a report
    whose links led nowhere."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "OUT-replays").write_text("not a folder")
    code, output = invoke(["analyze", GAME, "--html", "OUT.html"], "")
    assert code == 2
    assert "OUT-replays (where the replay pages go) exists and is not a folder: remove it " \
           "or choose another name" in output
    assert not (tmp_path / "OUT.html").exists()


def test_an_existing_folder_is_written_into(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x").mkdir()
    code, output = invoke(["analyze", GAME, "--html", "x/OUT.html"], "")
    assert code == 0, output
    assert (tmp_path / "x" / "OUT.html").is_file()
    assert [p.name for p in (tmp_path / "x" / "OUT-replays").iterdir()] == ["game-1.html"]
    code, output = invoke(["analyze", GAME, "--export", "x/tables", "--format", "csv"], "")
    assert code == 0, output
    assert (tmp_path / "x" / "tables" / "hands.csv").is_file()


def test_a_folder_given_as_the_file_is_refused(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.html").mkdir()
    code, output = invoke(["replay", GAME, "--html", "d.html"], "")
    assert code == 2
    assert "'d.html' is a directory" in output  # click's own check of the option
