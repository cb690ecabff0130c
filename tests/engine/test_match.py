"""Matches: laps, slams and rubbers across games (REFERENCE.md sections 2.2 and 2.4).

Every hand here is built so that the side chosen to win it marches: the seat
that orders up holds the five top hearts left in play, so it takes every
trick whatever is played, and each hand is worth exactly 2 points.  A game
is then a list of the sides that win its hands, and its final score is known
in advance.
"""

from __future__ import annotations

from typing import Any

import pytest

from euchre_dsl.engine.actions import IllegalAction
from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.match import Match
from euchre_dsl.rules.registry import compile_data, load_variant
from variant_tools import cards, finish, run

NS, EW = 0, 1
TOP = "JH JD AH KH QH"
OTHERS = ("9C TC JC QC KC", "9S TS JS QS KS", "9D TD QD KD AD")


def rules(**game: Any) -> Any:
    return compile_data({"id": "house", "extends": "standard", "game": game})


def win_hand(g: Machine, side: int) -> None:
    """Deal and play a hand that ``side`` marches (2 points)."""
    d = g.dealer
    eldest = (d + 1) % 4
    maker = eldest if eldest % 2 == side else (d + 2) % 4
    hands: list[list[int]] = [[] for _ in range(4)]
    hands[maker] = cards(g, TOP)
    others = iter(OTHERS)
    for s in range(4):
        if s != maker:
            hands[s] = cards(g, next(others))
    g.deal(hands, g.deck.parse("9H"))
    if maker != eldest:
        run(g, f"{g.labels[eldest]} pass")
    run(g, f"{g.labels[maker]} order_up")
    g.apply(g.legal_actions()[0])  # the dealer's discard
    finish(g)
    assert g.last_result.points[side] == 2  # type: ignore[union-attr]


def play_game(m: Match, sides: str) -> None:
    """Play hands won by the sides in ``sides`` ("N" for N+S, "E" for E+W); the game
    must end with the last one."""
    for who in sides:
        assert not m.game.is_over
        win_hand(m.game, NS if who == "N" else EW)
    assert m.game.is_over


# ------------------------------------------------------------------------ laps
@pytest.mark.parametrize("laps,carried", [(True, [1, 0]), (False, [0, 0])])
def test_laps_carry_the_winners_excess_into_the_next_game(laps: bool,
                                                         carried: list[int]) -> None:
    m = Match(rules(target=5, laps=laps))
    play_game(m, "NENN")  # N+S 6, E+W 2
    outcome = m.end_game()
    assert outcome.scores == (6, 2) and outcome.winners == (NS,)
    assert m.game.scores == carried and not m.game.is_over
    assert outcome.carried == tuple(carried)


def test_the_deal_keeps_rotating_from_game_to_game() -> None:
    m = Match(rules(target=5), dealer=3)
    play_game(m, "NNN")  # dealers W, N, E
    m.end_game()
    assert m.game.dealer == 2  # S deals the first hand of game 2


def test_a_lap_of_the_whole_target_wins_the_next_game_at_once() -> None:
    m = Match(rules(target=1, laps=True))
    play_game(m, "N")  # 2 points against a target of 1: 1 carried
    m.end_game()
    assert m.game.is_over and m.game.winners == [NS] and m.game.scores == [1, 0]


# ------------------------------------------------------------------------ slam
@pytest.mark.parametrize("slam,sides,won", [(True, "NNN", (2, 0)), (True, "NENN", (1, 0)),
                                            (False, "NNN", (1, 0))])
def test_a_slam_counts_two_games(slam: bool, sides: str, won: tuple[int, int]) -> None:
    m = Match(rules(target=5, slam=slam))
    play_game(m, sides)
    outcome = m.end_game()
    assert outcome.value == won[0]
    assert m.games_won == won


# --------------------------------------------------------------------- rubbers
def test_uspcc_rubber_the_reference_example() -> None:
    # REFERENCE 2.4: A wins game 1 with B on 2 (2 points), B wins game 2 with A on 4
    # (1 point), A wins game 3 with B on 0 (3 points): A by 2 + (2 + 3) - 1 = 6
    m = Match(rules(target=5, rubber="uspcc"))
    for sides, points in (("NENN", 2), ("ENNEE", 1), ("NNN", 3)):
        assert not m.is_over
        play_game(m, sides)
        assert m.end_game().rubber_points == points
    assert m.is_over and m.rubber_winner == NS
    assert m.rubber_points == (5, 1) and m.rubber_margin == 6
    with pytest.raises(IllegalAction):
        m.end_game()


def test_uspcc_rubber_ends_after_two_games_won() -> None:
    m = Match(rules(target=5, rubber="uspcc"))
    play_game(m, "EEE")
    m.end_game()
    play_game(m, "NNN")
    m.end_game()
    assert not m.is_over and m.rubber_winner is None  # one game each
    play_game(m, "NNEN")
    m.end_game()
    assert m.is_over and m.rubber_winner == NS and m.games_won == (2, 1)


def test_uspcc_rubber_two_nil() -> None:
    m = Match(rules(target=5, rubber="uspcc"))
    play_game(m, "NNEN")  # E+W on 2: 2 points
    m.end_game()
    play_game(m, "NNN")  # E+W on 0: 3 points
    m.end_game()
    assert m.is_over and m.rubber_points == (5, 0) and m.rubber_margin == 7


def test_somerset_1888_rubber_plays_a_third_game_and_a_fourth_after_a_lap() -> None:
    m = Match(rules(target=5, rubber="somerset1888", laps=True))
    play_game(m, "NNN")  # a double game: E+W failed to score
    assert m.end_game().rubber_points == 2
    play_game(m, "NEN")  # from the lap of 1: N+S 5, E+W 2
    assert m.end_game().rubber_points == 1
    assert not m.is_over  # the third game is played even so
    play_game(m, "EEE")  # E+W 6: laps by 1
    outcome = m.end_game()
    assert outcome.rubber_points == 2 and outcome.carried == (0, 1)
    assert not m.is_over and m.game.scores == [0, 1]  # a fourth game, from the lap
    play_game(m, "EE")
    m.end_game()
    assert m.is_over and m.rubber_winner == NS  # two of the first three games
    assert m.rubber_points == (3, 4) and m.rubber_margin == 2 + 3 - 4


def test_somerset_1888_rubber_without_a_lap_is_three_games() -> None:
    m = Match(rules(target=5, rubber="somerset1888"))
    for sides in ("NNN", "EEE", "ENNN"):
        play_game(m, sides)
        m.end_game()
    assert m.is_over and m.rubber_winner == NS
    assert m.rubber_points == (2 + 1, 2) and m.rubber_margin == 3


def test_a_plain_match_never_ends_by_itself() -> None:
    m = Match(load_variant("standard"))
    assert m.rules.game.rubber == "off"
    for _ in range(5):  # game to 10: five marches
        win_hand(m.game, NS)
    m.end_game()
    assert not m.is_over and m.rubber_winner is None and m.games_won == (1, 0)


def test_a_game_still_in_progress_cannot_be_ended() -> None:
    m = Match(rules(target=5))
    win_hand(m.game, NS)
    with pytest.raises(IllegalAction, match="not over"):
        m.end_game()
