"""The round-robin schedule: everyone once a round, no partnership twice, partners opposite."""

from __future__ import annotations

import itertools

import pytest

from euchre_dsl.event.schedule import ScheduleError, pairings, player_name, schedule
from euchre_dsl.rules.registry import compile_data, load_variant

PROGRESSIVE = load_variant("progressive")


@pytest.mark.parametrize("players", [8, 12])
def test_every_player_sits_once_a_round_and_never_partners_anyone_twice(players: int) -> None:
    tables = schedule(PROGRESSIVE, players)
    assert len(tables) == 4 * (players // 4)  # four rounds of players/4 tables
    partnerships: list[frozenset[int]] = []
    for r in range(4):
        seated = [p for t in tables if t.round == r for p in t.seats]
        assert sorted(seated) == list(range(players))
        for t in (t for t in tables if t.round == r):
            # seats 0 and 2, 1 and 3 are partners (seat i plays for side i mod 2)
            partnerships += [frozenset(t.seats[0::2]), frozenset(t.seats[1::2])]
    assert len(partnerships) == len(set(partnerships)) == 2 * players


@pytest.mark.parametrize("n", [4, 6, 8, 12, 16])
def test_all_n_minus_1_rounds_pair_everyone_with_everyone_once(n: int) -> None:
    pairs = [frozenset(p) for rnd in pairings(n, n - 1) for p in rnd]
    assert sorted(pairs, key=sorted) == sorted(
        (frozenset(p) for p in itertools.combinations(range(n), 2)), key=sorted)


@pytest.mark.parametrize("rules,players,message", [
    (PROGRESSIVE, 10, "10 players do not fill whole tables of 4"),
    (PROGRESSIVE, 16, "an event for 8 or 12 players, not 16"),
    (load_variant("standard"), 8, "not an event"),
    (compile_data({"extends": "progressive", "event": {"players": [4], "rounds": 3}}), 4, None),
])
def test_sizes_the_rules_cannot_seat_are_said(rules: object, players: int,
                                              message: str | None) -> None:
    if message is None:  # four players, three rounds: each partners the other three once
        assert len(schedule(rules, players)) == 3  # type: ignore[arg-type]
        return
    with pytest.raises(ScheduleError, match=message):
        schedule(rules, players)  # type: ignore[arg-type]


def test_too_many_rounds_for_the_players_is_refused() -> None:
    with pytest.raises(ScheduleError, match="only 7 different partners"):
        pairings(8, 8)
    with pytest.raises(ScheduleError, match="even number"):
        pairings(7, 3)


def test_players_are_named_from_one() -> None:
    assert [player_name(i) for i in range(3)] == ["P1", "P2", "P3"]
