"""How fast an agent steps the environment, run by hand: ``python bench/rl_env.py``.

Every step is what a learner does at a decision: read the acting seat's
observation tensor and action mask, pick a legal action (uniformly, from the
mask), take it.  Measured on one core with the installed build (compiled or
not), standard euchre, in the same run and alternated repeat by repeat:

* ``openspiel``: OpenSpiel's own ``euchre`` in C++, stepped through its Python
  API, asking at each decision for ``information_state_tensor()`` and
  ``legal_actions_mask()`` (chance nodes drawn from ``chance_outcomes()``,
  not counted as decisions);
* ``table``: our core episode (:class:`euchre_dsl.rl.episode.Table`): the
  observation array, the mask array, the step;
* ``pettingzoo``: the same through the PettingZoo AEC API (``last()``,
  ``step()``), with its per-step dictionaries of rewards and flags.

The figure is decisions per second; each row's ratio is the median, over
``--repeat`` repeats, of its rate over OpenSpiel's in the same repeat (this
VM's speed drifts, so only ratios from one run compare).  Target: >= 1x (issue 38:
the PettingZoo loop).  Time is wall time; ``--clock cpu`` counts this process's CPU
time instead, which a loaded machine moves less.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from bench_args import positive  # noqa: E402
from euchre_dsl import build  # noqa: E402
from euchre_dsl.rl import env  # noqa: E402
from euchre_dsl.rl.episode import Episode  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402


#: The clock rates are timed by: wall time, or CPU time with ``--clock cpu``.
clock: Callable[[], float] = time.perf_counter


def pick(mask: Any, rng: random.Random) -> int:
    """A uniform choice among the legal ids of a mask array: the agent's part."""
    legal = np.flatnonzero(mask)
    return int(legal[int(rng.random() * len(legal))])


def openspiel_rate(decisions: int, seed: int) -> float:
    import pyspiel

    game = pyspiel.load_game("euchre")
    rng = random.Random(seed)
    done = 0
    start = clock()
    while done < decisions:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                continue
            player = state.current_player()
            state.information_state_tensor(player)
            mask = state.legal_actions_mask(player)
            state.apply_action(pick(mask, rng))
            done += 1
    return done / (clock() - start)


def table_rate(decisions: int, seed: int) -> float:
    table = Episode(load_variant("standard"))
    size = table.space.size
    nbytes = (size + 7) // 8
    rng = random.Random(seed)
    done = 0
    table.reset(seed)
    start = clock()
    while done < decisions:
        if table.done:
            table.reset()
        table.observe(table.to_act)
        raw = np.frombuffer(table.legal_mask().to_bytes(nbytes, "little"), dtype=np.uint8)
        mask = np.unpackbits(raw, count=size, bitorder="little")
        table.step(pick(mask, rng))
        done += 1
    return done / (clock() - start)


def pettingzoo_rate(decisions: int, seed: int) -> float:
    e = env("standard")
    rng = random.Random(seed)
    done = 0
    e.reset(seed=seed)
    start = clock()
    while done < decisions:
        if not e.agents:
            e.reset()
        obs, _reward, term, trunc, _info = e.last()
        if term or trunc:
            e.step(None)
            continue
        e.step(pick(obs["action_mask"], rng))
        done += 1
    return done / (clock() - start)


ROWS: dict[str, Callable[[int, int], float]] = {
    "table": table_rate, "pettingzoo": pettingzoo_rate}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=positive, default=100_000,
                    help="decisions per measurement (default 100000)")
    ap.add_argument("--repeat", type=positive, default=3, help="repeats (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="time by wall time (default) or by this process's CPU time")
    args = ap.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"euchre-dsl build: {build()}; {args.decisions:,} decisions a measurement, "
          f"median of {args.repeat}; timed by {args.clock} time")
    ratios: dict[str, list[float]] = {name: [] for name in ROWS}
    rates: dict[str, list[float]] = {name: [] for name in ("openspiel", *ROWS)}
    for r in range(args.repeat):
        for name, row in ROWS.items():
            base = openspiel_rate(args.decisions, args.seed + r)
            rate = row(args.decisions, args.seed + r)
            rates["openspiel"].append(base)
            rates[name].append(rate)
            ratios[name].append(rate / base)
    print(f"{'openspiel euchre (C++, Python API)':<36} "
          f"{statistics.median(rates['openspiel']):>10,.0f} decisions/s")
    for name in ROWS:
        ratio = statistics.median(ratios[name])
        target = "  target >= 1.00x  " + ("✔" if ratio >= 1 else "✘") if name == "pettingzoo" \
            else ""
        print(f"{name:<36} {statistics.median(rates[name]):>10,.0f} decisions/s  "
              f"{ratio:.2f}x OpenSpiel{target}")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
