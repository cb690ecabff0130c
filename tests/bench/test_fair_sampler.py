"""The fair world sampler for OpenSpiel's euchre (and the live mirror it replays through),
against the real OpenSpiel engine; skipped where ``pyspiel`` is not installed.

The sampler must draw worlds from the acting player's information alone: the
worlds keep the player's hand and the public history, respect shown voids and
the upcard the dealer took, and put a hidden card anywhere it may be about as
often as chance says -- not where it really is (OpenSpiel's own resampler
keeps the undealt cards where they are; the last test shows it).
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

import pytest

from euchre_dsl.cards import mask_cards
from euchre_dsl.interop.openspiel import VARIANT_PARAMS, card_from_openspiel, decode_history

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))  # the bench-only modules under test

from fair_sampler import FairSampler  # noqa: E402
from openspiel_mirror import DEAL_LENGTH, Mirror  # noqa: E402

PASS = 24


@pytest.fixture(scope="module")
def game() -> Any:
    pyspiel = pytest.importorskip("pyspiel")
    return pyspiel.load_game(VARIANT_PARAMS.game_string())


def decisions(game: Any, seed: int, games: int) -> Iterator[Any]:
    """Every decision of seeded random games (bidders pass seven times in ten)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            yield state
            legal = state.legal_actions()
            state.apply_action(PASS if PASS in legal and rng.random() < 0.7 else rng.choice(legal))


def seat_hands(history: list[int]) -> list[int]:
    """Each seat's cards now (our indices, as a mask), read off a history by the mirror."""
    g = Mirror.replay(history).known_game()
    return [g.sure[s] for s in range(4)]


def test_the_mirror_agrees_with_openspiel_at_every_decision(game: Any) -> None:
    finished = 0
    for state in decisions(game, 1, 150):
        mirror = Mirror.replay(state.history())
        assert mirror.to_act() == state.current_player()
        assert mirror.legal_ids() == set(state.legal_actions()), state.history()
        last = state.child(state.legal_actions()[0])
        if last.is_terminal():
            finished += 1
            done = Mirror.replay(last.history()).game
            result = decode_history(last.history()).game.results[0]
            assert done.hand_over and done.results[0].points == result.points
    assert finished > 100


def test_worlds_keep_the_information_state_and_the_public_history(game: Any) -> None:
    sampler = FairSampler(random.Random(3))
    kinds: Counter[str] = Counter()
    for state in decisions(game, 2, 60):
        player = state.current_player()
        real = state.history()
        for _ in range(3):
            world = sampler(state, player)
            assert world.information_state_string(player) == \
                state.information_state_string(player)
            assert sorted(world.legal_actions()) == sorted(state.legal_actions())
            got = world.history()
            assert got[0] == real[0] and got[DEAL_LENGTH - 1] == real[DEAL_LENGTH - 1]
            hidden = Mirror.replay(real).discard_at if player != real[0] else None
            assert [a for i, a in enumerate(got[DEAL_LENGTH:], DEAL_LENGTH) if i != hidden] \
                == [a for i, a in enumerate(real[DEAL_LENGTH:], DEAL_LENGTH) if i != hidden]
            kinds["discard hidden" if hidden else "all public"] += 1
    assert kinds["discard hidden"] > 50 and kinds["all public"] > 50


def test_worlds_depend_only_on_what_the_player_knows(game: Any) -> None:
    """Two real games the player cannot tell apart (the second one a world of the
    first) give the same worlds for the same random stream."""
    checked = 0
    for state in decisions(game, 4, 40):
        player = state.current_player()
        other = FairSampler(random.Random(5))(state, player)
        a = FairSampler(random.Random(6)).sample_history(state.history(), player)
        b = FairSampler(random.Random(6)).sample_history(other.history(), player)
        assert a == b
        checked += other.history() != state.history()
    assert checked > 100


def _first_bid(game: Any, seed: int) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    return state


def test_a_hidden_card_is_spread_over_its_possible_holders(game: Any) -> None:
    """At the first bid, each of the 18 cards the player has not seen lies with each
    other seat 5 times in 18 and among the undealt cards 3 times in 18 -- wherever
    it really is.  OpenSpiel's own resampler keeps the undealt cards every time."""
    state = _first_bid(game, 7)
    player = state.current_player()
    history = state.history()
    dealer = history[0]
    owner = {history[1 + k]: (dealer + k) % 4 for k in range(20)}
    sampler = FairSampler(random.Random(8))
    n = 3000
    where: dict[int, Counter[int]] = {c: Counter() for c in range(24)}
    for _ in range(n):
        hands = seat_hands(sampler.sample_history(history, player))
        assert hands[player] == seat_hands(history)[player]  # the player's hand is kept
        for c in range(24):
            holder = next((s for s in range(4) if (hands[s] >> card_from_openspiel(c)) & 1), -1)
            where[c][holder] += 1
    unseen = [c for c in range(24) if owner.get(c) != player and c != history[21]]
    assert len(unseen) == 18
    for c in unseen:
        for holder, chance in ((-1, 3 / 18), *((s, 5 / 18) for s in range(4) if s != player)):
            assert abs(where[c][holder] / n - chance) < 0.04, (c, holder, where[c])
        assert where[c][owner.get(c, -1)] / n < 5 / 18 + 0.04  # no more than chance
    undealt = {c for c in unseen if c not in owner}
    theirs = state.resample_from_infostate(player, _uniform())
    assert {c for c in range(24) if c not in theirs.history()[1:22]} == undealt


def _uniform() -> Any:
    import pyspiel
    return pyspiel.UniformProbabilitySampler(0.0, 1.0)


def test_worlds_respect_shown_voids_and_the_taken_upcard(game: Any) -> None:
    sampler = FairSampler(random.Random(9))
    deck = Mirror.replay(_first_bid(game, 1).history()).game.deck
    voids_seen = upcards_seen = 0
    for state in decisions(game, 10, 80):
        player = state.current_player()
        history = state.history()
        mirror = Mirror.replay(history)
        g = mirror.known_game()
        void: list[set[int]] = [set() for _ in range(4)]  # effective suits shown out of
        if g.trump is not None:
            plays = [(a[0], a[2]) for a in g.hand_log if a[1] == "play"]
            tricks = [plays[i:i + g.active.count(True)]
                      for i in range(0, len(plays), g.active.count(True))]
            for trick in tricks:
                led = deck.effective_suit(trick[0][1], g.trump)
                for seat, card in trick[1:]:
                    if deck.effective_suit(card, g.trump) != led:
                        void[seat].add(led)
        dealer_holds_upcard = g.upcard_holder is not None and (g.sure[mirror.dealer] >>
                                                               mirror.upcard) & 1
        for _ in range(4):
            hands = seat_hands(sampler.sample_history(history, player))
            for s in range(4):
                for suit in void[s]:
                    assert not any(deck.effective_suit(c, g.trump) == suit
                                   for c in mask_cards(hands[s]))
                    voids_seen += 1
            if dealer_holds_upcard:
                assert (hands[mirror.dealer] >> mirror.upcard) & 1
                upcards_seen += 1
    assert voids_seen > 100 and upcards_seen > 100


def test_the_dealers_discard_is_drawn_like_any_unseen_card(game: Any) -> None:
    """North deals and discards the jack of diamonds after South orders up; East has
    not seen it: it is East's discard in about one world in 18 (18 cards unseen, one
    slot for the discard) -- OpenSpiel's own resampler keeps it every time."""
    history = [0, 1, 21, 0, 3, 9, 12, 4, 5, 15, 7, 13, 8, 22, 14, 16, 10, 23, 18, 20, 19, 17,
               24, 26, 9, 30]
    state = game.new_initial_state()
    for a in history:
        state.apply_action(a)
    at = Mirror.replay(history).discard_at
    assert at == 24 and history[at] == 9
    sampler = FairSampler(random.Random(11))
    n = 1800
    kept = sum(sampler.sample_history(history, 1)[at] == 9 for _ in range(n))
    assert abs(kept / n - 1 / 18) < 0.025
    assert all(state.resample_from_infostate(1, _uniform()).history()[at] == 9
               for _ in range(20))


@pytest.mark.parametrize("deal,message", [
    ([1_000_000, *range(21)], "expected the dealer \\(0-3\\), got 1000000"),
    ([-1, *range(21)], "expected the dealer \\(0-3\\), got -1"),
    ([0, *range(19), 99, 20], "expected a card \\(0-23\\), got 99"),
])
def test_a_mirror_refuses_a_deal_openspiel_cannot_make(deal: list[int], message: str) -> None:
    """A dealer out of range was taken as it came, a card id past the deck an
    ``IndexError`` (issue 36)."""
    with pytest.raises(ValueError, match=message):
        Mirror(deal)
