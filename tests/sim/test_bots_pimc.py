"""The PIMC bot: clear decisions, the same choices for a seed, and its spec."""

from __future__ import annotations

import random
from typing import Sequence

import pytest

from euchre_dsl.engine.actions import DISCARD, ORDER_UP, PASS, PLAYING, Action
from euchre_dsl.engine.game import Game
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.bots import Bot, make_bot, parse_bot_spec
from euchre_dsl.sim.bots.pimc import PimcBot, candidates, net_utility
from euchre_dsl.sim.view import SeatView, view_chooser


def start(hands: list[str], upcard: str, dealer: int = 0) -> Game:
    game = Game(load_variant("standard"), dealer=dealer)
    d = game.deck
    game.deal([[d.parse(c) for c in h.split()] for h in hands], upcard=d.parse(upcard))
    return game


def legal_mask(game: Game) -> int:
    seat = game.to_act
    return game.deck.legal_plays(game.cand[seat], game.trick[0] if game.trick else None,
                                 game.trump)  # type: ignore[arg-type]


def test_the_spec_takes_worlds_and_bias() -> None:
    spec = parse_bot_spec("pimc:worlds=12,bid_worlds=8,bias=0.5")
    assert spec.params == {"worlds": 12, "bid_worlds": 8, "bias": 0.5}
    bot = make_bot(spec, load_variant("standard"), random.Random(0))
    assert isinstance(bot, PimcBot) and bot.worlds == 12 and bot.bias == 0.5
    assert bot.stake == 2  # standard: being euchred costs 2 points
    assert PimcBot(load_variant("buck"), random.Random(0)).stake == 5  # set: +5


def test_a_monster_hand_orders_up_and_trash_passes() -> None:
    game = start(["9C TC QC KC AC", "JH JD AH KH AS", "9D TD QD KD AD", "9S TS QS KS QH"],
                 "9H")
    bot = PimcBot(game.rules, random.Random(1), worlds=10, bid_worlds=10)
    assert bot.act(SeatView(game, 1), game.legal_actions()).verb == ORDER_UP
    game = start(["JH JD AH KH AS", "9C TC 9D TD 9S", "QC KC AC QD KD", "AD TS QS KS QH"],
                 "9H", dealer=3)
    bot = PimcBot(game.rules, random.Random(1), worlds=10, bid_worlds=10)
    assert game.to_act == 0
    game.apply(Action(0, PASS))
    assert bot.act(SeatView(game, 1), game.legal_actions()) == Action(1, PASS)


def test_it_takes_the_trick_that_makes_the_hand() -> None:
    # spades trump; S leads the last two tricks' worth: the boss trump wins, a low
    # plain card loses the point
    game = start(["9C TC QC KC AC", "JH JD AH KH AS", "9D TD QD KD AD", "9S TS QS KS QH"],
                 "JS", dealer=3)
    for seat in (0, 1, 2):
        game.apply(Action(seat, PASS))
    game.apply(Action(3, ORDER_UP))  # W takes the right bower of spades
    game.apply(Action(3, DISCARD, game.deck.parse("QH")))
    bot = PimcBot(game.rules, random.Random(2), worlds=8)
    view = SeatView(game, 0)
    card = bot.play(view, legal_mask(game))
    assert game.deck.names[card] == "AC"  # N leads its boss ace (no trump to draw)


def play_hands(game: Game, bots: Sequence[Bot], rng: random.Random, hands: int) -> None:
    """Deal and play ``hands`` hands (fewer if the game ends)."""
    choosers = [view_chooser(b.play) for b in bots]
    for _ in range(hands):
        game.deal_random(rng)
        while not game.hand_over:
            if game.phase == PLAYING:
                game.play_out(choosers)
            else:
                seat = game.to_act
                game.apply(bots[seat].act(SeatView(game, seat), game.legal_actions()))
        if game.is_over:
            return


def test_the_same_seed_gives_the_same_hand() -> None:
    rules = load_variant("standard")

    def run() -> list[tuple[int, str, int | None, bool]]:
        bots = [PimcBot(rules, random.Random(s), worlds=4, bid_worlds=4) if s % 2 == 0
                else make_bot("rule", rules, random.Random(s)) for s in range(4)]
        game = Game(rules, dealer=0)
        play_hands(game, bots, random.Random(5), 1)
        return list(game.hand_log)

    assert run() == run()


def test_no_trump_is_discarded_while_a_plain_card_can_go() -> None:
    game = start(["9C JS AS KS QS", "TC QC KC AC 9D", "TD QD KD AD 9H", "TH QH KH AH JH"],
                 "TS", dealer=0)
    for seat in (1, 2, 3):
        game.apply(Action(seat, PASS))
    game.apply(Action(0, ORDER_UP))
    options = candidates(SeatView(game, 0), game.legal_actions())
    assert [game.deck.names[a.arg] for a in options if a.arg is not None] == ["9C"]


def test_net_utility_counts_both_sides() -> None:
    game = start(["9C TC QC KC AC", "JH JD AH KH AS", "9D TD QD KD AD", "9S TS QS KS QH"],
                 "9H")
    game.apply(Action(1, ORDER_UP))
    game.apply(Action(0, DISCARD, game.deck.parse("9C")))
    # E+W made hearts: 0-2 tricks euchred (-2), 3-4 made (+1), 5 a march (+2)
    assert net_utility(game, 1, True) == [-2, -2, -2, 1, 1, 2]
    # the defenders' view is its mirror image, by their own tricks
    assert net_utility(game, 0, True) == [-2, -1, -1, 2, 2, 2]


@pytest.mark.parametrize("variant", ["buck", "dirty-clubs", "columbus"])
def test_pimc_plays_legal_hands_in_individual_games(variant: str) -> None:
    rules = load_variant(variant)
    bots = [PimcBot(rules, random.Random(s), worlds=3, bid_worlds=3) if s == 0
            else make_bot("rule", rules, random.Random(s)) for s in range(rules.players.count)]
    game = Game(rules, dealer=0)
    play_hands(game, bots, random.Random(3), 2)
    assert game.results
