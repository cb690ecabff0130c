"""``euchre analyze``'s play analysis: the value of each card and the mistakes it shows."""

from __future__ import annotations

import json
from typing import Any

import pytest

from euchre_dsl.analysis.analyze import Analyzer
from euchre_dsl.analysis.report import HandAnalysis

from .analyze_tools import BruteSolver, random_game

#: (variant, games) simulated for the accounting test: over two thousand hands.
ACCOUNTED = (("standard", 44), ("buck", 30), ("three-hand", 50), ("two-hand", 40),
             ("dirty-clubs", 20), ("columbus", 20), ("british", 16), ("defenders-bonus", 16))


def records(variant: str, games: int, max_hands: int = 500) -> list[dict[str, Any]]:
    return [json.loads(json.dumps(random_game(variant, seed, max_hands)))
            for seed in range(games)]


def accounted(h: HandAnalysis) -> bool:
    """makers' actual tricks == best from the opening lead - makers' mistakes + defenders' gifts."""
    assert h.makers_dd is not None
    lost = sum(p.cost for p in h.plays if p.maker_side)
    gained = sum(p.cost for p in h.plays if not p.maker_side)
    chained = all(a.after == b.best for a, b in zip(h.plays, h.plays[1:]))
    return chained and h.makers_tricks == h.makers_dd - lost + gained


def test_every_simulated_hand_accounts_for_the_makers_tricks() -> None:
    analyzer = Analyzer()
    hands = valued = 0
    for variant, games in ACCOUNTED:
        for i, record in enumerate(records(variant, games)):
            for h in analyzer.analyze_record(record, i, f"{variant}.json"):
                hands += 1
                assert not h.errors and not h.notes, (variant, i, h.hand, h.notes)
                if h.maker is None or not h.tricks:
                    assert h.plays == [] and h.makers_dd is None
                    continue
                assert accounted(h), (variant, i, h.hand)
                if variant in ("buck", "columbus", "three-hand", "two-hand", "dirty-clubs"):
                    assert h.seats_dd is not None and h.maker is not None
                    assert h.seats_dd[h.maker] == h.makers_dd
                    assert set(h.seats_dd) == set(h.seats) - set(h.dropped)
                else:
                    assert h.seats_dd is None
                n_plays = sum(1 for _ in h.plays)
                assert n_plays == sum(1 for a in record["hands"][h.hand - 1]["actions"]
                                      if a[1] == "play")
                valued += 1
    assert hands >= 2000 and valued >= 1500, (hands, valued)


@pytest.mark.parametrize(("variant", "hands"), [("three-hand", 6), ("buck", 8)])
def test_the_plays_agree_with_a_brute_force_solver(variant: str, hands: int) -> None:
    record = records(variant, 1, max_hands=hands)[0]
    fast = [h.to_json() for h in Analyzer().analyze_record(record, 0, "x.json")]
    slow = [h.to_json() for h in Analyzer(solver_for=BruteSolver).analyze_record(
        record, 0, "x.json")]
    assert fast == slow
    assert any(h["mistakes"] for h in fast)


def test_a_mistake_names_the_better_cards() -> None:
    record = records("standard", 1, max_hands=6)[0]
    for h in Analyzer().analyze_record(record, 0, "x.json"):
        for p in h.plays:
            assert (p.cost > 0) == bool(p.better)
            assert p.card not in p.better
            j = p.to_json()
            assert record["hands"][h.hand - 1]["actions"][j["action"]] == [p.seat, "play", p.card]
