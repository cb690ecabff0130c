"""A correct claim is never blamed: corrupt one claim of a valid game, get one problem.

Issue 9 ("Done when"): for thousands of simulated games of every shipped
variant, one claim -- a hand's trump, maker, tricks, points or running scores,
or the final scores or winner -- is changed to a wrong value, and the
validator must report exactly one problem, a ``result-mismatch`` at that
claim.  Before the replay kept its own truth, a wrong running score was
adopted and the next, correct hand (or ``final``) was blamed as well.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from euchre_dsl.rules.registry import load_variant, shipped_ids
from euchre_dsl.sim.runner import simulate
from euchre_dsl.validate.validator import Validator

GAMES_PER_VARIANT = 160  # x 13 shipped variants: about two thousand games


def corrupt(record: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], int | None]:
    """A copy of ``record`` with one claim made wrong, and the hand it is in
    (``None``: ``final``)."""
    rec = copy.deepcopy(record)
    seats = rec["seats"]
    sides = list(rec["final"]["scores"])
    hands = rec["hands"]
    h = rng.randrange(len(hands) + 1)
    if h == len(hands):
        final = rec["final"]
        if rng.random() < 0.5:
            side = rng.choice(sides)
            final["scores"][side] += rng.choice((-3, -1, 1, 2, 7))
        else:
            choices: list[Any] = [None, *sides]
            choices.remove(final["winner"] if final["winner"] in choices else None)
            final["winner"] = rng.choice(choices)
        return rec, None
    result = hands[h]["result"]
    what = rng.choice(("trump", "maker", "tricks", "points", "scores"))
    if what == "trump":
        options = [t for t in ("C", "D", "H", "S", None) if t != result["trump"]]
        result["trump"] = rng.choice(options)
    elif what == "maker":
        result["maker"] = rng.choice([s for s in [None, *seats] if s != result["maker"]])
    elif what == "tricks":
        result["tricks"][rng.choice(seats)] += rng.choice((-1, 1, 2))
    else:
        result[what][rng.choice(sides)] += rng.choice((-2, -1, 1, 3))
    return rec, h


@pytest.mark.parametrize("variant", shipped_ids())
def test_one_corrupted_claim_is_exactly_one_problem(variant: str) -> None:
    rules = load_variant(variant)
    validator = Validator()
    rng = random.Random(f"claims:{variant}")
    for g, record in enumerate(simulate(rules, variant, GAMES_PER_VARIANT, seed=9)):
        assert record is not None
        if g % 16 == 0:  # the simulator's records are valid to begin with
            assert [p.format() for p in validator.validate(record)
                    if p.severity != "info"] == []
        bad, h = corrupt(record, rng)
        problems = [p for p in validator.validate(bad) if p.severity != "info"]
        assert [(p.code, p.hand) for p in problems] == [("result-mismatch", h)], (
            variant, g, [p.format() for p in problems])
