"""The table in the terminal: what ``render()`` shows of an environment's game.

Every hand is shown (a renderer watches the whole table); the bidding, trump,
the trick in play, tricks taken and the score, with the replay's words for
each action (:func:`~euchre_dsl.display.replay.action_words`).
"""

from __future__ import annotations

from ..cards import contract_name
from ..engine.actions import PLAY, Action
from ..engine.machine import Machine
from ..display.replay import action_words


def terminal_table(game: Machine) -> str:
    """The game as it stands, as lines of text."""
    deck = game.deck
    labels = game.labels
    lines = [f"dealer {labels[game.dealer]} · phase {game.phase_words()} · score " +
             ", ".join(f"{name} {v}" for name, v in zip(game.side_names, game.scores))]
    if game.upcard is not None:
        lines.append(f"upcard {deck.symbols[game.upcard]}")
    if game.trump is not None:
        maker = "" if game.maker is None else f", made by {labels[game.maker]}" + \
            (" alone" if game.alone else "")
        lines.append(f"trump {contract_name(game.trump)}{maker}")
    for s in range(game.n):
        mark = "*" if not game.hand_over and s == game.to_act else " "
        out = "" if game.active[s] else "  (out)"
        held = deck.format_mask(game.sure[s], symbols=True) or "-"
        lines.append(f"{mark} {labels[s]:<2} {held:<24} tricks {game.tricks[s]}{out}")
    if game.trick:
        lines.append("trick  " + "  ".join(f"{labels[s]} {deck.symbols[c]}"
                                           for s, c in zip(game.trick_seats, game.trick)))
    bidding = [action_words(game, Action._make(a)) for a in game.hand_log if a[1] != PLAY]
    if bidding:
        lines.append("bidding  " + " · ".join(bidding))
    return "\n".join(lines)
