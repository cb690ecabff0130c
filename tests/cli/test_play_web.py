"""``euchre play --web``: a whole hand played by clicks in headless Chromium.

The page is a view of the terminal's session (:class:`cli.play_cmd.PlaySession`): the
menu's buttons are its numbered choices, the hint names one of them, the table
is the replay page's drawing of the game as the player's seat sees it, and the
verdict of the hand is shown when it ends.  Nothing is requested beyond the
local server.
"""

from __future__ import annotations

import re
import threading
from typing import Any, Callable

from cli.play_web import STOP, WebSession, serve, session
from euchre_dsl.rules.registry import load_variant

Opener = Callable[..., Any]


def _table(hint: bool = True) -> WebSession:
    return WebSession(load_variant("standard"), "standard", 0, "rule", 3, hint, True, False,
                    lambda: "")


def test_a_whole_hand_played_by_clicks(open_page: Opener) -> None:
    table = _table()
    server = serve(table)
    host, port = server.server_address[:2]
    url = f"http://{host!s}:{port}/"
    play = threading.Thread(target=session, args=(table, 1), daemon=True)
    play.start()
    try:
        pg = open_page(url, 1280, 1000)
        clicks = 0
        seen_table = False
        for _ in range(30):
            pg.wait_for_function("document.querySelector('#menu button') || "
                                 "document.getElementById('over').textContent", timeout=60000)
            if pg.text_content("#over"):
                break
            hint = pg.text_content("#hint") or ""
            m = re.match(r"Hint: pimc's choice: (\d+)\) ", hint)
            assert m, hint  # the hint names the menu's number
            best = pg.locator("#menu button.best")
            assert best.get_attribute("data-choice") == m.group(1)
            if not seen_table:  # the table: the replay page's drawing, as N sees it
                frame = pg.frame_locator("#table")
                north = frame.locator('.seat[data-seat="N"] .cards')
                north.locator(".card").first.wait_for(timeout=30000)
                assert north.locator(".card:not(.back)").count() == 5
                east = frame.locator('.seat[data-seat="E"] .cards')
                assert east.locator(".card:not(.back)").count() == 0
                assert east.locator(".card.back").count() == 5
                seen_table = True
            version = pg.evaluate("shown")
            best.click()
            clicks += 1
            pg.wait_for_function(f"shown !== {version}", timeout=60000)
        assert seen_table and clicks >= 2
        assert re.fullmatch(r"Score after 1 hand: N\+S \d+, E\+W \d+ \(the game is not over\)",
                            pg.text_content("#over") or "")
        verdict = pg.text_content("#verdict") or ""
        assert verdict.startswith("Result: ") and "\nAnalysis: " in verdict
        assert "trick 5 to " in (pg.text_content("#log") or "")  # the table as it happened
        assert pg.errors == []
        assert all(r.startswith(url) for r in pg.requests), pg.requests
        pg.click("#stop")  # "Close the table": the session ends
        play.join(timeout=30)
        assert not play.is_alive()
    finally:
        if play.is_alive():
            table.answers.put(STOP)
            table.answers.put(STOP)
        server.shutdown()
    assert len(table.hands) == 1


def test_the_server_listens_on_this_machine_only() -> None:
    table = _table(hint=False)
    server = serve(table)
    try:
        assert server.server_address[0] == "127.0.0.1"
    finally:
        server.shutdown()


def test_a_posted_answer_that_is_no_number_on_the_menu_is_asked_again() -> None:
    """'²' raised ValueError out of int() in the session (issue 36); and each wrong
    answer was a call deeper (2,000 posts: a RecursionError)."""
    table = _table(hint=False)
    for _ in range(2000):
        table.answers.put("²")
    table.answers.put("9" * 64)
    for _ in range(60):
        table.answers.put("1")
    table.answers.put(STOP)
    play = threading.Thread(target=session, args=(table, 1), daemon=True)
    play.start()
    play.join(timeout=120)
    assert not play.is_alive()
    assert len(table.hands) == 1  # every wrong answer asked again, then the hand played
