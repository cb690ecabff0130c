"""The ``euchre`` entry point: an output that cannot be written is a clear error.

Issue 9, finding 11: standard output on a full disk (``> /dev/full``) gave a
traceback (or, in ``validate``, blamed the file being read).  Every command
now says that standard output cannot be written and exits 2.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]

COMMANDS = [
    ["validate", "samples/games.jsonl"],
    ["validate", "--report", "json", "samples/"],
    ["variant", "show", "standard"],
    ["variant", "compile", "standard"],
    ["variant", "schema"],
    ["variant", "list"],
    ["replay", "samples/standard-game.ehh"],
    ["replay", "samples/standard-game.ehh", "--html", "-"],
    ["convert", "samples/games.jsonl", "-", "--to", "text"],
    ["--help"],
]


def run_to_full_disk(args: list[str]) -> subprocess.CompletedProcess[str]:
    with open("/dev/full", "w") as full:  # Linux: every write fails with ENOSPC
        return subprocess.run([sys.executable, "-m", "cli", *args], cwd=ROOT, stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=120,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_standard_output_on_a_full_disk_is_a_clear_error(args: list[str]) -> None:
    result = run_to_full_disk(args)
    assert result.returncode == 2, result.stderr
    assert result.stderr.rstrip("\n").endswith(
        "cannot write standard output: No space left on device"), result.stderr
    assert "Traceback" not in result.stderr and "cannot read" not in result.stderr
