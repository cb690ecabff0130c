"""The project's docs stand on their own (issue 9, finding 7): no pointer to the
references outside the repository, the ehh/1 specification and the rules in docs/."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md", ROOT / "SECURITY.md"]
SPEC_CODES = ("syntax", "schema", "unknown-variant", "invalid-variant", "bad-card", "bad-deal",
              "wrong-dealer", "out-of-turn", "illegal-action", "card-not-held", "renege",
              "incomplete-hand", "extra-action", "result-mismatch", "game-over")


def test_no_doc_points_outside_the_repository() -> None:
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        assert "shared/spec" not in text and "shared/rules" not in text, path.name
        assert not re.search(r"\bREFERENCE\.md\b", text), path.name


def test_the_json_form_and_the_rules_are_documented_here() -> None:
    spec = (ROOT / "docs" / "hand-history-json.md").read_text(encoding="utf-8")
    for code in SPEC_CODES:
        assert f"`{code}`" in spec, code
    for verb in ("pass", "order_up", "call", "bid", "discard", "defend_alone", "stay", "drop",
                 "take_widow", "play"):
        assert f"`{verb}`" in spec, verb
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for words in ("left bower", "effective suit", "Following suit", "euchred", "march"):
        assert words in rules, words

