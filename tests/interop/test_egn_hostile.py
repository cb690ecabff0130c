"""Hostile EGN and EMN input (issue 36): each ends in a located problem or a right
answer, in time linear in the input and memory bounded by the limits."""

from __future__ import annotations

import base64
import copy
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from euchre_dsl.errors import Problem
from euchre_dsl.interop import egn, egn_limit, egnb
from euchre_dsl.interop.egn import egn_items, read_game
from euchre_dsl.interop.egn_bits import unpack_deal
from euchre_dsl.interop.egn_limit import deals_over_limit
from euchre_dsl.limits import MAX_HANDS
from euchre_dsl.records.reader import read_egn_file, read_egnb_file
from euchre_dsl.validate.validator import FileReport, check_items

HERE = Path(__file__).parent / "egn"
MATCH = HERE / "MotE W5 Match.emn"


def minimal() -> dict[str, Any]:
    """A one-deal EGN game (stick the dealer off): N deals, E orders up clubs."""
    deal = {"dealNumber": 0, "initialState": {"dealer": 0, "upCard": "9c"},
            "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"],
                        "isAlone": False, "discard": "Td"},
                       {"phaseNumber": 1, "type": "TRICK_PLAY",
                        "tricks": [["Jc", "Qc", "Kc", "9c"], ["Js", "Ac", "Tc", "Ts"],
                                   ["Ah", "9h", "Th", "Jh"], ["Ad", "Kd", "Qd", "9d"],
                                   ["As", "Ks", "Qs", "Qh"]]}]}
    return {"fileType": "Euchre Game Notation", "version": "1.4",
            "metadata": {"players": ["a", "b", "c", "d"], "initialScore": [0, 0],
                         "ruleset": {"std": False}},
            "deals": [deal]}


def problems(text: str, doc: Any, file: str = "g.egn") -> list[Problem]:
    """Every problem of every game of ``doc`` (its text ``text``), as validate gives
    them: those met converting, then the validator's."""
    return list(check_items(egn_items(text, doc, file), file, FileReport(file)))


def errors(text: str, doc: Any) -> list[Problem]:
    return [p for p in problems(text, doc) if p.severity == "error"]


def dumped(doc: Any) -> str:
    return json.dumps(doc, indent=2)


# ------------------------------------------------------------ EMN in linear time
def test_a_match_is_placed_by_one_locator_however_many_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A locator per game scanned the whole match text once per game (quadratic:
    the published match with its games repeated 20 times took 16 s).  Each game
    here has a problem to place; one locator serves the file, whatever its size."""
    built: list[int] = []
    real = egn.Locator

    def counting(text: str, line: int, file: str | None) -> Any:
        built.append(len(text))
        return real(text, line, file)

    monkeypatch.setattr(egn, "Locator", counting)
    match = json.loads(MATCH.read_text())
    for game in match["games"]:  # the validator's problem: a card played twice
        trick = game["gameData"]["deals"][0]["phases"][1]["tricks"][0]
        trick[1] = trick[0]
    lines_of_game: dict[int, list[int]] = {}
    for repeat in (1, 8):
        built.clear()
        big = dict(match, games=match["games"] * repeat)
        found = [p for p in problems(dumped(big), big, "m.emn") if p.severity == "error"]
        assert len(built) == 1
        assert {p.record for p in found} == set(range(6 * repeat))
        lines_of_game[repeat] = [p.location.line for p in found]  # type: ignore[misc]
    # every game placed at its own lines, in order, the first ones where they were
    assert lines_of_game[8] == sorted(lines_of_game[8])
    assert lines_of_game[8][:len(lines_of_game[1])] == lines_of_game[1]


# ------------------------------------------------------------ the hands limit
def test_a_game_over_the_hands_limit_is_refused_before_its_deals_are_read() -> None:
    game = minimal()
    game["deals"] = ["not even a deal"] * (MAX_HANDS + 1)
    converted = read_game(game)
    assert converted.record is None
    (found,) = converted.found
    assert found.path == ("deals", MAX_HANDS)
    assert f"{MAX_HANDS + 1:,} deals" in found.message


def test_deals_are_counted_without_building_the_document() -> None:
    deal = minimal()["deals"][0]
    game = minimal()
    game["deals"] = [deal] * (MAX_HANDS + 3)
    text = json.dumps(game)
    over = deals_over_limit(text)
    assert over is not None and over.count == MAX_HANDS + 3 and over.game == 0
    assert text[over.offset:].startswith(json.dumps(deal))
    assert over.path == ("deals", MAX_HANDS)
    game["deals"] = [deal] * MAX_HANDS
    assert deals_over_limit(json.dumps(game)) is None
    # in a match: the first game over the limit, at its place
    match = {"fileType": "Euchre Match Notation", "games": [
        {"gameData": minimal()}, {"gameData": dict(minimal(), deals=[deal] * (MAX_HANDS + 1))}]}
    over = deals_over_limit(json.dumps(match))
    assert over is not None and over.game == 1
    assert over.path == ("games", 1, "gameData", "deals", MAX_HANDS)
    # text that is not JSON is left to the parser, which places its error
    assert deals_over_limit(json.dumps(game)[:-3]) is None
    assert deals_over_limit("[" * 100_000) is None


def test_a_large_game_over_the_limit_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    """A 3 MB game of 10,001 deals: refused at its 10,001st deal with memory a few
    times the file's (parsed and converted whole it took hundreds of times it)."""
    game = minimal()
    game["deals"] = [minimal()["deals"][0]] * (MAX_HANDS + 1)
    path = tmp_path / "long.egn"
    path.write_text(json.dumps(game))
    size = path.stat().st_size
    assert size > egn_limit.COUNT_FIRST
    tracemalloc.start()
    try:
        (item,) = read_egn_file(str(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert item.problem is not None and item.problem.code == "schema"
    assert "10,001 deals" in item.problem.message
    loc = item.problem.location
    assert loc is not None and loc.line == 1 and loc.column is not None
    assert json.dumps(game)[loc.column - 1:].startswith('{"dealNumber"')
    assert peak < 4 * size


# ------------------------------------------------------------ no uncaught exception
def test_a_branch_index_too_large_for_a_float() -> None:
    game = minimal()
    text = dumped(game).replace('"dealNumber": 0,',
                                '"dealNumber": 0, "alternativeLines": [{"branchIndex": 1e400,'
                                ' "phases": []}],')
    doc = json.loads(text)
    record = read_game(doc).record
    assert record is not None
    (note,) = record["x-ehh-notes"]
    assert "action" not in note  # a branch at no move of the game


@pytest.mark.parametrize("players", [5, True, "p-01", [5], [{"name": "no id"}]])
def test_a_match_whose_player_list_is_not_one(players: Any) -> None:
    match = json.loads(MATCH.read_text())
    match["metadata"]["players"] = players
    found = errors(dumped(match), match)
    assert [p.code for p in found] == ["schema"]
    assert "'id'" in found[0].message
    assert found[0].location is not None and found[0].location.line is not None


def test_a_ruleset_loner_lead_that_cannot_be_a_key() -> None:
    game = minimal()
    game["metadata"]["ruleset"]["loner_lead"] = []
    (found,) = read_game(game).found
    assert found.code == "invalid-variant"
    assert found.path == ("metadata", "ruleset", "loner_lead")


def _packed(bits: str) -> str:
    bits += "0" * (-len(bits) % 8)
    raw = int(bits, 2).to_bytes(len(bits) // 8, "big")
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


#: A version 2 deal of two players: dealer 0, 2 players, nines up, upcard 0; one
#: bidding phase, the first seat orders up alone and is defended by seat 1; then an
#: alternative line at move 2 that plays a trick -- of no cards (two players, one
#: alone, one defending alone): EGN's ``into % 0`` is NaN, ours was a division by zero.
TWO_PLAYER_LINE = _packed("0010" + "000" + "001" + "00" + "00000" + "001"
                          + "0" + "1" + "1" + "1" + "001" + "0"
                          + "1" + "00000001" + "0000000000000010" + "0001" + "1" + "000" + "0"
                          + "1010")


def test_a_condensed_line_with_tricks_of_no_cards() -> None:
    deal = unpack_deal(TWO_PLAYER_LINE)
    assert deal["alternativeLines"][0]["branchIndex"] == 2
    game = minimal()
    game["deals"] = [TWO_PLAYER_LINE]
    converted = read_game(game)  # a deal of two players: not replayed, but no crash
    assert converted.found or converted.record is not None


def test_a_condensed_binary_with_tricks_of_no_cards(tmp_path: Path) -> None:
    message = egnb._message_class(False)()
    message.deals.append(TWO_PLAYER_LINE)
    path = tmp_path / "two.egnb"
    path.write_bytes(b"\x01" + message.SerializeToString())
    items = list(read_egnb_file(str(path)))
    assert items and all(i.problem is None or i.problem.location is not None for i in items)


# ------------------------------------------------------------ wrong answers
def test_a_discard_after_trump_named_in_the_second_round_is_an_error() -> None:
    game = minimal()
    bidding = game["deals"][0]["phases"][0]
    bidding["calls"] = ["Pass"] * 4 + ["s"]
    game["deals"][0]["phases"][1]["tricks"] = [["As", "Ks", "Qs", "Js"]]
    text = dumped(game)
    found = [p for p in problems(text, game) if p.code == "illegal-action"]
    assert len(found) == 1 and "second round" in found[0].message
    loc = found[0].location
    assert loc is not None and loc.line is not None
    assert text.splitlines()[loc.line - 1].strip().startswith('"discard"')
    # and without the discard, no such error
    del bidding["discard"]
    assert not [p for p in problems(dumped(game), game) if p.code == "illegal-action"]


def test_a_discard_where_nobody_named_trump_is_an_error() -> None:
    game = minimal()
    game["deals"][0]["phases"] = [{"phaseNumber": 0, "type": "EUCHRE_BIDDING",
                                   "calls": ["Pass"] * 8, "discard": "Td"}]
    found = [p for p in problems(dumped(game), game) if p.code == "illegal-action"]
    assert any("nobody named trump" in p.message for p in found)


def _match_seating(seats: list[str]) -> dict[str, Any]:
    match = json.loads(MATCH.read_text())
    match["games"] = match["games"][:1]
    match["games"][0]["players"] = seats
    return match


def test_a_match_seating_one_player_four_times() -> None:
    match = _match_seating(["p-01"] * 4)
    text = dumped(match)
    found = errors(text, match)
    assert [p.message for p in found] == [
        f"the player \"p-01\" is seated twice (at N and {s})" for s in "ESW"]
    assert all(p.location is not None and p.location.line is not None for p in found)


def test_a_match_seating_players_not_in_its_list() -> None:
    match = _match_seating(["p-01", "p-02", "p-03", "nobody"])
    (found,) = errors(dumped(match), match)
    assert found.message == ("the player id \"nobody\" is not one of the match's players "
                             "('metadata.players')")
    match = _match_seating(["p-01", "p-02", "p-03"])
    (found,) = errors(dumped(match), match)
    assert "four player ids" in found.message


def test_players_override_names_ids_of_the_registry() -> None:
    match = _match_seating(["p-01", "p-02", "p-03", "p-04"])
    match["games"][0]["playersOverride"] = ["p-04", "p-03", "p-02", "p-01"]
    (item,) = egn_items(dumped(match), match, "m.emn")
    assert item.data["players"] == {"N": "WWMM", "E": "Chach", "S": "Jen-Eye",
                                    "W": "Dad of Carl"}
    assert not [p for p in item.converted if p.severity == "error"]


def test_a_player_id_given_twice_in_the_registry() -> None:
    match = _match_seating(["p-01", "p-02", "p-03", "p-04"])
    match["metadata"]["players"].append(copy.deepcopy(match["metadata"]["players"][0]))
    (found,) = errors(dumped(match), match)
    assert found.message == "the player id \"p-01\" is given twice"


def test_the_games_of_a_match_compile_their_ruleset_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """1,000 one-line games took 25 s: each compiled its variant again (the ruleset's,
    and the replay of its outcomes), parsing the variant files each time."""
    from euchre_dsl.rules import registry
    parsed: list[object] = []
    real = registry.parse_file

    def counting(*args: Any, **kwargs: Any) -> Any:
        parsed.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(registry, "parse_file", counting)

    def match_of(games: int, target: int) -> dict[str, Any]:
        game = minimal()  # a ruleset no shipped variant is
        game["metadata"]["ruleset"] = {"std": False, "winning_score": target}
        return {"fileType": "Euchre Match Notation", "games": [{"gameData": game}] * games}

    problems(dumped(match_of(1, 8)), match_of(1, 8), "m.emn")  # the shipped ones, once
    parsed.clear()
    match = match_of(30, 7)
    found = problems(dumped(match), match, "m.emn")
    assert not [p for p in found if p.severity == "error"]
    assert 1 <= len(parsed) <= 4  # standard's file, once or twice: not once a game
