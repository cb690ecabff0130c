"""``euchre analyze`` under a budget of solver positions: what a search cannot
value within it is listed as not valued -- in the hand, the text, the JSON,
the tables and the page -- never dropped and never given a wrong value."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from cli.main import euchre
from euchre_dsl.analysis.analyze import Analyzer
from euchre_dsl.analysis.decisions import DecisionEstimator
from euchre_dsl.analysis.report import HandAnalysis
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.search.solver import EXACT_TRICKS
from euchre_dsl.sim.runner import simulate

from .analyze_tools import random_game

#: Small enough that a standard deal's first tricks pass it, and its last ones not.
SMALL = 300


def analyzer(budget: int) -> Analyzer:
    return Analyzer(decisions=DecisionEstimator(deals=2, seed=1, budget=budget),
                    budget=budget)


def plays_of(record: dict[str, Any], hand: HandAnalysis) -> set[int]:
    actions = record["hands"][hand.hand - 1]["actions"]
    return {i for i, a in enumerate(actions) if a[1] == "play"}


def test_past_the_budget_nothing_is_dropped_and_no_value_is_wrong() -> None:
    """Each play is valued or listed, never both; every value given is the one a
    search without a budget gives; a hand whose opening lead passed the budget
    has no best from it; a bidding decision past it is listed, not estimated."""
    small, free = analyzer(SMALL), analyzer(1 << 40)
    listed = valued = bids = 0
    for seed in range(6):
        record = json.loads(json.dumps(random_game("standard", seed, 6)))
        for h, f in zip(small.analyze_record(record, seed, "s.json"),
                        free.analyze_record(record, seed, "s.json")):
            assert not f.unvalued
            truth = {p.action: p for p in f.plays}
            unvalued = {u.action for u in h.unvalued if u.what == "play"}
            assert {p.action for p in h.plays} | unvalued == set(truth)
            assert not {p.action for p in h.plays} & unvalued
            assert all(truth[p.action] == p for p in h.plays), (seed, h.hand)
            if any(u.what == "opening" for u in h.unvalued):
                assert h.makers_dd is None and h.makers_dd_points is None
            else:
                assert (h.makers_dd, h.makers_dd_points) == (f.makers_dd, f.makers_dd_points)
            decided = {d.action: d for d in f.decisions}
            assert all(decided[d.action] == d for d in h.decisions)
            assert len(h.decisions) + sum(u.what == "bidding" for u in h.unvalued) == \
                len(f.decisions)
            if h.unvalued:
                assert h.budget == SMALL
            listed += len(unvalued)
            valued += len(h.plays)
            bids += sum(u.what == "bidding" for u in h.unvalued)
    assert listed > 20 and valued > 20 and bids > 0, (listed, valued, bids)


def test_the_default_budget_changes_nothing_in_standard() -> None:
    default, free = Analyzer(decisions=DecisionEstimator(deals=2)), analyzer(1 << 40)
    free.decisions = DecisionEstimator(deals=2, budget=1 << 40)
    for seed in range(3):
        record = json.loads(json.dumps(random_game("standard", seed, 4)))
        assert [h.to_json() for h in default.analyze_record(record, seed, "s.json")] == \
            [h.to_json() for h in free.analyze_record(record, seed, "s.json")]


def double_deck_game(tmp_path: Path) -> Path:
    rules = load_variant("double-deck-bid")
    record = next(iter(simulate(rules, "double-deck-bid", 1, 5, bot="rule")))
    path = tmp_path / "dd.jsonl"
    path.write_text(json.dumps(record) + "\n")
    return path


def test_every_form_of_the_report_says_what_was_not_valued(tmp_path: Path) -> None:
    """A double-deck hand at a small budget: its first tricks and its bidding
    are past it.  The text, the JSON, the tables and the page say so, and how
    to raise it; it is not an error (exit 0)."""
    path = double_deck_game(tmp_path)
    args = ["analyze", str(path), "--hand", "1", "--deals", "1", "--budget", "20000",
            "--exact-tricks", "12"]
    text = CliRunner().invoke(euchre, args)
    assert text.exit_code == 0, text.output
    assert "not valued, past the search budget of 20,000 positions (euchre analyze --budget " \
           "raises it): the opening lead's best, " in text.output
    assert "bidding decision" in text.output and "raise it with --budget" in text.output
    as_json = CliRunner().invoke(euchre, args + ["--report", "json"])
    assert as_json.exit_code == 0
    report = json.loads(as_json.output)
    hand = report["hands"][0]
    assert hand["budget"] == 20000 and hand["makers_dd"] is None
    kinds = {u["what"] for u in hand["unvalued"]}
    assert kinds == {"opening", "play", "bidding"}
    played = {p["action"] for p in hand["plays"]}
    listed = {u["action"] for u in hand["unvalued"] if u["what"] == "play"}
    assert not played & listed and len(played | listed) == 48
    assert report["summary"]["unvalued"] == len(hand["unvalued"])
    out = tmp_path / "report.html"
    tables = tmp_path / "tables"
    both = CliRunner().invoke(euchre, args + ["--html", str(out), "--export", str(tables),
                                              "--format", "csv"])
    assert both.exit_code == 0, both.output
    page = out.read_text()
    assert "not valued: their search passed the budget of 20,000 positions" in page
    assert "past the search budget" in page
    with open(tables / "hands.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert int(rows[0]["unvalued"]) == len(hand["unvalued"])


def test_a_hands_analysis_does_not_depend_on_what_was_analysed_before(tmp_path: Path) -> None:
    """The solver's tables save work, and saved work decides which searches finish
    inside the budget: kept from one hand to the next, a hand analysed a second time
    (or after others, in a worker) had fewer questions "not valued".  Each hand starts
    from empty tables, so the same hand gives the same analysis, whatever came before."""
    record = json.loads(double_deck_game(tmp_path).read_text())
    analyzer = Analyzer(budget=20000)
    first = [h.to_json() for h in analyzer.analyze_record(record, 0, "dd", hand_no=1)]
    again = [h.to_json() for h in analyzer.analyze_record(record, 0, "dd", hand_no=1)]
    assert first[0]["unvalued"] and first == again


def test_hidden_cards_past_the_budget_are_listed_too() -> None:
    """Seen from one seat, each play is estimated over worlds or listed as not
    valued; a hand whose first play was listed has no opening estimate."""
    from euchre_dsl.analysis.hidden import as_seen_by

    small = Analyzer(worlds=2, budget=SMALL)
    listed = estimated = 0
    for seed in range(4):
        record = json.loads(json.dumps(random_game("standard", seed, 4)))
        for h in small.analyze_record(as_seen_by(record, "E"), seed, "s.json"):
            unvalued = {u.action for u in h.unvalued if u.what == "play"}
            assert {p.action for p in h.plays} | unvalued == plays_of(record, h)
            if any(u.what == "opening" for u in h.unvalued):
                assert h.makers_dd_mean is None
            listed += len(unvalued)
            estimated += len(h.plays)
    assert listed and estimated, (listed, estimated)


def test_longer_than_the_exact_tricks_plays_are_listed_and_bids_estimated(tmp_path: Path) -> None:
    """At the default (:data:`EXACT_TRICKS`), a double-deck hand's plays with more
    tricks to play are listed as not valued for their length, not the budget;
    its bidding decisions are valued with the play estimated, said so, and never
    called mistakes; the plays after are valued."""
    path = double_deck_game(tmp_path)
    args = ["analyze", str(path), "--hand", "1", "--deals", "1"]
    text = CliRunner().invoke(euchre, args)
    assert text.exit_code == 0, text.output
    assert f"not valued, more than {EXACT_TRICKS} tricks to play" in text.output
    assert "past the search budget" not in text.output
    assert "(estimated: the play's first tricks by plain habits" in text.output
    report = json.loads(CliRunner().invoke(euchre, args + ["--report", "json"]).output)
    hand = report["hands"][0]
    assert {u["what"] for u in hand["unvalued"]} == {"opening", "play"}
    assert all(u["more_tricks_than"] == EXACT_TRICKS for u in hand["unvalued"])
    assert all(u["trick"] <= 12 - EXACT_TRICKS for u in hand["unvalued"] if u["what"] == "play")
    assert hand["plays"] and min(p["trick"] for p in hand["plays"]) > 12 - EXACT_TRICKS
    assert hand["decisions"] and all(d["estimated_past"] == EXACT_TRICKS and not d["mistake"]
                                     for d in hand["decisions"])
