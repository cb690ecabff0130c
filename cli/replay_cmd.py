"""``euchre replay``: show a recorded game hand by hand, in the terminal or as a web page.

Exit status: 0 the record was shown and has no errors, 1 it has errors (they
are shown where they occur) or cannot be replayed, 2 a usage error or a file
that cannot be read.
"""

from __future__ import annotations

import sys
from typing import Any, Iterator

import click

from euchre_dsl.analysis.table_values import table_marks
from euchre_dsl.display.html_replay import MAX_PAGE_HANDS, HandMarks, PageHands, render_html
from euchre_dsl.display.render import render_game, render_lines
from euchre_dsl.display.replay import GameView, HandView, hide_hands, replay_lazily
from euchre_dsl.errors import EuchreError, Problem
from euchre_dsl.records.reader import input_name
from euchre_dsl.validate.validator import Validator

from .common import (
    EXIT_INVALID, EXIT_OK, check_output, fail, open_input, open_output, same_file,
    variant_dir_option,
)

#: click styles of the renderer's style names.
STYLES = {"red": {"fg": "red"}, "black": {"bold": True}, "problem": {"fg": "red", "bold": True},
          "dim": {"dim": True}, "bold": {"bold": True}}


def _paint(text: str, style: str) -> str:
    return click.style(text, **STYLES.get(style, {}))  # type: ignore[arg-type]


@click.command("replay")
@click.argument("path", metavar="FILE")
@click.option("--record", "record_no", type=click.IntRange(min=1), default=1, show_default=True,
              help="Which game of the file (1 is the first).")
@click.option("--hand", "hand_no", type=click.IntRange(min=1),
              help="Show only this hand (1 is the first); default: every hand.")
@click.option("--from-view", "viewer", metavar="SEAT",
              help="Show the game as SEAT saw it: the other hands and their discards hidden.")
@click.option("--no-color", is_flag=True,
              help="No colours (they are also left out when the output is not a terminal).")
@click.option("--html", "html_out", metavar="OUT.html",
              type=click.Path(dir_okay=False, allow_dash=True),
              help="Write one self-contained web page to step through the game instead "
                   f"('-': to standard output); it holds at most {MAX_PAGE_HANDS} hands "
                   "(--hand N: that hand only).")
@click.option("--analysis", "with_analysis", is_flag=True,
              help="With --html: the analyzer's values on the table (each legal card's value "
                   "before a play, each mistake and its cost; hands with every card known).")
@variant_dir_option
def replay_cmd(path: str, record_no: int, hand_no: int | None, viewer: str | None,
               no_color: bool, html_out: str | None, with_analysis: bool,
               variant_dirs: tuple[str, ...]) -> None:
    """Replay the game in FILE (.json, .jsonl, .ehh, .egn, .emn, .egnb or '-') hand by hand.

    Shows the deal as a table, the bidding, each trick with its winner and
    the tricks won so far, and the score after each hand; any problem the
    validator finds is shown at the action where it occurs.

    \b
    Examples:
      euchre replay samples/standard-game.json --hand 1
      euchre replay games.jsonl --record 3 --from-view N
      euchre replay game.ehh --html game.html
    """
    name = input_name(path)
    if html_out is not None and same_file(path, html_out):
        raise click.BadParameter(f"{html_out} is FILE itself: the page would replace the game",
                                 param_hint="--html")
    check_output(html_out, "--html")
    item = None
    for it in open_input("replay", path):
        if it.index == record_no - 1:
            item = it
            break
    if item is None:
        raise click.UsageError(f"{name} holds no game" if record_no == 1 else
                               f"{name} has fewer than {record_no} games")
    if item.problem is not None:
        fail([item.problem], EXIT_INVALID)
    record = item.data
    if viewer is not None:
        seats = record.get("seats") if isinstance(record, dict) else None
        if not isinstance(seats, list) or viewer not in seats:
            raise click.BadParameter(f"{viewer!r} is not a seat of this game"
                                     + (f" ({', '.join(map(str, seats))})"
                                        if isinstance(seats, list) else ""),
                                     param_hint="--from-view")
        record = hide_hands(record, viewer)
    try:
        view, hands = replay_lazily(record, item.index, name, item.locate(name),
                                    validator=Validator(variant_dirs))
    except EuchreError as exc:
        fail(exc.problems, EXIT_INVALID)
    if with_analysis and html_out is None:
        raise click.UsageError("--analysis goes with --html (the terminal replay shows no values)")
    color = False if no_color else None
    errors = _Errors(view)
    notes = record.get("x-ehh-notes") if isinstance(record, dict) else None
    notes = notes if isinstance(notes, list) else None
    if html_out is None and hand_no is None:  # every hand, drawn as it is replayed
        for text in render_lines(view, errors.count(hands), _paint, notes=notes):
            click.echo(text, nl=False, color=color)
        sys.exit(EXIT_INVALID if errors.found() else EXIT_OK)
    # the page holds its hands (and the one before, for the score it starts from); the
    # others are checked (the record's problems, the exit status) but not kept
    page = PageHands() if hand_no is None else PageHands(hand_no, 1)
    view.hands = [hv for hv in errors.count(hands) if hv.number == hand_no or (
        html_out is not None and page.first - 1 <= hv.number < page.first + page.limit)]
    if hand_no is not None and hand_no > errors.hands:
        raise click.UsageError(f"game {record_no} has {errors.hands} hand(s), not {hand_no}")
    if html_out is not None:
        if hand_no is None and errors.hands > MAX_PAGE_HANDS:
            click.echo(f"euchre replay: game {record_no} has {errors.hands:,} hands; the page "
                       f"holds the first {MAX_PAGE_HANDS} (a page holds at most "
                       f"{MAX_PAGE_HANDS}): use --hand N for any other hand", err=True)
        marks = table_marks(record, item.index, name, hand_no, page.first + page.limit - 1,
                            Validator(variant_dirs)) if with_analysis else None
        _write_page(view, html_out, page, notes, errors.hands, marks)
    else:
        click.echo(render_game(view, _paint, hand_no, notes), nl=False, color=color)
    sys.exit(EXIT_INVALID if errors.found() else EXIT_OK)


class _Errors:
    """Whether a replayed record has errors, counted as its hands go by."""

    def __init__(self, view: GameView):
        self.view = view
        self.hands = 0
        self.in_hands = False

    def count(self, hands: Iterator[HandView]) -> Iterator[HandView]:
        for hv in hands:
            self.hands += 1
            found: list[Problem] = list(hv.problems)
            for s in hv.steps:
                found += s.problems
            self.in_hands = self.in_hands or any(p.severity == "error" for p in found)
            yield hv

    def found(self) -> bool:
        return self.in_hands or any(p.severity == "error" for p in self.view.problems)


def _write_page(view: GameView, out: str, hands: PageHands, notes: list[Any] | None,
                total: int, marks: dict[int, HandMarks] | None) -> None:
    """The page to ``out`` (``-``: standard output), a file written atomically."""
    page = render_html(view, notes=notes, hands=hands, total=total, analysis=marks)
    with open_output(out, "replay") as f:
        f.write(page)
    if out != "-":
        click.echo(f"euchre replay: wrote {out}", err=True)

