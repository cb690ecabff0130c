"""Hostile inputs at growing sizes, run by hand: ``python bench/hostile_scaling.py``.

Issue 27 found four inputs whose cost grew faster than their size: an inline
variant of N unknown keys (finding 12), one record with a problem in each of N
hands (13), a variant file of N unknown keys under ``euchre variant check``
(14) and a text game of N hands, past the 10,000-hand limit (5).  This script
builds each at the issue's sizes, runs the command on it in a child process and
reports the child's CPU time and peak memory (``os.wait4``), and each time's
ratio to the size before it: linear work doubles with a doubled size, and the
text game, refused while it is read, stays flat.  ``docs/hostile-scaling.md``
holds a run's results.

The command is ``python -m cli`` from this source tree (``--euchre PROG`` runs
another, e.g. an installed compiled ``euchre``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_TEXT = ROOT / "examples" / "text" / "games.ehh"


def run(command: list[str], args: list[str]) -> tuple[int, float, int]:
    """Exit status, CPU seconds and peak memory (MB) of one command run.

    Linux counts in a child's peak the memory of this process it was forked
    from, so the inputs are written streaming and this process stays small."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(command + args, cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024


def a_game(command: list[str], folder: Path) -> dict[str, object]:
    """One simulated standard game, as a record."""
    out = folder / "game.jsonl"
    subprocess.run(command + ["simulate", "-n", "1", "-s", "1", "-o", str(out)], cwd=ROOT,
                   env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True,
                   stdout=subprocess.DEVNULL)
    record: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    return record


def inline_keys(game: dict[str, object], folder: Path, n: int) -> list[str]:
    """Finding 12: a record whose inline variant has ``n`` unknown keys."""
    variant: dict[str, object] = {"extends": "standard", "id": "x"}
    variant.update({f"k{i}": i for i in range(n)})
    path = folder / f"keys{n}.json"
    path.write_text(json.dumps({**game, "variant": variant}), encoding="utf-8")
    return ["validate", str(path)]


def problem_per_hand(game: dict[str, object], folder: Path, n: int) -> list[str]:
    """Finding 13: a pretty-printed record with ``n`` hands after the game was won
    (each one problem)."""
    hands = game["hands"]
    assert isinstance(hands, list)
    path = folder / f"over{n}.json"
    with path.open("w", encoding="utf-8") as f:  # streamed: see run() on memory
        json.dump({**game, "hands": hands + [hands[-1]] * n}, f, indent=1)
    return ["validate", str(path)]


def variant_keys(game: dict[str, object], folder: Path, n: int) -> list[str]:
    """Finding 14: a YAML variant file of ``n`` unknown keys."""
    path = folder / f"variant{n}.yaml"
    path.write_text("id: x\nextends: standard\n" + "".join(f"k{i}: {i}\n" for i in range(n)),
                    encoding="utf-8")
    return ["variant", "check", str(path)]


def text_game(game: dict[str, object], folder: Path, n: int) -> list[str]:
    """Finding 5: one text game of ``n`` hands (about 400 bytes each)."""
    first = SAMPLE_TEXT.read_text(encoding="utf-8").split("\n[Variant")[0]
    head, _, body = first.partition("\nhand 1 ")
    hand = "hand 1 " + body.split("\nhand 2 ")[0].rstrip("\n") + "\n\n"
    path = folder / f"text{n}.ehh"
    with path.open("w", encoding="utf-8") as f:
        f.write(head + "\n")
        for h in range(n):
            f.write(hand.replace("hand 1 ", f"hand {h + 1} ", 1))
    return ["validate", str(path)]


CASES: list[tuple[str, Callable[[dict[str, object], Path, int], list[str]], tuple[int, ...]]] = [
    ("12: validate, inline variant of N unknown keys", inline_keys, (2500, 5000, 10000, 20000)),
    ("13: validate, one record, a problem in each of N hands", problem_per_hand,
     (1250, 2500, 5000, 10000)),
    ("14: variant check, N unknown keys", variant_keys, (8000, 16000, 32000, 50000)),
    ("5: validate, one text game of N hands", text_game, (12500, 25000, 50000, 100000)),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--euchre", metavar="PROG", help="the command to measure (default: "
                    "python -m cli from this tree)")
    ap.add_argument("--quick", action="store_true", help="a smoke run: the two smallest "
                    "sizes, divided by 10")
    args = ap.parse_args()
    command = [args.euchre] if args.euchre else [sys.executable, "-m", "cli"]
    print("| finding and command | N | exit | CPU s | x previous | peak MB |")
    print("|---|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        game = a_game(command, folder)
        for title, build, sizes in CASES:
            if args.quick:
                sizes = tuple(max(1, n // 10) for n in sizes[:2])
            before = None
            for n in sizes:
                code, cpu, peak = run(command, build(game, folder, n))
                ratio = "" if before is None else f"{cpu / before:.2f}"
                print(f"| {title} | {n:,} | {code} | {cpu:.2f} | {ratio} | {peak} |",
                      flush=True)
                before = cpu
                for p in folder.iterdir():
                    if p.name != "game.jsonl":
                        p.unlink()


if __name__ == "__main__":
    main()
