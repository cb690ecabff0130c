"""The validator's fast path agrees with the full checker (``history/fast_check.py``).

The fast path may only say "clean" where the full checker reports nothing at
all; everywhere else the record is checked in full.  So the problems with
and without it must be the same, record by record: over the broken corpus,
the samples, seeded games of every shipped variant, and those games broken at
random (a hypothesis test replacing, deleting or moving any part of them).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_dsl.errors import Problem
from euchre_dsl.history.reader import parse_record, read_records
from euchre_dsl.history.validate import FileReport, Validator, check_items
from euchre_dsl.rules.registry import load_variant, shipped_ids

from history_tools import mutate, random_game

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
CORPUS = sorted(p for p in (HERE / "broken").iterdir() if p.suffix in (".json", ".jsonl"))
SAMPLES = sorted(p for p in (ROOT / "samples").rglob("*") if p.suffix in (".json", ".jsonl"))
VARIANTS = sorted(shipped_ids())


def problems(path: Path, fast: bool) -> tuple[list[Problem], FileReport]:
    report = FileReport(str(path))
    found = list(check_items(read_records(str(path)), str(path), report, Validator(fast=fast)))
    return found, report


@pytest.mark.parametrize("path", CORPUS + SAMPLES, ids=lambda p: p.name)
def test_files_give_the_same_problems_with_and_without_the_fast_path(path: Path) -> None:
    fast, fast_report = problems(path, True)
    full, full_report = problems(path, False)
    assert fast == full
    assert (fast_report.records, fast_report.hands, fast_report.errors,
            fast_report.warnings) == (full_report.records, full_report.hands,
                                      full_report.errors, full_report.warnings)


def _game(variant: str, seed: int) -> dict[str, Any]:
    """A seeded game with every optional key a mutation can then break."""
    rec = random_game(variant, seed, max_hands=6)
    rec["players"] = {label: f"player {label}" for label in rec["seats"]}
    rec["x-source"] = "test"
    return rec


_GAMES = {v: [_game(v, seed) for seed in range(3)] for v in VARIANTS}


@pytest.mark.parametrize("variant", VARIANTS)
def test_valid_games_agree_and_plain_ones_take_the_fast_path(variant: str) -> None:
    v = Validator()
    for rec in _GAMES[variant]:
        assert v.validate(rec) == Validator(fast=False).validate(rec)
    # every card recorded and no house-rule verb: the fast path proves these clean itself;
    # a widow (its own deal key) and call for best ('give') are left to the full checker
    rules = load_variant(variant)
    handled = not rules.deal.widow and not rules.alone.call_for_best and \
        rules.partner.call == "off"  # call_partner: a house-rule verb, the full checker's
    assert [v.clean(rec, None) for rec in _GAMES[variant]] == [handled] * len(_GAMES[variant])


def test_a_clean_record_is_clean_after_other_records_of_other_variants() -> None:
    """The per-variant tables kept between records follow the record's variant."""
    v = Validator()
    for rec in [g for games in _GAMES.values() for g in games[:1]] * 2:
        assert v.validate(rec) == Validator(fast=False).validate(rec)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2), st.integers(1, 3), st.data())
def test_broken_games_give_the_same_problems_with_and_without_the_fast_path(
        variant: str, game: int, mutations: int, data: st.DataObject) -> None:
    rec = _GAMES[variant][game]
    for _ in range(mutations):
        rec = mutate(rec, data)
    item = parse_record(json.dumps(rec), 0, 1, "g.jsonl")  # located, as read from a file
    fast = list(check_items([item], "g.jsonl", FileReport("g.jsonl"), Validator()))
    full = list(check_items([item], "g.jsonl", FileReport("g.jsonl"), Validator(fast=False)))
    assert fast == full
