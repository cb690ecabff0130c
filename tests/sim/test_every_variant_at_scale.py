"""A thousand simulated games of every shipped variant validate (issue 4's bar).

The property tests in test_runner.py draw a few seeds each; this runs one
long seeded stream per variant through the validator, so rare paths (stuck
dealers, all-pass hands, instant wins, ties, laps) are met too.
"""

from __future__ import annotations

from collections import Counter

import pytest

from euchre_dsl.rules.registry import load_variant, shipped_ids
from euchre_dsl.sim.runner import Stats, simulate
from euchre_dsl.validate.validator import validate_record

GAMES = 1000


@pytest.mark.parametrize("variant", shipped_ids())
def test_a_thousand_games_validate(variant: str) -> None:
    rules = load_variant(variant)
    stats = Stats()
    codes: Counter[str] = Counter()
    for record in simulate(rules, variant, GAMES, seed=2026, stats=stats):
        for problem in validate_record(record):
            if problem.severity == "error":
                codes[problem.code] += 1
    assert stats.games == GAMES
    assert not codes, f"{variant}: {dict(codes)}"
    assert sum(stats.wins.values()) == pytest.approx(GAMES)  # every game has a winner or a tie
