"""Checking that work grows linearly with the input, without a flaky wall-clock bound.

A test runs the same work at two sizes, ``n`` and ``factor * n``, and compares
the best CPU time of a few runs of each: linear work takes about ``factor``
times as long, quadratic work ``factor`` squared.  The bound a test asserts
(:data:`LINEAR_BOUND` times ``factor``) sits between the two with room for a
noisy machine, and no absolute time is asserted: a slow CI runner slows both
sizes alike.  The big sizes are measured by ``bench/hostile_scaling.py``.
"""

from __future__ import annotations

import time
from typing import Callable

#: How far above ``factor`` a linear ratio may stray (quadratic is ``factor`` times).
LINEAR_BOUND = 2.0


def best_time(run: Callable[[], object], repeats: int) -> float:
    """The least CPU time of ``repeats`` calls of ``run``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def growth(make: Callable[[int], Callable[[], object]], n: int, factor: int = 4,
           repeats: int = 3) -> float:
    """How many times longer the work ``make(factor * n)`` takes than ``make(n)``
    (``make`` builds the input outside the measured call)."""
    small, large = make(n), make(factor * n)
    small()  # warm up: imports, caches, compiled grammars
    return best_time(large, repeats) / max(best_time(small, repeats), 1e-4)
