"""Redraw the README's screenshots of the replay and report pages (by hand, not in CI).

    python docs/img/make_screenshots.py

Builds both pages from ``samples/`` into a temporary folder and photographs
them in Debian's Chromium at desktop (1280 px) and phone (390 px) width.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from euchre_dsl.analysis.analyze import Analyzer  # noqa: E402
from euchre_dsl.analysis.report_html import write_report_html  # noqa: E402
from euchre_dsl.analysis.table_values import table_marks  # noqa: E402
from euchre_dsl.display.html_replay import render_html  # noqa: E402
from euchre_dsl.display.replay import replay_record  # noqa: E402
from euchre_dsl.records.reader import read_records  # noqa: E402

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SAMPLE = ROOT / "samples" / "standard-game.json"
GAMES = ROOT / "samples" / "games.jsonl"
OUT = Path(__file__).resolve().parent


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        record = json.loads(SAMPLE.read_text(encoding="utf-8"))
        replay = folder / "replay.html"
        replay.write_text(render_html(replay_record(record),
                                      analysis=table_marks(record, 0, str(SAMPLE))),
                          encoding="utf-8")
        analyzer = Analyzer()
        hands = []
        for f in (SAMPLE, GAMES):
            hands.extend(analyzer.analyze_items(read_records(str(f)), str(f)))
        report = folder / "report.html"
        write_report_html(hands, report)
        shots = [(replay.as_uri() + "#hand-3-step-8", 1280, 860, "replay-desktop.png"),
                 (replay.as_uri() + "#hand-3-step-8", 390, 1000, "replay-phone.png"),
                 (report.as_uri(), 1280, 860, "report-desktop.png"),
                 (report.as_uri() + "#v-standard-euchre", 390, 1000, "report-phone.png")]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            for url, width, height, name in shots:
                page = browser.new_page(viewport={"width": width, "height": height})
                page.goto(url)
                page.screenshot(path=str(OUT / name))
                page.close()
                print(OUT / name)
            browser.close()


if __name__ == "__main__":
    main()
