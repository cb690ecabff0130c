"""The per-action API: legal_actions(), apply(), clone(), hand_actions."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from euchre_dsl.engine.actions import PLAYING, Action, IllegalAction
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant, shipped_ids
from variant_tools import attributes


def random_walk(game: Machine, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        if game.hand_over:
            game.deal_random(rng)
            continue
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("variant", shipped_ids())
def test_every_legal_action_applies_and_nothing_else_is_offered(variant: str) -> None:
    rules = load_variant(variant)
    rng = random.Random(variant)
    game = Machine(rules)
    for _ in range(400):
        if game.is_over:
            game = Machine(rules)
        if game.hand_over:
            game.deal_random(rng)
            continue
        legal = game.legal_actions()
        assert legal, f"no legal action in phase {game.phase}"
        assert len(set(legal)) == len(legal)
        assert all(a.seat == game.to_act for a in legal)
        for action in legal:  # each one is accepted by a copy of the state
            game.clone().apply(action)
        game.apply(legal[int(rng.random() * len(legal))])


def test_a_clone_is_independent_and_replays_identically() -> None:
    rules = load_variant("standard")
    rng = random.Random(5)
    game = Machine(rules)
    random_walk(game, rng, 40)
    while game.hand_over:
        game.deal_random(rng)
    before = (list(game.cand), list(game.scores), game.phase, list(game.hand_log))
    twin = game.clone()
    moves = random.Random(9)
    random_walk(twin, moves, 25)
    # the original did not move
    assert (list(game.cand), list(game.scores), game.phase, list(game.hand_log)) == before
    # the same choices on the original reach the same state as on the clone
    random_walk(game, random.Random(9), 25)
    assert game.cand == twin.cand and game.scores == twin.scores
    assert game.results == twin.results and game.hand_log == twin.hand_log


def test_hand_actions_are_actions_in_order() -> None:
    rules = load_variant("standard")
    game = Machine(rules)
    game.deal_random(random.Random(2))
    first = game.legal_actions()[0]
    game.apply(first)
    assert game.hand_actions == [first]
    assert isinstance(game.hand_actions[0], Action)


def test_apply_rejects_an_action_by_the_wrong_seat_with_its_code() -> None:
    rules = load_variant("standard")
    game = Machine(rules, dealer=0)
    game.deal_random(random.Random(3))
    wrong = (game.to_act + 1) % 4
    with pytest.raises(IllegalAction) as err:
        game.apply(Action(wrong, "pass"))
    assert err.value.code == "out-of-turn"
    assert "E's turn" in err.value.message or "turn" in err.value.message
    with pytest.raises(IllegalAction) as err:
        game.apply(Action(9, "pass"))
    assert err.value.code == "out-of-turn"


def test_nothing_is_legal_between_hands_and_after_the_game() -> None:
    rules = load_variant("openspiel")  # one deal per game
    game = Machine(rules)
    assert game.legal_actions() == ()
    rng = random.Random(4)
    random_walk(game, rng, 100)
    assert game.is_over and game.legal_actions() == ()
    with pytest.raises(IllegalAction) as err:
        game.deal_random(rng)
    assert err.value.code == "game-over"


def test_a_rejected_action_leaves_an_open_declaration_open() -> None:
    # openspiel: after trump is made every defender is asked about defending alone;
    # a wrong action must not silently decline that offer.
    rules = load_variant("openspiel")
    rng = random.Random(11)
    for _ in range(200):
        game = Machine(rules)
        game.deal_random(rng)
        while not game.hand_over and game.phase != "defend":
            legal = game.legal_actions()
            game.apply(legal[int(rng.random() * len(legal))])
        if game.phase == "defend":
            break
    assert game.phase == "defend"
    before = (game.phase, game.to_act, list(game.defend_queue), list(game.cand))
    stranger = next(s for s in range(4) if s not in game.defend_queue and game.active[s])
    with pytest.raises(IllegalAction):
        game.apply(Action(stranger, "play", 0))
    assert (game.phase, game.to_act, list(game.defend_queue), list(game.cand)) == before
    game.apply(Action(game.to_act, "defend_alone"))  # the offer is still there
    assert game.lone_defender is not None


def _dealt_state(game: Machine) -> tuple[object, ...]:
    return (game.cand, game.sure, game.count, game.dealt, game.upcard, game.unplaced,
            game.widow_known, game.phase, game.to_act, game.trump, game.legal_actions())


@pytest.mark.parametrize("variant", shipped_ids())
def test_dealing_masks_is_dealing_the_same_cards(variant: str) -> None:
    rules = load_variant(variant)
    rng = random.Random(variant)
    for _ in range(20):
        shuffled = Machine(rules)
        shuffled.deal_random(rng)
        hands, upcard = list(shuffled.dealt), shuffled.upcard
        by_lists, by_masks = Machine(rules), Machine(rules)
        by_lists.deal([[c for c in range(shuffled.deck.size) if (m >> c) & 1] for m in hands],
                      upcard)
        by_masks.deal_masks(hands, upcard)
        assert _dealt_state(by_masks) == _dealt_state(by_lists)


@pytest.mark.parametrize("change, message", [
    (lambda h, u: (h[:3], u), "4 hands expected, got 3"),
    (lambda h, u: ([h[0] & (h[0] - 1)] + h[1:], u), "N was dealt 4 cards, not 5"),
    (lambda h, u: ([h[0], h[1] ^ (h[1] & -h[1]) | (h[0] & -h[0])] + h[2:], u),
     "is dealt twice (E's hand)"),
    (lambda h, u: (h, (h[0] & -h[0]).bit_length() - 1), "is dealt twice (the upcard)"),
    (lambda h, u: (h, None), "this variant turns up a card, but no upcard is given"),
])
def test_an_impossible_deal_of_masks_says_why(change: object, message: str) -> None:
    rules = load_variant("standard")
    shuffled = Machine(rules)
    shuffled.deal_random(random.Random(1))
    hands, upcard = change(list(shuffled.dealt), shuffled.upcard)  # type: ignore[operator]
    with pytest.raises(ValueError, match=None) as err:
        Machine(rules).deal_masks(hands, upcard)
    assert message in str(err.value)
    with pytest.raises(IllegalAction, match="the previous hand is not finished"):
        shuffled.deal_masks(list(shuffled.dealt), shuffled.upcard)


@pytest.mark.parametrize("variant", shipped_ids())
def test_replaying_plays_in_one_call_is_playing_them_one_by_one(variant: str) -> None:
    """``replay_plays`` (the validator's whole-run entry point) leaves the state that
    ``play`` leaves card by card, from the first card or the middle of a trick, and
    stops at a card that does not follow suit, taking nothing of it."""
    rules = load_variant(variant)
    rng = random.Random(variant)
    checked = 0
    for _ in range(60):
        game = Machine(rules)
        game.deal_random(rng)
        while not game.hand_over and game.phase != PLAYING:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        if game.hand_over:
            continue
        one_by_one, in_one_call = game.clone(), game.clone()
        seats: list[int] = []
        cards: list[int] = []
        while not one_by_one.hand_over:
            legal = one_by_one.legal_actions()
            a = legal[rng.randrange(len(legal))]
            seats.append(a.seat)
            cards.append(a.arg)  # type: ignore[arg-type]
            one_by_one.apply(a)
        start = rng.randrange(len(cards))
        for i in range(start):
            in_one_call.play(seats[i], cards[i])
        assert in_one_call.replay_plays(seats, cards, start) == len(cards) - start
        assert attributes(in_one_call) == attributes(one_by_one)
        # a card that does not follow suit: the plays before it are taken, it is not
        stop = next((i for i in range(1, len(cards)) if i % game.n_active
                     and _renege_of(game, seats, cards, i) is not None), None)
        if stop is None:
            continue
        bad = list(cards)
        bad[stop] = _renege_of(game, seats, cards, stop)  # type: ignore[call-overload]
        upto, replayed = game.clone(), game.clone()
        for i in range(stop):
            upto.play(seats[i], cards[i])
        assert replayed.replay_plays(seats, bad) == stop
        assert attributes(replayed) == attributes(upto)
        checked += 1
    assert checked, "no hand had a card that could be played out of suit"


def _renege_of(game: Machine, seats: list[int], cards: list[int], i: int) -> int | None:
    """A card the seat of play ``i`` holds then and that does not follow suit, if any."""
    g = game.clone()
    for k in range(i):
        g.play(seats[k], cards[k])
    held = g.cand[seats[i]]
    legal = g.deck.legal_plays(held, g.trick[0] if g.trick else None, g.trump)  # type: ignore[arg-type]
    off = held & ~legal
    return (off & -off).bit_length() - 1 if off else None


def test_one_definition_of_a_play_chooser() -> None:
    from euchre_dsl.engine import machine, play

    assert machine.PlayChooser is play.PlayChooser and not hasattr(play, "Chooser")


@pytest.mark.parametrize("dealer", [-1, 4, 1_000_000])
def test_a_dealer_is_a_seat(dealer: int) -> None:
    """``Machine(rules, dealer=1000000)`` was a game (issue 36: an OpenSpiel mirror made one)."""
    rules = load_variant("standard")
    with pytest.raises(ValueError, match=f"dealer {dealer}: the dealer is a seat 0 to 3"):
        Machine(rules, dealer=dealer)
    game = Machine(rules, dealer=3)
    with pytest.raises(ValueError, match="the dealer is a seat 0 to 3"):
        game.restart(dealer=dealer)


COPIES = {"pickle": lambda g: pickle.loads(pickle.dumps(g)), "deepcopy": copy.deepcopy}


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("variant", shipped_ids())
def test_a_game_copies_and_pickles_mid_hand_and_plays_on_the_same(variant: str,
                                                                  how: str) -> None:
    """The compiled build's ``copy.deepcopy`` and ``pickle`` called ``Machine()`` with no
    rules (issue 36); the copy is the same game, and independent of the original."""
    rules = load_variant(variant)
    game = Machine(rules, dealer=1)
    random_walk(game, random.Random(7), 25)
    twin = COPIES[how](game)
    assert type(twin) is Machine and twin is not game
    assert twin.rules == game.rules and twin.labels == game.labels
    assert attributes(twin) == attributes(game)
    a, b = random.Random(8), random.Random(8)
    for _ in range(30):  # the same choices play the same way in both
        random_walk(game, a, 1)
        random_walk(twin, b, 1)
        assert attributes(twin) == attributes(game)
    before = attributes(game)
    random_walk(twin, random.Random(9), 10)
    assert attributes(game) == before  # the original does not move with its copy


def test_a_pickled_game_carries_only_what_changes() -> None:
    """The set-up (deck tables, menus) is derived again from the rules, not carried."""
    game = Machine(load_variant("standard"))
    game.deal_random(random.Random(1))
    data = pickle.dumps(game)
    assert b"powers" not in data and len(data) < 4000
    with pytest.raises(ValueError, match="unknown fields \\['deck'\\]"):
        Machine(load_variant("standard")).__setstate__({"deck": None})
