"""The house-rule verbs in ``ehh/1`` records: written, read back, replayed, checked.

``give`` (call for best), ``swap`` (farmer's hand, going under), ``misdeal``
(a shown hand or a faulty deal) and the ``LNT`` contract are our extensions
(docs/hand-history-extensions.md).  Seeded simulations of variants with the
options write records that must validate without a problem and must contain
the extensions; hand-made records show that each is checked.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from euchre_dsl.engine.actions import GIVE, MISDEAL, SWAP, Action
from euchre_dsl.engine.machine import Machine
from euchre_dsl.records.notation import action_to_json
from euchre_dsl.rules.registry import compile_data
from euchre_dsl.sim.runner import simulate
from euchre_dsl.validate.validator import validate_record

VARIANTS: dict[str, dict[str, Any]] = {
    "farmers-swap": {"extends": "standard", "deal": {"farmers_hand": "three_nines_or_tens"}},
    "going-under": {"extends": "standard", "deal": {"farmers_hand": "any_hand"}},
    "farmers-misdeal": {"extends": "standard", "deal": {
        "farmers_hand": "only_nines_and_tens", "farmers_hand_effect": "misdeal",
        "ace_no_face": True}},
    "call-for-best": {"extends": "railroad", "alone": {"canadian_loner": True}},
    "low-no-trump": {"extends": "standard", "bidding": {
        "no_trump": True, "low_no_trump": True, "stick_the_dealer": True,
        "must_hold_trump_to_call": True}},
    "swap-32": {"extends": "standard", "deck": {"lowest": "7"},
                "deal": {"farmers_hand": "any_hand", "misdeal": "pass_deal"}},
}
#: What each variant's records must show at least once.
SHOWS = {"farmers-swap": "swap", "going-under": "swap", "farmers-misdeal": "misdeal",
         "call-for-best": "give", "low-no-trump": "LNT", "swap-32": "swap"}


def records(name: str, games: int = 12) -> list[dict[str, Any]]:
    data = {"id": name, **VARIANTS[name]}
    return list(simulate(compile_data(data), data, games, seed=5))  # type: ignore[arg-type]


def errors(record: dict[str, Any]) -> list[Any]:
    return [p for p in validate_record(record) if p.severity == "error"]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_simulated_records_with_house_rules_validate(name: str) -> None:
    recs = records(name)
    seen = set()
    for rec in recs:
        assert errors(rec) == []
        for hand in rec["hands"]:
            for a in hand["actions"]:
                seen.update(str(x) for x in a[1:3])
    assert SHOWS[name] in seen


def find_hand(recs: list[dict[str, Any]], verb: str) -> tuple[dict[str, Any], int, int]:
    """A record, hand and action index where ``verb`` was recorded."""
    for rec in recs:
        for h, hand in enumerate(rec["hands"]):
            for i, a in enumerate(hand["actions"]):
                if a[1] == verb:
                    return rec, h, i
    raise AssertionError(f"no {verb} recorded")


def broken(rec: dict[str, Any], h: int, i: int, action: list[Any]) -> list[Any]:
    rec = copy.deepcopy(rec)
    rec["hands"][h]["actions"][i] = action
    return errors(rec)


def test_a_give_by_the_wrong_seat_or_of_a_card_not_held() -> None:
    rec, h, i = find_hand(records("call-for-best"), GIVE)
    seat, _, card = rec["hands"][h]["actions"][i]
    lone = rec["hands"][h]["actions"][i - 1][0]  # the lone player's discard comes first
    problems = broken(rec, h, i, [lone, "give", card])
    assert problems[0].code == "out-of-turn" and problems[0].action == i
    held = set(rec["hands"][h]["deal"]["hands"][lone])
    other = next(c for c in rec["hands"][h]["deal"]["hands"][lone] if c in held)
    problems = broken(rec, h, i, [seat, "give", other])
    assert problems[0].code == "card-not-held"
    problems = broken(rec, h, i, [seat, "give", "??"])
    assert problems[0].code == "bad-card"


def test_a_swap_must_show_three_known_cards_of_the_hand() -> None:
    rec, h, i = find_hand(records("farmers-swap"), SWAP)
    seat, _, *shown = rec["hands"][h]["actions"][i]
    assert broken(rec, h, i, [seat, "swap", *shown[:2]])[0].code == "schema"
    assert broken(rec, h, i, [seat, "swap", shown[0], shown[1], "??"])[0].code == "bad-card"
    assert broken(rec, h, i, [seat, "swap", shown[0], shown[0], shown[1]])[0].code == "bad-card"


def test_a_shown_misdeal_must_qualify() -> None:
    rec, h, i = find_hand(records("farmers-misdeal"), MISDEAL)
    seat, _, *shown = rec["hands"][h]["actions"][i]
    assert len(shown) == 5
    problems = broken(rec, h, i, [seat, "misdeal", *shown[:4]])
    assert problems[0].code == "illegal-action" and "whole hand" in problems[0].message


def test_house_rule_verbs_are_refused_where_the_variant_has_none() -> None:
    rec, h, i = find_hand(records("farmers-swap"), SWAP)
    rec = copy.deepcopy(rec)
    rec["variant"] = "standard"
    problems = errors(rec)
    # refused where it stands: a seat not on turn is out of turn, else illegal
    assert problems[0].code in ("illegal-action", "out-of-turn")
    assert (problems[0].hand, problems[0].action) == (h, i)


def test_a_swap_replays_with_hidden_hands_and_no_kitty() -> None:
    rec, h, i = find_hand(records("farmers-swap"), SWAP)
    rec = copy.deepcopy(rec)
    hand = rec["hands"][h]
    hand["deal"].pop("kitty", None)
    swapper = hand["actions"][i][0]
    for label in hand["deal"]["hands"]:
        if label != swapper:
            hand["deal"]["hands"][label] = None
    assert errors(rec) == []


def test_a_faulty_deal_is_recorded_with_a_bare_misdeal() -> None:
    data = {"id": "house", "extends": "standard", "deal": {"misdeal": "pass_deal"}}
    record = {"format": "ehh/1", "variant": data, "seats": ["N", "E", "S", "W"], "hands": [
        {"dealer": "W", "deal": {"hands": None, "upcard": "9H"},
         "actions": [["E", "misdeal"]],
         "result": {"trump": None, "maker": None, "points": {"N+S": 0, "E+W": 0}}},
        {"dealer": "N", "deal": {"hands": None, "upcard": "9S"},
         "actions": [["E", "pass"], ["S", "misdeal"]]},
    ]}
    assert errors(record) == []  # the deal passed to N
    record["variant"] = "standard"  # the same dealer deals again
    assert [p.code for p in errors(record)] == ["wrong-dealer"]


def test_actions_are_written_as_the_extensions_say() -> None:
    g = Machine(compile_data({"id": "house", "extends": "standard",
                           "bidding": {"no_trump": True, "low_no_trump": True}}))
    m = g.deck.mask([g.deck.parse(c) for c in ("TH", "9C", "9D")])
    # cards shown are written in the deal's order (by suit, high first)
    assert action_to_json(g, Action(0, SWAP, m)) == ["N", "swap", "TH", "9D", "9C"]
    assert action_to_json(g, Action(2, GIVE, g.deck.parse("AH"))) == ["S", "give", "AH"]
    assert action_to_json(g, Action(1, MISDEAL)) == ["E", "misdeal"]
    assert action_to_json(g, Action(1, "call", 5, True)) == ["E", "call", "LNT", "alone"]
