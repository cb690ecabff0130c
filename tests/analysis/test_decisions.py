"""Every bidding decision of every shipped sample and of simulated games of every
variant is valued: no traceback, no decision left without a value.

The decisions are found twice: by the analyzer's walk, and here, independently,
by replaying each record and noting every recorded action taken before the play
from a position that offered more than one action.  Each must come back as a
:class:`~euchre_dsl.analysis.report.Decision` whose every option has a finite
value.  One sampled deal per decision keeps the run short: what is tested is
that every decision kind, in every variant, can be valued at all.  A decision
whose search passes the budget of positions (a double deck's, whose twelve-card
deals no search finishes quickly) must be listed as not valued instead: never
left out.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Iterator

import pytest

from euchre_dsl.analysis.analyze import Analyzer, DecisionPoint
from euchre_dsl.analysis.decisions import DecisionEstimator
from euchre_dsl.analysis.report import HandAnalysis
from euchre_dsl.engine.actions import PLAYING
from euchre_dsl.records.reader import read_records
from euchre_dsl.replay.events import Acted, Dealt
from euchre_dsl.replay.walk import walk_record
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.search.solver import DEFAULT_BUDGET
from euchre_dsl.sim.runner import simulate

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_RECORDS = sorted(p for p in (ROOT / "samples").iterdir()
                        if p.suffix in (".json", ".jsonl", ".ehh"))
VARIANTS = sorted(ROOT.glob("variants/*.yaml")) + sorted(ROOT.glob("samples/house/*.yaml"))
#: Games simulated per variant (rule bots, seeded), and the hands of each analysed:
#: the first, where every variant's bidding has all its kinds of decision (an
#: individual game's auction is a large tree: six-handed Dirty Clubs takes about a
#: minute a hand in pure Python; three games of two hands each also pass).
GAMES = 2
#: The budget of the searches (positions): the default, but a double deck's bidding
#: and first tricks pass any budget a test can afford, so it is given a small one
#: (what it tests there is that they are listed, and quickly).
BUDGET = {"double-deck-bid": 20_000}
HANDS = 1


def recorded_choices(record: Any) -> dict[int, set[int]]:
    """Hand (0-based) -> the indexes of its recorded actions taken before the play
    from a position with more than one legal action."""
    out: dict[int, set[int]] = {}
    before = None
    for ev in walk_record(record, steps=True):
        if isinstance(ev, Dealt):
            before = ev.game.clone()
        elif isinstance(ev, Acted):
            if before is not None and ev.move is not None and before.phase != PLAYING \
                    and not before.hand_over and len(before.legal_actions()) > 1 \
                    and ev.move in before.legal_actions():
                out.setdefault(ev.hand, set()).add(ev.action)
            before = None if ev.refused else ev.game.clone()
    return out


class Checked:
    """Runs the analyzer over records, counting the decisions met and valued."""

    def __init__(self, budget: int = DEFAULT_BUDGET) -> None:
        self.estimator = DecisionEstimator(deals=1, seed=0, budget=budget)
        self.analyzer = Analyzer(decisions=self.valuer, budget=budget)
        self.points: dict[tuple[str, int, int], list[DecisionPoint]] = {}
        self.decisions = 0

    def valuer(self, points: list[DecisionPoint], view: HandAnalysis) -> None:
        self.points[(view.file, view.record, view.hand)] = list(points)
        self.estimator(points, view)

    def check(self, record: Any, index: int, file: str,
              hand_no: int | None = None) -> Iterator[HandAnalysis]:
        expected = recorded_choices(record)
        for h in self.analyzer.analyze_record(record, index, file, hand_no):
            assert not h.errors, (file, index, h.hand, h.notes)
            points = self.points.get((file, h.record, h.hand), [])
            unvalued = [u.action for u in h.unvalued if u.what == "bidding"]
            assert len(h.decisions) + len(unvalued) == len(points), (file, h.record, h.hand)
            for d, point in zip(h.decisions, points):
                assert len(d.options) == len(point.options) >= 2, (file, h.hand, d)
                for o in d.options:
                    assert math.isfinite(o.net) and o.low <= o.net <= o.high, (file, h.hand, o)
                assert d.chosen in [o.option for o in d.options], (file, h.hand, d)
            valued = {d.action for d in h.decisions} | set(unvalued)
            missing = expected.get(h.hand - 1, set()) - valued
            assert not missing, (file, h.record, h.hand, sorted(missing))
            self.decisions += len(h.decisions) + len(unvalued)
            yield h


@pytest.mark.parametrize("path", SAMPLE_RECORDS, ids=lambda p: p.name)
def test_every_decision_of_the_samples_is_valued(path: Path) -> None:
    checked = Checked()
    hands = 0
    for item in read_records(str(path)):
        assert item.problem is None, item.problem
        hands += sum(1 for _ in checked.check(item.data, item.index, path.name))
    assert hands and checked.decisions, path


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_decision_of_simulated_games_is_valued(path: Path) -> None:
    rules = load_variant(str(path))
    checked = Checked(BUDGET.get(path.stem, DEFAULT_BUDGET))
    hands = 0
    for i, record in enumerate(simulate(rules, str(path), GAMES, 7, bot="rule")):
        record = json.loads(json.dumps(record))
        for hand_no in range(1, min(HANDS, len(record["hands"])) + 1):
            hands += sum(1 for _ in checked.check(record, i, path.name, hand_no))
    assert hands and checked.decisions, path
