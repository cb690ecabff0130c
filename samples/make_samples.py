"""Write the sample records in this folder: seeded games of random legal actions.

Run from the repository root: ``python samples/make_samples.py``.  The games
come from the engine and the writer only, so they are valid by construction;
``euchre validate samples/`` checks them.  Each file has a text twin
(``.ehh``) holding the same games.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "history"))

from history_tools import pretty, random_game  # noqa: E402

from euchre_dsl.history.reader import read_records  # noqa: E402
from euchre_dsl.history.text_writer import write_text  # noqa: E402
from euchre_dsl.history.writer import write_jsonl  # noqa: E402

#: (variant, seed) of each game in games.jsonl.
JSONL_GAMES = (("standard", 1), ("standard", 2), ("defenders-bonus", 3), ("buck", 4),
               ("dirty-clubs", 5), ("columbus", 6))


def main() -> None:
    (HERE / "standard-game.json").write_text(pretty(random_game("standard", 7)),
                                             encoding="utf-8")
    with open(HERE / "games.jsonl", "w", encoding="utf-8", newline="\n") as out:
        write_jsonl((random_game(v, seed) for v, seed in JSONL_GAMES), out)
    write_text_twins()


def write_text_twins() -> None:
    """The same games in the text format (``.ehh``, docs/hand-history.md), beside them."""
    for name in ("standard-game.json", "games.jsonl"):
        records = (item.data for item in read_records(str(HERE / name)))
        with open(HERE / (Path(name).stem + ".ehh"), "w", encoding="utf-8", newline="\n") as out:
            write_text(records, out)


if __name__ == "__main__":
    main()
