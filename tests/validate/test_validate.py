"""The validator: every code of the ehh/1 table, located, and recovery after errors.

The corpus in ``broken/`` holds one small broken record per case;
``broken_expected.json`` lists, per file, exactly the problems (code, severity,
record, hand, action, line, column) the validator must report -- no more.
The positions there were found by searching the files' text, independently
of the validator's own locator.  ``make_broken_corpus.py`` rebuilds it.
"""

from __future__ import annotations

import copy
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from history_tools import ACT1, ACT2, DEAL1, DEAL2, random_game

from euchre_dsl.engine.machine import Machine
from euchre_dsl.records.notation import short_seats
from euchre_dsl.records.reader import Locator, read_records
from euchre_dsl.records.writer import dump_pretty as pretty, dump_record
from euchre_dsl.replay.walk import walk_plays
from euchre_dsl.rules.registry import load_variant, shipped_ids
from euchre_dsl.validate.validator import (
    FileReport, Validator, check_items, validate_path, validate_record,
)

HERE = Path(__file__).resolve().parent
BROKEN = HERE / "broken"
SAMPLES = HERE.parent.parent / "samples"
EXPECTED: dict[str, list[dict[str, Any]]] = json.loads(
    (HERE / "broken_expected.json").read_text())

#: The problem codes of the ehh/1 spec's table.
SPEC_CODES = {"syntax", "schema", "unknown-variant", "invalid-variant", "bad-card", "bad-deal",
              "wrong-dealer", "out-of-turn", "illegal-action", "card-not-held", "renege",
              "incomplete-hand", "extra-action", "result-mismatch", "game-over"}


def problems_of(path: Path, notes: bool = False) -> list[dict[str, Any]]:
    found = check_items(read_records(str(path)), str(path), FileReport(str(path)))
    return [{"code": p.code, "severity": p.severity, "record": p.record, "hand": p.hand,
             "action": p.action, "line": p.location.line, "column": p.location.column}
            for p in found if notes or p.severity != "info"]


# -------------------------------------------------------------------- corpus
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_corpus(name: str) -> None:
    assert problems_of(BROKEN / name) == EXPECTED[name]


def test_corpus_covers_every_code_of_the_spec() -> None:
    covered = {p["code"] for problems in EXPECTED.values() for p in problems}
    assert SPEC_CODES <= covered
    on_disk = {p.name for p in BROKEN.iterdir() if p.suffix in (".json", ".jsonl")}
    assert on_disk == set(EXPECTED)


# ------------------------------------------------------------- valid games
@pytest.mark.parametrize("variant", shipped_ids())
def test_random_games_of_every_shipped_variant_validate(variant: str) -> None:
    for seed in range(3):
        rec = random_game(variant, seed)
        assert validate_record(rec) == [], (variant, seed)


def test_samples_validate() -> None:
    files = sorted(SAMPLES.glob("*.json")) + sorted(SAMPLES.glob("*.jsonl"))
    assert {f.name for f in files} >= {"standard-game.json", "games.jsonl"}
    for f in files:
        assert problems_of(f, notes=True) == [], f.name


# ------------------------------------------------------- scripted standard
# DEAL1/ACT1 (history_tools): dealer N; E passes, S orders up, N discards 9D.
# Worked by hand: E wins trick 1 (AS), N tricks 2-4 (JC, AC, 9C), S trick 5 (AH).
RESULT1 = {"trump": "C", "maker": "S", "tricks": {"N": 3, "E": 1, "S": 1, "W": 0},
           "points": {"N+S": 1, "E+W": 0}, "scores": {"N+S": 1, "E+W": 0}}
# DEAL2/ACT2 (history_tools): dealer E; everyone passes both rounds: thrown in.


def hand(dealer: str = "N", deal: dict[str, Any] | None = None, upcard: str = "9C",
         actions: list[Any] | None = None, result: dict[str, Any] | None = None
         ) -> dict[str, Any]:
    out: dict[str, Any] = {"dealer": dealer,
                           "deal": {"hands": copy.deepcopy(deal or DEAL1), "upcard": upcard},
                           "actions": copy.deepcopy(ACT1 if actions is None else actions)}
    if result is not None:
        out["result"] = copy.deepcopy(result)
    return out


def thrown_in(scores: dict[str, int], dealer: str = "E") -> dict[str, Any]:
    return hand(dealer, DEAL2, "AD", ACT2, {
        "trump": None, "maker": None, "tricks": {"N": 0, "E": 0, "S": 0, "W": 0},
        "points": {"N+S": 0, "E+W": 0}, "scores": scores})


def record(*hands: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"format": "ehh/1", "variant": "standard", "seats": ["N", "E", "S", "W"],
            **extra, "hands": list(hands)}


def codes(problems: list[Any], notes: bool = False) -> list[tuple[str, int | None, int | None]]:
    return [(p.code, p.hand, p.action) for p in problems if notes or p.severity != "info"]


def test_scripted_hand_and_a_thrown_in_one_validate() -> None:
    rec = record(hand(result=RESULT1), thrown_in({"N+S": 1, "E+W": 0}),
                 final={"scores": {"N+S": 1, "E+W": 0}, "winner": None})
    assert validate_record(rec) == []


def test_the_deal_passes_left_after_a_thrown_in_hand() -> None:
    """N deals, E's deal is thrown in, so S deals next -- not E again."""
    rec = record(hand(result=RESULT1), thrown_in({"N+S": 1, "E+W": 0}), hand("S"))
    assert all(p.code != "wrong-dealer" for p in validate_record(rec))
    rec["hands"][2]["dealer"] = "E"
    problems = validate_record(rec)
    assert codes(problems)[0] == ("wrong-dealer", 2, None)
    assert "hand 3 is dealt by E" in problems[0].message and "S deals it" in problems[0].message


def test_extra_key_prefix_x_is_kept_and_other_keys_are_not() -> None:
    rec = record(hand(result=RESULT1), **{"x-club": "Elks"})
    assert validate_record(rec) == []
    rec["hands"][0]["x-note"] = "no"
    assert codes(validate_record(rec)) == [("schema", 0, None)]


def test_format_must_be_ehh1() -> None:
    rec = record(hand())
    rec["format"] = "ehh/2"
    (p,) = validate_record(rec)
    assert p.code == "schema" and "ehh/1" in p.message


def test_a_record_that_is_not_an_object() -> None:
    (p,) = validate_record([1, 2])
    assert p.code == "schema" and "an array" in p.message


def test_players_and_meta_types_are_checked() -> None:
    rec = record(hand(), players={"N": "Ann", "Q": "Bob"}, meta={"date": "2024-01-01",
                                                                 "round": 3, "bad": [1]})
    assert [p.code for p in validate_record(rec)] == ["schema", "schema"]


# ---------------------------------------------------------------- reneges
def test_every_renege_is_reported_and_the_penalty_scored() -> None:
    acts = copy.deepcopy(ACT1)
    acts[5] = ["W", "play", "9H"]  # trick 1, spades led: W holds 9S TS
    acts[8] = ["S", "play", "AH"]  # trick 2, trump led: S holds QC TC
    acts[9] = ["W", "play", "9S"]
    acts[11:] = [["N", "play", "AC"], ["E", "play", "KC"], ["S", "play", "QC"],
                 ["W", "play", "AD"], ["N", "play", "9C"], ["E", "play", "TD"],
                 ["S", "play", "TC"], ["W", "play", "TS"], ["S", "play", "KD"],
                 ["W", "play", "JH"], ["N", "play", "QH"], ["E", "play", "KH"]]
    # W reneged first: N+S are awarded 2 instead of the hand's score
    rec = record(hand(actions=acts, result={"points": {"N+S": 2, "E+W": 0}}))
    problems = validate_record(rec)
    assert codes(problems) == [("renege", 0, 5), ("renege", 0, 8)]
    assert "W reneged in trick 1" in problems[0].message
    assert "S reneged in trick 2" in problems[1].message


# ----------------------------------------------------------- unknown cards
def test_unknown_hands_and_cards_parse_and_check_what_is_proven() -> None:
    h = hand(result=RESULT1)
    h["deal"]["hands"] = {"N": ["JC", "AC", "KS", "QH", "??"], "E": None}
    h["actions"][2] = ["N", "discard", "??"]
    problems = validate_record(record(h))
    assert codes(problems) == []
    assert [p.code for p in problems] == ["unknown-cards"]
    assert problems[0].severity == "info"


def test_renege_proven_by_a_later_play_with_hidden_hands() -> None:
    """W shows out of spades in trick 1, then plays a spade: the show-out was a renege."""
    h = hand()
    h["deal"]["hands"] = {"N": DEAL1["N"]}
    h["actions"][5] = ["W", "play", "9H"]
    h["actions"][9] = ["W", "play", "9S"]
    # issue 9, finding 2: reported where W did not follow suit, proven by action 10
    problems = validate_record(record(h))
    assert codes(problems) == [("renege", 0, 5)]
    p = problems[0]
    assert p.message == ("hand 1: W reneged in trick 1 with 9H: proven by action 10, where W "
                         "plays 9S in trick 2 after showing out of spades in trick 1")


def test_a_card_played_twice_is_caught_with_hidden_hands() -> None:
    h = hand()
    h["deal"]["hands"] = {}
    h["actions"][6] = ["N", "play", "QS"]  # S played QS just before
    problems = validate_record(record(h))
    assert codes(problems) == [("card-not-held", 0, 6)]
    p = problems[0]
    assert "already played" in p.message


def test_a_played_card_cannot_be_unknown() -> None:
    h = hand()
    h["actions"][4] = ["S", "play", "??"]
    assert codes(validate_record(record(h))) == [("bad-card", 0, 4)]


# ------------------------------------------------------------ recovery
def test_a_broken_hand_resumes_from_its_claimed_scores() -> None:
    broken = hand(result={"scores": {"N+S": 1, "E+W": 0}})
    broken["actions"][5] = ["W", "play", "KS"]  # N holds KS
    rec = record(broken, thrown_in({"N+S": 1, "E+W": 0}),
                 final={"scores": {"N+S": 1, "E+W": 0}, "winner": None})
    problems = validate_record(rec)
    assert codes(problems) == [("card-not-held", 0, 5)]
    assert codes(problems, notes=True)[1] == ("not-checked", 0, None)


def test_a_broken_hand_without_claimed_scores_leaves_scores_unchecked_until_claimed() -> None:
    broken = hand()
    broken["actions"][5] = ["W", "play", "KS"]
    later = thrown_in({"N+S": 7, "E+W": 3})
    rec = record(broken, later, final={"scores": {"N+S": 7, "E+W": 3}, "winner": None})
    problems = validate_record(rec)
    assert codes(problems) == [("card-not-held", 0, 5)]
    assert codes(problems, notes=True)[1:] == [("not-checked", 1, None)]
    del later["result"]["scores"]  # nothing to go on: final cannot be checked
    rec = record(broken, later, final={"scores": {"N+S": 7, "E+W": 3}, "winner": None})
    problems = validate_record(rec)
    assert codes(problems) == [("card-not-held", 0, 5)]
    assert codes(problems, notes=True)[1:] == [("not-checked", None, None)]


def test_a_wrong_running_score_is_one_problem_and_the_correct_claims_after_it_stand() -> None:
    """The replay keeps its own truth (issue 9, finding 1): hand 1 claims N+S 2 (the
    replay gives 1); hand 2 and final claim the true N+S 1 and are not blamed."""
    wrong = dict(RESULT1, scores={"N+S": 2, "E+W": 0})
    rec = record(hand(result=wrong), thrown_in({"N+S": 1, "E+W": 0}),
                 final={"scores": {"N+S": 1, "E+W": 0}, "winner": None})
    problems = validate_record(rec)
    assert codes(problems) == [("result-mismatch", 0, None)]
    assert "N+S 2" in problems[0].message and "N+S 1" in problems[0].message


def test_a_wrong_sum_carried_forward_is_wrong_at_every_claim_that_carries_it() -> None:
    """Behaviour changed by issue 9: the rejected N+S 2 is not adopted, so hand 2 and
    final, which repeat it, are each wrong too (one problem per wrong claim)."""
    wrong = dict(RESULT1, scores={"N+S": 2, "E+W": 0})
    rec = record(hand(result=wrong), thrown_in({"N+S": 2, "E+W": 0}),
                 final={"scores": {"N+S": 2, "E+W": 0}, "winner": None})
    problems = validate_record(rec)
    assert codes(problems) == [("result-mismatch", 0, None), ("result-mismatch", 1, None),
                               ("result-mismatch", None, None)]
    assert all("N+S 2" in p.message and "N+S 1" in p.message for p in problems)


def test_hands_after_a_broken_one_are_still_checked() -> None:
    broken = hand()
    broken["deal"]["hands"]["W"][0] = "XX"
    later = thrown_in({"N+S": 0, "E+W": 0})
    later["actions"][0] = ["W", "pass"]
    assert codes(validate_record(record(broken, later))) == [("bad-card", 0, None),
                                                             ("out-of-turn", 1, 0)]


def test_incomplete_last_hand_is_an_error_when_the_game_claims_a_winner() -> None:
    rec = record(hand(actions=ACT1[:8]), final={"winner": "N+S"})
    problems = validate_record(rec)
    assert [(p.code, p.severity) for p in problems] == [("incomplete-hand", "error"),
                                                        ("result-mismatch", "error")]


def test_extra_action_after_a_thrown_in_hand() -> None:
    h = thrown_in({"N+S": 0, "E+W": 0}, dealer="N")
    h["actions"] = [["E", "pass"], ["S", "pass"], ["W", "pass"], ["N", "pass"]] * 2 + \
        [["E", "call", "H"]]
    assert codes(validate_record(record(h))) == [("extra-action", 0, 8)]


# ---------------------------------------------------------- start and end
def test_start_scores_let_a_record_begin_mid_game() -> None:
    rec = record(hand(result=dict(RESULT1, scores={"N+S": 10, "E+W": 8})),
                 start_scores={"N+S": 9, "E+W": 8},
                 final={"scores": {"N+S": 10, "E+W": 8}, "winner": "N+S"})
    assert validate_record(rec) == []
    rec["start_scores"] = {"E+W": 8}  # N+S from the variant's start: 0
    # the replay keeps its N+S 1 (issue 9): the claimed 10-8 is wrong in the hand and in
    # 'final', scores and winner alike
    problems = validate_record(rec)
    assert codes(problems) == [("result-mismatch", 0, None), ("result-mismatch", None, None),
                               ("result-mismatch", None, None)]
    assert "N+S 10" in problems[0].message and problems[0].message.endswith("N+S 1")
    assert "final.winner says N+S won" in problems[2].message
    rec["start_scores"] = {"NS": 9}
    assert codes(validate_record(rec))[0] == ("schema", None, None)


def test_final_winner_may_be_a_list_for_a_tie_and_is_checked() -> None:
    rec = record(hand(result=RESULT1), final={"winner": ["N+S", "E+W"]})
    (p,) = validate_record(rec)
    assert p.code == "result-mismatch" and "not over" in p.message
    rec["final"]["winner"] = "N+W"
    assert [p.code for p in validate_record(rec)] == ["schema"]


# --------------------------------------------------------------- variants
def test_variant_path_is_relative_to_the_record_file(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "to7.yaml").write_text("extends: standard\ngame:\n  target: 7\n")
    rec = record(hand(result=dict(RESULT1, scores={"N+S": 7, "E+W": 0})),
                 start_scores={"N+S": 6, "E+W": 0}, final={"winner": "N+S"})
    rec["variant"] = "rules/to7.yaml"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    monkeypatch.chdir(HERE)
    assert problems_of(path) == []


def test_inline_variant_object() -> None:
    rec = record(hand(result=RESULT1))
    rec["variant"] = {"extends": "standard", "game": {"target": 5}}
    assert validate_record(rec) == []
    rec["start_scores"] = {"N+S": 4, "E+W": 0}
    rec["hands"][0]["result"]["scores"] = {"N+S": 5, "E+W": 0}
    rec["final"] = {"winner": "N+S"}
    assert validate_record(rec) == []


def test_seat_count_must_match_the_variant() -> None:
    rec = record(hand())
    rec["variant"] = "buck"  # four players too: fine
    assert all(p.code != "schema" for p in validate_record(rec))
    rec["variant"] = "columbus"
    assert [p.code for p in validate_record(rec)] == ["schema"]


# ------------------------------------------------------------- positions
def test_problems_carry_positions_only_when_a_locator_is_given() -> None:
    rec = record(hand())
    rec["hands"][0]["actions"][3] = ["S", "play", "QS"]
    (p,) = validate_record(rec, index=4, file="x.jsonl")
    assert (p.record, p.location.file, p.location.line) == (4, "x.jsonl", None)
    text = dump_record(rec)
    (p,) = Validator().validate(rec, index=4, file="x.jsonl", locate=Locator(text, 9, "x.jsonl"))
    assert (p.location.line, p.location.column) == (9, text.index('["S","play","QS"]') + 1)


# ----------------------------------------------------------- walk_plays
def test_walk_plays_stops_at_the_first_action_it_does_not_own() -> None:
    rules = load_variant("standard")
    game = Machine(rules, ["N", "E", "S", "W"], 0)
    deck = game.deck
    game.deal([[deck.parse(c) for c in DEAL1[s]] for s in "NESW"], deck.parse("9C"))
    seat_of = {s: i for i, s in enumerate("NESW")}
    for a in ACT1[:2]:
        game.pass_(seat_of[a[0]]) if a[1] == "pass" else game.order_up(seat_of[a[0]])
    game.discard(0, deck.parse("9D"))
    actions = copy.deepcopy(ACT1)
    actions[6] = ["N", "play", "K♠"]  # a spelling the table knows: still replayed
    actions[8] = ["S", "play", "QS"]  # already played by S
    reneges: list[tuple[int, str]] = []
    short = short_seats(seat_of)
    i, err = walk_plays(game, actions, 3, seat_of, short, reneges)
    assert i == 8 and err is not None and err.code == "card-not-held"
    actions[8] = ["S", "stay"]
    assert walk_plays(game, actions, 8, seat_of, short, reneges) == (8, None)
    assert reneges == []


# ---------------------------------------------------------------- robustness
POOL: list[Any] = [None, True, 0, -1, 1.5, "", "??", "JK", "N", "N+S", "play", "pass", [], {},
                   ["N"], ["N", "play"], {"N": 1}, "x" * 40, [None], {"": []}]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, path + (i,))
    return out


def test_no_mutation_of_a_record_crashes_the_validator() -> None:
    base = random_game("standard", 11)
    rng = random.Random(5)
    validator = Validator()
    allowed = SPEC_CODES | {"unknown-cards", "not-checked"}
    paths = _paths(base)
    for _ in range(400):
        rec = copy.deepcopy(base)
        for _ in range(rng.randint(1, 3)):
            path = rng.choice(paths)
            if not path:
                continue
            parent = rec
            try:
                for k in path[:-1]:
                    parent = parent[k]
                parent[path[-1]] = copy.deepcopy(rng.choice(POOL))
            except (KeyError, IndexError, TypeError):
                continue
        text = dump_record(rec)
        for p in validator.validate(rec, locate=Locator(text, 1, "f.jsonl")):
            assert p.code in allowed
            assert p.location.line == 1 and p.location.column is not None


def test_copying_the_corpus_elsewhere_keeps_relative_variant_paths(tmp_path: Path) -> None:
    shutil.copytree(BROKEN, tmp_path / "broken")
    name = "invalid-variant-file.json"
    assert problems_of(tmp_path / "broken" / name) == EXPECTED[name]


def test_validate_path_counts_and_keeps_problems() -> None:
    report = validate_path(str(BROKEN / "records.jsonl"))
    assert (report.records, report.hands, report.errors, report.warnings) == (3, 3, 2, 0)
    assert [p.code for p in report.problems] == ["renege", "schema", "not-checked"]
    clean = validate_path(str(SAMPLES / "games.jsonl"))
    assert (clean.records, clean.errors, clean.problems) == (6, 0, [])


# ------------------------------------------------- issue 9: true and well placed
def test_the_sample_with_one_wrong_running_score_reports_that_hand_only(tmp_path: Path) -> None:
    """Finding 1, the issue's example: hand 3 of the sample claims N+S 5 (the replay
    gives 4); hand 4's correct N+S 4 and the final are not blamed."""
    text = (HERE.parent.parent / "examples" / "text" / "standard-game.ehh").read_text()
    wrong = text.replace("points N+S +1 E+W 0, scores N+S 4 E+W 0",
                         "points N+S +1 E+W 0, scores N+S 5 E+W 0", 1)
    assert wrong != text
    path = tmp_path / "game.ehh"
    path.write_text(wrong)
    problems = [p for p in validate_path(str(path)).problems if p.severity != "info"]
    assert [(p.code, p.hand, p.location.line) for p in problems] == [
        ("result-mismatch", 2, 47)]


def test_each_hand_recorded_after_the_game_is_won_is_its_own_problem() -> None:
    """Finding 3: N+S win with the first hand; the two hands after it are each a
    game-over problem at that hand (no "(1 more after it)")."""
    won = dict(RESULT1, scores={"N+S": 10, "E+W": 4})
    rec = record(hand(result=won), thrown_in({"N+S": 10, "E+W": 4}),
                 thrown_in({"N+S": 10, "E+W": 4}, dealer="S"),
                 start_scores={"N+S": 9, "E+W": 4})
    problems = validate_record(rec)
    assert codes(problems) == [("game-over", 1, None), ("game-over", 2, None)]
    assert all("more after it" not in p.message for p in problems)
    assert problems[1].message.startswith("hand 3 is recorded after the game was won")


def test_a_card_dealt_twice_is_reported_at_its_second_holder() -> None:
    """Finding 6: AS is E's; W is dealt it too -- the problem points at W's AS."""
    h = hand(result=RESULT1)
    h["deal"]["hands"]["W"][4] = "AS"
    text = pretty(record(h))
    (p,) = [p for p in validate_record(record(h), locate=Locator(text, 1, "f.json"))
            if p.code == "bad-deal"]
    assert "AS is dealt twice (W's hand)" in p.message
    line = text.split("\n")[p.location.line - 1]
    assert line.lstrip().startswith('"W"') and line[p.location.column - 1:].startswith('"AS"')


def test_notation_mistakes_after_the_first_error_of_a_hand_are_reported_too() -> None:
    """Finding 4: a hand with 'orderup', then 'KX', took two runs.  What is wrong
    whatever the state (a verb, seat or card that does not exist) is reported in one
    pass; what depends on the state after the stop (turn, legality) is not guessed."""
    h = hand(result=RESULT1)
    h["actions"][1] = ["S", "orderup"]
    h["actions"][6] = ["N", "play", "KX"]
    h["actions"][7] = ["Q", "play", "JS"]
    h["actions"][9] = ["W", "play", "9S"]  # out of turn in the original order: not guessed
    problems = validate_record(record(h))
    assert codes(problems) == [("schema", 0, 1), ("bad-card", 0, 6), ("schema", 0, 7)]


def test_one_wrong_dealer_name_is_one_problem() -> None:
    """Issue 27, finding 15: hand 5's dealer E renamed S is one ``wrong-dealer``; the
    hand's actions (which follow E) and hand 6 (rightly dealt by S) are not blamed."""
    rec = random_game("standard", 3)
    dealers = [h["dealer"] for h in rec["hands"]]
    h = next(k for k in range(1, len(dealers) - 1) if dealers[k] == "E")
    rec["hands"][h]["dealer"] = "S"
    problems = [p for p in validate_record(rec) if p.severity != "info"]
    assert codes(problems) == [("wrong-dealer", h, None)]
    assert f"hand {h + 1} is dealt by S" in problems[0].message


def test_a_broken_last_hand_that_may_have_won_outright_leaves_the_winner_unchecked() -> None:
    """Issue 27, finding 16: in Dirty Clubs, taking every trick wins the game without
    changing the scores; when the last hand cannot be replayed (two plays swapped),
    the claimed winner is not checked -- never a false "the game is not over"."""
    rec = random_game("dirty-clubs", 0)
    assert rec["final"]["winner"] is not None
    assert not any(rec["hands"][-1]["result"]["points"].values())  # won outright
    actions = rec["hands"][-1]["actions"]
    plays = [k for k, a in enumerate(actions) if a[1] == "play"]
    actions[plays[-2]], actions[plays[-1]] = actions[plays[-1]], actions[plays[-2]]
    problems = validate_record(rec)
    assert [p.code for p in problems if p.severity != "info"] == ["out-of-turn"]
    assert any(p.code == "not-checked" and "final.winner" in p.message for p in problems)
    rec["final"]["winner"] = None  # the claim that agrees with the scores: not blamed either
    assert [p.code for p in validate_record(rec) if p.severity != "info"] == ["out-of-turn"]


def test_only_the_documented_spellings_are_read() -> None:
    """Issue 27, finding 18: ``str.upper`` made "Jſ" (long s) the jack of spades and a
    trump claim "ſ" spades, and spaces around a card were stripped: each is an error."""
    rec = random_game("standard", 5)
    h, k = next((h, k) for h, hand in enumerate(rec["hands"])
                for k, a in enumerate(hand["actions"]) if a[1] == "play" and a[2][1] == "S")
    for bad in (rec["hands"][h]["actions"][k][2][0] + "ſ", f" {rec['hands'][h]['actions'][k][2]} "):
        broken = copy.deepcopy(rec)
        broken["hands"][h]["actions"][k][2] = bad
        problems = [p for p in validate_record(broken) if p.severity != "info"]
        assert codes(problems)[0] == ("bad-card", h, k) and repr(bad) in problems[0].message
    t = next(h for h, hand in enumerate(rec["hands"]) if hand["result"]["trump"] == "S")
    rec["hands"][t]["result"]["trump"] = "ſ"
    assert codes(validate_record(rec)) == [("schema", t, None)]
    rec["hands"][t]["result"]["trump"] = "s"  # ASCII letters in any case are documented
    assert validate_record(rec) == []
