"""The text report of ``euchre analyze``: a few lines per hand and a summary.

Everything shown is read from :class:`~.report.HandAnalysis` objects.
"""

from __future__ import annotations

from typing import Callable

from ..cards import show_cards
from .report import PERFECT_INFORMATION_NOTE, Decision, HandAnalysis, PlayValue, Unvalued

#: How a contract letter reads.
CONTRACT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades",
                  "NT": "no-trump", "LNT": "low no-trump"}
#: How the phase trump was made in reads.
MADE_IN_WORDS = {"order_up_round": "ordered up", "naming": "named", "auction": "after the auction",
                 "auction_call": "after the auction", "dealer_names": "named by the dealer",
                 "take_upcard": "after the auction", "widow": "named"}


def tricks(n: float) -> str:
    """``1 trick``, ``3 tricks``; a mean over sampled deals with two decimals."""
    if n == int(n):
        return f"{int(n)} trick{'' if n == 1 else 's'}"
    return f"{n:.2f} tricks"


def hand_heading(h: HandAnalysis) -> str:
    return f"{h.file} game {h.record} hand {h.hand}"


def contract_line(h: HandAnalysis) -> str:
    """``E made hearts (ordered up) alone; N+S took 3 of 5: euchred``."""
    if h.maker is None:
        if not h.tricks:
            return "not finished"
        return "no maker" if h.trump is None else \
            f"{CONTRACT_WORDS.get(h.trump, h.trump)} with no maker"
    how = MADE_IN_WORDS.get(h.made_in or "", "")
    text = f"{h.maker} made {CONTRACT_WORDS.get(h.trump or '', h.trump)}" \
        + (f" ({how})" if how else "") + (" alone" if h.alone else "")
    if h.lone_defender:
        text += f", {h.lone_defender} defended alone"
    if h.dropped:
        text += f", {', '.join(h.dropped)} dropped"
    taken = h.makers_tricks
    if taken is not None and h.tricks:
        who = "+".join(h.makers)
        text += f"; {who} took {taken} of {sum(h.tricks)}"
        if h.reason:
            text += f" ({h.reason})"
    return text


def mistake_line(h: HandAnalysis, p: PlayValue, symbols: bool = True,
                 card: Callable[[str], str] | None = None) -> str:
    """``trick 1: N played J♣, losing 1 trick for the makers; better: Q♥, K♦`` (with
    ``symbols`` false, ``JC``: the one notation of the output, :func:`show_cards`);
    ``card`` writes each card as the screen around the line does (``euchre play``)."""
    name = card or _as_written
    side = "makers" if p.maker_side else "defenders"
    better = ", ".join(name(c) for c in p.better)
    average = " on average" if p.estimated else ""
    line = (f"trick {p.trick}: {p.seat} played {name(p.card)}, losing {tricks(p.cost)}"
            f"{average} for the {side}; better: {better}")
    return line if card is not None else show_cards(line, symbols)


def _as_written(card: str) -> str:
    return card


def decision_line(d: Decision, symbols: bool = True) -> str:
    chosen = d.chosen_value
    best = d.best
    if best.option == chosen.option:
        verdict = "the best option"
    elif not d.mistake:  # within the noise of the deals: no mistake
        verdict = f"equal best (with {best.option} {best.net:+.2f})"
    else:
        verdict = f"best was {best.option} ({best.net:+.2f})"
    if d.estimated:
        verdict += (f" (estimated: the play's first tricks by plain habits, the last "
                    f"{d.estimated} solved; no mistake called)")
    opts = "; ".join(f"{o.option} {o.net:+.2f} [{o.low:+.2f}, {o.high:+.2f}]" for o in d.options)
    return show_cards(f"{d.seat} {chosen.option} ({chosen.net:+.2f}): {verdict}\n      {opts}",
                      symbols)


def unvalued_line(h: HandAnalysis) -> str:
    """``not valued, past the search budget of 4,000,000 positions (...): the
    opening lead's best, 12 plays (tricks 1-3), 4 bidding decisions``; what
    was not searched for its length on a line of its own."""
    lines = []
    longer = [u for u in h.unvalued if u.longer]
    if longer:
        lines.append(f"not valued, more than {longer[0].longer} tricks to play (longer "
                     f"positions are not solved exactly): {unvalued_what(longer)}")
    past = [u for u in h.unvalued if not u.longer]
    if past:
        lines.append(f"not valued, past the search budget of {h.budget:,} positions "
                     f"(euchre analyze --budget raises it): {unvalued_what(past)}")
    return "\n  ".join(lines)


def unvalued_what(unvalued: list[Unvalued]) -> str:
    """What of the hand was not valued: ``the opening lead's best, 12 plays
    (tricks 1-3), 4 bidding decisions``."""
    parts = []
    if any(u.what == "opening" for u in unvalued):
        parts.append("the opening lead's best")
    plays = [u.trick for u in unvalued if u.what == "play"]
    if plays:
        first, last = min(plays), max(plays)
        parts.append(f"{len(plays)} play{'' if len(plays) == 1 else 's'} "
                     + (f"(trick {first})" if first == last else f"(tricks {first}-{last})"))
    bids = sum(1 for u in unvalued if u.what == "bidding")
    if bids:
        parts.append(f"{bids} bidding decision{'' if bids == 1 else 's'}")
    return ", ".join(parts)


def render_hand(h: HandAnalysis, symbols: bool = True) -> str:
    """The hand in a few lines, cards with suit symbols (``symbols``) or letters."""
    lines = [f"{hand_heading(h)}: {contract_line(h)}"]
    if h.makers_dd is not None:
        lines.append(f"  with best play from the opening lead the makers take "
                     f"{tricks(h.makers_dd)}" + ("" if h.makers_dd_points is None else
                                                 f" (a score of {h.makers_dd_points:+d} "
                                                 "for them)"))
    if h.estimated and h.makers_dd_mean is not None and h.makers_dd_ci is not None:
        low, high = h.makers_dd_ci
        lines.append(f"  hidden cards, estimated over {h.worlds} deals: with best play from the "
                     f"opening lead the makers take {h.makers_dd_mean:.2f} tricks on average "
                     f"(95% CI {low:.2f}-{high:.2f})")
    elif h.estimated:
        lines.append(f"  hidden cards: the plays are estimated over {h.worlds} deals each")
    if h.seats_dd is not None:
        lines.append("  each against all the others, with best play from the opening lead: " +
                     ", ".join(f"{s} {tricks(t)}" for s, t in h.seats_dd.items()))
    for p in h.mistakes:
        lines.append("  " + mistake_line(h, p, symbols))
    if h.plays and not h.mistakes:
        lines.append("  no card lost a trick")
    if h.unvalued:
        lines.append("  " + unvalued_line(h))
    if h.decisions:
        lines.append(f"  bidding (expected net points per option, perfect-information "
                     f"estimates over {h.decisions[0].deals} sampled deals, 95% CI):")
        for d in h.decisions:
            lines.append("    " + decision_line(d, symbols))
    for note in h.notes:
        lines.append(f"  note: {note}")
    return "\n".join(lines) + "\n"


class Summary:
    """Totals over the hands analysed, and the costliest mistakes."""

    def __init__(self, keep: int = 3, symbols: bool = True):
        self.symbols = symbols  # cards with suit symbols, else letters
        self.hands = 0
        self.valued = 0  # hands whose opening lead was solved
        self.estimated = 0  # hands with hidden cards, valued over sampled deals
        self.mistakes = 0
        self.tricks_lost = 0.0
        self.decisions = 0
        self.decision_loss = 0.0
        self.unvalued = 0  # questions not valued: their search passed the budget
        self.budget = 0
        #: questions not searched: more tricks to play than are solved exactly
        self.longer = 0
        self.exact = 0
        self.estimated_bids = 0  # bidding decisions whose play was estimated
        self.keep = keep
        self.worst: list[tuple[float, str, str]] = []  # (cost, where, words)
        self.worst_bids: list[tuple[float, str, str]] = []

    def add(self, h: HandAnalysis) -> None:
        self.hands += 1
        self.valued += h.makers_dd is not None
        self.estimated += h.estimated
        for u in h.unvalued:
            if u.longer:
                self.longer += 1
                self.exact = u.longer
            else:
                self.unvalued += 1
                self.budget = h.budget
        for p in h.mistakes:
            self.mistakes += 1
            self.tricks_lost += p.cost
            self.worst.append((p.cost, hand_heading(h), mistake_line(h, p, self.symbols)))
        self.worst.sort(key=lambda w: -w[0])
        del self.worst[self.keep:]
        for d in h.decisions:
            self.decisions += 1
            self.estimated_bids += d.estimated > 0
            self.decision_loss += d.loss
            if d.loss > 0:
                self.worst_bids.append((d.loss, hand_heading(h),
                                        decision_line(d, self.symbols)))
        self.worst_bids.sort(key=lambda w: -w[0])
        del self.worst_bids[self.keep:]

    def render(self) -> str:
        lines = [f"{self.hands} hand{'' if self.hands == 1 else 's'} analysed, "
                 f"{self.valued} solved from the opening lead"
                 + (f", {self.estimated} with hidden cards estimated over sampled deals"
                    if self.estimated else "") + "; "
                 f"{self.mistakes} play mistake{'' if self.mistakes == 1 else 's'} "
                 f"costing {tricks(self.tricks_lost)}"]
        if self.unvalued:
            lines.append(f"{self.unvalued} question{'' if self.unvalued == 1 else 's'} "
                         f"(plays, opening leads, bidding decisions) not valued: past the "
                         f"search budget of {self.budget:,} positions (raise it with --budget)")
        if self.longer:
            lines.append(f"{self.longer} question{'' if self.longer == 1 else 's'} (plays, "
                         f"opening leads) not valued: more than {self.exact} tricks to play")
        if self.worst:
            lines.append("costliest mistakes:")
            lines += [f"  {where}: {words}" for _, where, words in self.worst]
        if self.decisions:
            lines.append(f"{self.decisions} bidding decision{'' if self.decisions == 1 else 's'}; "
                         f"estimated net points given up: {self.decision_loss:.2f}"
                         + (f" ({self.estimated_bids} with the play's first tricks estimated, "
                            "never called mistakes)" if self.estimated_bids else ""))
            if self.worst_bids:
                lines.append("costliest bidding decisions:")
                lines += [f"  {where}: {words}" for _, where, words in self.worst_bids]
            lines.append(f"note: {PERFECT_INFORMATION_NOTE}")
        return "\n".join(lines) + "\n"

    def to_json(self) -> dict[str, object]:
        return {"hands": self.hands, "solved": self.valued, "mistakes": self.mistakes,
                "estimated": self.estimated,
                "tricks_lost": round(self.tricks_lost, 4), "decisions": self.decisions,
                "decision_loss": round(self.decision_loss, 4),
                **({"unvalued": self.unvalued, "budget": self.budget} if self.unvalued else {}),
                **({"unvalued_longer": self.longer, "exact_tricks": self.exact}
                   if self.longer else {}),
                **({"decisions_estimated": self.estimated_bids} if self.estimated_bids else {})}
