"""Progressive euchre (``progressive``): a round is a game of exactly eight deals,
whatever the score (``game.fixed_deals``), on hand-constructed deals."""

from __future__ import annotations

import random

from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant
from variant_tools import deal, finish, game_for, run

# N holds the five top hearts: ordered up alone, N marches.
HANDS = {"N": "JH JD AH KH QH", "E": "9C TC JC QC KC", "S": "9D TD QD KD AD",
         "W": "9S TS JS QS KS"}


def lone_march(g: Machine) -> None:
    """One hand of N ordering up hearts alone and taking every trick."""
    deal(g, HANDS, upcard="9H")
    while g.to_act != 0:
        run(g, f"{g.labels[g.to_act]} pass")
    run(g, "N order_up alone")
    finish(g)


def test_a_round_plays_every_deal_past_the_target() -> None:
    g = game_for("progressive", dealer=3)
    for k in range(7):
        lone_march(g)
        assert not g.is_over, f"the round ended after deal {k + 1}"
    assert g.scores[0] == 28  # far past the target of 10: it ends nothing
    lone_march(g)
    assert g.is_over and g.winners == [0] and g.deals == 8


def test_the_same_rules_without_fixed_deals_end_at_the_target() -> None:
    g = game_for({"extends": "progressive", "game": {"fixed_deals": False}}, dealer=3)
    for _ in range(3):
        lone_march(g)
    assert g.is_over and g.scores[0] == 12 and g.deals == 3


def test_a_level_round_is_a_tie_not_another_deal() -> None:
    g = game_for("progressive", dealer=0)
    for _ in range(8):
        g.deal_random(random.Random(len(g.results)))  # any deal: everyone passes
        while not g.hand_over:
            run(g, f"{g.labels[g.to_act]} pass")
    assert g.is_over and g.scores == [0, 0] and g.winners == [0, 1]


def test_the_variant_is_an_event_of_four_rounds_for_eight_or_twelve() -> None:
    e = load_variant("progressive").event
    assert (e.rounds, e.players, e.rotation) == (4, (8, 12), "round_robin")
    assert (e.alone_march_loner, e.alone_march_partner, e.tie_break) == (5, 4, "games_won")
