"""What one walk of a record meets, in order: the events of :func:`walk_record`.

:func:`~euchre_dsl.replay.walk.walk_record` replays a record through
the engine once and yields, as it goes, the problems it finds
(:class:`~euchre_dsl.errors.Problem`) and these events.  Each event carries
the live engine state at that moment, ``game`` (a
:class:`~euchre_dsl.engine.machine.Machine`, what the library's own readers
use), and ``table``, the same moment as a public
:class:`~euchre_dsl.engine.game.Game` (for people: cards, seats and trump with
faces).  Read either (or clone it) before asking for the next event, which moves
it on.  The validator keeps only the problems; the replay (:mod:`.replay`), the
OpenSpiel converter and the analyzer read the game.
"""

from __future__ import annotations

from typing import NamedTuple, Union

from ..engine.actions import Action
from ..engine.game import Game, as_game
from ..engine.machine import Machine
from ..errors import Problem


class Started(NamedTuple):
    """The record can be replayed: its game, before the first hand (``game.rules``
    is the record's variant, the start scores are set)."""

    game: Machine

    @property
    def table(self) -> Game:
        """The game at this moment, as a public :class:`~euchre_dsl.engine.game.Game`."""
        return as_game(self.game)


class Dealt(NamedTuple):
    """Hand ``hand`` (0-based) is dealt; only when steps are asked for."""

    hand: int
    game: Machine

    @property
    def table(self) -> Game:
        """The game at this moment, as a public :class:`~euchre_dsl.engine.game.Game`."""
        return as_game(self.game)


class Acted(NamedTuple):
    """Action ``action`` (0-based) of hand ``hand`` was applied, or ``refused``: the
    engine did not allow it, or it is not a well-formed action (``move`` is then
    ``None``); the hand's replay stops after a refused action.  Only when steps
    are asked for."""

    hand: int
    action: int
    move: Action | None
    refused: bool
    game: Machine

    @property
    def table(self) -> Game:
        """The game at this moment, as a public :class:`~euchre_dsl.engine.game.Game`."""
        return as_game(self.game)


class HandEnded(NamedTuple):
    """The walk is done with hand ``hand``: ``finished`` when it was replayed to its
    end (``game.last_result`` is its result), else it was given up or stops early.
    Its problems have all been yielded (a problem may name an earlier action)."""

    hand: int
    finished: bool
    game: Machine

    @property
    def table(self) -> Game:
        """The game at this moment, as a public :class:`~euchre_dsl.engine.game.Game`."""
        return as_game(self.game)


#: Anything the walk yields.
Event = Union[Problem, Started, Dealt, Acted, HandEnded]
