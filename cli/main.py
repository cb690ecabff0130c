"""Entry point of the ``euchre`` command: one click group, one module per command family.

Exit codes, for every command: 0 success, 1 the input has errors (invalid
history or variant), 2 usage error or unreadable file.

The command modules are imported only when their command runs
(:class:`LazyGroup`): ``euchre validate`` or ``euchre simulate`` need not load
the analyser, the HTML replay or the converters, and a short run pays for the
start-up of the process more than for its work.  ``euchre --help`` imports them
all, to show each command's own short help.
"""

from __future__ import annotations

import importlib
import sys

import click

from euchre_dsl import __version__, build
from euchre_dsl.io_safety import OutputError, guard_stdout

from .common import EXIT_USAGE, output_failed, silence_stdout

#: Each command, by name: the module of this package that defines it and its attribute.
COMMANDS: dict[str, tuple[str, str]] = {
    "analyze": ("analyze_cmd", "analyze_cmd"),
    "compare": ("compare_cmd", "compare_cmd"),
    "convert": ("convert_cmd", "convert_cmd"),
    "event": ("event_cmd", "event_cmd"),
    "play": ("play_cmd", "play_cmd"),
    "replay": ("replay_cmd", "replay_cmd"),
    "simulate": ("simulate_cmd", "simulate_cmd"),
    "validate": ("validate_cmd", "validate_cmd"),
    "variant": ("variant_cmd", "variant"),
}


class LazyGroup(click.Group):
    """A group whose commands (:data:`COMMANDS`) are imported when they are looked up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        found = COMMANDS.get(cmd_name)
        if found is None:
            return None
        module, attribute = found
        command = getattr(importlib.import_module(f".{module}", __package__), attribute)
        assert isinstance(command, click.Command) and command.name == cmd_name, cmd_name
        return command

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        """click's, with its "Did you mean ...?" for a misspelt command: click looks
        for close names among the commands added to the group, and these are not."""
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:
            name = getattr(exc, "command_name", None)  # click >= 8.4's NoSuchCommand
            if name is None:
                raise
            raise click.exceptions.NoSuchCommand(name, possibilities=COMMANDS,
                                                 ctx=ctx) from None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="euchre",
                      message=f"%(prog)s %(version)s ({build()})")
def euchre() -> None:
    """Euchre variants as data: validate hand histories, simulate and replay games."""


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
