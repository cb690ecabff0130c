"""``euchre compare A B``: the same deals under two variants or two bot line-ups.

Deals depend only on the seed (see docs/simulate.md), so the two runs see the
same cards hand for hand: each deal played under both gives one paired
difference, and the mean of those differences has a much narrower interval
than two independent runs would.
"""

from __future__ import annotations

import json
import math
import sys
from contextlib import ExitStack
from typing import Any, Iterator

import click

from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.ruleset import RuleSet
from euchre_dsl.sim.deals import deal_differences
from euchre_dsl.sim.runner import Batch, Outcome, RunSpec, run
from euchre_dsl.sim.summary import POSITIONS, Z95, Mean, Rate, Stats

from .common import WORKERS, resolve_variant, variant_reference
from .simulate_cmd import bot_options, lineup, mapper_for, run_errors, usage_error


class Paired:
    """Paired differences (B - A) of points per deal, by where a side sits."""

    def __init__(self, a: Machine, b: Machine) -> None:
        self.side_of = a.side_of
        self.names = a.side_names
        self.n = a.n
        self.by_seat = {POSITIONS[k]: Mean() for k in range(self.n)}
        self.by_side = {name: Mean() for name in self.names}
        #: two sides: the dealer's side's lead over the other side
        self.dealer_lead = Mean() if len(self.names) == 2 else None
        self.deals = 0
        self.unpaired = 0

    def add(self, a: list[Outcome], b: list[Outcome]) -> None:
        mine = {o[0]: o for o in a}
        for ob in b:
            oa = mine.pop(ob[0], None)
            if oa is None:
                self.unpaired += 1
                continue
            self.deals += 1
            dealer, pa, pb = ob[1], oa[4], ob[4]
            for k in range(self.n):
                side = self.side_of[(dealer + k) % self.n]
                self.by_seat[POSITIONS[k]].add(pb[side] - pa[side])
            for i, name in enumerate(self.names):
                self.by_side[name].add(pb[i] - pa[i])
            if self.dealer_lead is not None:
                d = self.side_of[dealer]
                self.dealer_lead.add((pb[d] - pb[1 - d]) - (pa[d] - pa[1 - d]))
        self.unpaired += len(mine)


def _rates(stats: Stats) -> dict[str, Rate]:
    c = stats.all_contracts
    return {"makers made it": c.made, "euchred": Rate(c.made.n - c.made.hits, c.made.n),
            "marched": c.march, "alone": c.alone, "lone hands made": c.alone_made,
            "thrown in": Rate(stats.thrown_in, stats.hands)}


def _rate_difference(a: Rate, b: Rate) -> tuple[float, float]:
    """B - A for two independent proportions, with the normal 95% half-width."""
    if not a.n or not b.n:
        return (b.value - a.value, math.inf)
    var = a.value * (1 - a.value) / a.n + b.value * (1 - b.value) / b.n
    return (b.value - a.value, Z95 * math.sqrt(var))


def _lockstep(a: Iterator[Batch], b: Iterator[Batch], rules_a: RuleSet, rules_b: RuleSet
              ) -> Iterator[tuple[Batch | None, Batch | None]]:
    """The batches of the two runs side by side; a run that fails is named (A or B)."""
    while True:
        with run_errors(rules_a, "A"):
            x = next(a, None)
        with run_errors(rules_b, "B"):
            y = next(b, None)
        if x is None and y is None:
            return
        yield x, y


def _check_same_table(a: RuleSet, b: RuleSet) -> None:
    ga, gb = Machine(a), Machine(b)
    if ga.labels != gb.labels or ga.side_of != gb.side_of:
        usage_error(f"{a.id} and {b.id} seat different tables ({len(ga.labels)} and "
                    f"{len(gb.labels)} players, sides {', '.join(ga.side_names)} and "
                    f"{', '.join(gb.side_names)}): their deals cannot be paired")
    differ = deal_differences(a, b)
    if differ:
        click.echo(f"euchre compare: note: {a.id} and {b.id} deal differently "
                   f"({', '.join(differ)}), so the same seed does not give them the same "
                   "cards", err=True)


@click.command("compare")
@click.argument("variant_a", metavar="A")
@click.argument("variant_b", metavar="B")
@click.option("--games", "-n", type=click.IntRange(min=1), default=1000, show_default=True,
              help="Games to play under each.")
@click.option("--seed", "-s", type=click.IntRange(min=0), default=0, show_default=True)
@bot_options("random")
@click.option("--bots-a", metavar="A,B,...", help="The line-up for A (instead of --bots).")
@click.option("--bots-b", metavar="A,B,...", help="The line-up for B (instead of --bots).")
@click.option("--workers", "-j", type=WORKERS, default=1, show_default=True)
@click.option("--scheduler", metavar="ADDRESS", help="Play on a Dask cluster.")
@click.option("--report", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def compare_cmd(variant_a: str, variant_b: str, games: int, seed: int, bot: str,
                bots: str | None, bots_a: str | None, bots_b: str | None, workers: int,
                scheduler: str | None, report: str) -> None:
    """Play the same deals under variants A and B and report paired differences (B - A).

    \b
    Examples:
      euchre compare standard openspiel --games 20000 --bot rule
      euchre compare standard standard --bots-a rule --bots-b random -n 5000
    """
    rules_a, rules_b = resolve_variant(variant_a), resolve_variant(variant_b)
    _check_same_table(rules_a, rules_b)
    seats_a = lineup(rules_a, bot, bots_a or bots)
    seats_b = lineup(rules_b, bot, bots_b or bots)
    spec_a = RunSpec(rules_a, variant_reference(variant_a, rules_a), seed, seats_a,
                     records=False, outcomes=True)
    spec_b = RunSpec(rules_b, variant_reference(variant_b, rules_b), seed, seats_b,
                     records=False, outcomes=True)
    paired = Paired(Machine(rules_a), Machine(rules_b))
    stats_a, stats_b = Stats(), Stats()
    with ExitStack() as stack:
        mapper = mapper_for(workers, scheduler, stack)
        for x, y in _lockstep(run(spec_a, games, mapper), run(spec_b, games, mapper),
                              rules_a, rules_b):
            if x is not None:
                stats_a.merge(x.stats)
            if y is not None:
                stats_b.merge(y.stats)
            paired.add(x.outcomes if x else [], y.outcomes if y else [])
    name_a = f"{rules_a.id} ({','.join(seats_a)})" if seats_a != seats_b else rules_a.id
    name_b = f"{rules_b.id} ({','.join(seats_b)})" if seats_a != seats_b else rules_b.id
    if report == "json":
        click.echo(json.dumps(_json(name_a, name_b, games, seed, paired, stats_a, stats_b),
                              indent=2))
    else:
        click.echo(_text(name_a, name_b, games, seed, seats_a, seats_b, paired,
                         stats_a, stats_b))
    sys.stdout.flush()


def _text(name_a: str, name_b: str, games: int, seed: int, seats_a: tuple[str, ...],
          seats_b: tuple[str, ...], paired: Paired, a: Stats, b: Stats) -> str:
    bots = "" if seats_a != seats_b else f", {','.join(dict.fromkeys(seats_a))} bots"
    dealer = paired.by_seat["dealer"]
    lines = [f"A = {name_a}, B = {name_b}: {games} games each, seed {seed}{bots}",
             f"{paired.deals} deals played under both ({paired.unpaired} in only one)",
             f"B instead of A changes the dealer's side's points per hand by {dealer.text()}"]
    if paired.dealer_lead is not None:
        lines.append(f"  and its lead over the other side by {paired.dealer_lead.text()}")
    lines.append("paired differences B - A in points per hand (95% intervals):")
    for key in list(POSITIONS[1:paired.n]) + ["dealer"]:
        lines.append(f"  side of {key:<8} {paired.by_seat[key].text()}")
    for name, m in paired.by_side.items():
        lines.append(f"  {name:<16} {m.text()}")
    lines.append("rates, A -> B (difference, 95% interval):")
    ra, rb = _rates(a), _rates(b)
    for key in ra:
        diff, half = _rate_difference(ra[key], rb[key])
        lines.append(f"  {key:<16} {ra[key].value:6.1%} -> {rb[key].value:6.1%}  "
                     f"({diff:+.1%} ± {half:.1%})")
    return "\n".join(lines)


def _json(name_a: str, name_b: str, games: int, seed: int, paired: Paired, a: Stats,
          b: Stats) -> dict[str, Any]:
    ra, rb = _rates(a), _rates(b)
    rates = {}
    for key in ra:
        diff, half = _rate_difference(ra[key], rb[key])
        rates[key] = {"a": ra[key].to_json(), "b": rb[key].to_json(),
                      "difference": round(diff, 6),
                      "half_width": None if math.isinf(half) else round(half, 6)}
    return {"a": name_a, "b": name_b, "games": games, "seed": seed,
            "paired_deals": paired.deals, "unpaired_deals": paired.unpaired,
            "points_per_hand_difference": {
                "dealer_lead": None if paired.dealer_lead is None else
                paired.dealer_lead.to_json(),
                "by_seat_side": {f"side of {k}": m.to_json() for k, m in paired.by_seat.items()},
                "by_side": {k: m.to_json() for k, m in paired.by_side.items()}},
            "rates": rates, "summary_a": a.to_json(), "summary_b": b.to_json()}

