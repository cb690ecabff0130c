"""The README shows current outputs: every console example that prints something is run
here and must print exactly what the README shows (with the files its block makes first),
and its Python examples run as doctests.  Commands shown without output (pages,
interactive play) are covered by their own commands' tests."""

from __future__ import annotations

import doctest
import os
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def console_blocks() -> list[list[tuple[str, str]]]:
    """Each console block as its (command, expected output) pairs, in order."""
    blocks = []
    for body in re.findall(r"```console\n(.*?)```", README, flags=re.DOTALL):
        pairs: list[tuple[str, list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                pairs.append((line[2:], []))
            elif pairs:
                pairs[-1][1].append(line)
        blocks.append([(cmd, "\n".join(out)) for cmd, out in pairs])
    return blocks


SHOWN = [block for block in console_blocks() if any(out for _, out in block)]


def test_the_readme_has_examples_with_output() -> None:
    assert len(SHOWN) >= 3


@pytest.mark.parametrize("block", SHOWN, ids=[b[0][0][:40] for b in SHOWN])
def test_console_example_prints_what_the_readme_shows(block: list[tuple[str, str]],
                                                      tmp_path: Path) -> None:
    (tmp_path / "samples").symlink_to(ROOT / "samples")
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1")
    for command, expected in block:
        if not expected and not command.startswith("printf "):
            continue  # shown for the reader only (a page, a game to play): tested elsewhere
        run = subprocess.run(["bash", "-o", "pipefail", "-c", command], check=False, cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=300)
        if expected:
            assert run.stdout.rstrip("\n") == expected, command
        else:
            assert run.returncode == 0, (command, run.stderr)


def test_python_examples_run() -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(README, {}, "README.md", str(ROOT / "README.md"), 0)
    assert test.examples, "the README shows the Python API"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        runner.run(test)
    finally:
        os.chdir(cwd)
    assert runner.failures == 0
