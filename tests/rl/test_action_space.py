"""The fixed action space: the mask is exactly the engine's legal actions, in every
variant, house rules with claims and swaps included."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("gymnasium")

from euchre_dsl.engine.machine import Machine  # noqa: E402
from euchre_dsl import IllegalAction, compile_data, load_variant, shipped_ids  # noqa: E402
from euchre_dsl.cards import mask_cards  # noqa: E402
from euchre_dsl.engine.actions import PLAY, PLAYING, Action  # noqa: E402
from euchre_dsl.rl.action_space import ActionSpace  # noqa: E402
from euchre_dsl.rules.ruleset import RuleSet  # noqa: E402

CLAIMS = {"id": "farmers", "extends": "standard",
          "deal": {"farmers_hand": "any_hand", "farmers_hand_effect": "swap",
                   "ace_no_face": True}}


def engine_legal(game: Machine) -> set[Action]:
    if game.phase == PLAYING:
        from euchre_dsl.engine.play import legal_plays
        return {Action(game.to_act, PLAY, c) for c in mask_cards(legal_plays(game, game.to_act))}
    return set(game.legal_actions())


def walk(rules: RuleSet, hands: int, seed: int, verbs: set[str] | None = None) -> int:
    """Random hands checking at every decision that the ids decode to exactly the
    engine's legal actions; returns the decisions checked (``verbs`` collects the
    verbs taken)."""
    space = ActionSpace(rules)
    rng = random.Random(seed)
    checked = 0
    for h in range(hands):
        game = Machine(rules, dealer=h % rules.players.count)
        game.deal_random(rng)
        while not game.hand_over:
            mask, _ = space.legal(game)
            decoded = {space.action(game, i) for i in mask_cards(mask)}
            assert decoded == engine_legal(game)
            assert all(space.id_of(a) in mask_cards(mask) for a in decoded)
            action = space.action(game, rng.choice(list(mask_cards(mask))))
            if verbs is not None:
                verbs.add(action.verb)
            game.apply(action)
            checked += 1
    return checked


@pytest.mark.parametrize("variant", shipped_ids())
def test_the_mask_is_the_engines_legal_actions(variant: str) -> None:
    assert walk(load_variant(variant), 30, 1) > 300


def test_claims_and_swaps_have_ids() -> None:
    rules = compile_data(CLAIMS)
    space = ActionSpace(rules)
    assert "misdeal (shows the hand)" in space.names
    assert sum(1 for n in space.names if n.startswith("swap ")) == 24 * 23 * 22 // 6
    taken: set[str] = set()
    assert walk(rules, 300, 2, taken) > 1000
    assert {"swap", "misdeal", "decline", "play"} <= taken


def test_names_and_ids_agree() -> None:
    space = ActionSpace(load_variant("dirty-clubs"))
    assert space.names[0] == "play 9C" and space.names[space.cards] == "discard 9C"
    assert space.names[space.ids[("bid", 3, False)]] == "bid 3"
    assert space.names[space.ids[("call", 4, False)]] == "call NT"
    assert len(space.names) == space.size == len(set(space.keys))


def test_an_action_outside_the_space_is_named() -> None:
    space = ActionSpace(load_variant("standard"))
    with pytest.raises(KeyError, match="bid 3 is not in this variant's action space"):
        space.id_of(Action(0, "bid", 3))


def test_an_id_the_engine_does_not_list_is_refused_with_the_legal_ones() -> None:
    rules = load_variant("standard")
    space = ActionSpace(rules)
    game = Machine(rules, dealer=0)
    game.deal_random(random.Random(1))
    with pytest.raises(IllegalAction, match=r"action 0 \(play 9C\) is not legal for E now "
                       r"\(first round of bidding\); the legal actions are 48 \(pass\)"):
        space.action(game, 0)
