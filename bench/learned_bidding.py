"""Train and measure the learned bidder (``pimc:bidding=learned``), run by hand.

Three steps, each a subcommand:

``data``: sample bidding decisions and what each option was worth.  Deal ``i``
of a seed is shuffled by ``random.Random("<seed>:<i>")`` and bid by the rule
bot at every seat; at each decision where a seat may pass or make trump, every
option the pimc bot would weigh (``candidates``: no lone hand without a bower or
with fewer than three trumps, no suit named on one trump below its ace) is
forced on a copy of the *true* deal, the rest of the bidding is played out, and
the hand is valued.  A row is the option's features (as the bidder sees them,
``euchre_dsl.sim.bots.learned_bidding.features``) and its points over passing
on the same deal, for the bidder's side, net of the opponents'.  Two ways to
value a hand (``--target``):

* ``dd``: the rest of the bidding by the rule bot, the play double-dummy on the
  true deal (the pimc bot's own valuation of one world, a lone march counted
  only when the maker's blind play makes it).  About a millisecond an option.
* ``pimc``: the rest of the bidding and the whole play by four ``pimc`` bots,
  each seat its own seeded random stream (the same for every option of a
  decision, so the options are compared on common random numbers): the points
  the hand really scored at the table the bidder will sit at.  About 0.2 s an
  option.

The true outcome of each deal is the target, never a choice made with the cards
in sight: a fit of ``E[points | what the bidder sees]`` over many deals is the
value of the bid to a player who cannot see them (no strategy fusion in the
bid).  Double-dummy play over-values the makers (both sides see every card, and
a maker's plan is the hard part at a table); the ``pimc`` rows correct that.

``fit``: a ridge regression per kind of option (order up, order up alone, name,
name alone) on the ``dd`` rows, then again on the ``pimc`` rows shrunk toward
the ``dd`` weights (ridge toward a prior: where the table's rows are few, the
double-dummy fit stands), written to the package's ``learned_bidding.json``.
Pure Python (normal equations, Gaussian elimination): no numpy.

``evaluate``: duplicate deals against pimc's own bidding.  Deal ``i`` is
played twice, the learned bidder at seats N and S, then at E and W; pimc's
search bids at the other seats.  Every seat plays its cards (and discards) with
the same ``pimc`` player, seeded by the deal and seat alone, so only the bidding
differs: when the two seatings bid alike the hands are identical.  The figure
is the learned side's points per hand minus pimc-bidding's, per deal, with its
95% interval; it is written to docs/bots.md between its markers ("The learned
bidder").
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any, NamedTuple, Sequence

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

from bench_args import positive  # noqa: E402
from report_sections import splice  # noqa: E402
from strength import mean_ci  # noqa: E402
from euchre_dsl import build  # noqa: E402
from euchre_dsl.engine.actions import PASS, PLAY, PLAYING, Action  # noqa: E402
from euchre_dsl.engine.machine import Machine  # noqa: E402
from euchre_dsl.engine.scoring import net_values  # noqa: E402
from euchre_dsl.engine.view import SeatView, view_chooser  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402
from euchre_dsl.rules.ruleset import RuleSet  # noqa: E402
from euchre_dsl.sim.bots import make_bot  # noqa: E402
from euchre_dsl.sim.bots.learned_bidding import (  # noqa: E402
    FEATURES, FORMAT, KINDS, MIN_RULE_VALUE, RULE_VALUE, WEIGHTS, LearnedBidder, features,
    option_kind, signature,
)
from euchre_dsl.sim.bots.pimc import PimcBot, candidates  # noqa: E402
from euchre_dsl.sim.bots.rule import RuleBot, TableRead  # noqa: E402

VARIANT = "standard"
BEGIN = "<!-- learned-bidding: written by bench/learned_bidding.py -->"
END = "<!-- /learned-bidding -->"


# ------------------------------------------------------------------ data
class Row(NamedTuple):
    kind: str
    x: list[float]
    y: float


def decisions(rules: RuleSet, seed: int, i: int, rule: RuleBot) -> list[Machine]:
    """The bidding decisions of deal ``i`` as the rule bot bids it: a copy of the
    game at each point where the seat on turn may pass or make trump."""
    game = Machine(rules, dealer=i % rules.players.count)
    game.deal_random(random.Random(f"{seed}:{i}"))
    out = []
    while game.phase != PLAYING and not game.hand_over:
        legal = game.legal_actions()
        if LearnedBidder.decides(legal) and any(a.verb == PASS for a in legal):
            out.append(game.clone())
        game.apply(rule.act(SeatView(game, game.to_act), legal))
    return out


class Valuer:
    """What an option is worth on the true deal, to the bidder's side (net)."""

    def __init__(self, rules: RuleSet, target: str, seed: int) -> None:
        self.rules = rules
        self.target = target
        self.seed = seed
        self.dd = PimcBot(rules, random.Random(0), goal="points", bias=0.0)
        self.rngs = [random.Random() for _ in range(rules.players.count)]
        self.bots = [PimcBot(rules, r) for r in self.rngs]

    def __call__(self, game: Machine, action: Action, key: str) -> float:
        seat = game.to_act
        if self.target == "dd":
            return self.dd._value_after(game, action, seat)
        for s, r in enumerate(self.rngs):
            r.seed(f"{self.seed}:{key}:{s}")  # common random numbers across the options
        child = game.clone()
        child.apply(action)
        while child.phase != PLAYING and not child.hand_over:
            s = child.to_act
            child.apply(self.bots[s].act(SeatView(child, s), child.legal_actions()))
        if child.phase == PLAYING:
            child.play_out([view_chooser(b.play) for b in self.bots])
        result = child.last_result
        if result is None:
            return 0.0
        return net_values(self.rules, result.score)[child.side_of[seat]]


def deal_rows(args: tuple[str, int, int]) -> list[Row]:
    """Every row of deal ``i``."""
    target, seed, i = args
    rules = _rules()
    rule = RuleBot(rules, random.Random(0))
    valuer = _valuer(rules, target, seed)
    rows = []
    for d, game in enumerate(decisions(rules, seed, i, rule)):
        view = SeatView(game, game.to_act)
        table = TableRead(view)
        key = f"{i}:{d}"
        options = []
        for a in candidates(view, game.legal_actions()):
            kind = option_kind(a)
            if kind is not None:
                x = features(view, a, rule, table)
                if x[RULE_VALUE] >= MIN_RULE_VALUE or target == "dd":
                    options.append((a, kind, x))
        if not options:
            continue
        base = valuer(game, next(a for a in game.legal_actions() if a.verb == PASS), key)
        for a, kind, x in options:
            rows.append(Row(kind, x, valuer(game, a, key) - base))
    return rows


_CACHE: dict[str, Any] = {}


def _rules() -> RuleSet:
    if "rules" not in _CACHE:
        _CACHE["rules"] = load_variant(VARIANT)
    rules: RuleSet = _CACHE["rules"]
    return rules


def _valuer(rules: RuleSet, target: str, seed: int) -> Valuer:
    key = f"valuer:{target}:{seed}"
    if key not in _CACHE:
        _CACHE[key] = Valuer(rules, target, seed)
    valuer: Valuer = _CACHE[key]
    return valuer


def cmd_data(args: argparse.Namespace) -> int:
    start = time.process_time()
    wall = time.perf_counter()
    tasks = [(args.target, args.seed, i) for i in range(args.first, args.first + args.deals)]
    n = 0
    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with open(args.output, "w", encoding="utf-8") as out, ctx.Pool(args.workers) as pool:
        for k, rows in enumerate(pool.imap(deal_rows, tasks, chunksize=4)):
            for r in rows:
                out.write(json.dumps([r.kind, [round(v, 4) for v in r.x], round(r.y, 4)]) + "\n")
                n += 1
            out.flush()
            if (k + 1) % max(1, args.deals // 20) == 0:
                print(f"{k + 1}/{args.deals} deals, {n} rows, "
                      f"{time.perf_counter() - wall:.0f}s", file=sys.stderr, flush=True)
    print(f"wrote {n} rows to {args.output} ({time.perf_counter() - wall:.0f} s wall, "
          f"{time.process_time() - start:.0f} s CPU in this process)", file=sys.stderr)
    return 0


# ------------------------------------------------------------------- fit
def read_rows(paths: Sequence[str]) -> list[Row]:
    rows = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            for line in f:
                kind, x, y = json.loads(line)
                if x[RULE_VALUE] >= MIN_RULE_VALUE:  # the options the bidder weighs
                    rows.append(Row(kind, x, y))
    return rows


def ridge(rows: list[Row], lam: float, prior: list[float] | None) -> list[float]:
    """argmin |y - Xw|^2 + lam |w - prior|^2 (the bias not shrunk when no prior)."""
    k = len(FEATURES)
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for r in rows:
        x = r.x
        for i in range(k):
            xi = x[i]
            if xi == 0.0:
                continue
            b[i] += xi * r.y
            ai = a[i]
            for j in range(k):
                ai[j] += xi * x[j]
    p = prior if prior is not None else [0.0] * k
    for i in range(k):
        if i or prior is not None:
            a[i][i] += lam
            b[i] += lam * p[i]
        else:
            a[i][i] += 1e-6
    return solve(a, b)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        d = m[c][c]
        if abs(d) < 1e-12:
            continue
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / d
                mr, mc = m[r], m[c]
                for j in range(c, n + 1):
                    mr[j] -= f * mc[j]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def mse(rows: list[Row], w: list[float]) -> float:
    if not rows:
        return float("nan")
    return sum((r.y - sum(a * b for a, b in zip(w, r.x))) ** 2 for r in rows) / len(rows)


def calibrate(rows: list[Row], prior: list[float], lam: float) -> list[float]:
    """``prior`` rescaled and shifted to fit ``rows``: ``y ~ a + b * prior.x`` (two
    numbers fitted, ridge toward a = 0, b = 1), folded back into one weight vector."""
    pairs = [Row(r.kind, [1.0, sum(w * x for w, x in zip(prior, r.x))], r.y) for r in rows]
    s11 = len(pairs) + lam
    s12 = sum(p.x[1] for p in pairs)
    s22 = sum(p.x[1] ** 2 for p in pairs) + lam
    t1 = sum(p.y for p in pairs)
    t2 = sum(p.x[1] * p.y for p in pairs) + lam
    a, b = solve([[s11, s12], [s12, s22]], [t1, t2])
    out = [b * w for w in prior]
    out[0] += a
    return out


def fitted(dd: list[Row], table: list[Row], how: str, lam: float) -> list[float]:
    """One kind's weights: the ``dd`` fit, then corrected on the ``table`` rows by
    ``how``: ``ridge`` (every weight, shrunk toward the dd fit by ``lam``) or
    ``calibrate`` (:func:`calibrate`)."""
    w = ridge(dd, DD_LAMBDA, None) if dd else [0.0] * len(FEATURES)
    if not table:
        return w
    return ridge(table, lam, w) if how == "ridge" else calibrate(table, w, lam)


#: The double-dummy fit's ridge (many rows: barely shrunk).
DD_LAMBDA = 10.0
#: Folds of the cross-validation that picks how the pimc rows correct the dd fit.
FOLDS = 5


def cross_validate(dd: list[Row], table: list[Row], how: str, lam: float) -> float:
    """Mean square error on held-out ``table`` rows (every FOLDS-th row a fold)."""
    err = 0.0
    for f in range(FOLDS):
        train = [r for i, r in enumerate(table) if i % FOLDS != f]
        test = [r for i, r in enumerate(table) if i % FOLDS == f]
        w = fitted(dd, train, how, lam)
        err += mse(test, w) * len(test)
    return err / max(len(table), 1)


#: The corrections tried, each with its shrinkage.
CORRECTIONS = (("none", 0.0), ("calibrate", 10.0), ("calibrate", 100.0), ("ridge", 100.0),
               ("ridge", 300.0), ("ridge", 1000.0))


def cmd_fit(args: argparse.Namespace) -> int:
    dd = read_rows(args.dd)
    table = read_rows(args.pimc)
    weights: dict[str, list[float]] = {}
    chosen: dict[str, str] = {}
    for kind in KINDS:
        d = [r for r in dd if r.kind == kind]
        t = [r for r in table if r.kind == kind]
        best = ("none", 0.0)
        if t:
            scores = {c: cross_validate(d, t, *c) for c in CORRECTIONS}
            best = min(CORRECTIONS, key=lambda c: scores[c])
            print(f"{kind}: {len(d)} dd rows, {len(t)} pimc rows; held-out mean square error "
                  + ", ".join(f"{h} {lam:g}: {e:.3f}" for (h, lam), e in scores.items())
                  + f"; chose {best[0]} {best[1]:g}", file=sys.stderr)
        else:
            print(f"{kind}: {len(d)} dd rows, no pimc rows", file=sys.stderr)
        w = fitted(d, t if best[0] != "none" else [], *best)
        weights[kind] = [round(v, 5) for v in w]
        chosen[kind] = f"{best[0]} {best[1]:g}"
    data = {
        "format": FORMAT,
        "note": "fitted by: python bench/learned_bidding.py " + " ".join(args.argv),
        "correction": chosen,
        "features": list(FEATURES),
        "weights": weights,
        "trained_on": signature(_rules()),
    }
    Path(args.output).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


# -------------------------------------------------------------- evaluate
class Split:
    """A seat whose bidding is one bot's and everything else (the discard, the play)
    another's."""

    def __init__(self, bidder: Any, player: Any) -> None:
        self.bidder = bidder
        self.player = player

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if LearnedBidder.decides(legal):
            chosen: Action = self.bidder.act(view, legal)
            return chosen
        chosen = self.player.act(view, legal)
        return chosen

    def play(self, view: SeatView, legal: int) -> int:
        card: int = self.player.play(view, legal)
        return card


def eval_deal(args: tuple[int, int, str]) -> tuple[float, float, int, int, int]:
    """Deal ``i``: (learned side's points per hand, pimc-bidding side's, hands whose
    bidding differed between the two seatings, learned makes, pimc makes)."""
    seed, i, spec = args
    rules = _rules()
    n = rules.players.count
    base = f"{seed}:eval:{i}"
    got = [0.0, 0.0]
    auctions = []
    makes = [0, 0]
    for swap in (0, 1):
        mine = [(s % 2 == 0) != bool(swap) for s in range(n)]
        bots = []
        for s in range(n):
            player = make_bot("pimc", rules, random.Random(f"{base}:play:{s}"))
            bidder = make_bot(spec if mine[s] else "pimc", rules,
                              random.Random(f"{base}:bid:{s}"))
            bots.append(Split(bidder, player))
        game = Machine(rules, dealer=i % n)
        game.deal_random(random.Random(f"{base}:deal"))
        while not game.hand_over:
            if game.phase == PLAYING:
                game.play_out([view_chooser(b.play) for b in bots])
            else:
                s = game.to_act
                game.apply(bots[s].act(SeatView(game, s), game.legal_actions()))
        r = game.last_result
        assert r is not None
        values = net_values(rules, r.score)
        side_a = game.side_of[0 if not swap else 1]
        got[0] += values[side_a] / 2
        got[1] += values[1 - side_a] / 2
        auctions.append([a for a in game.hand_log if a[1] != PLAY])
        if r.maker is not None:
            makes[0 if mine[r.maker] else 1] += 1
    # net values are zero-sum: a side's net is its points less the other's; halve
    # to points per seat-side and hand as the strength report counts them
    return got[0], got[1], int(auctions[0] != auctions[1]), makes[0], makes[1]


def cmd_evaluate(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    tasks = [(args.seed, i, args.spec) for i in range(args.deals)]
    outs = []
    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with ctx.Pool(args.workers) as pool:
        for k, out in enumerate(pool.imap(eval_deal, tasks, chunksize=2)):
            outs.append(out)
            if (k + 1) % max(1, args.deals // 20) == 0:
                diffs = [(a - b) / 2 for a, b, *_ in outs]
                m, ci = mean_ci(diffs)
                print(f"{k + 1}/{args.deals}: {m:+.3f} ± {ci:.3f}, "
                      f"{time.perf_counter() - start:.0f}s", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    diffs = [(a - b) / 2 for a, b, *_ in outs]
    mean, ci = mean_ci(diffs)
    differ = sum(o[2] for o in outs)
    a_pph = sum(o[0] for o in outs) / len(outs) / 2
    b_pph = sum(o[1] for o in outs) / len(outs) / 2
    made = (sum(o[3] for o in outs), sum(o[4] for o in outs))
    print(f"{args.spec} - pimc bidding = {mean:+.3f} ± {ci:.3f} points per hand over "
          f"{len(outs)} duplicate deals ({differ} bid differently), {seconds:.0f} s",
          file=sys.stderr)
    if args.output != "-":
        write_section(Path(args.output), args, len(outs), a_pph, b_pph, mean, ci, differ,
                      made, seconds)
    return 0


def write_section(report: Path, args: argparse.Namespace, deals: int, a_pph: float,
                  b_pph: float, mean: float, ci: float, differ: int, made: tuple[int, int],
                  seconds: float) -> None:
    command = f"python bench/learned_bidding.py evaluate --deals {args.deals}" + \
        (f" --seed {args.seed}" if args.seed != 1 else "") + \
        (f" --spec {args.spec}" if args.spec != DEFAULT_SPEC else "")
    holds = "yes" if mean >= 0.1 and mean - ci > 0 else "**no**"
    section = "\n".join([
        BEGIN,
        "### Against pimc's own bidding",
        "",
        f"`{args.spec}` against `pimc`'s own bidding on duplicate single hands of standard "
        "euchre (everyone at 0-0): each deal is bid and played twice, the learned bidder at "
        "one partnership's seats, then at the other's, `pimc`'s search bidding at the other "
        "seats. Every seat plays its cards and makes its discard with the same `pimc` player "
        "(its random stream seeded by the deal and the seat), so only the bidding differs. "
        "Points per hand are each side's net points (its points less the other side's) "
        "halved; the difference is per deal, with its 95% interval.",
        "",
        f"Command: `{command}` ({args.workers} worker processes, {build()} build, "
        f"{seconds / 60:.0f} min).",
        "",
        "| A vs B | duplicate deals | bid differently | A points/hand | B points/hand "
        "| A − B (95% CI) | A made trump | B made trump |",
        "|---|---|---|---|---|---|---|---|",
        f"| {args.spec} vs pimc | {deals:,} | {differ:,} | {a_pph:+.3f} | {b_pph:+.3f} | "
        f"**{mean:+.3f}** ± {ci:.3f} | {made[0]:,} | {made[1]:,} |",
        "",
        "| target | measured | holds |",
        "|---|---|---|",
        f"| the learned bidder beats pimc's bidding by at least 0.1 points per hand on 2,000 "
        f"duplicate deals | {mean:+.3f} ± {ci:.3f} on {deals:,} deals | {holds} |",
        END,
    ])
    old = report.read_text(encoding="utf-8") if report.exists() else ""
    report.write_text(splice(old, BEGIN, END, section).rstrip("\n") + "\n", encoding="utf-8")
    print(f"wrote {report}", file=sys.stderr)


DEFAULT_SPEC = "pimc:bidding=learned"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    d = sub.add_parser("data", help="sample decisions and their options' values")
    d.add_argument("--target", choices=("dd", "pimc"), default="dd")
    d.add_argument("--deals", type=positive, default=1000)
    d.add_argument("--first", type=int, default=0, help="the first deal's number")
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--workers", type=positive, default=1)
    d.add_argument("-o", "--output", required=True)
    f = sub.add_parser("fit", help="fit the weights")
    f.add_argument("--dd", nargs="*", default=[], help="rows valued double-dummy")
    f.add_argument("--pimc", nargs="*", default=[], help="rows valued by pimc's play")
    f.add_argument("-o", "--output", default=str(WEIGHTS))
    e = sub.add_parser("evaluate", help="duplicate deals against pimc's bidding")
    e.add_argument("--deals", type=positive, default=2000)
    e.add_argument("--seed", type=int, default=1)
    e.add_argument("--workers", type=positive, default=2)
    e.add_argument("--spec", default=DEFAULT_SPEC, help="the learned side's bidder")
    e.add_argument("-o", "--output", default=str(ROOT / "docs" / "bots.md"))
    args = p.parse_args(argv)
    args.argv = argv
    return {"data": cmd_data, "fit": cmd_fit, "evaluate": cmd_evaluate}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
