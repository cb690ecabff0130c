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
