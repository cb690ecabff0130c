"""bench/bid_stability.py: the decisions it asks, and what it counts."""

from __future__ import annotations

import sys
from pathlib import Path

from euchre_dsl.engine.actions import PASS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))  # the bench-only modules under test

import bid_stability  # noqa: E402


def test_the_decisions_are_make_or_pass_and_the_same_for_a_seed() -> None:
    games = bid_stability.decisions("standard", 12, 3)
    assert len(games) == 12
    for game in games:
        assert game.trump is None and any(a.verb == PASS for a in game.legal_actions())
    again = bid_stability.decisions("standard", 12, 3)
    assert [g.legal_actions() for g in again] == [g.legal_actions() for g in games]


def test_a_bot_without_chance_never_flips_and_pimc_reports_its_ties() -> None:
    games = bid_stability.decisions("standard", 8, 1)
    assert bid_stability.stability("rule", games) == (0, 0, 0)
    differ, tied, tied_differ = bid_stability.stability("pimc:bid_worlds=20,ties=best", games)
    assert tied > 0 and 0 <= tied_differ <= differ <= len(games)
