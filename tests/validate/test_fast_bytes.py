"""The byte reader of the fast path agrees with the parsed path (``validate/fast_bytes.py``).

:class:`~euchre_dsl.validate.fast_bytes.ByteCheck` may prove a record clean
only where the parsed path (the fast check, else the full checker) reports
nothing; anything else must go to the parsed path, which then gives its
problems exactly as before.  So, record by record, the problems and counts
of a file read with the validator's ``prove`` are those read without any fast
path: for games of every shipped variant, for near misses written by hand
(escapes, repeated keys, a byte that would alias a card, parts out of the
order they are replayed in) and for games broken at random, as values and as
bytes, in each form a producer writes (our writer's, pretty-printed, another
producer's key order with its own keys and names).  It must also prove what it
is for: every record, in any of those forms, that the fast check proves.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_dsl.errors import Problem
from euchre_dsl.records.positions import Item
from euchre_dsl.records.reader import iter_json, iter_jsonl, open_records
from euchre_dsl.records.writer import dump_record
from euchre_dsl.rules.registry import load_variant, shipped_ids
from euchre_dsl.validate.validator import FileReport, Validator, check_items, validate_path

from history_tools import mutate, random_game

VARIANTS = sorted(shipped_ids())


def _line(rec: dict[str, Any]) -> bytes:
    """A record as our writer writes it in JSON Lines."""
    return dump_record(rec).encode() + b"\n"


def _pretty(rec: dict[str, Any]) -> bytes:
    """A record pretty-printed, as people and most tools write a ``.json`` file."""
    return json.dumps(rec, indent=2, ensure_ascii=False).encode() + b"\n"


def _reordered(value: Any) -> Any:
    """``value`` with the keys of every object in reverse order (the hand's actions
    before its deal and dealer, the final before the hands, the seats after them)."""
    if isinstance(value, dict):
        return {k: _reordered(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [_reordered(v) for v in value]
    return value


def _another_producer(rec: dict[str, Any]) -> bytes:
    """A record as another producer writes it: ``json.dumps``' spaces, keys reordered,
    players whose names are not ASCII, an ``x-`` key holding nested values."""
    other = dict(_reordered(rec), players={s: f"Zo\u00eb {s} \u5317" for s in rec["seats"]})
    other["x-producer"] = {"name": "os2ehh", "build": [1, True, None, {"a": []}]}
    return json.dumps(other, ensure_ascii=False).encode() + b"\n"


#: The forms a record is tried in: how our writer writes it, and as others do.
FORMS: dict[str, Callable[[dict[str, Any]], bytes]] = {
    "ours": lambda rec: _line(rec), "pretty": _pretty, "another producer": _another_producer}


def _games(variant: str) -> list[dict[str, Any]]:
    """Seeded games of ``variant``: unfinished ones, and one played to its end."""
    return [random_game(variant, seed, max_hands=4) for seed in range(2)] + \
        [random_game(variant, 7)]


_GAMES = {v: _games(v) for v in VARIANTS}


def _checked(lines: list[bytes], fast: bool) -> tuple[list[Problem], tuple[int, ...]]:
    """The problems and counts of a JSON Lines file of ``lines``, read as the
    validator reads it: with its ``prove`` when ``fast``, else with no fast path."""
    v = Validator(fast=fast)
    report = FileReport("g.jsonl")
    found = list(check_items(iter_jsonl(lines, "g.jsonl", v.prove), "g.jsonl", report, v))
    return found, (report.records, report.hands, report.errors, report.warnings)


def _agree(lines: list[bytes]) -> None:
    assert _checked(lines, True) == _checked(lines, False)


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("variant", VARIANTS)
def test_written_records_are_proved_exactly_where_the_fast_check_proves_them(
        variant: str, form: str) -> None:
    v = Validator()
    rules = load_variant(variant)
    write = FORMS[form]
    for rec in _GAMES[variant]:
        expected = len(rec["hands"]) if v.clean(rec, None) else -1
        # a double deck's second copies (``JH2``): the byte reader leaves them to the parsed path
        assert v.prove(write(rec), None) == (expected if rules.deck.copies == 1 else -1)
        # every variant's clean games are proved: its widow, given cards and called
        # partners are the engine's to judge, from the variant's rules, on both paths
        assert expected >= 0
    _agree([write(rec) for rec in _GAMES[variant]])


def test_an_inline_variant_is_read_once_and_known_by_its_bytes() -> None:
    """Records that repeat an inline variant are proved against it; one that changes it
    (here: a game to 5, so the claimed scores no longer end a game to 10) is not."""
    rec = dict(_GAMES["standard"][2], variant={"extends": "standard", "name": "Ours"})
    other = dict(rec, variant={"extends": "standard", "name": "Ours", "game": {"target": 5}})
    v = Validator()
    hands = len(rec["hands"])
    assert [v.prove(_line(r), None) for r in (rec, rec, other, rec)] == [hands, hands, -1, hands]
    _agree([_line(r) for r in (rec, rec, other, rec)])


def test_the_optional_keys_are_proved_too() -> None:
    """Players, meta, start scores, a finished game's winner written as a list."""
    rec = dict(_GAMES["standard"][2])
    assert rec["final"]["winner"] is not None
    rec = {"format": rec["format"], "variant": rec["variant"], "seats": rec["seats"],
           "players": {label: f"player {label}" for label in rec["seats"]},
           "meta": {"event": "club night", "round": 3, "empty": ""},
           "start_scores": {"N+S": 0, "E+W": 0},
           "hands": rec["hands"],
           "final": {"scores": rec["final"]["scores"], "winner": [rec["final"]["winner"]]}}
    v = Validator()
    assert v.prove(_line(rec), None) == len(rec["hands"])
    for key in ("players", "meta", "start_scores"):
        rec[key] = {}
        assert v.prove(_line(rec), None) == len(rec["hands"])
    del rec["final"]["scores"]
    assert v.prove(_line(rec), None) == len(rec["hands"])
    _agree([_line(rec)])


def test_start_scores_are_replayed_from() -> None:
    """A game that starts from other scores than the variant's: its claimed scores
    hold only when they are counted from there."""
    rec = _GAMES["standard"][0]
    v = Validator()
    moved = dict(rec, start_scores={"N+S": 2, "E+W": 0})
    assert v.prove(_line(moved), None) == -1  # every claimed score is now 2 short
    _agree([_line(moved)])


def _replace_once(line: bytes, old: bytes, new: bytes) -> bytes:
    assert old in line
    return line.replace(old, new, 1)


_CLEAN = _line(_GAMES["standard"][2])
_FIRST_PLAY = _CLEAN[_CLEAN.index(b'"play","') + 8:][:2]  # the first card played

def _swapped_plays() -> bytes:
    """A clean game with two cards of one trick swapped between seats' plays (some
    seed gives a renege or a card not held: either way, not clean)."""
    line = _CLEAN
    first = line.index(b'"play","')
    second = line.index(b'"play","', first + 1)
    a, b = line[first + 8:first + 10], line[second + 8:second + 10]
    return line[:first + 8] + b + line[first + 10:second + 8] + a + line[second + 10:]


def _actions_first(rec: dict[str, Any]) -> bytes:
    """A record, compact, whose hands list their actions and deal before the dealer and
    whose hands come before the seats: parts stepped over, to be read when they can."""
    hands = [{"actions": h["actions"], "deal": h["deal"], "dealer": h["dealer"],
              **{k: v for k, v in h.items() if k not in ("actions", "deal", "dealer")}}
             for h in rec["hands"]]
    other = {"format": rec["format"], "hands": hands,
             **{k: v for k, v in rec.items() if k not in ("format", "hands")}}
    return json.dumps(other, separators=(",", ":")).encode() + b"\n"


_LATER = _actions_first(_GAMES["standard"][2])


def _x_list(value: bytes) -> bytes:
    """A clean game with an ``x-`` key holding ``value`` (the bytes as they stand)."""
    return _replace_once(_CLEAN, b'"hands":[', b'"x-history":' + value + b',"hands":[')


#: Records near the plain form: (why, the line).  Only the two of ``PROVED`` may be
#: proved from their bytes; each gets the parsed path's answer, clean or not.
NEAR_MISSES: list[tuple[str, bytes]] = [
    ("whitespace between tokens", json.dumps(_GAMES["standard"][2]).encode() + b"\n"),
    ("keys in another order", _replace_once(
        _CLEAN, b'"variant":"standard","seats":["N","E","S","W"]',
        b'"seats":["N","E","S","W"],"variant":"standard"')),
    ("an escaped seat label", _replace_once(_CLEAN, b'["N","play"', b'["\\u004e","play"')),
    ("an escaped card", _replace_once(_CLEAN, b'"play","' + _FIRST_PLAY,
                                      b'"play","\\u0039' + _FIRST_PLAY[1:])),
    ("a repeated key", _replace_once(_CLEAN, b'{"dealer":', b'{"dealer":"N","dealer":')),
    ("a byte that is not UTF-8 where a card's suit is",
     _replace_once(_CLEAN, b'"play","' + _FIRST_PLAY,
                   b'"play","' + _FIRST_PLAY[:1] + bytes([_FIRST_PLAY[1] | 0x80]))),
    ("a UTF-8 letter in a player's name", _replace_once(
        _CLEAN, b'"hands":[', '"players":{"N":"Jos\u00e9"},"hands":['.encode())),
    ("a float for a count", _replace_once(_CLEAN, b'"tricks":{"N":', b'"tricks":{"N":0.0,"X":')),
    ("a count with a leading zero", _replace_once(_CLEAN, b'"scores":{"N+S":',
                                                  b'"scores":{"N+S":0')),
    ("true for a count", _replace_once(_CLEAN, b'"points":{"N+S":0', b'"points":{"N+S":true')),
    ("an x- key", _replace_once(_CLEAN, b'"hands":[', b'"x-note":"hi","hands":[')),
    ("a float in meta", _replace_once(_CLEAN, b'"hands":[', b'"meta":{"round":1.5},"hands":[')),
    ("an integer too long to read fast", _replace_once(
        _CLEAN, b'"hands":[', b'"meta":{"n":' + b"9" * 30 + b'},"hands":[')),
    ("a byte order mark", b"\xef\xbb\xbf" + _CLEAN),
    ("text after the record", _CLEAN.rstrip(b"\n") + b" x\n"),
    ("a second record on the line", _CLEAN.rstrip(b"\n") + _CLEAN),
    ("a cut line", _CLEAN[:len(_CLEAN) // 2] + b"\n"),
    ("a carriage return", _CLEAN.rstrip(b"\n") + b"\r\n"),
    ("a tab inside a string", _replace_once(_CLEAN, b'"format":"ehh/1"', b'"format":"ehh/1\t"')),
    ("an inline variant", _replace_once(_CLEAN, b'"variant":"standard"',
                                        b'"variant":{"extends":"standard"}')),
    ("a variant that is a number", _replace_once(_CLEAN, b'"variant":"standard"',
                                                 b'"variant":7')),
    ("a repeated top-level key", _replace_once(_CLEAN, b'"seats":', b'"format":"ehh/1","seats":')),
    ("an x- key in a hand", _replace_once(_CLEAN, b'{"dealer":', b'{"x-note":1,"dealer":')),
    ("an escape in a player's name", _replace_once(
        _CLEAN, b'"hands":[', b'"players":{"N":"Jo\\u00e9"},"hands":[')),
    ("a float inside an x- value", _replace_once(_CLEAN, b'"hands":[',
                                                 b'"x-note":{"a":[1.5]},"hands":[')),
    # a list of integers in an x- key is read by a loop of its own (an action history)
    ("an x- list of integers", _x_list(b"[0, 20, 17, 5, 11]")),
    ("x- lists of integers, compact and empty", _x_list(b"[[], [1,2,30], [0], [7, 8]]")),
    ("two spaces in an x- list", _x_list(b"[1,  2]")),
    ("a negative number in an x- list", _x_list(b"[1, -2]")),
    ("a space before an x- list's end", _x_list(b"[1, 2 ]")),
    ("a leading zero in an x- list", _x_list(b"[1, 07]")),
    ("a trailing comma in an x- list", _x_list(b"[1, 2,]")),
    ("a number too long in an x- list", _x_list(b"[1, " + b"9" * 70 + b"]")),
    ("an x- list cut short", _x_list(b"[1, 2")),
    ("nesting deeper than the reader follows", _replace_once(
        _CLEAN, b'"hands":[', b'"x-deep":' + b"[" * 40 + b"]" * 40 + b',"hands":[')),
    ("start scores after the hands", _CLEAN[:_CLEAN.rindex(b'}')] +
     b',"start_scores":{"N+S":0}}\n'),
    ("no hands", _CLEAN[:_CLEAN.index(b'"hands":[')] + b'"hands":[]}\n'),
    ("a vertical tab between tokens", _replace_once(_CLEAN, b'"seats":', b'\x0b"seats":')),
    ("no final", _CLEAN[:_CLEAN.rindex(b',"final":')] + b"}\n"),
    ("a wrong final winner", _replace_once(_CLEAN, b'"winner":"', b'"winner":"X')),
    ("two plays swapped", _swapped_plays()),
    # parts stepped over (by their brackets) and read once their dealer and seats are
    ("actions before the dealer, hands before the seats", _LATER),
    ("a bracket in a verb stepped over", _replace_once(_LATER, b'"play"', b'"pl]ay"')),
    ("an escaped quote in a verb stepped over", _replace_once(_LATER, b'"play"', b'"pl\\"ay"')),
    ("a brace in a card stepped over", _replace_once(_LATER, b'"play","', b'"play","}')),
    ("an unclosed list stepped over", _replace_once(_LATER, b'"play","', b'"play",["')),
]


#: the near misses that are clean and in a form the byte reader reads
PROVED = {"a carriage return", "no final", "whitespace between tokens", "keys in another order",
          "a UTF-8 letter in a player's name", "an x- key", "an inline variant",
          "an escape in a player's name", "a float inside an x- value",
          "actions before the dealer, hands before the seats", "an x- list of integers",
          "x- lists of integers, compact and empty", "two spaces in an x- list",
          "a negative number in an x- list", "a space before an x- list's end"}


@pytest.mark.parametrize("why, line", NEAR_MISSES, ids=[m[0] for m in NEAR_MISSES])
def test_near_misses_are_left_to_the_parsed_path(why: str, line: bytes) -> None:
    hands = len(_GAMES["standard"][2]["hands"])
    assert Validator().prove(line, "g.jsonl") == (hands if why in PROVED else -1)
    _agree([line])


def test_the_near_misses_say_what_they_say() -> None:
    """Not vacuous: some near misses are clean (the parsed path proves them), others are
    errors the full checker reports."""
    errors = [why for why, line in NEAR_MISSES if _checked([line], False)[1][2]]
    assert "a byte that is not UTF-8 where a card's suit is" in errors
    assert "a wrong final winner" in errors
    assert "whitespace between tokens" not in errors
    assert "an escaped seat label" not in errors
    assert "start scores after the hands" not in errors
    assert "an x- key in a hand" in errors
    assert "a bracket in a verb stepped over" in errors
    assert "an unclosed list stepped over" in errors
    assert "a leading zero in an x- list" in errors
    assert "a trailing comma in an x- list" in errors
    assert "an x- list cut short" in errors


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2), st.integers(1, 2), st.data())
def test_games_broken_as_values_agree(variant: str, game: int, mutations: int,
                                      data: st.DataObject) -> None:
    rec = _GAMES[variant][game]
    for _ in range(mutations):
        rec = mutate(rec, data)
    _agree([_line(rec)])


#: Bytes a byte-level mutation writes: JSON's punctuation, the letters and digits of
#: labels, cards and counts, whitespace, escapes, bytes that are not ASCII.
_BYTES = list(b'"{}[],:. \t\\-+0123456789eENSWHDCJQKAT9apnulx') + [0, 0x7F, 0x80, 0xC3, 0xD3]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(VARIANTS), st.integers(0, 2), st.sampled_from(list(FORMS)), st.data())
def test_games_broken_as_bytes_agree(variant: str, game: int, form: str,
                                     data: st.DataObject) -> None:
    line = bytearray(FORMS[form](_GAMES[variant][game]))
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        at = data.draw(st.integers(0, len(line) - 2), label="at")
        how = data.draw(st.sampled_from(["replace", "insert", "delete", "double"]), label="how")
        if how == "replace":
            line[at] = data.draw(st.sampled_from(_BYTES), label="byte")
        elif how == "insert":
            line[at:at] = bytes([data.draw(st.sampled_from(_BYTES), label="byte")])
        else:
            size = data.draw(st.integers(1, 24), label="size")
            span = line[at:min(at + size, len(line) - 1)]
            line[at:at + len(span)] = span + span if how == "double" else b""
    _agree([bytes(line)])


# ------------------------------------------------------------ the readers' ``prove``
def test_proved_records_come_out_unparsed_and_others_as_without_it() -> None:
    escaped = dict(NEAR_MISSES)["an escaped seat label"]
    lines = [_CLEAN, b"\n", escaped, b"{not json\n", _CLEAN]
    v = Validator()
    proved = list(iter_jsonl(lines, "g.jsonl", v.prove))
    plain = list(iter_jsonl(lines, "g.jsonl"))
    hands = len(_GAMES["standard"][2]["hands"])
    assert [(i.index, i.line, i.proved) for i in proved] == \
        [(0, 1, hands), (1, 3, -1), (2, 4, -1), (3, 5, hands)]
    assert proved[0] == Item(0, 1, "", None, None, None, hands)
    assert proved[1:3] == plain[1:3]
    assert all(i.proved == -1 for i in plain)
    (one,) = iter_json(_CLEAN, "g.json", v.prove)
    assert one.proved == hands


@pytest.mark.parametrize("suffix", [".jsonl", ".json"])
def test_validate_path_proves_from_bytes_and_counts_the_same(tmp_path: Path,
                                                             suffix: str) -> None:
    path = tmp_path / f"games{suffix}"
    recs = _GAMES["standard"] if suffix == ".jsonl" else _GAMES["standard"][2:]
    path.write_bytes(b"".join(_line(r) for r in recs))
    calls: list[int] = []
    v = Validator()
    prove: Callable[[bytes, str | None], int] = v.prove

    def counting(raw: bytes, file: str | None) -> int:
        calls.append(prove(raw, file))
        return calls[-1]

    items = list(open_records(str(path), prove=counting))
    assert calls == [len(r["hands"]) for r in recs]
    assert [i.proved for i in items] == calls
    fast = validate_path(str(path))
    full = validate_path(str(path), Validator(fast=False))
    assert (fast.records, fast.hands, fast.errors, fast.problems) == \
        (full.records, full.hands, full.errors, full.problems) == \
        (len(recs), sum(len(r["hands"]) for r in recs), 0, [])


#: Bytes of every kind a UTF-8 check must tell apart: ASCII letters, continuation
#: bytes, the lead bytes at the edges of each range (overlong forms, surrogates,
#: past U+10FFFF) and bytes that never start a character.
_NAME_BYTES = st.sampled_from([0x41, 0x7A, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1,
                               0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1,
                               0xF3, 0xF4, 0xF5, 0xFF])


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.lists(_NAME_BYTES, max_size=8).map(bytes))
def test_a_name_is_proved_exactly_when_it_is_utf8(name: bytes) -> None:
    """The byte reader checks each string's bytes as it walks them instead of decoding
    the whole line: a player's name of any bytes is proved exactly when Python's
    decoder takes it, and the validator's answer is the parsed path's either way."""
    line = _replace_once(_CLEAN, b'"hands":[', b'"players":{"N":"' + name + b'"},"hands":[')
    try:
        name.decode("utf-8")
        utf8 = True
    except UnicodeDecodeError:
        utf8 = False
    assert (Validator().prove(line, None) >= 0) == utf8
    _agree([line])
