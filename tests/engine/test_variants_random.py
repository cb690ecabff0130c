"""Seeded random games of every shipped variant through ``legal_actions()``/``apply()``.

Every action is chosen at random among the legal ones, so every procedure a
variant has (widow, forced trump, auction, joker upcard, stay/drop, defending
alone, throw-ins) is reached many times.  After every action and every hand
the test checks what must always hold: no card is in two places, every seat
plays exactly the cards it was dealt (widow taken, upcard taken, discard put
away), the scores are the start plus the sum of the per-hand points, and the
game ends exactly when its end condition is met -- not before, not after.
"""

from __future__ import annotations

import random

import pytest

from euchre_dsl.engine.actions import CALL_FOR_BEST, DISCARD, DROP, GIVE, PLAY, STAY, TAKE_WIDOW
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import compile_data, load_variant, shipped_ids
from euchre_dsl.rules.ruleset import RuleSet

GAMES = 200
HOUSE_GAMES = 50
MAX_HANDS = 400  # far above any real game; a game still running is a bug

# Option combinations no shipped variant uses, including the 7-player table.
HOUSE = {
    "dirty-clubs-7": {"extends": "dirty-clubs", "players": {"count": 7},
                      "deck": {"lowest": "6"}},
    "six-hand-pairs": {"extends": "six-hand", "players": {"teams": 3}},
    "buck-house": {"extends": "buck",
                   "participation": {"three_hands_rule": True, "last_player_cannot_drop": True,
                                     "order": "left_of_dealer"},
                   "bidding": {"all_pass": "throw_in"},
                   "scoring": {"instant_win_requires_opponent": False,
                               "maker_set_credits_tricks": True},
                   "game": {"tie": "play_on"}},
    "columbus-left": {"extends": "columbus", "bidding": {"widow_order": "left_of_dealer"},
                      "participation": {"three_hands_rule": True}},
    "dirty-clubs-no-take": {"extends": "dirty-clubs", "scoring": {"maker_target": 3},
                            "bidding": {"forced_dealer_takes": False,
                                        "auction_takes_upcard": False}},
    "joker-agreed": {"extends": "standard", "deck": {"joker": True},
                     "bidding": {"joker_upcard": "agreed_suit", "joker_upcard_suit": "C",
                                 "stick_the_dealer": True}},
}


def deal_seeded(game: Machine, rng: random.Random) -> tuple[list[int], int | None, int]:
    """Deal a shuffled pack; returns the hands (as masks), the upcard and the widow."""
    r = game.rules
    pack = list(range(game.deck.size))
    rng.shuffle(pack)
    size = r.deal.hand_size
    hands = [pack[i * size:(i + 1) * size] for i in range(game.n)]
    pos = game.n * size
    widow = pack[pos:pos + r.deal.widow_size] if r.deal.widow_size else None
    pos += r.deal.widow_size
    upcard = pack[pos] if r.deal.upcard else None
    game.deal(hands, upcard, widow)
    return [game.deck.mask(h) for h in hands], upcard, game.deck.mask(widow or [])


def expected_end(game: Machine, before: list[int]) -> tuple[bool, list[int] | None]:
    """Whether the game must be over after the last hand, and who won (independent of
    :func:`euchre_dsl.engine.scoring.game_winners`)."""
    r = game.rules
    res = game.results[-1]
    if res.reason == "all tricks":
        taker = res.tricks.index(max(res.tricks))
        assert res.tricks[taker] == r.deal.hand_size
        return True, [game.side_of[taker]]
    s = game.scores
    if r.scoring.model == "countdown":
        done = [i for i, v in enumerate(s) if v <= 0]
        if not done:
            return False, None
        best = min(s[i] for i in done)
    else:
        if r.game.deals is not None and game.deals >= r.game.deals:
            best = max(s)
            return True, [i for i, v in enumerate(s) if v == best]
        if r.game.fixed_deals:  # every deal is played, whatever the score
            return False, None
        done = [i for i, v in enumerate(s) if v >= r.game.target]
        out = [i for i, v in enumerate(s) if r.game.lose_at is not None and v <= -r.game.lose_at]
        if not done and out:  # gone out backwards: the others, or everyone if all are out
            done = [i for i in range(len(s)) if i not in out] or list(range(len(s)))
        if not done:
            return False, None
        best = max(s[i] for i in done)
    winners = [i for i in done if s[i] == best]
    if len(winners) > 1 and r.game.tie == "play_on":
        return False, None
    return True, winners


def check_cards(game: Machine, dealt: int) -> None:
    """No card in two places; what each seat holds is known and counted."""
    seen = game.played
    for s in range(game.n):
        assert game.sure[s] == game.cand[s], "full information: known = possible"
        assert game.count[s] == game.sure[s].bit_count()
        assert not seen & game.sure[s], "a card is both held and played, or held twice"
        assert game.sure[s] & ~dealt == 0, "a seat holds a card that was never dealt"
        seen |= game.sure[s]


def check_stay_drop(game: Machine, streak: list[int]) -> None:
    """Who was asked to stay or drop, and in what order."""
    r = game.rules
    res = game.results[-1]
    asked = [a.seat for a in game.hand_actions if a.verb in (STAY, DROP)]
    if not r.participation.stay_drop or res.thrown_in or res.maker is None:
        assert asked == [], "nobody may choose: nobody is asked"
        return
    n = game.n
    first = res.maker + 1 if r.participation.order == "left_of_maker" else res.dealer + 1
    others = [s for s in ((first + i) % n for i in range(n)) if s != res.maker]
    order = others
    if r.participation.three_hands_rule:
        order = [s for s in order if streak[s] < 2]
    if r.participation.last_player_cannot_drop and order and \
            all(game.dropped[s] for s in others if s != order[-1]):
        order = order[:-1]  # everyone else dropped: the last one must play, unasked
    assert asked == order
    assert not any(game.dropped[s] for s in others if s not in asked)


def play_hand(game: Machine, rng: random.Random) -> None:
    hands, upcard, widow = deal_seeded(game, rng)
    dealt = 0
    for h in hands:
        dealt |= h
    dealt |= widow | (0 if upcard is None else 1 << upcard)
    start = list(hands)  # what each seat will have played by the end
    played = [0] * game.n
    check_cards(game, dealt)
    while not game.hand_over:
        legal = game.legal_actions()
        assert legal, f"no legal action in phase {game.phase}"
        assert all(a.seat == game.to_act for a in legal)
        a = rng.choice(legal)
        phase, lone = game.phase, game.best_seat
        game.apply(a)
        if a.verb == TAKE_WIDOW:
            start[a.seat] = widow
        elif a.verb == DISCARD and phase == CALL_FOR_BEST:  # call for best: the lone player's discard
            start[a.seat] &= ~(1 << a.arg)
        elif a.verb == DISCARD and game.widow_holder == a.seat:  # the maker's small widow
            start[a.seat] = (start[a.seat] | widow) & ~(1 << a.arg)
        elif a.verb == DISCARD:
            assert upcard is not None
            start[a.seat] = (start[a.seat] | 1 << upcard) & ~(1 << a.arg)
        elif a.verb == GIVE:  # call for best: a partner's card (or the untaken upcard)
            assert lone is not None
            start[a.seat] &= ~(1 << a.arg)
            start[lone] |= 1 << a.arg
        elif a.verb == PLAY:
            assert not played[a.seat] >> a.arg & 1
            played[a.seat] |= 1 << a.arg
        check_cards(game, dealt)
    res = game.results[-1]
    if res.thrown_in:
        assert not any(played) and res.trump is None
        return
    assert sum(res.tricks) == game.rules.deal.hand_size
    assert len(res.trick_winners) == game.rules.deal.hand_size
    for s in range(game.n):
        if game.active[s]:
            assert played[s] == start[s], f"seat {s} did not play exactly its cards"
        else:
            assert played[s] == 0 and res.tricks[s] == 0


@pytest.mark.parametrize("variant", shipped_ids())
def test_random_games(variant: str) -> None:
    play_games(load_variant(variant), GAMES, variant)


@pytest.mark.parametrize("name", sorted(HOUSE))
def test_random_games_house_rules(name: str) -> None:
    play_games(compile_data(HOUSE[name]), HOUSE_GAMES, name)


def play_games(rules: RuleSet, games: int, variant: str) -> None:
    rng = random.Random(f"variants-{variant}")
    for g in range(games):
        game = Machine(rules, dealer=rng.randrange(rules.players.count))
        start = list(game.scores)
        dealer = game.dealer
        streak = [0] * game.n
        for _ in range(MAX_HANDS):
            before = list(game.scores)
            assert game.phase == "deal" and game.dealer == dealer
            play_hand(game, rng)
            res = game.results[-1]
            check_stay_drop(game, streak)
            if not res.thrown_in:
                streak = [k + 1 if game.dropped[s] else 0 for s, k in enumerate(streak)]
            assert res.dealer == dealer
            dealer = (dealer + 1) % game.n
            assert [b + p for b, p in zip(before, res.points)] == game.scores
            assert list(res.scores) == game.scores
            over, winners = expected_end(game, before)
            assert game.is_over == over, f"game {g}: over={game.is_over}, expected {over}"
            if over:
                assert game.winners == winners
                break
            assert game.winners is None and not game.legal_actions()
        else:
            pytest.fail(f"game {g} of {variant} did not end in {MAX_HANDS} hands")
        totals = [s + sum(r.points[i] for r in game.results) for i, s in enumerate(start)]
        assert totals == game.scores
