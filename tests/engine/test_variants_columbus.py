"""Columbus (``columbus``): three-player Buck Euchre with a widow and no upcard, on
hand-constructed deals (REFERENCE.md owner decisions 5 and 9; section 3.6)."""

from __future__ import annotations

import pytest

from euchre_dsl.cards import HEARTS, NO_TRUMP
from euchre_dsl.engine.actions import CALL, PASS, TAKE_WIDOW, IllegalAction
from variant_tools import cards, deal, finish, game_for, run, verbs

# Dealer A: the widow is offered to C (dealer's right), then A, then B.
HANDS = {"A": "9C TC 9D TD 9S", "B": "QC KC QD KD QS", "C": "JC AC JD AD KS"}
WIDOW = "JH AH KH QH JS"


def columbus():
    g = game_for("columbus", dealer=0)
    deal(g, HANDS, widow=WIDOW)
    return g


def test_no_upcard_is_turned_and_the_widow_is_offered_right_of_the_dealer_first():
    g = columbus()
    assert g.upcard is None and g.phase == "widow" and g.to_act == 2
    assert verbs(g) == {PASS, TAKE_WIDOW}


def test_widow_taken_by_the_second_player_offered():
    g = columbus()
    run(g, "C pass; A take_widow")
    # the dealer now holds the widow; A's old hand is dead; B is not asked
    assert g.hand_of(0) == g.deck.mask(cards(g, WIDOW))
    assert g.phase == "naming" and g.to_act == 1
    with pytest.raises(IllegalAction):
        run(g, "B take_widow")
    assert [a.verb for a in g.hand_actions] == [PASS, TAKE_WIDOW]
    # the taker is an ordinary player: names trump, plays, scores
    run(g, "B pass; C pass; A call H")
    assert g.trump == HEARTS and g.maker == 0
    run(g, "B stay; C stay")
    finish(g)
    res = g.results[-1]
    dead = g.deck.mask(cards(g, HANDS["A"]))
    played = 0
    for a in g.hand_actions:
        if a.verb == "play":
            played |= 1 << a.arg
    assert not played & dead  # the hand given up never comes into play
    assert sum(res.tricks) == 5


def test_at_most_one_exchange_and_nobody_after_all_pass():
    g = columbus()
    run(g, "C pass; A pass; B pass")
    assert g.phase == "naming" and g.to_act == 1
    assert g.hand_of(1) == g.deck.mask(cards(g, HANDS["B"]))


def test_naming_round_from_the_dealers_left_any_suit_or_no_trump():
    g = columbus()
    run(g, "C pass; A pass; B pass")
    assert {a.arg for a in g.legal_actions() if a.verb == CALL} == {0, 1, 2, 3, NO_TRUMP}
    run(g, "B pass; C call NT")
    assert g.trump == NO_TRUMP and g.maker == 2
    assert g.phase == "stay_drop" and g.to_act == 0  # left of the maker


def test_widow_taker_may_drop():
    g = columbus()
    run(g, "C take_widow; B call H; C drop; A stay")
    assert g.active == [True, True, False]


def test_all_pass_is_played_at_no_trump_with_everyone_in():
    g = columbus()
    run(g, "C pass; A pass; B pass; B pass; C pass; A pass")
    assert g.trump == NO_TRUMP and g.maker is None
    assert g.phase == "play" and g.active == [True] * 3
    finish(g)
    res = g.results[-1]
    assert res.points == tuple(5 if t == 0 else -t for t in res.tricks)


def test_offer_order_from_the_dealers_left_option():
    g = game_for({"extends": "columbus", "bidding": {"widow_order": "left_of_dealer"}},
                 dealer=0)
    deal(g, HANDS, widow=WIDOW)
    assert g.to_act == 1
    run(g, "B pass; C pass; A pass")
    assert g.phase == "naming"


def test_a_widow_game_turns_no_card():
    g = game_for("columbus")
    with pytest.raises(ValueError):
        g.deal([cards(g, h) for h in HANDS.values()], g.deck.parse("9H"), cards(g, WIDOW))
