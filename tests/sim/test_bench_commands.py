"""The whole-command rows of ``bench/bench.py --commands`` (``bench/bench_commands.py``):
they read the counts the commands print, and the other producer's records they
validate are clean records in a form our writer does not write, which the byte
reader proves all the same."""

from __future__ import annotations

import json
from pathlib import Path

from bench_tools import ROOT, load_bench

from euchre_dsl.validate.validator import Validator, validate_path


def test_the_counts_are_read_from_what_the_commands_print() -> None:
    bench = load_bench("bench_commands")
    sample = ROOT / "samples" / "games.jsonl"
    report = validate_path(str(sample))
    assert report.errors == 0 and report.hands > report.records > 1
    assert bench.counted(["validate", str(sample)], bench.VALIDATED_HANDS)() == report.hands
    assert bench.counted(["validate", str(sample)], bench.VALIDATED_RECORDS)() == \
        report.records
    hands = bench.counted(["simulate", "--bot", "random", "--games", "3", "--seed", "1"],
                          bench.SIMULATED_HANDS)()
    assert hands >= 3


def test_another_producer_s_records_are_clean_in_another_form_and_proved_from_bytes(
        tmp_path: Path) -> None:
    bench = load_bench("bench_commands")
    path = tmp_path / "other.jsonl"
    bench.write_openspiel_records(path, 20)
    lines = path.read_bytes().splitlines()
    assert len(lines) == 20
    v = Validator()
    for line in lines:
        rec = json.loads(line)
        assert list(rec)[0] == "seats" and rec["players"]["S"] == "José"
        # as a converter writes them: meta, an x- key, the kitty, no running scores
        assert "meta" in rec and "x-openspiel" in rec
        hand = rec["hands"][0]
        assert "scores" not in hand["result"] and "points" in hand["result"]
        assert len(hand["deal"]["kitty"]) == 3
        assert b'", "' in line and line != json.dumps(rec, separators=(",", ":")).encode()
        assert v.clean(rec, str(path))  # the fast check proves it parsed
        assert v.prove(line, str(path)) == 1  # and the byte reader from its bytes
    report = validate_path(str(path))
    assert (report.records, report.hands, report.errors, report.problems) == (20, 20, 0, [])
    folder = tmp_path / "pretty"
    assert bench.write_pretty_folder(folder, ROOT / "samples" / "games.jsonl", 2) > 2
    assert validate_path(str(folder / "game-00001.json")).errors == 0
