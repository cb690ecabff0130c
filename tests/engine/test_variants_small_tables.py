"""Three-handed (``three-hand``) and two-handed (``two-hand``) euchre: individual
scores with a partnership-style table, on hand-constructed deals (REFERENCE.md
sections 3.7 and 3.8; section 5 item 18)."""

from __future__ import annotations

import pytest

from euchre_dsl.cards import HEARTS
from euchre_dsl.engine.actions import ORDER_UP, PASS, IllegalAction
from variant_tools import action, deal, finish, game_for, play, run, verbs

# Three-hand, dealer C: A orders hearts up and plays alone against B and C.
MARCH = dict(hands={"A": "JH JD AH KH QH", "B": "AS KS QS AC KC",
                    "C": "TS 9S TC 9C AD"}, upcard="9H")
MADE = dict(hands={"A": "JH JD AH 9C 9D", "B": "AC KC QC AD KD",
                   "C": "AS KS QS TS KH"}, upcard="9H")
EUCHRE = dict(hands={"A": "9C TC 9D TD QD", "B": "JH JD AH KH QH",
                     "C": "AS KS QS AC KC"}, upcard="9H")


def three(start=None):
    return game_for("three-hand", dealer=2, start_scores=start)


def test_maker_plays_alone_against_the_other_two_without_declaring_it():
    g = three()
    deal(g, **MADE)
    assert verbs(g) == {PASS, ORDER_UP} and not any(a.alone for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(action(g, "A order_up alone"))
    run(g, "A order_up; C discard TS")
    assert g.trump == HEARTS and g.maker == 0 and g.active == [True] * 3
    play(g, "JH QC 9H  JD KC KH  AH AD QS  9C AC AS  KD KS 9D")
    res = g.results[-1]
    assert res.tricks == (3, 2, 0) and res.points == (1, 0, 0)


def test_march_scores_three():
    g = three()
    deal(g, **MARCH)
    run(g, "A order_up; C discard AD")
    finish(g)
    res = g.results[-1]
    assert res.tricks == (5, 0, 0) and res.points == (3, 0, 0)


def test_euchre_gives_two_to_each_opponent():
    g = three()
    deal(g, **EUCHRE)
    run(g, "A order_up; C discard KC")
    finish(g)
    res = g.results[-1]
    assert res.tricks[0] < 3 and res.points == (0, 2, 2) and res.reason == "euchred"


@pytest.mark.parametrize("start, over, winners", [
    ([3, 8, 9], True, [2]),     # B reaches 10, C 11: the higher score wins
    ([3, 8, 8], False, None),   # both reach 10: play another hand
    ([3, 7, 8], True, [2]),     # only C reaches the target
])
def test_two_opponents_reaching_the_target_on_one_euchre(start, over, winners):
    g = three(start)
    deal(g, **EUCHRE)
    run(g, "A order_up; C discard KC")
    finish(g)
    assert g.is_over is over and g.winners == winners


def test_three_hand_all_pass_twice_is_thrown_in():
    g = three()
    deal(g, **MADE)
    run(g, "A pass; B pass; C pass")
    assert g.turned_down == HEARTS
    run(g, "A pass; B pass; C pass")
    assert g.results[-1].thrown_in and g.dealer == 0


def two():
    return game_for("two-hand", dealer=1)


TWO = dict(hands={"N": "JH JD AH KH QH", "S": "AS KS QS AC KC"}, upcard="9H")


def test_two_hand_non_dealer_bids_first_and_march_scores_two():
    g = two()
    deal(g, **TWO)
    assert g.to_act == 0 and not any(a.alone for a in g.legal_actions())
    run(g, "N order_up; S discard KC")
    assert g.to_act == 0  # the non-dealer leads
    finish(g)
    res = g.results[-1]
    assert res.tricks == (5, 0) and res.points == (2, 0)


def test_two_hand_euchre_scores_two_to_the_opponent():
    g = two()
    deal(g, hands={"N": "AS KS QS AC KC", "S": "JH JD AH KH QH"}, upcard="9H")
    run(g, "N order_up; S discard QH")
    finish(g)
    res = g.results[-1]
    assert res.tricks[0] < 3 and res.points == (0, 2)


def test_two_hand_both_pass_twice_the_non_dealer_deals_next():
    g = two()
    deal(g, **TWO)
    run(g, "N pass; S pass; N pass; S pass")
    res = g.results[-1]
    assert res.thrown_in and g.dealer == 0 and g.scores == [0, 0]


def test_three_hand_renege_costs_the_offender_and_the_others_score_as_played():
    # Owner decision 6 for individual games: the offender is penalised, the rest
    # stand.  A leads the right bower; C holds KH and 9H but throws a spade.
    g = three()
    deal(g, **MADE)
    run(g, "A order_up; C discard TS")
    play(g, "JH QC QS", allow_renege=True)
    assert g.renege_by == 2
    finish(g, allow_renege=True)
    res = g.results[-1]
    made = 1 if res.tricks[0] >= 3 else 0
    assert res.points[2] == -2                      # the offender loses 2
    assert res.points[0] == made and res.points[1] == (0 if made else 2)
