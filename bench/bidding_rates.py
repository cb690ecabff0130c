"""How the bots bid, seat by seat, beside human play: ``python bench/bidding_rates.py``.

Plays ``--games`` games of one bot at every seat per variant (rule self-play
by default) with :func:`bidding_audit.audit_bidding`, and
writes the section "Bidding rates by seat" of docs/strength.md (between its
markers; bench/strength.py keeps the section when it rewrites the rest):
first-round order-ups and second-round calls by seat (seat 1 is the dealer's
left, seat 4 the dealer) beside the rates of human players, the contracts
made without a trump, the strong hands a dealer passed, and lone hands.
Use the installed build (compiled, for the figures in the docs).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

import report_sections  # noqa: E402
from bench_args import positive  # noqa: E402
from bidding_audit import BiddingAudit, audit_bidding  # noqa: E402
from euchre_dsl import build  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402

BEGIN = "<!-- bidding-rates: written by bench/bidding_rates.py -->"
END = "<!-- /bidding-rates -->"

#: Human play, as published (club and online records): first-round order-ups by
#: seat, second-round calls for seats 1 and 2.
HUMAN_FIRST = ("5%", "17%", "5%", "30%")
HUMAN_SECOND = ("20%", "11%", "—", "—")


def pct(k: int, n: int) -> str:
    return f"{k / n:.1%}" if n else "—"


def render(audits: list[tuple[str, BiddingAudit, float]], bot: str, games: int,
           seed: int) -> str:
    lines = [BEGIN, "## Bidding rates by seat", "",
             f"`{bot}` at every seat, {games:,} games per variant (seed {seed}, "
             f"{build()} build): how often each seat made trump when it could (seat 1 is "
             "the dealer's left, seat 4 the dealer; a forced call is not a choice and is "
             "not counted), beside the rates of human players.  Command: "
             f"`python bench/bidding_rates.py --games {games}`.", "",
             "| variant | round | seat 1 | seat 2 | seat 3 | seat 4 |", "|---|---|---|---|---|---|",
             "| human play | order up | " + " | ".join(HUMAN_FIRST) + " |",
             "| human play | call | " + " | ".join(HUMAN_SECOND) + " |"]
    for variant, a, _ in audits:
        for name, rates in (("order up", a.first), ("call", a.second)):
            cells = [pct(k, n) + f" of {n:,}" for k, n in rates[:4]]
            cells += ["—"] * (4 - len(cells))
            lines.append(f"| {variant} | {name} | " + " | ".join(cells) + " |")
    lines += ["", "| variant | contracts | with no trump | with one trump | dealer decisions "
              "| strong hands passed by the dealer | lone hands | marched | makers made it "
              "| time |", "|---|---|---|---|---|---|---|---|---|---|"]
    for variant, a, seconds in audits:
        lines.append(
            f"| {variant} | {a.contracts:,} | {a.trumpless:,} | {a.one_trump:,} | "
            f"{a.dealer_decisions:,} | {a.strong_dealer_passes:,} "
            f"({pct(a.strong_dealer_passes, a.dealer_decisions)}) | {a.loners[1]:,} | "
            f"{pct(*a.loners)} | {pct(*a.made)} | {seconds:.0f} s |")
    lines += ["", "| variant | round-two calls | on one trump below the ace | lone makes "
              "| without a bower | round-two passes on both bowers and a third trump |",
              "|---|---|---|---|---|---|"]
    for variant, a, _ in audits:
        lines.append(
            f"| {variant} | {a.calls:,} | {a.one_low_trump_calls:,} "
            f"({pct(a.one_low_trump_calls, a.calls)}) | {a.lone_makes:,} | "
            f"{a.bowerless_lone:,} ({pct(a.bowerless_lone, a.lone_makes)}) | "
            f"{a.strong_passes:,} |")
    lines += ["", "A strong hand for the dealer: after the pick-up, a bower and two more trumps, "
              "or four trumps.  Issue 41's targets: at most 0.5% of round-two calls on one "
              "trump below the ace, at most 1% of lone makes without a bower, no round-two "
              "pass on both bowers and a third trump.  The tests "
              "(tests/bench/test_bidding_audit.py) check the same on 300 games.", END]
    return "\n".join(lines) + "\n"


def splice(doc: str, section: str) -> str:
    """``doc`` with its bidding-rates section replaced by ``section`` (appended if none)."""
    return report_sections.splice(doc, BEGIN, END, section)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=positive, default=1000, help="games per variant")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", type=int, default=0,
                   help="the first game of the seed's to play (split a long audit in parts)")
    p.add_argument("--bot", default="rule", help="the bot at every seat (default rule)")
    p.add_argument("--variant", action="append", default=[],
                   help="variants to audit (repeatable; default standard)")
    p.add_argument("-o", "--output", default=str(ROOT / "docs" / "strength.md"),
                   help="the document whose section is rewritten ('-': print the section)")
    args = p.parse_args(argv)
    audits = []
    for variant in args.variant or ["standard"]:
        start = time.perf_counter()
        audit = audit_bidding(load_variant(variant), args.bot, args.games, args.seed,
                              args.first)
        audits.append((variant, audit, time.perf_counter() - start))
        print(f"{variant}: {audit.contracts} contracts, {audit.trumpless} without a trump, "
              f"{audit.strong_dealer_passes}/{audit.dealer_decisions} strong dealer passes, "
              f"{audit.one_low_trump_calls}/{audit.calls} round-two calls on one low trump, "
              f"{audit.bowerless_lone}/{audit.lone_makes} lone makes without a bower, "
              f"{audit.strong_passes} round-two passes on both bowers and a third trump",
              file=sys.stderr)
        for example in audit.examples:
            print(f"  {example}", file=sys.stderr)
    section = render(audits, args.bot, args.games, args.seed)
    if args.output == "-":
        print(section, end="")
        return 0
    out = Path(args.output)
    doc = out.read_text(encoding="utf-8") if out.exists() else ""
    out.write_text(splice(doc, section), encoding="utf-8")
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
