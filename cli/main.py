"""Entry point of the ``euchre`` command: one click group, one module per command family.

Exit codes, for every command: 0 success, 1 the input has errors (invalid
history or variant), 2 usage error or unreadable file.
"""

from __future__ import annotations

import sys

import click

from euchre_dsl import __version__, build
from euchre_dsl.io_safety import OutputError, guard_stdout

from .common import EXIT_USAGE, output_failed, silence_stdout

from . import (analyze_cmd, compare_cmd, convert_cmd, event_cmd, play_cmd, replay_cmd,
               simulate_cmd, validate_cmd, variant_cmd)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="euchre",
                      message=f"%(prog)s %(version)s ({build()})")
def euchre() -> None:
    """Euchre variants as data: validate hand histories, simulate and replay games."""


# each command module adds its commands
simulate_cmd.register(euchre)
validate_cmd.register(euchre)
variant_cmd.register(euchre)
convert_cmd.register(euchre)
replay_cmd.register(euchre)
event_cmd.register(euchre)
compare_cmd.register(euchre)
analyze_cmd.register(euchre)
play_cmd.register(euchre)
event_cmd.register(euchre)


def main() -> None:
    """Run the command; a standard output that cannot be written (``> /dev/full``)
    ends it with a clear message and status 2, never a traceback."""
    guard_stdout()
    try:
        euchre(prog_name="euchre")
    except SystemExit:
        _flush_stdout()
        raise
    except OutputError as exc:
        output_failed(f"euchre: {exc}")
    except BrokenPipeError:  # the reader of our output went away (`| head`): a quiet end
        silence_stdout()
        sys.exit(EXIT_USAGE)
    _flush_stdout()


def _flush_stdout() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()
    except OutputError as exc:
        output_failed(f"euchre: {exc}")
