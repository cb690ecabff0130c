"""A replayed record as terminal text: the deal as a table, the bidding, each trick.

Drawn from :class:`~euchre_dsl.display.replay.GameView`.  Colour is left to
the caller: every coloured word goes through ``paint(text, style)`` with a
style name (``red``/``black`` for the suits, ``problem``, ``dim``,
``bold``), so the command line can use click's styles and tests can read
plain text.  Widths are measured on the plain text, so columns line up in
colour too.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from ..cards import JOKER_SUIT
from ..engine.actions import EXCHANGE, NAMING, PLAY
from ..errors import Problem
from .html_replay import BID_ROUNDS
from .replay import RED_SUITS, GameView, HandView, SeatCards, Step, contract_with_symbol

#: ``paint(text, style)``: the text as it should look in that style.
Paint = Callable[[str, str], str]
#: A record's notes (``x-ehh-notes``: ``hand``, ``action``, ``glyph``, ``comment``).
Notes = Sequence[Mapping[str, Any]]
#: Problems about what the file says (not the play): their messages quote it as written.
_AS_WRITTEN = frozenset(("syntax", "schema", "bad-card", "unknown-variant", "invalid-variant"))
#: The widest a card is written (``10♠``) and the widest marks after it: the problem
#: mark ``(!)`` and a note's glyph (``!?``); every trick column is this wide.
CARD_WIDTH, MARK_WIDTH = 3, 5


def plain(text: str, style: str) -> str:
    """No styling at all."""
    return text


class _Cell:
    """A piece of a line: its plain text (for widths) and its painted text."""

    __slots__ = ("plain", "text")

    def __init__(self, plain_text: str, painted: str):
        self.plain = plain_text
        self.text = painted

    @property
    def width(self) -> int:
        return len(self.plain)


def render_game(view: GameView, paint: Paint = plain, hand: int | None = None,
                notes: Notes | None = None) -> str:
    """The record as text: a header, then every hand (or only hand number ``hand``)."""
    return "".join(render_lines(view, view.hands, paint, hand, notes))


def render_lines(view: GameView, hands: Iterable[HandView], paint: Paint = plain,
                 hand: int | None = None, notes: Notes | None = None) -> Iterator[str]:
    """:func:`render_game`'s text piece by piece (each ends with a newline), drawing
    ``hands`` as they come, e.g. from :func:`~.replay.replay_lazily`: the record's
    problems known at the start follow the header; those found while the hands
    were replayed (its ``final`` claims, notes) come after the hands.

    With ``hand``, only that hand and its own problems are shown; the record's
    other problems are counted in one line (they are about the whole game).
    ``notes`` (the record's ``x-ehh-notes``) are shown at their actions."""
    r = _Renderer(view, paint, notes)
    shown = len(view.problems)
    if hand is not None:
        yield r.header() + "\n"
        for hv in hands:
            if hv.number == hand:
                yield "\n" + "".join(line + "\n" for line in r.hand(hv))
        others = [p for p in view.problems if p.severity != "info"]
        if others:
            yield "\n" + paint(f"  ({len(others)} problem(s) of the whole game not shown: "
                               "replay without --hand to see them)", "dim") + "\n"
        return
    yield "".join(line + "\n" for line in
                  [r.header()] + [r.problem_line(p) for p in view.problems[:shown]])
    for hv in hands:
        yield "\n" + "".join(line + "\n" for line in r.hand(hv))
    yield "".join(r.problem_line(p) + "\n" for p in view.problems[shown:])
    yield "\n" + r.final() + "\n"


class _Renderer:
    def __init__(self, view: GameView, paint: Paint, notes: Notes | None = None):
        self.v = view
        self.paint = paint
        self.seat_width = max(len(label) for label in view.labels)
        self.notes = _notes_by_place(notes)
        # card names in the engine's messages (``TS``) drawn as the table draws them
        names = sorted(view.deck.names, key=len, reverse=True)
        self._symbol = dict(zip(view.deck.names, view.deck.symbols))
        # (text in quotes is what the file says, kept as written)
        self._card_word = re.compile(r"'[^'\n]*'|(?<![A-Za-z0-9])(" +
                                     "|".join(map(re.escape, names)) + r")(?![A-Za-z0-9])")

    # ---------------------------------------------------------- pieces
    def card(self, card: int) -> _Cell:
        name = self.v.card(card)
        suit = self.v.deck.suit(card)
        style = "red" if suit in RED_SUITS else "black" if suit != JOKER_SUIT else "bold"
        return _Cell(name, self.paint(name, style))

    def cards(self, held: SeatCards) -> _Cell:
        parts = [self.card(c) for c in held.cards]
        parts += [_Cell("??", self.paint("??", "dim")) for _ in range(held.unknown)]
        if not parts:
            return _Cell("-", self.paint("-", "dim"))
        return _Cell(" ".join(p.plain for p in parts), " ".join(p.text for p in parts))

    def seat(self, seat: int) -> str:
        return self.v.labels[seat]

    def sides(self, values: list[int], signed: bool = False) -> str:
        return ", ".join(f"{name} {v:+d}" if signed and v > 0 else f"{name} {v}"
                         for name, v in zip(self.v.side_names, values))

    def side_tricks(self, tricks: list[int]) -> str:
        per_side = [0] * len(self.v.side_names)
        for s, t in enumerate(tricks):
            per_side[self.v.side_of[s]] += t
        return ", ".join(f"{n} {t}" for n, t in zip(self.v.side_names, per_side))

    def problem_line(self, p: Problem, indent: str = "  ") -> str:
        """A problem where it occurs: its place in the file, code and message (a note
        on what could not be checked is dim)."""
        loc = p.location
        where = "" if loc.line is None else f" (line {loc.line}" + (
            "" if loc.column is None else f":{loc.column}") + ")"
        message = p.message if p.code in _AS_WRITTEN else self._card_word.sub(
            lambda m: self._symbol[m.group(1)] if m.group(1) else m.group(0), p.message)
        if p.severity == "info":
            return indent + self.paint(f"note: {message}{where}", "dim")
        return indent + self.paint(f"! {p.severity} [{p.code}] {message}{where}", "problem")

    def glyph(self, hand: int, step: Step) -> str:
        """The glyphs a note puts on an action (``!?``), run together."""
        return "".join(n["glyph"] for n in self.notes.get((hand, step.action), ())
                       if "glyph" in n)

    def comments(self, hand: int, action: int | None, indent: str = "         ") -> list[str]:
        """A note's comments on an action (``None``: on the hand), one line each."""
        return [indent + self.paint("{" + n["comment"] + "}", "dim")
                for n in self.notes.get((hand, action), ()) if "comment" in n]

    # ---------------------------------------------------------- blocks
    def header(self) -> str:
        v = self.v
        who = " ".join(f"{s} ({v.players[s]})" if s in v.players else s for s in v.labels)
        return self.paint(f"Game {v.index + 1} · {v.variant} · {who}", "bold")

    def final(self) -> str:
        v = self.v
        return self.paint(f"Final score {self.sides(v.scores)} · {v.outcome()}", "bold")

    def hand(self, hv: HandView) -> list[str]:
        head = f"Hand {hv.number}"
        if hv.dealer is not None:
            head += f" · dealer {self.seat(hv.dealer)}"
        out = [self.paint(head, "bold")]
        if hv.upcard is not None:
            out[0] += " · upcard " + self.card(hv.upcard).text
        out.extend(self.problem_line(p) for p in hv.problems)
        out.extend(self.comments(hv.number - 1, None, "  "))
        if not hv.dealt:
            out.append("  (the deal cannot be replayed)")
            return out
        out.extend(self.table(hv.dealt))
        if hv.widow is not None:
            out.append(f"  widow  {self.cards(hv.widow).text}")
        first_play = next((k for k, s in enumerate(hv.steps) if s.verb == PLAY), len(hv.steps))
        bidding, rest = hv.steps[:first_play], hv.steps[first_play:]
        if bidding:
            out.append("")
            out.extend(self.bidding(hv, bidding))
        if hv.trump is not None:
            made = ""
            if hv.maker is not None:
                made = f", made by {self.seat(hv.maker)}" + (" alone" if hv.alone else "")
            out.append(self.label("Trump") + self.suit_words(hv.trump) + made)
        out.extend(self.tricks(hv, rest))
        out.append("")
        out.append(self.result(hv))
        return out

    def label(self, word: str) -> str:
        return self.paint(word.ljust(8), "bold") + " "

    def suit_words(self, contract: int) -> str:
        words = contract_with_symbol(contract)
        if contract < 4:
            return self.paint(words, "red" if contract in RED_SUITS else "black")
        return words

    def words(self, step: Step, hand: int | None = None) -> str:
        """An action's words, its card coloured; problems marked, a note's glyph added."""
        text = step.words
        if step.card is not None:
            name = self.v.card(step.card)
            if text.endswith(name):
                text = text[:-len(name)] + self.card(step.card).text
        if hand is not None:
            text += self.glyph(hand, step)
        if step.problems:
            text += self.paint(" (!)", "problem")
        return text

    def bidding(self, hv: HandView, steps: list[Step]) -> list[str]:
        """The bidding, one line per round (``round 1: E passes · S orders up``), with
        the problems and notes of its actions under it."""
        h = hv.number - 1
        out: list[str] = []
        groups: list[list[Step]] = []
        for s in steps:  # the exchange belongs to the round that made trump
            if groups and (groups[-1][-1].phase == s.phase or s.phase == EXCHANGE):
                groups[-1].append(s)
            else:
                groups.append([s])
        rounds: dict[str, str] = {str(k): v for k, v in BID_ROUNDS.items()}
        if hv.upcard is None:  # the naming round is the only one (as the page says)
            rounds[NAMING] = "Trump"
        for k, group in enumerate(groups):
            name = rounds.get(group[0].phase, "")
            lead = self.label("Bidding" if k == 0 else "")
            said = (name[0].lower() + name[1:] + ": ") if name else ""
            out.append(lead + said + " · ".join(self.words(s, h) for s in group))
            for s in group:
                out.extend(self.problem_line(p, "         ") for p in s.problems)
                out.extend(self.comments(h, s.action))
        if any(s.refused for s in steps):
            out.append("         (the replay stops at this action)")
        return out

    def table(self, dealt: list[SeatCards]) -> list[str]:
        """The deal: four seats as a compass (first seat at the top), else a list."""
        n = len(dealt)
        labels = self.v.labels
        width = max(len(x) for x in labels)
        cells = [(labels[s].ljust(width), self.cards(dealt[s])) for s in range(n)]
        if n != 4:
            return [f"  {name}  {cell.text}" for name, cell in cells]
        top, right, bottom, left = cells
        left_w = width + 2 + left[1].width
        pad = " " * (left_w + 4)
        return [f"  {pad}{top[0]}  {top[1].text}",
                f"  {left[0]}  {left[1].text}{' ' * 4}{' ' * (width + 2 + top[1].width)}"
                f"{right[0]}  {right[1].text}",
                f"  {pad}{bottom[0]}  {bottom[1].text}"]

    def tricks(self, hv: HandView, steps: list[Step]) -> list[str]:
        """A line per trick: each card with its seat, the winner, the tricks so far;
        other actions on their own line where they happened.  Every card takes a
        column of the same width, marks (``(!)``, a note's glyph) included, so the
        columns line up from trick to trick."""
        h = hv.number - 1
        out: list[str] = []
        current: list[str] = []
        notes: list[str] = []
        width = self.seat_width + 1 + CARD_WIDTH + MARK_WIDTH + 1
        for s in steps:
            if s.verb != PLAY:
                out.append(self.label("") + self.words(s, h))
                notes.extend(self.problem_line(p, "         ") for p in s.problems)
                notes.extend(self.comments(h, s.action))
                out.extend(notes)
                notes = []
                continue
            if not current:
                head = self.label(f"Trick {s.trick}")
            seat = self.seat(s.seat) if s.seat is not None else "?"
            card = self.card(s.card) if s.card is not None else _Cell("?", "?")
            glyph = self.glyph(h, s)
            mark = "(!)" if s.problems else ""
            plain = f"{seat.ljust(self.seat_width)} {card.plain}{glyph}{mark}"
            current.append(f"{seat.ljust(self.seat_width)} {card.text}{glyph}"
                           f"{self.paint(mark, 'problem') if mark else ''}"
                           + " " * max(width - len(plain), 1))
            notes.extend(self.problem_line(p, "         ") for p in s.problems)
            notes.extend(self.comments(h, s.action))
            if s.refused:
                out.append(head + "".join(current).rstrip())
                out.extend(notes)
                out.append("         (the replay stops at this action)")
                return out
            if s.won_by is not None:
                won = f"{self.seat(s.won_by)} wins · {self.side_tricks(s.tricks)}"
                out.append(head + "".join(current) + "  " + self.paint(won, "dim"))
                out.extend(notes)
                current, notes = [], []
        if current:
            out.append(head + "".join(current).rstrip())
            out.extend(notes)
        return out

    def result(self, hv: HandView) -> str:
        res = hv.result
        if res is None:
            return self.label("Result") + "the hand is not finished" + \
                f" · score {self.sides(hv.scores)}"
        if res.thrown_in:
            what = "thrown in"
        else:
            what = f"{res.reason} · {self.sides(list(res.points), signed=True)}"
            if res.called is not None:  # the partner, known now the hand is played
                what = ("no partner (the maker alone)" if res.partner is None else
                        f"partner {self.seat(res.partner)}") + f" · {what}"
        return self.label("Result") + what + " · score " + \
            self.paint(self.sides(list(res.scores)), "bold")


def _notes_by_place(notes: Notes | None) -> dict[tuple[int, int | None], list[dict[str, str]]]:
    """Notes by (hand, action) -- action ``None``: a note on the whole hand; entries
    that are not well-formed notes are left out (the validator reports the keys)."""
    out: dict[tuple[int, int | None], list[dict[str, str]]] = {}
    for n in notes or ():
        if not isinstance(n, Mapping) or type(n.get("hand")) is not int:
            continue
        action = n.get("action") if type(n.get("action")) is int else None
        note = {k: n[k] for k in ("glyph", "comment") if type(n.get(k)) is str}
        if note:
            out.setdefault((n["hand"], action), []).append(note)
    return out
