"""Variant sources (euchre_dsl/rules/source.py): merging a child over its parent."""

from __future__ import annotations

from typing import Callable

import pytest
from scaling_tools import LINEAR_BOUND, growth

from euchre_dsl.errors import EuchreError
from euchre_dsl.rules.registry import compile_data


def test_an_inline_variant_of_many_keys_is_merged_in_linear_time() -> None:
    """Issue 27, finding 12: N unknown keys cost time in proportion to N (the merge
    scanned every position for each key: quadratic)."""
    def make(n: int) -> Callable[[], object]:
        data: dict[str, object] = {"extends": "standard", "id": "x"}
        data.update({f"k{i}": i for i in range(n)})

        def run() -> object:
            with pytest.raises(EuchreError) as exc:
                compile_data(data)
            assert len(exc.value.problems) == n
            return exc
        return run
    assert growth(make, 1500) < 4 * LINEAR_BOUND
