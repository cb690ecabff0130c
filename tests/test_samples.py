"""The shipped samples are what samples/make_samples.py writes today: seeded games
between the bots, so a change to the bots' decisions shows here until the samples
are regenerated (``python samples/make_samples.py``)."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path
from types import ModuleType

from euchre_dsl.records.writer import dump_pretty, write_jsonl

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def _maker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_samples", SAMPLES / "make_samples.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    path = list(sys.path)
    try:  # the script puts the checkout first on the path: the suite keeps its own
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = path
    return module


def test_the_samples_are_the_games_the_bots_play_today() -> None:
    make = _maker()
    stale = "stale: run python samples/make_samples.py"
    game = (SAMPLES / "standard-game.json").read_text(encoding="utf-8")
    assert dump_pretty(make.bot_game(*make.STANDARD_GAME)) == game, stale
    out = io.StringIO()
    write_jsonl((make.bot_game(*g) for g in make.JSONL_GAMES), out)
    assert out.getvalue() == (SAMPLES / "games.jsonl").read_text(encoding="utf-8"), stale


def test_samples_hold_each_game_once() -> None:
    """A folder-level command counts each shipped game once (issue 37: the text twins
    made `validate samples/` say 14 records for 7 games); the twins are in
    examples/text/."""
    import json

    from euchre_dsl.records.reader import find_records, read_records

    games = [json.dumps(item.data, sort_keys=True)
             for path in find_records([str(SAMPLES)]).files for item in read_records(path)]
    assert len(games) == len(set(games)) == 7
    text = SAMPLES.parent / "examples" / "text"
    twins = [json.dumps(item.data, sort_keys=True)
             for path in sorted(text.glob("*.ehh")) for item in read_records(str(path))]
    assert sorted(twins) == sorted(games)
