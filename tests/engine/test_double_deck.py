"""The double deck (``deck.copies: 2``) and the shipped ``double-deck-bid`` built on it:
copies are distinct cards of equal rank, so of two equal cards in one trick the
first played wins, by the one trick-winner function (docs/rules.md, "Double-deck
euchre")."""

from __future__ import annotations

import pytest

from euchre_dsl.cards import CLUBS, HEARTS, NO_TRUMP, LOW_NO_TRUMP, CardError, Deck
from euchre_dsl.errors import EuchreError
from euchre_dsl.rules.registry import compile_data, load_variant
from euchre_dsl.sim.runner import simulate
from euchre_dsl.validate.validator import validate_record
from variant_tools import deal, game_for, play, run, seat

DOUBLE_DECK = load_variant("double-deck-bid")


def test_two_copies_of_a_24_card_pack_are_48_distinct_cards_named_with_the_copy():
    deck = Deck.of("9", False, 2)
    assert deck.size == 48 and deck.base_size == 24
    jh, jh2 = deck.parse("JH"), deck.parse("JH2")
    assert jh != jh2 and deck.names[jh2] == "JH2" and deck.parse("jh2") == jh2
    assert deck.twins(jh2) == [jh, jh2]
    assert deck.suit(jh2) == deck.suit(jh) == HEARTS and deck.rank(jh2) == deck.rank(jh)
    # the second jack of diamonds is a left bower too
    assert deck.effective_suit(deck.parse("JD2"), HEARTS) == HEARTS
    with pytest.raises(CardError):
        Deck.of("9", True, 2)


@pytest.mark.parametrize("contract", [HEARTS, CLUBS, NO_TRUMP, LOW_NO_TRUMP])
def test_of_two_equal_cards_the_first_played_wins(contract):
    deck = Deck.of("9", False, 2)
    for name in ("JH", "AH", "9H", "QC"):
        a, b = deck.parse(name), deck.parse(name + "2")
        for first, second in ((a, b), (b, a)):
            led = deck.parse("TS")  # a spade lead: the equal cards are the only others
            assert deck.trick_winner([first, second], contract) == 0
            wins = deck.trick_winner([led, first, second], contract)
            assert wins in (0, 1)  # never the second of the equal pair


HANDS = {"N": "JH AH KH QH TH 9H JD AD KD QD TD 9D",
         "E": "JH2 AH2 KH2 QH2 TH2 9H2 JD2 AD2 KD2 QD2 TD2 9D2",
         "S": "JS AS KS QS TS 9S JC AC KC QC TC 9C",
         "W": "JS2 AS2 KS2 QS2 TS2 9S2 JC2 AC2 KC2 QC2 TC2 9C2"}


def test_in_play_the_first_of_two_right_bowers_takes_the_trick():
    g = game_for(DOUBLE_DECK, dealer=3)
    deal(g, HANDS)
    run(g, "N bid 6; E pass; S pass; W pass; N call H")
    assert g.to_act == seat(g, "N")  # the maker leads
    play(g, "JH JH2 JS JS2")
    assert g.trick_winners == [seat(g, "N")]
    play(g, "AD AD2 AS AS2")  # diamonds led: N's ace was first
    assert g.trick_winners[-1] == seat(g, "N")


def test_the_variant_is_a_double_deck_and_a_joker_is_refused():
    assert DOUBLE_DECK.deck.copies == 2 and DOUBLE_DECK.deal.hand_size == 12
    with pytest.raises(EuchreError, match="a double deck is played without jokers"):
        compile_data({"extends": "double-deck-bid", "deck": {"joker": True}})


def test_simulated_double_deck_games_validate():
    records = list(simulate(DOUBLE_DECK, "double-deck-bid", 5, seed=3))
    assert len(records) == 5
    for record in records:
        assert validate_record(record) == []
