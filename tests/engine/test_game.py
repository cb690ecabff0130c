"""The public Game: a small documented surface over the engine's machine, whose
``can_*`` predicates say exactly what ``legal_actions`` lists."""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

from euchre_dsl.engine.actions import VERBS, Action, IllegalAction
from euchre_dsl.engine.faces import Card, Seat, Suit
from euchre_dsl.engine.game import Game, as_game, machine_of
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant, shipped_ids

#: The predicate of each verb, and how it takes the action's argument.
PREDICATES = {"pass": "can_pass", "order_up": "can_order_up", "call": "can_call",
              "bid": "can_bid", "discard": "can_discard", "play": "can_play",
              "take_widow": "can_take_widow", "call_partner": "can_call_partner",
              "defend_alone": "can_defend_alone", "stay": "can_stay", "drop": "can_drop",
              "decline": "can_decline", "give": "can_give", "swap": "can_swap",
              "misdeal": "can_misdeal"}


def public_names(obj: Any) -> list[str]:
    return [n for n in dir(obj) if not n.startswith("_")]


def test_a_game_shows_a_few_dozen_names_each_documented_with_an_example() -> None:
    names = public_names(Game("standard"))
    assert 40 <= len(names) <= 70, names
    assert not {"cand", "sure", "eff", "n", "menus_shared", "to_act"} & set(names)
    assert ">>>" in (Game.__doc__ or "")  # the constructor's examples
    for name in names + ["__repr__", "__str__", "_repr_svg_", "_repr_html_"]:
        doc = inspect.getdoc(getattr(Game, name)) or ""
        assert ">>>" in doc, f"Game.{name} has no example"


def test_every_verb_has_a_method_and_a_predicate() -> None:
    assert set(PREDICATES) == set(VERBS) | {"decline"}
    for verb, predicate in PREDICATES.items():
        method = "pass_" if verb == "pass" else verb
        assert callable(getattr(Game, method)) and callable(getattr(Game, predicate))


def predicate_says(game: Game, action: Action) -> bool:
    """What the action's own ``can_*`` says of it."""
    seat, verb, arg, alone = action
    can = getattr(game, PREDICATES[verb])
    params = inspect.signature(can).parameters
    args: dict[str, Any] = {"seat": seat}
    if "alone" in params:
        args["alone"] = alone
    if verb == "call_partner":
        return bool(can(None if alone else arg, seat=seat))
    if "card" in params:
        args["card"] = arg
    elif "suit" in params:
        args["suit"] = arg
    elif "amount" in params:
        args["amount"] = arg
    elif "cards" in params:
        args["cards"] = arg
    return bool(can(**args))


@pytest.mark.parametrize("variant", shipped_ids())
def test_a_predicate_is_true_exactly_for_the_listed_actions(variant: str) -> None:
    """Over random games of every shipped variant: each listed action's predicate is
    true; the same verb for a seat not on turn, or with an argument not listed, is not."""
    game = Game(variant, dealer=0)
    rng = random.Random(11)
    for _ in range(2):
        if game.is_over:
            break
        game.deal_random(rng)
        while not game.hand_over:
            listed = game.legal_actions()
            for action in listed:
                assert predicate_says(game, action), action
                other = Action((action.seat + 1) % len(game.seats), *action[1:])
                assert predicate_says(game, other) == (other in listed), other
                if action.verb in ("play", "discard"):
                    for card in range(game.deck.size):
                        moved = action._replace(arg=card)
                        assert predicate_says(game, moved) == (moved in listed), moved
            game.apply(rng.choice(listed))
    assert not any(predicate_says(game, Action(0, verb, None)) for verb in
                   ("pass", "order_up", "take_widow", "stay", "drop", "decline"))


def test_verbs_take_faces_text_and_ints_alike() -> None:
    hands = ["9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS"]
    games = [Game("standard", dealer=d) for d in ("N", 0, Seat.parse("N"))]
    for game in games:
        game.deal(hands, upcard="JS")
    games[0].pass_(seat="E"), games[1].pass_(seat=1), games[2].pass_()
    games[0].order_up(), games[1].order_up(seat="S"), games[2].order_up(seat=2)
    games[0].discard("9C"), games[1].discard(0), games[2].discard(Card.parse("9C"))
    assert len({repr(g.actions) for g in games}) == 1
    assert games[0].trump == Suit.parse("S") == 3 and games[0].maker == 2
    with pytest.raises(IllegalAction, match="not S's"):
        games[0].play("KD", seat="S")
    with pytest.raises(ValueError):
        games[0].play("XX")


def test_the_game_and_its_machine() -> None:
    game = Game(load_variant("standard"))
    machine = machine_of(game)
    assert isinstance(machine, Machine) and machine_of(machine) is machine
    again = as_game(machine)
    game.deal_random(3)
    assert again.upcard == game.upcard and again.turn == game.turn  # one state, shared
    twin = game.clone()
    twin.pass_()
    assert len(twin.actions) == 1 and len(game.actions) == 0
