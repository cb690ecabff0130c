"""Copies of the RL objects: vectorised training pickles environments into worker
processes and deep-copies them (issue 36: the compiled build's ``pickle`` and
``copy.deepcopy`` failed on the ``Episode``, ``ActionSpace``, ``Encoder``, ``Deals`` and
the environment, ``__init__() missing required argument 'rules'``).  Each copy is the
same object, plays on the same, and is independent of the original.  These run
against whichever build is installed: the CI's is the compiled one."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any, Callable

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402

from euchre_dsl import load_variant  # noqa: E402
from euchre_dsl.rl import env  # noqa: E402
from euchre_dsl.rl.action_space import ActionSpace  # noqa: E402
from euchre_dsl.rl.observation import Encoder  # noqa: E402
from euchre_dsl.rl.episode import Episode  # noqa: E402
from euchre_dsl.sim.deals import ConstrainedDeals, Constraints, Deals  # noqa: E402

COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda x: pickle.loads(pickle.dumps(x)), "deepcopy": copy.deepcopy}


def random_steps(table: Episode, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if table.done:
            table.reset()
        legal = [i for i in range(table.space.size) if table.legal_mask() >> i & 1]
        table.step(rng.choice(legal))


def snapshot(table: Episode) -> tuple[Any, ...]:
    return (table.seed, table.unit, table.hand, table.done, table.truncated,
            list(table.rewards), table.game.hand_log, table.game.results, table.game.scores,
            [table.observation_bits(s) for s in range(table.n)], table.legal_mask())


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("variant", ["standard", "bid-euchre", "railroad", "pepper"])
def test_a_table_copies_mid_episode_and_plays_on_the_same(variant: str, how: str) -> None:
    table = Episode(load_variant(variant), episode="game")
    table.reset(5)
    random_steps(table, random.Random(1), 23)
    twin = COPIES[how](table)
    assert snapshot(twin) == snapshot(table)
    a, b = random.Random(2), random.Random(2)
    for _ in range(40):  # the same ids, the same episode (deals included, hand after hand)
        random_steps(table, a, 1)
        random_steps(twin, b, 1)
        assert snapshot(twin) == snapshot(table)
    before = snapshot(table)
    random_steps(twin, random.Random(3), 15)
    assert snapshot(table) == before


@pytest.mark.parametrize("how", sorted(COPIES))
def test_the_action_space_and_encoder_copy(how: str) -> None:
    rules = load_variant("pepper")
    space = ActionSpace(rules)
    encoder = Encoder(rules, space)
    space2, encoder2 = COPIES[how]((space, encoder))
    assert encoder2.space is space2  # shared as in the original
    assert (space2.names, space2.keys, space2.ids, space2.size) == \
        (space.names, space.keys, space.ids, space.size)
    assert (encoder2.size, encoder2.segments) == (encoder.size, encoder.segments)


@pytest.mark.parametrize("how", sorted(COPIES))
def test_deals_copy_at_the_same_point_of_their_stream(how: str) -> None:
    from euchre_dsl.engine.machine import Machine

    rules = load_variant("standard")
    for deals in (Deals(11), ConstrainedDeals(11, Constraints(where="trumps(N, upcard) >= 2"),
                                              rules)):
        deals.start(4, 0)
        twin = COPIES[how](deals)
        assert type(twin) is type(deals) and twin.seed == 11
        for hand in range(3):
            g1, g2 = Machine(rules), Machine(rules)
            deals.deal(g1, hand)
            twin.deal(g2, hand)
            assert g1.dealt == g2.dealt and g1.upcard == g2.upcard


@pytest.mark.parametrize("how", sorted(COPIES))
def test_the_environment_copies_and_plays_on_the_same(how: str) -> None:
    e = env("buck", seed=4)
    e.reset()
    rng = random.Random(6)
    for _ in range(9):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    twin = COPIES[how](e)
    for _ in range(30):
        if not e.agents:
            break
        agent = e.agent_selection
        assert twin.agent_selection == agent
        mine, theirs = e.observe(agent), twin.observe(agent)
        assert (mine["observation"] == theirs["observation"]).all()
        assert (mine["action_mask"] == theirs["action_mask"]).all()
        assert e.rewards == twin.rewards
        action = None if e.terminations[agent] else int(np.flatnonzero(mine["action_mask"])[0])
        e.step(action)
        twin.step(action)
