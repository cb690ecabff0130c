"""The text reader's fast path gives exactly what the grammar's path gives, or gives up.

:func:`~euchre_dsl.records.text_scan.scan_game` reads well-formed games
without lark; whatever it does not take goes through the grammar.  These
tests read each input twice -- as the reader does, and with the fast path
turned off -- and require the same items (records with their keys in the
same order, syntax problems) and the same validation reports, on the games of
every shipped variant, the samples, the broken corpus, hand-made edits at the
edges of what the fast path takes, and randomly mutated games.
"""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from functools import lru_cache
from typing import Any
from unittest import mock

import pytest
from fuzz_tools import mutate, valid_records
from history_tools import TEXT_GAME
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_dsl.records import text_builder, text_reader
from euchre_dsl.records.text_reader import iter_text, parse_game, split_games
from euchre_dsl.records.text_scan import scan_game
from euchre_dsl.records.text_writer import dump_game
from euchre_dsl.validate.validator import FileReport, Validator, check_items

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
VALIDATOR = Validator()
BOUNDED = settings(max_examples=80, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow])

GAME = TEXT_GAME.replace("[Seats N E S W]\n", '[Seats N E S W]\n[Meta event "club night"]\n')


def _items(data: bytes) -> list[tuple[Any, ...]]:
    """What a reader gives for ``data``: each item, and the validator's report of all."""
    items = list(iter_text(io.BytesIO(data), "t.ehh"))
    found = check_items(iter(items), "t.ehh", FileReport("t.ehh"), VALIDATOR)
    return [(i.index, i.line, i.text, repr(i.data), None if i.problem is None else
             i.problem.format()) for i in items] + [tuple(p.format() for p in found)]


def _without_fast_path(data: bytes) -> list[tuple[Any, ...]]:
    with mock.patch.object(text_reader, "scan_game", lambda text: None):
        return _items(data)


def assert_same(text: str | bytes) -> None:
    data = text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass")
    assert _items(data) == _without_fast_path(data)


def fast_games(text: str) -> int:
    """How many games of ``text`` the fast path reads."""
    return sum(scan_game(game) is not None for _, game in split_games(io.StringIO(text)))


@lru_cache(maxsize=1)
def texts() -> dict[str, bytes]:
    """Every shipped variant's games, the samples and the broken corpus, as text."""
    out = {record["variant"]: dump_game(record).encode() for record in valid_records()}
    broken = HERE.parent / "validate" / "broken"  # the broken-record corpus
    for path in sorted((ROOT / "samples").glob("*.ehh")) + sorted(broken.glob("*.ehh")):
        out[path.name] = path.read_bytes()
    return out


# ------------------------------------------------------------------ well-formed games
def test_the_fast_path_reads_every_shipped_variants_games_and_the_samples() -> None:
    for record in valid_records():
        assert fast_games(dump_game(record)) == 1, record["variant"]
    for path in sorted((ROOT / "samples").glob("*.ehh")):
        text = path.read_text(encoding="utf-8")
        assert fast_games(text) == len(list(split_games(io.StringIO(text)))), path.name
    assert fast_games(GAME) == 1


@pytest.mark.parametrize("name", sorted(texts()))
def test_both_paths_give_the_same_records_and_reports(name: str) -> None:
    assert_same(texts()[name])


# ------------------------------------------------------------------ at the edges
EDITS = [
    # the hand line
    ("hand 1 dealer N", "Hand 1 dealer N"), ("hand 1 dealer N", "hand 1 Dealer: N"),
    ("hand 1 dealer N", "hand 01 dealer N"), ("hand 1 dealer N", "hand 2 dealer N"),
    ("hand 1 dealer N", "hand"), ("hand 1 dealer N", "hand 1"), ("hand 1 dealer N", "hand 1 dealer"),
    ("hand 1 dealer N", "hand dealer N"), ("hand 1 dealer N", "hand 1 dealer N dealer E"),
    ("hand 1 dealer N", "hand 1 dealer N x"), ("hand 1 dealer N", "hand 1 dealer N {a note}"),
    ("hand 1 dealer N", "hand " + "1" * 5000 + " dealer N"), ("hand 1 dealer N", "hand: N"),
    ("hand 1 dealer N", "hand :N"), ("hand 1 dealer N", "hand 1 dealer N\r"),
    # seats' cards
    ("  N: JC AC KS QH 9D", "  N : JC AC KS QH 9D"), ("  N: JC AC KS QH 9D", "N:JC AC KS QH 9D"),
    ("  N: JC AC KS QH 9D", "  N: jc ac Ks qH 9d"), ("  N: JC AC KS QH 9D", "  N: 10c 1H ZZ ?? JK"),
    ("  N: JC AC KS QH 9D", "  N: -"), ("  N: JC AC KS QH 9D", "  N:"),
    ("  N: JC AC KS QH 9D", "  N: - -"), ("  N: JC AC KS QH 9D", "  E: JC AC KS QH 9D"),
    ("  N: JC AC KS QH 9D", "  N_1: JC AC KS QH 9D"), ("  N: JC AC KS QH 9D", "  N-1: JC AC"),
    ("  N: JC AC KS QH 9D", "  N E: JC AC"), ("  N: JC AC KS QH 9D", "  N: J♣ AC KS QH 9D"),
    ("  N: JC AC KS QH 9D", "  N: JC\tAC KS QH 9D"), ("  N: JC AC KS QH 9D", "  N: JC AC ; cut"),
    ("  N: JC AC KS QH 9D", "  N: JC AC {x}"), ("  N: JC AC KS QH 9D", "  N: JC [AC]"),
    ("  N: JC AC KS QH 9D", "  upcard: JC AC KS QH 9D"), ("  N: JC AC KS QH 9D", "  Trick: JC"),
    ("  N: JC AC KS QH 9D", "  upcard :JC"), ("  N: JC AC KS QH 9D", "  deal: JC"),
    # upcard, widow, kitty, deal
    ("  upcard 9C", "  upcard -"), ("  upcard 9C", "  upcard"), ("  upcard 9C", "  upcard 9C TD"),
    ("  upcard 9C", "  UPCARD 9C"), ("  upcard 9C", "  upcard 9c\n  upcard 9C"),
    ("  upcard 9C", "  upcard 9C\n  kitty TC 9S"), ("  upcard 9C", "  upcard 9C\n  kitty"),
    ("  upcard 9C", "  upcard 9C\n  kitty -"), ("  upcard 9C", "  upcard 9C\n  widow -"),
    ("  upcard 9C", "  upcard 9C\n  widow TC"), ("  upcard 9C", "  deal x"),
    ("  upcard 9C", '  deal @{"hands": {}}'), ("  upcard 9C", "  upcard 9C\n  N: JC"),
    ("  upcard 9C", "  upcard :9C"), ("  upcard 9C", "  kitty : 9C"), ("  upcard 9C", "  widow:"),
    # decisions
    ("E:pass S:order_up N:discard 9D", "E:pass S:order_up alone N:discard 9D"),
    ("E:pass S:order_up N:discard 9D", "E:Pass S:Order-Up N:Discard 9d"),
    ("E:pass S:order_up N:discard 9D", "E: pass S:order_up N:discard 9D"),
    ("E:pass S:order_up N:discard 9D", "E:pass! S:order_up?! N:discard 9D"),
    ("E:pass S:order_up N:discard 9D", "pass S:order_up N:discard 9D"),
    ("E:pass S:order_up N:discard 9D", "E: S:order_up N:discard 9D"),
    ("E:pass S:order_up N:discard 9D", "E:pass S:order_up N:discard ??"),
    ("E:pass S:order_up N:discard 9D", "E:pass S:order_up N:discard"),
    ("E:pass S:order_up N:discard 9D", "E:pass S:call h alone N:call NT E:call x"),
    ("E:pass S:order_up N:discard 9D", "E:bid 3 S:bid +4 N:bid x W:bid " + "9" * 5000),
    ("E:pass S:order_up N:discard 9D", "E:pas S:ordr_up N:discard 9D"),
    ("E:pass S:order_up N:discard 9D", "E:pass S:order_up N:9D W:9H extra"),
    ("E:pass S:order_up N:discard 9D", "E:pass S:order_up N:play 9D"),
    ("E:pass S:order_up N:discard 9D", "E:misdeal 9C 9D S:swap 9C 9D 9H N:give KD"),
    ("E:pass S:order_up N:discard 9D", "E:defend_alone S:stay N:drop W:take_widow"),
    ("E:pass S:order_up N:discard 9D", '@["E","pass"] S:order_up N:discard 9D'),
    ("E:pass S:order_up N:discard 9D", "E:pass {why} S:order_up N:discard 9D"),
    ("E:pass S:order_up N:discard 9D", "E-1:pass S:order_up N:discard 9D"),
    ("E:pass S:order_up N:discard 9D", "E:pass S:order_up N:discard 9D 9C"),
    ("E:pass S:order_up N:discard 9D", "E:pass S:order_up\n  bidding N:discard 9D"),
    ("  bidding E:pass", "  BIDDING E:pass"), ("  bidding E:pass", "  bidding: E:pass"),
    ("  trick 1 E:AS", "  trick E:AS"), ("  trick 1 E:AS", "  Trick 1 E:AS"),
    ("  trick 1 E:AS", "  trick 01 E:AS"), ("  trick 1 E:AS", "  trick " + "1" * 5000 + " E:AS"),
    ("  trick 1 E:AS", "  trick x E:AS"), ("  trick 1 E:AS", "  trick 1 E:as"),
    ("  trick 1 E:AS", "  trick 1 E:A♠"), ("  trick 1 E:AS", "  trick 1 E:??"),
    ("  trick 1 E:AS", "  trick 1 E:AS!"), ("  trick 1 E:AS", "  trick 1 E:AS\n  N: JC"),
    ("  trick 1 E:AS", "  trick 1 E:AS\n  upcard 9C"),
    # result and final
    ("result trump C, maker S", "result trump C,, maker S"),
    ("result trump C, maker S", "result trump C, trump S"),
    ("result trump C, maker S", "result trump -, maker -"),
    ("result trump C, maker S", "result trump C D, maker S"),
    ("result trump C, maker S", "result Trump C, MAKER S"),
    ("result trump C, maker S", "result trump C, maker S, x 1"),
    ("result trump C, maker S", "result trump C, maker S, winner S"),
    ("tricks N 3 E 1 S 1 W 0", "tricks N 3 E 1 S 1 W"), ("tricks N 3 E 1 S 1 W 0", "tricks N 3 N 1"),
    ("tricks N 3 E 1 S 1 W 0", "tricks N x E 1 S 1 W " + "7" * 5000),
    ("tricks N 3 E 1 S 1 W 0", "tricks"), ("points N+S +1", "points N+S -1"),
    ("  result trump C", "  result @{}\n  result trump C"),
    ("  result trump C, maker S, tricks N 3 E 1 S 1 W 0, points N+S +1 E+W 0, scores N+S 1 E+W 0",
     "  result"),
    ("  result trump C, maker S, tricks N 3 E 1 S 1 W 0, points N+S +1 E+W 0, scores N+S 1 E+W 0",
     "  result ,"),
    ("final scores N+S 1 E+W 0, winner none", "final winner N+S E+W"),
    ("final scores N+S 1 E+W 0, winner none", "final winner"),
    ("final scores N+S 1 E+W 0, winner none", "final winner N+S"),
    ("final scores N+S 1 E+W 0, winner none", "final"),
    ("final scores N+S 1 E+W 0, winner none", "final maker S, trump C"),
    ("final scores N+S 1 E+W 0, winner none", "final scores N+S 1 E+W 0\nhand 2 dealer E"),
    ("final scores N+S 1 E+W 0, winner none", "final scores N+S 1\nfinal scores N+S 1"),
    ("final scores N+S 1 E+W 0, winner none", "hand 2 dealer E\n  N: -\nhand 3 dealer S"),
    ("final scores N+S 1 E+W 0, winner none", "hand 2 dealer E\n  result trump D\nhand 3"),
    ("final scores N+S 1 E+W 0, winner none", "  N: JC"),
    # tags
    ("[Seats N E S W]", "[Seats N E S W] x"), ("[Seats N E S W]", "[Seats N E S W]  "),
    ("[Seats N E S W]", "[Seats]"), ("[Seats N E S W]", '[Seats ["N","E","S","W"]]'),
    ("[Seats N E S W]", "[Seats N E S W]\n[Seats N E S W]"), ("[Seats N E S W]", "[Hands []]"),
    ("[Seats N E S W]", "[Seats N E S W"), ("[Seats N E S W]", "  [Seats N E S W]"),
    ('[Meta event "club night"]', '[Meta event "club; night"]'),
    ('[Meta event "club night"]', "[Meta event club night]"),
    ('[Meta event "club night"]', '[Meta {"event": 1}]\n[Meta x 2]'),
    ('[Meta event "club night"]', '[Player N "Ann"]\n[StartScores N+S 4, E+W 6]'),
    ('[Meta event "club night"]', "[x-ehh-notes [1]]"), ('[Meta event "club night"]', "[Meta]"),
    ('[Meta event "club night"]', '[Meta event "club night"]\nN: JC'),
    ("\nhand 1 dealer N", "\nhand 1 dealer N\n[Variant \"standard\"]"),
    # blank lines and spaces
    ("\nhand 1 dealer N", "\n   \n\nhand 1 dealer N   "), ("  upcard 9C", "  upcard 9C  \n    \n"),
    ("  upcard 9C", "  upcard 9C\n\t\n"), ("  upcard 9C", "  upcard 9C\n\x0c\n"),
    ("  upcard 9C", "  upcard 9C\n \x0b \n"), ("  upcard 9C", "  upcard\x1c9C"),
]


@pytest.mark.parametrize(("old", "new"), EDITS)
def test_edits_at_the_edges_read_the_same_on_both_paths(old: str, new: str) -> None:
    assert old in GAME
    text = GAME.replace(old, new, 1)
    assert_same(text)
    assert_same(text.split("\n\n", 1)[-1])  # without the tags


def test_a_game_out_of_the_grammars_order_is_left_to_the_grammar() -> None:
    """Games as :func:`parse_game` may be given them, not only as the file splitter cuts them."""
    tag = '[Variant "standard"]\n'
    for text in (GAME.replace("[Seats N E S W]", "hand 1\n[Seats N E S W]"), GAME + tag,
                 GAME.replace("final", tag + "final"), GAME.replace("  N:", tag + "  N:", 1),
                 GAME + "hand 2 dealer E\n", GAME.replace("  upcard 9C", "  trick 1\n  upcard 9C"),
                 GAME.replace("  result", "  E: JS\n  result"),
                 GAME.replace("final", "  result trump C\nfinal"),
                 GAME.replace("\nhand 1", "\nresult trump C\nhand 1")):
        assert scan_game(text) is None
        fast = parse_game(text, 0, 1, "t.ehh")
        with mock.patch.object(text_reader, "scan_game", lambda text: None):
            slow = parse_game(text, 0, 1, "t.ehh")
        assert fast.problem is not None and slow.problem is not None
        assert fast.problem.format() == slow.problem.format()


# ------------------------------------------------------------------ mutated games
def test_mutated_games_read_the_same_and_many_take_the_fast_path() -> None:
    bases = [dump_game(r) for r in valid_records()] + [GAME]
    rng = random.Random(13)
    fast = total = 0
    for _ in range(300):
        broken = mutate(rng.choice(bases), rng, rng.randrange(1, 4))
        assert_same(broken)
        fast += fast_games(broken)
        total += len(list(split_games(io.StringIO(broken))))
    assert fast >= total // 4  # the comparison covers the fast path, not only its refusals


@BOUNDED
@given(st.sampled_from(range(len(valid_records()) + 1)), st.integers(0, 2**32),
       st.integers(1, 6))
def test_randomly_mutated_games_read_the_same(n: int, seed: int, steps: int) -> None:
    base = dump_game(valid_records()[n]) if n < len(valid_records()) else GAME
    assert_same(mutate(base, random.Random(seed), steps))


@BOUNDED
@given(st.text(st.sampled_from(' \t\r\n"{}[]-0123456789.eE+tfnNIaulsry\ufeff٣x'), max_size=10))
def test_the_quick_no_for_plain_tag_values_agrees_with_json(text: str) -> None:
    """Tag values that cannot start a JSON text are refused before ``json`` raises."""
    try:
        json.loads(text)
        valid = True
    except (ValueError, RecursionError):
        valid = False
    assert text_builder.is_json(text) == valid
