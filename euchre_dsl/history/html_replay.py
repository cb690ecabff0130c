"""A replayed record as one self-contained HTML page.

The page (template ``replay.html`` beside this module) has its CSS and
script inline and loads nothing from the network.  It shows the table with
every seat's cards, steps through the record action by action (buttons and
the arrow keys; Page Up/Down move by hands), keeps a score sheet, and marks
each validation problem at the action where it occurs.

The data is :class:`~euchre_dsl.history.replay.GameView` turned into plain
JSON here; the page only draws it.
"""

from __future__ import annotations

import html
import json
from importlib import resources
from typing import Any

from ..cards import SUIT_SYMBOLS, contract_name
from ..errors import Problem
from .replay import RED_SUITS, GameView, HandView, SeatCards, Step, contract_words


def render_html(view: GameView, title: str | None = None) -> str:
    """The page for one replayed record."""
    template = resources.files(__package__).joinpath("replay.html").read_text(encoding="utf-8")
    data = page_data(view)
    text = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    heading = title or data["title"]
    return template.replace("{{TITLE}}", html.escape(heading)).replace("{{DATA}}", text)


def page_data(view: GameView) -> dict[str, Any]:
    """Everything the page draws, as JSON-ready data."""
    conv = _Converter(view)
    who = " ".join(view.labels)
    return {
        "title": f"Game {view.index + 1} · {view.variant} · {who}",
        "labels": view.labels,
        "players": view.players,
        "sides": view.side_names,
        "sideOf": view.side_of,
        "hands": [conv.hand(h) for h in view.hands],
        "scores": view.scores,
        "final": conv.final(),
        "problems": [conv.problem(p) for p in view.problems],
    }


class _Converter:
    def __init__(self, view: GameView):
        self.v = view

    def card(self, card: int) -> dict[str, Any]:
        return {"t": self.v.card(card), "red": self.v.deck.suit(card) in RED_SUITS}

    def seat_cards(self, held: SeatCards) -> dict[str, Any]:
        return {"cards": [self.card(c) for c in held.cards], "unknown": held.unknown}

    @staticmethod
    def problem(p: Problem) -> dict[str, Any]:
        return {"code": p.code, "severity": p.severity, "message": p.message,
                "line": p.location.line, "column": p.location.column}

    def frame(self, step: Step) -> dict[str, Any]:
        v = self.v
        return {
            "words": step.words,
            "seat": None if step.seat is None else v.labels[step.seat],
            "action": step.action,
            "seats": [self.seat_cards(h) for h in step.hands],
            "table": [{"seat": v.labels[s], "card": self.card(c)} for s, c in step.table],
            "trick": step.trick,
            "won": None if step.won_by is None else v.labels[step.won_by],
            "tricks": step.tricks,
            "problems": [self.problem(p) for p in step.problems],
            "refused": step.refused,
        }

    def hand(self, hv: HandView) -> dict[str, Any]:
        v = self.v
        deal = {"words": "the deal", "seat": None, "action": None,
                "seats": [self.seat_cards(h) for h in hv.dealt], "table": [], "trick": 0,
                "won": None, "tricks": [0] * len(v.labels),
                "problems": [self.problem(p) for p in hv.problems], "refused": False}
        res = hv.result
        if res is None:
            outcome = "not finished"
            points = None
        elif res.thrown_in:
            outcome, points = "thrown in", list(res.points)
        else:
            outcome, points = res.reason, list(res.points)
        return {
            "number": hv.number,
            "dealer": None if hv.dealer is None else v.labels[hv.dealer],
            "upcard": None if hv.upcard is None else self.card(hv.upcard),
            "widow": None if hv.widow is None else self.seat_cards(hv.widow),
            "trump": None if hv.trump is None else contract_words(hv.trump),
            "trumpMark": None if hv.trump is None else
            SUIT_SYMBOLS[hv.trump] if hv.trump < 4 else contract_name(hv.trump),
            "trumpRed": hv.trump in RED_SUITS,
            "maker": None if hv.maker is None else v.labels[hv.maker],
            "alone": hv.alone,
            "frames": [deal] + [self.frame(s) for s in hv.steps],
            "outcome": outcome,
            "points": points,
            "scores": hv.scores,
            "problems": sum(1 for p in hv.problems if p.severity != "info") + sum(
                1 for s in hv.steps for p in s.problems if p.severity != "info"),
        }

    def final(self) -> str:
        v = self.v
        scores = ", ".join(f"{n} {s}" for n, s in zip(v.side_names, v.scores))
        return f"{scores} · {v.outcome()}"
