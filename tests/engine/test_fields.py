"""The fields of a game's state are listed once (engine/fields.py): state.py's generated
methods are what the tables give, every attribute of a game is in a table, and the
position key tells positions apart by what they are, not how they were reached."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from euchre_dsl.engine import fields
from euchre_dsl.engine.actions import Action
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant, shipped_ids
from variant_tools import attributes

STATE = Path(fields.__file__).with_name("state.py")


def test_the_generated_methods_are_what_the_tables_give() -> None:
    text = STATE.read_text(encoding="utf-8")
    assert fields.generated() in text, "run: python -m euchre_dsl.engine.fields"


def test_setup_computes_exactly_the_setup_fields() -> None:
    tree = ast.parse(STATE.read_text(encoding="utf-8"))
    (setup,) = [node for node in ast.walk(tree)
                if isinstance(node, ast.FunctionDef) and node.name == "_setup"]
    assigned = [t.attr for node in ast.walk(setup)
                for t in (node.targets if isinstance(node, ast.Assign) else
                          [node.target] if isinstance(node, ast.AnnAssign) else [])
                for t in ast.walk(t)
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                and t.value.id == "self"]
    assert sorted(set(assigned)) == sorted(fields.SETUP_FIELDS)


@pytest.mark.parametrize("variant", ["standard", "buck", "six-hand"])
def test_every_attribute_of_a_game_is_in_a_table(variant: str) -> None:
    listed = {"rules", *fields.SETUP_FIELDS, *(f.name for f in fields.GAME_FIELDS),
              *(f.name for f in fields.HAND_FIELDS)}
    game = Machine(load_variant(variant))
    assert set(attributes(game)) == listed
    names = [f.name for f in fields.GAME_FIELDS + fields.HAND_FIELDS] + list(fields.SETUP_FIELDS)
    assert len(names) == len(set(names)), "a field is listed twice"


def _dealt() -> Machine:
    game = Machine(load_variant("standard"), dealer=0)
    deck = game.deck
    hands = [[deck.parse(c) for c in h.split()] for h in
             ("9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS")]
    game.deal(hands, upcard=deck.parse("JS"))
    return game


def test_the_position_key_is_what_the_position_is() -> None:
    game = _dealt()
    key = game.position_key()
    assert hash(key) == hash(game.clone().position_key())
    assert key == _dealt().position_key()  # another game in the same position
    game.apply(Action(1, "pass"))
    assert game.position_key() != key
    # the same position reached another way (here: a log that says otherwise): equal
    other_way = game.clone()
    other_way.hand_log.insert(0, (1, "decline", None, False))
    assert other_way.position_key() == game.position_key()
    other_way.scores[0] += 1
    assert other_way.position_key() != game.position_key()


@pytest.mark.parametrize("variant", shipped_ids())
def test_a_clone_has_the_same_key_and_an_action_changes_it(variant: str) -> None:
    rules = load_variant(variant)
    rng = random.Random(variant)
    game = Machine(rules)
    for _ in range(120):
        if game.is_over:
            break
        if game.hand_over:
            game.deal_random(rng)
            continue
        before = game.position_key()
        assert game.clone().position_key() == before
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
        assert game.position_key() != before
