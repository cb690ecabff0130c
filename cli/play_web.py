"""``euchre play --web``: the same session as in the terminal, seen and answered in a browser.

The game and its turn logic are :class:`~cli.play_cmd.PlaySession`'s, unchanged: the
bots act, the player's legal choices are numbered, the hint and the verdict are
computed, all by the same code as in the terminal.  This module only changes
where the words go and where the answer comes from: what the table says is kept
for the page, and a choice is a click (an HTTP request) rather than a typed
number.  The table itself is drawn by the replay page (``euchre replay --html``)
from the record of the game so far as the player's seat sees it, shown at its
latest step; the page around it lists the choices, the hint and the verdict.

The server is the standard library's, bound to 127.0.0.1 only: nothing is
fetched and nothing listens beyond this machine.  The session runs on the
calling thread (so its signal handling is the terminal's); the server answers
from its own thread, reading the table only while the session waits for a click.
"""

from __future__ import annotations

import json
import queue
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

import click

from euchre_dsl.display.html_replay import render_html
from euchre_dsl.display.replay import hide_hands, replay_record
from euchre_dsl.engine.actions import Action
from euchre_dsl.records.notation import action_to_json
from euchre_dsl.records.writer import card_names

from .play_cmd import Quit, PlaySession, choice

#: Where the server listens: this machine only.
HOST = "127.0.0.1"
#: The lines of the session the page keeps (the latest).
LOG_LINES = 60
#: What a click of "Stop" sends: the terminal's ``q``.
STOP = "q"


class WebSession(PlaySession):
    """A :class:`PlaySession` whose words go to the page and whose answers come from clicks.

    ``lock`` is held by the session while it plays; it is let go only while the
    session waits for the player, so the server reads a table at rest.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lock = threading.Lock()
        self.answers: queue.Queue[str] = queue.Queue()
        self.version = 0  # bumped at every change the page shows
        self.log: list[str] = []
        self.asked: list[str] = []  # the choices now asked, in their order
        self.hint_text = ""
        self.verdict_lines: list[str] = []  # the result and analysis of the last hand
        self.over = ""  # the closing words, once the session ended

    # ------------------------------------------------------------ the table's words
    def say(self, text: str = "") -> None:
        line = click.unstyle(text)
        self.version += 1
        self.log = (self.log + [line])[-LOG_LINES:]
        if line.startswith("Hint: "):
            self.hint_text = line
        elif line.startswith("Result: "):
            self.verdict_lines = [line]
        elif self.verdict_lines and (line.startswith("Analysis: ") or line.startswith("  ")) \
                and self.verdict_lines[-1] != "":
            self.verdict_lines.append(line)
        elif self.verdict_lines and not line:
            self.verdict_lines.append("")  # the next hand: the verdict is complete

    def choose(self, legal: list[Action]) -> Action:
        """The player's click: the number of a choice (or Stop)."""
        while True:  # a loop, not a call per wrong answer: answers come from the network
            self.asked = [click.unstyle(self.choice_words(a)) for a in legal]
            self.version += 1
            answer = self.wait()
            self.asked, self.hint_text = [], ""
            self.version += 1
            if answer == STOP:
                raise Quit("you stopped")
            number = choice(answer, len(legal))  # the terminal's reading: '²' is no number
            if number is not None:
                return legal[number - 1]
            self.say(f"'{answer}' is not a choice: pick one of 1 to {len(legal)}")

    def wait(self) -> str:
        """The next click; the table is the server's to read meanwhile."""
        self.lock.release()
        try:
            return self.answers.get()
        finally:
            self.lock.acquire()

    def finish(self, words: str) -> None:
        """Show the closing words, and wait for the player to close the table."""
        self.over = words
        self.version += 1
        self.wait()

    # ------------------------------------------------------------ what the page reads
    def state(self) -> dict[str, Any]:
        verdict = [line for line in self.verdict_lines if line]
        hand, step = self.position()
        return {"version": self.version, "log": self.log, "menu": self.asked,
                "hint": self.hint_text, "verdict": verdict, "over": self.over,
                "you": self.game.labels[self.seat], "hand": hand, "step": step}

    def position(self) -> tuple[int, int]:
        """The hand (1-based) and step the table shows: the latest."""
        if self.current is not None:
            return len(self.hands) + 1, len(self.game.hand_log)
        if not self.hands:
            return 1, 0
        return len(self.hands), len(self.hands[-1].get("actions") or ())

    def seen(self) -> dict[str, Any]:
        """The game so far as the player's seat saw it: the hands played and the one in
        play, the other seats' cards hidden."""
        record = self.record()
        record.pop("final", None)  # claims of a game in progress: not the page's to check
        if self.current is not None:
            game = self.game
            dealer, dealt, upcard, widow = self.current
            deal: dict[str, Any] = {
                "hands": {game.labels[s]: card_names(game.deck, m) for s, m in enumerate(dealt)},
                "upcard": None if upcard is None else game.deck.names[upcard]}
            if widow is not None:
                deal["widow"] = card_names(game.deck, widow)
            actions = [j for j in (action_to_json(game, a) for a in game.hand_log)
                       if j is not None]
            record["hands"] = list(record["hands"]) + [
                {"dealer": game.labels[dealer], "deal": deal, "actions": actions}]
        return hide_hands(record, self.game.labels[self.seat])

    def table_page(self) -> str:
        """The replay page of :meth:`seen`: the table drawn as ``euchre replay --html``
        draws it.  A hand still in play is no problem here: its notes are dropped."""
        view = replay_record(self.seen())
        view.problems = []
        for hv in view.hands:
            hv.problems = []
            for step in hv.steps:
                step.problems = []
        return render_html(view, title="euchre play")


def page() -> str:
    """The play page (``play.html`` beside the replay page's template)."""
    return resources.files("euchre_dsl.display").joinpath("play.html").read_text(
        encoding="utf-8")


def serve(table: WebSession, port: int = 0) -> ThreadingHTTPServer:
    """Start answering for ``table`` on 127.0.0.1:``port`` (0: a free port), from a
    daemon thread; ``server.server_address`` says where."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the standard library's name
            path = self.path.split("?", 1)[0]
            if path == "/":
                self.send(page(), "text/html")
            elif path == "/state":
                with table.lock:
                    self.send(json.dumps(table.state(), ensure_ascii=False), "application/json")
            elif path == "/table":
                with table.lock:
                    self.send(table.table_page(), "text/html")
            elif path == "/favicon.ico":  # the browser asks; the page has none
                self.send_response(HTTPStatus.NO_CONTENT)
                self.end_headers()
            else:
                self.send_error(HTTPStatus.NOT_FOUND)

        def do_POST(self) -> None:  # noqa: N802
            if self.path != "/choose":
                self.send_error(HTTPStatus.NOT_FOUND)
                return
            length = min(int(self.headers.get("Content-Length") or 0), 64)
            table.answers.put(self.rfile.read(length).decode("utf-8", "replace").strip())
            self.send_response(HTTPStatus.NO_CONTENT)
            self.end_headers()

        def send(self, text: str, kind: str) -> None:
            body = text.encode("utf-8")
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", f"{kind}; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            return  # the terminal is the session's, not a request log

    server = ThreadingHTTPServer((HOST, port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def play_in_browser(table: WebSession, hands: int | None, port: int) -> ThreadingHTTPServer:
    """Serve the page and play the session on this thread; returns (the server still
    answering) when the game is over and the player has closed it, or raises
    :class:`Quit` when the player stopped."""
    server = serve(table, port)
    host, bound = server.server_address[:2]
    click.echo(f"euchre play --web: open http://{host!s}:{bound}/ in a browser "
               "(Ctrl-C here stops)")
    session(table, hands)
    return server


def session(table: WebSession, hands: int | None) -> None:
    """Play the session (the terminal's turn logic) with the table held, then show how
    it ended until the player closes it."""
    table.lock.acquire()
    try:
        table.play(hands)
        table.finish(table.standing())
    finally:
        table.lock.release()
