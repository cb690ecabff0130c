"""Helpers for the event tests: one simulated progressive event, written and read back."""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from euchre_dsl.errors import Problem
from euchre_dsl.event.simulate import simulate_event
from euchre_dsl.event.standings import Event
from euchre_dsl.records.reader import read_records
from euchre_dsl.rules.registry import load_variant

PROGRESSIVE = load_variant("progressive")


@lru_cache(maxsize=None)
def _event(players: int, seed: int) -> tuple[dict[str, Any], ...]:
    return tuple(simulate_event(PROGRESSIVE, "progressive", players, seed, ("rule",)))


def event_records(players: int = 8, seed: int = 1) -> list[dict[str, Any]]:
    """A fresh copy of a simulated event's records (round by round, table by table)."""
    return copy.deepcopy(list(_event(players, seed)))


def write_event(path: Path, records: list[dict[str, Any]]) -> Path:
    """The records as JSON Lines: record *i* is on line *i + 1*."""
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def read_event(path: Path) -> tuple[Event, list[Problem]]:
    """An event read from one file, and every problem it had (the final ones last)."""
    event = Event()
    found = list(event.read(read_records(str(path)), str(path)))
    return event, found + event.final_problems()
