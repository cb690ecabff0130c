"""Write the sample records in this folder: seeded games between the shipped bots.

Run from the repository root: ``python samples/make_samples.py``.  Each game is
played by the simulator (:mod:`euchre_dsl.sim.runner`) with the bots its meta
names (``bots``: one spec per seat, in seat order): ``pimc`` against ``rule``
in the standard game, ``rule`` at every seat in the others, so that the
samples show the play of a club table, not of random legal actions.  The games
come from the engine and the writer only, so they are valid by construction;
``euchre validate samples/`` checks them.  samples/ holds each game once: the
same games in the text format (``.ehh``) are in ``examples/text/``, written
by this script too, so that a folder-level command (``euchre validate
samples/``, ``euchre analyze samples/``) counts every game once.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
#: Where the text twins of the samples go (not in samples/: each game once there).
TEXT = HERE.parent / "examples" / "text"
sys.path.insert(0, str(HERE.parent))

from euchre_dsl.records.reader import read_records  # noqa: E402
from euchre_dsl.records.text_writer import write_text  # noqa: E402
from euchre_dsl.records.writer import dump_pretty, write_jsonl  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402
from euchre_dsl.sim.runner import RunSpec, run  # noqa: E402

#: (variant, seed, bots: one spec per seat, or one for every seat) of each game in
#: games.jsonl.
JSONL_GAMES = (("standard", 1, "rule"), ("standard", 2, "pimc,rule,pimc,rule"),
               ("defenders-bonus", 3, "rule"), ("buck", 4, "rule"),
               ("dirty-clubs", 5, "rule"), ("columbus", 6, "rule"))
#: The game of standard-game.json: North and South play pimc, East and West rule.
STANDARD_GAME = ("standard", 7, "pimc,rule,pimc,rule")


def bot_game(variant: str, seed: int, bots: str) -> dict[str, Any]:
    """The first game the simulator plays with ``seed``, as a record whose meta names
    the bots (and no version, so that the samples change only when the play does)."""
    rules = load_variant(variant)
    specs = tuple(bots.split(",")) if "," in bots else (bots,) * rules.players.count
    (batch,) = run(RunSpec(rules, variant, seed, specs, as_dicts=True), 1)
    (record,) = batch.records
    record["meta"] = {"event": "seeded game between bots", "seed": seed, "bots": ",".join(specs)}
    return record


def main() -> None:
    (HERE / "standard-game.json").write_text(dump_pretty(bot_game(*STANDARD_GAME)), encoding="utf-8")
    with open(HERE / "games.jsonl", "w", encoding="utf-8", newline="\n") as out:
        write_jsonl((bot_game(*game) for game in JSONL_GAMES), out)
    write_text_twins()


def write_text_twins() -> None:
    """The same games in the text format (``.ehh``, docs/hand-history.md), in
    examples/text/."""
    for name in ("standard-game.json", "games.jsonl"):
        records = (item.data for item in read_records(str(HERE / name)))
        with open(TEXT / (Path(name).stem + ".ehh"), "w", encoding="utf-8", newline="\n") as out:
            write_text(records, out)


if __name__ == "__main__":
    main()
