"""Is the hidden-card estimate of ``euchre analyze`` calibrated?  Run by hand:
``nice python bench/hidden_calibration.py`` (docs/analysis.md quotes it).

Seeded games of standard euchre between rule bots; in each hand the East and
West hands are hidden (as N and S see the game together, their discards too),
and the makers' tricks with best play from the opening lead are estimated as
``euchre analyze`` estimates them (:class:`~euchre_dsl.analysis.hidden.HiddenHand`
over ``--worlds`` deals, read by ``--hidden-model``) and compared with the true
value, the solver's on the whole deal.  Prints:

* the bias: the mean of (estimate - truth) over the hands, with its 95% interval
  (target: within 0.05 tricks);
* the coverage: how often the truth lies in the hand's 95% interval
  (``makers_dd_ci``; target: 93% to 97%);
* each split by the kind of contract (lone or not, first round or second, the
  maker's hand hidden or not, a hidden dealer who took the upcard or not): where a
  bias comes from;
* the same for uniform worlds with no reading of the bidding (``random``), to show
  what the reading is worth.

Only the opening lead is valued (the later plays are valued the same way); a hand
thrown in, or one whose makers nobody can know, is skipped.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from math import sqrt
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

from euchre_dsl.analysis.hidden import HiddenHand, Reading, as_seen_by  # noqa: E402
from euchre_dsl.engine.actions import ORDER_UP, PLAY, PLAYING  # noqa: E402
from euchre_dsl.engine.machine import Machine  # noqa: E402
from euchre_dsl.replay.events import Acted, Dealt  # noqa: E402
from euchre_dsl.records.notation import action_from_json  # noqa: E402
from euchre_dsl.replay.walk import walk_record  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402
from euchre_dsl.search.solver import Solver  # noqa: E402
from euchre_dsl.sim.bots.pimc import RecordReading  # noqa: E402
from euchre_dsl.sim.runner import RunSpec, run  # noqa: E402

#: The seats whose hands are hidden: N and S review their games together.
HIDDEN = ("E", "W")


def games(seed: int) -> Iterator[dict[str, Any]]:
    """Seeded games of standard euchre between rule bots, one after another."""
    rules = load_variant("standard")
    k = 0
    while True:
        (batch,) = run(RunSpec(rules, "standard", seed * 100_003 + k, ("rule",) * 4,
                               as_dicts=True), 1)
        yield from batch.records
        k += 1


def opening_leads(record: dict[str, Any]) -> Iterator[tuple[int, Machine]]:
    """Each hand's position just before its opening lead, and the lead (the walk's
    game, copied)."""
    hands = record["hands"]
    for ev in walk_record(record, steps=True):
        if isinstance(ev, (Dealt, Acted)):
            game, i = ev.game, (0 if isinstance(ev, Dealt) else ev.action + 1)
            actions = hands[ev.hand]["actions"]
            if i < len(actions) and game.phase == PLAYING and not game.trick_winners \
                    and not any(a[1] == PLAY for a in game.hand_log):
                yield ev.hand, game.clone()


def contract_kind(game: Machine) -> dict[str, Any]:
    """What the bias is split by: a lone contract or not, made in the upcard's round
    (ordered up) or the next (called), whether the maker's hand is hidden, and whether
    a hidden dealer took the upcard (its discard unseen)."""
    maker = game.maker
    assert maker is not None
    hidden_dealer = game.labels[game.dealer] in HIDDEN
    return {"alone": bool(game.alone),
            "round": 1 if any(a.verb == ORDER_UP for a in game.hand_actions) else 2,
            "maker_hidden": game.labels[maker] in HIDDEN,
            "dealer_took": hidden_dealer and game.upcard_holder == game.dealer}


def lead_of(record: dict[str, Any], h: int, game: Machine) -> Any:
    actions = record["hands"][h]["actions"]
    return action_from_json(game, actions[len(game.hand_log)])


def measure(n: int, worlds: int, seed: int, reading: Reading | None) -> list[dict[str, Any]]:
    rules = load_variant("standard")
    solver = Solver(rules)
    out: list[dict[str, Any]] = []
    for g, record in enumerate(games(seed)):
        seen = as_seen_by(record, tuple(s for s in record["seats"] if s not in HIDDEN))
        truth = {h: solver.solve(game) for h, game in opening_leads(record)
                 if game.maker is not None}
        for h, game in opening_leads(seen):
            if h not in truth:
                continue
            hidden = HiddenHand(worlds, random.Random(f"{seed}/{g}/{h}"), reading)
            est = hidden.play(game, lead_of(seen, h, game), solver.card_values)
            low, high = est.best_range
            out.append({"game": g, "hand": h, "truth": truth[h], "mean": est.best.mean,
                        "low": low, "high": high, **contract_kind(game)})
            if len(out) == n:
                return out
    return out


def figures(rows: list[dict[str, Any]]) -> str:
    """The bias with its 95% interval, and the coverage, of ``rows``."""
    n = len(rows)
    errs = [r["mean"] - r["truth"] for r in rows]
    bias = sum(errs) / n
    sd = sqrt(sum((e - bias) ** 2 for e in errs) / (n - 1)) if n > 1 else 0.0
    covered = sum(r["low"] - 1e-9 <= r["truth"] <= r["high"] + 1e-9 for r in rows) / n
    ci = 1.96 * sqrt(covered * (1 - covered) / n)
    return (f"{n} hands, bias {bias:+.3f} ± {1.96 * sd / sqrt(n):.3f} tricks, "
            f"95% intervals cover the truth {covered:.1%} ± {ci:.1%}")


def report(name: str, rows: list[dict[str, Any]], seconds: float) -> None:
    n = len(rows)
    print(f"{name}: {figures(rows)}, "
          f"mean interval width {sum(r['high'] - r['low'] for r in rows) / n:.2f}; "
          f"{seconds:.0f} s CPU")
    for key in ("alone", "round", "maker_hidden", "dealer_took"):  # where a bias comes from
        for value in sorted({r[key] for r in rows}):
            part = [r for r in rows if r[key] == value]
            print(f"  {key}={value}: {figures(part)}")


def _reading(args: argparse.Namespace) -> RecordReading:
    from euchre_dsl.sim.bots import pimc

    return RecordReading(args.seed, pimc.SOFTNESS if args.softness is None else args.softness,
                         pimc.STRAY if args.stray is None else args.stray)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--worlds", type=int, default=16, help="deals per estimate (analyze's "
                    "--worlds; default: its default)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--models", default="rule,random",
                    help="the readings to measure (analyze's --hidden-model)")
    ap.add_argument("--softness", type=float, default=None,
                    help="the bidding reading's softness (default: the pimc bot's)")
    ap.add_argument("--stray", type=float, default=None,
                    help="the bidding reading's stray chance (default: the pimc bot's)")
    ap.add_argument("--dump", metavar="FILE.json", help="write every hand's figures")
    args = ap.parse_args()
    dump = {}
    for model in args.models.split(","):
        start = time.process_time()
        rows = measure(args.hands, args.worlds, args.seed,
                       _reading(args) if model == "rule" else None)
        report(f"--hidden-model {model}, {args.worlds} worlds", rows,
               time.process_time() - start)
        dump[model] = rows
    if args.dump:
        Path(args.dump).write_text(json.dumps(dump), encoding="utf-8")


if __name__ == "__main__":
    main()
