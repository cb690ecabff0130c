"""What every bot is: the interface the simulator seats, and its random source."""

from __future__ import annotations

import warnings
from typing import Any, NamedTuple, Protocol, Sequence

from ...engine.actions import Action
from ...engine.view import SeatView
from ...rng import RandomSource


def __getattr__(name: str) -> Any:
    """``Rng``, the old name of a bot's random source: :class:`euchre_dsl.rng.RandomSource`
    (only ``random()`` is used, so ``random.Random`` will do)."""
    if name == "Rng":
        warnings.warn("euchre_dsl.sim.bots.Rng is deprecated: use euchre_dsl.rng.RandomSource",
                      DeprecationWarning, stacklevel=2)
        return RandomSource
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
