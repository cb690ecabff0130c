"""The open-hand solver against plain references, and on hand-worked positions.

The agreement tests compare :class:`Solver` with a no-pruning minimax over
the engine's per-action API (tests/search/solver_tools.py) on thousands of
seeded random positions late in the hand, across the variants whose rules
change the play: bowers, the joker, no-trump and low no-trump, loners, lone
defenders, dropped players in Buck, three-, five-, six- and seven-player
tables, and the double deck (two copies of each card, the first played of
equal cards winning); whole deals are compared with a plain alpha-beta.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from euchre_dsl.cards import HEARTS, LOW_NO_TRUMP, NO_TRUMP, SPADES, Deck
from euchre_dsl.search.position import Position, position_of, utilities
from euchre_dsl.search.solver import SearchLimit, Solver
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import compile_data, load_variant
from euchre_dsl.rules.ruleset import RuleSet

from .solver_tools import brute_force, counted_side, random_position, reference_alpha_beta

# variant -> (positions, most tricks left, least tricks left)
CASES: dict[str, tuple[int, int, int]] = {
    "standard": (1200, 3, 1),
    "railroad": (500, 3, 1),            # joker, lone defenders, call for best
    "defenders-bonus": (400, 3, 1),     # lone defenders
    "low-no-trump": (600, 3, 1),        # no-trump and low no-trump contracts
    "buck": (500, 3, 1),                # individual, countdown, drops, forced clubs
    "columbus": (300, 3, 1),            # three players, widow
    "three-hand": (300, 3, 1),
    "two-hand": (200, 4, 1),
    "dirty-clubs-5": (300, 2, 1),
    "six-hand": (300, 2, 1),
    "six-hand-pairs": (150, 2, 1),      # three sides of two
    "dirty-clubs-7": (150, 2, 1),
    "british": (200, 3, 1),             # joker as the top trump
}
INLINE: dict[str, dict[str, Any]] = {
    "low-no-trump": {"id": "lnt", "extends": "standard",
                     "bidding": {"no_trump": True, "low_no_trump": True}},
    "six-hand-pairs": {"id": "pairs", "extends": "six-hand", "players": {"teams": 3}},
    "dirty-clubs-7": {"id": "dc7", "extends": "dirty-clubs", "players": {"count": 7},
                      "deck": {"lowest": "6"}},
}


#: variants whose rarer contracts the random bidding is steered to
FAVOUR = {"low-no-trump": (NO_TRUMP, LOW_NO_TRUMP), "railroad": (NO_TRUMP,)}


def rules_for(name: str) -> RuleSet:
    return compile_data(INLINE[name]) if name in INLINE else load_variant(name)


def kinds(game: Machine) -> set[str]:
    """What a position exercises, for the coverage check."""
    out = {"lead" if not game.trick else "mid-trick"}
    if game.alone:
        out.add("loner")
    if game.lone_defender is not None:
        out.add("lone defender")
    if game.trump == NO_TRUMP:
        out.add("no-trump")
    if game.trump == LOW_NO_TRUMP:
        out.add("low no-trump")
    if not all(game.active) and game.rules.participation.stay_drop:
        out.add("drops")
    if game.maker is None:
        out.add("no maker")
    return out


def test_agrees_with_brute_force_on_random_positions() -> None:
    """At least 5,000 positions, the solver's value equal to plain minimax's."""
    seen: Counter[str] = Counter()
    total = 0
    for name, (count, most, least) in CASES.items():
        rules = rules_for(name)
        solver = Solver(rules)
        rng = random.Random(f"solver-{name}")
        for i in range(count):
            game = random_position(rules, rng, most, least, FAVOUR.get(name, ()))
            seat = None if game.maker is not None else rng.randrange(game.n)
            expected = brute_force(game, counted_side(game, seat))
            assert solver.solve(game, seat) == expected, (name, i)
            seen.update(kinds(game))
            total += 1
    assert total >= 5000
    for kind in ("lead", "mid-trick", "loner", "lone defender", "no-trump", "low no-trump",
                 "drops", "no maker"):
        assert seen[kind] >= 50, (kind, seen)


@pytest.mark.parametrize("name", ["standard", "railroad", "low-no-trump", "buck", "six-hand",
                                  "three-hand"])
def test_card_values_agree_with_brute_force(name: str) -> None:
    """Every legal card's value is the minimax value after playing it."""
    rules = rules_for(name)
    solver = Solver(rules)
    rng = random.Random(f"cards-{name}")
    for i in range(80):
        game = random_position(rules, rng, 2 if rules.players.count > 4 else 3,
                               favour=FAVOUR.get(name, ()))
        seat = None if game.maker is not None else rng.randrange(game.n)
        side = counted_side(game, seat)
        values = solver.card_values(game, seat)
        expected = {}
        for action in game.legal_actions():
            child = game.clone()
            child.apply(action)
            expected[action.arg] = brute_force(child, side)
        assert values == expected, (name, i)
        best = max if game.side_of[game.to_act] == side else min
        assert best(values.values()) == solver.solve(game, seat)


@pytest.mark.parametrize("name,deals", [("standard", 12), ("railroad", 6), ("low-no-trump", 8),
                                        ("buck", 8), ("three-hand", 6), ("two-hand", 4)])
def test_whole_deals_agree_with_a_plain_alpha_beta(name: str, deals: int) -> None:
    """From the opening lead, and again after the first card."""
    rules = rules_for(name)
    solver = Solver(rules)
    rng = random.Random(f"deal-{name}")
    for i in range(deals):
        game = random_position(rules, rng, rules.deal.hand_size, rules.deal.hand_size)
        while game.trick:  # back to an opening lead: a fresh position of the same kind
            game = random_position(rules, rng, rules.deal.hand_size, rules.deal.hand_size)
        seat = None if game.maker is not None else 0
        side = counted_side(game, seat)
        assert solver.solve(game, seat) == reference_alpha_beta(game, side), (name, i)
        game.apply(rng.choice(game.legal_actions()))
        assert solver.solve(game, seat) == reference_alpha_beta(game, side), (name, i)


@pytest.mark.parametrize("name", ["standard", "railroad", "buck", "columbus", "dirty-clubs-5"])
def test_points_are_the_score_of_the_best_trick_count(name: str) -> None:
    """The score-level search settles the same score as the exact trick count."""
    rules = rules_for(name)
    solver = Solver(rules)
    rng = random.Random(f"points-{name}")
    for i in range(150):
        game = random_position(rules, rng, 3 if rules.players.count <= 4 else 2)
        seat = None if game.maker is not None else rng.randrange(game.n)
        u = utilities(game, seat)
        taken = position_of(game, seat).taken
        assert solver.solve_points(game, seat) == u[solver.solve(game, seat) - taken], (name, i)
        cards = solver.card_values(game, seat)
        points = solver.card_points(game, seat)
        assert points == {c: u[v - taken] for c, v in cards.items()}, (name, i)
        one = next(iter(points))  # one card asked for: its value (and its equals')
        pos = position_of(game, seat)
        some = solver.card_points_position(pos, u, 1 << one)
        assert one in some and all(points[c] == v for c, v in some.items()), (name, i)


DOUBLE_DECK = load_variant("double-deck-bid")


def test_double_deck_positions_agree_with_the_references() -> None:
    """Two copies of each card, equal in power, the first played winning a tie:
    a seat's copy of a card stands between two of another seat's cards, so
    they are not interchangeable, and a trump is sure only above every copy."""
    solver = Solver(DOUBLE_DECK)
    rng = random.Random("solver-double-deck")
    for i in range(150):
        game = random_position(DOUBLE_DECK, rng, 3)
        assert solver.solve(game) == brute_force(game, counted_side(game, None)), i
    for i in range(250):
        game = random_position(DOUBLE_DECK, rng, 5, 4)
        side = counted_side(game, None)
        assert solver.solve(game) == reference_alpha_beta(game, side), i
    for i in range(40):
        game = random_position(DOUBLE_DECK, rng, 2)
        side = counted_side(game, None)
        expected = {}
        for action in game.legal_actions():
            child = game.clone()
            child.apply(action)
            expected[action.arg] = brute_force(child, side)
        assert solver.card_values(game) == expected, i


def test_a_copy_led_first_beats_the_same_trump() -> None:
    """Hearts trump, two tricks, E to lead.  N holds the right bower and a club,
    E the other copy of the right bower and the ace of spades.  E leads his
    copy first: N must follow with hers and loses to it, and E's ace takes
    the last trick: the makers (N and S) take nothing."""
    deck = Deck.of("9", False, 2)
    hands = [deck.mask(deck.parse(c) for c in h.split())
             for h in ("JH 9C", "JH2 AS", "9S TS", "9D TD")]
    pos = Position(HEARTS, hands, [], [], E, (E, S, W, N), 0b0101, 0, 2)
    assert Solver(DOUBLE_DECK).solve_position(pos) == 0


def test_a_tiny_table_is_cleared_and_stays_right() -> None:
    rules = load_variant("standard")
    small, big = Solver(rules, table_limit=8), Solver(rules)
    rng = random.Random("tiny")
    for _ in range(40):
        game = random_position(rules, rng, 5, 4)
        assert small.solve(game) == big.solve(game)


def test_a_tiny_partition_table_is_cleared_and_stays_right() -> None:
    """Its entries are counted across its tables, and all go when it is full."""
    small, big = Solver(DOUBLE_DECK, table_limit=8), Solver(DOUBLE_DECK)
    rng = random.Random("tiny-partition")
    for _ in range(25):
        game = random_position(DOUBLE_DECK, rng, 4, 3)
        assert small.solve(game) == big.solve(game)
        assert small._pentries <= 8


# ------------------------------------------------------- hand-worked positions
N, E, S, W = range(4)
STANDARD = load_variant("standard")
DECK = Deck.of("9")


def masks(*hands: str) -> list[int]:
    return [DECK.mask(DECK.parse(c) for c in h.split()) for h in hands]


def two_tricks(contract: int, leader: int, *hands: str) -> Position:
    """Two tricks to play, N+S counted, nobody out."""
    return Position(contract, masks(*hands), [], [], leader, (E, S, W, N), 0b0101, 3, 2)


def test_lead_the_right_bower_to_pull_the_left() -> None:
    """Hearts trump.  N holds the right bower and the ace of spades; E holds the
    left bower and no spade.  Leading the right draws the left, and the ace
    then wins: both tricks.  Leading the ace first lets E trump it, and the
    makers take one."""
    pos = two_tricks(HEARTS, N, "JH AS", "JD KD", "9C TC", "9D QC")
    solver = Solver(STANDARD)
    assert solver.solve_position(pos) == 5
    assert solver.card_values_position(pos) == {DECK.parse("JH"): 5, DECK.parse("AS"): 4}


def test_second_hand_covers_the_king_with_the_ace() -> None:
    """Spades trump, W leads the king of clubs; N (a maker, second to play)
    holds the ace and nine of clubs, S the queen of clubs and the nine of
    trump.  The ace takes the king, and N's nine of clubs then lets S trump
    the last trick: both.  Ducking with the nine gives W the trick, and the
    makers only the last."""
    solver = Solver(STANDARD)
    values = solver.card_values_position(Position(
        SPADES, masks("AC 9C", "TC TH", "QC 9S", "9H"), [DECK.parse("KC")], [W], N,
        (E, S, W, N), 0b0101, 3, 2))
    assert values == {DECK.parse("AC"): 5, DECK.parse("9C"): 4}
    # from W's lead: the nine of hearts is trumped by S, and the ace is good
    assert solver.solve_position(two_tricks(SPADES, W, "AC 9C", "TC TH", "QC 9S",
                                            "KC 9H")) == 5


def test_low_no_trump_ranks_the_nine_highest() -> None:
    """In low no-trump the nine of a suit wins over its ace."""
    solver = Solver(STANDARD)
    pos = Position(LOW_NO_TRUMP, masks("9S", "AS", "TS", "KS"), [], [], N, (E, S, W, N),
                   0b0101, 0, 1)
    assert solver.solve_position(pos) == 1
    pos = Position(NO_TRUMP, masks("9S", "AS", "TS", "KS"), [], [], N, (E, S, W, N),
                   0b0101, 0, 1)
    assert solver.solve_position(pos) == 0


def test_the_joker_in_no_trump_cannot_be_followed_and_wins() -> None:
    rules = load_variant("railroad")
    deck = Deck.of(rules.deck.lowest, rules.deck.joker)
    hands = [deck.mask(deck.parse(c) for c in h.split())
             for h in ("JK AS", "KS AH", "QS 9H", "9S TH")]
    pos = Position(NO_TRUMP, hands, [], [], N, (E, S, W, N), 0b0101, 0, 2)
    # the joker first, then the ace of spades: both tricks
    assert Solver(rules).solve_position(pos) == 2


def test_a_lone_march_with_the_five_top_trumps() -> None:
    """N orders hearts alone holding the five top trumps: five tricks, four points."""
    game = Machine(STANDARD, dealer=W)
    parse = game.deck.parse
    deal = ("JH JD AH KH QH", "9C TC JC QC KC", "9S TS JS QS KS", "AC AS AD KD QD")
    game.deal([[parse(c) for c in h.split()] for h in deal], parse("9H"))
    game.order_up(N, alone=True)
    game.discard(W, parse("QD"))
    solver = Solver(STANDARD)
    assert solver.solve(game) == 5
    assert solver.solve_points(game) == STANDARD.scoring.alone_march
    assert set(solver.card_values(game).values()) == {5}


def test_positions_that_cannot_be_solved_say_why() -> None:
    game = Machine(STANDARD)
    solver = Solver(STANDARD)
    with pytest.raises(ValueError, match="not in the play phase"):
        solver.solve(game)
    buck = load_variant("buck")
    rng = random.Random(3)
    while True:
        game = random_position(buck, rng, 5, 5)
        if game.maker is None:
            break
    with pytest.raises(ValueError, match="nobody made trump"):
        Solver(buck).solve(game)
    assert 0 <= Solver(buck).solve(game, seat=0) <= 5


# ------------------------------------------------------------------ the budget
def test_a_search_within_its_budget_answers_and_one_past_it_stops() -> None:
    """The budget counts positions: a search that needs exactly the budget
    answers (as without one), one that needs one more stops with SearchLimit."""
    rng = random.Random("budget-edge")
    for i in range(20):
        game = random_position(DOUBLE_DECK, rng, 6, 5)
        free = Solver(DOUBLE_DECK)
        expected = free.solve(game)
        needed = free.nodes
        exact = Solver(DOUBLE_DECK)
        exact.allow(needed)
        assert exact.solve(game) == expected, i
        short = Solver(DOUBLE_DECK)
        short.allow(needed - 1)
        with pytest.raises(SearchLimit) as stopped:
            short.solve(game)
        assert short.nodes == needed and stopped.value.budget == needed - 1, i


def test_the_budget_covers_every_search_until_it_is_lifted() -> None:
    """One budget for several questions (a bot's decision over many worlds):
    the second search stops where the two together pass it; allow(None)
    lifts it."""
    rng = random.Random("budget-shared")
    games = [random_position(STANDARD, rng, 5, 5) for _ in range(2)]
    free = Solver(STANDARD)
    free.solve(games[0])
    first = free.nodes
    solver = Solver(STANDARD)
    solver.allow(first + 1)  # room for the first search and one position more
    solver.solve(games[0])
    with pytest.raises(SearchLimit):
        solver.solve(games[1])
    solver.allow(None)
    assert solver.solve(games[1]) == Solver(STANDARD).solve(games[1])


def test_a_stopped_search_leaves_nothing_wrong_behind() -> None:
    """Searches stopped at every depth of a deal, then the same solver answers
    every question without a budget as a fresh solver does: what the table kept
    from a stopped search is true, and each question loads its own position."""
    rng = random.Random("budget-aborted")
    stopped = answered = 0
    for i in range(12):
        game = random_position(DOUBLE_DECK, rng, 7, 6)
        u = utilities(game, None)
        solver = Solver(DOUBLE_DECK)
        for budget in (1, 7, 60, 400, 3000):
            solver.allow(budget)
            for ask in (lambda: solver.solve(game), lambda: solver.card_values(game),
                        lambda: solver.solve_points(game)):
                try:
                    ask()
                    answered += 1
                except SearchLimit:
                    stopped += 1
        solver.allow(None)
        fresh = Solver(DOUBLE_DECK)
        assert solver.solve(game) == fresh.solve(game), i
        assert solver.card_values(game) == fresh.card_values(game), i
        assert solver.card_points(game) == fresh.card_points(game), i
        assert solver.solve_points(game) == u[fresh.solve(game) - position_of(game, None).taken], i
    assert stopped > 100 and answered > 10  # stopped at every size, some answered


# ------------------------------------------------------------ partition search
def partitioned(rules: RuleSet, on: bool) -> Solver:
    """A solver with the partition table on or off for every position."""
    return Solver(rules, partition=on)


def loaded(rules: RuleSet, tricks: int, seed: str) -> Solver:
    """A solver (choosing its table itself) after solving a position of ``tricks``
    tricks to play from a trick's lead, every seat playing (no lone hand):
    :attr:`Solver.partition` is its choice."""
    rng = random.Random(seed)
    game = random_position(rules, rng, tricks, tricks)
    while game.trick or not all(game.active):
        game = random_position(rules, rng, tricks, tricks)
    solver = Solver(rules)
    solver.solve(game)
    return solver


def test_the_partition_table_is_for_many_cards_in_play() -> None:
    """Chosen per position by the cards in play and the deck's copies, never by the
    variant's name: a double deck always; a single deck from 25 cards in play (six
    seats' first tricks), not at 24 or fewer (four seats of six cards)."""
    assert Solver(DOUBLE_DECK).partition
    assert loaded(DOUBLE_DECK, 3, "dd").partition
    assert not loaded(rules_for("standard"), 5, "std").partition
    assert not loaded(rules_for("bid-euchre"), 6, "bid").partition
    assert loaded(rules_for("six-hand"), 5, "six").partition
    assert not loaded(rules_for("six-hand"), 4, "six").partition
    long_hands = compile_data({"id": "long", "extends": "bid-euchre", "deck": {"copies": 2},
                               "deal": {"hand_size": 12, "packets": [4, 4, 4]}})
    assert Solver(long_hands).partition
    assert not Solver(long_hands, partition=False).partition


@pytest.mark.parametrize("name", ["standard", "railroad", "low-no-trump", "buck", "six-hand",
                                  "two-hand", "british"])
def test_partition_search_agrees_with_brute_force(name: str) -> None:
    """Forced on for short hands: every kind of contract, seat and side still
    gets the minimax value, for the position and for each card."""
    rules = rules_for(name)
    solver = partitioned(rules, True)
    rng = random.Random(f"partition-{name}")
    for i in range(120):
        game = random_position(rules, rng, 3 if rules.players.count <= 4 else 2,
                               favour=FAVOUR.get(name, ()))
        seat = None if game.maker is not None else rng.randrange(game.n)
        side = counted_side(game, seat)
        assert solver.solve(game, seat) == brute_force(game, side), (name, i)
        if i % 4 == 0:
            expected = {}
            for action in game.legal_actions():
                child = game.clone()
                child.apply(action)
                expected[action.arg] = brute_force(child, side)
            assert solver.card_values(game, seat) == expected, (name, i)


def test_double_deck_partition_search_agrees_with_the_plain_table() -> None:
    """Double-deck positions of up to six tricks (one table kept across all of
    them, as a bot's decision keeps it): the same tricks, card values and
    scores as the plain table's search, and as plain alpha-beta."""
    on = partitioned(DOUBLE_DECK, True)
    off = partitioned(DOUBLE_DECK, False)
    rng = random.Random("partition-double-deck")
    for i in range(45):
        game = random_position(DOUBLE_DECK, rng, 6, 2)
        assert on.solve(game) == off.solve(game), i
        if i % 3 == 0:
            assert on.card_values(game) == off.card_values(game), i
            assert on.solve(game) == reference_alpha_beta(game, counted_side(game, None)), i
        u = utilities(game)
        assert on.solve_points(game) == off.solve_points(game), i
        assert on.card_points(game) == off.card_points(game), i
        assert u[on.solve(game) - position_of(game).taken] == on.solve_points(game), i


def test_six_hand_deals_choose_the_partition_table_and_agree_with_the_plain_one() -> None:
    """Whole six-hand deals (30 cards in play: the partition table, chosen by the
    solver) and the later positions of the same table (the plain one below 25
    cards): the same tricks and card scores as a solver kept on the plain table."""
    rules = rules_for("six-hand")
    rng = random.Random("six-hand-auto")
    chosen = Solver(rules)
    plain = partitioned(rules, False)
    partitioned_deals = 0
    for i in range(12):
        game = random_position(rules, rng, 5, 4 if i % 2 else 5)
        assert chosen.solve(game) == plain.solve(game), i
        partitioned_deals += chosen.partition
        u = utilities(game)
        assert chosen.card_points(game) == plain.card_points(game), i
        assert chosen.solve_points(game) == u[plain.solve(game) - position_of(game).taken], i
    assert 0 < partitioned_deals < 12


def test_double_deck_deals_of_eight_tricks_agree_with_the_plain_table() -> None:
    """Two thirds of a double-deck deal from a trick's lead, each from an empty
    table: the same tricks from both searches, the partition search in
    fewer positions."""
    rng = random.Random("partition-double-deck-deals")
    fewer = 0
    for i in range(3):
        game = random_position(DOUBLE_DECK, rng, 8, 8)
        while game.trick:
            game = random_position(DOUBLE_DECK, rng, 8, 8)
        on = partitioned(DOUBLE_DECK, True)
        off = partitioned(DOUBLE_DECK, False)
        assert on.solve(game) == off.solve(game), i
        fewer += on.nodes < off.nodes
    assert fewer == 3
