"""Helpers shared by the commands: opening inputs, variant arguments and error output.

Every command reports problems the same way (``file:line:col: error[code]:
message`` on standard error) and exits 0 (fine), 1 (the input has errors) or
2 (usage error, unknown name, unreadable file).
"""

from __future__ import annotations

import sys
from typing import Iterator, NoReturn

import click

from euchre_dsl.errors import EuchreError, Location, Problem
from euchre_dsl.history.reader import AUTO, InputError, Item, open_records
from euchre_dsl.rules.registry import load_variant, shipped_ids
from euchre_dsl.rules.ruleset import RuleSet

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def plural(n: int, word: str) -> str:
    """``1 record``, ``2 records``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def fail(problems: list[Problem], code: int) -> NoReturn:
    """Print located problems to standard error and exit with ``code``."""
    for p in problems:
        click.echo(p.format(), err=True)
    sys.exit(code)


def open_input(command: str, path: str, form: str = AUTO) -> Iterator[Item]:
    """The records of one input (a file or ``-``, see
    :func:`~euchre_dsl.history.reader.open_records`), for a command that needs it:
    a file of an unknown kind is a usage error, an unreadable one exits 2."""
    try:
        return open_records(path, form)
    except InputError as exc:
        if not exc.unreadable:
            raise click.UsageError(str(exc)) from None
        click.echo(f"euchre {command}: {exc}", err=True)
        sys.exit(EXIT_USAGE)


def try_input(command: str, path: str, form: str = AUTO) -> Iterator[Item] | None:
    """:func:`open_input` for a command that goes on with its other inputs: ``None``
    after saying on standard error why this one cannot be read."""
    try:
        return open_records(path, form)
    except InputError as exc:
        click.echo(f"euchre {command}: {exc}", err=True)
        return None


def resolve_variant(name: str) -> RuleSet:
    """A ``--variant`` argument: a shipped id or a variant file; errors exit cleanly."""
    try:
        return load_variant(name)
    except EuchreError as exc:
        for p in exc.problems:
            if p.location.file is None:
                p.location = Location("--variant")
        usage = all(p.code == "unknown-variant" for p in exc.problems)
        fail(exc.problems, EXIT_USAGE if usage else EXIT_INVALID)


def variant_reference(name: str, rules: RuleSet) -> str | dict[str, object]:
    """How a record names its variant: the id for a shipped one, else the full rules inline.

    Inline rules keep a simulated file self-contained when the variant file it
    came from is moved or edited.
    """
    if name in shipped_ids():
        return name
    return rules.to_dict()
