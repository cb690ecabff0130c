"""The stopping-rule benchmark (bench/stopping.py): its replay of the bot's
sequential stopping, on values made by hand, and a tiny run."""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from bench_tools import load_bench

from euchre_dsl.sim.bots.pimc import BATCH_WORLDS, SEPARATION, survivors


def bench() -> ModuleType:
    return load_bench("stopping")


def noisy(rng: random.Random, means: list[float], worlds: int) -> list[list[float]]:
    return [[m + rng.gauss(0.0, 1.0) for m in means] for _ in range(worlds)]


def test_a_clear_bid_stops_after_one_batch_and_a_close_one_runs_to_the_cap() -> None:
    stopping = bench()
    rng = random.Random(4)
    clear = stopping.Decision(True, 1.0, noisy(rng, [3.0, 0.0, -1.0], 200))
    best, calls = stopping.replay(clear, 100, SEPARATION)
    assert best == 0 and calls == 3 * BATCH_WORLDS  # every option valued once per world
    close = stopping.Decision(True, 1.0, [[0.0, 0.0] for _ in range(200)])
    assert stopping.replay(close, 100, SEPARATION) == (0, 200)


def test_a_card_decision_counts_one_search_per_world_and_stops_on_equal_cards() -> None:
    stopping = bench()
    equal = stopping.Decision(False, 1.0, [[1.0, 1.0, 1.0] for _ in range(200)])
    # equal in every world of two batches: the rule bot's habit picks one
    assert stopping.replay(equal, 50, SEPARATION) == (0, 2 * BATCH_WORLDS)


def test_the_replay_drops_options_as_the_bot_does() -> None:
    rng = random.Random(9)
    values = noisy(rng, [1.0, 0.0, 0.9], 10)
    by_option = [[row[i] for row in values] for i in range(3)]
    stopping = bench()
    # after one batch the bot keeps survivors(...): the replay's second batch values only those
    alive = survivors(by_option, [0, 1, 2])
    d = stopping.Decision(True, 1.0, values + noisy(rng, [1.0, 0.0, 0.9], 190))
    _best, calls = stopping.replay(d, 20, SEPARATION)
    assert calls == 3 * BATCH_WORLDS + len(alive) * BATCH_WORLDS


def test_the_benchmark_runs_and_judges_regret_against_the_bots_rule(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert bench().main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "bidding decisions:" in out and "card decisions:" in out
    # the bot's own rule, replayed against itself, has no regret at all
    assert f"  100  {SEPARATION:10.1f}" in out
    row = next(line for line in out.splitlines() if line.startswith(f"  100  {SEPARATION:10.1f}"))
    assert row.endswith("+0.0000 ± 0.0000")


def test_worlds_fewer_than_twice_the_cap_is_a_usage_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        bench().main(["--worlds", "150"])
    assert exc.value.code == 2
    assert "--worlds must be at least twice the caps" in capsys.readouterr().err
