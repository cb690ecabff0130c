"""``euchre event``: a club event (progressive euchre) -- its schedule, its standings
from the records of its tables, and a whole event played by bots.

``standings`` reads every record, checks it as ``validate`` does and checks the
event's own rules across records (see :mod:`euchre_dsl.event.standings`); it
prints the standings only when no record has an error, so a wrong score or a
wrong partner never reaches the table of totals.
"""

from __future__ import annotations

import json
import sys

import click

from euchre_dsl.engine.machine import Machine
from euchre_dsl.errors import Problem
from euchre_dsl.event.schedule import ScheduleError, player_name, schedule
from euchre_dsl.event.simulate import simulate_event
from euchre_dsl.event.standings import Event, PlayerTotal
from euchre_dsl.limits import MAX_EVENT_PLAYERS
from euchre_dsl.records.reader import READERS, find_records, input_name
from euchre_dsl.records.writer import dump_record
from euchre_dsl.rules.ruleset import RuleSet
from euchre_dsl.sim.bots import BotSpecError
from euchre_dsl.validate.validator import Validator

from .common import (EXIT_INVALID, EXIT_OK, EXIT_USAGE, check_output, open_output, plural,
                     refuse_writing_over, resolve_variant, runner_options, task_runner, try_input,
                     variant_dir_option,
                     variant_reference)


@click.group("event")
def event_cmd() -> None:
    """A club event (progressive euchre): rounds of a fixed number of deals at every table,
    partners rotating by a schedule, individual totals.

    \b
    Examples:
      euchre event schedule --players 8
      euchre event simulate --players 12 --seed 3 -o club.jsonl
      euchre event standings club.jsonl
    """


def _event_rules(variant: str) -> RuleSet:
    rules = resolve_variant(variant)
    if rules.event.rounds is None:
        raise click.UsageError(f"--variant: {rules.id} is not an event variant (its "
                               "event.rounds is none); try --variant progressive")
    return rules


def _tables(rules: RuleSet, players: int) -> list[tuple[int, int, tuple[int, ...]]]:
    try:
        return [(t.round, t.number, t.seats) for t in schedule(rules, players)]
    except ScheduleError as exc:
        raise click.UsageError(f"--players: {exc}") from None


variant_option = click.option("--variant", "-v", default="progressive", show_default=True,
                              help="The event's variant: a shipped id or a variant file with "
                                   "an event section.")
players_option = click.option("--players", "-n",
                              type=click.IntRange(min=2, max=MAX_EVENT_PLAYERS), default=8,
                              show_default=True, help="How many players take part (at most "
                              f"{MAX_EVENT_PLAYERS:,}).")


@event_cmd.command("schedule")
@variant_option
@players_option
def schedule_cmd(variant: str, players: int) -> None:
    """Print who sits where in every round: players P1..PN, partners opposite.

    \b
    Example:
      euchre event schedule --players 12
    """
    rules = _event_rules(variant)
    tables = _tables(rules, players)
    labels = Machine(rules).labels  # the seat labels a game of the variant uses
    rnd = -1
    for r, t, seats in tables:
        if r != rnd:
            if rnd >= 0:
                click.echo()
            click.echo(f"Round {r + 1}")
            rnd = r
        sat = "  ".join(f"{labels[s]}={player_name(p)}" for s, p in enumerate(seats))
        sides = " v ".join("+".join(player_name(seats[s]) for s in range(len(seats))
                                    if s % rules.players.teams == k)
                           for k in range(rules.players.teams))
        click.echo(f"  table {t + 1}: {sat}   ({sides})")


@event_cmd.command("simulate")
@variant_option
@players_option
@click.option("--seed", "-s", type=click.IntRange(min=0), default=0, show_default=True,
              help="The same seed plays the same event.")
@click.option("--bots", default="rule", show_default=True, metavar="A,B,...",
              help="One bot for every seat, or one per seat of a table, comma-separated.")
@click.option("--name", default="event", show_default=True, help="The event's name (meta).")
@click.option("--output", "-o", default="-", type=click.Path(dir_okay=False, allow_dash=True),
              help="Where the records go, one per table per round as JSON Lines "
                   "('-': standard output).")
@runner_options("tables")
def event_simulate_cmd(variant: str, players: int, seed: int, bots: str, name: str,
                 output: str, workers: int = 1, scheduler: str | None = None) -> None:
    """Play a whole event with bots and write its records (they validate, and
    'euchre event standings' reads them).

    \b
    Example:
      euchre event simulate --players 8 --seed 1 -o club.jsonl
    """
    check_output(output, "--output")
    rules = _event_rules(variant)
    _tables(rules, players)  # a size the rules cannot seat is a usage error before any play
    refuse_writing_over([variant], output, "--output")
    specs = tuple(b.strip() for b in bots.split(","))
    try:
        records = simulate_event(rules, variant_reference(variant, rules), players, seed,
                                 specs, name)  # checks the line-up before any table is played
    except (BotSpecError, ValueError) as exc:
        raise click.UsageError(f"--bots: {exc}") from None
    count = 0
    with task_runner("event simulate", workers, scheduler) as runner:
        if runner.parallel:
            records = simulate_event(rules, variant_reference(variant, rules), players, seed,
                                     specs, name, runner)
        with open_output(output, "event simulate") as out:
            for rec in records:
                out.write(dump_record(rec) + "\n")
                count += 1
    if output != "-":
        click.echo(f"wrote {plural(count, 'record')} to {output}", err=True)


@event_cmd.command("standings")
@click.argument("paths", nargs=-1, required=True, metavar="FILE...")
@click.option("--report", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: a table of places; json: one JSON object.")
@click.option("--event", "name", metavar="NAME",
              help="Only the records whose meta.event is NAME (for files or folders that hold "
                   "several events).")
@variant_dir_option
def standings_cmd(paths: tuple[str, ...], report: str, name: str | None,
                  variant_dirs: tuple[str, ...]) -> None:
    """Read the records of an event's tables in FILE... and print the standings:
    each player's total by round, games won and lone marches, in place order
    (ties broken by the variant's event.tie_break).

    Each record is one table of one round: its "players" name who sat where and
    its "meta" has "round". Every record is checked as 'euchre validate' does,
    and the event as a whole: a player seated twice in a round, partners paired
    again under a round-robin rotation, a round without a number. Problems are
    printed located (file:line:col: error[code]); with any error there are no
    standings and the exit status is 1.

    \b
    Example:
      euchre event standings round1.jsonl round2.jsonl round3.jsonl round4.jsonl
    """
    found = find_records(list(paths))
    unreadable = False
    for message in found.skipped:
        click.echo(f"euchre event standings: {message}", err=True)
        unreadable = True
    if not found.files and not found.skipped:
        click.echo(f"euchre event standings: no record files ({', '.join(READERS)}) in "
                   f"{', '.join(paths)}", err=True)
        sys.exit(EXIT_USAGE)
    validator = Validator(variant_dirs)
    event = Event(validator, name)
    errors = 0
    for path in found.files:
        items = try_input("event standings", path)
        if items is None:
            unreadable = True
            continue
        for p in event.read(items, input_name(path)):
            errors += _say(p)
    for p in event.final_problems():
        errors += _say(p)
    if unreadable:
        sys.exit(EXIT_USAGE)
    if errors:
        click.echo(f"euchre event standings: {plural(errors, 'error')}; no standings",
                   err=True)
        sys.exit(EXIT_INVALID)
    if not event.records:
        click.echo("euchre event standings: no record of event "
                   f"'{name}'" if name is not None else "euchre event standings: no records",
                   err=True)
        sys.exit(EXIT_INVALID)
    rows = event.standings()
    if report == "json":
        click.echo(json.dumps(_as_json(event, rows), ensure_ascii=False))
    else:
        _print_table(event, rows)
    sys.exit(EXIT_OK)


def _say(p: Problem) -> int:
    if p.severity == "info":
        return 0
    click.echo(p.format(), err=True)
    return 1 if p.severity == "error" else 0


def _as_json(event: Event, rows: list[PlayerTotal]) -> dict[str, object]:
    rules = event.rules
    return {"variant": rules.id if rules else None,
            "tie_break": rules.event.tie_break if rules else None,
            "records": event.records, "hands": event.hands,
            "standings": [{"place": p.place, "player": p.name, "points": p.points,
                           "rounds": {str(r): v for r, v in sorted(p.by_round.items())},
                           "games_won": p.games_won, "lone_marches": p.lone_marches}
                          for p in rows]}


def _print_table(event: Event, rows: list[PlayerTotal]) -> None:
    rounds = sorted({r for p in rows for r in p.by_round})
    width = max([len("player")] + [len(p.name) for p in rows])
    head = f"{'place':>5}  {'player':<{width}}  {'total':>5}  " + \
        "".join(f"{'R' + str(r):>4}" for r in rounds) + f"  {'won':>3}  {'lone':>4}"
    click.echo(head)
    for p in rows:
        tied = any(o is not p and o.place == p.place for o in rows)
        place = f"{p.place}{'=' if tied else ''}"
        click.echo(f"{place:>5}  {p.name:<{width}}  {p.points:>5}  " +
                   "".join(f"{p.by_round.get(r, 0):>4}" for r in rounds) +
                   f"  {p.games_won:>3}  {p.lone_marches:>4}")
    rules = event.rules
    if rules is not None:
        click.echo(f"\n{plural(event.records, 'record')}, {plural(event.hands, 'hand')}; "
                   f"variant {rules.id}; ties broken by {rules.event.tie_break}")
