"""The engine's generator: xoshiro128** exactly, and the same numbers forever."""

from __future__ import annotations

from typing import Any, Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_dsl import rng
from euchre_dsl.rng import Rng, absorb, check_seed, derive

M = 0xFFFFFFFF


def reference_next(s: list[int]) -> int:
    """xoshiro128** as published, with Python's unbounded ints masked to 32 bits."""
    def rotl(x: int, k: int) -> int:
        return ((x << k) | (x >> (32 - k))) & M
    result = (rotl((s[1] * 5) & M, 7) * 9) & M
    t = (s[1] << 9) & M
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl(s[3], 11)
    return result


@given(a=st.integers(0, M), b=st.integers(0, M))
def test_mul32_is_multiplication_mod_2_32(a: int, b: int) -> None:
    assert rng._mul32(a, b) == (a * b) & M


@given(key=st.lists(st.integers(0, 2**70), max_size=5))
def test_the_generator_is_xoshiro128_starstar(key: list[int]) -> None:
    r = Rng(*key)
    state = [r.s0, r.s1, r.s2, r.s3]
    assert any(state)
    for _ in range(20):
        assert r.next32() == reference_next(state)


def test_published_first_outputs_from_state_1_2_3_4() -> None:
    r = Rng()
    r.s0, r.s1, r.s2, r.s3 = 1, 2, 3, 4
    assert [r.next32() for _ in range(4)] == [11520, 0, 5927040, 70819200]


def test_streams_are_pinned() -> None:
    # a seed means the same deals on any machine and any Python: these never change
    assert derive(2026, 1, 3) == 867536194
    assert Rng(2026, 1, 3).below(24) == 14
    assert Rng(7).next32() == 460995259
    assert derive(1, 2) != derive(1, 2, 0) != derive(1, 2 + 2**32)


@given(key=st.lists(st.integers(0, 2**40), max_size=4), n=st.integers(1, 2**30))
def test_below_and_random_stay_in_range(key: list[int], n: int) -> None:
    r = Rng(*key)
    assert 0 <= r.below(n) < n
    assert 0.0 <= r.random() < 1.0


@given(key=st.lists(st.integers(0, 2**40), max_size=4), n=st.integers(1, 64))
def test_below_is_the_integer_part_of_random_times_n(key: list[int], n: int) -> None:
    """The shuffle draws ``below(k)`` from the simulator's generator and
    ``int(random() * k)`` from any other: for one stream they must be the same."""
    a, b = Rng(*key), Rng(*key)
    for _ in range(50):
        assert a.below(n) == int(b.random() * n)


def test_reseed_under_a_prefix_is_the_whole_key() -> None:
    r = Rng()
    r.reseed(rng.absorb(rng.absorb(0, 5), 9), 3)
    assert r.next32() == Rng(5, 9, 3).next32()


def test_one_protocol_for_a_random_source() -> None:
    import random
    import warnings

    import pytest

    from euchre_dsl import rng
    from euchre_dsl.sim import bots
    from euchre_dsl.sim.bots import base

    source: rng.RandomSource = random.Random(1)
    source = Rng(1)
    assert 0 <= source.random() < 1
    for module in (bots, base):
        with pytest.warns(DeprecationWarning, match="RandomSource"):
            assert module.Rng is rng.RandomSource  # type: ignore[attr-defined]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from euchre_dsl.sim.bots import make_bot  # noqa: F401  # no warning on import


# ---------------------------------------------------------------- seeds (issue 36)
BAD_SEEDS = [-1, -5, -(2 ** 70), 1.5, "48", None, True]


@pytest.mark.parametrize("seed", BAD_SEEDS)
def test_a_seed_is_a_whole_number_from_0_up(seed: Any) -> None:
    with pytest.raises(ValueError, match="a seed is a whole number from 0 up, not"):
        check_seed(seed)


def test_a_seed_may_be_any_integer_type_from_0_up() -> None:
    np = pytest.importorskip("numpy")
    assert check_seed(np.int64(7)) == 7
    assert type(check_seed(np.int64(7))) is int
    assert check_seed(2 ** 70) == 2 ** 70


def test_a_negative_key_is_refused_not_shifted_for_ever() -> None:
    with pytest.raises(ValueError, match="from 0 up, not -1"):
        absorb(0, -1)
    with pytest.raises(ValueError):
        derive(3, -1)
    with pytest.raises(ValueError):
        Rng(-1)


def _entry_points() -> dict[str, Callable[[Any], object]]:
    """Every place a seed enters the library, as a function of the seed."""
    from euchre_dsl import simulate
    from euchre_dsl import rl
    from euchre_dsl.analysis.analyze import Analyzer
    from euchre_dsl.analysis.decisions import DecisionEstimator
    from euchre_dsl.event.simulate import simulate_event
    from euchre_dsl.rules.registry import load_variant
    from euchre_dsl.sim.deals import Deals
    from euchre_dsl.sim.bots.pimc import RecordReading
    from euchre_dsl.sim.runner import RunSpec

    rules = load_variant("standard")

    def first_legal(observation: Any, mask: Any) -> int:
        return int(mask.nonzero()[0][0])

    return {
        "simulate": lambda s: simulate(rules, "standard", 1, s),
        "RunSpec": lambda s: RunSpec(rules, "standard", s, ("random",) * 4),
        "Deals": lambda s: Deals(s),
        "rl.env": lambda s: rl.env("standard", seed=s),
        "env.reset": lambda s: rl.env("standard").reset(seed=s),
        "rl.evaluate": lambda s: rl.evaluate(first_legal, "random", 2, "standard", seed=s),
        "simulate_event": lambda s: simulate_event(rules, "standard", 4, s, ("random",)),
        "Analyzer": lambda s: Analyzer(seed=s),
        "DecisionEstimator": lambda s: DecisionEstimator(seed=s),
        "RecordReading": lambda s: RecordReading(seed=s),
    }


@pytest.mark.parametrize("entry", sorted(_entry_points()))
def test_every_entry_point_refuses_a_negative_seed_when_called(entry: str) -> None:
    """A negative seed hung for ever (``absorb`` shifted it right until it was 0);
    the generators (``simulate``, ``simulate_event``) refuse it when called, not at
    their first record."""
    with pytest.raises(ValueError, match="a seed is a whole number from 0 up, not -1"):
        _entry_points()[entry](-1)


@pytest.mark.parametrize("entry", sorted(_entry_points()))
def test_every_entry_point_refuses_a_seed_that_is_not_a_whole_number(entry: str) -> None:
    """Never truncated or hashed into another seed: a ValueError, or in the compiled
    build the TypeError of a function typed ``int`` ("int object expected")."""
    with pytest.raises((ValueError, TypeError),
                       match="a seed is a whole number from 0 up|int.* expected"):
        _entry_points()[entry](2.5)


def test_the_environment_takes_a_numpy_seed() -> None:
    """What gymnasium's seeding hands over; the compiled table is typed ``int``."""
    np = pytest.importorskip("numpy")
    from euchre_dsl import rl

    a, b = rl.env("standard"), rl.env("standard")
    a.reset(seed=np.int64(9))
    b.reset(seed=9)
    assert (a.observe(a.agent_selection)["observation"]
            == b.observe(b.agent_selection)["observation"]).all()


def test_a_table_keeps_its_episode_when_a_bad_seed_is_refused() -> None:
    from euchre_dsl.rl.episode import Episode
    from euchre_dsl.rules.registry import load_variant

    table = Episode(load_variant("standard"))
    table.reset(3)
    with pytest.raises(ValueError):
        table.reset(-3)
    assert (table.seed, table.unit) == (3, 0)
