"""Train a small agent on a variant and measure it on duplicate deals.

    python examples/train_linear.py --variant two-hand --hands 40000

The agent is a linear action-value function, one weight vector per action id
over the observation tensor (``Q(o, a) = W[a] . o``), in numpy.  It learns by
self-play in the PettingZoo environment: every seat is the agent, choosing
the legal action of highest value (a random legal one with probability
``--epsilon``), and after each hand every decision of a seat is moved towards
the seat's reward for the hand (Monte Carlo regression).  Then
:func:`euchre_dsl.rl.evaluate` measures it against ``random`` and ``rule`` on
duplicate deals of another seed, with 95% intervals.

``--save agent.npz`` keeps the weights; the agent then plays anywhere a bot
does::

    euchre simulate --variant two-hand --bot examples.train_linear:LinearBot:weights=agent.npz

Minutes on a laptop CPU, no GPU and no deep-learning framework.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
try:
    import euchre_dsl  # noqa: F401
except ImportError:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

from euchre_dsl.rl import PolicyBot, env, evaluate  # noqa: E402
from euchre_dsl.rules.ruleset import RuleSet  # noqa: E402


class LinearAgent:
    """``Q(o, a) = W[a] . o + b[a]``, greedy over the legal actions."""

    def __init__(self, actions: int, features: int) -> None:
        self.w = np.zeros((actions, features), np.float32)
        self.b = np.zeros(actions, np.float32)

    def values(self, obs: Any) -> Any:
        return self.w @ obs + self.b

    def best(self, obs: Any, mask: Any) -> int:
        q = self.values(obs)
        return int(np.argmax(np.where(mask.astype(bool), q, -np.inf)))

    def __call__(self, observation: Any, action_mask: Any) -> int:
        """The policy :func:`evaluate` and :class:`LinearBot` ask."""
        return self.best(observation.astype(np.float32), action_mask)

    def learn(self, obs: Any, action: int, target: float, rate: float) -> None:
        err = target - (self.w[action] @ obs + self.b[action])
        self.w[action] += rate * err * obs
        self.b[action] += rate * err

    def save(self, path: str) -> None:
        np.savez(path, w=self.w, b=self.b)

    @classmethod
    def load(cls, path: str) -> LinearAgent:
        data = np.load(path)
        agent = cls(*data["w"].shape)
        agent.w, agent.b = data["w"], data["b"]
        return agent


class LinearBot(PolicyBot):
    """A saved agent as a bot: ``examples.train_linear:LinearBot:weights=agent.npz``."""

    def __init__(self, rules: RuleSet, rng: Any, weights: str = "agent.npz") -> None:
        super().__init__(rules, rng)
        self.agent = LinearAgent.load(weights)

    def choose(self, observation: Any, action_mask: Any) -> int:
        return self.agent(observation, action_mask)


def train(variant: str, hands: int, seed: int, epsilon: float, rate: float) -> LinearAgent:
    e = env(variant, seed=seed)
    rng = random.Random(seed)
    space = e.action_space(e.possible_agents[0])
    features = e.observation_space(e.possible_agents[0])["observation"].shape[0]
    agent = LinearAgent(space.n, features)
    for hand in range(hands):
        e.reset()
        taken: dict[str, list[tuple[Any, int]]] = {a: [] for a in e.possible_agents}
        returns = dict.fromkeys(e.possible_agents, 0.0)
        for name in e.agent_iter():
            obs, reward, term, trunc, _ = e.last()
            returns[name] += reward
            if term or trunc:
                e.step(None)
                continue
            o = obs["observation"].astype(np.float32)
            mask = obs["action_mask"]
            if rng.random() < epsilon:
                legal = np.flatnonzero(mask)
                action = int(legal[int(rng.random() * len(legal))])
            else:
                action = agent.best(o, mask)
            taken[name].append((o, action))
            e.step(action)
        step = rate / (1.0 + hand / 5000)
        for name, decisions in taken.items():
            for o, action in decisions:
                agent.learn(o, action, returns[name], step)
    return agent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="two-hand")
    ap.add_argument("--hands", type=int, default=40_000, help="self-play hands to train on")
    ap.add_argument("--seed", type=int, default=1, help="the training deals' seed")
    ap.add_argument("--eval-seed", type=int, default=1000, help="the evaluation deals' seed")
    ap.add_argument("--deals", type=int, default=2000, help="duplicate deals per opponent")
    ap.add_argument("--epsilon", type=float, default=0.1)
    ap.add_argument("--rate", type=float, default=0.01)
    ap.add_argument("--save", help="write the weights to this .npz file")
    args = ap.parse_args()
    start = time.perf_counter()
    agent = train(args.variant, args.hands, args.seed, args.epsilon, args.rate)
    print(f"trained on {args.hands:,} self-play hands of {args.variant} "
          f"in {time.perf_counter() - start:.0f} s")
    if args.save:
        agent.save(args.save)
    for opponents in ("random", "rule"):
        start = time.perf_counter()
        result = evaluate(agent, opponents, deals=args.deals, variant=args.variant,
                          seed=args.eval_seed)
        print(f"against {opponents}: {result} [{time.perf_counter() - start:.0f} s]")


if __name__ == "__main__":
    main()
