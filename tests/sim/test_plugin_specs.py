"""A bot of the user's own, named by its module or by its file's path.

``package.module:Class`` is imported as Python run in the current folder would
import it (the folder is put on the import path), and ``path/to/file.py:Class``
loads the file itself; both are what the documentation shows
(``examples.train_linear:LinearBot`` from a checkout's root, no ``PYTHONPATH``).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.bots import BotSpecError, make_bot, parse_bot_spec

ROOT = Path(__file__).resolve().parents[2]

BOT = '''
class Mine:
    """A bot of the user's own: the first legal choice."""

    def __init__(self, rules, rng, colour="red"):
        self.colour = colour

    def act(self, view, legal):
        return legal[0]

    def play(self, view, legal):
        return legal[0]
'''


def _without_here(monkeypatch: pytest.MonkeyPatch, here: Path) -> None:
    """The import path of the ``euchre`` command: not the current folder."""
    monkeypatch.chdir(here)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(here))])


def test_a_file_path_names_a_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine.py").write_text(BOT)
    _without_here(monkeypatch, tmp_path)
    spec = parse_bot_spec("bots/mine.py:Mine:colour=blue")
    assert spec.name == "bots/mine.py:Mine" and spec.params == {"colour": "blue"}
    assert spec.cls(load_variant("standard"), random.Random(1), **spec.params).colour == "blue"
    make_bot(spec, load_variant("standard"), random.Random(1))
    # loaded once: every seat's bot is of one class
    assert parse_bot_spec(str(tmp_path / "bots" / "mine.py") + ":Mine").cls is spec.cls


def test_a_module_is_found_from_the_current_folder(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mybots").mkdir()
    (tmp_path / "mybots" / "fancy_plug_in.py").write_text(BOT)
    _without_here(monkeypatch, tmp_path)
    monkeypatch.delitem(sys.modules, "mybots", raising=False)
    spec = parse_bot_spec("mybots.fancy_plug_in:Mine")
    assert spec.cls.__name__ == "Mine"


@pytest.mark.parametrize("text,message", [
    ("nowhere/mine.py:Mine", "there is no file 'nowhere/mine.py'"),
    ("bots/broken.py:Mine", "cannot load 'bots/broken.py' (ZeroDivisionError"),
    ("bots/mine.py:Yours", "file 'bots/mine.py' has no class 'Yours'"),
    ("bots/mine.py:", "name the class after the file, as path/to/file.py:Class"),
    ("nosuchpackage.mod:Mine", "or the file as path/to/file.py:Class"),
])
def test_a_spec_that_finds_no_bot_says_why(text: str, message: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine.py").write_text(BOT)
    (tmp_path / "bots" / "broken.py").write_text("1 / 0\n")
    _without_here(monkeypatch, tmp_path)
    with pytest.raises(BotSpecError) as caught:
        parse_bot_spec(text)
    assert message in str(caught.value)


@pytest.mark.parametrize("form", ["examples.train_linear:LinearBot",
                                  "examples/train_linear.py:LinearBot"])
def test_the_documented_trained_bot_plays_from_the_checkout(form: str, tmp_path: Path) -> None:
    # the command docs/rl.md shows, run from the repository's root without PYTHONPATH
    pytest.importorskip("pettingzoo")
    weights = tmp_path / "agent.npz"
    make = ("import sys; sys.path.insert(0, 'examples'); import train_linear as t; "
            "from euchre_dsl.rl import env; e = env('two-hand'); a = e.possible_agents[0]; "
            "g = t.LinearAgent(e.action_space(a).n, "
            "e.observation_space(a)['observation'].shape[0]); "
            "g.w[:] = t.np.random.default_rng(1).normal(size=g.w.shape); g.save(sys.argv[1])")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run([sys.executable, "-c", make, str(weights)], cwd=ROOT, env=env, check=True)
    euchre = Path(sys.executable).parent / "euchre"
    done = subprocess.run([str(euchre), "simulate", "--variant", "two-hand", "--games", "2",
                           "--seed", "1", "--bots", f"{form}:weights={weights},rule"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Two-handed euchre (two-hand), seed 1, " + form)
