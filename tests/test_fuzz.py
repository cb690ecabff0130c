"""Fuzzing in the suite (issue 9): valid inputs of every shipped variant, mutated.

Hypothesis draws a shipped variant's record (JSON, JSON Lines, text) or
variant file (YAML, rules language) and a seed for :func:`fuzz_tools.mutate`
(tokens dropped, swapped, duplicated, numbers at their limits, Unicode,
truncation, long runs).  The invariant: every input ends in a result or in
located problems -- never an uncaught exception.  Each test is bounded
(``max_examples``) so the whole file takes well under a minute on one core;
the long runs are the atheris targets in ``fuzz/`` (docs/fuzzing.md).
"""

from __future__ import annotations

import json
import os
import random
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fuzz_tools import (
    HALF_CHARACTERS, check_bot, check_records, check_variant, check_where, misbehaving_bot,
    mutate, nested, record_texts, string_count, valid_records, valid_variant_texts,
    with_half_character,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hostile_tools import deep_folders

from cli.main import euchre
from euchre_dsl.records.reader import find_records
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.validate.validator import Validator

FORMS = ("json", "jsonl", "text")
BOUNDED = settings(max_examples=60, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow,
                                          HealthCheck.function_scoped_fixture])
VALIDATOR = Validator()


def test_the_seeds_are_valid_in_every_form() -> None:
    """The mutations start from inputs with no error at all."""
    for record in valid_records():
        for form, text in record_texts(record).items():
            problems = check_records(form, text.encode(), VALIDATOR)
            assert [p.format() for p in problems if p.severity == "error"] == [], form


@BOUNDED
@given(st.sampled_from(range(len(valid_records()))), st.sampled_from(FORMS),
       st.integers(0, 2**32), st.integers(1, 6))
def test_mutated_records_end_in_located_problems(n: int, form: str, seed: int,
                                                 steps: int) -> None:
    text = record_texts(valid_records()[n])[form]
    broken = mutate(text, random.Random(seed), steps)
    check_records(form, broken.encode("utf-8", "surrogatepass"), VALIDATOR)


@BOUNDED
@given(st.sampled_from(FORMS), st.binary(max_size=400))
def test_arbitrary_bytes_end_in_located_problems(form: str, data: bytes) -> None:
    check_records(form, data, VALIDATOR)


@BOUNDED
@given(st.sampled_from(range(len(valid_records()))), st.sampled_from(FORMS),
       st.integers(0, 2**32))
def test_records_cut_anywhere_end_in_located_problems(n: int, form: str, seed: int) -> None:
    data = record_texts(valid_records()[n])[form].encode()
    cut = random.Random(seed).randrange(len(data) + 1)
    check_records(form, data[:cut], VALIDATOR)


@BOUNDED
@given(st.sampled_from(range(len(valid_variant_texts()))), st.integers(0, 2**32),
       st.integers(1, 6))
def test_mutated_variant_files_end_in_located_problems(tmp_path_factory: pytest.TempPathFactory,
                                                       n: int, seed: int, steps: int) -> None:
    suffix, text = valid_variant_texts()[n]
    path = tmp_path_factory.mktemp("variants") / f"fuzzed{suffix}"
    path.write_text(mutate(text, random.Random(seed), steps), encoding="utf-8",
                    errors="surrogatepass")
    check_variant(path)


CLI_RUNS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


@CLI_RUNS
@given(st.sampled_from(range(len(valid_records()))), st.sampled_from(FORMS),
       st.integers(0, 2**32), st.sampled_from(["validate", "validate-json", "convert",
                                               "replay"]))
def test_the_commands_on_mutated_records_exit_cleanly(tmp_path_factory: pytest.TempPathFactory,
                                                      n: int, form: str, seed: int,
                                                      command: str) -> None:
    folder = tmp_path_factory.mktemp("cli")
    suffix = {"json": ".json", "jsonl": ".jsonl", "text": ".ehh"}[form]
    path = folder / f"games{suffix}"
    path.write_text(mutate(record_texts(valid_records()[n])[form], random.Random(seed)),
                    encoding="utf-8", errors="surrogatepass")
    args = {"validate": ["validate", str(path)],
            "validate-json": ["validate", "--report", "json", str(path)],
            "convert": ["convert", str(path), str(folder / ("out.jsonl" if form == "text"
                                                            else "out.ehh"))],
            "replay": ["replay", str(path), "--no-color"]}[command]
    result = CliRunner().invoke(euchre, args)
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception, result.output)
    assert "Traceback" not in result.output


@CLI_RUNS
@given(st.sampled_from(range(len(valid_variant_texts()))), st.integers(0, 2**32),
       st.sampled_from(["check", "show", "compile"]))
def test_the_variant_commands_on_mutated_files_exit_cleanly(
        tmp_path_factory: pytest.TempPathFactory, n: int, seed: int, command: str) -> None:
    suffix, text = valid_variant_texts()[n]
    path: Path = tmp_path_factory.mktemp("vcli") / f"fuzzed{suffix}"
    path.write_text(mutate(text, random.Random(seed)), encoding="utf-8",
                    errors="surrogatepass")
    result = CliRunner().invoke(euchre, ["variant", command, str(path)])
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception, result.output)


# ------------------------------------------------- issue 27: the hostile areas
@BOUNDED
@given(st.integers(1, 3000), st.integers(0, 2**32), st.sampled_from(["stdin", "json", "jsonl"]))
def test_deep_nesting_ends_in_located_problems(depth: int, seed: int, form: str) -> None:
    """Standard input's sniffing let json's RecursionError out at 1,000 levels."""
    text = nested(depth, random.Random(seed))
    check_records(form, (text + "\n").encode(), VALIDATOR)


@BOUNDED
@given(st.sampled_from(range(len(valid_records()))), st.integers(0, 10**6),
       st.sampled_from(HALF_CHARACTERS), st.sampled_from(["json", "jsonl", "stdin"]))
def test_half_a_character_in_any_string_is_a_located_problem(n: int, k: int, escape: str,
                                                             form: str) -> None:
    """A lone surrogate in a key, a seat, a card or a name crashed the commands that
    printed it; it is refused wherever a string goes."""
    record = valid_records()[n]
    text = with_half_character(record, k % string_count(record), escape)
    problems = check_records(form, (text + "\n").encode(), VALIDATOR)
    assert any(p.code == "syntax" and "half a character" in p.message for p in problems), \
        [p.format() for p in problems]
    for p in problems:
        p.format().encode("utf-8")  # every message can be written as UTF-8


@CLI_RUNS
@given(st.sampled_from(range(len(valid_records()))), st.integers(0, 10**6),
       st.sampled_from(HALF_CHARACTERS), st.sampled_from(["validate-json", "convert", "replay"]))
def test_the_commands_on_half_characters_write_utf8(tmp_path_factory: pytest.TempPathFactory,
                                                    n: int, k: int, escape: str,
                                                    command: str) -> None:
    folder = tmp_path_factory.mktemp("half")
    record = valid_records()[n]
    path = folder / "game.jsonl"
    path.write_text(with_half_character(record, k % string_count(record), escape) + "\n")
    args = {"validate-json": ["validate", "--report", "json", str(path)],
            "convert": ["convert", str(path), str(folder / "out.ehh")],
            "replay": ["replay", str(path), "--no-color"]}[command]
    result = CliRunner().invoke(euchre, args)
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    result.stdout_bytes.decode("utf-8")
    result.stderr_bytes.decode("utf-8")
    if command == "validate-json":
        json.loads(result.stdout)


_WHERE_ATOMS = st.sampled_from([
    "holds(N, JH)", "trumps(seat2, upcard)", "bowers(dealer, H)", "count(W, S)", "aces(E)",
    "3", "0", "holds(X, ZZ)", "trumps(N)", "bogus(1)", "", "(", ")", "not", "and", "♠",
])


@BOUNDED
@given(st.recursive(_WHERE_ATOMS, lambda inner: st.one_of(
    inner.map(lambda c: f"not {c}"), inner.map(lambda c: f"({c})"),
    st.tuples(inner, st.sampled_from([" and ", " or ", " >= ", " + ", " == ", " - ", " "]),
              inner).map("".join)), max_leaves=40),
    st.integers(0, 400), st.integers(0, 400))
def test_where_conditions_end_in_a_condition_or_located_problems(text: str, nots: int,
                                                                 parens: int) -> None:
    """500 nots raised RecursionError in the compiler."""
    check_where("(" * parens + "not " * nots + text + ")" * parens)


_ANSWERS = st.one_of(
    st.integers(-2**70, 2**70), st.text(max_size=4), st.none(), st.floats(), st.booleans(),
    st.tuples(st.integers(0, 3), st.text(max_size=6)), st.lists(st.integers(0, 30), max_size=3),
    st.sampled_from([ValueError("no"), ZeroDivisionError(), SystemExit(0), SystemExit(3),
                     SystemExit("bye"), RecursionError(), MemoryError(), StopIteration(),
                     AttributeError("view")]),
)


@BOUNDED
@given(st.sampled_from(["act", "play"]), st.integers(1, 12), _ANSWERS, st.integers(0, 3),
       st.sampled_from(["standard", "buck", "dirty-clubs"]))
def test_a_plug_in_bot_that_misbehaves_is_named_or_harmless(method: str, at: int, answer: Any,
                                                            seat: int, variant: str) -> None:
    """A bot that raised, exited or answered a card outside the deck, a string or None
    surfaced as IndexError, TypeError or an exit 0 with nothing written."""
    check_bot(misbehaving_bot(method, at, answer), seat % load_variant(variant).players.count,
              variant)


_ENTRIES = st.lists(st.tuples(
    st.sampled_from(["file", "other", "folder", "link-in", "link-out", "link-dangling",
                     "link-loop", "link-folder", "fifo"]),
    st.integers(0, 12)), min_size=1, max_size=8)


@CLI_RUNS
@given(_ENTRIES)
def test_folders_give_regular_files_inside_them_only(tmp_path_factory: pytest.TempPathFactory,
                                                     entries: list[tuple[str, int]]) -> None:
    """Folders nested deep, links in and out, pipes: the walk gives regular files
    inside the folder named, says every link it refuses, and never recurses."""
    base = tmp_path_factory.mktemp("walk")
    top, outside = base / "top", base / "outside.json"
    top.mkdir()
    outside.write_text("{}")
    with ExitStack() as stack:
        for i, (kind, depth) in enumerate(entries):
            here = stack.enter_context(deep_folders(top / f"e{i}", depth)) if \
                (top / f"e{i}").mkdir() is None else top
            name = here / f"x{i}.json"
            if kind in ("file", "folder"):
                (name.mkdir() if kind == "folder" else name.write_text("{}"))
            elif kind == "other":
                (here / f"x{i}.txt").write_text("{}")
            elif kind == "fifo":
                os.mkfifo(name)
            else:
                target = {"link-in": top / "e0", "link-out": outside,
                          "link-dangling": base / "missing.json", "link-loop": name,
                          "link-folder": top}[kind]
                name.symlink_to(target)
        found = find_records([str(top)])
        real_top = os.path.realpath(top)
        for f in found.files:
            assert os.path.isfile(f) and os.path.realpath(f).startswith(real_top + os.sep), f
        assert found.files == sorted(found.files)
        expected = sum(kind == "file" for kind, _ in entries)
        assert len(found.files) == expected
        refused = sum(kind in ("link-out", "link-dangling", "link-loop") for kind, _ in entries)
        assert len(found.skipped) == refused, found.skipped
