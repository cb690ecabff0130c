"""``euchre simulate``: play seeded games with bots, write ``ehh/1`` JSON Lines, summarise."""

from __future__ import annotations

import sys
from contextlib import ExitStack
from typing import IO, Any, Iterator, cast

import click

from euchre_dsl.sim.bots import BOTS
from euchre_dsl.sim.runner import Stats, UnfinishedGame, simulate
from euchre_dsl.history.writer import write_jsonl

from .common import EXIT_INVALID, resolve_variant, variant_reference


@click.command("simulate")
@click.option("--variant", "-v", default="standard", show_default=True,
              help="Shipped variant id (see 'euchre variant list') or a variant file.")
@click.option("--games", "-n", type=click.IntRange(min=1), default=100, show_default=True,
              help="Number of games to play.")
@click.option("--seed", "-s", type=click.IntRange(min=0), default=0, show_default=True,
              help="Random seed: the same seed gives byte-identical output.")
@click.option("--bot", type=click.Choice(sorted(BOTS)), default="random", show_default=True,
              help="Bot seated at every place.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write the games as ehh/1 JSON Lines to this file ('-' for standard "
                   "output). Without it only the summary is printed.")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar (default: when standard error is a terminal).")
def simulate_cmd(variant: str, games: int, seed: int, bot: str, output: str | None,
                 progress: bool | None) -> None:
    """Play GAMES seeded games of VARIANT and summarise them.

    \b
    Examples:
      euchre simulate --variant standard --games 1000 --seed 7 -o games.jsonl
      euchre simulate --variant buck -n 200
    """
    rules = resolve_variant(variant)
    ref = variant_reference(variant, rules)
    stats = Stats()
    show = sys.stderr.isatty() if progress is None else progress
    with ExitStack() as stack:
        out: IO[str] | None = None
        if output == "-":
            out = sys.stdout
        elif output:
            try:
                out = stack.enter_context(open(output, "w", encoding="utf-8", newline="\n"))
            except OSError as exc:
                raise click.UsageError(f"cannot write {output}: {exc.strerror}") from None
        records = simulate(rules, ref, games, seed, bot=bot, stats=stats, records=out is not None)
        if show:
            records = stack.enter_context(click.progressbar(
                records, length=games, label=f"simulating {rules.id}", file=sys.stderr))
        try:
            if out is not None:  # with an output, every item is a record
                write_jsonl(cast(Iterator[dict[str, Any]], records), out)
            else:
                for _ in records:
                    pass
        except UnfinishedGame as exc:
            click.echo(f"euchre simulate: {exc} of {rules.id}: do its rules let a game end "
                       f"(game.target is {rules.game.target})?", err=True)
            sys.exit(EXIT_INVALID)
    summary = f"{rules.name or rules.id} ({rules.id}), seed {seed}, {bot} bots\n{stats.summary()}"
    click.echo(summary, err=output == "-")


def register(group: click.Group) -> None:
    group.add_command(simulate_cmd)
