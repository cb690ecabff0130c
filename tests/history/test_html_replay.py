"""The HTML replay page, in a real headless browser (Debian's Chromium driven by Playwright).

The page must be self-contained (no request but the file itself), render the
table with every seat's cards, step with the buttons and the arrow keys, keep
the score sheet, and mark a validation problem at the action where it occurs.
The browser tests are skipped only when ``/usr/bin/chromium`` is absent.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from euchre_dsl.history.html_replay import page_data, render_html
from euchre_dsl.history.reader import read_records
from euchre_dsl.history.replay import replay_record

HERE = Path(__file__).resolve().parent
SAMPLE = HERE.parent.parent / "samples" / "standard-game.json"
RENEGE = HERE / "broken" / "renege.ehh"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def page_for(path: Path, tmp: Path) -> Path:
    (item, *_) = read_records(str(path))
    view = replay_record(item.data, file=str(path), locate=item.locate(str(path)))
    out = tmp / (path.stem + ".html")
    out.write_text(render_html(view), encoding="utf-8")
    return out


# ------------------------------------------------------------- without a browser
def test_the_page_is_self_contained(tmp_path: Path) -> None:
    page = page_for(SAMPLE, tmp_path).read_text(encoding="utf-8")
    assert "<style>" in page and "<script>" in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "@import" not in page and "http://" not in page and "https://" not in page


def test_the_data_has_a_frame_per_action_and_the_deal() -> None:
    rec = json.loads(SAMPLE.read_text())
    data = page_data(replay_record(rec))
    assert [len(h["frames"]) for h in data["hands"]] == [len(h["actions"]) + 1
                                                         for h in rec["hands"]]
    assert data["hands"][0]["frames"][0]["words"] == "the deal"
    assert data["final"] == "N+S 4, E+W 11 · E+W win"


def test_text_that_closes_a_script_cannot_break_out_of_the_data(tmp_path: Path) -> None:
    rec = json.loads(SAMPLE.read_text())
    rec["players"] = {"N": "</script><script>alert(1)</script>"}
    page = render_html(replay_record(rec))
    assert "</script><script>alert(1)" not in page


# ------------------------------------------------------------------ the browser
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    pg = browser.new_page(viewport={"width": 1300, "height": 900})
    pg.errors = []  # type: ignore[attr-defined]
    pg.requests = []  # type: ignore[attr-defined]
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
    pg.on("request", lambda r: pg.requests.append(r.url))
    yield pg
    pg.close()


def position(pg: Any) -> str:
    return pg.text_content("#position")  # type: ignore[no-any-return]


def test_the_page_renders_the_table_and_the_score_sheet(page: Any, tmp_path: Path) -> None:
    html = page_for(SAMPLE, tmp_path)
    page.goto(html.as_uri())
    assert page.title() == "Game 1 · Standard euchre · N E S W"
    assert page.locator(".seat").count() == 4
    assert page.locator(".seat.pos-top .name").text_content().startswith("N")
    assert page.locator(".seat .card").count() == 20  # the deal: five cards each
    assert page.locator(".seat .card.red").count() > 0
    assert position(page) == "Hand 1 · step 0 of 17"
    rows = page.locator("#sheet tr")
    assert rows.count() == 1 + 8  # a header and a row per hand
    assert page.locator("#sheet tr.current td").first.text_content() == "1"
    assert page.locator("#final").text_content() == "Final: N+S 4, E+W 11 · E+W win"
    assert page.errors == []
    assert page.requests == [html.as_uri()]  # nothing from the network


def test_buttons_and_arrow_keys_step_through_the_game(page: Any, tmp_path: Path) -> None:
    page.goto(page_for(SAMPLE, tmp_path).as_uri())
    assert page.is_disabled("#prev") and page.is_disabled("#first")
    page.click("#next")
    assert position(page) == "Hand 1 · step 1 of 17"
    assert page.text_content("#now") == "W orders up alone"
    assert page.text_content("ol.log li.current") == "W orders up alone"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert position(page) == "Hand 1 · step 3 of 17"
    assert page.text_content("#now") == "W plays 9♥"
    assert page.locator("#trick .card").all_text_contents() == ["9♥"]
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.locator("#trick .card").all_text_contents() == ["9♥", "K♥", "Q♥"]
    assert page.locator("#trick .played.winner .who").text_content() == "N"
    assert "N · tricks 1" in page.locator(".seat.pos-top .name").text_content()
    page.keyboard.press("ArrowLeft")
    assert position(page) == "Hand 1 · step 4 of 17"
    page.click("#prev")
    assert position(page) == "Hand 1 · step 3 of 17"
    page.keyboard.press("End")
    assert position(page).startswith("Hand 8 · step ")
    assert page.is_disabled("#next")
    page.keyboard.press("Home")
    assert position(page) == "Hand 1 · step 0 of 17"
    page.keyboard.press("PageDown")
    assert position(page) == "Hand 2 · step 0 of 17"
    assert page.locator("#sheet tr.current td").first.text_content() == "2"
    page.click("#last")
    page.click("#first")
    assert position(page) == "Hand 1 · step 0 of 17"
    page.locator("ol.log li").nth(5).click()
    assert position(page) == "Hand 1 · step 5 of 17"
    assert page.errors == []


def test_a_problem_is_marked_at_its_action(page: Any, tmp_path: Path) -> None:
    page.goto(page_for(RENEGE, tmp_path).as_uri())
    marked = page.locator("ol.log li.problem")
    assert marked.count() == 1
    assert marked.first.get_attribute("data-frame") == "6"  # the deal, then action 6
    assert "renege: hand 1: W reneged in trick 1" in marked.first.text_content()
    assert "(line 11:21)" in marked.first.text_content()
    problems = page.locator("#problems li")
    assert problems.count() == 1 and problems.first.text_content().startswith(
        "Hand 1, action 6: renege")
    assert page.locator("#sheet td.bad").count() == 1
    problems.first.click()
    assert position(page) == "Hand 1 · step 6 of 23"
    assert "bad" in (page.get_attribute("#now", "class") or "")
    assert page.text_content("#now").startswith("W plays 9♥ — renege: ")
    page.keyboard.press("ArrowRight")
    assert "bad" not in (page.get_attribute("#now", "class") or "")
    assert page.errors == []
