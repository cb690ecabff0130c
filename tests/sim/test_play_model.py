"""A bot as a soft model of play: every legal action keeps a share."""

from __future__ import annotations

import random

import pytest

from euchre_dsl.engine.actions import PLAYING
from euchre_dsl.engine.game import Game
from euchre_dsl.engine.view import SeatView
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.bots import make_bot
from euchre_dsl.sim.play_model import SoftBot


def test_the_bots_choice_gets_the_trust_and_every_action_a_share() -> None:
    rules = load_variant("standard")
    model = SoftBot("rule", trust=0.75)
    checked = 0
    for seed in range(20):
        game = Game(rules, dealer=seed % 4)
        rng = random.Random(seed)
        game.deal_random(rng)
        while game.phase != PLAYING and not game.hand_over:
            legal = game.legal_actions()
            seat = game.to_act
            chances = [model.probability(game, seat, a) for a in legal]
            assert sum(chances) == pytest.approx(1.0)
            share = 0.25 / len(legal)
            assert min(chances) == pytest.approx(share)  # never ruled out
            bot = make_bot("rule", rules, random.Random(0))
            chosen = bot.act(SeatView(game, seat), legal)
            assert chances[legal.index(chosen)] == pytest.approx(0.75 + share)
            checked += 1
            game.apply(rng.choice(legal))
    assert checked > 20


def test_trust_must_leave_room_for_other_actions() -> None:
    with pytest.raises(ValueError, match="below 1"):
        SoftBot(trust=1.0)
