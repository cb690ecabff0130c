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



def test_the_extensions_name_the_shipped_variants_that_use_each_verb() -> None:
    """The list of who uses ``give`` had gone stale (bid euchre and pepper shoot with a
    given card; issue 36): it is read back from the variants' own options."""
    from euchre_dsl.rules.registry import load_variant, shipped_ids

    rows = {}
    text = (ROOT / "docs" / "hand-history-extensions.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 3 and re.fullmatch(r"`[a-z_]+`", cells[0]):
            rows[cells[0].strip("`")] = set(re.findall(r"`([a-z0-9-]+)`", cells[2]))
    uses: dict[str, set[str]] = {"give": set(), "call_partner": set(), "swap": set()}
    for v in shipped_ids():
        r = load_variant(v)
        if r.alone.call_for_best:
            uses["give"].add(v)
        if r.partner.call != "off":
            uses["call_partner"].add(v)
        if r.deal.farmers_hand != "off" and r.deal.farmers_hand_effect == "swap":
            uses["swap"].add(v)
    assert rows == uses


def test_install_commands_work_from_a_checkout() -> None:
    # euchre-dsl is installed from its source tree: 'euchre-dsl[rl]' names nothing there
    # (issue 40); docs, examples and messages say '.[rl]' or name the packages
    files = DOCS + sorted((ROOT / "examples").rglob("*.py")) + \
        sorted((ROOT / "euchre_dsl").rglob("*.py")) + sorted((ROOT / "cli").rglob("*.py"))
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"pip install '?euchre-dsl\[", text), path.name


def test_every_extra_has_its_install_hint() -> None:
    import tomllib

    from euchre_dsl.errors import EXTRAS, install_hint

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert set(EXTRAS) == set(extras) - {"test"}
    assert install_hint("rl") == ("pip install pettingzoo gymnasium (in a checkout of "
                                  "euchre-dsl: pip install '.[rl]')")
