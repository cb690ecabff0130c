"""examples/train_linear.py learns: a few thousand self-play hands beat random."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pettingzoo")

from euchre_dsl.rl import evaluate  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_linear",
                                                  ROOT / "examples" / "train_linear.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_short_training_beats_random_on_duplicate_deals(tmp_path: Path) -> None:
    ex = example()
    agent = ex.train("two-hand", 3000, 1, 0.1, 0.01)
    result = evaluate(agent, "random", deals=300, variant="two-hand", seed=1000)
    assert result.interval[0] > 0
    weights = tmp_path / "agent.npz"
    agent.save(str(weights))
    again = ex.LinearAgent.load(str(weights))
    assert evaluate(again, "random", deals=300, variant="two-hand", seed=1000) == result
