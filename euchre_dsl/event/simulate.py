"""A whole event played by bots: one record per table per round, as a club keeps them.

Every table of every round is an ordinary game of the event's variant, seated
by :func:`~.schedule.schedule`; its record names the players in its seats and
says the round and table in ``meta``, so :mod:`.standings` reads it back like
a club's own records.  Cards and bots draw from streams keyed by the seed and
the table's place in the event (:mod:`euchre_dsl.rng`): the same seed gives
the same event.
"""

from __future__ import annotations

import random
from typing import Any, Iterator

from ..engine.machine import Machine
from ..records.writer import game_record, hand_record
from ..rng import BOT, check_seed, derive
from ..rules.ruleset import RuleSet
from ..sim.bots import make_bot, parse_bot_spec
from ..sim.deals import Deals
from ..sim.runner import play_game
from ..version import __version__
from ..workers import TaskRunner
from .schedule import TableSeating, player_name, schedule


def simulate_event(rules: RuleSet, variant_ref: str | dict[str, Any], players: int, seed: int,
                   bots: tuple[str, ...], name: str = "event",
                   runner: TaskRunner | None = None) -> Iterator[dict[str, Any]]:
    """The records of one simulated event, round by round, table by table.

    ``bots`` holds one spec per seat of a table (or one for every seat).  Each
    table is played by :func:`play_table`, in this process or on ``runner``'s
    workers (processes or a Dask cluster): the records are the same either way,
    in the same order.  Raises :class:`~.schedule.ScheduleError` for a size the
    rules cannot seat, :class:`~euchre_dsl.sim.bots.BotSpecError` for a bad bot
    spec and ``ValueError`` for a seed that is not a whole number from 0 up -- when
    called, before any table is played."""
    check_seed(seed)
    n = rules.players.count
    specs = [parse_bot_spec(b) for b in (bots * n if len(bots) == 1 else bots)]
    if len(specs) != n:
        raise ValueError(f"one bot for every seat, or {n} bots, not {len(bots)}")
    tables = ((unit, table) for unit, table in enumerate(schedule(rules, players)))
    shared = (rules, variant_ref, seed, bots, name)
    if runner is None:
        return (play_table(*shared, unit, table) for unit, table in tables)
    return runner.map(play_table, tables, shared)


def play_table(rules: RuleSet, variant_ref: str | dict[str, Any], seed: int,
               bots: tuple[str, ...], name: str, unit: int, table: TableSeating) -> dict[str, Any]:
    """The record of the event's ``unit``-th table (``table``: its round, number and
    seats): its cards and bots draw from streams keyed by the seed and ``unit`` alone,
    so a table plays the same wherever and whenever it is played."""
    n = rules.players.count
    specs = [parse_bot_spec(b) for b in (bots * n if len(bots) == 1 else bots)]
    deals = Deals(seed)
    seat_bots = [make_bot(specs[s], rules, random.Random(derive(seed, BOT, unit, s)))
                 for s in range(n)]
    game = Machine(rules, dealer=deals.first_dealer(unit, n))
    hands: list[dict[str, Any]] = []

    def keep(g: Machine, dealer: int, dealt: tuple[int, ...], upcard: int | None,
             widow: int | None) -> None:
        hands.append(hand_record(g, dealer, dealt, upcard, widow))

    deals.start(unit, 0)
    play_game(rules, seat_bots, deals, game, keep)
    meta: dict[str, Any] = {"event": name, "round": table.round + 1,
                            "table": table.number + 1,
                            "generator": f"euchre-dsl {__version__}", "seed": seed,
                            "bots": ",".join(bots)}
    who = {game.labels[s]: player_name(p) for s, p in enumerate(table.seats)}
    return game_record(game, variant_ref, hands, meta=meta, players=who)
