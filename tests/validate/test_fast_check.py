"""The validator's fast path agrees with the full checker (``validate/fast_check.py``).

The fast path may only say "clean" where the full checker reports nothing at
all; everywhere else the record is checked in full.  So the problems with
and without it must be the same, record by record: over the broken corpus,
the samples, seeded games of every shipped variant, and those games broken at
random (a hypothesis test replacing, deleting or moving any part of them);
and the same again for records in any other well-formed form (another key
order, pretty-printed, inline variants, names that are not ASCII, ``x-``
keys, meta), read with msgspec's parse and with json's alone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_dsl.errors import Problem
from euchre_dsl.records import reader
from euchre_dsl.records.reader import iter_json, parse_record, read_records
from euchre_dsl.records.writer import dump_pretty
from euchre_dsl.rules.registry import shipped_ids
from euchre_dsl.validate.fast_check import same_value
from euchre_dsl.validate.validator import FileReport, Validator, check_items

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
    # every card recorded: the fast path proves these clean itself, whatever the variant's
    # rules (a widow, a card given to a lone player, a partner's card called: the engine's)
    assert [v.clean(rec, None) for rec in _GAMES[variant]] == [True] * len(_GAMES[variant])


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


# ------------------------------------------------ any well-formed record, in any form
#: What another producer may do to a record our writer would write: none of it is a
#: problem, and none of it may keep the fast path from proving the record clean.
FORMS = ["reorder", "inline", "names", "extension", "meta"]


def _reordered(value: Any, data: st.DataObject) -> Any:
    """``value`` with the keys of every object in an order drawn by ``data``."""
    if isinstance(value, dict):
        keys = data.draw(st.permutations(list(value)), label="key order")
        return {k: _reordered(value[k], data) for k in keys}
    if isinstance(value, list):
        return [_reordered(v, data) for v in value]
    return value


def _in_form(rec: dict[str, Any], forms: list[str], data: st.DataObject) -> dict[str, Any]:
    out = dict(rec)
    if "inline" in forms:  # the variant written out inline, as `euchre convert` may write it
        out["variant"] = {"extends": rec["variant"], "id": f"{rec['variant']}-inline"}
    if "names" in forms:
        names = ["Zoë", "Łukasz", "北", "José", "Ærø", "Ōta", "Ümit"]
        out["players"] = dict(zip(rec["seats"], names))
    if "extension" in forms:
        out["x-producer"] = {"name": "os2ehh", "version": [2, 0]}
    if "meta" in forms:
        out["meta"] = {"source": "open_spiel", "index": 7, "weight": 0.5}
    return _reordered(out, data) if "reorder" in forms else out


def _text(rec: dict[str, Any], layout: str) -> str:
    if layout == "pretty":
        return dump_pretty(rec)
    if layout == "indent":
        return json.dumps(rec, indent=4, ensure_ascii=True)
    return json.dumps(rec, ensure_ascii=False)


def _checked_text(text: str, fast: bool) -> tuple[list[Problem], tuple[int, ...]]:
    """The problems and counts of one record read from a ``.json`` file's bytes, as
    ``euchre validate`` reads it (with the validator's ``prove`` when ``fast``)."""
    v = Validator(fast=fast)
    report = FileReport("g.json")
    items = iter_json(text.encode(), "g.json", v.prove if fast else None)
    found = list(check_items(items, "g.json", report, v))
    return found, (report.records, report.hands, report.errors, report.warnings)


@pytest.fixture(params=["msgspec", "json"])
def parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test of this section runs with msgspec's parse and with json's alone (the
    core installs without msgspec)."""
    if request.param == "json":
        monkeypatch.setattr(reader, "fast_loads", None)
    else:
        pytest.importorskip("msgspec")
        assert reader.fast_loads is not None
    return str(request.param)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_form_of_a_clean_record_is_proved_by_the_fast_path(variant: str,
                                                                 parser: str) -> None:
    rec = _GAMES[variant][0]
    forms = {"inline": {"extends": variant}, "players": {s: "Zoë" for s in rec["seats"]},
             "meta": {"ü": "北", "n": 1}}
    for key, value in forms.items():
        other = {**rec, ("variant" if key == "inline" else key): value}
        for layout in ("pretty", "indent", "line"):
            assert _checked_text(_text(other, layout), True) == \
                _checked_text(_text(other, layout), False)
        assert Validator().clean(other, "g.json")  # every variant's rules: the engine's


@settings(max_examples=150, deadline=None, suppress_health_check=[
    HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.sampled_from(VARIANTS), st.integers(0, 2), st.lists(st.sampled_from(FORMS)),
       st.sampled_from(["pretty", "indent", "line"]), st.integers(0, 2), st.data())
def test_records_in_any_form_give_the_same_problems_with_and_without_the_fast_path(
        parser: str, variant: str, game: int, forms: list[str], layout: str, mutations: int,
        data: st.DataObject) -> None:
    rec = _in_form(_GAMES[variant][game], forms, data)
    if mutations == 0:  # clean, in another form: proved by the fast path
        assert Validator().clean(rec, "g.json")
    for _ in range(mutations):
        rec = mutate(rec, data)
    text = _text(rec, layout)
    assert _checked_text(text, True) == _checked_text(text, False)


def test_an_inline_variant_is_recognised_by_its_value_and_types() -> None:
    """The inline variant kept from the last record is reused only for the same value:
    ``1`` is not ``true`` (the variant's schema refuses one of them)."""
    rec = _GAMES["standard"][0]
    good = {**rec, "variant": {"extends": "standard", "bidding": {"stick_the_dealer": True}}}
    bad = {**rec, "variant": {"extends": "standard", "bidding": {"stick_the_dealer": 1}}}
    v = Validator()
    assert v.validate(good) == [] and v.clean(good, None)
    assert not v.clean(bad, None)
    assert v.validate(bad) == Validator(fast=False).validate(bad) != []
    assert same_value({"a": [1, "x"]}, {"a": [1, "x"]})
    assert not same_value({"a": [1.0]}, {"a": [1]})
    assert not same_value({"a": 1}, {"b": 1})
