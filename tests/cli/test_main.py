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
from typing import Iterator

import click
import pytest
from click.testing import CliRunner

from cli.main import euchre

ROOT = Path(__file__).parents[2]

COMMANDS = [
    ["validate", "samples/games.jsonl"],
    ["validate", "--report", "json", "samples/"],
    ["variant", "show", "standard"],
    ["variant", "compile", "standard"],
    ["variant", "schema"],
    ["variant", "list"],
    ["replay", "examples/text/standard-game.ehh"],
    ["replay", "examples/text/standard-game.ehh", "--html", "-"],
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


# ------------------------------------------------------------ commands imported on demand
def test_help_lists_every_command_with_its_own_short_help() -> None:
    """The group knows its commands by name only; ``--help`` still shows each one's
    short help, the one its own module gives it."""
    import click
    from click.testing import CliRunner

    from cli.main import COMMANDS, euchre

    result = CliRunner().invoke(euchre, ["--help"])
    assert result.exit_code == 0, result.output
    listed = result.output.split("Commands:\n", 1)[1].splitlines()
    assert [line.split()[0] for line in listed] == sorted(COMMANDS)
    ctx = click.Context(euchre)
    for line in listed:
        name, shown = line.split(None, 1)
        command = euchre.get_command(ctx, name)
        assert command is not None and command.name == name
        short = command.get_short_help_str(limit=len(shown))
        assert shown == short and short.rstrip(".") != ""
    assert euchre.get_command(ctx, "nonesuch") is None
    misspelt = CliRunner().invoke(euchre, ["valdate"])
    assert misspelt.exit_code == 2
    if hasattr(click.exceptions, "NoSuchCommand"):  # click >= 8.4 suggests close names
        assert "Error: No such command 'valdate'. Did you mean 'validate'?" in misspelt.output


#: What only other commands use: analysis, display, interop, the grammars (the text
#: format's, --where's); what only a run in several processes uses (pickle: the worker
#: pool's messages); PyYAML, which a shipped variant needs not (compiled ahead:
#: ``rules/shipped.py``); and the search, which only the pimc bot needs (its module is
#: imported when a spec names it).
HEAVY = ("euchre_dsl.analysis", "euchre_dsl.display", "euchre_dsl.interop", "lark",
         "euchre_dsl.records.text_reader", "multiprocessing", "concurrent.futures.process",
         "pickle", "yaml", "euchre_dsl.search", "euchre_dsl.sim.bots.pimc")


@pytest.mark.parametrize("args", [["validate", "samples/games.jsonl"],
                                  ["simulate", "--games", "2", "--seed", "1"]],
                         ids=" ".join)
def test_validate_and_simulate_import_only_what_they_use(args: list[str]) -> None:
    probe = ("import runpy, sys\nsys.argv = ['euchre', *sys.argv[1:]]\n"
             "try:\n    runpy.run_module('cli', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", probe, *args], cwd=ROOT, text=True,
                            capture_output=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    loaded = result.stderr.split()
    assert "euchre_dsl.engine.machine" in loaded, result.stderr[-2000:]
    assert [m for m in loaded if m.startswith(HEAVY)] == []
    # every record of the sample is proved from its bytes: none is parsed
    assert [m for m in loaded if m.startswith("msgspec")] == []


#: What a run of simulate that writes no file and meets no error need not load: the
#: records reader and its JSON parser, a temporary file's module, the words of errors.
NOT_FOR_A_SUMMARY = ("msgspec", "euchre_dsl.records.reader", "tempfile", "difflib",
                     "euchre_dsl.rules.phrases", "euchre_dsl.rules.describe")


def test_a_simulation_printing_its_summary_loads_no_reader_nor_error_words() -> None:
    probe = ("import runpy, sys\nsys.argv = ['euchre', *sys.argv[1:]]\n"
             "try:\n    runpy.run_module('cli', run_name='__main__')\n"
             "except SystemExit:\n    pass\n"
             "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", probe, "simulate", "--games", "3",
                             "--bot", "random"], cwd=ROOT, text=True, capture_output=True,
                            timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    loaded = result.stderr.split()
    assert "euchre_dsl.sim.summary" in loaded, result.stderr[-2000:]
    assert "games 3, hands" in result.stdout
    assert [m for m in loaded if m.startswith(NOT_FOR_A_SUMMARY)] == []


def _commands(group: click.Command, path: tuple[str, ...] = ()) -> Iterator[
        tuple[tuple[str, ...], click.Command]]:
    yield path, group
    if isinstance(group, click.Group):
        ctx = click.Context(group)
        for name in group.list_commands(ctx):
            sub = group.get_command(ctx, name)
            assert sub is not None
            yield from _commands(sub, path + (name,))


SEEDED = [(path, cmd) for path, cmd in _commands(euchre)
          if any(p.name == "seed" for p in cmd.params)]


def test_the_seeded_commands_are_found() -> None:
    assert {" ".join(path) for path, _ in SEEDED} >= {
        "simulate", "analyze", "play", "compare", "event simulate"}


@pytest.mark.parametrize("path,command", SEEDED, ids=[" ".join(p) for p, _ in SEEDED])
def test_every_seed_option_refuses_a_negative_seed(path: tuple[str, ...],
                                                   command: click.Command) -> None:
    """A negative seed hung the library (issue 36); ``analyze --seed -1`` was accepted."""
    option = next(p for p in command.params if p.name == "seed")
    assert isinstance(option.type, click.IntRange)
    assert option.type.min == 0 and not option.type.min_open
    result = CliRunner().invoke(euchre, [*path, "--seed", "-1", "samples/games.jsonl"])
    assert result.exit_code == 2
    assert "'--seed'" in result.output and "-1 is not in the range x>=0" in result.output
