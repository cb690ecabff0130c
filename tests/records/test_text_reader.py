"""Reading the text format: forgiving input, located syntax errors, positions, streaming.

The text twins of the validator's corpus (``broken/*.ehh``, written by
``make_broken_text_corpus.py``) must give the same problems as the JSON
cases, each at the line and column of the word it is about;
``broken_text_expected.json`` holds them, found by searching the text.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from history_tools import TEXT_GAME

from euchre_dsl.records.reader import read_records, read_stdin
from euchre_dsl.records.text_reader import (
    NOTES_KEY, TextLocator, canonical_card, iter_text, read_text, split_games,
)
from euchre_dsl.validate.validator import FileReport, check_items, validate_record


HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent / "validate"  # the broken-record corpus
BROKEN = CORPUS / "broken"
EXPECTED: dict[str, list[dict[str, Any]]] = json.loads(
    (CORPUS / "broken_text_expected.json").read_text())
SPEC_CODES = {"syntax", "schema", "unknown-variant", "invalid-variant", "bad-card", "bad-deal",
              "wrong-dealer", "out-of-turn", "illegal-action", "card-not-held", "renege",
              "incomplete-hand", "extra-action", "result-mismatch", "game-over"}

GAME = TEXT_GAME


def one(text: str) -> Any:
    (item,) = read_text(text, "t.ehh")
    assert item.problem is None, item.problem.format()
    return item.data


def syntax(text: str) -> tuple[str, int, int]:
    (item,) = read_text(text, "t.ehh")
    p = item.problem
    assert p is not None and p.code == "syntax"
    return p.message, p.location.line, p.location.column  # type: ignore[return-value]


# -------------------------------------------------------------------- corpus
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_broken_text_corpus(name: str) -> None:
    path = BROKEN / name
    found = check_items(read_records(str(path)), str(path), FileReport(str(path)))
    assert [{"code": p.code, "severity": p.severity, "record": p.record, "hand": p.hand,
             "action": p.action, "line": p.location.line, "column": p.location.column}
            for p in found if p.severity != "info"] == EXPECTED[name]


def test_text_corpus_covers_every_code_of_the_spec() -> None:
    assert SPEC_CODES <= {p["code"] for problems in EXPECTED.values() for p in problems}
    assert {p.name for p in BROKEN.glob("*.ehh")} == set(EXPECTED)


def test_the_scripted_game_reads_and_validates() -> None:
    rec = one(GAME)
    assert rec["hands"][0]["actions"][:3] == [["E", "pass"], ["S", "order_up"],
                                             ["N", "discard", "9D"]]
    assert rec["hands"][0]["result"]["points"] == {"N+S": 1, "E+W": 0}
    assert rec["final"] == {"scores": {"N+S": 1, "E+W": 0}, "winner": None}
    assert validate_record(rec) == []


# ---------------------------------------------------------------- forgiving
def test_input_is_forgiving_about_case_tens_symbols_and_spaces() -> None:
    sloppy = (GAME.replace("[Seats N E S W]", "[seats   N E S W]")
              .replace("hand 1 dealer N", "HAND 1   Dealer N")
              .replace("  N: JC AC KS QH 9D", "N :jc  a♣ K♠   qh 9♦")
              .replace("E: JS KC AS KH TD", "E: J♠ ♣K AS KH 10D")
              .replace("bidding E:pass S:order_up", "Bidding E:PASS S:Order-Up")
              .replace("trick 1 E:AS", "Trick E:as")
              .replace("N:discard 9D", "N:discard 9♦ ; the nine goes")
              .replace("N:9C E:TD", "N:9c E:10d"))
    assert one(sloppy) == one(GAME)


def test_crlf_line_ends_and_a_byte_order_mark_are_read() -> None:
    crlf = "\ufeff" + GAME.replace("\n", "\r\n")
    assert one(crlf) == one(GAME)


def test_call_suits_alone_and_bids_are_read_in_every_spelling() -> None:
    text = GAME.replace("bidding E:pass S:order_up N:discard 9D",
                        "bidding E:pass S:call ♥ ALONE W:bid +3 N:call nt")
    actions = one(text)["hands"][0]["actions"]
    assert actions[1:4] == [["S", "call", "H", "alone"], ["W", "bid", 3], ["N", "call", "NT"]]


def test_numbers_longer_than_python_reads_stay_words_for_the_validator() -> None:
    huge = "9" * 5000
    text = GAME.replace("bidding E:pass", f"bidding E:bid {huge}").replace(
        "[Seats N E S W]", f"[Seats N E S W]\n[StartScores N+S {huge} E+W 0]")
    rec = one(text)
    assert rec["hands"][0]["actions"][0] == ["E", "bid", huge]
    assert rec["start_scores"]["N+S"] == huge
    assert {p.code for p in validate_record(rec)} >= {"schema"}


def test_a_hand_or_trick_number_in_other_digits_is_an_error() -> None:
    message, line, column = syntax(GAME.replace("hand 1 dealer N", "hand \u00b2 dealer N"))
    assert (line, column) == (4, 6) and "'\u00b2'" in message
    (item,) = read_text(GAME.replace("trick 1 E:AS", "trick \u00b9 E:AS"), "t.ehh")
    assert item.problem is not None and item.problem.location.line == 11


@pytest.mark.parametrize("word, card", [("10h", "TH"), ("♥10", "TH"), ("Q♠", "QS"),
                                        ("joker", "JK"), ("??", "??"), ("1H", "1H"),
                                        ("xyz", "xyz")])
def test_card_spellings(word: str, card: str) -> None:
    assert canonical_card(word) == card


def test_unknown_hands_cards_upcard_and_discard() -> None:
    text = (GAME.replace("E: JS KC AS KH TD", "E: -")
            .replace("W: 9S TS JH 9H AD", "W: ?? ?? JH 9H AD")
            .replace("N:discard 9D", "N:discard ??"))
    deal = one(text)["hands"][0]["deal"]
    assert deal["hands"]["E"] is None and deal["hands"]["W"][:2] == ["??", "??"]
    assert one(text)["hands"][0]["actions"][2] == ["N", "discard", "??"]
    assert one(GAME.replace("upcard 9C", "upcard -"))["hands"][0]["deal"]["upcard"] is None


def test_comments_and_glyphs_become_notes() -> None:
    text = GAME.replace("hand 1 dealer N", "hand 1 dealer N {from memory}").replace(
        "S:order_up", "S:order_up!? {bold, with two trumps}").replace("W:9S", "W:9S??")
    rec = one(text)
    assert rec[NOTES_KEY] == [
        {"hand": 0, "comment": "from memory"},
        {"hand": 0, "action": 1, "glyph": "!?", "comment": "bold, with two trumps"},
        {"hand": 0, "action": 5, "glyph": "??"}]
    del rec[NOTES_KEY]
    assert rec == one(GAME)


def test_tags_take_json_or_plain_words() -> None:
    text = ('[Variant standard]\n[Seats ["N","E","S","W"]]\n[Meta event club night]\n'
            '[Meta "round no." 3]\n[Player E "Bob"]\n[StartScores N+S 2 E+W 7]\n'
            '[x-source {"sheet": [1, 2]}]\n[Unknown 5]\n')
    rec = one(text)
    assert rec == {"format": "ehh/1", "variant": "standard", "seats": ["N", "E", "S", "W"],
                   "players": {"E": "Bob"}, "meta": {"event": "club night", "round no.": 3},
                   "start_scores": {"N+S": 2, "E+W": 7}, "x-source": {"sheet": [1, 2]},
                   "Unknown": 5, "hands": []}


# ------------------------------------------------------------------ errors
@pytest.mark.parametrize("edit, message, line, column", [
    (("hand 1 dealer N", "hand 1 dealer N extra"), "unexpected 'extra'", 4, 17),
    (("upcard 9C", "upcard 9C 9S"), "one card", 9, 3),
    (("  E: JS", "  N: JS"), "N's cards are given twice", 6, 3),
    (("result trump C,", "result trump C D,"), "takes one word", 16, 10),
    (("tricks N 3 E 1", "tricks N 3 E"), "pairs of a name and a number", 16, 47),
    (("bidding E:pass", "bidding E:"), "needs a decision", 10, 11),
    (("final scores", "hand 2 dealer E\nfinal scores"), None, 0, 0),
    (("[Seats N E S W]", "[Seats N E S W]\n[Meta]"), "[Meta] needs a key and a value", 3, 6),
    (("[Seats N E S W]", "[Seats N E S W]\n[Meta {\"a\": 1]"), "not valid JSON", 3, 14),
    (("final scores", "deal @{}\nfinal scores"), "is not allowed here", 17, 1),
])
def test_syntax_errors_are_located(edit: tuple[str, str], message: str | None, line: int,
                                   column: int) -> None:
    text = GAME.replace(*edit, 1)
    if message is None:  # a valid edit: hand 2 may be empty
        one(text)
        return
    got, got_line, got_column = syntax(text)
    assert message in got
    assert (got_line, got_column) == (line, column)


def test_a_syntax_error_stops_only_its_game() -> None:
    text = GAME + "\n" + GAME.replace("trick 2", "trick 2 stray") + "\n" + GAME
    items = list(read_text(text, "t.ehh"))
    assert [i.problem is None for i in items] == [True, False, True]
    assert items[1].problem.record == 1  # type: ignore[union-attr]
    assert items[2].data == items[0].data and items[2].line == 37


# ---------------------------------------------------------------- positions
@pytest.mark.parametrize("path, key, at", [
    ((), False, (1, 1)),
    (("variant",), False, (1, 10)),
    (("variant",), True, (1, 2)),
    (("seats", 2), False, (2, 12)),
    (("hands", 0), False, (4, 1)),
    (("hands", 0, "dealer"), False, (4, 15)),
    (("hands", 0, "deal", "hands", "E"), True, (6, 3)),
    (("hands", 0, "deal", "hands", "E", 4), False, (6, 18)),
    (("hands", 0, "deal", "upcard"), False, (9, 10)),
    (("hands", 0, "actions", 2), False, (10, 29)),
    (("hands", 0, "actions", 2, 1), False, (10, 31)),
    (("hands", 0, "actions", 2, 2), False, (10, 39)),
    (("hands", 0, "actions", 6, 2), False, (11, 28)),
    (("hands", 0, "actions", 99), False, (10, 3)),  # nothing there: the actions
    (("hands", 0, "result", "maker"), True, (16, 19)),
    (("hands", 0, "result", "tricks", "S"), False, (16, 45)),
    (("final", "winner"), False, (17, 34)),
])
def test_json_paths_map_to_the_words_of_the_text(path: tuple[Any, ...], key: bool,
                                                 at: tuple[int, int]) -> None:
    loc = TextLocator(GAME, 1, "t.ehh")(path, key)
    assert (loc.file, loc.line, loc.column) == ("t.ehh", *at)


def test_positions_count_from_the_games_first_line() -> None:
    items = list(read_text(GAME + "\n" + GAME, "t.ehh"))
    loc = items[1].locate("t.ehh")(("hands", 0, "dealer"), False)
    assert (loc.line, loc.column) == (18 + 4, 15)


# ----------------------------------------------------------------- streaming
def test_games_are_split_at_the_tag_after_a_hand() -> None:
    lines = ["; header\n", "[Variant \"standard\"]\n", "hand 1\n", "; between\n",
             "[Variant \"buck\"]\n", "[Seats A B C D]\n", "final winner none\n", "; end\n"]
    assert list(split_games(lines)) == [(1, "".join(lines[:4])), (5, "".join(lines[4:]))]
    assert list(split_games(["; only a comment\n", "\n"])) == []


def test_text_files_are_streamed_a_game_at_a_time() -> None:
    consumed: list[int] = []

    def source():  # type: ignore[no-untyped-def]
        for n in range(3):
            for line in GAME.splitlines(keepends=True):
                consumed.append(n)
                yield line.encode()
            yield b"\n"
        raise AssertionError("read past the games asked for")

    it = iter_text(source(), "t.ehh")
    assert next(it).index == 0
    assert max(consumed) == 1  # the first line of the next game ends the first one
    assert next(it).index == 1
    assert max(consumed) == 2


def test_standard_input_is_read_as_text_when_it_looks_like_text() -> None:
    (item,) = read_stdin(io.BytesIO(GAME.encode()), name="<stdin>")
    assert item.problem is None and item.data == one(GAME)
    (item,) = read_stdin(io.BytesIO(b"\xef\xbb\xbf; a comment\n" + GAME.encode()))
    assert item.data == one(GAME)
    (item,) = read_stdin(io.BytesIO(b'{"format": "ehh/1"}\n'))
    assert item.data == {"format": "ehh/1"}


def test_ehh_files_are_record_files(tmp_path: Path) -> None:
    path = tmp_path / "g.ehh"
    path.write_text(GAME + "\n" + GAME)
    assert [i.index for i in read_records(str(path))] == [0, 1]


# ----------------------------------------------------- issue 27, finding 4
@pytest.mark.parametrize("tag,column", [
    ('[Seats ["\\ud800", "E", "S", "W"]]', 10),  # a seat label, JSON
    ('[Meta "\\udcff" 1]', 8),  # a meta key
    ('["\\ud800x" 1]', 3),  # a top-level key
    ('[Variant "\\udcff.yaml"]', 11),  # a variant name
    ('[Meta event "a\\ude00"]', 15),  # a tag value
])
def test_a_lone_surrogate_in_a_tag_is_a_located_problem(tag: str, column: int) -> None:
    (item,) = read_text(f'[Variant "standard"]\n{tag}\n' if "Variant" not in tag else
                        f"{tag}\n", "t.ehh")
    assert item.problem is not None and item.problem.code == "syntax"
    assert item.problem.message.endswith("is half a character (a lone UTF-16 surrogate), "
                                         "which UTF-8 text cannot hold")
    line = 1 if "Variant" in tag else 2
    assert (item.problem.location.line, item.problem.location.column) == (line, column)


def _long_game(hands: int) -> bytes:
    """One text game of ``hands`` copies of a sample hand (renumbered), then a second
    game: ~400 bytes a hand, as in issue 27's 38 MB game of 100,000 hands."""
    first = (HERE.parent.parent / "examples" / "text" / "games.ehh").read_text(encoding="utf-8")
    first = first.split("\n[Variant")[0]
    head, _, body = first.partition("\nhand 1 ")
    hand = "hand 1 " + body.split("\nhand 2 ")[0].rstrip("\n") + "\n\n"
    out = io.StringIO()
    out.write(head + "\n")
    for h in range(hands):
        out.write(hand.replace("hand 1 ", f"hand {h + 1} ", 1))
    out.write(TEXT_GAME)
    return out.getvalue().encode("utf-8")


def test_a_game_past_the_hands_limit_is_refused_while_it_is_read() -> None:
    """Issue 27, finding 5: the 10,000-hand limit is checked as the lines go by: the
    game is one located problem at its hand 10,001, and the game after it is read."""
    from euchre_dsl.limits import MAX_HANDS
    data = _long_game(MAX_HANDS + 5)
    items = list(iter_text(io.BytesIO(data), "long.ehh"))
    assert len(items) == 2 and items[1].problem is None
    problem = items[0].problem
    assert problem is not None and problem.code == "schema"
    assert f"the game has {MAX_HANDS + 5:,} hands, more than the {MAX_HANDS:,}" in \
        problem.message
    over = data.decode().split("\n").index(f"hand {MAX_HANDS + 1} dealer E") + 1
    assert (problem.location.file, problem.location.line) == ("long.ehh", over)
    at_limit = list(iter_text(io.BytesIO(_long_game(300)), "ok.ehh"))  # far from it: read
    assert at_limit[0].problem is None and len(at_limit[0].data["hands"]) == 300


def test_a_long_game_is_read_in_flat_memory_and_linear_time() -> None:
    """Issue 27, finding 5: past the limit, memory does not grow with the game (it
    grew to 4.7 GB for 100,000 hands) and time grows at most in proportion."""
    import tracemalloc
    from typing import Callable

    from scaling_tools import LINEAR_BOUND, growth

    def peak(hands: int) -> int:
        data = _long_game(hands)
        tracemalloc.start()
        try:
            for _ in iter_text(io.BytesIO(data), "long.ehh"):
                pass
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    small, large = peak(12_000), peak(24_000)
    assert large < 1.25 * small

    def make(hands: int) -> Callable[[], object]:
        data = _long_game(hands)
        return lambda: sum(1 for _ in iter_text(io.BytesIO(data), "long.ehh"))
    assert growth(make, 12_000) < 4 * LINEAR_BOUND


def test_a_file_of_one_over_long_line_is_an_error_not_zero_records(tmp_path: Path) -> None:
    """One line of 1.1 MB validated as "0 records ok" (at 1,000,000 bytes it was a
    syntax error): an over-long line is reported wherever it is, read in pieces."""
    from euchre_dsl.records.text_reader import read_text_file
    from euchre_dsl.limits import MAX_TEXT_LINE
    path = tmp_path / "a.ehh"
    path.write_bytes(b"x" * (MAX_TEXT_LINE + 51_424) + b"\n")
    (item,) = read_text_file(str(path))
    assert item.problem is not None and item.problem.code == "syntax"
    assert item.problem.location.line == 1
    assert item.problem.message == (f"the line is more than {MAX_TEXT_LINE:,} bytes long, the "
                                    "most a line may be")
    # a comment that is not UTF-8, alone in its file: reported too
    path.write_bytes(b"; caf\xe9\n")
    (item,) = read_text_file(str(path))
    assert item.problem is not None and "not UTF-8" in item.problem.message


def test_a_long_line_is_read_in_pieces_and_the_game_after_it_still_read() -> None:
    from euchre_dsl.records.text_reader import bounded_lines
    stream = io.BytesIO(b"a\n" + b"x" * 250 + b"\nb\n" + b"y" * 101 + b"\n")
    assert list(bounded_lines(stream, 100)) == [b"a\n", b"x" * 101, b"b\n", b"y" * 101]
