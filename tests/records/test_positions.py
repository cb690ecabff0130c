"""Locating paths of a JSON record (euchre_dsl/records/positions.py)."""

from __future__ import annotations

import json
import random
from typing import Callable

from scaling_tools import LINEAR_BOUND, growth

from euchre_dsl.records.positions import Locator


def _record(hands: int) -> str:
    """A pretty-printed record of ``hands`` small hands: a line per value."""
    hand = {"dealer": "N", "deal": {"hands": {"N": ["9C", "TC"]}}, "actions": [["E", "pass"]]}
    return json.dumps({"format": "ehh/1", "hands": [hand] * hands}, indent=2)


def test_every_offset_gets_the_line_and_column_counted_from_the_start() -> None:
    text = _record(30) + "\n"
    locate = Locator(text, 7, "f.json")
    rng = random.Random(1)
    for offset in [0, len(text) - 1, len(text)] + [rng.randrange(len(text)) for _ in range(300)]:
        loc = locate.at_offset(offset)
        line = 7 + text.count("\n", 0, offset)
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        assert (loc.file, loc.line, loc.column) == ("f.json", line, column)


def test_a_problem_in_every_hand_is_located_in_linear_time() -> None:
    """Issue 27, finding 13: locating a problem in each of N hands of one record costs
    time in proportion to N (each one counted the lines from the record's start)."""
    def make(n: int) -> Callable[[], object]:
        text = _record(n)

        def run() -> object:
            locate = Locator(text, 1, "big.json")
            return [locate(("hands", h, "actions", 0, 1)) for h in range(n)]
        return run
    assert growth(make, 2000) < 4 * LINEAR_BOUND
