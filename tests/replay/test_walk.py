"""The one walk of a record: the validator, the replay and the converter read the same
events; with or without steps it finds the same problems; it is lazy, hand by hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from history_tools import random_game

from euchre_dsl.display.replay import replay_lazily
from euchre_dsl.engine.actions import PLAY
from euchre_dsl.errors import Problem
from euchre_dsl.records.reader import read_records
from euchre_dsl.replay.events import Acted, Dealt, HandEnded, Started
from euchre_dsl.replay.walk import walk_record
from euchre_dsl.rules.registry import shipped_ids
from euchre_dsl.validate.validator import Validator

HERE = Path(__file__).resolve().parent
BROKEN = sorted(p for p in (HERE.parent / "validate" / "broken").iterdir()  # the corpus
                if p.suffix in (".json", ".jsonl", ".ehh"))
SAMPLE = HERE.parent.parent / "samples" / "standard-game.json"


def problems(events: Any) -> list[Problem]:
    return [e for e in events if isinstance(e, Problem)]


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.name)
def test_with_or_without_steps_the_walk_finds_the_validators_problems(path: Path) -> None:
    v = Validator()
    for item in read_records(str(path)):
        if item.problem is not None:
            continue
        where = {"index": item.index, "file": str(path), "locate": item.locate(str(path))}
        expected = v.validate(item.data, **where)
        assert problems(walk_record(item.data, **where, variants=v)) == expected
        assert problems(walk_record(item.data, **where, steps=True, variants=v)) == expected


@pytest.mark.parametrize("variant", shipped_ids())
def test_a_step_per_action_and_a_hand_end_per_hand(variant: str) -> None:
    rec = random_game(variant, 3)
    events = list(walk_record(rec, steps=True))
    assert isinstance(events[0], Started) and not problems(events)
    ended = [e for e in events if isinstance(e, HandEnded)]
    assert [e.hand for e in ended] == list(range(len(rec["hands"])))
    assert all(e.finished for e in ended)
    for h, hand in enumerate(rec["hands"]):
        acted = [e for e in events if isinstance(e, Acted) and e.hand == h]
        assert [e.action for e in acted] == list(range(len(hand["actions"])))
        assert not any(e.refused for e in acted)
        plays = [e.move for e in acted if e.move is not None and e.move.verb == PLAY]
        assert len(plays) == sum(a[1] == PLAY for a in hand["actions"])
    # without steps: the record, then each hand's end, and nothing per action
    kinds = {type(e) for e in walk_record(rec)}
    assert kinds == {Started, HandEnded}


def test_the_walk_is_lazy_hand_by_hand() -> None:
    rec = json.loads(SAMPLE.read_text())
    assert len(rec["hands"]) > 2
    events = walk_record(rec, steps=True)
    for event in events:
        if isinstance(event, HandEnded):
            break
    # suspended after hand 1: the engine has scored one hand, no more
    assert event.hand == 0 and len(event.game.results) == 1
    assert isinstance(next(events), Dealt)
    view, hands = replay_lazily(rec)
    first = next(hands)
    assert first.number == 1 and first.result is not None
    assert view.hands == []  # hands are not kept
    rest = list(hands)
    assert len(rest) == len(rec["hands"]) - 1
    assert dict(zip(view.side_names, view.scores)) == rec["final"]["scores"]


def test_a_refused_action_is_the_last_step_of_its_hand() -> None:
    rec = json.loads(SAMPLE.read_text())
    rec["hands"][0]["actions"][3] = ["N", "fold"]
    events = list(walk_record(rec, steps=True))
    acted = [e for e in events if isinstance(e, Acted) and e.hand == 0]
    assert acted[-1].action == 3 and acted[-1].refused and acted[-1].move is None
    assert [p.code for p in problems(events) if p.hand == 0] == ["schema", "not-checked"]
    end = next(e for e in events if isinstance(e, HandEnded) and e.hand == 0)
    assert not end.finished
