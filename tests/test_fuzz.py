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

import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from fuzz_tools import (
    check_records, check_variant, mutate, record_texts, valid_records, valid_variant_texts,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.main import euchre
from euchre_dsl.history.validate import Validator

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
