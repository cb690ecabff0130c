"""Every EGN reader under mutation fuzzing (issue 36): JSON ``.egn``, ``.emn`` and
binary ``.egnb``, broken at the JSON, text and bit levels (``egn_fuzz_tools``);
each case ends in records and located problems, never an uncaught exception.
Seeded, a few seconds in all; ``fuzz/fuzz_egn.py`` runs the same for hours."""

from __future__ import annotations

import random

import pytest
from egn_fuzz_tools import check_egn, egn_seeds, mutate_egn, pick_seed

from euchre_dsl.validate.validator import Validator

VALIDATOR = Validator()


@pytest.mark.parametrize("n", range(len(egn_seeds())))
def test_the_seeds_read_without_an_exception(n: int) -> None:
    ext, data = egn_seeds()[n]
    check_egn(ext, data, VALIDATOR)


@pytest.mark.parametrize("block", range(4))
def test_mutated_egn_ends_in_records_and_located_problems(block: int) -> None:
    for seed in range(block * 60, (block + 1) * 60):
        rng = random.Random(seed)
        ext, data = pick_seed(rng)
        bad = mutate_egn(ext, data, rng, 1 + rng.randrange(4))
        try:
            check_egn(ext, bad, VALIDATOR)
        except AssertionError:
            raise
        except Exception as exc:  # the case to reproduce with its seed
            raise AssertionError(f"seed {seed} ({ext}): {exc!r}") from exc


@pytest.mark.parametrize("known", [
    ("branchIndex", "1e400"), ("loner_lead", "[]"), ("players", "5"), ("players", "true")])
def test_the_mutations_reach_the_values_issue_36_broke(known: tuple[str, str]) -> None:
    """The JSON-level mutations put the values that crashed the readers (issue 36)
    where they did: a search of the seeded cases finds each one."""
    key, value = known
    for seed in range(5000):
        rng = random.Random(seed)
        ext, data = pick_seed(rng)
        if ext == ".egnb":
            continue
        bad = mutate_egn(ext, data, rng, 1 + rng.randrange(4))
        if f'"{key}": {value}' in bad.decode("utf-8", "replace"):
            check_egn(ext, bad, VALIDATOR)
            return
    pytest.fail(f"no mutation puts {key}: {value}")
