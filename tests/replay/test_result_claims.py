"""One comparison of claims: the functions of result_claims decide whether a claim
agrees with the replay, for the full checker and both fast paths alike."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from types import ModuleType

from euchre_dsl.engine.machine import Machine
from euchre_dsl.records import notation
from euchre_dsl.replay import result_claims
from euchre_dsl.validate import fast_bytes, fast_check
from euchre_dsl.records.notation import result_to_json
from euchre_dsl.replay.result_claims import (
    counts_agree, final_agrees, maker_agrees, result_agrees, scores_agree, trump_agrees,
    values_agree, winners_agree,
)
from euchre_dsl.rules.registry import load_variant

#: The checkout, whose source the structural tests read.
ROOT = Path(__file__).resolve().parents[2]


def _played_hand() -> Machine:
    game = Machine(load_variant("standard"), dealer=0)
    rng = random.Random(4)
    game.deal_random(rng)
    while not game.hand_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_result_agrees_exactly_when_it_is_the_replays() -> None:
    game = _played_hand()
    res = game.last_result
    assert res is not None
    labels, sides = game.labels, game.side_names
    claimed = result_to_json(game, res)
    assert result_agrees(claimed, res, labels, sides)
    for key, wrong in (("trump", "XX"), ("maker", "nobody"), ("tricks", {labels[0]: 99}),
                       ("points", {sides[0]: 99, sides[1]: 0}), ("scores", None)):
        assert not result_agrees({**claimed, key: wrong}, res, labels, sides), key
    # equal numbers that are not integers do not agree; nor does an extra key
    floats = {**claimed, "tricks": {k: float(v) for k, v in claimed["tricks"].items()}}
    assert floats == claimed and not result_agrees(floats, res, labels, sides)
    assert not result_agrees({**claimed, "x": 1}, res, labels, sides)
    # every key is optional (ehh/1), and so is each seat's or side's count in one
    for key in claimed:
        assert result_agrees({k: v for k, v in claimed.items() if k != key}, res, labels, sides)
    assert result_agrees({}, res, labels, sides)
    first = labels[0]
    assert result_agrees({"tricks": {first: res.tricks[0]}}, res, labels, sides)
    assert not result_agrees({"tricks": {first: res.tricks[0] + 1}}, res, labels, sides)
    # a partner is named only where one was called
    assert res.called is None and not result_agrees({**claimed, "partner": None}, res, labels,
                                                    sides)


def test_the_parts_of_the_comparison() -> None:
    assert trump_agrees("H", 2) and trump_agrees(None, None) and not trump_agrees("h", 2)
    assert maker_agrees("E", 1, ("N", "E", "S", "W")) and maker_agrees(None, None, ("N",))
    assert not maker_agrees(None, 0, ("N",)) and not maker_agrees("N", None, ("N",))
    assert values_agree([1, 2], 0b11, (1, 2)) and not values_agree([1, 3], 0b11, (1, 2))
    assert values_agree([1, 3], 0b01, (1, 2)) and values_agree([0, 0], 0, (1, 2))
    assert counts_agree({"N": 1, "E": 2}, ("N", "E"), (1, 2))
    assert counts_agree({"E": 2}, ("N", "E"), (1, 2)) and counts_agree({}, ("N", "E"), (1, 2))
    assert not counts_agree({"N": 1, "E": True}, ("N", "E"), (1, 1))
    assert not counts_agree({"N": 1, "X": 2}, ("N", "E"), (1, 2))
    assert not counts_agree({"N": None}, ("N", "E"), (1, 2))
    assert scores_agree({1: 5}, [3, 5]) and not scores_agree({0: 5}, [3, 5])
    assert winners_agree(0, None) and winners_agree(0b10, [1]) and winners_agree(0b11, [0, 1])
    assert not winners_agree(0b01, [1]) and not winners_agree(0b10, None)


def test_final_agrees_with_the_finished_game() -> None:
    game = Machine(load_variant("standard"), dealer=0)
    rng = random.Random(2)
    while not game.is_over:
        game.deal_random(rng)
        while not game.hand_over:
            game.apply(rng.choice(game.legal_actions()))
    side_of = {name: i for i, name in enumerate(game.side_names)}
    (won,) = game.winners or ()
    scores = dict(zip(game.side_names, game.scores))
    final = {"scores": scores, "winner": game.side_names[won]}
    assert final_agrees(final, game, side_of)
    assert final_agrees({"winner": [game.side_names[won]]}, game, side_of)
    assert not final_agrees({**final, "winner": None}, game, side_of)
    assert not final_agrees({**final, "winner": game.side_names[1 - won]}, game, side_of)
    assert not final_agrees({"scores": {**scores, game.side_names[0]: -1}}, game, side_of)
    assert not final_agrees({"other": 1}, game, side_of)


def _source(module: ModuleType) -> str:
    """A module's source text, read from the checkout: a compiled build's ``__file__``
    is the extension module, not the source."""
    return (ROOT / (module.__name__.replace(".", "/") + ".py")).read_text(encoding="utf-8")


def _names(module: ModuleType) -> set[str]:
    source = _source(module)
    return {n.name for n in ast.walk(ast.parse(source))
            if isinstance(n, (ast.FunctionDef, ast.ClassDef))}


def test_the_fast_paths_hold_no_second_comparison_nor_verb_table() -> None:
    """The fast paths import the comparison and the action table; they define neither."""
    assert fast_check.result_agrees is result_claims.result_agrees
    assert fast_check.final_agrees is result_claims.final_agrees
    assert fast_bytes.values_agree is result_claims.values_agree
    assert fast_bytes.winners_agree is result_claims.winners_agree
    assert fast_check.VERB_CODES is notation.VERB_CODES
    assert fast_bytes.ARG_OF_CODE is notation.ARG_OF_CODE
    assert fast_check.WORDS_OF_CODE is notation.WORDS_OF_CODE
    for module in (fast_check, fast_bytes):
        source = _source(module)
        tree = ast.parse(source)
        assigned = {t.id for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AnnAssign))
                    for t in ast.walk(n.targets[0] if isinstance(n, ast.Assign) else n.target)
                    if isinstance(t, ast.Name)}
        assert not {"VERB_CODES", "VERB_FORMS", "_VERB_OF_CODE"} & assigned, module.__name__
        assert not {"_result_ok", "_final_ok", "_counts_equal"} & _names(module)
        # no verb of the notation is spelled out there: they are read from the table
        words = {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)}
        assert not {"order_up", "call", "bid", "discard", "defend_alone", "stay", "drop",
                    "take_widow", "give", "swap", "misdeal"} & words, module.__name__
    # and every verb the engine knows is in the one table
    from euchre_dsl.engine.actions import VERBS
    assert set(notation.VERB_CODES) == set(VERBS)
    assert list(notation.VERB_FORMS) == [spec.verb for spec in notation.VERB_TABLE]
