"""``euchre analyze FILES... --html report.html``: the analysis as one page to look at.

The page (template ``report.html`` beside this module) is self-contained: CSS
inline, charts drawn here as SVG, no script, nothing from the network.  It
shows, per variant: the score progression of each game, points per hand by
seat counted from the dealer, make / euchre / march rates by seat and by how
trump was made, loners, mistakes per player with their cost, the costliest
mistakes and every hand -- each chart with a table of its exact numbers.

Every hand links to its replay: the replay pages are written into a folder
beside the report (``report-replays/`` for ``report.html``), one per game
(split every :data:`~euchre_dsl.display.html_replay.MAX_PAGE_HANDS` hands),
with the analyzer's mistakes marked on the table; a link reads
``report-replays/game-1.html#hand-3-step-0``.  Games read from standard input
cannot be read again, so their hands are listed without links.  A report
lists at most :data:`MAX_LISTED_HANDS` hands and draws at most
:data:`MAX_CHARTED_GAMES` games' scores (the statistics count every hand);
the page says when it left some out.

Every figure comes from the analyzer's :class:`~.report.HandAnalysis` objects
and :class:`~.stats.PlayerStats` (the scores from the replay of each game), so the
page says what the text and JSON reports say.
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..cards import show_card, show_cards
from .players import PlayerSummary
from ..display.html_replay import MAX_PAGE_HANDS, PageHands, render_html
from ..display.replay import GameView, replay_record
from ..errors import EuchreError
from ..io_safety import OutputError, write_atomic
from ..records.positions import Locate
from ..records.reader import STDIN_NAME, read_records
from ..search.solver import DEFAULT_BUDGET
from .report import PERFECT_INFORMATION_NOTE, Decision, HandAnalysis, PlayValue
from .stats import PlayerStats, Tally
from .table_values import hand_marks, table_marks
from .text import contract_line, unvalued_what

#: The most hands listed (and linked) in one report.
MAX_LISTED_HANDS = 1000
#: The most games whose score progression is drawn.
MAX_CHARTED_GAMES = 12
#: The costliest mistakes listed.
WORST_MISTAKES = 15
#: What the seat names mean.
SEAT_NOTE = ('<p class="note">Seats are counted clockwise from the dealer: dealer+1 sits at '
             "the dealer's left and leads.</p>")
#: Colours of the sides' lines and of the bars (each at least 3:1 on white).
SIDE_COLOURS = ("#0b63ce", "#b3122a", "#6a3d9a", "#1b7f3b", "#b35900", "#444444", "#008080")
BAR = "#2f6fb3"
BAR2 = "#b3122a"
BAR3 = "#6a3d9a"


def replay_folder(out: str | os.PathLike[str]) -> Path:
    """The folder of the replay pages beside the report ``out``: ``report-replays/``
    for ``report.html``."""
    path = Path(out)
    return path.with_name(path.stem + "-replays")


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.0f}%"


def rate(a: int, b: int) -> float | None:
    return None if b == 0 else a / b


@dataclass
class _Game:
    """One game of the report: where it comes from and its listed hands."""

    file: str
    record: int  # 1-based
    variant: str
    hands: list[HandAnalysis] = field(default_factory=list)
    page: str | None = None  # the replay page's name, relative to the report (None: none)
    view: GameView | None = None


@dataclass
class _PlayerMistakes:
    mistakes: int = 0
    cost: float = 0
    valued: int = 0  # hands of the player whose play was valued


class HtmlReport:
    """The report page, built hand by hand (``add``) and written once (``write``)."""

    def __init__(self, out: str | os.PathLike[str], max_hands: int = MAX_LISTED_HANDS,
                 budget: int = DEFAULT_BUDGET):
        self.out = Path(out)
        self.max_hands = max_hands
        #: the solver's budget of positions for the replay pages' card values
        self.budget = budget
        self.stats = PlayerStats()
        self.players = PlayerSummary()
        self.total = 0
        self.listed: list[HandAnalysis] = []
        self.games: dict[tuple[str, int], _Game] = {}
        self.mistakes: dict[str, dict[str, _PlayerMistakes]] = {}  # variant -> player -> ...
        self.worst: list[tuple[float, HandAnalysis, PlayValue]] = []
        self.worst_bids: list[tuple[float, HandAnalysis, Decision]] = []
        self.decisions = 0
        self.variants: list[str] = []
        self.all_games: set[tuple[str, int]] = set()  # every game counted, listed or not
        self.files: list[str] = []
        #: questions not valued, their search past the budget (and the budget they passed)
        self.unvalued = 0
        self.passed_budget = 0

    # ------------------------------------------------------------- collecting
    def add(self, h: HandAnalysis) -> None:
        """Count one analysed hand."""
        self.total += 1
        self.stats.add(h)
        self.players.add(h)
        if h.unvalued:
            self.unvalued += len(h.unvalued)
            self.passed_budget = h.budget
        self.all_games.add((h.file, h.record))
        if h.file not in self.files:
            self.files.append(h.file)
        if h.variant not in self.variants:
            self.variants.append(h.variant)
        book = self.mistakes.setdefault(h.variant, {})
        if h.plays:
            for seat in h.seats:
                book.setdefault(h.players.get(seat, seat), _PlayerMistakes()).valued += 1
        for p in h.mistakes:
            m = book.setdefault(h.players.get(p.seat, p.seat), _PlayerMistakes())
            m.mistakes += 1
            m.cost += p.cost
            self.worst.append((p.cost, h, p))
        self.worst.sort(key=lambda w: -w[0])
        del self.worst[WORST_MISTAKES:]
        for d in h.decisions:
            self.decisions += 1
            if d.loss > 0:
                self.worst_bids.append((d.loss, h, d))
        self.worst_bids.sort(key=lambda w: -w[0])
        del self.worst_bids[WORST_MISTAKES:]
        if len(self.listed) < self.max_hands:
            self.listed.append(h)
            game = self.games.setdefault((h.file, h.record), _Game(h.file, h.record, h.variant))
            game.hands.append(h)

    # ------------------------------------------------------------- writing
    def write(self) -> list[Path]:
        """Write the report and its replay pages; the files written, report first."""
        # the costliest mistakes and bids link to their replays even past the list's cap
        for h in [h for _, h, _p in self.worst] + [h for _, h, _d in self.worst_bids]:
            game = self.games.setdefault((h.file, h.record), _Game(h.file, h.record, h.variant))
            if not any(x is h for x in game.hands):
                game.hands.append(h)
                game.hands.sort(key=lambda x: x.hand)
        pages = self._write_replays()
        template = resources.files(__package__).joinpath("report.html").read_text(
            encoding="utf-8")
        title = "Euchre analysis"
        page = template.replace("{{TITLE}}", esc(title)).replace("{{BODY}}", self.body())
        write_atomic(str(self.out), page)
        return [self.out] + pages

    def _replay_dir(self) -> Path:
        return replay_folder(self.out)

    def _write_replays(self) -> list[Path]:
        """A replay page per game (per :data:`MAX_PAGE_HANDS` hands of it), beside the
        report; games whose records cannot be read again get none.  A page that cannot
        be written is an :class:`~euchre_dsl.io_safety.OutputError` (never a report
        whose links lead nowhere)."""
        by_file: dict[str, list[_Game]] = {}
        for g in self.games.values():
            if g.file != STDIN_NAME:
                by_file.setdefault(g.file, []).append(g)
        written: list[Path] = []
        folder = self._replay_dir()
        number = 0
        for file, games in by_file.items():
            wanted = {g.record - 1: g for g in games}
            try:
                items = read_records(file)
                for item in items:
                    if item.index not in wanted:
                        continue
                    g = wanted.pop(item.index)
                    if item.problem is not None:
                        continue
                    number += 1
                    written.extend(self._replay_pages(g, item.data, file, number, folder,
                                                      item.locate(file)))
                    if not wanted:
                        break
            except (OSError, ValueError):
                continue  # the report lists these hands without links
        return written

    def _replay_pages(self, g: _Game, record: Any, file: str, number: int, folder: Path,
                      locate: Locate) -> list[Path]:
        try:
            view = replay_record(record, g.record - 1, file, locate)
        except EuchreError:
            return []
        g.view = view
        last = (max(h.hand for h in g.hands) - 1) // MAX_PAGE_HANDS * MAX_PAGE_HANDS \
            + MAX_PAGE_HANDS
        # every legal card's value on the table, as ``euchre replay --analysis`` shows it
        # (a hand with hidden cards keeps the analyzer's marks: its values are estimates)
        marks = table_marks(record, g.record - 1, file, last=last, budget=self.budget)
        for h in g.hands:
            if h.plays and h.hand not in marks:
                marks[h.hand] = hand_marks(h)
        notes = record.get("x-ehh-notes") if isinstance(record, dict) else None
        try:
            folder.mkdir(exist_ok=True)  # the report's own folder exists (the caller's rule)
        except OSError as exc:
            raise OutputError(str(folder), exc) from exc
        out: list[Path] = []
        chunks = sorted({(h.hand - 1) // MAX_PAGE_HANDS for h in g.hands})
        for c in chunks:
            name = f"game-{number}.html" if c == 0 else f"game-{number}-{c + 1}.html"
            path = folder / name
            write_atomic(str(path), render_html(
                view, notes=notes if isinstance(notes, list) else None,
                hands=PageHands(c * MAX_PAGE_HANDS + 1, MAX_PAGE_HANDS), analysis=marks))
            out.append(path)
        g.page = f"{folder.name}/game-{number}"
        return out

    def link(self, h: HandAnalysis, step: int = 0) -> str | None:
        """The address of a hand's replay at ``step`` (None: no replay page)."""
        g = self.games.get((h.file, h.record))
        if g is None or g.page is None:
            return None
        chunk = (h.hand - 1) // MAX_PAGE_HANDS
        page = f"{g.page}.html" if chunk == 0 else f"{g.page}-{chunk + 1}.html"
        return f"{page}#hand-{h.hand}-step-{step}"

    # ------------------------------------------------------------- the page
    def body(self) -> str:
        parts = [self.heading()]
        for variant in self.variants:
            groups = self.stats.book.get(variant, {})
            countdown = self.stats.countdown.get(variant, False)
            parts.append(f'<h2 id="{esc(_slug(variant))}">{esc(variant)}'
                         + (' <small>(scores count down: fewer points is better)</small>'
                            if countdown else "") + "</h2>")
            parts.append(self.progression(variant))
            parts.append(self.seat_points(groups.get("seat", {})))
            parts.append(self.rates(groups.get("seat", {})))
            parts.append(self.loners(groups.get("player", {})))
            parts.append(self.player_mistakes(variant))
            parts.append(self.player_summary(variant))
        parts.append(self.worst_mistakes())
        parts.append(self.worst_decisions())
        parts.append(self.hand_table())
        return "\n".join(parts)

    def heading(self) -> str:
        games = len(self.all_games)
        files = len(self.files)
        listed_games = {(h.file, h.record) for h in self.listed}
        valued = sum(1 for h in self.listed if h.makers_dd is not None)
        estimated = sum(1 for h in self.listed if h.estimated)
        out = [f'<header><h1>Euchre analysis</h1><p class="lead">{_count(self.total, "hand")} '
               f'from {_count(games, "game")} in {_count(files, "file")}; {valued} of the '
               'listed hands valued from the opening lead'
               + (f", {estimated} with hidden cards estimated over sampled deals"
                  if estimated else "") + '.</p>',
               f'<p class="note">Card values come from a perfect-information solver: every hand '
               f'visible, best play by everyone. {esc(PERFECT_INFORMATION_NOTE.capitalize())}.'
               '</p>']
        if self.unvalued:
            out.append(f'<p class="note limit">{_count(self.unvalued, "question")} (plays, '
                       'opening leads, bidding decisions) not valued: their search passed the '
                       f'budget of {self.passed_budget:,} positions (euchre analyze --budget raises '
                       'it). The list of hands says where.</p>')
        if self.total > len(self.listed):
            out.append(f'<p class="note limit">The list of hands shows the first '
                       f'{len(self.listed)} of the {self.total} hands ({len(listed_games)} of the '
                       f'{games} games), at most {self.max_hands} so that the page and its replay '
                       'folder stay small; the charts, tables and costliest mistakes count every '
                       'hand, and each costliest mistake links to its replay. Choose games and '
                       'hands with --record and --hand.</p>')
        unlinked = {(g.file, g.record) for g in self.games.values() if g.page is None}
        if unlinked:
            why = ("read from standard input, which cannot be read again"
                   if all(f == STDIN_NAME for f, _ in unlinked)
                   else "whose records could not be replayed again")
            out.append(f'<p class="note">{_count(len(unlinked), "game")} {why}: '
                       'listed without replay pages.</p>')
        nav = ['<a href="#hands">Every hand</a>', '<a href="#mistakes">Costliest mistakes</a>']
        if self.decisions:
            nav.append('<a href="#bidding">Bidding</a>')
        nav.extend(f'<a href="#{esc(_slug(v))}">{esc(v)}</a>' for v in self.variants)
        out.append("<nav>" + " · ".join(nav) + "</nav></header>")
        return "\n".join(out)

    def progression(self, variant: str) -> str:
        games = [g for g in self.games.values() if g.variant == variant and g.view is not None]
        if not games:
            return _pair("Score progression", "<p>No game of this variant can be replayed "
                         "here (standard input cannot be read again).</p>", "")
        charts = []
        rows = []
        for g in games[:MAX_CHARTED_GAMES]:
            view = g.view
            assert view is not None
            first = g.hands[0]
            link = self.link(first)
            name = f"{Path(g.file).name} game {g.record}"
            title = f'<a href="{esc(link)}">{esc(name)}</a>' if link else esc(name)
            charts.append(f'<figure class="game"><figcaption>{title}</figcaption>'
                          f'{_score_chart(view)}</figure>')
            rows.append([title, str(len(view.hands))] +
                        [esc(f"{n} {s}") for n, s in zip(view.side_names, view.scores)] +
                        [esc(view.outcome())])
        more = ""
        if len(games) > MAX_CHARTED_GAMES:
            more = (f'<p class="note">The first {MAX_CHARTED_GAMES} of {len(games)} games are '
                    "drawn.</p>")
        table = _table(["Game", "Hands", "Final score", "Result"],
                       [[r[0], r[1], ", ".join(r[2:-1]), r[-1]] for r in rows],
                       "Final scores")
        return _pair("Score progression of each game",
                     '<div class="games">' + "".join(charts) + "</div>" + more, table)

    def seat_points(self, seats: dict[str, Tally]) -> str:
        order = _seat_order(seats)
        if not order:
            return ""
        values = [(s, rate(seats[s].points, seats[s].hands)) for s in order]
        chart = _bars([Bar(s, v, "" if v is None else f"{v:+.2f}") for s, v in values],
                      "Points per hand by seat from the dealer")
        table = _table(["Seat", "Hands", "Points", "Per hand"],
                       [[esc(s), str(seats[s].hands), str(seats[s].points),
                         "–" if v is None else f"{v:+.2f}"] for s, v in values],
                       "Points per hand by seat")
        return _pair("Points per hand by seat (counted from the dealer)", chart + SEAT_NOTE,
                     table)

    def rates(self, seats: dict[str, Tally]) -> str:
        order = _seat_order(seats)
        if not order or not any(seats[s].made_trump for s in order):
            return ""
        rounds = sorted({r for s in order for r in seats[s].by_round})
        bars: list[Bar] = []
        overall: list[Bar] = []
        rows = []
        by_round: list[list[str]] = []
        for s in order:
            t = seats[s]
            if t.made_trump:
                bars.append(Bar(s, heading=True))
                overall.append(Bar(s, heading=True))
            for r in rounds:
                cell = t.by_round.get(r, [0, 0])
                if cell[0]:
                    x = rate(cell[1], cell[0])
                    bars.append(Bar(r, x, f"{pct(x)} of {cell[0]}"))
            if t.made_trump:
                for what, n in (("euchred", t.euchred), ("marched", t.marches)):
                    overall.append(Bar(what, rate(n, t.made_trump), pct(rate(n, t.made_trump))))
            rows.append([esc(s), str(t.made_trump), pct(rate(t.made, t.made_trump)),
                         pct(rate(t.euchred, t.made_trump)), pct(rate(t.marches, t.made_trump))])
            by_round.extend([esc(s), esc(r), str(cell[0]), str(cell[1]), pct(rate(cell[1], cell[0]))]
                            for r in rounds if (cell := t.by_round.get(r, [0, 0]))[0])
        width = max(_bars_width(bars), _bars_width(overall))  # one label size for both
        chart = (_bars(bars, "Make rate by seat and how trump was made", 1.0, BAR, width) +
                 _bars(overall, "Euchre and march rates of the makers by seat", 1.0, BAR2,
                       width))
        table = _table(["Seat", "Made trump", "Made", "Euchred", "Marched"], rows,
                       "Makers by seat: how often they made it") + _table(
            ["Seat", "Trump", "Times", "Made", "Rate"], by_round,
            "By seat and how trump was made")
        return _pair("Make, euchre and march rates by seat and round", chart + SEAT_NOTE, table)

    def loners(self, players: dict[str, Tally]) -> str:
        members = sorted(players)
        if not any(players[m].loners for m in members):
            return _pair("Loners", '<p>Nobody went alone.</p>', "")
        bars = [Bar(m, float(players[m].loners), f"{players[m].loners} "
                    f"({pct(rate(players[m].loners_made, players[m].loners))} made)")
                for m in members]
        chart = _bars(bars, "Lone hands per player", None, BAR3)
        table = _table(["Player", "Hands", "Alone", "Made alone", "Rate"],
                       [[esc(m), str(players[m].hands), str(players[m].loners),
                         str(players[m].loners_made),
                         pct(rate(players[m].loners_made, players[m].loners))]
                        for m in members], "Loners per player")
        return _pair("Loners", chart, table)

    def player_mistakes(self, variant: str) -> str:
        book = self.mistakes.get(variant, {})
        members = sorted(book)
        if not any(book[m].valued for m in members):
            return _pair("Mistakes per player", "<p>No hand of this variant could be valued "
                         "(hidden cards or errors).</p>", "")
        bars = [Bar(m, float(book[m].cost), f"{_num(book[m].cost)} ({book[m].mistakes} "
                    f"mistake{'' if book[m].mistakes == 1 else 's'})") for m in members]
        chart = _bars(bars, "Tricks lost to play mistakes per player", None, BAR2)
        table = _table(["Player", "Hands valued", "Mistakes", "Tricks lost", "Per hand"],
                       [[esc(m), str(book[m].valued), str(book[m].mistakes), _num(book[m].cost),
                         "–" if not book[m].valued else f"{book[m].cost / book[m].valued:.2f}"]
                        for m in members], "Mistakes per player")
        return _pair("Mistakes per player, with their cost", chart, table)

    def player_summary(self, variant: str) -> str:
        """Each player's points lost to the bidding and to the play per hand, with
        95% intervals, the average loss per move and the accuracy (:mod:`.players`)."""
        lines = [x for x in self.players.ordered() if x.variant == variant]
        if not lines:
            return ""
        rows = []
        bars = []
        for x in lines:
            j = x.to_json()
            bid, play = j["bidding_loss_ci95"], j["play_loss_ci95"]
            rows.append([esc(x.player), str(x.hands),
                         "–" if not x.bidding else
                         f"{j['bidding_loss_per_hand']:.3f} [{bid[0]:.3f}, {bid[1]:.3f}]",
                         "–" if not x.play else
                         f"{j['play_loss_per_hand']:.3f} [{play[0]:.3f}, {play[1]:.3f}]",
                         str(x.moves), f"{x.loss_per_move:.3f}", f"{x.accuracy:.1f}%"])
            bars.append(Bar(x.player, x.accuracy, f"{x.accuracy:.1f}%"))
        chart = _bars(bars, "Accuracy per player: moves that lost nothing", 100.0, BAR)
        lower = (" Scores count down in this variant (fewer points is better); the losses "
                 "are net points, more is worse.") if lines[0].countdown else ""
        table = _table(["Player", "Hands", "Bidding loss / hand (95% CI)",
                        "Play loss / hand (95% CI)", "Moves", "Loss / move", "Accuracy"],
                       rows, "Player summary")
        note = ('<p class="note">Net points lost per hand to bidding and play mistakes (an '
                'equal best costs nothing), the average loss per move (bids and cards chosen '
                'among several), and the share of moves that lost nothing.' + lower + '</p>')
        return _pair("Player summary", chart, note + table)

    def worst_mistakes(self) -> str:
        if not self.worst:
            return ('<section id="mistakes"><h2>Costliest mistakes</h2>'
                    "<p>No card lost a trick.</p></section>")
        rows = []
        for cost, h, p in self.worst:
            link = self.link(h, p.action + 1)
            where = f"{Path(h.file).name} game {h.record} hand {h.hand}, trick {p.trick}"
            cell = f'<a href="{esc(link)}">{esc(where)}</a>' if link else esc(where)
            who = h.players.get(p.seat, p.seat)
            rows.append([cell, esc(f"{who} ({p.seat})" if who != p.seat else who),
                         esc(_card(p.card)), esc(", ".join(_card(c) for c in p.better)),
                         _num(cost)])
        return ('<section id="mistakes"><h2>Costliest mistakes</h2>' +
                _table(["Where", "Player", "Played", "Better", "Tricks lost"], rows,
                       "The plays that cost the most tricks") + "</section>")

    def worst_decisions(self) -> str:
        if not self.decisions:
            return ""
        if not self.worst_bids:
            return ('<section id="bidding"><h2>Costliest bidding decisions</h2>'
                    "<p>Every bid was the best option by the estimates.</p></section>")
        rows = []
        for loss, h, d in self.worst_bids:
            link = self.link(h, 0 if d.action is None else d.action + 1)
            where = f"{Path(h.file).name} game {h.record} hand {h.hand}"
            cell = f'<a href="{esc(link)}">{esc(where)}</a>' if link else esc(where)
            best = d.best
            rows.append([cell, esc(h.players.get(d.seat, d.seat)),
                         esc(show_cards(f"{d.chosen} ({d.chosen_value.net:+.2f})", True)),
                         esc(show_cards(f"{best.option} ({best.net:+.2f} [{best.low:+.2f}, "
                                        f"{best.high:+.2f}])", True)),
                         f"{loss:.2f}", str(d.deals)])
        return ('<section id="bidding"><h2>Costliest bidding decisions</h2>'
                '<p class="note">Expected net points of each option, estimated over sampled deals '
                "each solved with every card visible (perfect-information estimates, which "
                "favour bold bids), with the 95% confidence interval.</p>" +
                _table(["Where", "Player", "Chosen", "Best option", "Points lost", "Deals"],
                       rows, "The bids that gave up the most expected points") + "</section>")

    def hand_table(self) -> str:
        rows = []
        for h in self.listed:
            link = self.link(h)
            name = f"{Path(h.file).name} {h.record}.{h.hand}"
            cell = f'<a href="{esc(link)}">{esc(name)}</a>' if link else esc(name)
            points = ", ".join(f"{s} {p:+d}" for s, p in zip(h.sides, h.points) if p)
            dd = "–" if h.makers_dd is None else f"{h.makers_tricks} / {h.makers_dd}"
            if h.makers_dd_mean is not None:  # hidden cards: a mean over sampled deals
                dd = f"{h.makers_tricks} / {h.makers_dd_mean:.2f} (over {h.worlds} deals)"
            mistakes = str(len(h.mistakes)) if h.plays else "–"
            if h.unvalued:
                why = "more tricks to play than are solved exactly" \
                    if all(u.longer for u in h.unvalued) else "past the search budget"
                if any(u.what == "opening" for u in h.unvalued):
                    dd += f" ({why})"
                mistakes += esc(f" (not valued, {why}: {unvalued_what(h.unvalued)})")
            rows.append([cell, esc(contract_line(h)), esc(points or "–"), dd, mistakes])
        note = "" if all(self.link(h) for h in self.listed) else (
            '<p class="note">Hands read from standard input have no replay page.</p>')
        return ('<section id="hands"><h2>Every hand</h2>' + note +
                _table(["Hand", "Contract", "Points", "Makers took / best", "Mistakes"], rows,
                       "Each hand links to its replay") + "</section>")


# ------------------------------------------------------------------ pieces
def _slug(text: str) -> str:
    return "v-" + "".join(c if c.isalnum() else "-" for c in text.lower())


def _card(name: str) -> str:
    """``TS`` as ``10♠``: the page writes cards with suit symbols."""
    return show_card(name, True)


def _seat_order(seats: dict[str, Tally]) -> list[str]:
    def key(s: str) -> int:
        return 0 if s == "dealer" else int(s.split("+")[1]) if s.startswith("dealer+") else 99
    return sorted(seats, key=key)


def _pair(title: str, chart: str, table: str) -> str:
    """A chart with its table beside it (below it on a narrow window)."""
    return (f'<section class="pair"><h3>{esc(title)}</h3><div class="cols">'
            f'<div class="chart">{chart}</div><div class="numbers">{table}</div></div></section>')


def _table(head: Sequence[str], rows: Iterable[Sequence[str]], caption: str) -> str:
    """A table of exact numbers (cells are HTML already)."""
    out = [f'<table><caption>{esc(caption)}</caption><thead><tr>']
    out.extend(f"<th>{h}</th>" for h in head)
    out.append("</tr></thead><tbody>")
    for r in rows:
        out.append("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>")
    out.append("</tbody></table>")
    return "".join(out)


@dataclass(frozen=True)
class Bar:
    """One row of a bar chart: its label, its value (None: no bar) and the value in
    words; a ``heading`` row names the group of rows below it."""

    label: str
    value: float | None = None
    words: str = ""
    heading: bool = False


def _bars(rows: Sequence[Bar], label: str, top: float | None = None, colour: str = BAR,
          width: float = 0.0) -> str:
    """Horizontal bars, one per row, from zero; sized to stay readable on a phone.

    The drawing scales to the window as a whole, text included, so charts shown
    together are given one ``width`` (:func:`_bars_width` of the widest): their labels
    are then drawn at one size."""
    if not rows:
        return ""
    known = [r.value for r in rows if r.value is not None]
    hi = max([top or 0.0] + known + [0.0])
    lo = min(known + [0.0])
    span = (hi - lo) or 1.0
    left, right = _margins(rows)
    row_h = 22
    w = max(width, _bars_width(rows))
    plot = w - left - right  # the room left over widens the plot, not the text
    zero = left + plot * (0 - lo) / span
    h = row_h * len(rows) + 8
    out = [f'<svg class="bars" viewBox="0 0 {w:.0f} {h}" role="img" aria-label="{esc(label)}">'
           f"<title>{esc(label)}</title>"]
    for k, r in enumerate(rows):
        y = 4 + k * row_h
        if r.heading:
            out.append(f'<text x="2" y="{y + 15}" font-weight="700">{esc(r.label)}</text>')
            continue
        out.append(f'<text x="{left - 6:.0f}" y="{y + 15}" text-anchor="end">{esc(r.label)}</text>')
        end = zero
        if r.value is not None:
            x = left + plot * (r.value - lo) / span
            x0, x1 = min(zero, x), max(zero, x)
            out.append(f'<rect x="{x0:.1f}" y="{y + 3}" width="{max(x1 - x0, 1):.1f}" '
                       f'height="{row_h - 7}" fill="{colour}"/>')
            end = max(x1, zero)
        out.append(f'<text x="{end + 5:.1f}" y="{y + 15}">{esc(r.words or "–")}</text>')
    out.append(f'<line x1="{zero:.1f}" y1="2" x2="{zero:.1f}" y2="{h - 2}" stroke="#6b6b6b"/>')
    out.append("</svg>")
    return "".join(out)


#: The width of a bar chart's plot, between its labels and its values.
PLOT = 170.0


def _margins(rows: Sequence[Bar]) -> tuple[float, float]:
    """Margins as wide as the longest label and value, so no text runs past the edge."""
    left = max([_text_width(r.label) for r in rows if not r.heading] + [30.0]) + 12
    right = max(_text_width(r.words or "–") for r in rows if not r.heading) + 10 \
        if any(not r.heading for r in rows) else 10
    return left, right


def _bars_width(rows: Sequence[Bar]) -> float:
    """The width a bar chart of ``rows`` needs (in its drawing's units)."""
    left, right = _margins(rows)
    return max(left + PLOT + right, max([_text_width(r.label, 8.0) + 6 for r in rows
                                         if r.heading] + [0.0]))


def _score_chart(view: GameView) -> str:
    """The running score of each side after every hand of one game."""
    first = view.hands[0].result if view.hands else None
    start = list(view.scores) if first is None else [
        s - p for s, p in zip(first.scores, first.points)]
    series = [start] + [h.scores for h in view.hands]
    n = len(series) - 1
    values = [v for s in series for v in s]
    lo, hi = min(values + [0]), max(values + [1])
    w, h, left, bottom, top, right = 300, 150, 30, 22, 8, 10

    def x(k: int) -> float:
        return left + (w - left - right) * (k / n if n else 0)

    def y(v: int) -> float:
        return top + (h - top - bottom) * (1 - (v - lo) / ((hi - lo) or 1))

    label = f"Running score per side over {n} hands"
    out = [f'<svg class="score" viewBox="0 0 {w} {h}" role="img" aria-label="{esc(label)}">'
           f"<title>{esc(label)}</title>",
           f'<line x1="{left}" y1="{y(lo):.1f}" x2="{w - right}" y2="{y(lo):.1f}" '
           'stroke="#6b6b6b"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{h - bottom}" stroke="#6b6b6b"/>',
           f'<text x="{left - 4}" y="{y(hi) + 4:.1f}" text-anchor="end">{hi}</text>',
           f'<text x="{left - 4}" y="{y(lo) + 4:.1f}" text-anchor="end">{lo}</text>',
           f'<text x="{left}" y="{h - 6}">0</text>',
           f'<text x="{w - right}" y="{h - 6}" text-anchor="end">{n} hands</text>']
    for s, name in enumerate(view.side_names):
        pts = " ".join(f"{x(k):.1f},{y(sc[s]):.1f}" for k, sc in enumerate(series))
        out.append(f'<polyline points="{pts}" fill="none" stroke-width="2.5" '
                   f'stroke="{SIDE_COLOURS[s % len(SIDE_COLOURS)]}"/>')
    out.append("</svg>")
    legend = "".join(f'<span><i style="background:{SIDE_COLOURS[s % len(SIDE_COLOURS)]}"></i>'
                     f"{esc(name)} {view.scores[s]}</span>"
                     for s, name in enumerate(view.side_names))
    return "".join(out) + f'<div class="legend">{legend}</div>'


def write_report_html(hands: Iterable[HandAnalysis], out: str | os.PathLike[str]) -> list[Path]:
    """Write the report of ``hands`` to ``out`` (and its replay pages beside it)."""
    report = HtmlReport(out)
    for h in hands:
        report.add(h)
    return report.write()




def _num(x: float) -> str:
    """A count of tricks: whole, or a mean over sampled deals to two decimals."""
    return str(int(x)) if x == int(x) else f"{x:.2f}"


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _text_width(text: str, per_char: float = 7.2) -> float:
    """A generous width of ``text`` at the charts' 12px font (wide letters count more)."""
    wide = sum(1 for c in text if c in "MWmw@%")
    return per_char * len(text) + 3.0 * wide
