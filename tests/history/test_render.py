"""The terminal view: deal table, bidding, a line per trick with winner and tricks so far,
the score; suits painted red or black; problems where they occur."""

from __future__ import annotations

import sys
from pathlib import Path

from history_tools import random_game

from euchre_dsl.history.reader import read_records
from euchre_dsl.history.render import render_game
from euchre_dsl.history.replay import hide_hands, replay_record

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_broken_corpus import one_hand  # noqa: E402


def test_the_scripted_hand_reads_as_a_player_would_tell_it() -> None:
    text = render_game(replay_record(one_hand()))
    assert text.splitlines() == [
        "Game 1 · Standard euchre · N E S W",
        "",
        "Hand 1 · dealer N · upcard 9♣",
        "                        N  K♠ Q♥ 9♦ A♣ J♣",
        "  W  10♠ 9♠ J♥ 9♥ A♦                     E  A♠ J♠ K♥ 10♦ K♣",
        "                        S  Q♠ A♥ K♦ Q♣ 10♣",
        "",
        "Bidding  E passes · S orders up · N discards 9♦",
        "Trump    ♣ clubs, made by S",
        "Trick 1  E A♠   S Q♠   W 9♠   N K♠     E wins · N+S 0, E+W 1",
        "Trick 2  E J♠   S 10♣  W 9♥   N J♣     N wins · N+S 1, E+W 1",
        "Trick 3  N A♣   E K♣   S Q♣   W A♦     N wins · N+S 2, E+W 1",
        "Trick 4  N 9♣   E 10♦  S K♦   W J♥     N wins · N+S 3, E+W 1",
        "Trick 5  N Q♥   E K♥   S A♥   W 10♠    S wins · N+S 4, E+W 1",
        "",
        "Result   made · N+S +1, E+W 0 · score N+S 1, E+W 0",
        "",
        "Final score N+S 1, E+W 0 · not finished",
    ]


def test_suits_are_painted_red_and_black() -> None:
    painted: list[tuple[str, str]] = []

    def paint(text: str, style: str) -> str:
        painted.append((text, style))
        return text

    render_game(replay_record(one_hand()), paint)
    cards = {t: s for t, s in painted if s in ("red", "black")}
    assert cards["A♥"] == "red" and cards["9♦"] == "red"
    assert cards["A♠"] == "black" and cards["J♣"] == "black"
    assert cards["♣ clubs"] == "black"


def test_one_hand_only_and_problems_at_their_trick() -> None:
    path = HERE / "broken" / "renege.ehh"
    (item,) = read_records(str(path))
    view = replay_record(item.data, file=str(path), locate=item.locate(str(path)))
    lines = render_game(view, hand=1).splitlines()
    trick = lines.index(next(line for line in lines if line.startswith("Trick 1")))
    assert "W 9♥(!)" in lines[trick]
    assert lines[trick + 1].strip().startswith(
        "! error [renege] hand 1: W reneged in trick 1: played 9H while holding TS 9S")
    assert lines[trick + 1].endswith("(line 11:21)")
    assert not any(line.startswith("Final score") for line in lines)


def test_other_table_sizes_and_hidden_hands() -> None:
    rec = random_game("columbus", 2)
    text = render_game(replay_record(hide_hands(rec, "A")), hand=1)
    lines = text.splitlines()
    assert lines[1].startswith("  note: ")  # the record says what could not be checked
    assert lines[3] == "Hand 1 · dealer A"
    assert lines[4] == "  A  J♠ 9♠ Q♥ 10♦ 9♣"
    assert lines[5:8] == ["  B  ?? ?? ?? ?? ??", "  C  ?? ?? ?? ?? ??",
                          "  widow  ?? ?? ?? ?? ??"]
    assert lines[9] == "Bidding  C takes the widow · B calls ♥ hearts · C drops out · A stays in"
    assert lines[11] == "Trick 1  B K♠   A 9♠     B wins · A 0, B 1, C 0"
