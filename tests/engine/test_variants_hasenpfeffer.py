"""Hasenpfeffer (``hasenpfeffer``) on hand-made deals, from the rule text of
docs/rules.md: the joker as top trump, the one-card widow the maker takes, the
joker's holder's forced bid of 3, trick scoring and the losing floor; and the
options it is made of (``deal.widow_cards``, ``bidding.forced_bid_card``,
``scoring.trick_count``, ``game.lose_at``) as the compiler checks them."""

from __future__ import annotations

import pytest

from euchre_dsl.cards import SPADES
from euchre_dsl.engine.actions import BID, DISCARD, IllegalAction
from euchre_dsl.errors import EuchreError
from euchre_dsl.rules.registry import compile_data, compile_file, load_variant
from variant_tools import deal, game_for, play, run, seat, verbs

# dealer N; N holds the joker; the widow is TD (tests/validate/make_broken_corpus.py)
HANDS = {"N": "JK AS KS QS 9H TC", "E": "JS TS 9S AH KH QH",
         "S": "JH TH AD KD QD JD", "W": "JC AC KC QC 9C 9D"}
PLAY = ("JK JS JD JC  AS TS JH 9C  KS 9S TH 9D  QS QH QD QC  9H AH KD KC  KH AD AC TC")


def test_the_pack_is_25_cards_with_the_joker_six_each_and_a_one_card_widow():
    g = game_for("hasenpfeffer")
    assert g.deck.size == 25 and g.hand_size == 6 and g.widow_cards == 1
    with pytest.raises(ValueError, match="the widow has 2 cards, not 1"):
        deal(g, HANDS, widow="TD 9D")


def test_everyone_passes_and_the_joker_holder_must_bid_three():
    g = game_for("hasenpfeffer")
    deal(g, HANDS, widow="TD")
    run(g, "E pass; S pass; W pass; N pass")
    assert g.phase == "auction" and g.to_act == seat(g, "N")
    assert [(a.verb, a.arg) for a in g.legal_actions()] == [(BID, 3)]
    with pytest.raises(IllegalAction, match="must bid 3") as e:
        run(g, "N pass")
    assert e.value.code == "illegal-action"
    with pytest.raises(IllegalAction, match="forced bid is 3"):
        run(g, "N bid 4")
    with pytest.raises(IllegalAction, match=r"holder of JK \(N\) must bid 3") as e:
        run(g, "S bid 3")
    assert e.value.code == "out-of-turn"
    run(g, "N bid 3")
    assert g.phase == "auction_call" and g.high_bid == 3


def test_a_joker_in_the_widow_nobody_must_bid_and_the_hand_is_thrown_in():
    g = game_for("hasenpfeffer")
    hands = dict(HANDS, N="TD AS KS QS 9H TC")
    deal(g, hands, widow="JK")
    run(g, "E pass; S pass; W pass; N pass")
    assert g.results[-1].thrown_in and g.dealer == seat(g, "E")


def test_the_maker_takes_the_widow_after_naming_trump_discards_one_and_leads():
    g = game_for("hasenpfeffer")
    deal(g, HANDS, widow="TD")
    run(g, "E pass; S bid 2; W pass; N bid 3")  # one round: the dealer's 3 ends it
    assert g.phase == "auction_call" and g.to_act == seat(g, "N")
    run(g, "N call S")
    assert g.trump == SPADES and g.widow_holder == seat(g, "N")
    assert verbs(g) == {DISCARD} and bin(g.hand_of(seat(g, "N"))).count("1") == 7
    assert g.deck.parse("TD") in [a.arg for a in g.legal_actions()]
    run(g, "N discard 9H")
    assert g.phase == "play" and g.to_act == seat(g, "N")  # the maker leads
    play(g, "JK JS JD JC")  # the joker beats the right bower
    assert g.trick_winners == [seat(g, "N")]


def test_made_bid_scores_the_tricks_and_the_defenders_score_theirs():
    g = game_for("hasenpfeffer")
    deal(g, HANDS, widow="TD")
    run(g, "E pass; S pass; W pass; N pass; N bid 3; N call S; N discard TD")
    play(g, PLAY)
    res = g.results[-1]
    assert res.tricks == (4, 2, 0, 0) and res.points == (4, 2) and res.reason == "made"


def test_makers_short_of_the_bid_lose_the_bid_and_the_defenders_still_score():
    g = game_for("hasenpfeffer")
    deal(g, HANDS, widow="TD")
    run(g, "E pass; S pass; W pass; N bid 5; N call S; N discard TD")
    play(g, PLAY)
    res = g.results[-1]
    assert res.tricks == (4, 2, 0, 0) and res.points == (-5, 2) and res.reason == "set"


def test_a_side_falling_to_minus_ten_ends_the_game_and_the_higher_score_wins():
    g = game_for("hasenpfeffer", start_scores=[-6, 3])
    deal(g, HANDS, widow="TD")
    run(g, "E pass; S pass; W pass; N bid 5; N call S; N discard TD")
    play(g, PLAY)
    assert g.scores == [-11, 5] and g.is_over and g.winners == [1]


def test_both_forms_of_the_variant_are_the_same_rules():
    assert compile_file("variants/hasenpfeffer.yaml") == \
        compile_file("variants/hasenpfeffer.euchre") == load_variant("hasenpfeffer")


@pytest.mark.parametrize("options, message", [
    ({"bidding": {"forced_bid_card": "JK"}}, "a forced bid needs an auction"),
    ({"extends": "hasenpfeffer", "deck": {"joker": False}}, "'JK' is not a card of this deck"),
    ({"extends": "hasenpfeffer", "bidding": {"forced_bid": 13}}, "is too large"),
    ({"extends": "hasenpfeffer", "bidding": {"auction_min": 4}},
     "a forced bid of 3 is outside the auction's bids"),
    ({"extends": "columbus", "deal": {"widow_cards": 1}}, "not both"),
    ({"extends": "hasenpfeffer", "deal": {"widow_cards": 2}}, "the deal needs 26"),
    ({"extends": "hasenpfeffer", "scoring": {"model": "countdown"}},
     "a losing score is a table-scoring rule"),
])
def test_the_options_are_checked_together(options, message):
    with pytest.raises(EuchreError, match=message):
        compile_data(options)


def test_a_forced_bid_card_is_written_in_any_case_and_kept_as_records_spell_it():
    r = compile_data({"extends": "hasenpfeffer", "bidding": {"forced_bid_card": "joker"}})
    assert r.bidding.forced_bid_card == "JOKER"
    g = game_for(r)
    assert g.forced_card == g.deck.joker_card



def test_with_hidden_hands_the_forced_bid_shows_who_holds_the_joker():
    g = game_for("hasenpfeffer")
    g.deal([None, None, [g.deck.parse(c) for c in HANDS["S"].split()],
            [g.deck.parse(c) for c in HANDS["W"].split()]], None, None)
    run(g, "E pass; S pass; W pass; N pass")
    joker = 1 << g.deck.joker_card
    assert g.cand[seat(g, "N")] & joker and g.cand[seat(g, "E")] & joker
    with pytest.raises(IllegalAction, match=r"must bid 3, not S"):
        run(g, "S bid 3")  # S's hand is known: no joker
    run(g, "E bid 3")  # E may hold it: the bid says E does
    assert g.sure[seat(g, "E")] & joker and not g.cand[seat(g, "N")] & joker
    assert g.high_bidder == seat(g, "E")
