"""Benchmarks for the hot loops, run by hand (never in CI): ``python bench/bench.py``.

Reports, for standard euchre on this machine and one core:

* simulate: random-bot hands per second, engine only and with ``ehh/1``
  records written, as ``euchre simulate`` plays and writes them (the JSON
  Lines bytes of each batch);
* validate: full hands per second validating a JSON Lines file (parsed with
  ``msgspec`` when it is installed, as the ``fast`` extra installs it; the
  first line says), and the same games in the text format (``.ehh``);
* validate one-hand records: the ``openspiel`` variant plays one deal per
  game, so each record holds one hand, as OpenSpiel and RL pipelines write
  them (the per-record cost of the validator shows here), and the same
  records without each hand's running ``scores`` (optional in ``ehh/1``: a
  converter from another program often leaves them out);
* OpenSpiel, the baselines of the targets: its Python-API random playout loop
  (chance outcomes and ``legal_actions`` drawn with ``random``,
  ``apply_action`` per step) and its whole playout in C++
  (``pyspiel.evaluate_bots`` with uniform random bots, one call per game);
  each simulation and validation row is also given as a ratio to the C++
  loop (the targets are ratios: the absolute figures drift with the
  machine's load).  The C++ loop is timed right before every repeat of
  every row, and the ratio printed is the median of those paired ratios:
  on a machine whose speed drifts by tens of percent from one minute to
  the next, a yardstick timed once at the start moved every ratio with it;
* memory: peak RSS of ``euchre validate`` on a large JSON Lines file and on
  a large text file, which must stay flat in the number of records.

``--commands`` runs the whole-command rows instead (:mod:`bench_commands`):
the ``euchre`` process as a user runs it, start-up included, on our records
and on other producers' (each against the same C++ loop, timed right before
each run).

Each figure is the median of ``--repeat`` runs.  ``--quick`` shrinks every size
for a smoke run.  Every row with a target (issue 38's, as ratios to the C++ loop)
prints our rate, the C++ loop's, their ratio, the target and whether it is met
(✔ or ✘).  Time is wall time; ``--clock cpu`` counts CPU time instead (the
process's and its children's: ``euchre`` and the C++ loop alike), which a
loaded machine moves less.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

from bench_args import positive  # noqa: E402
from bench_commands import (  # noqa: E402
    RSS_PROBE, command_rows, euchre_command, write_openspiel_records, write_text_twin,
)
from euchre_dsl import build  # noqa: E402
from euchre_dsl.records.writer import dump_record  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402
from euchre_dsl.sim.runner import RunSpec, run, simulate  # noqa: E402
from euchre_dsl.sim.summary import Stats  # noqa: E402

def cpu_seconds() -> float:
    """CPU time so far of this process and of its children that have ended."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


#: The clock rates are timed by: wall time, or CPU time with ``--clock cpu``.
clock: Callable[[], float] = time.perf_counter


def rate_of(run: Callable[[], int]) -> float:
    """``count / seconds`` of one run of ``run`` (which returns a count)."""
    t = clock()
    count = run()
    return count / (clock() - t)


def median_rate(run: Callable[[], int], repeat: int) -> float:
    """Median of ``count / seconds`` over ``repeat`` runs of ``run``."""
    return statistics.median(rate_of(run) for _ in range(repeat))


class Yardstick:
    """OpenSpiel's C++ loop, timed right before each measured run.

    :meth:`measure` gives a row's median rate and the median of its ratios to
    the C++ rate timed just before each of its runs (``None`` without
    ``open-spiel``); :attr:`rates` keeps every C++ rate, for the baseline row.
    """

    def __init__(self, games: int) -> None:
        self.games = games
        self.rates: list[float] = []
        try:
            import pyspiel  # noqa: F401
        except ImportError:
            self.available = False
        else:
            self.available = True

    def measure(self, run: Callable[[], int],
                repeat: int) -> tuple[float, float | None, float | None]:
        """A row's median rate, the C++ loop's median rate over the row's runs and the
        median of the paired ratios (both ``None`` without ``open-spiel``)."""
        rates: list[float] = []
        cpps: list[float] = []
        ratios: list[float] = []
        for _ in range(repeat):
            if self.available:
                cpp = rate_of(lambda: bench_openspiel_cpp(self.games))
                self.rates.append(cpp)
                cpps.append(cpp)
            rate = rate_of(run)
            rates.append(rate)
            if self.available:
                ratios.append(rate / cpp)
        if not ratios:
            return statistics.median(rates), None, None
        return statistics.median(rates), statistics.median(cpps), statistics.median(ratios)


def versus_text(rate: float, cpp: float | None, ratio: float | None,
                target: float | None) -> str:
    """A row's figures: ours, the C++ loop's, the ratio, the target and ✔ or ✘."""
    text = f"{rate:>9,.0f}"
    if cpp is None or ratio is None:
        return text + "   (no OpenSpiel: no ratio)"
    text += f"  C++ {cpp:>7,.0f}  {ratio:5.2f}x"
    if target is not None:
        text += f"  target >= {target:.2f}x  {'✔' if ratio >= target else '✘'}"
    return text


def bench_simulate(games: int, records: bool) -> int:
    """Random-bot games of standard euchre as ``euchre simulate`` plays them (one process):
    with ``records``, the JSON Lines text it writes to ``--output``."""
    rules = load_variant("standard")
    spec = RunSpec(rules, "standard", 1, ("random",) * rules.players.count, records=records)
    hands = 0
    with open(os.devnull, "wb") as sink:
        for batch in run(spec, games):
            sink.write(batch.data)
            hands += batch.stats.hands
    return hands


def write_jsonl(path: Path, hands_wanted: int, variant: str = "standard") -> int:
    """Simulate games of ``variant`` into ``path`` until it holds ``hands_wanted`` hands."""
    rules = load_variant(variant)
    hands = 0
    with path.open("w", encoding="utf-8") as out:
        seed = 0
        while hands < hands_wanted:
            stats = Stats()
            for rec in simulate(rules, variant, 500, seed=seed, stats=stats):
                out.write(dump_record(rec))  # type: ignore[arg-type]
                out.write("\n")
            hands += stats.hands
            seed += 1
    return hands


def without_scores(path: Path) -> Path:
    """The records of ``path`` with no running ``scores`` in any hand's result, beside it."""
    import json

    out = path.with_name(path.stem + "-no-scores" + path.suffix)
    with path.open(encoding="utf-8") as f, out.open("w", encoding="utf-8") as w:
        for line in f:
            rec = json.loads(line)
            for hand in rec["hands"]:
                del hand["result"]["scores"]
            w.write(dump_record(rec) + "\n")
    return out


def bench_validate(path: Path, hands: int) -> Callable[[], int]:
    from euchre_dsl.validate.validator import Validator, validate_path

    def run() -> int:
        v = Validator()
        report = validate_path(str(path), v)
        assert report.errors == 0, "benchmark file must validate cleanly"
        assert v.checked_in_full == 0, "every clean record must take a fast path"
        return hands

    return run


def bench_openspiel_cpp(games: int) -> int:
    """OpenSpiel's whole random playout in C++: one ``evaluate_bots`` call per game."""
    import pyspiel

    game = pyspiel.load_game("euchre")
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(4)]
    for seed in range(games):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
    return games


def bench_openspiel(games: int) -> int:
    import pyspiel

    game = pyspiel.load_game("euchre")
    rng = random.Random(1)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return games


def peak_rss_validate(path: Path) -> float:
    """Peak resident memory (MB) of ``euchre validate`` on ``path``, in a child process."""
    probe = subprocess.run([sys.executable, "-c", RSS_PROBE, *euchre_command(), "validate",
                            "--report", "json", str(path)], cwd=ROOT, capture_output=True,
                           text=True, check=True)
    return int(probe.stdout.strip()) / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes, for a smoke run")
    ap.add_argument("--repeat", type=positive, default=3,
                    help="runs of each row (default 3); each row reports their median")
    ap.add_argument("--commands", action="store_true",
                    help="the whole-command rows (euchre simulate / validate in a fresh "
                         "process) instead of the in-process ones")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="time rows by wall time (default) or by CPU time (this process's "
                         "and its children's), which a loaded machine moves less")
    args = ap.parse_args()
    global clock
    clock = cpu_seconds if args.clock == "cpu" else time.perf_counter
    games = 300 if args.quick else 3000
    os_games = 2000 if args.quick else 20000
    val_hands = 20_000 if args.quick else 100_000
    mem_hands = 20_000 if args.quick else 200_000
    one_hand_records = 5_000 if args.quick else 30_000

    rows: list[tuple[str, str]] = []
    cpp = Yardstick(os_games * 2)

    def versus_cpp(run: Callable[[], int], target: float | None) -> str:
        return versus_text(*cpp.measure(run, args.repeat), target)

    if args.commands:
        with tempfile.TemporaryDirectory() as tmp:
            rows += command_rows(Path(tmp), args.quick, versus_cpp)
        report(rows, cpp, args.clock)
        return
    rows.append(("simulate, random bots, engine only (hands/s)",
                 versus_cpp(lambda: bench_simulate(games, False), 1.0)))
    rows.append(("simulate, random bots, writing ehh/1 JSONL (hands/s)",
                 versus_cpp(lambda: bench_simulate(games, True), 0.6)))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "validate.jsonl"
        hands = write_jsonl(path, val_hands)
        rows.append((f"validate JSONL, {hands:,} full hands (hands/s)",
                     versus_cpp(bench_validate(path, hands), 0.87)))
        single = Path(tmp) / "one-hand.jsonl"
        records = write_jsonl(single, one_hand_records, variant="openspiel")
        rows.append((f"validate JSONL, {records:,} one-hand records (records/s)",
                     versus_cpp(bench_validate(single, records), 0.55)))
        bare = without_scores(single)
        rows.append((f"validate JSONL, {records:,} one-hand records without scores "
                     "(records/s)", versus_cpp(bench_validate(bare, records), 0.55)))
        other = Path(tmp) / "other.jsonl"
        write_openspiel_records(other, records)
        rows.append((f"validate JSONL, {records:,} one-hand records, another producer's form "
                     "(records/s)", versus_cpp(bench_validate(other, records), 0.55)))
        text = write_text_twin(path)
        rows.append((f"validate text (.ehh), {hands:,} full hands (hands/s)",
                     versus_cpp(bench_validate(text, hands), 0.22)))
        big = Path(tmp) / "memory.jsonl"
        big_hands = write_jsonl(big, mem_hands)
        rows.append((f"euchre validate peak RSS, {big_hands:,} hands "
                     f"({big.stat().st_size / 2**20:,.0f} MB file)",
                     f"{peak_rss_validate(big):,.0f} MB"))
        big_text = write_text_twin(big)
        rows.append((f"euchre validate peak RSS, {big_hands:,} hands as text "
                     f"({big_text.stat().st_size / 2**20:,.0f} MB file)",
                     f"{peak_rss_validate(big_text):,.0f} MB"))
    try:
        rate = median_rate(lambda: bench_openspiel(os_games), args.repeat)
        rows.append(("OpenSpiel Python-API random playout loop (hands/s)", f"{rate:,.0f}"))
    except ImportError:
        rows.append(("OpenSpiel Python-API random playout loop",
                     "skipped: open-spiel not installed (pip install open-spiel)"))
    report(rows, cpp, args.clock)


def report(rows: list[tuple[str, str]], cpp: Yardstick, clock_name: str) -> None:
    """Print the rows, with the C++ loop's rates and what was measured."""
    rows.append(("OpenSpiel C++ playout, evaluate_bots per game (hands/s: median, range)",
                 f"{statistics.median(cpp.rates):,.0f} ({min(cpp.rates):,.0f}-"
                 f"{max(cpp.rates):,.0f})" if cpp.rates else "skipped: open-spiel not installed"))
    width = max(len(r[0]) for r in rows)
    from importlib.util import find_spec

    parser = "msgspec" if find_spec("msgspec") is not None else "json"
    print(f"euchre-dsl build: {build()}, Python {sys.version.split()[0]}, JSON Lines: clean "
          f"records proved from their bytes, others parsed by {parser}; timed by "
          f"{clock_name} time; load average {os.getloadavg()[0]:.1f} at the end")
    print(f"{'benchmark':<{width}}  result")
    for name, value in rows:
        print(f"{name:<{width}}  {value}")

if __name__ == "__main__":
    main()
