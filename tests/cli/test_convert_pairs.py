"""``euchre convert`` between every pair of record formats, OUT's extension choosing.

JSON (``.json``), JSON Lines (``.jsonl``), the text format (``.ehh``) and EGN
(``.egn``): each converts to each, itself included, and back.  What the format
can hold comes back byte for byte: a record through JSON, JSON Lines or text and
back is the same bytes, and so is an EGN game through any format and back.  EGN
holds the deals, the play and the scores but not our metadata, so a record sent
through EGN comes back with the same hands, results and final score.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import euchre

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "samples" / "standard-game.json"
EGN_SEED = ROOT / "tests" / "interop" / "egn" / "VWEC Finals.egn"
EXTENSIONS = (".json", ".jsonl", ".ehh", ".egn")


def _convert(src: Path, dst: Path, *flags: str) -> None:
    result = CliRunner().invoke(euchre, ["convert", *flags, str(src), str(dst)])
    assert result.exit_code == 0, result.output
    assert "1 game read, 1 written, 0 errors" in result.stderr


def _canonical(seed: Path, ext: str, folder: Path) -> Path:
    """The seed game as our writer writes it in ``ext``."""
    out = folder / f"canonical{ext}"
    if not out.exists():
        _convert(seed, out)
    return out


def _record(path: Path, folder: Path) -> dict[str, Any]:
    as_json = folder / f"read-{path.stem}-{path.suffix[1:]}.json"
    _convert(path, as_json)
    data: dict[str, Any] = json.loads(as_json.read_text())
    return data


def _game(record: dict[str, Any]) -> tuple[Any, Any]:
    """What EGN holds of a record: the hands as played and scored, the final scores."""
    return record["hands"], record["final"]["scores"]


@pytest.mark.parametrize("there,back", list(itertools.product(EXTENSIONS, repeat=2)))
def test_every_pair_there_and_back(there: str, back: str, tmp_path: Path) -> None:
    seed = EGN_SEED if there == ".egn" else SEED
    start = _canonical(seed, there, tmp_path)
    middle = tmp_path / f"middle{back}"
    _convert(start, middle)
    again = tmp_path / f"again{there}"
    _convert(middle, again)
    if back != ".egn" or there == ".egn":
        assert again.read_bytes() == start.read_bytes()
    else:  # through EGN: the game itself comes back (EGN has no place for our meta)
        assert _game(_record(again, tmp_path)) == _game(_record(start, tmp_path))


@pytest.mark.parametrize("ext", EXTENSIONS)
def test_the_same_format_rewrites_canonically(ext: str, tmp_path: Path) -> None:
    start = _canonical(EGN_SEED if ext == ".egn" else SEED, ext, tmp_path)
    out = tmp_path / f"out{ext}"
    _convert(start, out)
    assert out.read_bytes() == start.read_bytes()


def test_the_issues_commands(tmp_path: Path) -> None:
    # the commands a user tried: JSON Lines to JSON, JSON to JSON Lines, ehh to ehh
    _convert(SEED, tmp_path / "sg.jsonl")
    _convert(tmp_path / "sg.jsonl", tmp_path / "sg.json")
    assert json.loads((tmp_path / "sg.json").read_text()) == json.loads(SEED.read_text())
    _convert(SEED, tmp_path / "out.json", "--from", "ehh", "--to", "ehh")
    assert (tmp_path / "out.json").read_text() == (tmp_path / "sg.jsonl").read_text()


def test_several_games_into_one_json_file_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(euchre, ["convert", str(ROOT / "samples" / "games.jsonl"),
                                         str(tmp_path / "all.json")])
    assert result.exit_code == 2
    assert "write to a .jsonl file" in result.stderr
