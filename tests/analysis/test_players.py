"""A player's summary (issue 37): points lost to bidding and to play per hand, with
intervals, the average loss per move and the accuracy, in text, JSON and the tables."""

from __future__ import annotations

from euchre_dsl.analysis.players import PlayerSummary, mean_ci
from euchre_dsl.analysis.report import Decision, HandAnalysis, OptionValue, PlayValue


def _hand(n: int, bid_gap: tuple[float, float], play_cost: int) -> HandAnalysis:
    h = HandAnalysis("f", 1, n, "Standard euchre", ("N", "E", "S", "W"), ("N+S", "E+W"),
                     (0, 1, 0, 1), {"N": "ann"}, "W", variant_id="standard")
    h.maker = "N"
    options = (OptionValue("orders up", ("N", "order_up"), 0.6, 0.2, 1.0),
               OptionValue("passes", ("N", "pass"), 0.1, -0.3, 0.5))
    h.decisions = [Decision(0, "N", "passes", options, 20, bid_gap)]
    h.plays = [PlayValue(5, "N", "JC", 3, 3 - play_cost, True, ("QH",) if play_cost else (),
                         1, points_loss=float(play_cost), choices=3),
               PlayValue(6, "E", "9C", 2, 2, False, (), 1, choices=1)]
    return h


def test_each_player_has_losses_per_hand_a_loss_per_move_and_an_accuracy() -> None:
    s = PlayerSummary()
    s.add(_hand(1, (0.1, 0.9), 1))  # a bidding mistake (0.5) and a play mistake (1 point)
    s.add(_hand(2, (-0.2, 0.6), 0))  # an equal best, a best card
    lines = {x.player: x.to_json() for x in s.ordered()}
    ann, east = lines["ann"], lines["E"]
    assert ann["player"] == "ann" and ann["variant_id"] == "standard" and ann["hands"] == 2
    assert ann["bidding_loss_per_hand"] == 0.25 and ann["play_loss_per_hand"] == 0.5
    assert ann["bidding_loss_ci95"][0] == 0.0 < ann["bidding_loss_ci95"][1]
    assert ann["moves"] == 4 and ann["mistakes"] == 2 and ann["accuracy"] == 50.0
    assert ann["loss_per_move"] == 1.5 / 4
    assert east["player"] == "E" and east["moves"] == 0 and east["accuracy"] == 100.0
    text = s.render()
    assert "players, Standard euchre" in text and "ann" in text and "50.0%" in text
    assert mean_ci([1.0, 1.0]) == (1.0, 1.0, 1.0)
