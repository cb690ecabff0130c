"""The engine's action vocabulary (``engine/actions.py``)."""

from __future__ import annotations

import multiprocessing
import pickle
import random

import pytest

from euchre_dsl.engine.actions import IllegalAction
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant


def test_an_illegal_action_survives_pickling_with_its_code_and_message() -> None:
    error = IllegalAction("renege", "S must follow hearts")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is IllegalAction
    assert (again.code, again.message, str(again)) == ("renege", "S must follow hearts",
                                                         "S must follow hearts")


def _refused(seed: int) -> None:
    """A worker's task that the engine refuses: it plays before the bidding is over."""
    game = Machine(load_variant("standard"), dealer=0)
    game.deal_random(random.Random(seed))
    game.play(game.to_act, 0)


def test_a_worker_s_refused_action_reaches_its_pool() -> None:
    """Raised in a worker process, it comes back to the caller instead of leaving the
    pool waiting (as bench/strength.py's pool, which forks its workers, did)."""
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(1) as pool:
        with pytest.raises(IllegalAction) as caught:
            pool.apply_async(_refused, (1,)).get(timeout=60)
    assert caught.value.code
