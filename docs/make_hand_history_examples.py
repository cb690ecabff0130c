"""Write the examples of ``docs/hand-history.md``: one seeded hand of every shipped variant.

Run from the repository root: ``python docs/make_hand_history_examples.py``.
Each example is a hand from a seeded simulation (the first game of seed 1),
chosen as the one that shows the most kinds of decision, cut down to a
one-hand record and written by the text writer.  The text between the
markers ``<!-- examples -->`` and ``<!-- /examples -->`` in the spec is
replaced; ``tests/records/test_text_spec.py`` checks that the spec holds
exactly these examples and that each one reads and validates.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from euchre_dsl.records.text_writer import dump_game  # noqa: E402
from euchre_dsl.rules.registry import load_variant, shipped_ids  # noqa: E402
from euchre_dsl.sim.runner import simulate  # noqa: E402

SPEC = ROOT / "docs" / "hand-history.md"
SEED = 1
START, END = "<!-- examples -->", "<!-- /examples -->"


def example(variant: str) -> dict[str, Any]:
    """A one-hand record of ``variant``: the seeded game's most varied hand."""
    rules = load_variant(variant)
    game = next(simulate(rules, variant, 1, SEED))
    assert game is not None
    hands = game["hands"]
    best = max(range(len(hands)), key=lambda h: (
        len({a[1] for a in hands[h]["actions"]}), -h))
    hand = hands[best]
    record: dict[str, Any] = {"format": game["format"], "variant": variant,
                              "seats": game["seats"],
                              "meta": {"source": f"euchre simulate, seed {SEED}, "
                                                 f"hand {best + 1}"}}
    if best:
        before = hands[best - 1]["result"]["scores"]
        record["start_scores"] = before
    record["hands"] = [hand]
    return record


def examples_markdown() -> str:
    """The examples section: a heading and a code block per shipped variant."""
    parts = []
    for variant in shipped_ids():
        rules = load_variant(variant)
        parts.append(f"### {rules.name} (`{variant}`)\n\n{rules.description}\n\n"
                     f"```ehh\n{dump_game(example(variant))}```\n")
    return "\n".join(parts)


def main() -> None:
    text = SPEC.read_text(encoding="utf-8")
    block = f"{START}\n\n{examples_markdown()}\n{END}"
    new = re.sub(re.escape(START) + r".*?" + re.escape(END), lambda m: block, text, flags=re.S)
    SPEC.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    main()
