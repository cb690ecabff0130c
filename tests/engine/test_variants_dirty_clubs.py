"""Dirty Clubs (``dirty-clubs``, ``dirty-clubs-5``, ``dirty-clubs-6``): the numeric
auction and everything else that differs from Buck Euchre, on hand-constructed deals
(REFERENCE.md owner decisions 4, 7, 9; section 3.5)."""

from __future__ import annotations

import pytest

from euchre_dsl.cards import CLUBS, NO_TRUMP, SPADES, CardError
from euchre_dsl.engine.actions import BID, CALL, DECLINE, DISCARD, IllegalAction
from variant_tools import cards, deal, finish, game_for, play, run, verbs

# Dealer W turns up 9H.  E bids 4, names spades and takes the heart; S stays, W
# drops, N stays.  E takes 3 tricks (short of the bid), S 2, N none.
SPADE_DEAL = dict(hands={"N": "TD TH TC QC KC", "E": "JS JC AS 9D 9C",
                         "S": "AD AH KS QS AC", "W": "KD QD KH QH JD"}, upcard="9H")
SPADE_PLAY = "TD 9D AD  AH TH 9H  KS TC JS  JC QS QC  AS AC KC"

CLUB_DEAL = dict(hands={"N": "JC JS AC TS 9S", "E": "KC QC AS KS QS",
                        "S": "TC 9H TH 9D TD", "W": "KH QH JH KD QD"}, upcard="9C")


def dirty(dealer: int = 3, **kw):
    return game_for("dirty-clubs", dealer=dealer, **kw)


def test_club_upcard_forces_clubs_without_an_auction():
    g = dirty()
    deal(g, **CLUB_DEAL)
    assert g.trump == CLUBS and g.maker is None and verbs(g) == {DISCARD}
    run(g, "W discard QD")
    assert g.phase == "play"
    play(g, "JC QC TC 9C  JS KC 9H KH  AC QS TH QH  TS AS 9D JH  KS TD KD 9S")
    assert g.results[-1].points == (-3, -2, 5, 5)


def test_auction_from_the_dealers_left_each_bid_higher():
    g = dirty()
    deal(g, **SPADE_DEAL)
    assert g.phase == "auction" and g.to_act == 0
    assert {a.arg for a in g.legal_actions() if a.verb == BID} == {1, 2, 3, 4, 5}
    run(g, "N bid 2")
    assert {a.arg for a in g.legal_actions() if a.verb == BID} == {3, 4, 5}
    with pytest.raises(IllegalAction) as e:
        run(g, "E bid 2")
    assert e.value.code == "illegal-action" and "does not beat" in e.value.message
    with pytest.raises(IllegalAction) as e:
        run(g, "E bid 6")
    assert e.value.code == "illegal-action"
    with pytest.raises(IllegalAction) as e:
        run(g, "S bid 3")
    assert e.value.code == "out-of-turn"
    run(g, "E pass; S bid 3; W pass")
    # one round only: the high bidder names trump
    assert g.phase == "auction_call" and g.to_act == 2
    assert {a.arg for a in g.legal_actions()} == {0, 1, 2, 3, NO_TRUMP}


def test_bid_of_five_ends_the_auction_at_once():
    g = dirty()
    deal(g, **SPADE_DEAL)
    run(g, "N pass; E bid 5")
    assert g.phase == "auction_call" and g.to_act == 1
    with pytest.raises(IllegalAction) as e:
        run(g, "S pass")
    assert e.value.code == "out-of-turn"


def test_all_pass_throws_the_hand_in_and_the_deal_passes_left():
    g = dirty()
    deal(g, **SPADE_DEAL)
    run(g, "N pass; E pass; S pass; W pass")
    res = g.results[-1]
    assert res.thrown_in and res.trump is None and res.points == (0, 0, 0, 0)
    assert g.dealer == 0 and g.phase == "deal" and g.scores == [25] * 4


def test_bidder_names_spades_takes_the_heart_upcard_and_is_set_below_the_bid():
    g = dirty()
    deal(g, **SPADE_DEAL)
    run(g, "N pass; E bid 4; S pass; W pass; E call S")
    assert g.trump == SPADES and g.maker == 1
    # taking the upcard is optional, whatever its suit
    assert g.phase == "take_upcard" and DECLINE in verbs(g)
    with pytest.raises(IllegalAction) as e:
        run(g, "E discard 9H")  # not the upcard itself
    assert e.value.code == "illegal-action"
    run(g, "E discard 9C")
    assert g.hand_of(1) == g.deck.mask(cards(g, "JS JC AS 9D 9H"))
    # stay/drop starts left of the bidder
    assert g.phase == "stay_drop" and g.to_act == 2
    run(g, "S stay; W drop; N stay")
    play(g, SPADE_PLAY)
    res = g.results[-1]
    assert res.tricks == (0, 3, 2, 0)
    # 3 tricks would make a Buck maker, but E bid 4: +5, no credit; N bucked
    assert res.points == (5, 5, -2, 0)


def test_bidder_who_makes_the_bid_counts_down_per_trick():
    g = dirty()
    deal(g, **SPADE_DEAL)
    run(g, "N pass; E bid 3; S pass; W pass; E call S; E discard 9C; S stay; W drop; N stay")
    play(g, SPADE_PLAY)
    assert g.results[-1].points == (5, -3, -2, 0)


def test_fixed_target_option_ignores_the_bid():
    g = game_for({"extends": "dirty-clubs", "scoring": {"maker_target": 3}}, dealer=3)
    deal(g, **SPADE_DEAL)
    run(g, "N pass; E bid 4; S pass; W pass; E call S; E discard 9C; S stay; W drop; N stay")
    play(g, SPADE_PLAY)
    assert g.results[-1].points == (5, -3, -2, 0)


def test_bidder_may_leave_the_upcard_and_nothing_is_recorded():
    g = dirty()
    deal(g, **SPADE_DEAL)
    run(g, "N pass; E bid 2; S pass; W pass; E call C")
    assert g.trump == CLUBS  # clubs may be named though a heart was turned
    run(g, "S stay")  # the next decision closes the offer
    assert g.hand_of(1) == g.deck.mask(cards(g, "JS JC AS 9D 9C"))
    assert [a.verb for a in g.hand_actions][-2:] == [CALL, "stay"]
    assert not any(a.verb == DISCARD for a in g.hand_actions)


def test_bidder_may_name_no_trump():
    g = dirty()
    deal(g, **SPADE_DEAL)
    run(g, "N bid 1; E pass; S pass; W pass; N call NT; N decline")
    assert g.trump == NO_TRUMP and g.phase == "stay_drop" and g.to_act == 1


def test_five_players_add_the_eights():
    g = game_for("dirty-clubs-5", dealer=4)
    assert g.deck.size == 28
    with pytest.raises(CardError):
        g.deck.parse("7C")
    deal(g, hands={"A": "8C 9C TC JC QC", "B": "8D 9D TD JD QD", "C": "8H 9H TH JH QH",
                   "D": "8S 9S TS JS QS", "E": "KC KD KH KS AC"}, upcard="AH")
    run(g, "A pass; B pass; C bid 2; D pass; E pass; C call H; C discard 8H")
    assert g.phase == "stay_drop" and g.to_act == 3 and len(g.stay_queue) == 4
    run(g, "D stay; E drop; A drop; B stay")
    finish(g)
    res = g.results[-1]
    assert sum(res.tricks) == 5 and res.tricks[0] == res.tricks[4] == 0
    assert res.points[0] == res.points[4] == 0


def test_six_players_add_the_sevens_and_a_club_upcard_still_forces():
    g = game_for("dirty-clubs-6", dealer=5)
    assert g.deck.size == 32
    deal(g, hands={"A": "7C 8C 9C TC JC", "B": "7D 8D 9D TD JD", "C": "7H 8H 9H TH JH",
                   "D": "7S 8S 9S TS JS", "E": "QC KC QD KD AD", "F": "QH KH AH QS KS"},
         upcard="AC")
    assert g.trump == CLUBS and g.to_act == 5 and verbs(g) == {DISCARD}
    run(g, "F discard QS")
    assert g.phase == "play" and g.active == [True] * 6
    finish(g)
    assert sum(g.results[-1].tricks) == 5


def test_a_deal_that_does_not_fit_the_deck_is_refused():
    g = game_for("dirty-clubs-5")
    with pytest.raises(ValueError):
        g.deal([cards(g, "8C 9C TC JC QC")] * 5, g.deck.parse("AH"))
