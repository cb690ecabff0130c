"""Bots: players the simulator can seat.

Each sees only its seat's :class:`~euchre_dsl.engine.view.SeatView`.  ``random``
plays uniformly at random (and lets the engine draw its cards inline),
``rule`` plays by heuristics that read the variant's options and the score,
``pimc`` searches sampled worlds with the double-dummy solver.  Bots are
named by specs (``pimc:worlds=100``, ``package.module:Class``): see
:mod:`.specs`.
"""

from __future__ import annotations

from typing import Any

from . import base
from .base import Bot, Param
from .checked import BotError, CheckedBot
from .random_bot import RandomBot
from .specs import (
    BOT_NAMES, BotSpec, BotSpecError, bot_classes, describe_bots, make_bot, make_bots,
    parse_bot_spec, split_line_up,
)


__all__ = ["BOTS", "BOT_NAMES", "Bot", "BotError", "BotSpec", "BotSpecError", "CheckedBot",
           "Param", "RandomBot", "bot_classes", "describe_bots", "make_bot", "make_bots",
           "parse_bot_spec",
           "split_line_up"]


def __getattr__(name: str) -> Any:
    """``BOTS``: the registered bots by name (the classes; make them with
    :func:`make_bot`), made when first asked for, as the search bot's module loads
    only then.  ``Rng``: deprecated, now :class:`euchre_dsl.rng.RandomSource` (see
    :mod:`.base`)."""
    if name == "BOTS":
        return bot_classes()
    if name == "Rng":
        return base.__getattr__(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
