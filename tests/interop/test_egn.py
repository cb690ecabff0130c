"""EGN games and EMN matches: reading them as ``ehh/1``, the baseline hash, writing back.

The published examples (``tests/interop/egn/``, Apache-2.0, see its NOTICE) are
real records: Euchre.com and VWEC finals, Masters of the Euchreverse.  Each
must convert, validate clean (or with exactly the real problems it has), hash
as EGN's own ``egn-baseline`` does, and come back from ``ehh/1`` with the same
hash.  The near misses (``near_miss/``, ours) each break one rule.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from euchre_dsl.interop.egn import read_game
from euchre_dsl.interop.egn_document import EXTENSION, NOTES_KEY, egn_card, is_match, upgrade
from euchre_dsl.interop.egn_hash import baseline_hash
from euchre_dsl.interop.egn_write import EgnWriteError, variant_rules, write_egn
from euchre_dsl.records.reader import read_egn_file
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.validate.validator import FileReport, Validator, check_items

HERE = Path(__file__).parent / "egn"
NEAR = HERE / "near_miss"
GAMES = sorted(HERE.glob("*.egn")) + sorted(HERE.glob("*.emn"))


def reference_hashes() -> list[tuple[str, str]]:
    """(file, hash) per game, as EGN's algorithm gives them (baseline-hashes.tsv)."""
    rows = []
    for line in (HERE / "baseline-hashes.tsv").read_text().splitlines():
        if line and not line.startswith("#"):
            digest, name = line.split("\t")
            rows.append((name, digest))
    return rows


def games_of(path: Path) -> list[Any]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    return [g["gameData"] for g in doc["games"]] if is_match(doc) else [doc]


def problems(path: Path) -> list[Any]:
    report = FileReport(str(path))
    return [p for p in check_items(read_egn_file(str(path)), str(path), report, Validator())
            if p.severity != "info"]


def minimal(**deal_changes: Any) -> dict[str, Any]:
    """A one-deal EGN game (stick the dealer off): N deals, E orders up clubs."""
    deal = {"dealNumber": 0, "initialState": {"dealer": 0, "upCard": "9c"},
            "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"],
                        "isAlone": False, "discard": "Td"},
                       {"phaseNumber": 1, "type": "TRICK_PLAY",
                        "tricks": [["Jc", "Qc", "Kc", "9c"], ["Js", "Ac", "Tc", "Ts"],
                                   ["Ah", "9h", "Th", "Jh"], ["Ad", "Kd", "Qd", "9d"],
                                   ["As", "Ks", "Qs", "Qh"]]}]}
    deal.update(deal_changes)
    return {"fileType": "Euchre Game Notation", "version": "1.4",
            "metadata": {"players": ["a", "b", "c", "d"], "initialScore": [0, 0],
                         "ruleset": {"std": False}},
            "deals": [deal]}


# ------------------------------------------------------------ the baseline hash
@pytest.mark.parametrize("name", sorted({n for n, _ in reference_hashes()}))
def test_baseline_hash_is_egns(name: str) -> None:
    """Bit for bit what EGN's egn-baseline gives, for each game of each file."""
    expected = [d for n, d in reference_hashes() if n == name]
    assert [baseline_hash(g) for g in games_of(HERE / name)] == expected


def test_baseline_hash_ignores_annotations_and_alternative_lines() -> None:
    plain = baseline_hash(games_of(HERE / "VWEC Finals.egn")[0])
    annotated = baseline_hash(games_of(HERE / "VWEC Finals Annotated.egn")[0])
    assert plain == annotated
    changed = copy.deepcopy(games_of(HERE / "VWEC Finals.egn")[0])
    changed["deals"][0]["phases"][1]["tricks"][0][0] = "9c"
    assert baseline_hash(changed) != plain


def test_old_versions_hash_as_upgraded() -> None:
    old = games_of(HERE / "MotE W5 G1.egn")[0]
    assert old["version"] == "1.0.0" and "player_cards" in old["deals"][0]["initialState"]
    new = upgrade(old)
    assert new["version"] == "1.4" and "playerCards" in new["deals"][0]["initialState"]
    assert "kitty" not in new["deals"][0]["initialState"]
    # the same game as the match embeds it (already upgraded there)
    assert baseline_hash(old) == baseline_hash(games_of(HERE / "MotE W5 Match.emn")[0])


# ------------------------------------------------------------ reading
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_every_example_converts_with_every_deal(path: Path) -> None:
    for game in games_of(path):
        converted = read_game(game)
        assert converted.record is not None
        assert [f for f in converted.found if f.severity == "error"] == []
        assert len(converted.record["hands"]) == len(game["deals"])


CLEAN = [p for p in GAMES if p.name not in ("July 4th Pairs Finals.egn",)]


@pytest.mark.parametrize("path", CLEAN, ids=lambda p: p.name)
def test_published_games_validate_clean(path: Path) -> None:
    assert problems(path) == []


def test_a_real_problem_is_reported_at_its_deal() -> None:
    """The file's initial score [0, 1] (the annotated copy of the same game says
    [2, 0]) makes E+W reach 10 after deal 9: deals 10 and 11 come after the end."""
    path = HERE / "July 4th Pairs Finals.egn"
    found = problems(path)
    assert [(p.code, p.hand) for p in found] == [("game-over", 9), ("game-over", 10)]
    text = path.read_text().splitlines()
    assert '"dealNumber": 9' in text[found[0].location.line]  # the deal's first line below
    assert "E+W wins (N+S 6, E+W 10)" in found[0].message


def test_seats_follow_trick_winners_and_the_loner_lead() -> None:
    """VWEC deals with LEFT_OF_LONER: the opening lead is left of the loner."""
    game = games_of(HERE / "VWEC Finals.egn")[0]
    assert game["metadata"]["ruleset"]["loner_lead"] == "LEFT_OF_LONER"
    record = read_game(game).record
    assert record is not None
    rules = variant_rules(record)
    assert rules.play.loner_lead == "left_of_loner" and rules.bidding.stick_the_dealer
    for hand, deal in zip(record["hands"], game["deals"]):
        bid = deal["phases"][0]
        plays = [a for a in hand["actions"] if a[1] == "play"]
        assert [a[2] for a in plays] == [egn_card(c).upper() if c not in ("B",) else "JK"
                                         for t in deal["phases"][1]["tricks"] for c in t]
        if bid.get("isAlone"):
            maker = (deal["initialState"]["dealer"] + len(bid["calls"])) % 4
            assert plays[0][0] == "NESW"[(maker + 1) % 4]


def test_annotations_and_alternative_lines_become_notes() -> None:
    game = games_of(HERE / "VWEC Finals Annotated.egn")[0]
    record = read_game(game).record
    assert record is not None
    notes = record[NOTES_KEY]
    hand2 = [n for n in notes if n["hand"] == 1]
    # callAnnotations "4": the fifth call of deal 1 is its action 4
    call = next(n for n in hand2 if n["comment"].startswith("Pretty ambitious"))
    assert call["action"] == 4 and record["hands"][1]["actions"][4][1] == "call"
    alt = [n for n in notes if n["comment"].startswith("alternative line (not replayed)")]
    assert len(alt) == sum(len(d.get("alternativeLines", ())) for d in game["deals"]) == 7
    # deal 0 branches at decision 8: four calls, then the fifth card (after the discard)
    assert alt[0]["hand"] == 0 and alt[0]["action"] == 9
    assert record["hands"][0]["actions"][9][1] == "play"
    assert record[EXTENSION]["deals"][0]["alternativeLines"]


def test_label_tags_become_glyphs() -> None:
    game = minimal()
    game["deals"][0]["phases"][1]["playAnnotations"] = {"2": ["[?!]Kc under the right?"]}
    record = read_game(game).record
    assert record is not None
    # the third card: after the order-up and the discard, action 4
    assert record[NOTES_KEY] == [{"hand": 0, "action": 4, "glyph": "?!",
                                  "comment": "Kc under the right?"}]


def test_match_players_come_from_the_registry_and_its_seating() -> None:
    items = list(read_egn_file(str(HERE / "MotE W5 Match.emn")))
    assert len(items) == 6
    assert items[0].data["players"] == {"N": "Dad of Carl", "E": "Jen-Eye", "S": "Chach",
                                        "W": "WWMM"}
    assert items[4].data["players"] == {"N": "WWMM", "E": "Dad of Carl", "S": "Chach",
                                        "W": "Jen-Eye"}


def test_players_override_wins_over_the_seating() -> None:
    """EMN 1.2 seats a game's players by their ids in ``playersOverride``."""
    registry = [{"id": f"p-{i}", "name": name} for i, name in enumerate(("Ann", "Zed", "Yan",
                                                                         "Xi", "Wu"))]
    match = {"fileType": "Euchre Match Notation", "version": "1.2",
             "metadata": {"players": registry},
             "games": [{"gameIndex": 0, "players": ["p-0", "p-1", "p-2", "p-3"],
                        "playersOverride": ["p-1", "p-2", "p-3", "p-4"],
                        "gameData": minimal()}]}
    from euchre_dsl.interop.egn import egn_items
    text = json.dumps(match, indent=2)
    (item,) = egn_items(text, match, "m.emn")
    assert item.data["players"] == {"N": "Zed", "E": "Yan", "S": "Xi", "W": "Wu"}
    assert item.converted == ()


def test_card_spellings_are_read_and_kept() -> None:
    # N for nine, R and L for the bowers (clubs trump), lower or upper case suits
    game = minimal()
    game["deals"][0]["phases"][1]["tricks"][0] = ["R", "Qc", "Kc", "Nc"]
    game["deals"][0]["phases"][1]["tricks"][1] = ["L", "Ac", "Tc", "TS"]
    converted = read_game(game)
    record = converted.record
    assert record is not None and converted.found == []
    plays = [a[2] for a in record["hands"][0]["actions"] if a[1] == "play"]
    assert plays[:8] == ["JC", "QC", "KC", "9C", "JS", "AC", "TC", "TS"]
    back = write_egn(record, variant_rules(record))
    assert back["deals"][0]["phases"][1]["tricks"][:2] == [["R", "Qc", "Kc", "Nc"],
                                                          ["L", "Ac", "Tc", "TS"]]
    assert baseline_hash(back) == baseline_hash(game)


def test_generic_suits_name_trump_and_its_partner() -> None:
    """t is trump, n the suit of its colour, g and h the others (spades where the
    record names no suit)."""
    game = minimal()
    game["deals"][0]["initialState"]["upCard"] = "9t"
    game["deals"][0]["phases"][0]["discard"] = "Tg"
    game["deals"][0]["phases"][1]["tricks"] = [["Jt", "Qt", "Kt", "9t"],
                                               ["Jn", "At", "Tt", "Tn"]]
    record = read_game(game).record
    assert record is not None
    assert record["hands"][0]["deal"]["upcard"] == "9S"
    plays = [a[2] for a in record["hands"][0]["actions"] if a[1] == "play"]
    assert plays == ["JS", "QS", "KS", "9S", "JC", "AS", "TS", "TC"]


def test_unknown_cards() -> None:
    game = minimal()
    game["deals"][0]["initialState"]["playerCards"] = [["Xx", "Ad"], [], [], []]
    game["deals"][0]["phases"][0]["discard"] = "Xx"
    record = read_game(game).record
    assert record is not None
    assert record["hands"][0]["deal"]["hands"]["N"] == ["??", "AD"]
    assert ["N", "discard", "??"] in record["hands"][0]["actions"]
    assert write_egn(record, variant_rules(record))["deals"][0]["phases"][0]["discard"] == "Xx"


def test_an_unknown_card_played_stops_the_record_with_a_note() -> None:
    game = minimal()
    game["deals"][0]["phases"][1]["tricks"][2][1] = "Xh"
    converted = read_game(game)
    assert converted.record is not None and converted.record["hands"] == []
    assert [(f.code, f.severity, f.path) for f in converted.found] == [
        ("not-checked", "info", ("deals", 0, "phases", 1, "tricks", 2, 1))]


def test_a_bad_card_is_located_in_the_egn_text(tmp_path: Path) -> None:
    game = minimal()
    game["deals"][0]["phases"][1]["tricks"][3][2] = "Zq"
    path = tmp_path / "bad.egn"
    path.write_text(json.dumps(game, indent=2))
    found = problems(path)
    assert [p.code for p in found] == ["bad-card"]
    line = path.read_text().splitlines()[found[0].location.line - 1]
    assert line[found[0].location.column - 1:].startswith('"Zq"')


def test_a_bad_call_and_a_bad_dealer_are_schema_problems() -> None:
    game = minimal()
    game["deals"][0]["phases"][0]["calls"] = ["Bid"]
    assert [(f.code, f.path) for f in read_game(game).found][:1] == [
        ("schema", ("deals", 0, "phases", 0, "calls", 0))]
    game = minimal()
    game["deals"][0]["initialState"]["dealer"] = 7
    assert read_game(game).found[0].path == ("deals", 0, "initialState", "dealer")


def test_a_ruleset_we_cannot_express_is_an_error_naming_the_field() -> None:
    game = minimal()
    game["metadata"]["ruleset"]["fast_break"] = True
    converted = read_game(game)
    assert converted.record is None
    (f,) = converted.found
    assert f.code == "invalid-variant" and f.path == ("metadata", "ruleset", "fast_break")
    assert "fast_break" in f.message


def test_problems_are_placed_at_the_egn_text_of_the_action(tmp_path: Path) -> None:
    """A second-round order-up: the validator's problem lands on that call."""
    game = minimal()
    game["deals"][0]["phases"][0]["calls"] = ["Pass", "Pass", "Pass", "Pass", "Order"]
    path = tmp_path / "g.egn"
    path.write_text(json.dumps(game, indent=2))
    found = problems(path)
    assert found and found[0].code == "illegal-action"
    text = path.read_text().splitlines()
    line = text[found[0].location.line - 1]
    assert line[found[0].location.column - 1:].startswith('"Order"')


def test_old_snake_case_keys_are_located_under_their_own_names(tmp_path: Path) -> None:
    game = json.loads((HERE / "MotE W5 G1.egn").read_text())
    game["deals"][0]["initial_state"] = game["deals"][0].pop("initialState")
    game["deals"][0]["initial_state"]["dealer"] = 9
    path = tmp_path / "old.egn"
    path.write_text(json.dumps(game, indent=2))
    (p,) = problems(path)
    line = path.read_text().splitlines()[p.location.line - 1]
    assert '"dealer": 9' in line


# ------------------------------------------------------------ near misses
EXPECTED = {
    "base.egn": [],
    # N's hand is the cards N played (EGN gives no hands): 9C among them
    "renege.egn": [("renege", 0, 53, 15,
                    "N reneged in trick 2: played AH while holding 9C; clubs (trump) were led")],
    "wrong-score.egn": [("result-mismatch", None, 21, 19,
                         "final.scores says E+W 4, but the replay gives E+W 3")],
    "card-twice.egn": [("card-not-held", 2, 160, 15,
                        "E played AS, which was already played this hand")],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_near_misses(name: str) -> None:
    found = problems(NEAR / name)
    assert [(p.code, p.hand, p.location.line, p.location.column) for p in found] == \
        [e[:4] for e in EXPECTED[name]]
    for p, e in zip(found, EXPECTED[name]):
        assert e[4] in p.message


# ------------------------------------------------------------ writing
@pytest.mark.parametrize("path", GAMES + sorted(NEAR.glob("*.egn")), ids=lambda p: p.name)
def test_round_trip_keeps_the_baseline_hash(path: Path) -> None:
    for game in games_of(path):
        record = read_game(game).record
        assert record is not None
        back = write_egn(json.loads(json.dumps(record)), variant_rules(record))
        assert baseline_hash(back) == baseline_hash(game)
        again = read_game(back).record
        assert again is not None and again["hands"] == record["hands"]


def test_an_edited_record_writes_what_it_now_says() -> None:
    record = read_game(minimal()).record
    assert record is not None
    record["hands"][0]["actions"][0] = ["E", "pass"]
    record["hands"][0]["actions"][1:] = []
    back = write_egn(record, variant_rules(record))
    assert back["deals"][0]["phases"][0]["calls"] == ["Pass"]
    assert "discard" not in back["deals"][0]["phases"][0]
    assert back["deals"][0]["phases"][1]["tricks"] == []


def test_a_record_from_elsewhere_is_written_as_plain_egn() -> None:
    record = json.loads(Path("samples/standard-game.json").read_text())
    back = write_egn(record, load_variant("standard"))
    assert back["metadata"]["ruleset"] == {"std": False, "canadian": False,
                                           "loner_lead": "LEFT_OF_DEALER"}
    again = read_game(back).record
    assert again is not None
    assert [h["actions"] for h in again["hands"]] == [h["actions"] for h in record["hands"]]
    assert Validator().validate(again) == []


def test_a_variant_egn_cannot_describe_is_refused() -> None:
    record = json.loads(Path("samples/standard-game.json").read_text())
    with pytest.raises(EgnWriteError, match="stick|std|no rule toggle|four"):
        write_egn(record, load_variant("buck"))


def test_deep_nesting_is_one_located_problem_not_a_crash() -> None:
    from euchre_dsl.interop.egn import egn_items
    game = minimal()
    node: dict[str, Any] = game["metadata"]
    for _ in range(300):
        node = node.setdefault("x", {})
    text = json.dumps(game)
    (item,) = egn_items(text, json.loads(text), "deep.egn")
    assert item.problem is not None and item.problem.code == "syntax"
    assert "nested more than 64 levels" in item.problem.message
    assert item.problem.location.column is not None


def test_hands_not_given_are_the_cards_each_seat_played() -> None:
    game = minimal()  # N deals, E orders clubs, N discards TD; E leads
    hands = read_game(game).record["hands"][0]["deal"]["hands"]  # type: ignore[index]
    assert hands["E"] == ["JC", "JS", "AH", "AD", "AS"]
    # the dealer: the 9C upcard taken (played in trick 1), the TD discard given back
    assert sorted(hands["N"]) == sorted(["TS", "JH", "9D", "QH", "TD"])
    game["deals"][0]["phases"][0].pop("discard")
    hands = read_game(game).record["hands"][0]["deal"]["hands"]  # type: ignore[index]
    assert sorted(hands["N"]) == sorted(["TS", "JH", "9D", "QH", "??"])
    record = read_game(game).record
    assert record is not None
    assert "playerCards" not in write_egn(record, variant_rules(record))["deals"][0]["initialState"]


def test_no_hand_is_filled_where_the_plays_contradict_each_other() -> None:
    game = minimal()
    game["deals"][0]["phases"][1]["tricks"][4][0] = "Ah"  # AH played twice
    hands = read_game(game).record["hands"][0]["deal"]["hands"]  # type: ignore[index]
    assert set(hands.values()) == {None}


# ------------------------------------------------------------ EGN's schema
SCHEMA = json.loads((HERE / "egn-schema-v1.json").read_text())


def schema_errors(value: Any, schema: dict[str, Any], at: str = "") -> list[str]:
    """Where ``value`` breaks EGN's JSON Schema (the draft-07 keywords it uses;
    ``format`` is not checked, as the pattern beside it covers our dates)."""
    import re
    if "$ref" in schema:
        schema = SCHEMA["definitions"][schema["$ref"].rsplit("/", 1)[1]]
    errs: list[str] = []
    kind = schema.get("type")
    types = {"object": dict, "array": list, "string": str, "boolean": bool}
    if kind == "integer" and (type(value) is not int):
        return [f"{at}: not an integer"]
    if kind in types and not isinstance(value, types[kind]):
        return [f"{at}: not {kind}"]
    if "const" in schema and value != schema["const"]:
        errs.append(f"{at}: not {schema['const']}")
    if "enum" in schema and value not in schema["enum"]:
        errs.append(f"{at}: {value!r} not in enum")
    if isinstance(value, str):
        if "pattern" in schema and not re.search(schema["pattern"], value):
            errs.append(f"{at}: {value!r} does not match")
        if len(value) > schema.get("maxLength", 1 << 30):
            errs.append(f"{at}: too long")
    if type(value) is int and value < schema.get("minimum", -(1 << 60)):
        errs.append(f"{at}: below minimum")
    if type(value) is int and value > schema.get("maximum", 1 << 60):
        errs.append(f"{at}: above maximum")
    if isinstance(value, list):
        if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", 1 << 30):
            errs.append(f"{at}: wrong number of items")
        for i, item in enumerate(value):
            errs += schema_errors(item, schema.get("items", {}), f"{at}/{i}")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        errs += [f"{at}: missing {k}" for k in schema.get("required", []) if k not in value]
        for k, v in value.items():
            if "propertyNames" in schema and not re.search(schema["propertyNames"]["pattern"], k):
                errs.append(f"{at}: bad key {k}")
            if k in props:
                errs += schema_errors(v, props[k], f"{at}/{k}")
            elif schema.get("additionalProperties") is False:
                errs.append(f"{at}: unknown key {k}")
            elif isinstance(schema.get("additionalProperties"), dict):
                errs += schema_errors(v, schema["additionalProperties"], f"{at}/{k}")
    for sub in schema.get("allOf", []):
        errs += schema_errors(value, sub, at)
    if "anyOf" in schema and all(schema_errors(value, s, at) for s in schema["anyOf"]):
        errs.append(f"{at}: matches none of anyOf")
    if "oneOf" in schema and sum(not schema_errors(value, s, at) for s in schema["oneOf"]) != 1:
        errs.append(f"{at}: does not match exactly one of oneOf")
    if "not" in schema and not schema_errors(value, schema["not"], at):
        errs.append(f"{at}: matches what is forbidden")
    return errs


def test_the_schema_check_catches_what_egn_refuses() -> None:
    good = minimal()
    assert schema_errors(good, SCHEMA) == []
    bad = copy.deepcopy(good)
    bad["deals"][0]["phases"][0]["calls"] = ["Bid"]
    bad["metadata"]["extra"] = 1
    assert len(schema_errors(bad, SCHEMA)) >= 2


@pytest.mark.parametrize("source", ["samples/standard-game.json", "simulate", "VWEC Finals.egn",
                                    "MotE W5 G1.egn"])
def test_written_egn_passes_egns_schema(source: str, tmp_path: Path) -> None:
    """What EGN's tools check first (they refuse a file their schema refuses)."""
    from click.testing import CliRunner
    from cli.main import euchre
    if source == "simulate":
        path = tmp_path / "sim.jsonl"
        CliRunner().invoke(euchre, ["simulate", "--variant", "standard", "--games", "1",
                                    "--seed", "9", "-o", str(path)])
        record = json.loads(path.read_text().splitlines()[0])
    elif source.endswith(".egn"):
        record = read_game(games_of(HERE / source)[0]).record
    else:
        record = json.loads(Path(source).read_text())
    assert record is not None
    assert schema_errors(write_egn(record, variant_rules(record)), SCHEMA) == []


# ------------------------------------------------------------ hostile input
from hypothesis import given, settings, strategies as st  # noqa: E402

_JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=4)
                     | st.sampled_from(["Pass", "Order", "s", "x", "Jc", "R", "Xx", "B", "9t"]),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=8)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_damage_to_an_egn_game_is_reported_never_raised(data: st.DataObject) -> None:
    """Replace any value of a game by any JSON: reading, validating and writing back
    give problems, never an exception."""
    from euchre_dsl.interop.egn import egn_items
    game = minimal()
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(game)[1:]))
        node: Any = game
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = data.draw(_JSON)
    text = json.dumps(game)
    items = list(egn_items(text, json.loads(text), "g.egn"))
    report = FileReport("g.egn")
    list(check_items(iter(items), "g.egn", report, Validator()))
    for item in items:
        if item.problem is None and not Validator().validate(item.data):
            write_egn(item.data, variant_rules(item.data))


@pytest.mark.parametrize("junk", [1, "x", [], {"deals": 5}, {"metadata": [1], "version": 7},
                                  {"deals": [1, None, {"phases": 3, "spelled": {"u": 5}}]},
                                  {"deals": [{"initialState": [], "present": {"a": 1},
                                              "derived": "N"}]}])
def test_a_hand_edited_x_egn_is_not_trusted(junk: Any) -> None:
    """x- keys are kept, never checked: a part of the wrong shape is left out."""
    record = read_game(games_of(HERE / "VWEC Finals.egn")[0]).record
    assert record is not None
    record[EXTENSION] = junk
    written = write_egn(record, variant_rules(record))
    assert len(written["deals"]) == 13
    assert read_game(written).record["hands"] == record["hands"]  # type: ignore[index]


def test_snake_case_and_one_based_phases_of_old_versions() -> None:
    """EGN 1.0/1.1 wrote snake_case keys (and some files number phases from 1)."""
    snake = {"file_type": "Euchre Game Notation", "version": "1.1",
             "metadata": {"players": ["a", "b", "c", "d"], "initial_score": [0, 0],
                          "ruleset": {"std": False}},
             "deals": [{"dealNumber": 0,
                        "initial_state": {"dealer": 0, "up_card": "9c", "kitty": ["", "", ""]},
                        "phases": [dict(minimal()["deals"][0]["phases"][0], phaseNumber=1),
                                   dict(minimal()["deals"][0]["phases"][1], phaseNumber=2)]}]}
    snake["deals"][0]["phases"][0]["is_alone"] = snake["deals"][0]["phases"][0].pop("isAlone")
    old, new = read_game(snake), read_game(minimal())
    assert old.found == [] and old.record is not None and new.record is not None
    assert old.record["hands"] == new.record["hands"]
    assert old.record["players"] == new.record["players"]
    back = write_egn(old.record, variant_rules(old.record))
    assert back["version"] == "1.4" and back["deals"][0]["phases"][1]["phaseNumber"] == 2
    assert baseline_hash(back) == baseline_hash(snake)
