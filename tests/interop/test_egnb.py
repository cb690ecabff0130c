"""Binary EGN (.egnb): protobuf decoding with the optional extra, and without it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cli.main import euchre
from euchre_dsl.interop import egnb
from euchre_dsl.interop.egn import EXTENSION, read_game
from euchre_dsl.interop.egnb import EXTRA_MISSING, EgnbError, decode_egnb
from euchre_dsl.records.reader import read_egn_file, read_egnb_file

HERE = Path(__file__).parent / "egn"
PAIRS = [(HERE / f"{name}{ext}", HERE / f"{name}.egn")
         for name in ("Six Points in Two Hands", "VWEC Finals")
         for ext in (".egnb", ".expanded.egnb")]


def comparable(record: dict[str, Any]) -> dict[str, Any]:
    """A record without what tells its source apart (the kept EGN, the version read)."""
    out = {k: v for k, v in record.items() if k != EXTENSION}
    out["meta"] = {k: v for k, v in record["meta"].items()
                   if k not in ("egn-version", "egn-baseline")}
    return out


@pytest.mark.parametrize("binary,text", PAIRS, ids=lambda p: p.name)
def test_binary_and_json_of_a_game_give_the_same_records(binary: Path, text: Path) -> None:
    (b,) = read_egnb_file(str(binary))
    (j,) = read_egn_file(str(text))
    assert b.problem is None and j.problem is None
    assert comparable(b.data) == comparable(j.data)


def test_the_published_binaries_differ_from_their_json_in_the_version_only() -> None:
    """They were made under EGN 1.3: the games are the same, so only the version in
    the hashed text differs."""
    game = decode_egnb((HERE / "VWEC Finals.egnb").read_bytes())
    text = json.loads((HERE / "VWEC Finals.egn").read_text())
    assert game["version"] == "1.3" and text["version"] == "1.4"
    assert read_game(game).record["hands"] == read_game(text).record["hands"]  # type: ignore[index]


def test_condensed_deals_inside_json_are_unpacked() -> None:
    """An .egn may hold its deals as condensed strings, as .egnb does."""
    from google.protobuf.json_format import MessageToDict
    data = (HERE / "VWEC Finals.egnb").read_bytes()
    strings = MessageToDict(egnb._message_class(False).FromString(data[1:]))["deals"]
    game = json.loads((HERE / "VWEC Finals.egn").read_text())
    plain = read_game(game).record
    game["deals"] = strings
    packed = read_game(game).record
    assert plain is not None and packed is not None and packed["hands"] == plain["hands"]


def test_a_damaged_binary_is_one_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.egnb"
    bad.write_bytes(b"\x00\x0a\xff\xff")
    (item,) = read_egnb_file(str(bad))
    assert item.problem is not None and item.problem.code == "syntax"
    assert "not an EGN binary (expanded)" in item.problem.message
    with pytest.raises(EgnbError):
        decode_egnb(b"")


def test_a_damaged_condensed_deal(tmp_path: Path) -> None:
    game = json.loads((HERE / "Six Points in Two Hands.egn").read_text())
    game["deals"][1] = "!!not base64!!"
    converted = read_game(game)
    assert converted.record is not None and len(converted.record["hands"]) == 1
    assert converted.found[0].code == "schema" and converted.found[0].path == ("deals", 1)


def test_without_protobuf_one_line_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    egnb._message_class.cache_clear()
    monkeypatch.setitem(sys.modules, "google.protobuf", None)
    try:
        with pytest.raises(EgnbError, match=r"pip install protobuf \(in a checkout of euchre-dsl: pip install '\.\[egn\]'\)"):
            read_egnb_file(str(HERE / "VWEC Finals.egnb"))
        result = CliRunner().invoke(euchre, ["validate", str(HERE / "VWEC Finals.egnb")])
        assert result.exit_code == 2
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and EXTRA_MISSING in lines[0] and "VWEC Finals.egnb" in lines[0]
    finally:
        egnb._message_class.cache_clear()
