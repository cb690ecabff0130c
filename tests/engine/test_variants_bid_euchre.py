"""Bid euchre and Pepper (``bid-euchre``, ``pepper``): trick-count scoring, the shoot
and the losing score, on the examples of their rule texts (REFERENCE.md section
3.10): a made bid scores the makers' tricks (or the bid), a set bid loses the bid,
the defenders score their tricks, a shoot wins or loses its own points."""

from __future__ import annotations

import pytest

from euchre_dsl.cards import LOW_NO_TRUMP, NO_TRUMP, SPADES
from euchre_dsl.engine.actions import BID, CALL, DISCARD, GIVE
from euchre_dsl.engine.scoring import HandOutcome, game_winners, makers_made, score_hand
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.errors import EuchreError
from euchre_dsl.rules.registry import compile_data
from variant_tools import deal, finish, game_for, play, run, verbs

# Dealer W; every card is dealt, six each, no upcard.  N holds the top four
# spades; spades trump, N leads and takes five tricks, E the last with AD.
DEAL = dict(hands={"N": "JS JC AS KS AH 9D", "E": "QS 9S KH QH AD TD",
                   "S": "TS 9H TH KD QD JD", "W": "9C TC QC KC AC JH"})
PLAY = "JS 9S TS 9C  JC QS 9H TC  AS TD TH QC  KS KH QD KC  AH QH JD JH  9D AD KD AC"


def bid_euchre(variant: str | dict = "bid-euchre", **kw):
    return game_for(variant, dealer=3, **kw)


def with_option(**scoring) -> dict:
    return {"extends": "bid-euchre", "scoring": scoring}


def test_every_card_is_dealt_and_the_auction_opens_at_three():
    g = bid_euchre()
    deal(g, **DEAL)
    assert g.upcard is None and g.phase == "auction" and g.to_act == 0
    assert {a.arg for a in g.legal_actions() if a.verb == BID} == {3, 4, 5, 6}
    run(g, "N bid 4; E pass; S pass; W pass")
    assert g.phase == "auction_call" and g.to_act == 0
    # a suit, high no-trump or low no-trump, with the partner or alone (a shoot)
    calls = {(a.arg, a.alone) for a in g.legal_actions() if a.verb == CALL}
    assert calls == {(c, alone) for c in (0, 1, 2, 3, NO_TRUMP, LOW_NO_TRUMP)
                     for alone in (False, True)}


def test_a_made_bid_of_four_scores_the_makers_tricks_and_the_defenders_theirs():
    g = bid_euchre()
    deal(g, **DEAL)
    run(g, "N bid 4; E pass; S pass; W pass; N call S")
    assert g.trump == SPADES and g.to_act == 0  # the high bidder leads
    play(g, PLAY)
    res = g.results[-1]
    assert res.tricks == (5, 1, 0, 0) and res.reason == "made"
    assert res.points == (5, 1) and g.scores == [5, 1]


def test_under_the_bid_option_a_made_bid_of_four_scores_four():
    g = bid_euchre(with_option(trick_count="bid"))
    deal(g, **DEAL)
    run(g, "N bid 4; E pass; S pass; W pass; N call S")
    play(g, PLAY)
    assert g.results[-1].points == (4, 1)


def test_a_set_bid_scores_minus_the_bid():
    g = bid_euchre()
    deal(g, **DEAL)
    run(g, "N bid 6; N call S")  # the top bid ends the auction at once
    play(g, PLAY)
    res = g.results[-1]
    assert res.reason == "set" and res.points == (-6, 1) and g.scores == [-6, 1]


def test_defenders_may_score_nothing_by_option():
    g = bid_euchre(with_option(defenders_score_tricks=False))
    deal(g, **DEAL)
    run(g, "N bid 6; N call S")
    play(g, PLAY)
    assert g.results[-1].points == (-6, 0)


def test_a_shoot_takes_a_card_from_the_partner_and_every_trick_for_twelve():
    g = bid_euchre()
    deal(g, **DEAL)
    run(g, "N bid 3; E pass; S pass; W pass; N call S alone")
    # call for best: the shooter puts a card away, the partner gives one and sits out
    assert verbs(g) == {DISCARD}
    run(g, "N discard 9D")
    assert verbs(g) == {GIVE} and g.to_act == 2
    run(g, "S give TS")
    assert g.active == [True, True, False, True] and g.to_act == 0
    play(g, "JS 9S 9C  JC QS TC  AS TD QC  KS KH KC  TS QH AC  AH AD JH")
    res = g.results[-1]
    assert res.tricks == (6, 0, 0, 0) and res.reason == "shoot made"
    assert res.points == (12, 0)


def test_a_shoot_short_of_one_trick_loses_twelve():
    r = load_variant("bid-euchre")
    side_of = (0, 1, 0, 1)
    lone = HandOutcome(0, True, None, 6, (True, True, False, True), (5, 1, 0, 0), None)
    assert makers_made(side_of, lone) is False
    assert score_hand(r, side_of, 2, lone).points == (-12, 1)


def test_a_lone_makers_target_is_every_trick():
    g = bid_euchre()
    deal(g, **DEAL)
    run(g, "N bid 3; E pass; S pass; W pass; N call S alone")
    assert g.hand_outcome([0, 0, 0, 0]).target == 6


@pytest.mark.parametrize("variant,floor", [("bid-euchre", -32), ("pepper", -30)])
def test_a_side_at_the_losing_score_loses_and_the_other_wins(variant: str, floor: int):
    r = load_variant(variant)
    assert game_winners(r, [floor + 1, 3], 9) is None
    assert game_winners(r, [floor, 3], 9) == [1]
    assert game_winners(r, [floor - 2, floor], 9) == [1]  # both out: the better score
    assert game_winners(r, [r.game.target, floor], 9) == [0]


def test_the_losing_score_ends_a_played_game():
    g = bid_euchre(start_scores=[-28, 0])
    deal(g, **DEAL)
    run(g, "N bid 6; N call S")
    play(g, PLAY)
    assert g.results[-1].points == (-6, 1) and g.scores == [-34, 1]
    assert g.is_over and g.winners == [1]


def test_pepper_bids_from_one_and_plays_to_thirty():
    g = bid_euchre("pepper")
    deal(g, **DEAL)
    assert {a.arg for a in g.legal_actions() if a.verb == BID} == {1, 2, 3, 4, 5, 6}
    run(g, "N bid 1; E pass; S pass; W pass")
    calls = {a.arg for a in g.legal_actions() if a.verb == CALL}
    assert calls == {0, 1, 2, 3, NO_TRUMP}  # no low no-trump
    run(g, "N call S")
    play(g, PLAY)
    assert g.results[-1].points == (5, 1)
    assert load_variant("pepper").game.target == 30


def test_a_two_card_call_puts_two_away_and_takes_two_from_the_partner():
    g = bid_euchre({"extends": "bid-euchre", "alone": {"call_for_best_cards": 2}})
    deal(g, **DEAL)
    run(g, "N bid 3; E pass; S pass; W pass; N call S alone; N discard 9D; N discard AH")
    assert verbs(g) == {GIVE} and g.to_act == 2
    run(g, "S give TS; S give KD")
    assert g.phase == "play" and g.count[0] == 6 and g.to_act == 0
    finish(g)
    assert g.results[-1].maker == 0 and g.hand_outcome(g.results[-1].tricks).target == 6


def test_more_cards_called_than_a_hand_can_put_away_is_refused():
    with pytest.raises(EuchreError) as e:
        compile_data({"extends": "railroad", "alone": {"call_for_best_cards": 4},
                      "deal": {"hand_size": 4, "packets": [2, 2]}})
    assert [p.message for p in e.value.problems] == [
        "a lone player cannot put away 4 of 4 cards for each partner's best "
        "(alone.call_for_best_cards: 4; deal.hand_size: 4)"]
