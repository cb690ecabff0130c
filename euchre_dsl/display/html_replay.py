"""A replayed record as one self-contained HTML page.

The page (template ``replay.html`` beside this module) has its CSS and
script inline and loads nothing from the network.  It draws the table as a
player saw it at each step: nothing before it happens (trump and the maker
appear when they are made, the bids one by one at their seats, the upcard
turned down or taken, seats that sit out or drop marked out), the trick in
play and every finished trick, the result of each hand at its end, the
record's notes and the validator's problems at their action, a score track
and a score sheet of the hands played so far.

The data is :class:`~euchre_dsl.display.replay.GameView` turned into plain
JSON here, through one adapter (:class:`_Frames`) that reads the replay's
steps; the page only draws it.  A page holds at most :data:`MAX_PAGE_HANDS`
hands: a longer record is cut there, and the page and the caller say so.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Mapping, Sequence

from ..cards import SUIT_SYMBOLS
from ..engine.actions import (
    AUCTION, AUCTION_CALL, CLAIMS, DEALER_NAMES, DEFEND, DROP, NAMING, ORDER_UP,
    ORDER_UP_ROUND, STAY_DROP, TAKE_UPCARD, TAKE_WIDOW, WIDOW,
)
from ..errors import Problem
from .replay import RED_SUITS, GameView, HandView, SeatCards, Step, contract_with_symbol

#: The most hands one page holds (a standard hand is about 8 kB of page).
MAX_PAGE_HANDS = 200

#: Phases whose actions are bids, and what the page calls each round.
BID_ROUNDS: dict[str, str] = {
    CLAIMS: "Claims", ORDER_UP_ROUND: "Round 1", NAMING: "Round 2",
    DEALER_NAMES: "Dealer names trump", AUCTION: "Auction", AUCTION_CALL: "Trump",
    TAKE_UPCARD: "Upcard", WIDOW: "Widow", DEFEND: "Defend alone", STAY_DROP: "Stay or drop"}

#: A record's notes (``x-ehh-notes`` entries), as the text reader keeps them.
Notes = Sequence[Mapping[str, Any]]


@dataclass(frozen=True)
class PlayMark:
    """The analyzer's word on one play (seats and cards in ``ehh/1`` spelling).

    Values are the makers' total tricks with best play by everyone: ``best``
    before the card, ``after`` just after it; ``values`` (when known) the same
    for every legal card of the seat.
    """

    seat: str
    card: str
    best: int
    after: int
    maker_side: bool  # the seat plays for the makers
    better: tuple[str, ...] = ()  # the cards that keep ``best`` (empty: this one did)
    values: Mapping[str, int] | None = None

    @property
    def cost(self) -> int:
        """Tricks the card lost for the seat's side."""
        return self.best - self.after if self.maker_side else self.after - self.best


@dataclass(frozen=True)
class HandMarks:
    """The analyzer's word on one hand: the makers' tricks with best play from
    the opening lead, and its plays by action index."""

    makers_dd: int | None
    plays: Mapping[int, PlayMark]


@dataclass(frozen=True)
class PageHands:
    """Which hands of the record a page holds: ``first`` (1-based) and at most
    ``limit`` from there."""

    first: int = 1
    limit: int = MAX_PAGE_HANDS


def render_html(view: GameView, title: str | None = None, notes: Notes | None = None,
                hands: PageHands = PageHands(),
                analysis: Mapping[int, HandMarks] | None = None,
                total: int | None = None) -> str:
    """The page for one replayed record (``notes``: the record's ``x-ehh-notes``;
    ``analysis``: the analyzer's marks by hand number; ``total``: see
    :func:`page_data`)."""
    template = resources.files(__package__).joinpath("replay.html").read_text(encoding="utf-8")
    data = page_data(view, notes, hands, analysis, total)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    heading = title or data["title"]
    return template.replace("{{TITLE}}", html.escape(heading)).replace("{{DATA}}", text)


def page_data(view: GameView, notes: Notes | None = None, hands: PageHands = PageHands(),
              analysis: Mapping[int, HandMarks] | None = None,
              total: int | None = None) -> dict[str, Any]:
    """Everything the page draws, as JSON-ready data.

    ``view.hands`` may hold every hand of the record or only those the page
    holds (and the one before them, for the score it starts from); ``total``
    is then the number of hands in the record."""
    conv = _Frames(view, _notes_by_place(notes))
    first, last = hands.first, hands.first + hands.limit - 1
    shown = [h for h in view.hands if first <= h.number <= last]
    total = len(view.hands) if total is None else total
    before = next((h.scores for h in view.hands if h.number == first - 1), None) or \
        _start_scores(view)
    limited = None
    if first > 1 or first + len(shown) - 1 < total:
        limited = {"first": first, "last": first + len(shown) - 1, "total": total}
    return {
        "title": f"Game {view.index + 1} · {view.variant} · {' '.join(view.labels)}",
        "labels": view.labels,
        "players": view.players,
        "sides": view.side_names,
        "sideOf": view.side_of,
        "cards": list(view.deck.symbols),
        "red": [view.deck.suit(c) in RED_SUITS for c in range(len(view.deck.symbols))],
        "startScores": list(before),
        "hands": [conv.hand(h, (analysis or {}).get(h.number)) for h in shown],
        "limited": limited,
        "final": conv.final() if first + len(shown) - 1 == total else None,
        "problems": [_problem(p) for p in view.problems],
    }


def _start_scores(view: GameView) -> list[int]:
    """The scores before the first hand: the first hand's scores less its points."""
    for hv in view.hands[:1]:
        if hv.result is not None:
            return [s - p for s, p in zip(hv.result.scores, hv.result.points)]
        return list(hv.scores)
    return list(view.scores)


def _notes_by_place(notes: Notes | None) -> dict[tuple[int, int], list[dict[str, str]]]:
    """Notes by (hand, frame): frame 0 is the deal (a note on the hand), frame
    ``k + 1`` action ``k``.  Entries that are not well-formed notes are left out
    (the validator reports the record's keys)."""
    out: dict[tuple[int, int], list[dict[str, str]]] = {}
    for n in notes or ():
        if not isinstance(n, Mapping) or type(n.get("hand")) is not int:
            continue
        action = n.get("action")
        frame = action + 1 if type(action) is int else 0
        note = {k: n[k] for k in ("glyph", "comment") if type(n.get(k)) is str}
        if note:
            out.setdefault((n["hand"], frame), []).append(note)
    return out


def _problem(p: Problem) -> dict[str, Any]:
    return {"code": p.code, "severity": p.severity, "message": p.message,
            "hint": p.hint, "line": p.location.line, "column": p.location.column}


def _held(held: SeatCards) -> list[Any]:
    return [held.cards, held.unknown]


def _suit_mark(contract: int | None) -> dict[str, Any] | None:
    """Trump as the page shows it: symbol (or name), words, red or not."""
    if contract is None:
        return None
    return {"mark": SUIT_SYMBOLS[contract] if contract < 4 else "",
            "words": contract_with_symbol(contract), "red": contract in RED_SUITS}


class _Frames:
    """The adapter from the replay's hands and steps to the page's frames.

    A frame is the table after one action (frame 0: after the deal); it holds
    only what the players know by then.
    """

    def __init__(self, view: GameView, notes: dict[tuple[int, int], list[dict[str, str]]]):
        self.v = view
        self.notes = notes

    def hand(self, hv: HandView, marks: HandMarks | None = None) -> dict[str, Any]:
        v = self.v
        n = len(v.labels)
        h = hv.number - 1
        deal: dict[str, Any] = {
            "w": "the deal", "s": None, "v": None, "bid": None, "hands": [_held(x) for x in hv.dealt],
            "table": [], "trick": 0, "won": None, "tricks": [0] * n,
            "problems": [_problem(p) for p in hv.problems], "refused": False,
            "trump": None, "maker": None, "alone": False, "lone": None, "partner": None,
            "active": [True] * n, "out": [], "up": "up" if hv.upcard is not None else None,
            "notes": self.notes.get((h, 0), []), "widowTaken": False,
        }
        frames = [deal]
        dropped: list[int] = []
        taken = False
        widow_taken = False
        rounds: dict[str, str] = {str(k): v for k, v in BID_ROUNDS.items()}
        if hv.upcard is None:  # the naming round is the only one
            rounds[NAMING] = "Trump"
        for k, step in enumerate(hv.steps):
            if step.verb == TAKE_WIDOW and not step.refused:
                widow_taken = True
            if step.verb == DROP and step.seat is not None and not step.refused:
                dropped.append(step.seat)
            if not step.refused and (step.verb == ORDER_UP or any(
                    hv.upcard in held.cards for held in step.hands)):
                taken = True
            frame = self.frame(hv, step, dropped, taken, self.notes.get((h, k + 1), []), rounds)
            frame["widowTaken"] = widow_taken
            frames.append(frame)
        res = hv.result
        if marks is not None:
            self.mark(frames, marks)
            if marks.makers_dd is not None and res is not None and res.maker is not None:
                side = v.side_of[res.maker]
                took = sum(t for s, t in enumerate(res.tricks) if v.side_of[s] == side or
                           s == res.partner)
                frames[-1].setdefault("insight", []).append(
                    f"With best play from the opening lead the makers take {marks.makers_dd}; "
                    f"they took {took}.")
        result = None
        if res is not None:
            result = {"text": self.result_words(hv), "short": res.reason, "points": list(res.points),
                      "scores": list(res.scores), "thrownIn": res.thrown_in}
        return {
            "number": hv.number,
            "dealer": hv.dealer,
            "upcard": hv.upcard,
            "widow": None if hv.widow is None else _held(hv.widow),
            "frames": frames,
            "result": result,
            "trump": _suit_mark(hv.trump),
            "maker": hv.maker,
            "alone": hv.alone,
            "scores": list(hv.scores),
            "problems": sum(1 for p in hv.problems if p.severity != "info") + sum(
                1 for s in hv.steps for p in s.problems if p.severity != "info"),
        }

    def frame(self, hv: HandView, step: Step, dropped: list[int], taken: bool,
              notes: list[dict[str, str]], rounds: dict[str, str]) -> dict[str, Any]:
        label = self.v.labels[step.seat] if step.seat is not None else ""
        words = step.words
        said = words[len(label) + 1:] if label and words.startswith(label + " ") else words
        up = None if hv.upcard is None else "taken" if taken else \
            "down" if step.turned_down is not None else "up"
        active = step.active or [True] * len(self.v.labels)
        return {
            "w": words, "s": step.seat, "v": step.verb,
            "bid": None if step.phase not in rounds or step.refused
            else {"round": rounds[step.phase], "said": said},
            "hands": [_held(x) for x in step.hands],
            "table": [list(p) for p in step.table], "trick": step.trick, "won": step.won_by,
            "tricks": step.tricks, "problems": [_problem(p) for p in step.problems],
            "refused": step.refused, "trump": _suit_mark(step.trump), "maker": step.maker,
            "alone": step.alone, "lone": step.lone_defender, "active": active,
            "partner": step.partner,
            "out": [s for s in range(len(active)) if not active[s]],
            "dropped": list(dropped), "up": up, "notes": notes,
        }

    def mark(self, frames: list[dict[str, Any]], marks: HandMarks) -> None:
        """The analyzer's values on the frames: before a play (frame ``k``) each legal
        card's value, after it (frame ``k + 1``) the mistake it was."""
        deck = self.v.deck
        labels = self.v.labels
        sym = deck.symbols

        def card(name: str) -> int:
            return deck.parse(name)

        for k, m in sorted(marks.plays.items()):
            if k + 1 >= len(frames) or m.seat not in labels:
                continue
            before, after = frames[k], frames[k + 1]
            notes: list[str] = []
            if marks.makers_dd is not None and k == min(marks.plays):
                notes.append(f"With best play from here the makers take {marks.makers_dd}.")
            if m.values:
                values = {card(c): v for c, v in m.values.items()}
                best = max(values.values()) if m.maker_side else min(values.values())
                before["ana"] = {"seat": labels.index(m.seat), "values": values, "best": best}
                notes.append("On each card: the makers' tricks with best play after it "
                             f"(the best for {m.seat} is marked).")
            before.setdefault("insight", []).extend(notes)
            if m.cost > 0:
                better = ", ".join(sym[card(c)] for c in m.better)
                side = "the makers" if m.maker_side else "the defenders"
                after["mistake"] = (
                    f"Mistake: {m.seat}'s {sym[card(m.card)]} cost {side} "
                    f"{m.cost} trick{'' if m.cost == 1 else 's'} (the makers' best "
                    f"{m.best} → {m.after})" + (f"; better: {better}" if better else ""))

    def result_words(self, hv: HandView) -> str:
        """``E alone marched · tricks N+S 0, E+W 5 · E+W +4``."""
        v = self.v
        res = hv.result
        assert res is not None
        if res.thrown_in:
            return "thrown in: nobody made trump"
        per_side = [0] * len(v.side_names)
        for s, t in enumerate(res.tricks):
            per_side[v.side_of[s]] += t
        tricks = ", ".join(f"{name} {t}" for name, t in zip(v.side_names, per_side))
        scored = ", ".join(f"{name} {p:+d}" for name, p in zip(v.side_names, res.points) if p)
        what = {"made": "made it", "march": "marched", "euchred": "was euchred"}.get(
            res.reason, res.reason)
        if res.maker is not None:
            what = f"{v.labels[res.maker]}{' alone' if res.alone else ''} {what}"
            if res.partner is not None:
                what = f"{what} with {v.labels[res.partner]}"
        return f"{what} · tricks {tricks}" + (f" · {scored}" if scored else " · no points")

    def final(self) -> str:
        v = self.v
        scores = ", ".join(f"{n} {s}" for n, s in zip(v.side_names, v.scores))
        return f"{scores} · {v.outcome()}"
