"""Whole-command rows of ``bench/bench.py --commands``: the ``euchre`` process as a user runs it.

The in-process rows time the loops inside one process, on records in our
writer's compact form.  A user times the command: the start-up of the process
(imports, the variant), the summary, the writing, and records from other
producers.  Each row here runs ``euchre`` in a fresh process and counts wall
time, from the start of the process to its end:

* ``euchre simulate --bot random`` printing its summary only, and writing
  ``ehh/1`` JSON Lines with ``-o``;
* ``euchre validate`` on the games that run wrote (our writer's compact form);
* ``euchre validate`` on one-hand records converted from OpenSpiel random
  playouts (``pyspiel``; without it, our ``openspiel`` variant's simulated
  games) and written as another producer writes them: keys in another order,
  spaces after ``:`` and ``,``, ``meta``, players' names that are not ASCII,
  an ``x-`` key and the variant inline when OpenSpiel's parameters are not the
  shipped variant's;
* ``euchre validate`` on a folder of pretty-printed ``.json`` games (one game
  a file, as ``records.writer.dump_pretty`` writes the shipped sample).

Each row is paired with OpenSpiel's C++ loop timed right before each of its
runs (``bench.Yardstick``).  The peak resident memory of the validate
commands is measured on a file and on one four times its size: it must stay
flat.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

from euchre_dsl.records.writer import dump_pretty
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.runner import simulate

ROOT = Path(__file__).resolve().parent.parent

#: Runs a command in a fresh process and prints the peak RSS (KB) of its children.
RSS_PROBE = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def euchre_command() -> list[str]:
    """The installed ``euchre`` script beside this interpreter, else ``python -m cli``."""
    script = Path(sys.executable).with_name("euchre")
    return [str(script)] if script.exists() else [sys.executable, "-m", "cli"]


def counted(args: list[str], pattern: str) -> Callable[[], int]:
    """A run of ``euchre ARGS`` returning the number its output gives by ``pattern``
    (the hands or records it simulated or validated); it must succeed."""
    cmd = euchre_command() + args

    def run() -> int:
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(args)} failed ({done.returncode}):\n"
                             f"{done.stdout[-2000:]}{done.stderr[-2000:]}")
        found = re.search(pattern, done.stdout)
        if found is None:
            raise SystemExit(f"{' '.join(args)}: no count in its output:\n{done.stdout[:2000]}")
        return int(found.group(1).replace(",", ""))

    return run


#: The counts in ``euchre simulate``'s summary and ``euchre validate``'s last line.
SIMULATED_HANDS = r"games \d+, hands (\d+)"
VALIDATED_HANDS = r"records, ([\d,]+) hands: ok"
VALIDATED_RECORDS = r"([\d,]+) records, [\d,]+ hands: ok"


def openspiel_histories(games: int) -> list[list[int]] | None:
    """``games`` random OpenSpiel euchre playouts (their action histories), or None
    without ``pyspiel``."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("euchre")
    rng = random.Random(1)
    out: list[list[int]] = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        out.append(state.history())
    return out


_NAMES = ("Zoë", "Łukasz", "José", "北")
#: OpenSpiel's euchre pack, in its card order: what the deal leaves over is the kitty.
_PACK = tuple(rank + suit for suit in "CDHS" for rank in "9TJQKA")


def as_another_producer(rec: dict[str, Any], index: int,
                        history: list[int] | None = None) -> str:
    """One record as another producer writes it: its own key order (seats before the
    variant, actions before the deal), ``json.dumps``' spaces, ``meta``, names that are
    not ASCII, the deal's ``kitty`` (the cards left over), each hand's result without
    the running ``scores`` (optional in ``ehh/1``, and what converters leave out) and
    an ``x-openspiel`` key holding the game's OpenSpiel history."""
    hands = []
    for h in rec["hands"]:
        deal = h["deal"]
        dealt = {c for cards in deal["hands"].values() for c in cards} | {deal["upcard"]}
        result = {k: v for k, v in h["result"].items() if k != "scores"}
        hands.append({"actions": h["actions"],
                      "deal": {"upcard": deal["upcard"], "hands": deal["hands"],
                               "kitty": [c for c in _PACK if c not in dealt]},
                      "dealer": h["dealer"], "result": result})
    other = {"seats": rec["seats"], "variant": rec["variant"], "format": rec["format"],
             "meta": {"source": "open_spiel", "game": "euchre", "index": index},
             "players": dict(zip(rec["seats"], _NAMES)),
             "x-openspiel": {"game": "euchre", "history": history or []},
             "hands": hands, "final": rec["final"]}
    return json.dumps(other, ensure_ascii=False)


def write_openspiel_records(path: Path, records: int) -> str:
    """``records`` one-hand records in another producer's form; says where they came from."""
    histories = openspiel_histories(records)
    with path.open("w", encoding="utf-8") as out:
        if histories is not None:
            from euchre_dsl.interop.openspiel import OpenSpielParams, history_to_record
            params = OpenSpielParams.parse("euchre")  # OpenSpiel's defaults: an inline variant
            for i, history in enumerate(histories):
                out.write(as_another_producer(history_to_record(history, params), i,
                                              history) + "\n")
            return "OpenSpiel playouts, converted"
        rules = load_variant("openspiel")
        for i, rec in enumerate(simulate(rules, "openspiel", records, seed=1)):
            out.write(as_another_producer(rec, i) + "\n")  # type: ignore[arg-type]
        return "simulated: no pyspiel"


def write_pretty_folder(folder: Path, jsonl: Path, games: int) -> int:
    """The first ``games`` games of ``jsonl``, one pretty-printed ``.json`` file each, in
    ``folder``; returns their hands."""
    folder.mkdir()
    hands = 0
    with jsonl.open(encoding="utf-8") as f:
        for i, line in zip(range(games), f):
            rec = json.loads(line)
            hands += len(rec["hands"])
            (folder / f"game-{i:05}.json").write_text(dump_pretty(rec), encoding="utf-8")
    return hands


def quadrupled(path: Path) -> Path:
    """``path``'s lines four times over, beside it (a file four times the size)."""
    big = path.with_name(path.stem + "-x4" + path.suffix)
    data = path.read_bytes()
    big.write_bytes(data * 4)
    return big


def peak_rss(path: Path) -> float:
    """Peak resident memory (MB) of ``euchre validate PATH``, in a fresh process."""
    probe = subprocess.run([sys.executable, "-c", RSS_PROBE, *euchre_command(), "validate",
                            str(path)], cwd=ROOT, capture_output=True, text=True, check=True)
    return int(probe.stdout.strip()) / 1024


#: A row's measurement: ``versus_cpp(run, target)`` runs ``run`` against the C++ loop and
#: says its rate, the C++ loop's, their ratio and whether it meets ``target`` (a ratio).
VersusCpp = Callable[[Callable[[], int], "float | None"], str]


def write_text_twin(path: Path) -> Path:
    """The games of a JSON Lines file in the text format, beside it (``.ehh``)."""
    from euchre_dsl.records.reader import read_records
    from euchre_dsl.records.text_writer import write_text

    out = path.with_suffix(".ehh")
    with out.open("w", encoding="utf-8") as f:
        write_text((item.data for item in read_records(str(path))), f)
    return out


def command_rows(tmp: Path, quick: bool, versus_cpp: VersusCpp) -> list[tuple[str, str]]:
    """The whole-command rows, each ``(name, rates, ratio and target)``; then their peak
    memory.  The targets are issue 38's, as ratios to the C++ loop."""
    games = 1000 if quick else 10_000
    one_hand = 6000 if quick else 60_000
    pretty_games = 200 if quick else 2000
    rows: list[tuple[str, str]] = []
    ours = tmp / "games.jsonl"
    rows.append((f"euchre simulate --bot random --games {games:,}, summary only (hands/s)",
                 versus_cpp(counted(["simulate", "--bot", "random", "--games", str(games),
                                     "--seed", "1"], SIMULATED_HANDS), 1.0)))
    rows.append((f"euchre simulate --bot random --games {games:,} -o games.jsonl (hands/s)",
                 versus_cpp(counted(["simulate", "--bot", "random", "--games", str(games),
                                     "--seed", "1", "-o", str(ours)], SIMULATED_HANDS), 0.6)))
    rows.append(("euchre validate games.jsonl, the games it wrote (hands/s)",
                 versus_cpp(counted(["validate", str(ours)], VALIDATED_HANDS), 0.87)))
    other = tmp / "openspiel.jsonl"
    source = write_openspiel_records(other, one_hand)
    rows.append((f"euchre validate, {one_hand:,} one-hand records, another producer's form "
                 f"({source}) (records/s)",
                 versus_cpp(counted(["validate", str(other)], VALIDATED_RECORDS), 0.55)))
    text = write_text_twin(ours)
    rows.append(("euchre validate games.ehh, the same games as text (hands/s)",
                 versus_cpp(counted(["validate", str(text)], VALIDATED_HANDS), 0.22)))
    pretty = tmp / "pretty"
    write_pretty_folder(pretty, ours, pretty_games)
    rows.append((f"euchre validate DIR of {pretty_games:,} pretty-printed .json games "
                 f"(hands/s)",
                 versus_cpp(counted(["validate", str(pretty)], VALIDATED_HANDS), 0.4)))
    for name, path in (("our games", ours), ("another producer's one-hand records", other)):
        big = quadrupled(path)
        small_mb, big_mb = path.stat().st_size / 2**20, big.stat().st_size / 2**20
        rows.append((f"euchre validate peak RSS, {name}: {small_mb:,.0f} MB file, "
                     f"{big_mb:,.0f} MB file",
                     f"{peak_rss(path):,.0f} MB, {peak_rss(big):,.0f} MB"))
        big.unlink()
    return rows
