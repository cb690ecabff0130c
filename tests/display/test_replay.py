"""The replay model: a step per action, tricks and scores as the engine has them, problems
at the action where they occur, hidden hands."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from euchre_dsl.display.replay import hide_hands, replay_record
from euchre_dsl.errors import EuchreError
from euchre_dsl.records.reader import read_records
from euchre_dsl.rules.registry import shipped_ids

HERE = Path(__file__).resolve().parent.parent / "validate"  # the broken-record corpus and its tools
sys.path.insert(0, str(HERE))

from history_tools import random_game  # noqa: E402
BROKEN = HERE / "broken"
# Seeded random games (tests/fixtures/random-games, the samples before issue 25): absurd
# bids, loners and euchres at known places, which the renderer's checks below rely on.
SAMPLE = HERE.parent / "fixtures" / "random-games" / "standard-game.json"


def first(path: Path) -> tuple[object, object]:
    (item, *_) = read_records(str(path))
    return item.data, item.locate(str(path))


@pytest.mark.parametrize("variant", shipped_ids())
def test_every_action_is_a_step_and_the_results_are_the_records(variant: str) -> None:
    rec = random_game(variant, 4)
    view = replay_record(rec)
    assert len(view.hands) == len(rec["hands"])
    for hv, hand in zip(view.hands, rec["hands"]):
        assert [s.action for s in hv.steps] == list(range(len(hand["actions"])))
        assert not any(s.refused or s.problems for s in hv.steps)
        assert hv.result is not None
        assert dict(zip(view.side_names, hv.result.points)) == hand["result"]["points"]
        winners = [view.labels[s.won_by] for s in hv.steps if s.won_by is not None]
        assert winners == [view.labels[w] for w in hv.result.trick_winners]
    assert dict(zip(view.side_names, view.scores)) == rec["final"]["scores"]


def test_a_step_shows_the_table_and_the_tricks_so_far() -> None:
    rec = json.loads(SAMPLE.read_text())
    hv = replay_record(rec).hands[0]
    # W orders up alone, S discards, then W leads the 9 of hearts
    assert [s.words for s in hv.steps[:3]] == ["W orders up alone", "S discards 10♥",
                                              "W plays 9♥"]
    lead, second, third = hv.steps[2:5]
    assert lead.table == [(3, lead.card)] and lead.trick == 1 and lead.won_by is None
    assert len(second.table) == 2
    assert len(third.table) == 3 and third.won_by == 0 and third.tricks == [1, 0, 0, 0]
    assert hv.steps[5].table == [(0, hv.steps[5].card)] and hv.steps[5].trick == 2
    # what each seat holds: S took the upcard and put away a card
    assert len(hv.steps[1].hands[2].cards) == 5
    assert hv.dealt[2].unknown == 0 and hv.upcard is not None


def test_problems_are_attached_to_the_action_where_they_occur() -> None:
    path = BROKEN / "renege.json"
    (item,) = read_records(str(path))
    hv = replay_record(item.data, file=str(path), locate=item.locate(str(path))).hands[0]
    marked = [(s.action, p.code) for s in hv.steps for p in s.problems]
    assert marked == [(5, "renege")]
    assert hv.steps[5].problems[0].location.line == 23
    assert hv.result is not None and hv.result.renege_by == 3


def test_the_replay_of_a_hand_stops_where_the_engine_refuses() -> None:
    rec, _ = first(BROKEN / "illegal-action.json")
    hv = replay_record(rec).hands[0]
    assert hv.steps[-1].refused and hv.steps[-1].action == 4
    assert hv.result is None
    assert [p.code for p in hv.steps[-1].problems] == ["illegal-action"]


def test_hidden_hands_show_only_what_the_seat_knew() -> None:
    rec = json.loads(SAMPLE.read_text())
    view = replay_record(hide_hands(rec, "N"))
    hv = view.hands[0]
    assert hv.dealt[0].unknown == 0 and len(hv.dealt[0].cards) == 5
    assert all(h.cards == [] and h.unknown == 5 for h in hv.dealt[1:])
    assert hv.steps[1].words == "S discards a card"
    # the upcard S took is known to all; its other cards are not
    up = hv.upcard
    assert hv.steps[1].hands[2].cards == [up] and hv.steps[1].hands[2].unknown == 4
    assert [p.code for p in view.problems] == ["unknown-cards"]
    assert dict(zip(view.side_names, view.scores)) == rec["final"]["scores"]


def test_a_record_that_cannot_be_replayed_says_why() -> None:
    rec, _ = first(BROKEN / "unknown-variant.json")
    with pytest.raises(EuchreError) as info:
        replay_record(rec)
    assert [p.code for p in info.value.problems] == ["unknown-variant"]
    with pytest.raises(EuchreError):
        replay_record(["not", "a", "record"])


@pytest.mark.parametrize("bad", [7, None, 1.5, ["JC"]])
def test_a_deal_with_a_card_that_is_not_text_is_not_shown(bad: object) -> None:
    rec = json.loads(SAMPLE.read_text())
    rec["hands"][1]["deal"]["hands"]["W"][0] = bad
    rec["hands"][2]["deal"]["upcard"] = bad
    view = replay_record(rec)
    assert view.hands[0].steps and not view.hands[1].steps and not view.hands[2].steps
    assert "schema" in [p.code for p in view.hands[1].problems]


def test_the_random_games_fixture_is_the_seeded_random_game() -> None:
    """The fixture the replay tests read is what ``random_game`` makes, byte for byte
    (the samples were made so before issue 25; they now hold games between bots)."""
    from euchre_dsl.records.writer import dump_pretty
    assert SAMPLE.read_text(encoding="utf-8") == dump_pretty(random_game("standard", 7))
