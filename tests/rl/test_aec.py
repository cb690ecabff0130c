"""The PettingZoo environment: PettingZoo's own API and seed tests on every shipped
variant, errors for illegal actions, full-information state, rendering, rewards."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from euchre_dsl import IllegalAction, load_variant, shipped_ids, simulate  # noqa: E402
from euchre_dsl.rl import env  # noqa: E402

VARIANTS = shipped_ids()

# PettingZoo's advice for simpler envs (a Box observation, agents named player_0):
# ours is a dict with the action mask, its agents the seats' labels
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
    pytest.mark.filterwarnings("ignore:We recommend agents to be named"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_test_passes(variant: str) -> None:
    api_test(env(variant), num_cycles=40)


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_seed_test_passes(variant: str) -> None:
    seed_test(lambda: env(variant, episode="game"), num_cycles=40)


def test_the_readme_line_works() -> None:
    e = env(variant="standard")
    e.reset(seed=1)
    assert e.agents == ["N", "E", "S", "W"]


def test_an_illegal_action_raises_naming_the_legal_ones() -> None:
    e = env("standard")
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = e.observe(e.agent_selection)["observation"].copy()
    with pytest.raises(IllegalAction) as err:
        e.step(illegal)
    message = str(err.value)
    assert f"action {illegal} (play 9C) is not legal for S now (first round of bidding)" \
        in message
    assert "the legal actions are 48 (pass), 49 (order_up), 50 (order_up alone)" in message
    assert (e.observe(e.agent_selection)["observation"] == before).all()  # nothing changed
    with pytest.raises(IllegalAction, match="not an id: the ids are 0 to 59"):
        e.step(999)


@pytest.mark.parametrize("action", [1.7, 48.0, "48", float("nan"), None, True, [48],
                                    np.float64(48)])
def test_a_step_that_is_not_an_action_id_is_refused_not_truncated(action: object) -> None:
    """``step(1.7)`` played id 1, ``step("48")`` id 48, ``step(nan)`` was a bare
    ``ValueError`` (issue 36): each is refused, naming what an id is, and the game
    does not move."""
    e = env("standard")
    e.reset(seed=1)
    agent = e.agent_selection
    before = e.observe(agent)["observation"].copy()
    with pytest.raises(IllegalAction, match="S is on turn: step\\(\\) takes an action id, "
                       "a whole number 0 to 59, not "):
        e.step(action)  # type: ignore[arg-type]
    assert e.agent_selection == agent
    assert (e.observe(agent)["observation"] == before).all()


def test_a_numpy_integer_is_an_action_id() -> None:
    e = env("standard")
    e.reset(seed=1)
    e.step(np.int64(48))  # pass: what argmax over a mask gives
    assert e.agent_selection == "W"


def test_done_agents_leave_by_step_none_then_stepping_is_an_error() -> None:
    """PettingZoo's way: ``step(None)`` removes a done agent, an id for it is a
    ``ValueError``; once every agent has left, a step says to reset (it was a
    ``KeyError``)."""
    e = env("standard")
    e.reset(seed=2)
    while not all(e.terminations.values()):
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    with pytest.raises(ValueError, match="only valid action is None"):
        e.step(0)
    left = len(e.agents)
    while e.agents:
        e.step(None)
        left -= 1
        assert len(e.agents) == left
    for action in (None, 0):
        with pytest.raises(IllegalAction, match="no agent is in play: the episode is over"):
            e.step(action)
    e.reset()
    assert len(e.agents) == 4


def test_a_step_before_reset_says_to_reset() -> None:
    with pytest.raises(IllegalAction, match="reset\\(\\) the environment"):
        env("standard").step(48)


def test_an_idle_agents_mask_is_its_own() -> None:
    """Writing into an idle agent's mask changed the env's buffer, and so every
    later idle mask (issue 36)."""
    e = env("standard")
    e.reset(seed=1)
    idle = next(a for a in e.agents if a != e.agent_selection)
    mask = e.observe(idle)["action_mask"]
    mask[:] = 1
    assert not e.observe(idle)["action_mask"].any()
    on_turn = e.observe(e.agent_selection)["action_mask"]
    on_turn[:] = 0
    assert e.observe(e.agent_selection)["action_mask"].any()


def test_only_the_agent_on_turn_has_a_mask() -> None:
    e = env("buck")
    e.reset(seed=3)
    on_turn = e.agent_selection
    for agent in e.agents:
        assert e.observe(agent)["action_mask"].any() == (agent == on_turn)


def test_the_first_hand_is_simulates_first_hand() -> None:
    rules = load_variant("standard")
    (record,) = simulate(rules, "standard", games=1, seed=5)
    assert record is not None
    e = env("standard", render_mode="ansi")
    e.reset(seed=5)
    deal = record["hands"][0]["deal"]
    g = e.table.game
    for s, label in enumerate(g.labels):
        assert g.sure[s] == g.deck.mask([g.deck.parse(c) for c in deal["hands"][label]])
    assert g.deck.names[g.upcard] == deal["upcard"]
    assert record["hands"][0]["dealer"] == g.labels[g.dealer]


def play_out(e, rng: random.Random) -> dict[str, float]:  # type: ignore[no-untyped-def]
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        totals[agent] += reward
        if term or trunc:
            e.step(None)
        else:
            e.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
    return totals


@pytest.mark.parametrize("variant", ["standard", "buck", "columbus"])
def test_points_rewards_sum_to_zero_over_a_game(variant: str) -> None:
    e = env(variant, episode="game", seed=2)
    e.reset()
    totals = play_out(e, random.Random(2))
    assert abs(sum(totals.values())) < 1e-9
    assert e.table.game.is_over


def test_won_rewards_the_winners_at_the_end() -> None:
    e = env("standard", episode="game", reward="won")
    e.reset(seed=4)
    totals = play_out(e, random.Random(4))
    g = e.table.game
    assert g.winners is not None
    assert totals == {a: float(g.side_of[s] in g.winners) for s, a in enumerate(g.labels)}


@pytest.mark.parametrize("kwargs, message", [
    ({"reward": "won"}, "reward='won' scores a whole game"),
    ({"episode": "match"}, "episode='match': it is 'hand' or 'game'"),
    ({"reward": "tricks"}, "reward='tricks': it is 'points' or 'won'"),
    ({"render_mode": "human"}, "render_mode='human': it is None or 'ansi'"),
])
def test_bad_arguments_say_what_is_accepted(kwargs: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        env("standard", **kwargs)  # type: ignore[arg-type]


def test_state_shows_every_hand() -> None:
    e = env("standard")
    e.reset(seed=1)
    state = e.state()
    assert state.shape == e.state_space.shape
    g = e.table.game
    d = g.deck.size
    at = e.encoder.size
    me = g.to_act
    for k in range(4):
        part = state[at + k * d: at + (k + 1) * d]
        assert {int(c) for c in np.flatnonzero(part)} == set(
            c for c in range(d) if (g.sure[(me + k) % 4] >> c) & 1)
    kitty = {int(c) for c in np.flatnonzero(state[at + 4 * d:])}
    assert len(kitty) == 24 - 20 - 1


def test_render_draws_the_table() -> None:
    e = env("standard", render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert text is not None and "upcard J♦" in text and "* S" in text
    assert env("standard").render() is None


def test_a_variant_file_is_an_environment(tmp_path) -> None:  # type: ignore[no-untyped-def]
    house = tmp_path / "stick.yaml"
    house.write_text("extends: standard\nbidding: {stick_the_dealer: yes}\n", encoding="utf-8")
    e = env(str(house))
    e.reset(seed=1)
    assert e.table.rules.bidding.stick_the_dealer
