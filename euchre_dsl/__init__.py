"""euchre-dsl: the Euchre family of card games as data.

Define a variant (YAML or the rules language), replay and validate hand
histories, simulate games with seeded bots, analyze what happened.  Every
name a user needs is here (``__all__``); ``docs/api.md`` is a tour::

    >>> import euchre_dsl as e
    >>> game = e.Game(e.load_variant("standard"), dealer=0)

Importing the package is cheap: each name is imported from its module the
first time it is used.  Everything the library raises on purpose derives from
:class:`EuchreError`.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .errors import EuchreError, Location, Problem

from .version import __version__

#: Public name -> the module (under ``euchre_dsl``) that defines it.
_WHERE = {
    # variants
    "RuleSet": "rules.ruleset",
    "load_variant": "rules.registry",
    "compile_file": "rules.registry",
    "compile_data": "rules.registry",
    "shipped_ids": "rules.registry",
    # the engine
    "Game": "engine.game",
    "HandResult": "engine.state",
    "Result": "engine.faces",
    "Action": "engine.actions",
    "Phase": "engine.actions",
    "IllegalAction": "engine.actions",
    "Match": "engine.match",
    "Deck": "cards",
    "CardError": "cards",
    # typed values with faces (cards, seats, hands, actions that print)
    "Card": "engine.faces",
    "Suit": "engine.faces",
    "Seat": "engine.faces",
    "Hand": "engine.faces",
    "Move": "engine.faces",
    # records: reading and writing
    "open_records": "records.reader",
    "read_records": "records.reader",
    "expand_paths": "records.reader",
    "InputError": "records.reader",
    "Item": "records.positions",
    "read_text": "records.text_reader",
    "TextSyntaxError": "records.text_reader",
    "game_record": "records.writer",
    "hand_record": "records.writer",
    "dump_record": "records.writer",
    "write_jsonl": "records.writer",
    "dump_game": "records.text_writer",
    "write_text": "records.text_writer",
    "action_to_json": "records.notation",
    "action_from_json": "records.notation",
    # records: validating, walking, replaying
    "Validator": "validate.validator",
    "validate_record": "validate.validator",
    "validate_path": "validate.validator",
    "walk_record": "replay.walk",
    "Started": "replay.events",
    "Dealt": "replay.events",
    "Acted": "replay.events",
    "HandEnded": "replay.events",
    "replay_record": "display.replay",
    "replay_lazily": "display.replay",
    "render_game": "display.render",
    # search
    "Solver": "search.solver",
    # simulation
    "SeatView": "engine.view",
    "make_bot": "sim.bots.specs",
    "simulate": "sim.runner",
    "Stats": "sim.summary",
    "UnfinishedGame": "sim.runner",
    "BOTS": "sim.bots",
    # OpenSpiel
    "history_to_record": "interop.openspiel",
    "record_to_histories": "interop.openspiel",
}

__all__ = ["__version__", "build", "EuchreError", "Problem", "Location", *_WHERE]

if TYPE_CHECKING:  # the same names, for type checkers
    from .cards import CardError, Deck
    from .display.render import render_game
    from .display.replay import replay_lazily, replay_record
    from .engine.actions import Action, IllegalAction, Phase
    from .engine.faces import Card, Hand, Move, Result, Seat, Suit
    from .engine.game import Game
    from .engine.state import HandResult
    from .engine.match import Match
    from .engine.view import SeatView
    from .interop.openspiel import history_to_record, record_to_histories
    from .records.notation import action_from_json, action_to_json
    from .records.positions import Item
    from .records.reader import InputError, expand_paths, open_records, read_records
    from .records.text_reader import TextSyntaxError, read_text
    from .records.text_writer import dump_game, write_text
    from .records.writer import dump_record, game_record, hand_record, write_jsonl
    from .replay.events import Acted, Dealt, HandEnded, Started
    from .replay.walk import walk_record
    from .rules.registry import compile_data, compile_file, load_variant, shipped_ids
    from .rules.ruleset import RuleSet
    from .search.solver import Solver
    from .sim.bots import BOTS
    from .sim.bots.specs import make_bot
    from .sim.runner import UnfinishedGame, simulate
    from .sim.summary import Stats
    from .validate.validator import Validator, validate_path, validate_record


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'euchre_dsl' has no attribute {name!r}")
    value = getattr(import_module(f".{where}", __name__), name)
    globals()[name] = value  # imported once
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def build() -> str:
    """'compiled' when the hot modules run as mypyc extensions, else 'pure Python'."""
    from .engine import machine

    return "compiled" if not machine.__file__.endswith(".py") else "pure Python"
