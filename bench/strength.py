"""The bots' strength report, run by hand: ``python bench/strength.py``; writes docs/strength.md.

Every comparison is played on **duplicate deals**: each deal (or, for games,
each sequence of deals) is played twice, the second time with the bots'
seats swapped, so the luck of the cards cancels out of the difference.
The deals come from the report's seed alone -- deal ``i`` of match ``m`` is
shuffled by ``random.Random("<seed>:<m>:<i>:<hand>")`` -- and never from the
bots' choices, so both seatings see the same cards hand for hand; each bot
has its own random stream per deal and seat.

Matches (``--quick`` divides every size by 25 for a smoke run):

* ``rule`` against ``random`` in standard, Buck and Dirty Clubs: single hands;
* ``pimc`` (50 worlds) against ``rule`` in standard: whole games to 10, which
  give both the games won and the points per hand (per pair of games);
* ``pimc`` against ``rule`` in Buck and Dirty Clubs: single hands, each from
  a fresh game (everyone at the starting score).

Points per hand are "goodness" per seat: table points as scored, countdown
points negated (lower is better there), a hand won outright (all five
tricks in Buck) counted as five tricks.  A bot's figure is the mean over its
seats; the difference is per deal (the mean of its two seatings), with a 95%
confidence interval from the spread of those per-deal differences.

Work is split into tasks (one deal or one pair of games) run by ``--workers``
processes and merged in task order, so the report is the same for any number
of workers.  Progress goes to standard error.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple, Sequence

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

from bench_args import positive  # noqa: E402
from report_sections import written_sections  # noqa: E402
from euchre_dsl import build  # noqa: E402
from euchre_dsl.engine.actions import PLAYING  # noqa: E402
from euchre_dsl.engine.machine import Machine  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402
from euchre_dsl.rules.ruleset import RuleSet  # noqa: E402
from euchre_dsl.sim.bots import Bot, make_bot  # noqa: E402
from euchre_dsl.engine.view import SeatView, view_chooser  # noqa: E402

Z95 = 1.959964


class Match(NamedTuple):
    """One comparison: bot ``a`` against bot ``b`` in a variant."""

    key: str
    variant: str
    a: str
    b: str
    kind: str  # "hands" (single duplicate hands) or "games" (duplicate games)
    size: int  # deals, or pairs of games


MATCHES = (
    Match("std-rule-random", "standard", "rule", "random", "hands", 2500),
    Match("buck-rule-random", "buck", "rule", "random", "hands", 2500),
    Match("dc-rule-random", "dirty-clubs", "rule", "random", "hands", 2500),
    Match("std-pimc-rule", "standard", "pimc", "rule", "games", 500),
    Match("buck-pimc-rule", "buck", "pimc", "rule", "hands", 2500),
    Match("dc-pimc-rule", "dirty-clubs", "pimc", "rule", "hands", 2500),
)


class HandOut(NamedTuple):
    """One hand from the report's point of view."""

    a: float  # bot a's points (goodness), mean over its seats
    b: float
    a_made: int  # hands bot a made trump in, and how many of them it made
    a_set: int
    b_made: int
    b_set: int
    a_alone: int
    b_alone: int


class TaskOut(NamedTuple):
    """A task's result: per seating, the hands and (for games) who won."""

    hands: tuple[tuple[HandOut, ...], ...]
    a_won: tuple[float, ...]  # games: 1 if a won the game of that seating, 0.5 a tie


def seats_of(rules: RuleSet, swap: int) -> list[bool]:
    """Which seats bot ``a`` takes: the even ones, or the odd ones when swapped
    (in a partnership of four, one side, then the other)."""
    return [(s % 2 == 0) != bool(swap) for s in range(rules.players.count)]


def make_bots(rules: RuleSet, m: Match, mine: list[bool], seed: str) -> list[Bot]:
    return [make_bot(m.a if mine[s] else m.b, rules, random.Random(f"{seed}:bot:{s}"))
            for s in range(rules.players.count)]


def play_hand(game: Machine, bots: Sequence[Bot], deal_rng: random.Random) -> None:
    choosers = [view_chooser(b.play) for b in bots]
    randoms = [getattr(b, "uniform_random", None) for b in bots]
    game.deal_random(deal_rng)
    while not game.hand_over:
        if game.phase == PLAYING:
            game.play_out(choosers, randoms)
        else:
            seat = game.to_act
            game.apply(bots[seat].act(SeatView(game, seat), game.legal_actions()))


def hand_out(game: Machine, mine: list[bool]) -> HandOut:
    """The last hand of ``game`` as bot a's and bot b's points and bidding."""
    r = game.last_result
    assert r is not None
    rules = game.rules
    countdown = rules.scoring.model == "countdown"
    good = [0.0] * game.n
    for s in range(game.n):
        pts = r.points[game.side_of[s]]
        good[s] = -pts if countdown else pts
    if r.reason == "all tricks":  # won outright: no points applied; count the tricks
        for s in range(game.n):
            if r.tricks[s] == sum(r.tricks):
                good[s] = rules.scoring.per_trick * r.tricks[s]
    a = sum(good[s] for s in range(game.n) if mine[s]) / sum(mine)
    b = sum(good[s] for s in range(game.n) if not mine[s]) / (game.n - sum(mine))
    counts = [0] * 6
    if r.maker is not None and r.made is not None:
        k = 0 if mine[r.maker] else 2
        counts[k] += 1
        counts[k + 1] += not r.made
        counts[4 + k // 2] += r.alone
    return HandOut(a, b, counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


def run_task(args: tuple[Match, int, int]) -> TaskOut:
    """Task ``i`` of a match: one duplicate deal, or one duplicate pair of games."""
    m, i, seed = args
    rules = load_variant(m.variant)
    n = rules.players.count
    hands: list[tuple[HandOut, ...]] = []
    won: list[float] = []
    for swap in (0, 1):
        mine = seats_of(rules, swap)
        base = f"{seed}:{m.key}:{i}"
        bots = make_bots(rules, m, mine, f"{base}:{swap}")
        game = Machine(rules, dealer=i % n)
        if m.kind == "hands":
            play_hand(game, bots, random.Random(f"{base}:0"))
            hands.append((hand_out(game, mine),))
            continue
        outs = []
        h = 0
        while not game.is_over and h < 500:
            play_hand(game, bots, random.Random(f"{base}:{h}"))
            outs.append(hand_out(game, mine))
            h += 1
        hands.append(tuple(outs))
        winners = game.winners or []
        won.append(sum(1.0 for w in winners if any(mine[s] for s in game.sides[w]))
                   / max(len(winners), 1))
    return TaskOut(tuple(hands), tuple(won))


# ------------------------------------------------------------------ figures
@dataclass
class Summary:
    match: Match
    units: int  # deals or pairs of games
    deals: int  # duplicate deals played in both seatings
    hands: int  # hands played in all
    a_pph: float
    b_pph: float
    diff: float
    diff_ci: float
    a_won: float | None
    a_won_ci: float | None
    games: int
    a_make: tuple[int, int, int]  # made trump, euchred, alone
    b_make: tuple[int, int, int]
    seconds: float


def summarise(m: Match, outs: list[TaskOut], seconds: float) -> Summary:
    diffs: list[float] = []
    a_sum = b_sum = 0.0
    hands = deals = 0
    mk = [0] * 6
    won: list[float] = []
    for t in outs:
        unit_diff = 0.0
        unit_hands = 0
        for seating in t.hands:
            for h in seating:
                a_sum += h.a
                b_sum += h.b
                unit_diff += h.a - h.b
                unit_hands += 1
                for k, v in enumerate((h.a_made, h.a_set, h.b_made, h.b_set, h.a_alone,
                                       h.b_alone)):
                    mk[k] += v
        hands += unit_hands
        deals += min(len(s) for s in t.hands)
        diffs.append(unit_diff / unit_hands)
        won.extend(t.a_won)
    mean, ci = mean_ci(diffs)
    a_won = a_ci = None
    if won:
        a_won, a_ci = mean_ci(won)
    return Summary(m, len(outs), deals, hands, a_sum / hands, b_sum / hands, mean, ci, a_won,
                   a_ci, len(won), (mk[0], mk[1], mk[4]), (mk[2], mk[3], mk[5]), seconds)


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, float("nan")
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


def render(summaries: list[Summary], command: str, seed: int, workers: int) -> str:
    lines = [
        "# Bot strength",
        "",
        "How strong the shipped bots are against each other, measured on duplicate deals: each",
        "deal is played twice with the bots' seats swapped, so the cards' luck cancels out of",
        "the difference.  Generated by `bench/strength.py` (its docstring describes the method);",
        "do not edit by hand.",
        "",
        f"Command: `{command}` (seed {seed}, {workers} worker processes, "
        f"{build()} build).",
        "",
        "Points per hand are each bot's points per seat and hand (countdown points negated, so",
        "more is better everywhere); the difference is bot A's minus bot B's, per duplicate",
        "deal (per pair of games for whole games), with its 95% confidence interval.",
        "",
        "| variant | A vs B | duplicate deals | A points/hand | B points/hand | A − B (95% CI) "
        "| A's games won (95% CI) |",
        "|---|---|---|---|---|---|---|",
    ]
    for s in summaries:
        m = s.match
        won = "—" if s.a_won is None or s.a_won_ci is None else \
            f"{s.a_won:.1%} ± {s.a_won_ci:.1%} of {s.games}"
        lines.append(f"| {m.variant} | {m.a} vs {m.b} | {s.deals:,} | {s.a_pph:+.3f} | "
                     f"{s.b_pph:+.3f} | **{s.diff:+.3f}** ± {s.diff_ci:.3f} | {won} |")
    lines += ["", "## Targets", "", "| target | measured | holds |", "|---|---|---|"]
    lines += [f"| {t} | {v} | {'yes' if ok else '**no**'} |" for t, v, ok in targets(summaries)]
    lines += [
        "",
        "## Bidding",
        "",
        "How often each bot made trump, how often it was euchred (set) when it did, and its",
        "lone hands -- the check on over-bidding (plain PIMC over-bids: see docs/bots.md).",
        "",
        "| variant | A vs B | A made trump | A set | A alone | B made trump | B set | B alone | "
        "hands | time |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in summaries:
        m = s.match
        am, aset, aal = s.a_make
        bm, bset, bal = s.b_make
        lines.append(
            f"| {m.variant} | {m.a} vs {m.b} | {am:,} | {pct(aset, am)} | {aal:,} | {bm:,} | "
            f"{pct(bset, bm)} | {bal:,} | {s.hands:,} | {s.seconds / 60:.1f} min |")
    lines.append("")
    return "\n".join(lines)


def targets(summaries: list[Summary]) -> list[tuple[str, str, bool]]:
    """The report's goals, checked: each bot beats the weaker one with its 95% interval
    above zero on at least 2,500 duplicate deals; pimc's margin and games in standard."""
    out = []
    for s in summaries:
        m = s.match
        low = s.diff - s.diff_ci
        goal = f"{m.a} beats {m.b} in {m.variant}"
        need = 0.0
        if m.a.startswith("pimc") and m.variant == "standard":
            goal += " by at least 0.25 points per hand"
            need = 0.25
        goal += ", 95% interval above zero, at least 2,500 duplicate deals"
        ok = s.diff >= need and low > 0 and s.deals >= 2500
        out.append((goal, f"{s.diff:+.3f} ± {s.diff_ci:.3f} on {s.deals:,} deals", ok))
        if s.a_won is not None and s.a_won_ci is not None:
            out.append((f"{m.a} wins at least 75% of 1,000 games to 10 in {m.variant}",
                        f"{s.a_won:.1%} of {s.games:,}", s.a_won >= 0.75 and s.games >= 1000))
    return out


def pct(k: int, n: int) -> str:
    return f"{k / n:.1%}" if n else "—"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--workers", type=positive, default=2, help="worker processes (default 2)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quick", action="store_true", help="every size divided by 25")
    p.add_argument("--scale", type=float, default=1.0, help="multiply every size by this")
    p.add_argument("--only", action="append", default=[],
                   help="run only this match (repeatable): " + ", ".join(m.key for m in MATCHES))
    p.add_argument("--versus", nargs=3, action="append", default=[],
                   metavar=("VARIANT:KIND:SIZE", "A", "B"),
                   help="also (or, with no --only, instead) play bot A against bot B in a "
                        "variant, KIND 'hands' or 'games', SIZE deals or pairs of games "
                        "(repeatable): to measure a change to a bot against its old "
                        "parameters")
    p.add_argument("-o", "--output", default=str(ROOT / "docs" / "strength.md"),
                   help="where to write the report ('-' for standard output)")
    args = p.parse_args(argv)
    scale = args.scale / (25 if args.quick else 1)
    known = {m.key for m in MATCHES}
    for key in args.only:
        if key not in known:
            p.error(f"unknown match {key!r}; the matches are {', '.join(sorted(known))}")
    extra = []
    for k, (where, a, b) in enumerate(args.versus):
        parts = where.split(":")
        if len(parts) != 3 or parts[1] not in ("hands", "games") or not parts[2].isdigit():
            p.error(f"--versus {where!r}: expected VARIANT:KIND:SIZE, KIND 'hands' or "
                    "'games', SIZE a whole number (standard:hands:1000)")
        extra.append(Match(f"versus-{k + 1}", parts[0], a, b, parts[1], int(parts[2])))
    chosen = [m for m in MATCHES if args.only and m.key in args.only or
              not args.only and not extra]
    matches = [m._replace(size=max(2, round(m.size * scale))) for m in chosen + extra]
    summaries = []
    ctx = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with ctx.Pool(args.workers) as pool:
        for m in matches:
            start = time.perf_counter()
            outs: list[TaskOut] = []
            tasks = [(m, i, args.seed) for i in range(m.size)]
            for k, out in enumerate(pool.imap(run_task, tasks, chunksize=1)):
                outs.append(out)  # imap keeps task order: the merge is deterministic
                done = k + 1
                if done % max(1, m.size // 20) == 0 or done == m.size:
                    el = time.perf_counter() - start
                    eta = el / done * (m.size - done)
                    print(f"[{m.key}] {done}/{m.size} {m.kind == 'games' and 'game pairs' or 'deals'}"
                          f", {el:.0f}s elapsed, about {eta:.0f}s to go", file=sys.stderr,
                          flush=True)
            summaries.append(summarise(m, outs, time.perf_counter() - start))
    command = "python bench/strength.py" + ("" if args.workers == 2 else
                                            f" --workers {args.workers}") + \
        (" --quick" if args.quick else "") + (f" --scale {args.scale:g}" if args.scale != 1
                                              else "") + \
        "".join(f" --only {k}" for k in args.only) + \
        "".join(f" --versus {w} {a} {b}" for w, a, b in args.versus) + \
        (f" --seed {args.seed}" if args.seed != 1 else "")
    text = render(summaries, command, args.seed, args.workers)
    if args.output == "-":
        print(text)
    else:
        report = Path(args.output)
        old = report.read_text(encoding="utf-8") if report.exists() else ""
        kept = written_sections(old)  # vs_openspiel.py's stays
        if kept:
            text = text.rstrip("\n") + "\n\n" + kept
        report.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    for s in summaries:
        print(f"{s.match.key}: {s.match.a} - {s.match.b} = {s.diff:+.3f} ± {s.diff_ci:.3f} "
              f"points per hand" + (f", {s.match.a} won {s.a_won:.1%}" if s.a_won is not None
                                    else ""), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
