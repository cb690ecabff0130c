"""The text format both ways: JSON -> text -> JSON and text -> JSON -> text are identities.

Records come from seeded simulations of every shipped variant, then
hypothesis dresses them with everything a record may carry (players, meta,
start scores, x- keys, inline variant objects, missing claims, unknown hands
and cards, annotations) and with values the line syntax cannot say, which the
writer keeps as JSON.
"""

from __future__ import annotations

import copy
import io
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_dsl.records.reader import read_records
from euchre_dsl.records.text_reader import NOTES_KEY, read_text
from euchre_dsl.records.text_writer import dump_game, write_text
from euchre_dsl.records.writer import dump_record
from euchre_dsl.rules.registry import load_variant, shipped_ids
from euchre_dsl.sim.runner import simulate
from euchre_dsl.validate.validator import FileReport, check_items

VARIANTS = shipped_ids()


@lru_cache(maxsize=256)
def _game(variant: str, seed: int) -> str:
    rules = load_variant(variant)
    return dump_record(next(simulate(rules, variant, 1, seed)))  # type: ignore[arg-type]


def game(variant: str, seed: int) -> dict[str, Any]:
    """A fresh copy of a simulated game (cached as JSON text)."""
    return json.loads(_game(variant, seed))


def read_back(text: str) -> dict[str, Any]:
    (item,) = read_text(text, "t.ehh")
    assert item.problem is None, item.problem.format()
    return item.data


def assert_identities(record: dict[str, Any]) -> None:
    text = dump_game(record)
    back = read_back(text)
    assert back == record
    assert dump_game(back) == text


# ------------------------------------------------------------ strategies
_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
_json_scalar = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                         st.floats(allow_nan=False, allow_infinity=False), _text)
_json = st.recursive(_json_scalar, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(_text, inner, max_size=3)), max_leaves=8)


@st.composite
def dressed_games(draw: st.DrawFn) -> dict[str, Any]:
    """A simulated game with optional parts added, removed or made unknown."""
    variant = draw(st.sampled_from(VARIANTS))
    rec = game(variant, draw(st.integers(0, 10**6)))
    if draw(st.booleans()):
        rec["players"] = {s: draw(_text) for s in rec["seats"] if draw(st.booleans())}
    if draw(st.booleans()):
        rec["meta"] = draw(st.dictionaries(_text, st.one_of(_text, st.integers(),
                                                            st.floats(allow_nan=False,
                                                                      allow_infinity=False)),
                                           max_size=4))
    else:
        rec.pop("meta", None)
    sides = list(rec["final"]["scores"])
    if draw(st.booleans()):
        rec["start_scores"] = {s: draw(st.integers(-30, 30)) for s in sides}
    for key in draw(st.lists(st.from_regex(r"x-[a-z0-9-]{1,8}", fullmatch=True), max_size=2)):
        if key != NOTES_KEY:
            rec[key] = draw(_json)
    if draw(st.booleans()):
        rec["variant"] = load_variant(variant).to_dict()
    hands = rec["hands"]
    for hand in hands:
        result = hand["result"]
        for key in list(result):
            if draw(st.integers(0, 4)) == 0:
                del result[key]
        if not result and draw(st.booleans()):
            del hand["result"]
        seats = list(hand["deal"]["hands"])
        for seat in seats:
            choice = draw(st.integers(0, 5))
            if choice == 0:
                hand["deal"]["hands"][seat] = None
            elif choice == 1:
                cards = hand["deal"]["hands"][seat]
                cards[draw(st.integers(0, len(cards) - 1))] = "??"
            elif choice == 2:
                del hand["deal"]["hands"][seat]
        if not hand["deal"]["hands"]:
            del hand["deal"]["hands"]
        for a in hand["actions"]:
            if a[1] == "discard" and draw(st.integers(0, 3)) == 0:
                a[2] = "??"
    if draw(st.booleans()):
        notes = []
        for h, hand in enumerate(hands):
            if draw(st.integers(0, 3)) == 0:
                comment = draw(st.from_regex(r"[a-z][a-z ,.;!?]{0,20}[a-z]", fullmatch=True))
                notes.append({"hand": h, "comment": comment})
            for i in range(len(hand["actions"])):
                if draw(st.integers(0, 9)) == 0:
                    note: dict[str, Any] = {"hand": h, "action": i}
                    if draw(st.booleans()):
                        note["glyph"] = draw(st.sampled_from(["!", "?", "!!", "??", "!?", "?!"]))
                    if "glyph" not in note or draw(st.booleans()):
                        note["comment"] = draw(st.from_regex(r"[A-Za-z0-9][^{}\n]{0,20}[a-z]",
                                                             fullmatch=True))
                    notes.append(note)
        if notes:
            rec[NOTES_KEY] = notes
    if draw(st.integers(0, 3)) == 0:
        del rec["final"]
    return rec


@st.composite
def odd_records(draw: st.DrawFn) -> dict[str, Any]:
    """Broken records: values of unexpected types where the lines expect words."""
    rec = game(draw(st.sampled_from(VARIANTS)), draw(st.integers(0, 10**6)))
    hands = rec["hands"]
    h = draw(st.integers(0, len(hands) - 1))
    hand = hands[h]
    where = draw(st.sampled_from(["action", "deal", "card", "result", "final", "hand", "seats",
                                  "start", "players", "meta", "tag"]))
    odd = draw(_json)
    if where == "action":
        i = draw(st.integers(0, len(hand["actions"]) - 1))
        hand["actions"][i] = odd if draw(st.booleans()) else hand["actions"][i] + [odd]
    elif where == "deal":
        hand["deal"][draw(st.sampled_from(["hands", "upcard", "widow", "kitty", "extra"]))] = odd
    elif where == "card":
        seat = draw(st.sampled_from(list(hand["deal"]["hands"])))
        hand["deal"]["hands"][seat][0] = odd
    elif where == "result":
        hand["result"][draw(st.sampled_from(["trump", "maker", "tricks", "points", "x"]))] = odd
    elif where == "final":
        rec["final"][draw(st.sampled_from(["scores", "winner"]))] = odd
    elif where == "hand":
        hands[h] = odd if draw(st.booleans()) else {**hand, "dealer": odd}
    elif where == "seats":
        rec["seats"][0] = odd
    elif where == "start":
        rec["start_scores"] = odd
    elif where == "players":
        rec["players"] = odd
    elif where == "meta":
        rec["meta"] = odd
    else:
        rec[draw(st.sampled_from(["Variant", "variant ", "weird key", "Meta", "seat"]))] = odd
    return rec


# ------------------------------------------------------------------ tests
@pytest.mark.parametrize("variant", VARIANTS)
def test_simulated_games_of_every_variant_convert_both_ways(variant: str) -> None:
    for seed in range(3):
        assert_identities(game(variant, seed))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(dressed_games())
def test_dressed_games_convert_both_ways(record: dict[str, Any]) -> None:
    assert_identities(record)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(odd_records())
def test_broken_records_convert_without_loss(record: dict[str, Any]) -> None:
    assert_identities(record)


def test_many_games_in_one_file_stream_back_in_order() -> None:
    records = [game(v, 1) for v in VARIANTS]
    out = io.StringIO()
    assert write_text(records, out) == len(records)
    items = list(read_text(out.getvalue(), "many.ehh"))
    assert [i.data for i in items] == records
    assert [i.index for i in items] == list(range(len(records)))


def test_canonical_layout_of_a_hand() -> None:
    rec = {"format": "ehh/1", "variant": "standard", "seats": ["N", "E", "S", "W"],
           "players": {"N": "Ann Lee"}, "meta": {"event": "club", "round": 3},
           "start_scores": {"N+S": 4, "E+W": 6}, "x-source": {"sheet": 2},
           "hands": [{"dealer": "W", "deal": {"hands": {"N": ["AS", "JS", "KH", "AC", "JC"],
                                                        "E": None, "S": ["??", "9S", "QH",
                                                                         "TH", "TD"]},
                                              "upcard": "KC"},
                      "actions": [["N", "pass"], ["E", "order_up", "alone"],
                                  ["W", "discard", "??"], ["N", "play", "AS"],
                                  ["E", "play", "QS"], ["S", "play", "9S"]],
                      "result": {"trump": "C", "maker": "E", "points": {"N+S": 0, "E+W": 4}}}],
           "final": {"winner": None},
           NOTES_KEY: [{"hand": 0, "comment": "from memory"},
                       {"hand": 0, "action": 1, "glyph": "!?", "comment": "bold"}]}
    assert dump_game(rec) == (
        '[Variant "standard"]\n'
        "[Seats N E S W]\n"
        '[Player N "Ann Lee"]\n'
        '[Meta event "club"]\n'
        "[Meta round 3]\n"
        "[StartScores N+S 4, E+W 6]\n"
        '[x-source {"sheet": 2}]\n'
        "\n"
        "hand 1 dealer W {from memory}\n"
        "  N: AS JS KH AC JC\n"
        "  E: -\n"
        "  S: ?? 9S QH TH TD\n"
        "  upcard KC\n"
        "  bidding N:pass E:order_up alone!? {bold} W:discard ??\n"
        "  trick 1 N:AS E:QS S:9S\n"
        "  result trump C, maker E, points N+S 0 E+W +4\n"
        "final winner none\n")
    assert_identities(rec)


@pytest.mark.parametrize("action, token", [
    (["N", "play", "9H"], "N:9H"),
    (["N", "play", "PASS"], "N:play PASS"),  # a card no verb may be mistaken for
    (["N", "call", "NT", "alone"], "N:call NT alone"),
    (["N", "bid", 3], "N:bid 3"),
    (["N", "bid", "3"], '@["N","bid","3"]'),  # a string would be read back as a number
    (["N", "call", "H", "ALONE"], '@["N","call","H","ALONE"]'),
    (["N-1", "pass"], '@["N-1","pass"]'),
    (["N", "pas"], '@["N","pas"]'),
    (["N", "play", "9H!"], '@["N","play","9H!"]'),
    (["N", "play", "a b;{c}"], '@["N","play","a\\u0020b\\u003b\\u007bc\\u007d"]'),
    ("N:pass", '@"N:pass"'),
    (["N", {}], '@["N",{}]'),  # a verb that is not even text
    (["N", ["play"], "9H"], '@["N",["play"],"9H"]'),
])
def test_actions_the_lines_cannot_say_are_written_as_json(action: Any, token: str) -> None:
    rec = game("standard", 5)
    rec["hands"][0]["actions"].insert(0, action)
    text = dump_game(rec)
    assert re.search(rf"^  (bidding|trick 1) {re.escape(token)}( |$)", text, re.M)
    assert read_back(text) == rec


def test_non_canonical_card_spellings_come_back_canonical() -> None:
    rec = game("standard", 5)
    hand = rec["hands"][0]
    hand["deal"]["hands"]["N"] = [c.lower() for c in hand["deal"]["hands"]["N"]]
    expected = copy.deepcopy(rec)
    expected["hands"][0]["deal"]["hands"]["N"] = [c.upper() for c in
                                                  hand["deal"]["hands"]["N"]]
    assert read_back(dump_game(rec)) == expected


def test_a_record_that_is_not_an_object_cannot_be_text() -> None:
    with pytest.raises(ValueError, match="JSON object"):
        dump_game(["not", "a", "game"])


def test_every_sample_has_a_text_twin_with_the_same_games() -> None:
    root = Path(__file__).resolve().parents[2]
    samples, twins = root / "samples", root / "examples" / "text"
    jsons = sorted(samples.glob("*.json")) + sorted(samples.glob("*.jsonl"))
    assert jsons
    for path in jsons:
        twin = twins / (path.stem + ".ehh")
        assert [i.data for i in read_records(str(twin))] == \
            [i.data for i in read_records(str(path))], twin.name
        text = twin.read_text(encoding="utf-8")
        assert "\n".join(dump_game(i.data) for i in read_records(str(path))) == text
        assert [p.format() for p in check_items(read_records(str(twin)), str(twin),
                                                FileReport(str(twin)))] == []
