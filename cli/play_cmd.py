"""``euchre play``: sit at one seat of any variant against bots, in the terminal.

Keyboard only, over plain standard input and output (no curses: it works over
ssh and from a script).  Every decision of the player's seat lists the legal
choices, numbered; the player answers with a number (``q`` ends the session).
The other seats are bots; their actions are shown as they happen, with only
what the player's seat may see (another seat's discard is "a card").  After
each hand the solver-based analyzer gives its verdict on the player's cards;
``--hint`` asks ``pimc`` at each decision what it would do and why (the value
of each option over its sampled worlds).  ``-o FILE`` saves the game as an
``ehh/1`` record (the text format for ``.ehh``, JSON otherwise), also when the
session ends early, however it ends -- ``q``, the end of standard input,
Ctrl-C, ``SIGTERM``, ``SIGHUP`` (the terminal closed), an error: the hands
finished so far, written atomically (never a truncated file).
"""

from __future__ import annotations

import io
import os
import random
import secrets
import signal
import sys
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Any, Callable, Iterator, Sequence

import click

from euchre_dsl.analysis.analyze import Analyzer
from euchre_dsl.analysis.text import contract_line, mistake_line
from euchre_dsl.cards import JOKER_SUIT
from euchre_dsl.display.replay import RED_SUITS, action_words, contract_with_symbol
from euchre_dsl.engine.actions import DISCARD, GIVE, PLAY, PLAYING, Action
from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.view import SeatView
from euchre_dsl.records.text_writer import write_text
from euchre_dsl.records.writer import dump_record, game_record, hand_record
from euchre_dsl.rng import BOT, derive
from euchre_dsl.rules.ruleset import RuleSet
from euchre_dsl.search.solver import DEFAULT_BUDGET
from euchre_dsl.sim.bots import Bot, BotSpecError, make_bot, parse_bot_spec
from euchre_dsl.sim.bots.pimc import PimcBot
from euchre_dsl.sim.deals import Deals

from .common import (
    EXIT_INVALID, EXIT_USAGE, check_output, open_output, resolve_variant, variant_reference,
)

#: Click's styles of the suits' colours (as ``euchre replay`` draws them).
STYLES: dict[str, dict[str, Any]] = {"red": {"fg": "red"}, "black": {"bold": True},
                                     "dim": {"dim": True}}


class Quit(Exception):
    """The player asked to stop, or standard input ended."""


class Stopped(Exception):
    """A signal ended the session (Ctrl-C's ``SIGINT`` is ``KeyboardInterrupt``)."""


#: The signals that end a session, the finished hands saved: a ``kill``, a closed terminal.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)

#: The longest answer read as a number: more digits are never one of the choices
#: (and Python refuses to convert over 4,300).
MAX_DIGITS = 6


def choice(text: str, count: int) -> int | None:
    """The number of the choice ``text`` names, 1 to ``count``; ``None`` for anything
    else -- a digit Python reads but a player does not type ('²', '٣'), a huge number."""
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        return None
    number = int(text)
    return number if 1 <= number <= count else None


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signal.Signals(signum).name)


@contextmanager
def stop_signals() -> Iterator[None]:
    """``SIGTERM`` and ``SIGHUP`` raise :class:`Stopped` while the block runs, so that the
    session ends the way ``q`` ends it; the handlers before are restored after.  (Only
    the main thread may set handlers: elsewhere -- a test's thread -- nothing is set.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = [signal.signal(s, _stop) for s in STOP_SIGNALS]
    try:
        yield
    finally:
        for s, handler in zip(STOP_SIGNALS, before):
            signal.signal(s, handler)


@contextmanager
def signals_held() -> Iterator[None]:
    """No signal ends the process while the block runs (the save of the finished hands)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = (signal.SIGINT, *STOP_SIGNALS)
    before = [signal.signal(s, signal.SIG_IGN) for s in held]
    try:
        yield
    finally:
        for s, handler in zip(held, before):
            signal.signal(s, handler)


class PlaySession:
    """One session: the game, the bots, what the player sees and answers."""

    def __init__(self, rules: RuleSet, variant: str, seat: int, bot: str, seed: int,
                 hint: bool, analysis: bool, color: bool | None,
                 read: Callable[[], str], hint_budget: int = DEFAULT_BUDGET,
                 confirm: bool = False) -> None:
        self.rules = rules
        self.confirm = confirm  # ask even when there is one legal choice
        self.variant = variant
        self.seat = seat
        self.seed = seed
        self.bot_spec = bot
        self.color = color
        self.read = read
        self.game = Machine(rules, dealer=Deals(seed).first_dealer(0, rules.players.count))
        self.deals = Deals(seed)
        self.deals.start(0, 0)
        spec = parse_bot_spec(bot)
        self.bots: list[Bot | None] = [
            None if s == seat else make_bot(spec, rules, random.Random(derive(seed, BOT, 0, s)))
            for s in range(rules.players.count)]
        # the hint's values in expected points of the hand (capped at what the score needs)
        self.hinter = PimcBot(rules, random.Random(derive(seed, BOT, 1, seat)), goal="points",
                              budget=hint_budget) if hint else None
        self.analyzer = Analyzer() if analysis else None
        self.hands: list[dict[str, Any]] = []
        #: the record of the hands finished so far, made as each hand ends: what is
        #: saved however the session ends (a signal may stop it inside an action)
        self.finished: dict[str, Any] | None = None
        self.shown: list[int] = []  # the player's hand as last shown, in its order
        #: the hand in play: its dealer, dealt hands, upcard and widow (None between hands)
        self.current: tuple[int, Sequence[int], int | None, int | None] | None = None

    # ------------------------------------------------------------ output
    def say(self, text: str = "") -> None:
        click.echo(text, color=self.color)

    def paint(self, text: str, style: str) -> str:
        return click.style(text, **STYLES.get(style, {}))

    def card(self, card: int) -> str:
        """The one way a card is written on this screen: its symbol, in its suit's colour."""
        deck = self.game.deck
        suit = deck.suit(card)
        style = "red" if suit in RED_SUITS else "black" if suit != JOKER_SUIT else "bold"
        return self.paint(deck.symbols[card], style)

    def card_named(self, name: str) -> str:
        """A card spelt as records spell it (``QD``), written as :meth:`card` writes it."""
        return self.card(self.game.deck.parse(name))

    def in_order(self, mask: int) -> list[int]:
        """The cards of ``mask`` in the order the player's hand is listed."""
        return self.game.deck.sorted_cards(mask, self.game.trump)

    def cards(self, mask: int) -> str:
        return " ".join(self.card(c) for c in self.in_order(mask)) or "-"

    def words(self, action: Action) -> str:
        """An action as the player's seat sees it, its card coloured."""
        game = self.game
        hidden = action.verb in (DISCARD, GIVE) and action.seat != self.seat
        text = action_words(game, action._replace(arg=None) if hidden else action)
        if action.arg is not None and not hidden and action.verb in (PLAY, DISCARD, GIVE):
            name = game.deck.symbols[action.arg]
            text = text[:len(text) - len(name)] + self.card(action.arg)
        return text

    # ------------------------------------------------------------ the game
    def play(self, hands: int | None) -> None:
        """Deal and play hands until the game ends (or ``hands`` are played)."""
        game = self.game
        labels = game.labels
        self.say(f"{self.rules.name or self.rules.id}: you are {labels[self.seat]}; "
                 f"type the number of your choice, q to stop.")
        while not game.is_over and (hands is None or len(self.hands) < hands):
            dealer = game.dealer
            self.deals.deal(game, len(self.hands))
            dealt = game.dealt
            upcard = game.upcard
            widow = game.widow if self.rules.deal.widow_size else None
            self.current = (dealer, dealt, upcard, widow)
            self.say()
            up = f" · upcard {self.card(upcard)}" if upcard is not None else ""
            self.say(f"Hand {len(self.hands) + 1} · dealer {labels[dealer]}{up}")
            self.show_hand()
            while not game.hand_over:
                self.step()
            self.hands.append(hand_record(game, dealer, dealt, upcard, widow))
            self.current = None
            self.finished = self.record()
            self.result()
            self.verdict()

    def show_hand(self) -> None:
        """``Your hand: ...`` when it is not what was last shown (a card gone or taken,
        or trump made, which orders the bowers with their suit)."""
        order = self.in_order(self.game.hand_of(self.seat))
        if order != self.shown:
            self.shown = order
            self.say(f"Your hand: {self.cards(self.game.hand_of(self.seat))}")

    def step(self) -> None:
        game = self.game
        seat = game.to_act
        legal = game.legal_actions()
        bot = self.bots[seat]
        if bot is None:
            action = self.ask(legal)
        elif game.phase == PLAYING:
            mask = 0
            for a in legal:
                if a.arg is not None:
                    mask |= 1 << a.arg
            action = Action(seat, PLAY, bot.play(SeatView(game, seat), mask))
        else:
            action = bot.act(SeatView(game, seat), legal)
        tricks = sum(game.tricks)
        trump = game.trump
        words = self.words(action)
        game.apply(action)
        self.say(f"  {words}")
        if trump is None and game.trump is not None:
            maker = "" if game.maker is None else \
                f", made by {game.labels[game.maker]}{' alone' if game.alone else ''}"
            self.say(f"  trump {contract_with_symbol(game.trump)}{maker}")
        if sum(game.tricks) > tricks:
            winner = game.trick_winners[-1]
            self.say(f"  trick {sum(game.tricks)} to {game.labels[winner]}")

    def menu(self, legal: Sequence[Action]) -> list[Action]:
        """The choices as they are numbered: cards in the order of ``Your hand``, other
        choices as the engine lists them."""
        order = {c: i for i, c in enumerate(self.shown)}
        if all(a.verb in (PLAY, DISCARD, GIVE) and a.arg in order for a in legal):
            return sorted(legal, key=lambda a: order[a.arg])  # type: ignore[index]
        return list(legal)

    def ask(self, legal: Sequence[Action]) -> Action:
        """The player's choice among ``legal``, by number; the only legal choice is made
        without asking (and said), unless ``confirm``."""
        game = self.game
        self.show_hand()
        if game.trick:
            table = " ".join(f"{game.labels[s]} {self.card(c)}"
                             for s, c in zip(game.trick_seats, game.trick))
            self.say(f"On the table: {table}")
        choices = self.menu(legal)
        if len(choices) == 1 and not self.confirm:
            self.say(f"Your only choice: {self.choice_words(choices[0])} (made for you; "
                     "--confirm asks)")
            return choices[0]
        if self.hinter is not None:
            self.say(self.hint(choices))
        for i, a in enumerate(choices, 1):
            self.say(f"  {i}) {self.choice_words(a)}")
        return self.choose(choices)

    def choose(self, legal: list[Action]) -> Action:
        """The menu's answer, read from the player's input."""
        while True:
            click.echo(f"Your choice (1-{len(legal)}): ", nl=False, color=self.color)
            try:
                line = self.read()
            except (OSError, ValueError) as exc:  # the terminal went away; a closed stream
                raise Quit(f"standard input cannot be read ({exc})") from None
            if not line:
                self.say()
                raise Quit("standard input ended")
            text = line.strip().lower()
            if text in ("q", "quit"):
                raise Quit("you stopped")
            number = choice(text, len(legal))
            if number is not None:
                return legal[number - 1]
            shown = line.strip()
            if len(shown) > 20:
                shown = f"{shown[:20]}... ({len(shown):,} characters)"
            self.say(f"'{shown}' is not a choice: type a number from 1 to {len(legal)}, "
                     "or q to stop")

    def choice_words(self, action: Action) -> str:
        """A choice as the menu lists it: the action's words without the seat."""
        text = self.words(action)
        label = self.game.labels[action.seat]
        return text[len(label) + 1:] if text.startswith(label + " ") else text

    def hint(self, menu: list[Action]) -> str:
        """What ``pimc`` would do here, by its number in ``menu``, and the value of each
        option it weighed."""
        game = self.game
        assert self.hinter is not None
        view = SeatView(game, self.seat)
        if game.phase == PLAYING:
            mask = 0
            for a in menu:
                if a.arg is not None:
                    mask |= 1 << a.arg
            number = {a.arg: i for i, a in enumerate(menu, 1)}
            values = sorted(self.hinter.card_values(view, mask).items(), key=lambda cv: -cv[1])
            options = [(f"{number[c]}) {self.card(c)}", v) for c, v in values]
        else:
            options = [(f"{menu.index(a) + 1}) {self.choice_words(a)}", v)
                       for a, v in self.hinter.option_values(view, menu)]
        best = options[0][0]
        if self.hinter.fallback:
            if game.rules.deal.hand_size - len(game.trick_winners) > self.hinter.deepest:
                why = f"pimc searches only with at most {self.hinter.deepest} tricks to play"
            else:
                why = (f"pimc's search would need more than its budget of "
                       f"{self.hinter.budget:,} positions here")
            return f"Hint: the rule bot's choice: {best} (not searched: {why})"
        rest = "; ".join(f"{words} {value:+.2f}" for words, value in options)
        tie = ""
        if game.phase != PLAYING and self.hinter.tied:
            close = [f"{menu.index(a) + 1}" for a in self.hinter.tied
                     if isinstance(a, Action) and a in menu]
            tie = f"; {' and '.join(close)} are within noise of each other"
        return f"Hint: pimc's choice: {best} (your side's net points, the mean over its " \
               f"sampled deals: {rest}{tie})"

    def result(self) -> None:
        game = self.game
        res = game.last_result
        assert res is not None
        sides = ["+".join(game.labels[s] for s in side) for side in game.sides]
        points = ", ".join(f"{name} {p:+d}" if p else f"{name} 0"
                           for name, p in zip(sides, res.points))
        scores = ", ".join(f"{name} {p}" for name, p in zip(sides, res.scores))
        self.say(f"Result: {res.reason or 'no score'} · {points} · score {scores}")

    def verdict(self) -> None:
        """The analyzer's verdict on the player's cards in the hand just played."""
        if self.analyzer is None or not self.hands[-1].get("actions"):
            return
        record = self.record()
        mine = self.game.labels[self.seat]
        for h in self.analyzer.analyze_record(record, 0, "this game", len(self.hands)):
            if h.makers_dd is None:
                continue  # not played out, or not every card known
            self.say(f"Analysis: {contract_line(h)}; with best play the makers take "
                     f"{h.makers_dd}")
            mistakes = [p for p in h.mistakes if p.seat == mine]
            if not mistakes:
                played = any(p.seat == mine for p in h.plays)
                self.say("  your cards: " + ("no card lost a trick" if played
                                             else "you did not play this hand"))
            for p in mistakes:
                self.say(f"  {mistake_line(h, p, card=self.card_named)}")

    def standing(self) -> str:
        """Who won and the final score; or, stopped before the end, the score so far."""
        game = self.game
        names = ["+".join(game.labels[s] for s in side) for side in game.sides]
        scores = ", ".join(f"{name} {p}" for name, p in zip(names, game.scores))
        played = f"{len(self.hands)} hand{'' if len(self.hands) == 1 else 's'}"
        if game.winners is None:
            return f"Score after {played}: {scores} (the game is not over)"
        won = " and ".join(names[w] for w in game.winners)
        mine = "you won" if game.side_of[self.seat] in game.winners else "you lost"
        return f"Game over after {played}: {won} won, {mine} · final score {scores}"

    def record(self) -> dict[str, Any]:
        """The game so far as an ``ehh/1`` record; its meta names who sat where."""
        bots = ",".join("you" if b is None else self.bot_spec for b in self.bots)
        return game_record(self.game, variant_reference(self.variant, self.rules), self.hands,
                           meta={"event": "euchre play", "seed": self.seed, "bots": bots})



@click.command("play")
@click.option("--variant", "-v", default="standard", show_default=True,
              help="Shipped variant id or variant file.")
@click.option("--seat", metavar="LABEL",
              help="Your seat (N, E, S, W in the standard game; default: the first seat).")
@click.option("--bot", default="rule", show_default=True, metavar="SPEC",
              help="The bot at every other seat (random, rule, pimc, with parameters).")
@click.option("--seed", "-s", type=click.IntRange(min=0),
              help="Seed of the deals and the bots (default: a fresh one, printed).")
@click.option("--hands", "-n", type=click.IntRange(min=1),
              help="Stop after this many hands (default: play the game to its end).")
@click.option("--hint", is_flag=True,
              help="At each of your decisions, show what pimc would do and its option values.")
@click.option("--hint-budget", type=click.IntRange(min=1), default=DEFAULT_BUDGET,
              show_default=True, metavar="POSITIONS",
              help="Solver positions the hint may search per decision; past them the hint is "
                   "the rule bot's choice, and says so (a double deck's first tricks).")
@click.option("--web", is_flag=True,
              help="Play in a browser: serve the table on this machine (127.0.0.1) and print "
                   "its address; the same game, hints and verdicts.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="The --web page's port (0: any free one).")
@click.option("--confirm", is_flag=True,
              help="Ask for every move, also where you have one legal choice (by default "
                   "that move is made for you, and said).")
@click.option("--analysis/--no-analysis", default=True, show_default=True,
              help="After each hand, the analyzer's verdict on your cards.")
@click.option("--output", "-o", type=click.Path(dir_okay=False),
              help="Save the game as an ehh/1 record (.ehh: the text format; else JSON).")
def play_cmd(variant: str, seat: str | None, bot: str, seed: int | None, hands: int | None,
             hint: bool, analysis: bool, output: str | None,
             hint_budget: int = DEFAULT_BUDGET, confirm: bool = False, web: bool = False,
             port: int = 0) -> None:
    """Sit at one seat of a variant and play against bots, in the terminal or a browser.

    \b
      euchre play
      euchre play --variant buck --seat E --bot pimc --hint -o game.ehh
      euchre play --web --hint
    """
    check_output(output, "--output")
    rules = resolve_variant(variant)
    labels = list(Machine(rules).labels)
    if seat is None:
        seat_index = 0
    elif seat.upper() in labels:
        seat_index = labels.index(seat.upper())
    else:
        raise click.UsageError(f"--seat: {rules.id} has the seats {', '.join(labels)}, "
                               f"not {seat!r}")
    try:
        parse_bot_spec(bot)
    except BotSpecError as exc:
        raise click.UsageError(f"--bot: {exc}") from None
    if seed is None:
        seed = secrets.randbelow(2 ** 31)
    color = False if os.environ.get("NO_COLOR") else None
    from .play_web import WebSession, play_in_browser  # (it stands on this module)
    kind: type[PlaySession] = WebSession if web else PlaySession
    if web:
        color = False
    table = kind(rules, variant, seat_index, bot, seed, hint, analysis, color,
                 sys.stdin.readline, hint_budget, confirm)
    click.echo(f"seed {seed} (euchre play --seed {seed} deals these cards again)")
    code = 0
    stop = ""
    try:
        with stop_signals():
            if isinstance(table, WebSession):
                play_in_browser(table, hands, port)
            else:
                table.play(hands)
    except Quit as quit_:
        stop = str(quit_)
        code = 0 if stop == "you stopped" else EXIT_USAGE
    except KeyboardInterrupt:
        stop, code = "interrupted (Ctrl-C)", EXIT_INVALID
    except Stopped as signalled:
        stop, code = f"stopped by {signalled}", EXIT_INVALID
    finally:  # every way out, an error's too, saves the hands finished
        if output is not None and table.finished is not None:
            with signals_held():
                save(table.finished, output)
    finished = len(table.hands)
    if stop:
        click.echo(f"euchre play: {stop}; {finished} hand{'' if finished == 1 else 's'} "
                   "finished", err=True)
    click.echo(table.standing())
    if output is not None and finished:
        click.echo(f"saved {finished} hand{'' if finished == 1 else 's'} to {output}")
    if code:
        raise SystemExit(code)


def save(record: dict[str, Any], output: str) -> None:
    """Write the record to ``output`` atomically (the text format for ``.ehh``)."""
    with open_output(output, "play") as out:
        if output.endswith(".ehh"):
            text = io.StringIO()
            write_text([record], text)
            out.write(text.getvalue())
        else:
            out.write(dump_record(record) + "\n")
