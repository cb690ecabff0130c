"""What every bot is: the interface the simulator seats, and its random source."""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol, Sequence

from ...engine.actions import Action
from ...engine.view import SeatView


class Rng(Protocol):
    """A bot's random source: only ``random()`` is used, so any generator with
    it (``random.Random``, an engine-owned one) will do."""

    def random(self) -> float: ...


class Bot(Protocol):
    """A player: it sees only its seat's :class:`SeatView`.

    ``act`` chooses one of ``legal`` (never empty) outside the play of the
    cards: bids, exchanges, declarations.  ``play`` chooses a card index from
    the non-empty mask ``legal``; it is separate because it is asked twenty
    times a hand and must stay cheap.  A bot class is made as
    ``Class(rules, rng, **parameters)``.
    """

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action: ...

    def play(self, view: SeatView, legal: int) -> int: ...


class Param(NamedTuple):
    """One parameter a bot class declares in its ``PARAMS``: ``kind`` is ``int``,
    ``float``, ``bool`` or ``str``; a spec's value is checked against the rest."""

    name: str
    kind: type
    default: Any
    doc: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] | None = None
