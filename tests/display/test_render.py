"""The terminal view: deal table, bidding, a line per trick with winner and tricks so far,
the score; suits painted red or black; problems where they occur."""

from __future__ import annotations

import sys
from pathlib import Path


from euchre_dsl.display.render import render_game
from euchre_dsl.display.replay import hide_hands, replay_record
from euchre_dsl.records.reader import read_records

HERE = Path(__file__).resolve().parent.parent / "validate"  # the broken-record corpus and its tools
sys.path.insert(0, str(HERE))

from history_tools import random_game  # noqa: E402

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
        # issue 9, finding 8: the bidding by rounds, trick columns of one width
        "Bidding  round 1: E passes · S orders up · N discards 9♦",
        "Trump    ♣ clubs, made by S",
        "Trick 1  E A♠       S Q♠       W 9♠       N K♠         E wins · N+S 0, E+W 1",
        "Trick 2  E J♠       S 10♣      W 9♥       N J♣         N wins · N+S 1, E+W 1",
        "Trick 3  N A♣       E K♣       S Q♣       W A♦         N wins · N+S 2, E+W 1",
        "Trick 4  N 9♣       E 10♦      S K♦       W J♥         N wins · N+S 3, E+W 1",
        "Trick 5  N Q♥       E K♥       S A♥       W 10♠        S wins · N+S 4, E+W 1",
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
    # the message names the cards as the table does (issue 9, finding 8)
    assert lines[trick + 1].strip().startswith(
        "! error [renege] hand 1: W reneged in trick 1: played 9♥ while holding 10♠ 9♠")
    assert lines[trick + 1].endswith("(line 11:21)")
    assert not any(line.startswith("Final score") for line in lines)


def test_other_table_sizes_and_hidden_hands() -> None:
    rec = random_game("columbus", 2)
    text = render_game(replay_record(hide_hands(rec, "A")), hand=1)
    lines = text.splitlines()
    # --hand: the record's notes are about the whole game and not shown (finding 8)
    assert not any(line.startswith("  note: ") for line in lines)
    assert lines[2] == "Hand 1 · dealer A"
    assert lines[3] == "  A  J♠ 9♠ Q♥ 10♦ 9♣"
    assert lines[4:7] == ["  B  ?? ?? ?? ?? ??", "  C  ?? ?? ?? ?? ??",
                          "  widow  ?? ?? ?? ?? ??"]
    assert lines[8:11] == ["Bidding  widow: C takes the widow", "         trump: B calls ♥ hearts",
                           "         stay or drop: C drops out · A stays in"]
    assert lines[12] == "Trick 1  B K♠       A 9♠         B wins · A 0, B 1, C 0"
    assert "note: " in render_game(replay_record(hide_hands(rec, "A")))


# ------------------------------------------------ issue 9, finding 8
NOTED = """[Variant "standard"]
[Seats N E S W]

hand 1 dealer N {a hand to remember}
  N: JC AC KS QH 9D
  E: JS KC AS KH TD
  S: QC TC QS AH KD
  W: 9S TS JH 9H AD
  upcard 9C
  bidding E:pass S:order_up!? {three trumps, left bower} N:discard 9D
  trick 1 E:AS S:QS W:9H!! {a renege} N:KS
  trick 2 E:JS S:TC W:9S N:JC
  trick 3 N:AC E:KC S:QC W:AD
  trick 4 N:9C E:TD S:KD W:JH
  trick 5 N:QH E:KH S:AH W:TS
final scores N+S 1 E+W 0, winner none
"""


def noted_view() -> tuple[object, list[str]]:
    from euchre_dsl.records.text_reader import read_text
    (item,) = read_text(NOTED, "noted.ehh")
    view = replay_record(item.data, file="noted.ehh", locate=item.locate("noted.ehh"))
    return view, item.data["x-ehh-notes"]


def test_marks_and_glyphs_keep_the_trick_columns_in_line() -> None:
    view, notes = noted_view()
    lines = render_game(view, notes=notes).splitlines()  # type: ignore[arg-type]
    tricks = [line for line in lines if line.startswith("Trick ")]
    columns = {line.index(" wins") for line in tricks}
    assert len(columns) == 1, tricks  # 'W 9♥!!(!)' is as wide as 'W 9♠'
    assert "W 9♥!!(!)" in tricks[0]


def test_the_record_notes_are_shown_at_their_actions() -> None:
    view, notes = noted_view()
    lines = render_game(view, notes=notes).splitlines()  # type: ignore[arg-type]
    assert "  {a hand to remember}" in lines
    bidding = lines.index(next(line for line in lines if line.startswith("Bidding")))
    assert lines[bidding].endswith("S orders up!? · N discards 9♦")
    assert lines[bidding + 1].strip() == "{three trumps, left bower}"
    assert "{a renege}" in "\n".join(lines)


def test_one_hand_shows_only_its_own_problems() -> None:
    """--hand 1 printed the whole game's 'final' error."""
    view, notes = noted_view()
    text = render_game(view, hand=1, notes=notes)  # type: ignore[arg-type]
    assert "final.scores" not in text
    assert "(1 problem(s) of the whole game not shown: replay without --hand to see them)" \
        in text
    assert "final.scores says N+S 1" in render_game(view, notes=notes)  # type: ignore[arg-type]


def test_a_hand_after_the_end_of_the_game_is_shown_with_its_problem() -> None:
    """Each hand recorded after the game was won is a game-over problem (finding 3);
    the replay shows it at that hand instead of dropping it."""
    path = HERE / "broken" / "game-over.ehh"
    (item,) = read_records(str(path))
    view = replay_record(item.data, file=str(path), locate=item.locate(str(path)))
    assert [hv.number for hv in view.hands] == [1, 2]
    assert [p.code for p in view.hands[1].problems] == ["game-over"]
    assert "! error [game-over] hand 2 is recorded after the game was won" in render_game(view)
