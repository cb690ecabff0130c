"""A replayed record as terminal text: the deal as a table, the bidding, each trick.

Drawn from :class:`~euchre_dsl.history.replay.GameView`.  Colour is left to
the caller: every coloured word goes through ``paint(text, style)`` with a
style name (``red``/``black`` for the suits, ``problem``, ``dim``,
``bold``), so the command line can use click's styles and tests can read
plain text.  Widths are measured on the plain text, so columns line up in
colour too.
"""

from __future__ import annotations

from typing import Callable, Iterable, Iterator

from ..cards import JOKER_SUIT
from ..engine.actions import PLAY
from ..errors import Problem
from .replay import RED_SUITS, GameView, HandView, SeatCards, Step, contract_words

#: ``paint(text, style)``: the text as it should look in that style.
Paint = Callable[[str, str], str]


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


def render_game(view: GameView, paint: Paint = plain, hand: int | None = None) -> str:
    """The record as text: a header, then every hand (or only hand number ``hand``)."""
    return "".join(render_lines(view, view.hands, paint, hand))


def render_lines(view: GameView, hands: Iterable[HandView], paint: Paint = plain,
                 hand: int | None = None) -> Iterator[str]:
    """:func:`render_game`'s text piece by piece (each ends with a newline), drawing
    ``hands`` as they come, e.g. from :func:`~.replay.replay_lazily`: the record's
    problems known at the start follow the header; those found while the hands
    were replayed (its ``final`` claims, notes) come after the hands."""
    r = _Renderer(view, paint)
    shown = len(view.problems)
    yield "".join(line + "\n" for line in
                  [r.header()] + [r.problem_line(p) for p in view.problems[:shown]])
    for hv in hands:
        if hand is None or hv.number == hand:
            yield "\n" + "".join(line + "\n" for line in r.hand(hv))
    if hand is None:
        yield "".join(r.problem_line(p) + "\n" for p in view.problems[shown:])
        yield "\n" + r.final() + "\n"


class _Renderer:
    def __init__(self, view: GameView, paint: Paint):
        self.v = view
        self.paint = paint
        self.seat_width = max(len(label) for label in view.labels)

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
        if p.severity == "info":
            return indent + self.paint(f"note: {p.message}{where}", "dim")
        return indent + self.paint(f"! {p.severity} [{p.code}] {p.message}{where}", "problem")

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
            out.append(self.label("Bidding") + " · ".join(self.words(s) for s in bidding))
            out.extend(self.problem_line(p, "         ") for s in bidding for p in s.problems)
            if any(s.refused for s in bidding):
                out.append("         (the replay stops at this action)")
        if hv.trump is not None:
            made = ""
            if hv.maker is not None:
                made = f", made by {self.seat(hv.maker)}" + (" alone" if hv.alone else "")
            out.append(self.label("Trump") + self.suit_words(hv.trump) + made)
        out.extend(self.tricks(rest))
        out.append("")
        out.append(self.result(hv))
        return out

    def label(self, word: str) -> str:
        return self.paint(word.ljust(8), "bold") + " "

    def suit_words(self, contract: int) -> str:
        words = contract_words(contract)
        if contract < 4:
            return self.paint(words, "red" if contract in RED_SUITS else "black")
        return words

    def words(self, step: Step) -> str:
        """An action's words, its card coloured; problems marked."""
        text = step.words
        if step.card is not None:
            name = self.v.card(step.card)
            if text.endswith(name):
                text = text[:-len(name)] + self.card(step.card).text
        if step.problems:
            text += self.paint(" (!)", "problem")
        return text

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

    def tricks(self, steps: list[Step]) -> list[str]:
        """A line per trick: each card with its seat, the winner, the tricks so far;
        other actions on their own line where they happened."""
        out: list[str] = []
        current: list[str] = []
        notes: list[str] = []
        for s in steps:
            if s.verb != PLAY:
                out.append(self.label("") + self.words(s))
                notes.extend(self.problem_line(p, "         ") for p in s.problems)
                out.extend(notes)
                notes = []
                continue
            if not current:
                head = self.label(f"Trick {s.trick}")
            seat = self.seat(s.seat) if s.seat is not None else "?"
            card = self.card(s.card) if s.card is not None else _Cell("?", "?")
            mark = self.paint("(!)", "problem") if s.problems else ""
            width = self.seat_width + 6 + (3 if s.problems else 0)
            plain = f"{seat} {card.plain}{'(!)' if s.problems else ''}"
            current.append(f"{seat} {card.text}{mark}" + " " * max(width - len(plain), 1))
            notes.extend(self.problem_line(p, "         ") for p in s.problems)
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
        return self.label("Result") + what + " · score " + \
            self.paint(self.sides(list(res.scores)), "bold")
