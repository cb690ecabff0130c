"""The full-information bidding search and the decision estimates built on it."""

from __future__ import annotations

import json
import random
from typing import Callable

import pytest
from analysis.analyze_tools import random_game
from engine.variant_tools import attributes

from euchre_dsl.analysis.analyze import Analyzer
from euchre_dsl.search.bidding_search import (
    BIDDING_STATE, FullInfoBidding, Table, Values, bidding_key, split_scores,
)
from euchre_dsl.sim.bots.rule import RuleBot, RuleTable
from euchre_dsl.engine.view import SeatView
from euchre_dsl.engine.scoring import net_values, zero_sum
from euchre_dsl.analysis.decisions import DecisionEstimator, interval
from euchre_dsl.search.solver import Solver
from euchre_dsl.engine.actions import PLAYING
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant


def naive(game: Machine, solver: Solver, table: Table | None = None, hero: int = -1) -> Values:
    """Plain recursion over the engine's legal actions, no memo, no pruning; every
    side's tricks solved on their own (one trick search per side).  With a
    ``table``, where more than two sides score, a seat of a side other than
    ``hero`` takes the table's action instead of its best."""
    if game.hand_over:
        res = game.last_result
        assert res is not None
        return tuple(net_values(game.rules, res.score))
    if game.phase == PLAYING:
        scores = []
        for side, seats in enumerate(game.sides):
            seat = next((s for s in seats if game.active[s]), seats[0])
            more = solver.solve(game, seat) - sum(game.tricks[s] for s in seats) \
                if game.active[seat] else 0
            scores.append(float(split_scores(game, seat, more)[side]))
        return tuple(zero_sum(scores))
    side = game.side_of[game.to_act]
    best: Values = ()
    if table is not None and len(game.sides) > 2 and side != hero:
        child = game.clone()
        child.apply(table(game))
        return naive(child, solver, table, hero)
    for a in game.legal_actions():
        child = game.clone()
        child.apply(a)
        v = naive(child, solver, table, hero)
        if not best or v[side] > best[side]:
            best = v
    return best


def bidding_position(variant: str, seed: int, steps: int) -> Machine:
    """A random deal, ``steps`` random bidding actions in (fewer if the bidding ends)."""
    rules = load_variant(variant)
    rng = random.Random(seed)
    game = Machine(rules, dealer=rng.randrange(rules.players.count))
    game.deal_random(rng)
    for _ in range(steps):
        if game.phase == PLAYING or game.hand_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("variant", ["standard", "buck", "three-hand", "defenders-bonus"])
def test_the_search_agrees_with_plain_recursion(variant: str) -> None:
    rules = load_variant(variant)
    solver = Solver(rules)
    search = FullInfoBidding(solver)
    checked = 0
    for seed in range(6):
        game = bidding_position(variant, seed, seed % 4)
        if game.phase == PLAYING or game.hand_over:
            continue
        values = search.option_values(game)
        assert set(values) == set(game.legal_actions())
        for action, v in values.items():
            child = game.clone()
            child.apply(action)
            assert v == pytest.approx(naive(child, solver)), (seed, action)
        side = game.side_of[game.to_act]
        assert search.value(game)[side] == max(v[side] for v in values.values())
        checked += 1
    assert checked >= 3


def test_an_unbeatable_hand_orders_up_alone() -> None:
    # N deals; E holds the right and left bowers, the ace, king and queen of the
    # upcard's suit: alone, it marches whatever the others hold (4 points).
    rules = load_variant("standard")
    game = Machine(rules, dealer=0)
    parse = game.deck.parse
    hands = [["9H", "TH", "QH", "KH", "AH"], ["JS", "JC", "AS", "KS", "QS"],
             ["9D", "TD", "QD", "KD", "AD"], ["9C", "TC", "QC", "KC", "AC"]]
    game.deal([[parse(c) for c in h] for h in hands], parse("9S"))
    values = FullInfoBidding(Solver(rules)).option_values(game)
    by_words = {(a.verb, a.alone): v[game.side_of[1]] for a, v in values.items()}
    assert by_words[("order_up", True)] == 4
    assert by_words[("order_up", False)] == 2
    assert max(by_words.values()) == 4


def true_deal(game: Machine, seat: int) -> Callable[[random.Random], Machine]:
    """A stand-in for the world sampler: the real deal every time."""
    return lambda rng: game.clone()


def test_estimates_on_the_true_deal_are_exact_and_pick_the_search_value() -> None:
    record = json.loads(json.dumps(random_game("standard", 3, max_hands=4)))
    estimator = DecisionEstimator(deals=3, sampler=true_deal)
    analyzer = Analyzer(decisions=estimator)
    hands = list(analyzer.analyze_record(record, 0, "x.json"))
    decisions = [d for h in hands for d in h.decisions]
    assert decisions
    for d in decisions:
        assert d.deals == 3
        assert d.chosen in [o.option for o in d.options]
        for o in d.options:
            assert o.low == pytest.approx(o.net) == pytest.approx(o.high)  # one deal, 3 times
        assert d.loss >= 0


def test_interval() -> None:
    mean, low, high = interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    # sample variance 5/3, standard error sqrt(5/3 / 4)
    assert high - mean == pytest.approx(mean - low) == pytest.approx(1.959964 * (5 / 12) ** 0.5)


def test_an_auction_searched_with_its_transpositions_agrees_with_plain_recursion() -> None:
    # Dirty Clubs, late in the auction: the same high bid reached after different
    # lower bids is one position of the memo, which must not change any value
    rules = load_variant("dirty-clubs")
    solver = Solver(rules)
    search = FullInfoBidding(solver)
    checked = 0
    for seed in range(12):
        game = bidding_position("dirty-clubs", seed, 2)
        if game.phase != "auction":
            continue
        values = search.option_values(game)
        for action, v in values.items():
            child = game.clone()
            child.apply(action)
            assert v == pytest.approx(naive(child, solver)), (seed, action)
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def first_position_of(variant: str, seed: int, phases: tuple[str, ...]) -> Machine | None:
    """A random deal played at random up to the first position in one of ``phases``
    (None: the hand reached the play or ended first)."""
    rules = load_variant(variant)
    rng = random.Random(seed)
    game = Machine(rules, dealer=rng.randrange(rules.players.count))
    game.deal_random(rng)
    while game.phase not in phases:
        if game.phase == PLAYING or game.hand_over:
            return None
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("variant", ["buck", "dirty-clubs", "dirty-clubs-5", "dirty-clubs-6",
                                     "columbus", "five-hand-call-partner"])
def test_an_individual_game_after_the_contract_agrees_with_plain_recursion(variant: str) -> None:
    # from the stay-or-drop round (or the trump call before it) to the play: leaves
    # of one search share solves and side scores (by who plays, the outcome and the
    # tricks), which must not change any value
    rules = load_variant(variant)
    solver = Solver(rules)
    search = FullInfoBidding(solver)
    checked = 0
    for seed in range(40):
        game = first_position_of(variant, seed, ("stay_drop", "take_upcard", "naming",
                                                 "partner"))
        if game is None:
            continue
        values = search.option_values(game)
        assert set(values) == set(game.legal_actions())
        for action, v in values.items():
            child = game.clone()
            child.apply(action)
            assert v == naive(child, solver), (seed, action)  # the same sums: equal floats
        checked += 1
        if checked == 2:
            break
    assert checked == 2


#: A game's attributes that are not in BIDDING_STATE: the same for every position
#: of one deal (the rules' settings, seats, scores, dealer), the play's own state
#: (constant before the play, or derived from the contract and who plays), the log.
NOT_BIDDING_STATE = frozenset((
    "alone_allowed", "auction", "bid_target", "calls_partner", "dealer", "deals", "deck", "defends_alone",
    "drop_streak", "eff", "fixed_target", "follow", "forced_suit", "full_info", "hand_log",
    "hand_size", "has_claims", "joker_proposes", "labels", "last_renege", "last_renege_at",
    "lead_maker", "left_of_loner", "menus", "menus_shared", "must_hold_trump", "n",
    "n_active", "next_seat", "order_up_round", "packets", "partner", "partners", "played",
    "ranks",
    "renege_at", "renege_by", "renege_note", "results", "rules", "scores", "shown_at",
    "shown_out", "side_names", "side_of", "sides", "stay_drop", "swaps",
    "three_hands_rule", "trick", "trick_seats", "trick_winners", "tricks", "turns_up",
    "upcard_protected", "void", "widowed", "winners", "widow_cards", "forced_card",
    "deal_plans", "pack",
))


def test_the_bidding_key_covers_every_attribute_of_the_game() -> None:
    game = bidding_position("standard", 1, 0)
    names = set(attributes(game))
    assert names - set(BIDDING_STATE) - NOT_BIDDING_STATE == set(), \
        "a new attribute of the game: add it to BIDDING_STATE (or NOT_BIDDING_STATE)"
    assert set(BIDDING_STATE) <= names
    assert bidding_key(game) == bidding_key(game.clone())


def _frozen(value: object) -> object:
    if isinstance(value, list):
        return tuple(value)
    if isinstance(value, dict):
        return tuple(sorted(value.items()))
    return value


@pytest.mark.parametrize("variant", ["standard", "dirty-clubs-5", "five-hand-call-partner",
                                     "hasenpfeffer", "pepper", "british", "double-deck-bid"])
def test_the_bidding_key_reads_exactly_the_bidding_state(variant: str) -> None:
    # bidding_key names each attribute (a field read when compiled): it must read
    # BIDDING_STATE's, in its order, at every kind of position
    for seed in range(12):
        for steps in range(8):
            game = bidding_position(variant, seed, steps)
            assert bidding_key(game) == tuple(_frozen(getattr(game, name))
                                              for name in BIDDING_STATE), (seed, steps)


@pytest.mark.parametrize("variant", ["buck", "dirty-clubs", "dirty-clubs-5", "dirty-clubs-6",
                                     "columbus", "five-hand-call-partner", "six-hand"])
def test_against_a_table_the_other_sides_bid_as_it_says(variant: str) -> None:
    # where more than two sides score, the analyzer's search takes the other sides'
    # bidding from a table (the rule bot's) and searches the deciding side's own:
    # the same values as a plain recursion that does so, from the auction or the
    # first bid to the play
    rules = load_variant(variant)
    solver = Solver(rules)
    table = RuleTable()
    search = FullInfoBidding(solver, table)
    checked = 0
    for seed in range(30):
        game = bidding_position(variant, seed, seed % 3)
        if game.phase == PLAYING or game.hand_over:
            continue
        hero = game.side_of[game.to_act]
        values = search.option_values(game)
        assert set(values) == set(game.legal_actions())
        for action, v in values.items():
            child = game.clone()
            child.apply(action)
            assert v == pytest.approx(naive(child, solver, table, hero)), (seed, action)
        assert search.value(game)[hero] == max(v[hero] for v in values.values())
        checked += 1
        if checked == 2:
            break
    assert checked == 2


def test_a_table_changes_nothing_where_two_sides_play() -> None:
    # two sides: minimax, both searched; the table is for more than two
    rules = load_variant("standard")
    solver = Solver(rules)
    for seed in range(4):
        game = bidding_position("standard", seed, seed % 4)
        assert FullInfoBidding(solver, RuleTable()).option_values(game) == \
            FullInfoBidding(solver).option_values(game)


def test_the_rule_table_takes_the_rule_bots_action() -> None:
    rules = load_variant("dirty-clubs-5")
    table = RuleTable(3)
    bot = RuleBot(rules, random.Random(3))
    for seed in range(20):
        game = bidding_position("dirty-clubs-5", seed, seed % 9)
        if game.phase == PLAYING or game.hand_over:
            continue
        legal = game.legal_actions()
        assert table(game) in legal
        assert table(game) == bot.act(SeatView(game, game.to_act), legal)
