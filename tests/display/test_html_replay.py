"""The HTML replay page, in a real headless browser (Debian's Chromium driven by Playwright).

The page must be self-contained (no request but the file itself), show only
what has happened by the step shown (no trump or maker before they are made,
no future bids, no later hands on the score sheet), show the bids at their
seats by round, the upcard turned down or taken, the seats that sit out or
drop, the trick in play and the finished tricks, the result at the end of a
hand, the record's notes and the validator's problems at their steps; it
steps with the buttons, the keys and the slider, links to a hand and step,
fits 390, 800 and 1280 px windows without sideways scrolling, and all its
text meets WCAG AA contrast.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import pytest

from euchre_dsl.display.html_replay import MAX_PAGE_HANDS, PageHands, page_data, render_html
from euchre_dsl.display.replay import hide_hands, replay_record
from euchre_dsl.records.reader import read_records

HERE = Path(__file__).resolve().parent.parent / "validate"  # the broken-record corpus and its tools
# Seeded random games (tests/fixtures/random-games, the samples before issue 25): absurd
# bids, loners and euchres at known places, which the renderer's checks below rely on.
SAMPLES = HERE.parent / "fixtures" / "random-games"
SAMPLE = SAMPLES / "standard-game.json"
GAMES = SAMPLES / "games.jsonl"
RENEGE = HERE / "broken" / "renege.ehh"
WIDTHS = (390, 800, 1280)


def page_for(path: Path, tmp: Path, record: int = 0, viewer: str | None = None,
             hands: PageHands = PageHands()) -> Path:
    item = next(it for it in read_records(str(path)) if it.index == record)
    data = item.data if viewer is None else hide_hands(item.data, viewer)
    view = replay_record(data, record, str(path), item.locate(str(path)))
    out = tmp / f"{path.stem}-{record}{'-' + viewer if viewer else ''}.html"
    out.write_text(render_html(view, notes=data.get("x-ehh-notes"), hands=hands),
                   encoding="utf-8")
    return out


def noted_game(tmp: Path) -> Path:
    """The sample game as text, with a note on hand 1 and a glyph and note on its first bid."""
    text = (SAMPLES / "standard-game.ehh").read_text(encoding="utf-8")
    text = text.replace("hand 1 dealer S\n", "hand 1 dealer S {first deal of the night}\n", 1)
    text = text.replace("bidding W:order_up alone S:discard TH",
                        "bidding W:order_up alone?! {alone on three trumps} S:discard TH", 1)
    out = tmp / "noted.ehh"
    out.write_text(text, encoding="utf-8")
    return out


# ------------------------------------------------------------- without a browser
def test_the_page_is_self_contained(tmp_path: Path) -> None:
    page = page_for(SAMPLE, tmp_path).read_text(encoding="utf-8")
    assert "<style>" in page and "<script>" in page
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in page and "@import" not in page and "src=" not in page


def test_the_data_has_a_frame_per_action_and_the_deal() -> None:
    rec = json.loads(SAMPLE.read_text())
    data = page_data(replay_record(rec))
    assert [len(h["frames"]) for h in data["hands"]] == [len(h["actions"]) + 1
                                                         for h in rec["hands"]]
    assert data["hands"][0]["frames"][0]["w"] == "the deal"
    assert data["final"] == "N+S 4, E+W 11 · E+W win"
    assert data["limited"] is None


def test_a_frame_knows_trump_and_the_maker_only_once_made() -> None:
    frames = page_data(replay_record(json.loads(SAMPLE.read_text())))["hands"][0]["frames"]
    assert frames[0]["trump"] is None and frames[0]["maker"] is None
    assert frames[1]["w"] == "W orders up alone"
    assert frames[1]["trump"]["words"] == "♣ clubs" and frames[1]["maker"] == 3
    assert frames[1]["out"] == [1]  # W's partner E sits out
    assert frames[1]["bid"] == {"round": "Round 1", "said": "orders up alone"}
    assert frames[1]["up"] == "taken"


def test_text_that_closes_a_script_cannot_break_out_of_the_data(tmp_path: Path) -> None:
    rec = json.loads(SAMPLE.read_text())
    rec["players"] = {"N": "</script><script>alert(1)</script>"}
    page = render_html(replay_record(rec))
    assert "</script><script>alert(1)" not in page


def test_notes_are_placed_at_their_hand_and_action(tmp_path: Path) -> None:
    (item,) = read_records(str(noted_game(tmp_path)))
    data = page_data(replay_record(item.data), item.data["x-ehh-notes"])
    frames = data["hands"][0]["frames"]
    assert frames[0]["notes"] == [{"comment": "first deal of the night"}]
    assert frames[1]["notes"] == [{"glyph": "?!", "comment": "alone on three trumps"}]
    assert all(not f["notes"] for f in frames[2:])


def test_a_long_record_is_cut_to_the_page_limit_and_says_so() -> None:
    rec = json.loads(SAMPLE.read_text())
    view = replay_record(rec)
    view.hands = [replace(view.hands[k % len(view.hands)], number=k + 1)
                  for k in range(MAX_PAGE_HANDS + 5)]
    data = page_data(view)
    assert len(data["hands"]) == MAX_PAGE_HANDS
    assert data["limited"] == {"first": 1, "last": MAX_PAGE_HANDS, "total": MAX_PAGE_HANDS + 5}
    assert data["final"] is None  # the end of the game is not on this page
    one = page_data(replay_record(rec), hands=PageHands(3, 1))
    assert [h["number"] for h in one["hands"]] == [3]
    assert one["startScores"] == one_before(rec, 3)
    assert one["limited"] == {"first": 3, "last": 3, "total": 8}
    kept = replay_record(rec)
    kept.hands = kept.hands[1:3]  # only hand 3 and the one before it, as the command keeps
    assert page_data(kept, hands=PageHands(3, 1), total=8) == one


def one_before(rec: dict[str, Any], number: int) -> list[int]:
    scores = rec["hands"][number - 2]["result"]["scores"]
    return [scores[s] for s in ("N+S", "E+W")]


# ------------------------------------------------------------------ the browser
Opener = Callable[..., Any]


def position(pg: Any) -> str:
    return pg.text_content("#position")  # type: ignore[no-any-return]


def test_step_zero_shows_the_deal_and_nothing_that_happens_later(
        open_page: Opener, page_checks: Any, tmp_path: Path) -> None:
    html = page_for(SAMPLE, tmp_path)
    pg = open_page(html.as_uri())
    assert pg.title() == "Game 1 · Standard euchre · N E S W"
    assert position(pg) == "Hand 1 · step 0 of 17"
    text = page_checks.visible_text(pg)
    for spoiler in ("Trump", "trump", "clubs", "maker", "orders up", "alone", "wins",
                    "euchred", "Final", "N+S 4, E+W 11"):
        assert spoiler not in text, spoiler
    assert pg.locator("#trump, .badge.maker").count() == 0
    assert pg.locator(".seat").count() == 4
    assert pg.locator(".seat .card").count() == 20  # five cards each, face up
    assert pg.locator("#upcard .card").text_content() == "K♣"
    assert "No hand finished yet." in text and "No bids yet." in text
    assert pg.locator("#log li").count() == 1  # only the deal
    assert pg.errors == [] and pg.requests == [html.as_uri()]


def test_from_a_seat_the_other_hands_are_hidden(open_page: Opener, tmp_path: Path) -> None:
    pg = open_page(page_for(SAMPLE, tmp_path, viewer="N").as_uri())
    assert pg.locator('.seat[data-seat="N"] .card:not(.back)').count() == 5
    for seat in "ESW":
        assert pg.locator(f'.seat[data-seat="{seat}"] .card:not(.back)').count() == 0
        assert pg.locator(f'.seat[data-seat="{seat}"] .card.back').count() == 5
    assert pg.errors == []


def rounds_of(pg: Any) -> list[list[str]]:
    """The bidding panel: per round its name, then each bid."""
    rows = pg.locator("#bidding .round")
    return [rows.nth(k).locator("b, span").all_text_contents() for k in range(rows.count())]


def test_bids_appear_at_their_seats_by_round_and_the_upcard_is_turned_down(
        open_page: Opener, tmp_path: Path) -> None:
    # games.jsonl record 2, hand 3: four passes, the upcard turned down, W calls clubs alone
    pg = open_page(page_for(GAMES, tmp_path, record=1).as_uri() + "#hand-3-step-0")
    assert position(pg).startswith("Hand 3 · step 0 of ")
    assert "down" not in (pg.get_attribute("#upcard .card", "class") or "")
    pg.keyboard.press("ArrowRight")
    assert pg.text_content('.seat[data-seat="W"] .bids') == "passes"
    assert pg.text_content('.seat[data-seat="N"] .bids') == ""  # N has not spoken yet
    assert rounds_of(pg) == [["Round 1", "W passes"]]
    for _ in range(3):
        pg.keyboard.press("ArrowRight")
    assert "down" in (pg.get_attribute("#upcard .card", "class") or "")
    assert "turned down" in pg.text_content("#upcard")
    assert pg.locator("#trump").count() == 0
    pg.keyboard.press("ArrowRight")
    assert rounds_of(pg) == [["Round 1", "W passes", "N passes", "E passes", "S passes"],
                             ["Round 2", "W calls ♣ clubs alone"]]
    assert pg.text_content('.seat[data-seat="W"] .bids') == "passes · calls ♣ clubs alone"
    assert pg.text_content("#trump") == "Trump♣ clubs"
    assert "maker, alone" in pg.text_content('.seat[data-seat="W"] .name')
    assert "sits out" in pg.text_content('.seat[data-seat="E"] .name')
    assert "out" in (pg.get_attribute('.seat[data-seat="E"]', "class") or "")
    assert pg.errors == []


def test_a_taken_upcard_shows_in_the_dealers_hand_and_dropped_seats_are_out(
        open_page: Opener, tmp_path: Path) -> None:
    # games.jsonl record 4 (Buck), hand 1: S orders up, dealer E takes the upcard, W and N drop
    pg = open_page(page_for(GAMES, tmp_path, record=3).as_uri() + "#hand-1-step-1")
    up = pg.locator('.seat[data-seat="E"] .card.upcard')
    assert up.count() == 1
    assert "the dealer took the upcard" in pg.text_content("#upcard")
    pg.keyboard.press("ArrowRight")
    pg.keyboard.press("ArrowRight")
    assert "dropped out" in pg.text_content('.seat[data-seat="W"] .name')
    assert "dropped out" not in pg.text_content('.seat[data-seat="N"] .name')
    assert [r.split(" ", 1)[0] for r in pg.locator("#bidding .round b").all_text_contents()] == \
        ["Round", "Stay"]
    assert pg.errors == []


def test_tricks_winners_and_the_result_at_the_end_of_the_hand(
        open_page: Opener, tmp_path: Path) -> None:
    pg = open_page(page_for(SAMPLE, tmp_path).as_uri())
    for _ in range(5):
        pg.keyboard.press("ArrowRight")
    assert pg.locator("#trick .card").all_text_contents() == ["9♥", "K♥", "Q♥"]
    assert pg.locator("#trick .played.winner .who").text_content() == "N"
    assert pg.text_content("#centre .won") == "N wins the trick"
    assert pg.locator("#tricks li").all_text_contents() == ["1W 9♥N K♥S Q♥won by N"]
    assert pg.text_content('.seat[data-seat="N"] .tricks') == "tricks 1"
    assert "#result" not in pg.content() and pg.locator("#result").count() == 0
    pg.keyboard.press("End")
    assert position(pg) == "Hand 1 · step 17 of 17"
    result = pg.text_content("#result")
    assert result == ("Hand 1 result — W alone was euchred · tricks N+S 5, E+W 0 · N+S +2"
                      " · score N+S 2, E+W 0")
    assert pg.locator("#tricks li").count() == 5
    assert pg.locator("#sheet tr").count() == 2  # the header and hand 1, now finished
    assert pg.text_content("#sheet tr.current td:nth-child(3)") == "euchred"
    pg.keyboard.press("Home")
    assert position(pg) == "Hand 1 · step 0 of 17"
    assert pg.locator("#sheet tr").all_text_contents() == ["No hand finished yet."]
    pg.goto(pg.url.split("#")[0] + "#hand-8-step-0")
    pg.keyboard.press("End")
    assert "Final: N+S 4, E+W 11 · E+W win" in pg.text_content("#now")
    assert pg.text_content("#final") == "Final: N+S 4, E+W 11 · E+W win"
    assert pg.errors == []


def test_keys_buttons_slider_and_links_step_through_the_game(
        open_page: Opener, tmp_path: Path) -> None:
    html = page_for(SAMPLE, tmp_path)
    pg = open_page(html.as_uri())
    assert pg.is_disabled("#prev") and pg.is_disabled("#first")
    pg.click("#next")
    assert position(pg) == "Hand 1 · step 1 of 17"
    assert pg.url.endswith("#hand-1-step-1")
    pg.keyboard.press("ArrowLeft")
    assert position(pg) == "Hand 1 · step 0 of 17"
    pg.keyboard.press("PageDown")
    assert position(pg) == "Hand 2 · step 0 of 17"
    pg.keyboard.press("ArrowLeft")  # back over the boundary: the end of hand 1
    assert position(pg) == "Hand 1 · step 17 of 17"
    pg.keyboard.press("ArrowRight")
    assert position(pg) == "Hand 2 · step 0 of 17"
    pg.click("#last")
    assert position(pg) == "Hand 2 · step 17 of 17" and pg.is_disabled("#last")
    pg.click("#first")
    assert position(pg) == "Hand 2 · step 0 of 17"
    pg.fill("#slider", "9")
    assert position(pg) == "Hand 2 · step 9 of 17"
    pg.focus("#slider")
    pg.keyboard.press("ArrowRight")  # the slider's own key: one step, not two
    assert position(pg) == "Hand 2 · step 10 of 17"
    pg.select_option("#hand", "4")
    assert position(pg) == "Hand 5 · step 0 of 17"
    pg.locator("#log button").first.focus()
    pg.keyboard.press("End")
    pg.locator("#log button").nth(3).click()
    assert position(pg) == "Hand 5 · step 3 of 17"
    fresh = open_page(html.as_uri() + "#hand-3-step-12")
    assert position(fresh) == "Hand 3 · step 12 of 17"
    fresh.evaluate("location.hash = '#hand-6-step-2'")
    fresh.wait_for_function("document.getElementById('position').textContent.startsWith('Hand 6')")
    assert position(fresh) == "Hand 6 · step 2 of 17"
    fresh.locator("#sheet a").first.click()  # a link changes the hash: hashchange fires later
    fresh.wait_for_function("document.getElementById('position').textContent.startsWith('Hand 1')")
    assert position(fresh) == "Hand 1 · step 0 of 17"
    assert pg.errors == [] and fresh.errors == []


def test_the_keyboard_alone_reaches_every_control(open_page: Opener, tmp_path: Path) -> None:
    pg = open_page(page_for(SAMPLE, tmp_path).as_uri() + "#hand-1-step-3")
    reached = []
    for _ in range(12):
        pg.keyboard.press("Tab")
        reached.append(pg.evaluate("document.activeElement.id || document.activeElement.tagName"))
    for control in ("prev", "next", "last", "hand", "slider"):
        assert control in reached
    pg.focus("#next")
    pg.keyboard.press("Enter")
    assert position(pg) == "Hand 1 · step 4 of 17"


def test_notes_appear_at_their_steps(open_page: Opener, tmp_path: Path) -> None:
    pg = open_page(page_for(noted_game(tmp_path), tmp_path).as_uri())
    assert pg.locator("#now .note").all_text_contents() == ["Note: first deal of the night"]
    pg.keyboard.press("ArrowRight")
    assert pg.text_content("#now .words") == "W orders up alone ?!"
    assert pg.locator("#now .note").all_text_contents() == ["Note: alone on three trumps"]
    assert pg.text_content("#log li.current") == "1. W orders up alone ?!"
    pg.keyboard.press("ArrowRight")
    assert pg.locator("#now .note").count() == 0
    assert pg.errors == []


def test_a_problem_appears_at_its_step(open_page: Opener, tmp_path: Path) -> None:
    pg = open_page(page_for(RENEGE, tmp_path).as_uri())
    assert pg.locator("#now .problem").count() == 0
    summary = pg.locator("#banners details summary")
    assert summary.text_content() == ("The validator found 1 problem in this record "
                                      "(shown at their steps)")
    summary.click()
    pg.locator("#banners details a").first.click()  # hashchange fires after the click returns
    pg.wait_for_function("document.getElementById('position').textContent.includes('step 6 ')")
    assert position(pg) == "Hand 1 · step 6 of 23"
    problem = pg.text_content("#now .problem")
    assert problem.startswith("error [renege]: hand 1: W reneged in trick 1")
    assert problem.endswith("(line 11:21)")
    assert pg.locator("#log li.problem").count() == 1
    pg.keyboard.press("ArrowLeft")
    assert pg.locator("#now .problem").count() == 0
    assert pg.errors == []


@pytest.mark.parametrize("width", WIDTHS)
def test_the_page_fits_the_window_and_its_text_is_readable(
        open_page: Opener, page_checks: Any, tmp_path: Path, width: int) -> None:
    pages = [page_for(SAMPLE, tmp_path).as_uri() + "#hand-3-step-9",  # a loner in play
             page_for(SAMPLE, tmp_path).as_uri() + "#hand-1-step-17",  # a result
             page_for(GAMES, tmp_path, record=1).as_uri() + "#hand-3-step-4",  # turned down
             page_for(GAMES, tmp_path, record=3).as_uri() + "#hand-1-step-6",  # Buck, drops
             page_for(GAMES, tmp_path, record=5).as_uri() + "#hand-1-step-1",  # three, widow
             page_for(RENEGE, tmp_path).as_uri() + "#hand-1-step-6"]  # a problem
    for url in pages:
        pg = open_page(url, width)
        pg.click("#banners summary") if pg.locator("#banners summary").count() else None
        assert page_checks.overflow(pg) == 0, url
        bad = page_checks.low_contrast(pg)
        assert bad == [], (url, bad[:5])
        assert pg.errors == []


def test_the_contrast_check_finds_unreadable_text(
        open_page: Opener, page_checks: Any, tmp_path: Path) -> None:
    """The measuring itself: grey on grey, and red straight on the felt, are caught."""
    pg = open_page(page_for(SAMPLE, tmp_path).as_uri())
    pg.evaluate("""() => {
      const p = document.createElement("p");
      p.style.cssText = "color:#888;background:#999";
      p.textContent = "grey on grey";
      document.body.appendChild(p);
      const s = document.createElement("span");
      s.style.color = "#b3122a";
      s.textContent = "red on felt";
      document.querySelector(".felt").appendChild(s);
    }""")
    assert sorted(t["text"] for t in page_checks.low_contrast(pg)) == ["grey on grey",
                                                                     "red on felt"]


def test_the_command_writes_a_page_within_the_limit(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from cli.main import euchre as cli

    variant = tmp_path / "long.euchre"
    variant.write_text('variant long "Long" extends standard {\n    game to 300\n}\n')
    path = tmp_path / "long.jsonl"
    res = CliRunner().invoke(cli, ["simulate", "--variant", str(variant), "-n", "1", "-o",
                                   str(path)])
    assert res.exit_code == 0, res.output
    out = tmp_path / "long.html"
    res = CliRunner().invoke(cli, ["replay", str(path), "--html", str(out)])
    assert f"the page holds the first {MAX_PAGE_HANDS}" in res.output
    page = out.read_text(encoding="utf-8")
    data = json.loads(page.split('type="application/json">', 1)[1].split("</script>", 1)[0])
    assert len(data["hands"]) <= MAX_PAGE_HANDS and data["limited"]["total"] > MAX_PAGE_HANDS
    res = CliRunner().invoke(cli, ["replay", str(SAMPLE), "--html", str(out), "--hand", "2"])
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text().split('type="application/json">', 1)[1].split("</script>")[0])
    assert [h["number"] for h in data["hands"]] == [2]


def test_the_analyzers_marks_show_card_values_and_mistakes(
        open_page: Opener, tmp_path: Path) -> None:
    from euchre_dsl.display.html_replay import HandMarks, PlayMark

    rec = json.loads(SAMPLE.read_text())
    # hand 2: N alone leads 10S (action 2); say A♦ would have kept the makers' 2 tricks
    marks = {2: HandMarks(2, {2: PlayMark("N", "TS", 2, 1, True, ("AD",),
                                          {"TS": 1, "KH": 1, "TH": 1, "AD": 2, "AC": 1})})}
    out = tmp_path / "marked.html"
    out.write_text(render_html(replay_record(rec), analysis=marks), encoding="utf-8")
    pg = open_page(out.as_uri() + "#hand-2-step-2")
    values = pg.locator('.seat[data-seat="N"] .card .val')
    assert values.all_text_contents() == ["1", "1", "1", "2", "1"]
    assert pg.locator('.seat[data-seat="N"] .card .val.best').count() == 1
    assert "With best play from here the makers take 2." in pg.text_content("#now")
    pg.keyboard.press("ArrowRight")
    assert pg.text_content("#now .mistake") == (
        "Mistake: N's 10♠ cost the makers 1 trick (the makers' best 2 → 1); better: A♦")
    assert pg.text_content("#log li.current") == "3. N plays 10♠ — mistake"
    assert pg.locator(".card .val").count() == 0  # values belong to the step before a play
    assert pg.errors == []


def test_from_a_seat_the_notes_on_hidden_cards_are_no_problem_banner(
        open_page: Opener, tmp_path: Path) -> None:
    pg = open_page(page_for(GAMES, tmp_path, record=1, viewer="S").as_uri() + "#hand-3-step-5")
    assert pg.locator("#banners details").count() == 0  # only notes: nothing is wrong
    out_backs = pg.locator('.seat[data-seat="E"] .card.back')  # E sits out, unseen cards
    assert out_backs.count() == 5
    assert out_backs.first.evaluate("e => getComputedStyle(e).backgroundImage") != "none"
    assert pg.errors == []


def test_after_an_unknown_discard_the_dealers_known_cards_stay_face_up(
        open_page: Opener, tmp_path: Path) -> None:
    # VWEC Finals (EGN), hand 3: N deals, picks up J♣ and discards a card EGN does not
    # name; N's other cards, all played later, are still known: shown, as the terminal does
    egn = Path(__file__).resolve().parents[1] / "interop" / "egn" / "VWEC Finals.egn"
    pg = open_page(page_for(egn, tmp_path).as_uri() + "#hand-3-step-5")
    assert "N discards a card" in pg.text_content("#now")
    north = '.seat[data-seat="N"] .cards'
    assert sorted(pg.locator(north + " .card:not(.back)").all_text_contents()) == \
        sorted(["A♠", "10♦", "9♦", "10♣", "J♣"])
    assert pg.locator(north + " .card.back").count() == 0
    pg.keyboard.press("ArrowRight")  # E leads; then N's cards go one by one as N plays them
    pg.keyboard.press("End")
    assert pg.locator(north + " .card").count() == 0
    assert pg.errors == []
