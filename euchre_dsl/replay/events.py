"""What one walk of a record meets, in order: the events of :func:`walk_record`.

:func:`~euchre_dsl.replay.walk.walk_record` replays a record through
the engine once and yields, as it goes, the problems it finds
(:class:`~euchre_dsl.errors.Problem`) and these events.  Each event carries
the live :class:`~euchre_dsl.engine.game.Game` at that moment: read it (or
:meth:`~euchre_dsl.engine.game.Game.clone` it) before asking for the next
event, which moves it on.  The validator keeps only the problems; the replay
(:mod:`.replay`), the OpenSpiel converter and the analyzer read the game.
"""

from __future__ import annotations

from typing import NamedTuple, Union

from ..engine.actions import Action
from ..engine.game import Game
from ..errors import Problem


class Started(NamedTuple):
    """The record can be replayed: its game, before the first hand (``game.rules``
    is the record's variant, the start scores are set)."""

    game: Game


class Dealt(NamedTuple):
    """Hand ``hand`` (0-based) is dealt; only when steps are asked for."""

    hand: int
    game: Game


class Acted(NamedTuple):
    """Action ``action`` (0-based) of hand ``hand`` was applied, or ``refused``: the
    engine did not allow it, or it is not a well-formed action (``move`` is then
    ``None``); the hand's replay stops after a refused action.  Only when steps
    are asked for."""

    hand: int
    action: int
    move: Action | None
    refused: bool
    game: Game


class HandEnded(NamedTuple):
    """The walk is done with hand ``hand``: ``finished`` when it was replayed to its
    end (``game.last_result`` is its result), else it was given up or stops early.
    Its problems have all been yielded (a problem may name an earlier action)."""

    hand: int
    finished: bool
    game: Game


#: Anything the walk yields.
Event = Union[Problem, Started, Dealt, Acted, HandEnded]
