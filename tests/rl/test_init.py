"""Without the rl extra the core imports and ``euchre_dsl.rl`` says what to install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BLOCK = "import sys; sys.modules['pettingzoo'] = None; sys.modules['gymnasium'] = None; "


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", BLOCK + code], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_the_core_imports_without_the_extra() -> None:
    done = run("import euchre_dsl; euchre_dsl.simulate; print(euchre_dsl.build())")
    assert done.returncode == 0, done.stderr


def test_the_rl_package_names_the_extra() -> None:
    done = run("import euchre_dsl.rl")
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last == ("ImportError: euchre_dsl.rl needs gymnasium, which is not installed: "
                    "pip install pettingzoo gymnasium (in a checkout of euchre-dsl: "
                    "pip install '.[rl]')")
