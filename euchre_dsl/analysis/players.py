"""A player's summary: what each player's bidding and play cost, per hand, and how
accurately they played.

Read from the analysed hands (:class:`~.report.HandAnalysis`), per variant (a
point means something else in Buck than in standard euchre) and per player
(the record's ``players`` name, else the seat):

* **points lost to the bidding per hand**: the net points the player's bidding
  decisions gave up against the best option (only mistakes count: an equal best
  costs nothing), over the hands whose bidding was valued;
* **points lost to the play per hand**: the net points the player's cards gave up,
  the tricks lost as the hand scores them, over the hands whose play was valued;
* each with a 95% interval over the hands (normal, from the spread of the
  per-hand losses);
* **average loss per move**, in the spirit of chess's average centipawn loss:
  the points lost (bidding and play) over every move the player chose among
  several (bids, and cards with more than one legal);
* **accuracy**: the share of those moves that were no mistake (no card that lost a
  trick, even one the score did not feel; no bid behind the best beyond the noise).

Countdown variants (Buck, Dirty Clubs) score downwards; the losses are net
points oriented so that more is always worse for the player, as everywhere in
the analysis.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import sqrt
from typing import Any

from .report import HandAnalysis

#: z for a two-sided 95% interval.
Z95 = 1.959964


def mean_ci(values: list[float]) -> tuple[float, float, float]:
    """Mean and normal 95% interval of ``values`` (no values: zeros)."""
    n = len(values)
    if not n:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    half = Z95 * sqrt(sum((x - mean) ** 2 for x in values) / (n - 1) / n)
    return mean, mean - half, mean + half


@dataclass
class PlayerLine:
    """One player's figures in one variant."""

    variant: str
    variant_id: str
    player: str
    countdown: bool
    hands: int = 0
    bidding: list[float] = field(default_factory=list)  # per hand whose bidding was valued
    play: list[float] = field(default_factory=list)  # per hand whose play was valued
    moves: int = 0
    mistakes: int = 0

    @property
    def lost(self) -> float:
        return sum(self.bidding) + sum(self.play)

    @property
    def loss_per_move(self) -> float:
        return self.lost / self.moves if self.moves else 0.0

    @property
    def accuracy(self) -> float:
        """Percent of the moves (bids, cards among several) that were no mistake."""
        return 100.0 * (self.moves - self.mistakes) / self.moves if self.moves else 100.0

    def to_json(self) -> dict[str, Any]:
        # a loss is never negative: so neither is an interval's low end
        bid, bid_low, bid_high = mean_ci(self.bidding)
        play, play_low, play_high = mean_ci(self.play)
        bid_low, play_low = max(bid_low, 0.0), max(play_low, 0.0)
        return {"variant": self.variant, "variant_id": self.variant_id, "player": self.player,
                "countdown": self.countdown, "hands": self.hands,
                "bidding_hands": len(self.bidding), "bidding_loss_per_hand": round(bid, 4),
                "bidding_loss_ci95": [round(bid_low, 4), round(bid_high, 4)],
                "play_hands": len(self.play), "play_loss_per_hand": round(play, 4),
                "play_loss_ci95": [round(play_low, 4), round(play_high, 4)],
                "moves": self.moves, "mistakes": self.mistakes,
                "loss_per_move": round(self.loss_per_move, 4),
                "accuracy": round(self.accuracy, 2)}


class PlayerSummary:
    """Every player's line, hand by hand as they are analysed."""

    def __init__(self) -> None:
        self.lines: dict[tuple[str, str], PlayerLine] = {}

    def add(self, h: HandAnalysis) -> None:
        if h.errors:
            return
        variant_id = h.variant_id or h.variant
        bid_valued = bool(h.decisions)
        play_valued = bool(h.plays)
        for seat in h.seats:
            name = h.players.get(seat, seat)
            key = (variant_id, name)
            line = self.lines.get(key)
            if line is None:
                line = self.lines[key] = PlayerLine(h.variant, variant_id, name, h.countdown)
            line.hands += 1
            mine = [d for d in h.decisions if d.seat == seat]
            cards = [p for p in h.plays if p.seat == seat and p.choices > 1]
            if bid_valued:
                line.bidding.append(sum(d.loss for d in mine))
            if play_valued:
                line.play.append(sum(p.points_loss for p in cards if p.mistake))
            line.moves += len(mine) + len(cards)
            line.mistakes += sum(d.mistake for d in mine) + sum(p.mistake for p in cards)

    def to_json(self) -> list[dict[str, Any]]:
        return [line.to_json() for line in self.ordered()]

    def ordered(self) -> list[PlayerLine]:
        return sorted(self.lines.values(), key=lambda x: (x.variant, x.player))

    def render(self) -> str:
        """The summary as text: one block per variant, one line per player."""
        if not self.lines:
            return ""
        out = []
        variants: dict[str, list[PlayerLine]] = {}
        for line in self.ordered():
            variants.setdefault(line.variant_id, []).append(line)
        for lines in variants.values():
            first = lines[0]
            lower = " (a countdown: scores fall as a player does well; the losses are net " \
                "points, more is worse)" if first.countdown else ""
            out.append(f"players, {first.variant}{lower}: net points lost per hand (95% CI), "
                       "average loss per move, accuracy (moves that lost nothing)")
            rows = [("player", "bidding", "play", "moves", "loss/move", "accuracy")]
            for x in lines:
                j = x.to_json()
                rows.append((x.player, _per_hand(j["bidding_loss_per_hand"],
                                                 j["bidding_loss_ci95"], len(x.bidding)),
                             _per_hand(j["play_loss_per_hand"], j["play_loss_ci95"],
                                       len(x.play)),
                             str(x.moves), f"{x.loss_per_move:.3f}", f"{x.accuracy:.1f}%"))
            widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
            for r in rows:
                out.append("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
        return "\n".join(out) + "\n"


def _per_hand(mean: float, ci: list[float], n: int) -> str:
    if not n:
        return "not valued"
    return f"{mean:.3f} [{ci[0]:.3f}, {ci[1]:.3f}]"
