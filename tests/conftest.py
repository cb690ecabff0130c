"""Fixtures shared by the browser tests of the pages (replay and report); the command
line under the name the tests import it by.

``browser`` is one headless Debian Chromium (``/usr/bin/chromium``) driven by
Playwright for the whole session; ``open_page(url, width)`` opens a page at a
window width and records console errors, page errors and every request;
``page_checks`` measures what a reader would notice: a document wider than the
window, and text whose colour is below WCAG AA contrast (4.5:1) against its
effective background.
"""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
from typing import Any, Callable, Iterator

import pytest

# The tests import the command line as ``cli``, its name in the source tree
# (``PYTHONPATH=.``).  An installed wheel has it as ``euchre_dsl_cli`` (a top-level
# ``cli`` would collide with other projects'); there, ``cli`` is that package.
try:
    import cli.main  # noqa: F401 - the source tree's
except ModuleNotFoundError:  # not on the path (tests/cli alone is only a namespace)
    for _name in [m for m in sys.modules if m == "cli" or m.startswith("cli.")]:
        del sys.modules[_name]
    sys.modules["cli"] = importlib.import_module("euchre_dsl_cli")

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

#: Every visible piece of text: its colour composited over the backgrounds
#: behind it (up to the first opaque one; the canvas is white), and the
#: contrast ratio of the two (WCAG 2 relative luminance).
CONTRAST_JS = """() => {
  const parse = (c) => {
    const m = /rgba?\\(([^)]*)\\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat([1]);
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const out = [];
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    const e = node.parentElement;
    if (!text || !e || seen.has(e)) continue;
    seen.add(e);
    if (e.closest("script, style, option, .sr-only")) continue;
    const box = e.getBoundingClientRect();
    const cs = getComputedStyle(e);
    if (!box.width || !box.height || cs.visibility === "hidden") continue;
    const layers = [];
    let image = false, opacity = 1;
    for (let n = e; n; n = n.parentElement) {
      const s = getComputedStyle(n);
      opacity *= Number(s.opacity);
      if (s.backgroundImage && s.backgroundImage !== "none") image = true;
      const c = parse(s.backgroundColor);
      if (c && c[3] > 0 && !image) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    let fg = parse(e instanceof SVGElement ? cs.fill : cs.color);
    fg = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const a = lum(fg), b = lum(bg);
    out.push({text: text.slice(0, 40), tag: e.tagName, cls: String(e.className.baseVal ?? e.className),
              ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), image: image,
              fg: fg.slice(0, 3), bg: bg.slice(0, 3)});
  }
  return out;
}"""


class PageChecks:
    """What a reader would notice, measured in the page."""

    @staticmethod
    def overflow(page: Any) -> int:
        """How many pixels the document is wider than the window (0: none)."""
        return int(page.evaluate(
            "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
            " - window.innerWidth"))

    @staticmethod
    def low_contrast(page: Any, minimum: float = 4.5) -> list[dict[str, Any]]:
        """Visible text below ``minimum`` contrast, or drawn over an image."""
        found = page.evaluate(CONTRAST_JS)
        assert found, "no visible text measured"
        return [t for t in found if t["ratio"] < minimum or t["image"]]

    @staticmethod
    def visible_text(page: Any) -> str:
        return str(page.evaluate("() => document.body.innerText"))


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    assert os.path.exists(CHROMIUM), (
        f"the page tests need Chromium at {CHROMIUM} (apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="euchre-chromium-") as profile:
        with sync_api.sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                profile, executable_path=CHROMIUM, args=ARGS, headless=True)
            yield context
            context.close()


@pytest.fixture()
def open_page(browser: Any) -> Iterator[Callable[..., Any]]:
    """``open_page(url, width=1280)``: a new tab at that width, recording
    ``errors`` (console errors and page errors) and ``requests``."""
    opened: list[Any] = []

    def opener(url: str, width: int = 1280, height: int = 900) -> Any:
        pg = browser.new_page()
        pg.set_viewport_size({"width": width, "height": height})
        pg.errors = []
        pg.requests = []
        pg.on("pageerror", lambda e: pg.errors.append(str(e)))
        pg.on("console", lambda m: pg.errors.append(m.text) if m.type == "error" else None)
        pg.on("request", lambda r: pg.requests.append(r.url))
        pg.goto(url)
        opened.append(pg)
        return pg

    yield opener
    for pg in opened:
        pg.close()


@pytest.fixture(scope="session")
def page_checks() -> PageChecks:
    return PageChecks()
