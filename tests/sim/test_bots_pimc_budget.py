"""The PIMC bot's budget of solver positions: past it, the rule bot's choice.

A tiny budget on a double-deck deal (twelve cards each: no search of it is
small) gives the rule bot's bid and card, says so to a hint, and is not tried
again until the seat holds fewer cards; the default budget leaves a standard
decision to the search (it is far above what any shipped variant needs:
docs/bots.md).
"""

from __future__ import annotations

import math
import random

from euchre_dsl.engine.actions import PLAYING
from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.view import SeatView
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.search.solver import DEFAULT_BUDGET
from euchre_dsl.sim.bots import make_bot, parse_bot_spec
from euchre_dsl.sim.bots.pimc import PimcBot
from euchre_dsl.sim.bots.rule import RuleBot

DOUBLE_DECK = load_variant("double-deck-bid")


def dealt(rules_id: str, seed: int) -> Machine:
    game = Machine(load_variant(rules_id), dealer=0)
    game.deal_random(random.Random(seed))
    return game


def legal_mask(game: Machine) -> int:
    mask = 0
    for a in game.legal_actions():
        if a.arg is not None:
            mask |= 1 << a.arg
    return mask


def to_play(game: Machine) -> Machine:
    """The bidding made by the rule bot, up to the opening lead."""
    rule = RuleBot(game.rules, random.Random(0))
    while game.phase != PLAYING and not game.hand_over:
        game.apply(rule.act(SeatView(game, game.to_act), game.legal_actions()))
    return game


def test_the_spec_takes_a_budget() -> None:
    spec = parse_bot_spec("pimc:budget=5000")
    bot = make_bot(spec, DOUBLE_DECK, random.Random(0))
    assert isinstance(bot, PimcBot) and bot.budget == 5000
    assert PimcBot(DOUBLE_DECK, random.Random(0)).budget == DEFAULT_BUDGET


def test_past_the_budget_a_bid_is_the_rule_bots_and_a_hint_says_so() -> None:
    for seed in range(3):
        game = dealt("double-deck-bid", seed)
        view, legal = SeatView(game, game.to_act), game.legal_actions()
        rule = RuleBot(game.rules, random.Random(seed)).act(view, legal)
        bot = PimcBot(game.rules, random.Random(seed), budget=1000, deepest=12)
        assert bot.act(view, legal) == rule and bot.fallback
        hint = PimcBot(game.rules, random.Random(seed), budget=1000,
                       deepest=12).option_values(view, legal)
        assert len(hint) == 1 and hint[0][0] == rule and math.isnan(hint[0][1])


def test_past_the_budget_a_card_is_the_rule_bots_and_not_searched_again_at_that_size() -> None:
    game = to_play(dealt("double-deck-bid", 4))
    seat = game.to_act
    bot = PimcBot(game.rules, random.Random(4), budget=1000, deepest=12)
    mask = legal_mask(game)
    expected = RuleBot(game.rules, random.Random(4)).play(SeatView(game, seat), mask)
    assert bot.play(SeatView(game, seat), mask) == expected and bot.fallback
    spent = bot.solver.nodes
    assert spent == 1001  # stopped on the first position past the budget
    hint = bot.card_values(SeatView(game, seat), mask)  # as many cards: not searched again
    assert bot.solver.nodes == spent and bot.fallback
    assert list(hint) == [expected] and math.isnan(hint[expected])
    game.play(seat, expected)
    while game.to_act != seat:  # round the table to the seat again, a card fewer
        s = game.to_act
        game.play(s, RuleBot(game.rules, random.Random(0)).play(SeatView(game, s),
                                                                 legal_mask(game)))
    bot.play(SeatView(game, seat), legal_mask(game))
    assert bot.solver.nodes > spent  # tried again


def test_past_the_deepest_the_rule_bot_decides_without_a_search() -> None:
    """With more than ``deepest`` tricks to play (a double deck's first five
    tricks at the default), the rule bot's card, no position searched; with
    ``deepest`` or fewer, the search."""
    game = to_play(dealt("double-deck-bid", 4))
    bot = PimcBot(game.rules, random.Random(4), worlds=4)
    assert bot.deepest == 7
    rule = RuleBot(game.rules, random.Random(0))
    while True:
        seat = game.to_act
        mask = legal_mask(game)
        if len(game.trick_winners) >= 12 - bot.deepest and mask & (mask - 1):
            break
        card = bot.play(SeatView(game, seat), mask)
        assert bot.solver.nodes == 0
        assert bot.fallback or not mask & (mask - 1)
        game.play(seat, card)
    bot.play(SeatView(game, seat), mask)
    assert bot.solver.nodes > 0 and not bot.fallback


def test_the_default_budget_leaves_a_standard_decision_to_the_search() -> None:
    """At the default budget the bot decides as with no budget at all: over the
    decisions of a few seeded standard hands, the same choices, never a fallback."""
    rules = load_variant("standard")
    for seed in range(3):
        game = dealt("standard", seed)
        budgeted = PimcBot(rules, random.Random(seed), worlds=20, bid_worlds=20)
        free = PimcBot(rules, random.Random(seed), worlds=20, bid_worlds=20, budget=1 << 40)
        while not game.hand_over:
            view = SeatView(game, game.to_act)
            if game.phase == PLAYING:
                mask = legal_mask(game)
                card = budgeted.play(view, mask)
                assert free.play(view, mask) == card and not budgeted.fallback
                game.play(game.to_act, card)
            else:
                legal = game.legal_actions()
                action = budgeted.act(view, legal)
                assert free.act(view, legal) == action and not budgeted.fallback
                game.apply(action)
