"""Entry point of the ``euchre`` command: one click group, one module per command family.

Exit codes, for every command: 0 success, 1 the input has errors (invalid
history or variant), 2 usage error or unreadable file.
"""

from __future__ import annotations

import click

from euchre_dsl import __version__, build

from . import convert_cmd, replay_cmd, simulate_cmd, validate_cmd, variant_cmd


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


def main() -> None:
    euchre(prog_name="euchre")
