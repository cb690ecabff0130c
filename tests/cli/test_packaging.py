"""The command line is installed as ``euchre_dsl_cli``, never as a top-level ``cli`` package
(which would collide with any other project that ships one)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = ("import importlib.util as u, json; "
         "print(json.dumps([u.find_spec(n) is not None "
         "for n in ('euchre_dsl', 'euchre_dsl_cli', 'cli')]))")


def test_the_wheel_maps_cli_to_its_own_name() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["scripts"]["euchre"] == "euchre_dsl_cli.main:main"
    wheel = config["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["sources"] == {"cli": "euchre_dsl_cli"}


def test_outside_the_checkout_there_is_no_cli_package(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, "-P", "-c", PROBE], cwd=tmp_path, env=env,
                         capture_output=True, text=True, check=True).stdout
    installed, cli_installed, top_level_cli = (v == "true" for v in out.strip()[1:-1].split(", "))
    assert not top_level_cli
    assert cli_installed == installed  # installed: the command line comes with it


def test_cli_modules_import_each_other_relatively() -> None:
    """The wheel installs cli/ as euchre_dsl_cli, where an absolute ``cli`` import fails."""
    import re
    from pathlib import Path

    absolute = re.compile(r"^\s*(from\s+cli[\s.]|import\s+cli\b)", re.MULTILINE)
    root = Path(__file__).resolve().parents[2] / "cli"
    offenders = [p.name for p in root.glob("*.py") if absolute.search(p.read_text("utf-8"))]
    assert offenders == []
