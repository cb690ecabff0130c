"""Buck Euchre (``buck``): every rule that makes it differ from partnership euchre,
each on a hand-constructed deal (REFERENCE.md owner decisions 3, 6, 9; section 3.4;
section 5 items 9-12)."""

from __future__ import annotations

import pytest

from euchre_dsl.cards import CLUBS, HEARTS, NO_TRUMP
from euchre_dsl.engine.actions import CALL, DISCARD, IllegalAction, ORDER_UP, PASS
from variant_tools import action, cards, deal, finish, game_for, play, run, verbs

# Dealer W turns up a club: clubs are trump, W takes it.  N takes 3 tricks,
# E 2, S and W none (both bucked: nobody could drop).
CLUB_DEAL = dict(hands={"N": "JC JS AC TS 9S", "E": "KC QC AS KS QS",
                        "S": "TC 9H TH 9D TD", "W": "KH QH JH KD QD"}, upcard="9C")
CLUB_PLAY = "JC QC TC 9C  JS KC 9H KH  AC QS TH QH  TS AS 9D JH  KS TD KD 9S"

# Dealer W turns up 9H; E orders hearts up, W takes the 9H.  S stays, W drops, N
# stays.  S takes 3 tricks, E (the maker) 2, N none.
HEART_DEAL = dict(hands={"N": "QH TH TC TD TS", "E": "JH AH 9C 9D 9S",
                         "S": "JD KH AC AD AS", "W": "KC QC KD QD KS"}, upcard="9H")
HEART_PLAY = "TC 9C AC  AD TD 9D  AS TS 9S  JD QH JH  AH KH TH"


def buck(**kw):
    return game_for("buck", dealer=3, **kw)


def test_club_upcard_makes_clubs_trump_with_no_bidding_and_nobody_may_drop():
    g = buck()
    deal(g, **CLUB_DEAL)
    assert g.trump == CLUBS and g.maker is None
    # no bidding at all: the dealer's discard is the only action
    assert g.to_act == 3 and verbs(g) == {DISCARD}
    with pytest.raises(IllegalAction) as e:
        run(g, "N pass")
    assert e.value.code == "out-of-turn"
    run(g, "W discard QD")
    assert g.phase == "play"  # nobody is asked to stay or drop
    with pytest.raises(IllegalAction) as e:
        run(g, "N drop")
    assert e.value.code == "illegal-action" and "nobody may drop" in e.value.message
    play(g, CLUB_PLAY)
    res = g.results[-1]
    assert res.tricks == (3, 2, 0, 0)
    # 1 off per trick; S and W were in play and took nothing: bucked, +5
    assert res.points == (-3, -2, 5, 5)
    assert g.scores == [22, 23, 30, 30]
    assert not any(a.verb in ("stay", "drop") for a in g.hand_actions)


def test_order_up_stay_drop_order_maker_set_and_bucked_stayer():
    g = buck()
    deal(g, **HEART_DEAL)
    run(g, "N pass; E order_up")
    assert g.trump == HEARTS and g.maker == 1
    run(g, "W discard KS")
    # stay/drop starts left of the maker: S, W, N; the maker is never asked
    assert g.phase == "stay_drop" and g.to_act == 2
    with pytest.raises(IllegalAction) as e:
        run(g, "E drop")
    assert e.value.code == "out-of-turn" and "made trump" in e.value.message
    with pytest.raises(IllegalAction) as e:
        run(g, "N stay")
    assert e.value.code == "out-of-turn"
    run(g, "S stay; W drop; N stay")
    assert g.active == [True, True, True, False]
    assert g.to_act == 0  # eldest leads
    play(g, HEART_PLAY)
    res = g.results[-1]
    assert res.tricks == (0, 2, 3, 0)
    # maker under 3: +5 and no credit for the 2 tricks; N stayed and took
    # nothing: +5; S -3; W dropped: unchanged
    assert res.points == (5, 5, -3, 0)


def test_maker_set_with_trick_credit_option():
    g = game_for({"extends": "buck", "scoring": {"maker_set_credits_tricks": True}}, dealer=3)
    deal(g, **HEART_DEAL)
    run(g, "N pass; E order_up; W discard KS; S stay; W drop; N stay")
    play(g, HEART_PLAY)
    assert g.results[-1].points == (5, 5 - 2, -3, 0)


def test_naming_round_bars_turned_down_suit_and_offers_no_trump():
    g = buck()
    deal(g, **HEART_DEAL)
    run(g, "N pass; E pass; S pass; W pass")
    assert g.phase == "naming" and g.to_act == 0
    calls = {a.arg for a in g.legal_actions() if a.verb == CALL}
    assert calls == {0, 1, 3, NO_TRUMP}  # hearts turned down
    with pytest.raises(IllegalAction) as e:
        run(g, "N call H")
    assert e.value.code == "illegal-action"
    run(g, "N call NT")
    assert g.trump == NO_TRUMP and g.maker == 0
    assert g.phase == "stay_drop" and g.to_act == 1  # nobody exchanges; E asked first


def test_all_pass_twice_is_played_at_no_trump_and_nobody_is_asked():
    g = buck()
    deal(g, **HEART_DEAL)
    run(g, "N pass; E pass; S pass; W pass; N pass; E pass; S pass; W pass")
    assert g.trump == NO_TRUMP and g.maker is None
    assert g.phase == "play" and g.active == [True] * 4
    assert {a.verb for a in g.legal_actions()} == {"play"}
    finish(g)
    res = g.results[-1]
    assert res.thrown_in is False and res.trump == NO_TRUMP
    # everyone was in: no maker target, each trick -1, no trick +5
    assert res.points == tuple(5 if t == 0 else -t for t in res.tricks)


def test_all_five_tricks_against_an_opponent_wins_the_game_at_once():
    g = buck()
    deal(g, hands={"N": "JC JS AC KC QC", "E": "AS KS QS JH 9S",
                   "S": "TC 9H TH 9D TD", "W": "KH QH AH KD QD"}, upcard="9C")
    run(g, "W discard QD")
    finish(g)
    res = g.results[-1]
    assert res.tricks == (5, 0, 0, 0) and res.reason == "all tricks"
    assert g.is_over and g.winners == [0]
    # the points of the hand are not applied
    assert res.points == (0, 0, 0, 0) and g.scores == [25] * 4


def all_drop_hand(g, stayers: str = "") -> None:
    deal(g, hands={"N": "JH JD AH KH QH", "E": "AS KS QS 9C 9S",
                   "S": "TC TH TS 9D TD", "W": "AC KC AD KD QD"}, upcard="9H")
    run(g, "N order_up; W discard QD")
    for label in "ESW":
        run(g, f"{label} {'stay' if label in stayers else 'drop'}")
    finish(g)


def test_uncontested_march_scores_minus_five_and_does_not_win():
    g = buck()
    all_drop_hand(g)
    res = g.results[-1]
    assert g.active == [True, False, False, False]
    assert res.tricks == (5, 0, 0, 0)  # five one-card tricks
    assert res.points == (-5, 0, 0, 0) and not g.is_over and g.scores[0] == 20


def test_march_with_one_opponent_in_play_is_an_instant_win():
    g = buck()
    all_drop_hand(g, stayers="S")
    assert g.results[-1].tricks == (5, 0, 0, 0)
    assert g.is_over and g.winners == [0] and g.scores == [25] * 4


def test_uncontested_march_wins_when_the_option_says_so():
    g = game_for({"extends": "buck", "scoring": {"instant_win_requires_opponent": False}},
                 dealer=3)
    all_drop_hand(g)
    assert g.is_over and g.winners == [0]


@pytest.mark.parametrize("start, over, winners", [
    ([2, 2, 25, 25], True, [0]),      # N -1, E 0: the furthest below 0 wins
    ([3, 2, 25, 25], True, [0, 1]),   # both exactly 0: a tie
    ([4, 2, 25, 25], True, [1]),      # only E reaches 0
    ([4, 3, 25, 25], False, None),    # nobody reaches 0
])
def test_players_reaching_zero_on_the_same_hand(start, over, winners):
    g = buck(start_scores=start)
    deal(g, **CLUB_DEAL)
    run(g, "W discard QD")
    play(g, CLUB_PLAY)
    assert g.is_over is over and g.winners == winners


def test_exact_tie_plays_on_when_the_option_says_so():
    g = game_for({"extends": "buck", "game": {"tie": "play_on"}}, dealer=3,
                 start_scores=[3, 2, 25, 25])
    deal(g, **CLUB_DEAL)
    run(g, "W discard QD")
    play(g, CLUB_PLAY)
    assert g.scores[:2] == [0, 0] and not g.is_over


def test_renege_offender_scores_five_instead_of_its_result():
    g = buck()
    deal(g, **CLUB_DEAL)
    run(g, "W discard QD")
    play(g, "JC QC TC 9C")
    g.play(0, g.deck.parse("JS"))
    g.play(1, g.deck.parse("QS"), allow_renege=True)  # holds KC: a trump was led
    # E's later trump is further proof of the same renege, counted once
    play(g, "9H KH  AC KC TH QH  TS AS 9D JH  KS TD KD 9S", allow_renege=True)
    res = g.results[-1]
    assert res.renege_by == 1 and res.tricks == (3, 2, 0, 0)
    assert res.points == (-3, 5, 5, 5)


def test_renege_does_not_take_away_another_players_instant_win():
    g = buck()
    deal(g, hands={"N": "JH JD AH KH QH", "E": "AS KS QS 9C 9S",
                   "S": "TC TH TS 9D TD", "W": "AC KC AD KD QD"}, upcard="9H")
    run(g, "N order_up; W discard QD; E stay; S stay; W stay")
    # N leads the right bower; S holds TH but plays 9D
    play(g, "JH 9C")
    g.play(2, g.deck.parse("9D"), allow_renege=True)
    finish(g, allow_renege=True)
    res = g.results[-1]
    assert res.renege_by == 2 and res.tricks == (5, 0, 0, 0)
    assert g.is_over and g.winners == [0] and res.points == (0, 0, 0, 0)


def three_hands_game():
    g = game_for({"extends": "buck",
                  "participation": {"three_hands_rule": True},
                  "bidding": {"all_pass": "throw_in"}}, dealer=0)
    return g


def heart_hand(g, script: str) -> None:
    deal(g, **HEART_DEAL)
    run(g, script)
    finish(g)


def test_three_hands_rule_forces_a_third_consecutive_player_to_play_unasked():
    g = three_hands_game()
    # hand 1, dealer N: E orders up, N (asked last) drops
    heart_hand(g, "E order_up; N discard TS; S stay; W stay; N drop")
    # hand 2, dealer E: S orders up, N drops again
    heart_hand(g, "S order_up; E discard 9S; W stay; N drop; E stay")
    assert g.drop_streak[0] == 2
    # hand 3, dealer S: thrown in -- it neither counts nor resets
    deal(g, **HEART_DEAL)
    run(g, "W pass; N pass; E pass; S pass; W pass; N pass; E pass; S pass")
    assert g.results[-1].thrown_in and g.drop_streak[0] == 2
    # hand 4, dealer W: E makes trump; S and W are asked, N is not
    deal(g, **HEART_DEAL)
    run(g, "N pass; E order_up; W discard KS; S drop")
    with pytest.raises(IllegalAction) as e:
        run(g, "N drop")
    assert e.value.code == "out-of-turn" and "three-hands rule" in e.value.message
    run(g, "W drop")
    assert g.phase == "play" and g.active == [True, True, False, False]
    assert [a.seat for a in g.hand_actions if a.verb in ("stay", "drop")] == [2, 3]
    finish(g)
    assert g.drop_streak == [0, 0, 1, 1]


def test_three_hands_streak_is_reset_by_a_forced_hand():
    g = three_hands_game()
    heart_hand(g, "E order_up; N discard TS; S stay; W stay; N drop")
    assert g.drop_streak[0] == 1
    deal(g, **CLUB_DEAL)  # club upcard: everyone plays
    finish(g)
    assert g.drop_streak == [0, 0, 0, 0]


def test_last_player_cannot_drop_option():
    g = game_for({"extends": "buck", "participation": {"last_player_cannot_drop": True}},
                 dealer=3)
    deal(g, **HEART_DEAL)
    run(g, "N pass; E order_up; W discard KS; S drop; W drop")
    # N, the last asked, would leave E unopposed: N plays without being asked
    assert g.phase == "play" and g.active == [True, True, False, False]


def test_stay_drop_order_from_the_dealers_left_option():
    g = game_for({"extends": "buck", "participation": {"order": "left_of_dealer"}}, dealer=3)
    deal(g, **HEART_DEAL)
    run(g, "N pass; E order_up; W discard KS")
    assert g.to_act == 0  # N, left of the dealer, then S and W (E made trump)
    run(g, "N stay; S stay; W stay")
    assert g.phase == "play"


def test_no_going_alone_in_an_individual_game():
    g = buck()
    deal(g, **HEART_DEAL)
    assert all(not a.alone for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply(action(g, "N order_up alone"))
    assert {PASS, ORDER_UP} == verbs(g)


def test_when_eldest_drops_the_next_active_player_leads():
    g = buck()
    deal(g, **HEART_DEAL)
    run(g, "N pass; E order_up; W discard KS; S stay; W stay; N drop")
    assert g.phase == "play" and g.to_act == 1


def test_club_upcard_left_on_the_table_option():
    g = game_for({"extends": "buck", "bidding": {"forced_dealer_takes": False}}, dealer=3)
    deal(g, **CLUB_DEAL)
    assert g.trump == CLUBS and g.phase == "play"
    assert g.hand_of(3) == g.deck.mask(cards(g, CLUB_DEAL["hands"]["W"]))
