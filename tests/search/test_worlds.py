"""The world sampler: every world is consistent with the seat's knowledge, and
the worlds are uniform among the consistent deals."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb
from typing import Callable

import pytest

from euchre_dsl.cards import mask_cards
from euchre_dsl.engine.actions import (CLAIMS, DECLINE, DEFEND_ALONE, DISCARD, GIVE, PLAY, PLAYING,
                                       SWAP, Action)
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import compile_data, load_variant
from euchre_dsl.rules.ruleset import RuleSet
from euchre_dsl.sim.bots.random_bot import RandomBot
from euchre_dsl.engine.view import SeatView
from euchre_dsl.search.worlds import DealCounter, WorldSampler


def random_position(variant: str, seed: int, plays: int) -> Machine:
    """A game played at random up to some cards into the play of a hand."""
    rules = load_variant(variant)
    rng = random.Random(seed)
    bot = RandomBot(rules, rng)
    while True:
        game = Machine(rules, dealer=seed % rules.players.count)
        game.deal_random(rng)
        while game.phase != PLAYING and not game.hand_over:
            game.apply(bot.act(SeatView(game, game.to_act), game.legal_actions()))
        if game.phase == PLAYING:
            break
    for _ in range(plays):
        if game.phase != PLAYING:
            break
        seat = game.to_act
        legal = game.deck.legal_plays(game.cand[seat], game.trick[0] if game.trick else None,
                                      game.trump)  # type: ignore[arg-type]
        game.apply(Action(seat, PLAY, bot.play(SeatView(game, seat), legal)))
    return game


def check_consistent(real: Machine, world: Machine, seat: int) -> None:
    view = SeatView(real, seat)
    n = real.n
    assert world.cand == world.sure
    assert world.sure[seat] == real.sure[seat]  # the seat's own hand is as it is
    seen = 0
    for s in range(n):
        held = world.sure[s]
        if real.active[s]:  # (a seat out of the play is left unknown)
            assert held.bit_count() == real.count[s]  # hand sizes
        assert held & seen == 0  # no card twice
        seen |= held
        assert held & real.played == 0  # nothing played is held
        if s != seat:
            assert held & view.hand == 0
            # voids shown in play: no card of a suit the seat showed out of
            assert real.trump is not None
            masks = real.deck.suit_masks[real.trump]
            for suit in range(5):
                if (view.voids[s] >> suit) & 1:
                    assert held & masks[suit] == 0
    holder = real.upcard_holder
    if holder is not None and real.upcard is not None and not (real.played >> real.upcard) & 1:
        assert (world.sure[holder] >> real.upcard) & 1  # the dealer holds the upcard
    for card, who in real.discarded.items():
        if who == seat:
            assert not (seen >> card) & 1  # the seat's own discard is nowhere


@pytest.mark.parametrize("variant", ["standard", "buck", "dirty-clubs", "columbus",
                                     "three-hand", "british", "two-hand"])
def test_every_sampled_world_is_consistent(variant: str) -> None:
    for seed in range(12):
        real = random_position(variant, seed, plays=seed % 9)
        if real.phase != PLAYING:
            continue
        rng = random.Random(seed)
        for seat in range(real.n):
            if not real.active[seat]:
                continue
            sampler = WorldSampler(SeatView(real, seat))
            for _ in range(5):
                world = sampler.sample(rng)
                check_consistent(real, world, seat)
                assert world.phase == PLAYING and world.to_act == real.to_act


def test_worlds_are_the_same_for_a_seed() -> None:
    real = random_position("standard", 3, plays=2)
    a = [WorldSampler(SeatView(real, 0)).sample(random.Random(5)).sure for _ in range(3)]
    b = [WorldSampler(SeatView(real, 0)).sample(random.Random(5)).sure for _ in range(3)]
    assert a == b


def test_the_real_deal_is_among_the_worlds_and_play_goes_on_in_them() -> None:
    real = random_position("standard", 8, plays=6)
    seat = real.to_act
    sampler = WorldSampler(SeatView(real, seat))
    world = sampler.sample(random.Random(1))
    legal = world.legal_actions()
    world.apply(legal[0])  # a world is a live engine game with full information
    assert sampler.deals >= 1


def test_a_small_case_is_uniform() -> None:
    # three holders: 0 needs 2 of {a,b,c,d}, 1 needs 1 of {c,d,e}, 2 needs 1 of
    # anything; one card is left over
    cards = [0, 1, 2, 3, 4, 5]
    allowed = [0b001111, 0b011100, 0b111111]
    counter = DealCounter(0b111111, allowed, [2, 1, 1])
    deals = set()
    for h0 in combinations(cards, 2):
        for h1 in cards:
            for h2 in cards:
                m0 = (1 << h0[0]) | (1 << h0[1])
                if m0 & ~allowed[0] or not (allowed[1] >> h1) & 1 or h1 in h0 or h2 in h0 \
                        or h2 == h1:
                    continue
                deals.add((m0, 1 << h1, 1 << h2))
    assert counter.total == len(deals)
    rng = random.Random(42)
    draws = 200 * len(deals)
    counts = Counter(tuple(counter.sample(rng)) for _ in range(draws))
    assert set(counts) == deals  # only consistent deals, and every one of them
    expected = draws / len(deals)
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    # chi-square with len(deals)-1 degrees of freedom: far below the 0.1% tail
    assert chi2 < len(deals) + 5 * (2 * len(deals)) ** 0.5


def test_counting_visits_only_splits_a_later_group_can_complete() -> None:
    # six-hand's first bid: 27 unseen cards, five seats needing five each, any card
    # to anyone -- one group, whose one completing split is the only state counted
    # (not the 6**5 ways to split it, each a dead end but one)
    pool = (1 << 27) - 1
    counter = DealCounter(pool, [pool] * 5, [5] * 5)
    assert len(counter._memo) == 2  # the group's state and the finished deal
    ways = 1
    left = 27
    for _ in range(5):
        ways *= comb(left, 5)
        left -= 5
    assert counter.total == ways
    # two groups (cards 0 and 1 for either seat, card 2 for seat 0 only): seat 0
    # needs two, so it takes card 2 and one of the first group, never both of them
    counter = DealCounter(0b111, [0b111, 0b011], [2, 1])
    assert counter.total == 2
    assert {tuple(counter.sample(random.Random(s))) for s in range(40)} == \
        {(0b101, 0b010), (0b110, 0b001)}


def test_the_dealers_upcard_and_a_void_are_honoured() -> None:
    rules = load_variant("standard")
    game = Machine(rules, dealer=3)
    d = game.deck

    def cards(text: str) -> list[int]:
        return [d.parse(c) for c in text.split()]

    game.deal([cards("AS KS QS JS TS"), cards("9C TC QC KC AC"),
               cards("9D TD QD KD AD"), cards("9H TH QH KH AH")], upcard=d.parse("9S"))
    game.apply(Action(0, "order_up"))
    game.apply(Action(3, DISCARD, d.parse("9H")))
    game.apply(Action(0, PLAY, d.parse("AS")))
    game.apply(Action(1, PLAY, d.parse("9C")))  # E shows out of spades
    sampler = WorldSampler(SeatView(game, 2))
    rng = random.Random(0)
    spades = d.suit_masks[3][3]
    for _ in range(50):
        w = sampler.sample(rng)
        assert (w.sure[3] >> d.parse("9S")) & 1  # W took the upcard
        assert w.sure[1] & spades == 0  # E is void in spades
        assert w.sure[1].bit_count() == 4 and w.sure[3].bit_count() == 5


def test_worlds_catch_up_with_defenders_who_declined() -> None:
    """A declined declaration is not logged: where defenders may go alone (the
    openspiel variant), a world drawn after one defender declined is at the next
    defender's turn, and after both declined it is in the play -- as the table is."""
    rules = load_variant("openspiel")
    rng = random.Random(4)
    game = Machine(rules, dealer=0)
    game.deal_random(rng)
    for _ in range(4):
        game.apply(Action(game.to_act, "pass"))
    maker = game.to_act
    suit = next(a.arg for a in game.legal_actions() if a.verb == "call")
    game.apply(Action(maker, "call", suit))
    checked = []
    while game.phase == "defend":
        game.apply(Action(game.to_act, "decline"))
        world = WorldSampler(SeatView(game, game.to_act)).sample(rng)
        assert (world.phase, world.to_act) == (game.phase, game.to_act)
        world.apply(world.legal_actions()[0])  # it plays on from there
        checked.append(game.phase)
    assert checked == ["defend", PLAYING]


@pytest.mark.parametrize("variant", ["standard", "columbus", "dirty-clubs"])
def test_worlds_before_the_play_deal_every_hand_and_an_open_widow(variant: str) -> None:
    rules = load_variant(variant)
    game = Machine(rules, dealer=1)
    game.deal_random(random.Random(7))
    seat = game.to_act
    sampler = WorldSampler(SeatView(game, seat))
    rng = random.Random(3)
    for _ in range(20):
        world = sampler.sample(rng)
        assert world.sure[seat] == game.sure[seat]
        seen = 0
        for s in range(game.n):
            assert world.sure[s].bit_count() == game.count[s]
            assert world.sure[s] & seen == 0
            seen |= world.sure[s]
        if rules.deal.widow:
            assert world.widow.bit_count() == rules.deal.hand_size and world.widow & seen == 0
        if game.upcard is not None:  # the upcard is only where everyone saw it go
            assert (seen >> game.upcard) & 1 == (game.upcard_holder is not None)
        world.apply(world.legal_actions()[-1])  # the world plays on


def test_worlds_of_a_record_keep_what_the_record_shows() -> None:
    # a record's walk with two hands unknown: the worlds drawn from it give each seat
    # the cards the record showed it holding, none of a suit it showed out of, and the
    # true deal is one of them
    sampled = 0
    for seed in range(12):
        real = random_position("standard", seed, plays=seed % 9)
        if real.phase != PLAYING:
            continue
        hidden = Machine(real.rules, dealer=real.dealer)
        hidden.deal([None if s in (1, 3) else list(mask_cards(real.dealt[s]))
                     for s in range(real.n)], real.upcard)
        for seat, verb, arg, alone in real.hand_log:
            if verb == DISCARD and seat in (1, 3):
                arg = None
            hidden.act(seat, verb, arg, alone)
        sampler = WorldSampler(record=hidden)
        rng = random.Random(seed)
        for _ in range(5):
            hands, widow, _kitty = sampler.sample_hands(rng)
            assert widow is None
            check_consistent(real, sampler.world(hands, None), 0)
            for s in range(real.n):
                if real.active[s]:
                    assert hands[s] & hidden.sure[s] == hidden.sure[s]
                    assert hands[s] & ~hidden.cand[s] == 0
                    assert hands[s].bit_count() == real.count[s]
            sampled += 1
        assert sampler.deals > 1 or real.count[1] + real.count[3] <= 1
    assert sampled >= 20


def steered_to_play(rules: RuleSet, seed: int, prefer: Callable[[Action], bool]) -> Machine:
    """A hand of ``rules`` bid at random up to the play (or to its end), the first legal
    action ``prefer`` likes taken whenever there is one."""
    rng = random.Random(seed)
    bot = RandomBot(rules, rng)
    real = Machine(rules, dealer=seed % rules.players.count)
    real.deal_random(rng)
    while real.phase != PLAYING and not real.hand_over:
        legal = real.legal_actions()
        liked = [a for a in legal if prefer(a)]
        real.apply(liked[0] if liked else bot.act(SeatView(real, real.to_act), legal))
    return real


def test_a_seat_that_swapped_with_the_kitty_holds_its_own_hand_in_every_world() -> None:
    # a farmer's hand: the swapper took three face-down cards it has seen since; its
    # worlds once left them out (two cards of five), and pimc's card values missed the
    # legal cards it held (a KeyError in every game with a swap)
    rules = compile_data({"id": "farmers", "extends": "standard",
                          "deal": {"farmers_hand": "three_nines_or_three_tens"}})
    swaps = 0
    rng = random.Random(0)
    for seed in range(400):
        real = steered_to_play(rules, seed, lambda a: a.verb == SWAP)  # swap when offered
        if real.phase != PLAYING or real.swapped is None:
            continue
        swaps += 1
        seat = real.swapped
        assert SeatView(real, seat).swapped_in & real.sure[seat]
        sampler = WorldSampler(SeatView(real, seat))
        for _ in range(5):
            check_consistent(real, sampler.sample(rng), seat)
        if swaps == 8:
            break
    assert swaps == 8


@pytest.mark.parametrize("variant", ["standard", "british"])
def test_worlds_while_a_swap_may_come_draw_the_kitty_it_would_take(variant: str) -> None:
    # before the bidding, a farmer's swap (this seat's or a later seat's) takes the
    # kitty's first three cards: worlds that left them unknown handed the swapper cards
    # nobody knew, and pimc's search of the swap raised ValueError (british, where a
    # hand of three 9s and 10s is common)
    rules = compile_data({"id": "farmers", "extends": variant,
                          "deal": {"farmers_hand": "three_nines_or_tens"}})
    rng = random.Random(5)
    swaps = 0
    for seed in range(60):
        game = Machine(rules, dealer=seed % rules.players.count)
        game.deal_random(random.Random(seed))
        if game.phase != CLAIMS:
            continue
        seat = game.to_act
        view = SeatView(game, seat)
        sampler = WorldSampler(view)
        assert sampler.kitty_open
        for _ in range(4):
            hands, widow, kitty = sampler.sample_hands(rng)
            assert widow is None and kitty.bit_count() == 3
            assert kitty & ~view.unseen == 0  # cards the seat has not seen
            assert all(kitty & h == 0 for h in hands)
            world = sampler.world(hands, widow, kitty)
            for action in world.legal_actions():
                if action.verb == SWAP:  # the claimant ends up holding known cards
                    child = world.clone()
                    child.apply(action)
                    assert child.sure[seat] == child.cand[seat]
                    assert child.sure[seat] & kitty == kitty
                    swaps += 1
    assert swaps > 0
    # once the claims are over no swap can come: no kitty is drawn
    while game.phase == CLAIMS:
        game.apply(Action(game.to_act, DECLINE))
    assert not WorldSampler(SeatView(game, game.to_act)).kitty_open


def test_a_lone_maker_with_a_small_widow_and_a_partners_best_holds_its_hand() -> None:
    # railroad with a one-card small widow: the lone maker takes the widow, then its
    # partner's best card; the widow was read as every card it held but was not dealt,
    # the gift too, so it was not read at all and pimc's worlds missed a card it holds
    rules = compile_data({"id": "widow-railroad", "extends": "railroad",
                          "deal": {"widow_cards": 1}})
    found = 0
    rng = random.Random(0)
    for seed in range(3000):
        real = steered_to_play(rules, seed, lambda a: a.alone)  # go alone when offered
        if real.phase != PLAYING or real.maker is None or \
                not any(a[1] == GIVE for a in real.hand_log) or \
                any(a[1] == DEFEND_ALONE for a in real.hand_log):
            continue  # (the known cards of a lone defender's partner: another matter)
        found += 1
        sampler = WorldSampler(SeatView(real, real.maker))
        for _ in range(5):
            check_consistent(real, sampler.sample(rng), real.maker)
        if found == 5:
            break
    assert found == 5
