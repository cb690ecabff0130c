"""How a bot bids, tallied the way a club player reads a table's records:
``python bench/bidding_audit.py --bot B --games N --variant V`` (or ``--families``).

:func:`audit_bidding` plays games with one bot at every seat, watching each
trump-making decision (order up, name a suit, bid, or pass) and each hand's
result.  It counts what a strong player reading the records flags first
(issue 41):

* round-two calls on one trump below its ace (as a share of round-two calls);
* lone hands made holding no bower (the jack of trump, the other jack of its
  colour, the joker) nor the three top trumps (as a share of lone makes);
* how often each seat makes trump, in each round, as a share of all hands
  dealt: the unit of the published human figures (:data:`HUMAN`);
* hands thrown in although a seat, at one of its turns to bid, held both
  bowers and a third trump of a suit it could have made trump.

A variant without an upcard round has its own readings of the same faults: where
trump is named in a round with no upcard (Columbus's naming round) the naming
counts as a round-two call; where an auction comes first (bid euchre, Dirty
Clubs) the auction's winner naming trump after a bid it chose to make is the
call, each seat's bids are the first round, and there is no second; where all
passing plays the hand instead of throwing it in (Buck) no hand is thrown in.
The human figures are for four players in two partnerships with an upcard.

``--families`` audits one variant of each family of rules (:data:`FAMILIES`);
``--workers`` splits the games over processes (the same games, merged);
``-o docs/bots.md`` rewrites the bot's section of the document between its
markers (``-``: print it).  Use the installed build (compiled, for figures).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Sequence

ROOT = Path(__file__).resolve().parent.parent
try:  # measure the installed build (compiled or not); else the source tree
    import euchre_dsl  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

from euchre_dsl.cards import SUITS  # noqa: E402
from euchre_dsl.engine.actions import BID, CALL, ORDER_UP, PASS, Action  # noqa: E402
from euchre_dsl.engine.machine import Machine  # noqa: E402
from euchre_dsl.engine.view import SeatView  # noqa: E402
from euchre_dsl.rng import BOT, derive  # noqa: E402
from euchre_dsl.rules.ruleset import RuleSet  # noqa: E402
from euchre_dsl.sim.bots import Bot, make_bot, parse_bot_spec, truths  # noqa: E402
from euchre_dsl.sim.deals import Deals  # noqa: E402
from euchre_dsl.sim.runner import play_game  # noqa: E402

#: One variant of each family of rules, with what sets the family apart (its data,
#: not its name: each is audited by the same code).
FAMILIES: tuple[tuple[str, str], ...] = (
    ("standard", "four players, two partnerships, an upcard round then a naming round"),
    ("british", "the standard family with a joker above the bowers"),
    ("three-hand", "three players, each for itself"),
    ("two-hand", "two players"),
    ("six-hand", "six players, two partnerships of three"),
    ("five-hand-call-partner", "five players, the maker calls a partner by a card"),
    ("buck", "each for itself, stay or drop, all passing plays the hand"),
    ("columbus", "a widow, a naming round and no upcard round"),
    ("dirty-clubs", "an auction for the number of tricks, clubs forced on a deal of clubs"),
    ("bid-euchre", "six-card hands, a partnership auction"),
)

#: Human play, as published (World of Card Games' statistics page, from a large number
#: of online games with human players): the share of all hands in which each seat made
#: trump, by round (seat 1 is the dealer's left, the last seat the dealer).  The page
#: gives no separate figure for seat 3 or the dealer in the naming round.
HUMAN: dict[str, tuple[float | None, ...]] = {
    "order up": (0.05, 0.17, 0.05, 0.30),
    "call": (0.18, 0.11, None, None),
}
#: The range around each published figure that the audit accepts (points of hands):
#: the page gives whole percents from a mix of players, not intervals.
HUMAN_BAND = 0.05


def _rate() -> list[int]:
    return [0, 0]


@dataclass
class BiddingAudit:
    """Tallies of trump-making decisions.  Each rate is ``[times, decisions]``;
    ``first[p]`` and ``second[p]`` are seat ``p + 1`` counted from the dealer's
    left, in the first round (order up; an auction's bids) and the second (naming a
    suit; a round with no upcard)."""

    first: list[list[int]] = field(default_factory=list)
    second: list[list[int]] = field(default_factory=list)
    #: contracts (order up or call) made holding no trump, and holding one
    trumpless: int = 0
    one_trump: int = 0
    contracts: int = 0
    #: first-round dealer decisions, and the passes among them with a strong hand
    dealer_decisions: int = 0
    strong_dealer_passes: int = 0
    #: round-two calls (not forced), and those made holding one trump, below its ace
    calls: int = 0
    one_low_trump_calls: int = 0
    #: lone makes, and those made holding no bower (nor the joker) nor the three top trumps
    lone_makes: int = 0
    bowerless_lone: int = 0
    #: round-two passes holding both bowers and a third trump of a suit the seat may name
    strong_passes: int = 0
    #: hands dealt, those thrown in, and those thrown in although a seat held both
    #: bowers and a third trump of a suit it could have made trump
    hands: int = 0
    thrown_in: int = 0
    strong_thrown_in: int = 0
    #: lone hands played by the makers, and those that marched
    loners: list[int] = field(default_factory=_rate)
    #: hands with a maker, and those the makers made
    made: list[int] = field(default_factory=_rate)
    games: int = 0
    #: a few examples of each fault, as readable text
    examples: list[str] = field(default_factory=list)
    #: (game, deal) of the hands in which a seat held both bowers and a third trump
    #: of a suit it could make trump (while the game is played)
    strong_hands: set[tuple[int, int]] = field(default_factory=set)

    def merge(self, other: BiddingAudit) -> None:
        """Add ``other``'s tallies (another part of the same audit) to these."""
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if f.name in ("first", "second"):
                while len(mine) < len(theirs):
                    mine.append([0, 0])
                for m, t in zip(mine, theirs):
                    m[0] += t[0]
                    m[1] += t[1]
            elif f.name in ("loners", "made"):
                mine[0] += theirs[0]
                mine[1] += theirs[1]
            elif f.name == "examples":
                mine.extend(theirs[:max(0, 10 - len(mine))])
            elif f.name == "strong_hands":
                mine |= theirs
            else:
                setattr(self, f.name, mine + theirs)


def to_json(audit: BiddingAudit) -> dict[str, object]:
    """The audit's tallies as plain data (a part of a long audit, saved with ``--save``)."""
    return {f.name: getattr(audit, f.name) for f in fields(audit) if f.name != "strong_hands"}


def from_json(data: dict[str, object]) -> BiddingAudit:
    """An audit saved by :func:`to_json`."""
    audit = BiddingAudit()
    for f in fields(audit):
        if f.name in data:
            setattr(audit, f.name, data[f.name])
    return audit


def _position(n: int, dealer: int, seat: int) -> int:
    """0 for the dealer's left, ..., ``n - 1`` for the dealer."""
    return (seat - dealer - 1) % n


def bowers(view: SeatView, trump: int) -> int:
    """The bowers of ``trump`` (every copy) and the joker, as a mask."""
    return truths.bowers(view.deck, trump)


def sound_lone(view: SeatView, hand: int, trump: int) -> bool:
    """A lone hand with a bower (or the joker) or the three top trumps in it."""
    top = truths.top_trumps(view.deck, trump)
    return bool(hand & bowers(view, trump)) or hand & top == top


def both_bowers_and_more(view: SeatView, hand: int, trump: int) -> bool:
    """Both bowers of ``trump`` and a third trump in ``hand``."""
    return truths.sure_make(view.deck, hand, trump)


def strong_pass(view: SeatView, legal: Sequence[Action]) -> bool:
    """A round-two pass on both bowers and a third trump of a suit the seat may name."""
    return any(a.verb == CALL and a.arg is not None and
               both_bowers_and_more(view, view.hand, a.arg) for a in legal)


def makeable(view: SeatView, legal: Sequence[Action]) -> list[tuple[int, int]]:
    """The suits this decision could make trump, each with the hand the seat would
    hold: the upcard's suit (the dealer's hand with the upcard), a suit to name, or
    any suit after a bid (the auction's winner names it)."""
    out = []
    for a in legal:
        if (a.verb == ORDER_UP and view.upcard is not None) or \
                (a.verb == CALL and a.arg is not None and a.arg < 4):
            contract, hand = truths.making(view, a)
            assert contract is not None
            out.append((contract, hand))
        elif a.verb == BID:
            return [(s, view.hand) for s in range(4)]
    return out


def strong_for_dealer(view: SeatView) -> bool:
    """A first-round dealer's hand that picks up: after taking the upcard (and
    throwing the least useful card), a bower with two more trumps, or four trumps."""
    assert view.upcard is not None
    deck = view.deck
    trump = view.upcard_suit()
    trumps = (view.hand | 1 << view.upcard) & deck.trump_masks[trump]
    n = min(trumps.bit_count(), view.rules.deal.hand_size)
    return n >= 4 or (bool(trumps & bowers(view, trump)) and n >= 3)


class _Watched:
    """A bot whose trump-making decisions are tallied into an audit."""

    def __init__(self, bot: Bot, audit: BiddingAudit, unit: int = 0) -> None:
        self.bot = bot
        self.audit = audit
        self.unit = unit
        self.play = bot.play

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        action = self.bot.act(view, legal)
        verbs = {a.verb for a in legal}
        if verbs == {CALL} and view.high_bidder == view.seat and view.trump is None:
            self._named_after_bid(view, action)
            return action
        if PASS not in verbs or not verbs & {ORDER_UP, CALL, BID}:
            return action  # a forced call (stick the dealer) tells nothing
        a = self.audit
        if any(both_bowers_and_more(view, hand, s) for s, hand in makeable(view, legal)):
            a.strong_hands.add((self.unit, view.deals))
        n = view.n
        pos = _position(n, view.dealer, view.seat)
        while len(a.first) < n:
            a.first.append([0, 0])
            a.second.append([0, 0])
        first_round = ORDER_UP in verbs or BID in verbs
        rate = (a.first if first_round else a.second)[pos]
        rate[1] += 1
        dealer = ORDER_UP in verbs and view.seat == view.dealer and view.upcard is not None
        if dealer:
            a.dealer_decisions += 1
            if action.verb == PASS and strong_for_dealer(view):
                a.strong_dealer_passes += 1
                self._example(view, "dealer passed")
        if action.verb == PASS:
            if not first_round and strong_pass(view, legal):
                a.strong_passes += 1
                self._example(view, "passed both bowers and a third trump")
            return action
        rate[0] += 1
        if action.verb == BID:
            return action  # the suit is named once the auction is won
        contract, hand = truths.making(view, action)
        assert contract is not None
        self._contract(view, action, contract, hand, call=not first_round,
                       alone=action.alone)
        return action

    def _named_after_bid(self, view: SeatView, action: Action) -> None:
        """The auction's winner names trump: a call, where the bid was its choice.  Where
        the winner may take the upcard once it has named trump (``auction_takes_upcard``:
        Dirty Clubs), the upcard counts as held: naming spades on the ten with the jack
        turned is naming them on the right bower and the ten."""
        if view.forced or action.arg is None:
            return
        hand = view.hand
        if view.rules.bidding.auction_takes_upcard and view.upcard is not None:
            hand |= 1 << view.upcard
        self._contract(view, action, action.arg, hand, call=True,
                       alone=action.alone or view.alone)

    def _contract(self, view: SeatView, action: Action, contract: int, hand: int,
                  call: bool, alone: bool) -> None:
        if contract >= 4:
            return  # no trump at all was named
        a = self.audit
        deck = view.deck
        trumps = (hand & deck.trump_masks[contract]).bit_count()
        a.contracts += 1
        if trumps == 0:
            a.trumpless += 1
            self._example(view, f"{action.verb} with no trump")
        elif trumps == 1:
            a.one_trump += 1
        if call:
            a.calls += 1
            if truths.one_low_trump(deck, hand, contract):
                a.one_low_trump_calls += 1
                self._example(view, f"called {SUITS[contract]} on one low trump")
        if alone:
            a.lone_makes += 1
            if not sound_lone(view, hand, contract):
                a.bowerless_lone += 1
                self._example(view, f"{action.verb} alone without a bower")

    def _example(self, view: SeatView, what: str) -> None:
        if len(self.audit.examples) < 10:
            d = view.deck
            cards = " ".join(d.names[c] for c in range(d.size) if view.hand >> c & 1)
            up = d.names[view.upcard] if view.upcard is not None else "-"
            self.audit.examples.append(f"{what}: {cards} (upcard {up})")


def audit_bidding(rules: RuleSet, bot_spec: str, games: int, seed: int,
                  first: int = 0) -> BiddingAudit:
    """Play ``games`` games of ``bot_spec`` at every seat and tally its bidding (the
    seed's games ``first`` on: a long audit split in parts plays the same games)."""
    deals = Deals(seed)  # a seed that is not a whole number from 0 up: ValueError
    audit = BiddingAudit()
    spec = parse_bot_spec(bot_spec)
    n = rules.players.count
    for unit in range(first, first + games):
        bots = [_Watched(make_bot(spec, rules, random.Random(derive(seed, BOT, unit, s))),
                         audit, unit) for s in range(n)]
        game = Machine(rules, dealer=deals.first_dealer(unit, n))
        deals.start(unit, 0)
        play_game(rules, bots, deals, game)
        audit.games += 1
        for deal, res in enumerate(game.results):
            audit.hands += 1
            if res.thrown_in:
                audit.thrown_in += 1
                if (unit, deal) in audit.strong_hands:
                    audit.strong_thrown_in += 1
            if res.maker is None or res.made is None:
                continue
            audit.made[1] += 1
            audit.made[0] += int(res.made)
            if res.alone:
                audit.loners[1] += 1
                audit.loners[0] += int(res.march)
    audit.strong_hands.clear()
    return audit


def _part(job: tuple[str, str, int, int, int]) -> BiddingAudit:
    from euchre_dsl.rules.registry import load_variant
    variant, bot, games, seed, first = job
    return audit_bidding(load_variant(variant), bot, games, seed, first)


def audit_parts(variant: str, bot: str, games: int, seed: int, first: int,
                workers: int) -> BiddingAudit:
    """:func:`audit_bidding` of the same games split over ``workers`` processes."""
    size = -(-games // workers)
    jobs = [(variant, bot, min(size, games - k), seed, first + k)
            for k in range(0, games, size)]
    if workers == 1:
        parts = [_part(jobs[0])]
    else:
        from multiprocessing import get_context
        with get_context("spawn").Pool(len(jobs)) as pool:
            parts = pool.map(_part, jobs)
    total = BiddingAudit()
    for part in parts:
        total.merge(part)
    return total


# ================================================================ the report
def wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a rate of ``k`` in ``n``."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, mid - half), min(1.0, mid + half))


def pct(k: int, n: int) -> str:
    """``k`` of ``n`` as a percentage with its 95% interval."""
    if not n:
        return "—"
    lo, hi = wilson(k, n)
    return f"{k / n:.1%} [{lo:.1%}, {hi:.1%}]"


def human_applies(rules: RuleSet) -> bool:
    """The published figures are for four players in two partnerships with an upcard."""
    b = rules.bidding
    return rules.players.count == 4 and rules.players.sides == "partners" and \
        b.order_up_round and not b.auction


def targets(a: BiddingAudit, human: bool) -> dict[str, bool | None]:
    """Issue 41's targets, each met (True), missed (False) or not applicable (None)."""
    rates: bool | None = None
    if human and a.hands:
        rates = True
        for name, rows in (("order up", a.first), ("call", a.second)):
            for figure, (k, _n) in zip(HUMAN[name], rows):
                if figure is not None and abs(k / a.hands - figure) > HUMAN_BAND:
                    rates = False
    return {
        "one-trump calls ≤ 0.5%": a.one_low_trump_calls <= 0.005 * a.calls if a.calls else None,
        "bowerless lone hands ≤ 1%": (a.bowerless_lone <= 0.01 * a.lone_makes
                                      if a.lone_makes else None),
        "rates within the human ranges": rates,
        "no strong hand thrown in": a.strong_thrown_in == 0,
    }


BEGIN = "<!-- bidding-audit-{bot}: written by bench/bidding_audit.py -->"
END = "<!-- /bidding-audit-{bot} -->"


def render(bot: str, audits: list[tuple[str, RuleSet, BiddingAudit, float]], seed: int,
           command: str) -> str:
    """The bot's audit section of docs/bots.md (between its markers)."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in bot)
    lines = [BEGIN.format(bot=slug), f"#### `{bot}`", "",
             f"Self-play, one bot at every seat, seed {seed}; command: `{command}`.  "
             "Rates with their 95% (Wilson) intervals.  A dealer's strong hand: after the "
             "pick-up, a bower and two more trumps, or four trumps.", "",
             "| variant | games / hands | round-two calls on one trump below the ace "
             "| lone makes without a bower or the three top trumps | hands thrown in "
             "| thrown in holding both bowers and a third trump "
             "| dealer's strong hands turned down | time |",
             "|---|---|---|---|---|---|---|---|"]
    for variant, _rules, a, seconds in audits:
        lines.append(
            f"| {variant} | {a.games:,} / {a.hands:,} | {a.one_low_trump_calls:,} of "
            f"{a.calls:,}: {pct(a.one_low_trump_calls, a.calls)} | {a.bowerless_lone:,} of "
            f"{a.lone_makes:,}: {pct(a.bowerless_lone, a.lone_makes)} | "
            f"{pct(a.thrown_in, a.hands)} | {a.strong_thrown_in:,} | "
            f"{a.strong_dealer_passes:,} of {a.dealer_decisions:,} | {seconds:,.0f} s |")
    lines += ["", "Trump made by seat, as a share of all hands dealt (seat 1 the dealer's "
              "left, the last seat the dealer), and as a share of the times the seat was "
              "asked (in brackets); an auction's bids are its first round:", "",
              "| variant | round | seat 1 | seat 2 | seat 3 | seat 4 | seat 5 | seat 6 |",
              "|---|---|---|---|---|---|---|---|"]
    humans = [(name, HUMAN[name]) for name in ("order up", "call")]
    for name, figures in humans:
        cells = [f"{f:.0%} (±{HUMAN_BAND:.0%})" if f is not None else "—" for f in figures]
        lines.append(f"| human play | {name} | " + " | ".join(cells + ["—", "—"]) + " |")
    for variant, rules, a, _ in audits:
        for name, rows in (("order up / bid", a.first), ("call", a.second)):
            if not any(n for _k, n in rows):
                continue
            cells = [f"{k / a.hands:.1%} ({k / n:.0%} of {n:,})" if n else "—"
                     for k, n in rows[:6]]
            cells += ["—"] * (6 - len(cells))
            lines.append(f"| {variant} | {name} | " + " | ".join(cells) + " |")
    lines += ["", "| variant | one-trump calls ≤ 0.5% | bowerless lone hands ≤ 1% "
              "| rates within the human ranges | no strong hand thrown in |",
              "|---|---|---|---|---|"]
    for variant, rules, a, _ in audits:
        met = targets(a, human_applies(rules))
        lines.append(f"| {variant} | " + " | ".join(
            "met" if v else "**not met**" if v is False else
            "does not apply" if name.startswith("rates") else "none made"
            for name, v in met.items()) + " |")
    lines.append(END.format(bot=slug))
    return "\n".join(lines) + "\n"


def splice(doc: str, bot: str, section: str) -> str:
    """``doc`` with the bot's audit section replaced by ``section`` (appended if none)."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in bot)
    begin, end = BEGIN.format(bot=slug), END.format(bot=slug)
    if begin in doc and end in doc:
        head, rest = doc.split(begin, 1)
        return head + section.rstrip("\n") + rest.split(end, 1)[1]
    return doc.rstrip("\n") + "\n\n" + section


def main(argv: list[str] | None = None) -> int:
    from bench_args import positive
    from euchre_dsl.rules.registry import load_variant
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bot", default="rule", help="the bot at every seat (default rule)")
    p.add_argument("--games", type=positive, default=2000, help="games per variant")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", type=int, default=0,
                   help="the first game of the seed's to play (split a long audit in parts)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--variant", action="append", default=[],
                       help="a variant to audit (repeatable; default standard)")
    which.add_argument("--families", action="store_true",
                       help="one variant of each family: " + ", ".join(v for v, _ in FAMILIES))
    p.add_argument("--workers", type=positive, default=1, help="processes to split games over")
    p.add_argument("--save", metavar="FILE",
                   help="also write the tallies as JSON (a part of an audit, for --merge)")
    p.add_argument("--merge", metavar="FILE", nargs="+", default=[],
                   help="play nothing: report the parts saved with --save, added up "
                        "(the one variant named by --variant)")
    p.add_argument("-o", "--output", default="-",
                   help="the document whose bot section is rewritten (default '-': print it)")
    args = p.parse_args(argv)
    variants = [v for v, _ in FAMILIES] if args.families else args.variant or ["standard"]
    audits = []
    saved: dict[str, object] = {}
    for variant in variants:
        try:
            rules = load_variant(variant)
        except Exception as exc:  # an unknown name: the registry's one-line message
            p.error(str(exc))
        start = time.perf_counter()
        if args.merge:
            audit, seconds = BiddingAudit(), 0.0
            for name in args.merge:
                part = json.loads(Path(name).read_text(encoding="utf-8"))[variant]
                seconds += part.pop("seconds")
                audit.merge(from_json(part))
        else:
            audit = audit_parts(variant, args.bot, args.games, args.seed, args.first,
                                min(args.workers, args.games))
            seconds = time.perf_counter() - start
        saved[variant] = dict(to_json(audit), seconds=seconds)
        audits.append((variant, rules, audit, seconds))
        print(f"{variant}: {audit.hands} hands, {audit.one_low_trump_calls}/{audit.calls} "
              f"round-two calls on one low trump, {audit.bowerless_lone}/{audit.lone_makes} "
              f"lone makes without a bower, {audit.strong_thrown_in}/{audit.thrown_in} "
              "hands thrown in holding both bowers and a third trump", file=sys.stderr)
        for example in audit.examples:
            print(f"  {example}", file=sys.stderr)
    if args.save:
        Path(args.save).write_text(json.dumps(saved), encoding="utf-8")
    command = "python bench/bidding_audit.py " + " ".join(argv if argv is not None
                                                           else sys.argv[1:])
    section = render(args.bot, audits, args.seed, command.strip())
    if args.output == "-":
        print(section, end="")
        return 0
    out = Path(args.output)
    doc = out.read_text(encoding="utf-8") if out.exists() else ""
    out.write_text(splice(doc, args.bot, section), encoding="utf-8")
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
