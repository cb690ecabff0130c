"""A bot of the user's own (``--bot package.module:Class``), held to the interface.

The registered bots are ours and tested; a plug-in class is anyone's code, and
what it does at a decision would otherwise surface deep in the engine: an
``IndexError`` or "negative shift count" for a card index outside the deck, a
``TypeError`` for ``None`` or a string, an exit with status 0 and no summary
for ``sys.exit(0)``.  :class:`CheckedBot` stands between it and the engine and
turns each of these into a :class:`BotError` naming the bot, the seat and the
decision.  Only plug-ins are wrapped, so the built-in bots pay nothing.
"""

from __future__ import annotations

import operator
from typing import Any, Sequence

from ...engine.actions import Action
from ...errors import EuchreError
from ...limits import clip
from ...engine.view import SeatView


class BotError(EuchreError):
    """A plug-in bot failed at a decision: it raised, exited, or answered with
    something that is not one of the choices it was given."""


class CheckedBot:
    """``inner`` (a plug-in bot named ``name``) with each answer checked."""

    def __init__(self, inner: Any, name: str) -> None:
        self.inner = inner
        self.name = name

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        answer = self._ask("act", view, legal)
        try:
            if isinstance(answer, tuple) and answer in legal:
                return legal[legal.index(answer)]  # the engine's own Action
        except Exception:  # noqa: BLE001 - an answer whose == raises is not a legal action
            pass
        raise self._error(view, f"returned {_shown(answer)}, which is not one of the legal "
                          "actions it was given", _decision(view, legal))

    def play(self, view: SeatView, legal: int) -> int:
        answer = self._ask("play", view, legal)
        try:
            card = operator.index(answer)
        except TypeError:
            card = -1
        if 0 <= card < view.deck.size and legal >> card & 1:
            return card
        cards = ", ".join(view.deck.name(c) for c in range(view.deck.size) if legal >> c & 1)
        raise self._error(view, f"returned {_shown(answer)}, which is not the index of one of "
                          f"its legal cards ({cards})", _decision(view, None))

    def _ask(self, method: str, view: SeatView, legal: Any) -> Any:
        """``inner.method(view, legal)``; what it raises, or an exit, is a :class:`BotError`."""
        try:
            return getattr(self.inner, method)(view, legal)
        except SystemExit as exc:
            raise self._error(view, f"called sys.exit({exc.code!r})",
                              _decision(view, legal)) from None
        except Exception as exc:  # noqa: BLE001 - the plug-in's own failure, said by name
            raise self._error(view, f"raised {type(exc).__name__}: {clip(str(exc))}",
                              _decision(view, legal)) from None

    def _error(self, view: SeatView, what: str, decision: str) -> BotError:
        return BotError(f"bot '{self.name}' at seat {view.labels[view.seat]}, {decision}, "
                        f"{what}")


def _decision(view: SeatView, legal: Any) -> str:
    """Which decision a bot was asked: ``choosing a card to play (hand 3, trick 2)``."""
    hand = view.deals + 1
    if isinstance(legal, int) or legal is None:
        playing = max(1, sum(view.active))
        return f"choosing a card to play (hand {hand}, trick {len(view.plays) // playing + 1})"
    verbs = ", ".join(sorted({a.verb for a in legal}))
    return f"choosing among {verbs} (hand {hand})"


def _shown(answer: Any) -> str:
    """An answer as the message quotes it: its repr, cut short, and its type."""
    try:
        shown = repr(answer)
    except Exception:  # noqa: BLE001 - a plug-in's object whose repr fails
        shown = object.__repr__(answer)
    return f"{clip(shown)} ({type(answer).__name__})"
