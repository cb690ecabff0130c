"""Six-hand euchre (``six-hand``, two alternating sides of three) and three
partnerships of two, on hand-constructed deals (REFERENCE.md section 3.9)."""

from __future__ import annotations

from euchre_dsl.cards import HEARTS
from variant_tools import deal, finish, game_for, run

# 32 cards, dealer F; TD stays undealt.
HANDS = {"A": "7C 8C 7D 8D 7S", "B": "JH JD AH KH QH", "C": "TH 9H 8H AC KC",
         "D": "8S 9C 9D 9S TC", "E": "AS KS QS JS TS", "F": "AD KD QD JC QC"}


def test_six_hand_deal_two_sides_of_three():
    g = game_for("six-hand", dealer=5)
    assert g.deck.size == 32 and g.side_names == ("A+C+E", "B+D+F")
    deal(g, HANDS, upcard="7H")
    run(g, "A pass; B order_up; F discard QC")
    assert g.trump == HEARTS and g.maker == 1 and g.active == [True] * 6
    finish(g)
    res = g.results[-1]
    assert sum(res.tricks) == 5
    # B holds only trumps, so B's side wins every trick: a march of 2
    assert res.tricks[1] == 5 and res.points == (0, 2)


def test_six_hand_lone_maker_partner_of_the_dealer_both_partners_sit_out():
    g = game_for("six-hand", dealer=5)
    deal(g, HANDS, upcard="7H")
    run(g, "A pass; B order_up alone")
    # D and F sit out; F, the dealer, does not exchange; A leads
    assert g.active == [True, True, True, False, True, False]
    assert g.phase == "play" and g.to_act == 0
    finish(g)
    res = g.results[-1]
    assert res.tricks[1] == 5 and res.points == (0, 4)


def test_three_partnerships_of_two_a_euchre_scores_for_both_other_pairs():
    g = game_for({"extends": "six-hand", "players": {"teams": 3}}, dealer=5)
    assert g.side_names == ("A+D", "B+E", "C+F")
    deal(g, HANDS, upcard="7H")
    run(g, "A order_up; F discard QC")
    finish(g)
    res = g.results[-1]
    # A and D hold no trump and no winning card: A+D take nothing
    assert res.tricks[0] == res.tricks[3] == 0
    assert res.points == (0, 2, 2) and res.reason == "euchred"
