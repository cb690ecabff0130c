"""Validating records with hidden hands: what can be proven is, the rest is a note.

A record written from one player's view (the other hands ``-``, their
discards ``??``) of a legal game validates, in every shipped variant; the
same view of a game with reneges finds every reneging seat, at the later
play that proves it, at that play's line and column in the text, and scores
the hand exactly as the full record does (the first offence decides the
penalty).  What could not be checked is said as a note (severity ``info``).
"""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from history_tools import random_game
from partial_tools import one_seat_view, proofs, renegade_game

from euchre_dsl.records.text_reader import read_text
from euchre_dsl.records.text_writer import dump_game
from euchre_dsl.rules.registry import shipped_ids
from euchre_dsl.validate.validator import Validator, validate_record

VARIANTS = shipped_ids()


def text_problems(record: dict[str, Any]) -> tuple[str, list[Any]]:
    """The record as text, and the problems the validator finds in that text."""
    text = dump_game(record)
    (item,) = read_text(text, "view.ehh")
    assert item.problem is None
    return text, Validator().validate(item.data, file="view.ehh", locate=item.locate("view.ehh"))


def renegers(problems: list[Any]) -> set[tuple[int | None, str]]:
    return {(p.hand, p.message.split()[2]) for p in problems if p.code == "renege"}


# ------------------------------------------------------------------ legal games
@pytest.mark.parametrize("variant", VARIANTS)
def test_one_players_view_of_a_legal_game_validates(variant: str) -> None:
    for seed in range(2):
        rec = random_game(variant, seed)
        for seat in rec["seats"]:
            view = one_seat_view(rec, seat)
            _, problems = text_problems(view)
            assert [p.format() for p in problems if p.severity != "info"] == []
            notes = [p for p in problems if p.severity == "info"]
            assert any(p.code == "unknown-cards" for p in notes)


def test_public_cards_only_validate_and_say_what_was_not_checked() -> None:
    rec = random_game("standard", 3)
    view = one_seat_view(rec, "nobody")
    assert all(c is None for h in view["hands"] for c in h["deal"]["hands"].values())
    problems = validate_record(view)
    assert [p.severity for p in problems] == ["info"]
    assert "not recorded" in problems[0].message


# ------------------------------------------------------- hidden reneges, found
#: (variant, seed, viewer): games with at least one hidden renege proven later.
RENEGADES = [("british", 1, "S"), ("buck", 1, "N"), ("columbus", 1, "A"),
             ("defenders-bonus", 1, "E"), ("dirty-clubs", 1, "N"), ("dirty-clubs-5", 1, "A"),
             ("dirty-clubs-6", 1, "A"), ("openspiel", 2, "N"), ("railroad", 1, "E"),
             ("six-hand", 1, "A"), ("standard", 1, "E"), ("three-hand", 1, "B"),
             ("two-hand", 1, "N")]


def _clean_viewer(rec: dict[str, Any], viewer: str) -> dict[str, Any]:
    """The game up to the first hand in which the viewer reneges (the viewer's own
    reneges are proven at once, not by a later play)."""
    full = validate_record(rec)
    own = sorted(p.hand for p in full if p.code == "renege" and
                 p.message.split()[2] == viewer)
    if own:
        rec = copy.deepcopy(rec)
        rec["hands"] = rec["hands"][:own[0]]
        del rec["final"]
    return rec


@pytest.mark.parametrize("variant, seed, viewer", RENEGADES)
def test_a_hidden_renege_is_placed_at_the_play_that_broke_the_rule(variant: str, seed: int,
                                                                  viewer: str) -> None:
    """Issue 9, finding 2: a renege proven by a later play is reported where the seat
    did not follow suit, and the message names the play that proves it."""
    rec = _clean_viewer(renegade_game(variant, seed), viewer)
    hidden = set(rec["seats"]) - {viewer}
    expected = proofs(rec, hidden)
    assert expected, "the game has a hidden renege"
    text, problems = text_problems(one_seat_view(rec, viewer))
    found = [p for p in problems if p.code == "renege"]
    assert [(p.hand, p.action) for p in found] == [(h, i) for h, i, _ in expected]
    lines = text.split("\n")
    starts = [n for n, line in enumerate(lines, 1) if re.match(r"hand \d+", line)]
    for p, (h, i, seat) in zip(found, expected):
        action = rec["hands"][h]["actions"][i]
        line, column = p.location.line, p.location.column
        assert starts[h] < line < (starts[h + 1] if h + 1 < len(starts) else len(lines) + 1)
        assert lines[line - 1][column - 1:].startswith(f"{seat}:{action[2]}")
        assert p.message.startswith(f"hand {h + 1}: {seat} reneged")
        if "proven by action" in p.message:
            proof = int(p.message.split("proven by action ")[1].split(",")[0]) - 1
            assert proof > i and rec["hands"][h]["actions"][proof][0] == seat
    # no other error: the hand is scored as the full record says
    assert [p.format() for p in problems if p.severity == "error" and p.code != "renege"] == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_reneging_seat_is_found_and_scores_agree(variant: str) -> None:
    for seed in range(4):
        rec = renegade_game(variant, seed)
        full = validate_record(rec)
        assert {p.code for p in full} <= {"renege"}
        for seat in rec["seats"]:
            view = validate_record(one_seat_view(rec, seat))
            assert [p.format() for p in view if p.severity == "error" and
                    p.code != "renege"] == []
            assert renegers(view) == renegers(full)


def test_an_unknown_discard_still_validates_and_counting_finds_a_renege() -> None:
    text = """\
[Variant "standard"]
[Seats N E S W]

hand 1 dealer W
  N: -
  E: -
  S: -
  W: AH KH 9S TS QD
  upcard 9D
  bidding N:order_up W:discard ??
  trick 1 N:QH E:9H S:TH W:9S
"""
    (item,) = read_text(text, "t.ehh")
    problems = Validator().validate(item.data, file="t.ehh", locate=item.locate("t.ehh"))
    renege = [p for p in problems if p.code == "renege"]
    assert len(renege) == 1
    assert (renege[0].location.line, renege[0].location.column) == (11, 26)
    assert "while holding one of AH KH" in renege[0].message
    assert [p.code for p in problems if p.severity == "warning"] == ["incomplete-hand"]
