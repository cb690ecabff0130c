"""The PIMC bot: clear decisions, the same choices for a seed, and its spec."""

from __future__ import annotations

import random
from typing import Sequence

import pytest

from euchre_dsl.search.win_chance import SCALE, win_chances
from euchre_dsl.engine.actions import CALL, DISCARD, ORDER_UP, PASS, PLAYING, Action
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.bots import Bot, make_bot, parse_bot_spec
from euchre_dsl.search.worlds import WorldSampler
from euchre_dsl.cards import mask_cards
from euchre_dsl.sim.bots.pimc import (
    PimcBot, candidates, capped, draw_world, equivalent_plays, net_utility,
)
from euchre_dsl.search.position import position_of
from euchre_dsl.sim.bots.rule import RuleBot
from euchre_dsl.sim.bots.truths import sure_make
from euchre_dsl.engine.view import SeatView, view_chooser


def start(hands: list[str], upcard: str, dealer: int = 0) -> Machine:
    game = Machine(load_variant("standard"), dealer=dealer)
    d = game.deck
    game.deal([[d.parse(c) for c in h.split()] for h in hands], upcard=d.parse(upcard))
    return game


def legal_mask(game: Machine) -> int:
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


def test_the_values_of_a_hint_lead_with_the_choice_the_bot_makes() -> None:
    """``option_values`` and ``card_values`` (euchre play --hint) say what the bot
    would do: the same seed gives the same first option, and every option its value."""
    game = start(["9C TC QC KC AC", "JH JD AH KH AS", "9D TD QD KD AD", "9S TS QS KS QH"],
                 "9H")
    legal = game.legal_actions()
    values = PimcBot(game.rules, random.Random(1), worlds=10, bid_worlds=10).option_values(
        SeatView(game, 1), legal)
    chosen = PimcBot(game.rules, random.Random(1), worlds=10, bid_worlds=10).act(
        SeatView(game, 1), legal)
    assert values[0][0] == chosen and chosen.verb == ORDER_UP
    assert {a for a, _ in values} <= set(legal) and len(values) >= 2
    game.apply(chosen)
    game.apply(Action(0, DISCARD, game.deck.parse("9C")))
    mask = legal_mask(game)
    cards = PimcBot(game.rules, random.Random(1), worlds=10).card_values(
        SeatView(game, game.to_act), mask)
    assert set(cards) == {c for c in range(game.deck.size) if mask >> c & 1}
    best = max(cards.values())
    played = PimcBot(game.rules, random.Random(1), worlds=10).play(
        SeatView(game, game.to_act), mask)
    assert cards[played] == best


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


def play_hands(game: Machine, bots: Sequence[Bot], rng: random.Random, hands: int) -> None:
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
        game = Machine(rules, dealer=0)
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


def test_no_lone_hand_is_searched_without_a_bower() -> None:
    """Issue 41: pimc went alone on A-K-Q of trump and two aces; a march needs every
    trick, and either bower out takes one.  With the right bower it may go alone."""
    # seat 1 holds A-K-Q-9 of hearts and the ace of spades: three trumps, no bower
    game = start(["9C TC QC KC AC", "AH KH QH 9H AS", "9D TD QD KD AD", "JS TS QS KS JH"],
                 "TH", dealer=0)
    lone = [a for a in candidates(SeatView(game, 1), game.legal_actions()) if a.alone]
    assert lone == []
    game = start(["9C TC QC KC AC", "JH KH QH 9H AS", "9D TD QD KD AD", "JS TS QS KS AH"],
                 "TH", dealer=0)
    lone = [a for a in candidates(SeatView(game, 1), game.legal_actions()) if a.alone]
    assert lone == [Action(1, ORDER_UP, alone=True)]


def test_no_suit_is_named_on_one_trump_below_its_ace() -> None:
    """Issue 41: pimc named hearts holding only the queen; club players pass.  A suit
    with its ace alone, or with two trumps, is still searched."""
    game = start(["9S TS QS KS 9D", "KD 9C QD TC QH", "9H TH AH KC AS", "JC JS AC TD AD"],
                 "JD", dealer=0)
    for seat in (1, 2, 3, 0):
        game.apply(Action(seat, PASS))
    named = {"CDHS"[a.arg] for a in candidates(SeatView(game, 1), game.legal_actions())
             if a.verb == CALL and a.arg is not None and not a.alone}
    assert "H" not in named and "C" in named  # the lone queen of hearts; two clubs


def test_no_pass_is_searched_holding_both_bowers_and_a_third_trump() -> None:
    """Issue 41's third truth for pimc: its audit found three-hand deals thrown in while
    a seat held both bowers and a third trump of a suit it could make trump.  The pass
    is not an option then; where the suit cannot be made now, it is."""
    # seat 1 holds J-J-9 of hearts, hearts turned: it orders up, alone or not
    game = start(["9C TC QC KC AC", "JH JD 9H QS AS", "9D TD QD KD AD", "JS TS KS KH JC"],
                 "TH", dealer=0)
    verbs = {a.verb for a in candidates(SeatView(game, 1), game.legal_actions())}
    assert PASS not in verbs and ORDER_UP in verbs
    # spades turned down, every seat passed it: seat 1 names hearts, not a pass
    game = start(["9C TC QC KC AC", "JH JD 9H QS AS", "9D TD QD KD AD", "JS TS KS KH JC"],
                 "9S", dealer=0)
    for seat in (1, 2, 3, 0):
        game.apply(Action(seat, PASS))
    options = candidates(SeatView(game, 1), game.legal_actions())
    assert PASS not in {a.verb for a in options}
    # the same seat with spades turned, in the first round: hearts cannot be made now
    game = start(["9C TC QC KC AC", "JH JD 9H QS AS", "9D TD QD KD AD", "JS TS KS KH JC"],
                 "9S", dealer=0)
    assert PASS in {a.verb for a in candidates(SeatView(game, 1), game.legal_actions())}
    # three-hand, where the audit found them: the dealer's left with J-J-9 of clubs
    rules = load_variant("three-hand")
    for seed in range(400):
        game = Machine(rules, dealer=0)
        game.deal_random(random.Random(seed))
        view = SeatView(game, game.to_act)
        if sure_make(game.deck, view.hand, view.upcard_suit()):
            break
    else:
        raise AssertionError("no deal of 400 gives the first seat a sure make on the upcard")
    bot = PimcBot(rules, random.Random(1), bid_worlds=20)
    assert bot.act(view, game.legal_actions()).verb == ORDER_UP


def test_net_utility_counts_both_sides() -> None:
    game = start(["9C TC QC KC AC", "JH JD AH KH AS", "9D TD QD KD AD", "9S TS QS KS QH"],
                 "9H")
    game.apply(Action(1, ORDER_UP))
    game.apply(Action(0, DISCARD, game.deck.parse("9C")))
    # E+W made hearts: 0-2 tricks euchred (-2), 3-4 made (+1), 5 a march (+2)
    assert net_utility(game, 1, True) == [-2, -2, -2, 1, 1, 2]
    # the defenders' view is its mirror image, by their own tricks
    assert net_utility(game, 0, True) == [-2, -1, -1, 2, 2, 2]


def test_points_past_the_target_are_worth_nothing() -> None:
    rules = load_variant("standard")
    hands = ["9C TC QC KC AC", "JH JD AH KH AS", "9D TD QD KD AD", "9S TS QS KS QH"]
    # E+W at 9 need one point: a march is worth no more than a make; N+S at 9
    # win the game on a euchre, which costs E+W one point's worth, not two
    game = Machine(rules, dealer=0, start_scores=(9, 9))
    d = game.deck
    game.deal([[d.parse(c) for c in h.split()] for h in hands], upcard=d.parse("9H"))
    game.apply(Action(1, ORDER_UP))
    game.apply(Action(0, DISCARD, d.parse("9C")))
    assert net_utility(game, 1, True) == [-1, -1, -1, 1, 1, 1]
    # at 0-0 nothing is capped
    fresh = Machine(rules, dealer=0)
    assert capped(fresh, 1, [-2, 1, 2]) == [-2, 1, 2]
    # nor in a game of a fixed number of deals (the higher score wins, every point counts)
    one_deal = Machine(load_variant("openspiel"), dealer=0, start_scores=(9, 9))
    assert capped(one_deal, 1, [-2, 1, 2]) == [-2, 1, 2]


def hearts_ordered_by_east(scores: tuple[int, int]) -> Machine:
    """E (seat 1, side E+W) orders hearts up at ``scores`` (N+S, E+W)."""
    game = Machine(load_variant("standard"), dealer=0, start_scores=scores)
    d = game.deck
    hands = ["9C TC QC KC AC", "JH JD AH KH AS", "9D TD QD KD AD", "9S TS QS KS QH"]
    game.deal([[d.parse(c) for c in h.split()] for h in hands], upcard=d.parse("9H"))
    game.apply(Action(1, ORDER_UP))
    game.apply(Action(0, DISCARD, d.parse("9C")))
    return game


def test_playing_for_the_game_prices_the_hand_by_the_score() -> None:
    chances = win_chances(load_variant("standard"))
    assert chances is not None
    c = chances.chance
    # at 9-9 the hand decides the game: a euchre loses it, a make wins it
    assert net_utility(hearts_ordered_by_east((9, 9)), 1, True, chances) == \
        [0] * 3 + [SCALE] * 3
    # at 0-0 the chances are close to the points: euchred -1453, made +718, march +1453
    assert net_utility(hearts_ordered_by_east((0, 0)), 1, True, chances) == \
        [c(10, 8)] * 3 + [c(9, 10)] * 2 + [c(8, 10)]
    assert c(8, 10) - c(10, 10) == c(10, 10) - c(10, 8) == 1453
    assert c(9, 10) - c(10, 10) == 718
    # E+W at 9, N+S at 5: a make wins, while a euchre leaves E+W still needing one
    assert net_utility(hearts_ordered_by_east((5, 9)), 1, True, chances) == \
        [c(1, 3)] * 3 + [SCALE] * 3
    # the defenders' view is its mirror image
    assert net_utility(hearts_ordered_by_east((5, 9)), 0, True, chances) == \
        [0] * 3 + [c(3, 1)] * 3


def test_bias_is_priced_at_the_score() -> None:
    rules = load_variant("standard")
    bot = PimcBot(rules, random.Random(0))
    c = bot.chances
    assert c is not None
    # being set (2 points to the rivals) costs what it costs at the score
    assert bot._stake(hearts_ordered_by_east((0, 0)), 1) == c.chance(10, 10) - c.chance(10, 8)
    assert bot._stake(hearts_ordered_by_east((5, 9)), 1) == c.chance(1, 5) - c.chance(1, 3)
    # at 9-9 it loses the game
    assert bot._stake(hearts_ordered_by_east((9, 9)), 1) == SCALE // 2
    # playing for points: the points, capped at what each side needs
    points = PimcBot(rules, random.Random(0), goal="points")
    assert points.chances is None and points._stake(hearts_ordered_by_east((0, 0)), 1) == 2
    # no chances where points past the target count (a game of one deal): points
    assert PimcBot(load_variant("openspiel"), random.Random(0)).chances is None


@pytest.mark.parametrize("variant", ["buck", "dirty-clubs", "columbus"])
def test_pimc_plays_legal_hands_in_individual_games(variant: str) -> None:
    rules = load_variant(variant)
    bots = [PimcBot(rules, random.Random(s), worlds=3, bid_worlds=3) if s == 0
            else make_bot("rule", rules, random.Random(s)) for s in range(rules.players.count)]
    game = Machine(rules, dealer=0)
    play_hands(game, bots, random.Random(3), 2)
    assert game.results


# ------------------------------------------------------------ reading the bidding
def rule_bid_game(variant: str, seed: int) -> Machine | None:
    """A hand whose bidding the rule bot made for every seat, at its first card."""
    rules = load_variant(variant)
    rule = RuleBot(rules, random.Random(0))
    game = Machine(rules, dealer=seed % rules.players.count)
    game.deal_random(random.Random(seed))
    while game.phase != PLAYING and not game.hand_over:
        game.apply(rule.act(SeatView(game, game.to_act), game.legal_actions()))
    return game if game.phase == PLAYING else None


@pytest.mark.parametrize("variant", ["standard", "buck", "dirty-clubs", "columbus"])
def test_the_true_deal_agrees_with_a_rule_bot_bidding(variant: str) -> None:
    from euchre_dsl.sim.bots.pimc import BiddingInference
    read = 0
    for seed in range(60):
        game = rule_bid_game(variant, seed)
        if game is None:
            continue
        seat = game.to_act
        reader = BiddingInference(SeatView(game, seat), RuleBot(game.rules, random.Random(0)))
        read += reader.reads
        assert reader.accepts(list(game.sure)), seed
    assert read > 20  # the check above is not vacuous


def test_a_seat_that_ordered_up_is_not_dealt_a_trumpless_hand() -> None:
    from euchre_dsl.sim.bots.pimc import BiddingInference
    # N (seat 1) orders hearts up with three trumps; S (seat 0, dealer) takes the 9H
    game = start(["9C TC QC KC AC", "JH AH KH AS KS", "9D TD QD KD AD", "JD TS QS JS QH"],
                 "9H", dealer=0)
    rule = RuleBot(game.rules, random.Random(0))
    assert rule.act(SeatView(game, 1), game.legal_actions()) == Action(1, ORDER_UP)
    game.apply(Action(1, ORDER_UP))
    reader = BiddingInference(SeatView(game, 2), rule)
    assert reader.reads
    # a seat that made trump is read before one that passed (few hands order up: a
    # world is turned down sooner; the chance of the whole bidding is the same in any
    # order): here seat 0 passes, then seat 1 orders up, and seat 2 reads seat 1 first
    other = start(["9C TC QC KC AC", "JH AH KH AS KS", "9D TD QD KD AD", "JD TS QS JS QH"],
                  "9H", dealer=3)
    other.apply(Action(0, PASS))
    other.apply(Action(1, ORDER_UP))
    assert list(BiddingInference(SeatView(other, 2), rule).until) == [1, 0]
    d = game.deck
    hands = list(game.sure)
    assert reader.chance(hands) > 0.5
    # the same deal with N's hand and W's swapped: hardly anyone orders up with W's two
    # trumps and no bower
    hands[1], hands[3] = game.sure[3], game.sure[1]
    assert reader.chance(hands) < 0.05
    # E's sampled worlds give N more trumps when the bidding is read
    from euchre_dsl.search.worlds import WorldSampler
    from euchre_dsl.sim.bots.pimc import draw_world
    view = SeatView(game, 2)
    sampler = WorldSampler(view)
    hearts = d.trump_masks[d.suit(d.parse("9H"))]
    rng = random.Random(5)
    read = sum((draw_world(sampler, [reader], rng).sure[1] & hearts).bit_count()
               for _ in range(60))
    blind = sum((draw_world(sampler, [], rng).sure[1] & hearts).bit_count()
                for _ in range(60))
    assert read > blind + 30  # half a trump more on average, read than blind


def test_reading_the_bidding_can_be_turned_off() -> None:
    spec = parse_bot_spec("pimc:reading=off")
    bot = make_bot(spec, load_variant("standard"), random.Random(0))
    assert isinstance(bot, PimcBot) and not bot.infer
    game = rule_bid_game("standard", 4)
    assert game is not None
    assert bot._readers(SeatView(game, game.to_act)) == []


def test_the_partners_bidding_is_read_unless_told_not_to() -> None:
    from euchre_dsl.sim.bots.pimc import BiddingInference
    # N (seat 1) orders hearts up; its partner W (seat 3) reads it, or not
    game = start(["9C TC QC KC AC", "JH AH KH AS KS", "9D TD QD KD AD", "JD TS QS JS QH"],
                 "9H", dealer=0)
    game.apply(Action(1, ORDER_UP))
    rule = RuleBot(game.rules, random.Random(0))
    view = SeatView(game, 3)
    assert 1 in BiddingInference(view, rule).until
    assert 1 not in BiddingInference(view, rule, partner=False).until
    # the opponents are read either way: E (seat 2) reads N
    assert 1 in BiddingInference(SeatView(game, 2), rule, partner=False).until
    bot = make_bot(parse_bot_spec("pimc"), game.rules, random.Random(0))
    assert isinstance(bot, PimcBot) and bot.read_partner  # the default: every seat
    assert any(1 in r.until for r in bot._readers(view))
    bot = make_bot(parse_bot_spec("pimc:reading=opponents"), game.rules, random.Random(0))
    assert isinstance(bot, PimcBot) and bot.infer and not bot.read_partner
    assert all(1 not in r.until for r in bot._readers(view))


def test_a_partner_who_passed_is_seldom_dealt_the_right_bower() -> None:
    """Issue 41: pimc's worlds read the partner's passes by default.  The three others
    pass the 9 of hearts; the dealer (seat 0) weighs picking it up.  Its partner (seat
    2) passed, so the worlds (seeded) seldom give it the right bower with two more
    hearts -- reading the opponents only deals it that hand as often as a uniform deal."""
    game = start(["JC AC KD QD 9S", "TC QC KC AD TD", "9D JD QH KH TS",
                  "JH AH TH 9C KS"], "9H", dealer=0)
    for seat in (1, 2, 3):
        game.apply(Action(seat, PASS))
    view = SeatView(game, 0)
    d = game.deck
    hearts = d.trump_masks[d.suit(d.parse("9H"))]
    right = d.parse("JH")

    def strong_w(spec: str) -> int:
        bot = make_bot(parse_bot_spec(spec), game.rules, random.Random(0))
        assert isinstance(bot, PimcBot)
        sampler, rng = WorldSampler(view), random.Random(3)
        readers = bot._readers(view)
        worlds = [draw_world(sampler, readers, rng).sure[2] for _ in range(200)]
        return sum(1 for w in worlds if (w >> right) & 1 and (w & hearts).bit_count() >= 3)

    read, unread = strong_w("pimc"), strong_w("pimc:reading=opponents")
    assert unread >= 10 and read * 3 < unread, (read, unread)


def rule_played_game(variant: str, seed: int, plays: int) -> Machine | None:
    """A hand of ``variant`` bid and played by rule bots, ``plays`` cards into the play."""
    game = rule_bid_game(variant, seed)
    if game is None:
        return None
    rule = RuleBot(game.rules, random.Random(0))
    for _ in range(plays):
        if game.phase != PLAYING:
            return None
        seat = game.to_act
        game.play(seat, rule.play(SeatView(game, seat), legal_mask(game)))
    return game if game.phase == PLAYING else None


@pytest.mark.parametrize("variant", ["standard", "buck", "dirty-clubs", "columbus"])
def test_the_true_deal_agrees_with_a_rule_bot_play(variant: str) -> None:
    from euchre_dsl.sim.bots.pimc import PlayInference
    read = 0
    for seed in range(40):
        for plays in (1, 5, 9):
            game = rule_played_game(variant, seed, plays)
            if game is None:
                continue
            reader = PlayInference(SeatView(game, game.to_act),
                                   RuleBot(game.rules, random.Random(0)))
            read += reader.reads
            assert reader.accepts(list(game.sure)), (seed, plays)
    assert read > 40  # the check above is not vacuous


def test_an_opponent_that_followed_low_holds_no_winner() -> None:
    from euchre_dsl.search.worlds import WorldSampler
    from euchre_dsl.sim.bots.pimc import PlayInference, draw_world
    # hearts trump, ordered up by N (seat 0); W (seat 3, dealer) takes the 9H
    game = start(["JH JD AH KH QS", "9S TC QC KC AC", "9D TD QD KD AD", "KS AS TS JS QH"],
                 "9H", dealer=3)
    d = game.deck
    game.apply(Action(0, ORDER_UP))
    game.apply(Action(3, DISCARD, d.parse("TS")))
    game.play(0, d.parse("QS"))  # N leads the queen of spades
    game.play(1, d.parse("9S"))  # E follows low: a rule bot holding the K or A would win
    view = SeatView(game, 2)
    rule = RuleBot(game.rules, random.Random(0))
    reader = PlayInference(view, rule)
    assert list(reader.until) == [1]  # E is read; N, the partner, is not
    assert reader.accepts(list(game.sure))
    sampler = WorldSampler(view)
    high = (1 << d.parse("KS")) | (1 << d.parse("AS"))
    rng = random.Random(3)
    read = sum(bool(draw_world(sampler, [reader], rng).sure[1] & high) for _ in range(60))
    blind = sum(bool(draw_world(sampler, [], rng).sure[1] & high) for _ in range(60))
    assert read == 0 and blind > 10


def test_a_reading_the_table_cannot_meet_is_dropped_for_the_decision() -> None:
    from euchre_dsl.search.worlds import WorldSampler
    from euchre_dsl.sim.bots.pimc import TRIES, SeatReading, draw_world
    game = rule_played_game("standard", 4, 5)
    assert game is not None
    view = SeatView(game, game.to_act)
    rule = RuleBot(game.rules, random.Random(0))
    asked = {"never": 0, "half": 0}

    def never(seat: int, cards: int, hands: Sequence[int]) -> float:
        asked["never"] += 1  # an opponent the model cannot explain, whatever its cards
        return 0.0

    def half(seat: int, cards: int, hands: Sequence[int]) -> float:
        asked["half"] += 1
        return 0.5

    other = (view.seat + 1) % 4
    stubborn, lenient = SeatReading(view, rule, never), SeatReading(view, rule, half)
    stubborn.until[other] = 1
    lenient.until[other] = 1
    readers = [lenient, stubborn]
    sampler = WorldSampler(view)
    rng = random.Random(2)
    draw_world(sampler, readers, rng)
    # every draw was turned down by the stubborn reading (some by the lenient one first)
    assert 0 < asked["never"] <= TRIES and asked["half"] >= asked["never"]
    assert readers == [lenient]  # the one that refused most leaves
    before = asked["never"]
    for _ in range(40):  # the decision's next worlds: the lenient reading alone
        draw_world(sampler, readers, rng)
    assert asked["never"] == before and readers == [lenient]


def test_reading_the_play_can_be_turned_off() -> None:
    game = rule_played_game("standard", 4, 5)
    assert game is not None
    view = SeatView(game, game.to_act)
    on = make_bot(parse_bot_spec("pimc"), game.rules, random.Random(0))
    off = make_bot(parse_bot_spec("pimc:read_play=no"), game.rules, random.Random(0))
    assert isinstance(on, PimcBot) and isinstance(off, PimcBot)
    assert any(type(r).__name__ == "PlayInference" for r in on._readers(view))
    assert not any(type(r).__name__ == "PlayInference" for r in off._readers(view))


def test_a_defender_plays_against_a_shoot_whose_gift_it_did_not_see() -> None:
    """Bid euchre's shoot: N bids, names spades alone, puts 9D away and S gives TS face
    down.  E replays the hand from what E saw (the gift's card hidden) to sample its
    worlds, and plays a legal card; the worlds give N the six cards N holds."""
    rules = load_variant("bid-euchre")
    game = Machine(rules, dealer=3)
    d = game.deck
    game.deal([[d.parse(c) for c in h.split()] for h in (
        "JS JC AS KS AH 9D", "QS 9S KH QH AD TD", "TS 9H TH KD QD JD", "9C TC QC KC AC JH")])
    for seat, verb, arg, alone in ((0, "bid", 3, False), (1, PASS, None, False),
                                   (2, PASS, None, False), (3, PASS, None, False),
                                   (0, "call", 3, True), (0, DISCARD, d.parse("9D"), False),
                                   (2, "give", d.parse("TS"), False)):
        game.act(seat, verb, arg, alone)
    game.play(0, d.parse("JS"))
    assert game.phase == PLAYING and game.to_act == 1
    view = SeatView(game, 1)
    assert [a.arg for a in view.actions if a.verb == "give"] == [None]  # E did not see it
    bot = PimcBot(rules, random.Random(1), worlds=4, bid_worlds=4)
    card = bot.play(view, legal_mask(game))
    assert d.names[card] in ("QS", "9S")  # a spade: E must follow the trump lead


#: Ten first-round decisions a club player takes without a thought: the seat's
#: hand, the upcard, the seat counted from the dealer's left (3: the dealer), and
#: whether trump is made.
CLEAR_DECISIONS = (
    ("JS AS KS AH 9D", "QS", 0, True),    # the right bower, ace, king and the queen up
    ("JH KH 9C TD AS", "AH", 3, True),    # a dealer picking up the ace to the right bower
    ("9C TD 9S TS QD", "JH", 0, False),   # nothing at all
    ("JH AH QH AC 9S", "KH", 1, True),    # three trumps and an ace, the king to the partner
    ("9C TC 9D TD QS", "9H", 3, False),   # a dealer with no trump and no ace
    ("QC KC 9D TS JS", "9H", 2, False),   # no trump, nothing of note
    ("JH JD AH KH QH", "9H", 0, True),    # the five highest trumps
    ("JC JS AC 9H AD", "KC", 1, True),    # both bowers, the ace, and the king to the partner
    ("AS KS QS AH KD", "9C", 0, False),   # aces and kings but no trump
    ("JS QS TS 9S AH", "KS", 3, True),    # a dealer taking a fifth trump
)


def _first_round(hand: str, upcard: str, pos: int) -> Machine:
    """A standard deal at the first round, ``pos`` seats after the dealer's left to act,
    the seats before it having passed (the other hands are filler: the bot sees its own)."""
    rules = load_variant("standard")
    d = Machine(rules, dealer=3).deck
    mine = [d.parse(c) for c in hand.split()]
    up = d.parse(upcard)
    rest = [c for c in range(d.size) if c not in mine and c != up]
    hands = []
    for s in range(4):
        hands.append(mine if s == pos else rest[:5])
        if s != pos:
            rest = rest[5:]
    game = Machine(rules, dealer=3)
    game.deal(hands, upcard=up)
    for _ in range(pos):
        game.apply(Action(game.to_act, PASS))
    return game


def test_the_same_clear_decision_with_ten_seeds_agrees() -> None:
    """Stability: each clear decision asked with ten seeds gets the same answer (bid or
    pass, alone or not) at least 95 times in 100, and it is the right one."""
    agree = 0
    for hand, upcard, pos, bids in CLEAR_DECISIONS:
        game = _first_round(hand, upcard, pos)
        view = SeatView(game, game.to_act)
        answers = [PimcBot(game.rules, random.Random(seed)).act(view, game.legal_actions())
                   for seed in range(10)]
        kinds = [(a.verb, a.alone) for a in answers]
        top = max(set(kinds), key=kinds.count)
        agree += kinds.count(top)
        assert (top[0] == ORDER_UP) == bids, (hand, upcard, kinds)
    assert agree >= 95


def test_the_bidding_is_read_softly_against_a_player_who_bids_differently() -> None:
    """An opponent that orders up more eagerly than the rule bot (a lower bar) still
    gets its true cards a fair weight: the reading is a model of a reasonable player,
    not the rule bot's exact choices, so its worlds are not emptied of the truth."""
    from euchre_dsl.sim.bots.pimc import BiddingInference
    rules = load_variant("standard")
    eager = RuleBot(rules, random.Random(0), margin=0.3, dealer_margin=0.2)
    rule = RuleBot(rules, random.Random(0))
    differ = 0
    for seed in range(120):
        game = Machine(rules, dealer=seed % 4)
        game.deal_random(random.Random(seed))
        unlike = set()  # the seats that bid unlike the rule bot
        while game.trump is None and not game.hand_over:
            seat = game.to_act
            legal = game.legal_actions()
            a = eager.act(SeatView(game, seat), legal)
            if a != rule.act(SeatView(game, seat), legal):
                unlike.add(seat)
            game.apply(a)
        if game.maker is None or not unlike & {game.maker, (game.maker + 2) % 4}:
            continue
        differ += 1
        reader_seat = (game.maker + 1) % 4  # an opponent of the eager maker reads it
        reader = BiddingInference(SeatView(game, reader_seat), rule, partner=False)
        assert reader.chance(list(game.sure)) > 0.05, seed
    assert differ >= 5  # deals the rule bot's exact choices would have ruled out


def test_a_clear_card_is_chosen_on_fewer_worlds_than_the_budget() -> None:
    """Cards are weighed in batches as bids are: a card clearly behind the leader is
    dropped, and the sampling stops when one is left or those left are equals, so a
    clear lead costs a batch or two of worlds, not the whole budget; a hint still
    values every legal card."""
    # S orders hearts up holding both bowers, the ace of trump and two plain aces
    game = start(["JH JD AH AS AD", "9C TC QC KC 9S", "9D TD QD KD TS", "QS KS JS JC QH"],
                 "9H", dealer=3)
    game.apply(Action(0, ORDER_UP))
    rule = RuleBot(game.rules, random.Random(0))
    game.apply(rule.act(SeatView(game, 3), game.legal_actions()))  # the dealer's discard
    assert game.phase == PLAYING and game.to_act == 0
    mask = legal_mask(game)
    bot = PimcBot(game.rules, random.Random(3), worlds=100)
    card = bot.play(SeatView(game, 0), mask)
    assert bot.last_worlds < 100
    values = PimcBot(game.rules, random.Random(3), worlds=100).card_values(
        SeatView(game, 0), mask)
    assert set(values) == {c for c in range(game.deck.size) if mask >> c & 1}
    assert values[card] == max(values.values())


def _lone_dealer(hands: list[str], upcard: str, discard: str) -> Machine:
    """A standard deal, E (seat 1) dealing, three passes, E taking the upcard alone."""
    game = start(hands, upcard, dealer=1)
    for _ in range(3):
        game.apply(Action(game.to_act, PASS))
    game.apply(Action(1, ORDER_UP, None, True))
    game.apply(Action(1, DISCARD, game.deck.parse(discard)))
    assert game.phase == PLAYING
    return game


def test_a_lone_march_counts_only_where_it_is_made_without_seeing_the_cards() -> None:
    """The solver marches a lone hand in every world where the cards allow it, playing
    the maker's cards as if it saw the others; the bot counts the march only where a
    maker's play blind to the other hands (the rule bot's habits, against the best
    defence) makes it too, and a make otherwise."""
    bot = PimcBot(load_variant("standard"), random.Random(0))
    # E alone in hearts with the right bower, ace and ten, and the ace and king of
    # spades: the solver draws trump and marches; the blind play cashes the spades
    # with a trump still out (it cannot know the left bower is in the kitty and that
    # W's queen is the last one), and W ruffs the king
    game = _lone_dealer(["TC QC AD 9S TS", "TH JH KS AS 9C", "9D QD QH KH JS",
                         "JC KC TD KD 9H"], "AH", "9C")
    u = net_utility(game, 1, True)
    assert bot.solver.solve_points_position(position_of(game, 1), u) == u[-1]
    assert not bot._marches_blind(game)
    # the five highest trumps march whoever holds what
    game = _lone_dealer(["TC QC AD 9S TS", "JD JH KH QH 9C", "9D QD TH AS JS",
                         "JC KC TD KD 9H"], "AH", "9C")
    assert bot._marches_blind(game)


def _close_dealer_decision() -> Machine:
    """The dealer (seat 1) with the right bower, the ace of diamonds and the nine of
    hearts turned, the three others having passed: picking up and turning down are
    within noise of each other on 20 worlds."""
    rules = load_variant("standard")
    game = Machine(rules, dealer=1)
    d = game.deck
    hands = ["QC AC JD QH JS", "9C KD AD JH 9S", "JC QD AH TS KS", "TC 9D TH KH QS"]
    game.deal([[d.parse(c) for c in h.split()] for h in hands], upcard=d.parse("9H"))
    for _ in range(3):
        game.apply(Action(game.to_act, PASS))
    return game


def test_a_tie_is_reported_and_broken_by_the_seed_or_the_table_habit() -> None:
    """Options the search cannot tell apart are reported (``tied``).  By default
    (``ties=best``) the choice among them is the highest mean on the seed's worlds: the
    same seed gives the same choice and the same tie; with ``ties=rule`` it is the rule
    bot's choice among them, whatever the seed."""
    game = _close_dealer_decision()
    view, legal = SeatView(game, 1), game.legal_actions()
    habit = RuleBot(game.rules, random.Random(0), call_margin=0.9).act(view, legal)
    assert habit.verb == PASS
    for seed in (1, 2, 3):
        best = PimcBot(game.rules, random.Random(seed), bid_worlds=20)
        choice = best.act(view, legal)
        assert {a.verb for a in best.tied} == {PASS, ORDER_UP}
        again = PimcBot(game.rules, random.Random(seed), bid_worlds=20)
        assert again.act(view, legal) == choice and again.tied == best.tied
        hinter = PimcBot(game.rules, random.Random(seed), bid_worlds=20)
        assert hinter.option_values(view, legal)[0][0] == choice  # the hint leads with it
        bot = PimcBot(game.rules, random.Random(seed), bid_worlds=20, ties="rule")
        assert bot.act(view, legal) == habit and bot.tied == best.tied
    # a clear decision reports no tie
    game = _first_round(*CLEAR_DECISIONS[0][:3])
    bot = PimcBot(game.rules, random.Random(1))
    assert bot.act(SeatView(game, game.to_act), game.legal_actions()).verb == ORDER_UP
    assert bot.tied == ()


@pytest.mark.parametrize("variant", ["standard", "bid-euchre", "six-hand"])
def test_cards_found_equivalent_tie_in_every_world_and_draw_the_same_worlds(
        variant: str) -> None:
    """A play decision whose legal cards :func:`equivalent_plays` finds equivalent is
    not searched; searched, the cards tie in every world, and the bot draws the
    worlds it would have drawn (its later decisions are the same)."""
    found = 0
    for seed in range(30):
        for plays in range(1, 20, 3):
            game = rule_played_game(variant, seed, plays)
            if game is None:
                continue
            mask = legal_mask(game)
            view = SeatView(game, game.to_act)
            if not mask & (mask - 1) or not equivalent_plays(view, mask):
                continue
            found += 1
            quick = PimcBot(game.rules, random.Random(seed), worlds=25)
            card = quick.play(view, mask)
            searched = PimcBot(game.rules, random.Random(seed), worlds=25)
            values = searched.card_values(view, mask)  # every card, searched
            assert set(values) == set(mask_cards(mask))
            assert len(set(values.values())) == 1, (seed, plays)
            assert card == RuleBot(game.rules, random.Random(0)).play(view, mask)
            assert quick.rng.random() == searched.rng.random()
            assert quick.last_worlds == searched.last_worlds == 20
    assert found >= 5  # not vacuous


def test_cards_apart_in_power_are_not_equivalent_until_the_cards_between_fall() -> None:
    # hearts trump (ordered up by the dealer's left); East holds K and 9 of clubs
    game = start(["TC QC JC AS AD", "JH JD AH KC 9C", "AC TD QD KD 9D",
                  "9S TS QS KS QH"], "9H")
    d = game.deck
    game.apply(Action(1, ORDER_UP))
    game.apply(Action(0, DISCARD, d.parse("AS")))
    game.play(1, d.parse("JH"))
    for seat, card in ((2, "9D"), (3, "QH"), (0, "9H")):
        game.play(seat, d.parse(card))
    # East won the bower's trick and leads: every card is legal, two suits
    assert not equivalent_plays(SeatView(game, 1), legal_mask(game))
    game.play(1, d.parse("AH"))
    for seat, card in ((2, "TD"), (3, "9S"), (0, "AD")):
        game.play(seat, d.parse(card))
    game.play(1, d.parse("JD"))
    for seat, card in ((2, "QD"), (3, "TS"), (0, "TC")):
        game.play(seat, d.parse(card))
    # East leads again: K and 9 of clubs, with Q and J of clubs still out
    assert legal_mask(game) == (1 << d.parse("KC")) | (1 << d.parse("9C"))
    assert not equivalent_plays(SeatView(game, 1), legal_mask(game))


def test_a_dealers_hidden_discard_is_read_once_per_hand_and_card() -> None:
    from euchre_dsl.sim.bots.pimc import BiddingInference
    # N (seat 1) orders hearts up; S (seat 0, dealer) takes the 9H and puts the 9C down
    # unseen; the kitty is JC TH 9S
    game = start(["9C TC QC KC AC", "JH AH KH AS KS", "9D TD QD KD AD", "JD TS QS JS QH"],
                 "9H", dealer=0)
    d = game.deck
    game.apply(Action(1, ORDER_UP))
    game.apply(Action(0, DISCARD, d.parse("9C")))
    rule = RuleBot(game.rules, random.Random(0))
    reader = BiddingInference(SeatView(game, 2), rule)
    assert reader.took == {0}
    hands = list(game.sure)
    first = reader.chance(hands)
    assert len(reader.dealt) == 4  # S's hand with each card nobody holds put down
    # W's TS and the kitty's 9S change places: S's hand is the same, and of the cards
    # nobody holds only the TS is new
    other = list(hands)
    other[3] = hands[3] & ~(1 << d.parse("TS")) | 1 << d.parse("9S")
    second = reader.chance(other)
    assert len(reader.dealt) == 5
    fresh = BiddingInference(SeatView(game, 2), rule)
    assert fresh.chance(other) == second and fresh.chance(hands) == first
