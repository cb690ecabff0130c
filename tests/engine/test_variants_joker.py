"""The joker variants: British euchre with the Benny (``british``) and Railroad
euchre (``railroad``), on hand-constructed deals; and the ``bidding.joker_upcard``
option (REFERENCE.md sections 1.2, 1.5, 3.2, 3.3)."""

from __future__ import annotations

from dataclasses import replace

import pytest
import yaml

from euchre_dsl.cards import HEARTS, SPADES
from euchre_dsl.engine.actions import CALL, DISCARD, IllegalAction
from euchre_dsl.engine.machine import Machine
from euchre_dsl.errors import EuchreError
from euchre_dsl.rules.registry import compile_data, compile_file
from variant_tools import deal, finish, game_for, play, run, verbs

# 25 cards, dealer W; the joker may be turned up.
HANDS = {"N": "9C TC 9D TD 9S", "E": "JH JD AH KH QH",
         "S": "AS KS QS JS TS", "W": "AC KC QC AD KD"}


def test_british_turned_up_benny_the_dealer_names_trump_and_takes_it():
    g = game_for("british", dealer=3)
    assert g.deck.size == 25
    deal(g, HANDS, upcard="JK")
    assert g.phase == "dealer_names" and g.to_act == 3
    assert verbs(g) == {CALL}
    assert {a.arg for a in g.legal_actions()} == {0, 1, 2, 3}  # no no-trump
    with pytest.raises(IllegalAction) as e:
        run(g, "N pass")
    assert e.value.code == "out-of-turn"
    with pytest.raises(IllegalAction) as e:
        run(g, "W pass")
    assert e.value.code == "illegal-action"
    run(g, "W call S")
    assert g.trump == SPADES and g.maker == 3
    assert verbs(g) == {DISCARD}
    with pytest.raises(IllegalAction):
        run(g, "W discard JK")
    run(g, "W discard KD")
    assert g.phase == "play" and g.to_act == 0
    # the Benny beats the right bower, and a Benny lead is a trump lead
    play(g, "9S QH JS JK")
    assert g.trick_winners == [3]
    play(g, "AC 9C")  # N follows the club lead
    finish(g)
    assert sum(g.results[-1].tricks) == 5


def test_british_dealer_may_go_alone_after_a_turned_up_benny():
    g = game_for("british", dealer=3)
    deal(g, HANDS, upcard="JK")
    run(g, "W call C alone; W discard AD")
    assert g.alone and g.active == [True, False, True, True]
    finish(g)


def test_british_game_is_eleven():
    g = game_for("british", dealer=3, start_scores=[9, 0])
    deal(g, HANDS, upcard="9H")
    run(g, "N pass; E order_up; W discard KD")
    finish(g)
    res = g.results[-1]
    assert res.points == (0, 2)  # E+W march
    g2 = game_for("british", dealer=3, start_scores=[0, 8])
    deal(g2, HANDS, upcard="9H")
    run(g2, "N pass; E order_up; W discard KD")
    finish(g2)
    assert g2.scores == [0, 10] and not g2.is_over


def test_railroad_turned_up_joker_proposes_hearts():
    g = game_for("railroad", dealer=3)
    deal(g, HANDS, upcard="JK")
    assert g.phase == "order_up_round"
    run(g, "N pass; E order_up")
    assert g.trump == HEARTS
    run(g, "W discard KD")
    assert g.hand_of(3) >> g.deck.parse("JK") & 1


def test_railroad_turned_down_joker_bars_hearts():
    g = game_for("railroad", dealer=3)
    deal(g, HANDS, upcard="JK")
    run(g, "N pass; E pass; S pass; W pass")
    assert g.turned_down == HEARTS
    assert HEARTS not in {a.arg for a in g.legal_actions() if a.verb == CALL}
    with pytest.raises(IllegalAction):
        run(g, "N call H")


def test_railroad_lone_defender_euchre_scores_four():
    g = game_for("railroad", dealer=3)
    deal(g, HANDS, upcard="JK")
    run(g, "N order_up alone; W discard KD")
    # call for best: N discards, then S (sitting out) gives N a card of S's choice
    run(g, "N discard 9C; S give AS")
    # the opponents are asked from the maker's left: E first
    assert g.phase == "defend" and g.to_act == 1
    run(g, "E defend_alone")
    assert g.active == [True, True, False, False]
    run(g, "E discard QH; W give JK")  # the lone defender calls for best too
    finish(g)
    res = g.results[-1]
    assert res.tricks == (0, 5, 0, 0) and res.points == (0, 4)


def test_railroad_no_defending_alone_against_a_partnership_maker():
    g = game_for("railroad", dealer=3)
    deal(g, HANDS, upcard="9H")
    run(g, "N pass; E order_up; W discard KD")
    assert g.phase == "play"


def test_agreed_suit_option():
    g = game_for({"extends": "standard", "deck": {"joker": True},
                  "bidding": {"joker_upcard": "agreed_suit", "joker_upcard_suit": "S"}},
                 dealer=3)
    deal(g, HANDS, upcard="JK")
    run(g, "N order_up")
    assert g.trump == SPADES


@pytest.mark.parametrize("data, where, words", [
    ({"extends": "standard", "deck": {"joker": True}}, ("deck", "joker"),
     "bidding.joker_upcard"),
    ({"extends": "standard", "bidding": {"joker_upcard": "dealer_names"}},
     ("bidding", "joker_upcard"), "only matters"),
    ({"extends": "standard", "deck": {"joker": True},
      "bidding": {"joker_upcard": "agreed_suit"}}, ("bidding", "joker_upcard"), "agreed suit"),
    ({"extends": "british", "bidding": {"joker_upcard_suit": "H"}},
     ("bidding", "joker_upcard_suit"), "agreed_suit"),
])
def test_joker_upcard_option_is_checked(tmp_path, data, where, words):
    path = tmp_path / "v.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    with pytest.raises(EuchreError) as e:
        compile_file(path)
    (p,) = e.value.problems
    assert p.code == "invalid-variant" and words in p.message
    assert p.location.file == str(path) and p.location.line is not None


def test_a_turned_up_joker_without_a_policy_is_a_bad_deal():
    rules = compile_data({"extends": "british"})
    rules = replace(rules, bidding=replace(rules.bidding, joker_upcard=None))
    g = Machine(rules, dealer=3)
    with pytest.raises(ValueError, match="joker_upcard"):
        deal(g, HANDS, upcard="JK")
