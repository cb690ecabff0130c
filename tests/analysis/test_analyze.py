"""``euchre analyze``'s play analysis: values of each card and the mistakes they show."""

from __future__ import annotations

import json

from analyze_tools import BruteSolver, random_game

from euchre_dsl.analysis.analyze import Analyzer


def test_plays_account_for_the_makers_tricks() -> None:
    # makers' actual tricks = best from the opening lead - makers' mistakes + defenders' gifts
    analyzer = Analyzer(solver_for=BruteSolver)
    checked = 0
    for seed in range(2):
        record = json.loads(json.dumps(random_game("standard", seed, max_hands=3)))
        for hand in analyzer.analyze_record(record, 0, "x.json"):
            if hand.maker is None:
                assert hand.plays == []
                continue
            assert hand.makers_dd is not None
            makers = sum(p.cost for p in hand.plays if p.maker_side)
            defenders = sum(p.cost for p in hand.plays if not p.maker_side)
            assert hand.makers_tricks == hand.makers_dd - makers + defenders
            for a, b in zip(hand.plays, hand.plays[1:]):
                assert a.after == b.best
            checked += 1
    assert checked >= 3
