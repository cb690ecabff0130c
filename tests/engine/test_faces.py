"""The typed values at the library's surface: cards, seats, hands and moves are the
engine's ints with a face, equal to them, and they print as records spell them."""

from __future__ import annotations

import json
import random

import pytest

from euchre_dsl.cards import CardError, Deck
from euchre_dsl.engine.actions import Action, spell_action
from euchre_dsl.engine.faces import Card, Hand, Move, Seat
from euchre_dsl.engine.game import Game
from euchre_dsl.rules.registry import load_variant, shipped_ids


@pytest.mark.parametrize("deck", [Deck.of(), Deck.of("7"), Deck.of("9", True), Deck.of("2", True)],
                         ids=repr)
def test_every_card_of_a_deck_round_trips(deck: Deck) -> None:
    for index in range(deck.size):
        card = Card(index, deck)
        assert card == index and card.index == index and hash(card) == hash(index)
        assert Card.parse(card.name, deck) == card
        assert Card.parse(str(card), deck) == card  # the face reads back too
        assert eval(repr(card), {"Card": Card, "Deck": Deck}) == card  # noqa: S307
        assert str(card) == deck.symbols[index] and card.name == deck.names[index]


def test_a_card_is_read_by_the_decks_one_reading() -> None:
    for text in ("JH", "jh", "Jh", "HJ", "J♥", "♥J"):
        assert Card.parse(text) == Deck.of().parse(text)
    for bad in ("XX", "1H", "", "JK"):
        with pytest.raises(CardError) as caught:
            Card.parse(bad)
        with pytest.raises(CardError) as direct:
            Deck.of().parse(bad)
        assert str(caught.value) == str(direct.value)
    with pytest.raises(ValueError, match="outside this deck"):
        Card(24)


def test_cards_and_hands_go_where_ints_went() -> None:
    card = Card.parse("AS")
    assert json.dumps([card, Hand.parse("9C TC")]) == "[23, 3]"
    assert 1 << card == 1 << 23 and f"{card}" == "A♠" and {card: 1}[23] == 1


def test_seats() -> None:
    assert [str(Seat(i)) for i in range(4)] == ["N", "E", "S", "W"]
    three = Seat.parse("B", ("A", "B", "C"))
    assert three == 1 and three.label == "B"
    assert eval(repr(three), {"Seat": Seat}) == three  # noqa: S307
    with pytest.raises(ValueError, match="no seat 4"):
        Seat(4)


def test_a_hand_lists_its_cards_as_shown() -> None:
    hand = Hand.parse("9C AS KH JS AC")
    assert str(hand) == "A♠ J♠ K♥ A♣ 9♣" and len(hand) == 5
    assert [c.name for c in hand] == ["AS", "JS", "KH", "AC", "9C"]
    assert eval(repr(hand), {"Hand": Hand, "Deck": Deck}) == hand  # noqa: S307
    assert Card.parse("JS") in hand and 99 not in hand and "JS" not in hand
    assert Hand(0).cards == [] and str(Hand(0)) == ""
    svg = hand._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<rect") == 5


@pytest.mark.parametrize("variant", shipped_ids())
def test_moves_print_as_the_record_spells_them(variant: str) -> None:
    """Over whole random games of every shipped variant: each legal move equals its
    action and prints as the record writer spells it."""
    rules = load_variant(variant)
    game = Game(rules, dealer=0)
    rng = random.Random(5)
    seen: set[str] = set()
    while not game.is_over and len(game.results) < 3:
        game.deal_random(rng)
        while not game.hand_over:
            actions, moves = game.legal_actions(), game.legal_moves()
            assert moves == actions and all(isinstance(m, Move) for m in moves)
            for a, m in zip(actions, moves):
                words = spell_action(game.labels, game.deck, a)
                assert str(m) == (" ".join(map(str, words)) if words is not None
                                  else f"{game.labels[a.seat]} decline"
                                  + (" alone" if a.alone else ""))
                assert repr(m) == f"<Move {m}>"
                seen.add(m.verb)
            game.apply(rng.choice(moves))  # a move goes to apply as it is
    assert "play" in seen


def test_a_move_carries_typed_parts() -> None:
    move = Move.of(Action(0, "discard", 5), ("N", "E", "S", "W"), Deck.of())
    assert isinstance(move.seat, Seat) and isinstance(move.arg, Card) and str(move) == "N discard AC"
    call = Move.of(Action(1, "call", 4, True))
    assert str(call) == "E call NT alone" and call.contract == "NT" and call.arg == 4
    assert str(Move.of(Action(1, "misdeal"))) == "E misdeal"
    assert str(Move.of(Action(2, "bid", 3))) == "S bid 3"
