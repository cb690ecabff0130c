"""``str(game)``, ``repr(game)`` and the Jupyter pictures: the table as the state holds it."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from euchre_dsl.engine.actions import Action
from euchre_dsl.engine.game import Game, machine_of
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant, shipped_ids


def _dealt() -> Machine:
    game = Machine(load_variant("standard"), dealer=0)
    deck = game.deck
    hands = [[deck.parse(c) for c in h.split()] for h in
             ("9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS")]
    game.deal(hands, upcard=deck.parse("JS"))
    return game


def test_the_table_as_text() -> None:
    game = _dealt()
    assert repr(game) == "<Machine standard · hand 1 · order_up_round · E to act · N+S 0, E+W 0>"
    assert str(game).splitlines() == [
        "standard · dealer N · score N+S 0, E+W 0",
        "hand 1 · order_up_round",
        "N  K♣ Q♣ J♣ 10♣ 9♣",
        "E  Q♦ J♦ 10♦ 9♦ A♣",
        "S  J♥ 10♥ 9♥ A♦ K♦",
        "W  10♠ 9♠ A♥ K♥ Q♥",
        "upcard J♠",
        "E to act",
    ]
    for action in (Action(1, "pass"), Action(2, "order_up"), Action(0, "discard", 0),
                   Action(1, "play", 5)):
        game.apply(action)
    text = str(game)
    assert "trump ♠ made by S · tricks N 0, E 0, S 0, W 0" in text
    assert "N  J♠ J♣ K♣ Q♣ 10♣" in text  # the left bower with trump, once trump is made
    assert "trick E A♣" in text and "upcard" not in text


def test_unknown_cards_and_the_end_of_a_game() -> None:
    game = Machine(load_variant("standard"), dealer=0)
    game.deal([None, None, None, None], upcard=game.deck.parse("JS"))
    assert "N  ? ? ? ? ?" in str(game)
    assert str(game).count("<") == 0
    game = Machine(load_variant("standard"), dealer=0)
    rng = random.Random(3)
    while not game.is_over:
        game.deal_random(rng)
        while not game.hand_over:
            game.apply(rng.choice(game.legal_actions()))
    won = " and ".join(game.side_names[w] for w in game.winners or ())
    assert repr(game).startswith(f"<Machine standard · game over, {won} won")
    assert str(game).splitlines()[-1] == f"game over: {won} won"


@pytest.mark.parametrize("variant", shipped_ids())
def test_the_pictures_are_well_formed_svg(variant: str) -> None:
    game = Game(load_variant(variant), dealer=0)
    rng = random.Random(1)
    game.deal_random(rng)
    for _ in range(12):
        if game.hand_over:
            break
        ET.fromstring(game._repr_svg_())  # parses: well-formed XML
        html = game._repr_html_()
        assert html.startswith("<div><svg") and "<pre>" in html
        game.apply(rng.choice(game.legal_actions()))
    svg = game._repr_svg_()
    cards_drawn = svg.count('width="44"')
    m = machine_of(game)
    assert cards_drawn >= sum(m.count[s] for s in range(m.n) if m.active[s])
