"""A game at the table, drawn: the text of ``str(game)`` and the picture Jupyter shows.

Both are read from the :class:`~euchre_dsl.engine.state.State` and nothing else,
and neither is on a hot path: they are the faces of
:class:`~euchre_dsl.engine.machine.Machine` (``str``, ``repr``, ``_repr_svg_``,
``_repr_html_``).  A hand's cards are the ones the game knows the seat holds;
a card it cannot know (a hidden hand in a record) is ``?`` in the text and face
down in the picture.
"""

from __future__ import annotations

import math

from .actions import DEAL, GAME_OVER
from .faces import Card, card_svg, suit_symbol, svg, text_svg
from .state import State

__all__ = ["table_lines", "table_text", "table_svg", "summary"]

_WHITE = "#f4f4f4"


def _scores(g: State) -> str:
    return ", ".join(f"{name} {score}" for name, score in zip(g.side_names, g.scores))


def summary(g: State) -> str:
    """One line: the variant, the hand, the phase, who is to act and the score
    (the body of ``repr(game)``)."""
    if g.phase is GAME_OVER:
        won = " and ".join(g.side_names[w] for w in g.winners or ())
        return f"{g.rules.id} · game over, {won} won · {_scores(g)}"
    where = _where(g)
    return f"{g.rules.id} · {where} · {_scores(g)}"


def _where(g: State) -> str:
    if g.phase is DEAL:
        return f"{g.deals} hands played · {g.labels[g.dealer]} deals next"
    return f"hand {g.deals + 1} · {g.phase} · {g.labels[g.to_act]} to act"


def _held(g: State, seat: int) -> list[str]:
    """The seat's cards as shown, ``?`` for each one the game cannot know."""
    deck = g.deck
    known = [deck.symbols[c] for c in deck.sorted_cards(g.sure[seat], g.trump)]
    return known + ["?"] * max(g.count[seat] - g.sure[seat].bit_count(), 0)


def table_lines(g: State) -> list[str]:
    """``str(game)`` line by line."""
    lines = [f"{g.rules.id} · dealer {g.labels[g.dealer]} · score {_scores(g)}"]
    if g.phase is GAME_OVER:
        lines.append("game over: " + " and ".join(g.side_names[w] for w in g.winners or ())
                     + " won")
        return lines
    if g.phase is DEAL:
        lines.append(f"{g.deals} hands played; {g.labels[g.dealer]} deals next")
        return lines
    lines.append(f"hand {g.deals + 1} · {g.phase}")
    if g.trump is not None:
        maker = "" if g.maker is None else f" made by {g.labels[g.maker]}" + \
            (" alone" if g.alone else "")
        lines.append(f"trump {suit_symbol(g.trump)}{maker} · tricks "
                     + ", ".join(f"{g.labels[s]} {g.tricks[s]}" for s in range(g.n)))
    width = max(len(label) for label in g.labels)
    for s in range(g.n):
        held = " ".join(_held(g, s)) if g.active[s] else "(out this hand)"
        lines.append(f"{g.labels[s]:<{width}}  {held}".rstrip())
    if g.upcard is not None and g.trump is None:
        lines.append(f"upcard {g.deck.symbols[g.upcard]}")
    if g.trick:
        lines.append("trick " + ", ".join(f"{g.labels[s]} {g.deck.symbols[c]}"
                                          for s, c in zip(g.trick_seats, g.trick)))
    lines.append(f"{g.labels[g.to_act]} to act")
    return lines


def table_text(g: State) -> str:
    """The table as text: what ``print(game)`` shows."""
    return "\n".join(table_lines(g))


def table_svg(g: State) -> str:
    """The table as an SVG picture: each seat's hand around it (face down where
    unknown), the trick in the middle, the upcard, trump and the score."""
    width, height = 560, 420
    cx, cy = width // 2, height // 2 - 10
    parts = [f'<rect width="{width}" height="{height}" rx="12" fill="#2e7d4f"/>']
    deck = g.deck
    for s in range(g.n):
        # seat 0 at the top, the others clockwise around the table (N, E, S, W)
        angle = -math.pi / 2 + 2 * math.pi * s / g.n
        x = cx + int(math.cos(angle) * 200)
        y = cy + int(math.sin(angle) * 150)
        cards: list[Card | None] = [Card(c, deck) for c in deck.sorted_cards(g.sure[s], g.trump)]
        cards += [None] * max(g.count[s] - g.sure[s].bit_count(), 0)
        if not g.active[s]:
            cards = []
        span = 18 * max(len(cards) - 1, 0) + 44
        left = max(4, min(width - span - 4, x - span // 2))
        top = max(22, min(height - 90, y - 32))
        for i, card in enumerate(cards):
            parts.append(card_svg(card, left + 18 * i, top))
        name = g.labels[s] + (" ▶" if s == g.to_act and g.phase is not GAME_OVER
                              and g.phase is not DEAL else "")
        parts.append(text_svg(left, top - 6, name + f"  {g.tricks[s]} tricks"
                              if g.trump is not None else name, colour=_WHITE))
    for i, (seat, c) in enumerate(zip(g.trick_seats, g.trick)):
        x = cx - 26 * len(g.trick) + 52 * i
        parts.append(card_svg(Card(c, deck), x, cy - 32))
        parts.append(text_svg(x + 22, cy + 46, g.labels[seat], "middle", 11, _WHITE))
    if g.upcard is not None and g.trump is None and g.phase is not DEAL:
        parts.append(card_svg(Card(g.upcard, deck), cx - 22, cy - 32))
        parts.append(text_svg(cx, cy + 46, "upcard", "middle", 11, _WHITE))
    status = f"trump {suit_symbol(g.trump)} · {_scores(g)}"
    parts.append(text_svg(8, height - 8, status, size=12, colour=_WHITE))
    parts.append(text_svg(width - 8, height - 8, _where(g), "end", 12, _WHITE))
    return svg(parts, width, height)
