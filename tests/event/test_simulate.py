"""A simulated event: one record per table per round, seated by the schedule, each valid."""

from __future__ import annotations

import pytest

from euchre_dsl.event.schedule import player_name, schedule
from euchre_dsl.event.simulate import simulate_event
from euchre_dsl.validate.validator import Validator

from .event_tools import PROGRESSIVE, event_records


@pytest.mark.parametrize("players", [8, 12])
def test_every_record_validates_and_sits_where_the_schedule_says(players: int) -> None:
    records = event_records(players)
    tables = schedule(PROGRESSIVE, players)
    assert len(records) == len(tables) == 4 * (players // 4)
    v = Validator()
    for rec, table in zip(records, tables):
        assert [p for p in v.validate(rec) if p.severity != "info"] == []
        assert rec["meta"]["round"] == table.round + 1
        assert rec["meta"]["table"] == table.number + 1
        assert list(rec["players"].values()) == [player_name(p) for p in table.seats]
        assert len(rec["hands"]) == 8 and rec["variant"] == "progressive"


def test_the_same_seed_plays_the_same_event_and_another_seed_another() -> None:
    assert event_records(8, 1) == list(simulate_event(PROGRESSIVE, "progressive", 8, 1,
                                                      ("rule",)))
    assert event_records(8, 1) != event_records(8, 2)


def test_one_bot_per_seat_or_one_for_all() -> None:
    with pytest.raises(ValueError, match="one bot for every seat, or 4 bots, not 2"):
        next(simulate_event(PROGRESSIVE, "progressive", 8, 1, ("rule", "random")))
    rec = next(simulate_event(PROGRESSIVE, "progressive", 8, 1,
                              ("rule", "random", "rule", "random")))
    assert rec["meta"]["bots"] == "rule,random,rule,random"
