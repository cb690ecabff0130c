"""The typed results of ``euchre analyze``: one :class:`HandAnalysis` per hand.

Everything a report shows (text, JSON, the HTML page, the export tables) is
read from these objects, so every view says the same thing.  Seats and cards
are kept in ``ehh/1`` spelling (``"N"``, ``"JS"``) so an object means the same
outside the game it came from; :meth:`HandAnalysis.to_json` is the JSON
report's hand entry.

Trick values are always *the makers' total tricks in the hand* with best play
(the tricks already taken included), so the values of consecutive plays can
be compared directly: a play's ``after`` is the next play's ``best``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import show_cards

#: What every report says about the bidding estimates.
PERFECT_INFORMATION_NOTE = (
    "bidding values are perfect-information estimates: each sampled deal is solved with every "
    "card visible to every player, which overrates bold bids")


@dataclass(frozen=True)
class PlayValue:
    """One card played, valued by the solver.

    ``best`` is the makers' total tricks with best play by everyone before the
    card; ``after`` the same just after it.  ``better`` lists the cards that
    would have kept ``best`` (empty when the card played did).
    """

    action: int  # index of the play in the hand's ``actions``
    seat: str
    card: str
    best: float
    after: float
    maker_side: bool  # the seat plays for the makers
    better: tuple[str, ...] = ()
    trick: int = 0  # 1-based trick the card is played to
    #: a hand with hidden cards: ``best`` and ``after`` are means over sampled worlds
    #: (see :mod:`.hidden`), and ``loss`` is what the card gave up on average against
    #: the best card the seat surely held (0 below the mistake margin)
    estimated: bool = False
    loss: float = 0.0
    #: the net points the play cost its side (the tricks lost, as the hand scores them)
    points_loss: float = 0.0
    #: legal cards the seat had (1: a forced play, no choice to judge)
    choices: int = 2

    @property
    def cost(self) -> float:
        """Tricks the play lost for its own side (0: a best play)."""
        if self.estimated:
            return self.loss
        return self.best - self.after if self.maker_side else self.after - self.best

    @property
    def mistake(self) -> bool:
        return self.cost > 0

    def to_json(self) -> dict[str, Any]:
        if self.estimated:
            return {"action": self.action, "seat": self.seat, "card": self.card,
                    "best_mean": round(self.best, 4), "after_mean": round(self.after, 4),
                    "trick": self.trick}
        return {"action": self.action, "seat": self.seat, "card": self.card,
                "best": self.best, "after": self.after, "trick": self.trick}


@dataclass(frozen=True)
class OptionValue:
    """One option of a bidding decision, estimated over sampled deals.

    ``net`` is the deciding side's score for the hand minus the average of
    the other sides' (scores that count down are negated first, so higher is
    always better), averaged over the sampled deals; ``low``/``high`` bound
    its 95% confidence interval.
    """

    option: str  # the action in words: "order up", "call hearts alone", "pass"
    action: tuple[Any, ...]  # the action as the record writes it, seat first
    net: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {"option": show_cards(self.option, False), "action": list(self.action),
                "net": round(self.net, 4), "ci95": [round(self.low, 4), round(self.high, 4)]}


@dataclass(frozen=True)
class Decision:
    """A bidding decision of the record and the estimated value of each option."""

    action: int | None  # index in the hand's actions (None: an implicit decline)
    seat: str
    chosen: str  # the option taken, in words (as in ``options``)
    options: tuple[OptionValue, ...]
    deals: int  # sampled deals the estimates are averaged over
    #: the 95% interval of (best option - chosen option), paired over the same deals
    gap: tuple[float, float] = (0.0, 0.0)
    #: 0, or the tricks solved exactly when a longer play was estimated (its
    #: first tricks by open-handed habits: not best play, so no mistake is called)
    estimated: int = 0

    @property
    def best(self) -> OptionValue:
        return max(self.options, key=lambda o: o.net)

    @property
    def chosen_value(self) -> OptionValue:
        return next(o for o in self.options if o.option == self.chosen)

    @property
    def mistake(self) -> bool:
        """Worse than the best option by more than the deals' noise: the paired
        interval of the difference lies above zero.  Otherwise the choice is an
        equal best (a tie, or a gap the deals cannot tell from one).  An
        estimated decision is never a mistake: its values are not best play."""
        return self.gap[0] > 0 and not self.estimated

    @property
    def loss(self) -> float:
        """Estimated net points given up against the best option (0: the best, or
        an equal best)."""
        return self.best.net - self.chosen_value.net if self.mistake else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "seat": self.seat, "chosen": show_cards(self.chosen, False),
                "best": show_cards(self.best.option, False), "mistake": self.mistake,
                "loss": round(self.loss, 4), "gap_ci95": [round(x, 4) for x in self.gap],
                "deals": self.deals, "options": [o.to_json() for o in self.options],
                **({"estimated_past": self.estimated} if self.estimated else {})}


@dataclass(frozen=True)
class Unvalued:
    """A question the analyzer left unanswered because its search would have
    visited more positions than the budget (``euchre analyze --budget``).

    ``what`` is ``opening`` (the makers' best from the opening lead), ``play``
    (a card played) or ``bidding`` (a bidding decision).  A search that passed
    the budget is not retried on the positions after it that are as large
    (as many tricks to play, or the same hand's bidding): those are listed too.
    ``longer`` > 0: not searched at all, having more tricks to play than the
    analyzer solves exactly (``longer``: that number,
    :data:`~euchre_dsl.search.solver.EXACT_TRICKS`).
    """

    what: str
    action: int | None  # index in the hand's actions (None: an implicit decline)
    seat: str
    trick: int = 0  # a play's 1-based trick
    longer: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"what": self.what, "action": self.action, "seat": self.seat}
        if self.what == "play":
            out["trick"] = self.trick
        if self.longer:
            out["more_tricks_than"] = self.longer
        return out


@dataclass
class HandAnalysis:
    """What the solver says about one hand of a record.

    ``makers_dd`` is the makers' tricks with best play from the opening lead
    (``None`` when the opening lead could not be analysed: no maker, hidden
    cards, a hand that stopped on an error); ``plays`` has an entry for every
    play analysed.  A hand whose record hides cards is ``estimated``: its
    opening value is ``makers_dd_mean`` over ``worlds`` sampled deals, and its
    plays are means over them (see :mod:`.hidden`).  What a search could not
    value within the budget is in ``unvalued``, never in ``plays`` or
    ``decisions``.
    """

    file: str
    record: int  # 1-based, as ``--record``
    hand: int  # 1-based, as ``--hand``
    variant: str
    seats: tuple[str, ...]
    sides: tuple[str, ...]  # side names (``N+S``) in side order
    side_of: tuple[int, ...]
    players: dict[str, str]
    dealer: str | None
    countdown: bool = False  # the variant's scores count down (Buck): fewer points is better
    trump: str | None = None
    maker: str | None = None
    partner: str | None = None  # the maker's called partner (who played the called card)
    alone: bool = False
    made_in: str | None = None  # the engine phase trump was made in (``order_up_round``, ...)
    tricks: tuple[int, ...] = ()  # tricks per seat at the end (empty: not finished)
    points: tuple[int, ...] = ()  # change of score per side
    made: bool | None = None
    march: bool = False  # the makers took every trick (the engine's HandResult.march)
    reason: str = ""
    dropped: tuple[str, ...] = ()  # seats that dropped out (stay or drop)
    lone_defender: str | None = None
    makers_dd: int | None = None
    #: the makers' score for the hand with best play from the opening lead, oriented
    #: so that more is better for them (countdown points negated)
    makers_dd_points: int | None = None
    #: individual games: each seat's tricks with best play from the opening lead, that
    #: seat against a coalition of all the others (the solver's best play there)
    seats_dd: dict[str, int] | None = None
    #: a hand with hidden cards: the makers' tricks with best play from the opening
    #: lead, averaged over ``worlds`` sampled deals, and its 95% interval
    estimated: bool = False
    makers_dd_mean: float | None = None
    makers_dd_ci: tuple[float, float] | None = None
    worlds: int = 0
    plays: list[PlayValue] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    errors: bool = False  # the hand has errors (``euchre validate``): not valued
    notes: list[str] = field(default_factory=list)
    #: what was not valued because its search passed the budget, and that budget
    unvalued: list[Unvalued] = field(default_factory=list)
    budget: int = 0
    variant_id: str = ""  # the variant's id (``buck``) beside its display name ``variant``

    @property
    def makers(self) -> tuple[str, ...]:
        """The seats on the makers' side."""
        if self.maker is None:
            return ()
        side = self.side_of[self.seats.index(self.maker)]
        return tuple(s for s, x in zip(self.seats, self.side_of) if x == side or
                     s == self.partner)

    @property
    def makers_tricks(self) -> int | None:
        """Tricks the makers actually took."""
        if self.maker is None or not self.tricks:
            return None
        makers = self.makers
        return sum(t for s, t in zip(self.seats, self.tricks) if s in makers)

    @property
    def mistakes(self) -> list[PlayValue]:
        return [p for p in self.plays if p.mistake]

    def lost_by(self, seat: str) -> float:
        """Tricks ``seat``'s own play mistakes cost its side in this hand."""
        return sum(p.cost for p in self.plays if p.seat == seat)

    def to_json(self) -> dict[str, Any]:
        """The hand's entry in the JSON report."""
        return {
            "file": self.file, "record": self.record, "hand": self.hand,
            "variant": self.variant, "variant_id": self.variant_id, "countdown": self.countdown,
            "dealer": self.dealer, "trump": self.trump,
            "maker": self.maker, "makers": list(self.makers), "alone": self.alone,
            **({} if self.partner is None else {"partner": self.partner}),
            "made_in": self.made_in, "lone_defender": self.lone_defender,
            "dropped": list(self.dropped),
            "tricks": dict(zip(self.seats, self.tricks)),
            "points": dict(zip(self.sides, self.points)),
            "made": self.made, "reason": self.reason,
            "makers_tricks": self.makers_tricks,
            **({"estimated": True, "makers_dd_mean": _round(self.makers_dd_mean),
                "makers_dd_ci": None if self.makers_dd_ci is None
                else [round(x, 4) for x in self.makers_dd_ci], "worlds": self.worlds}
               if self.estimated else {"makers_dd": self.makers_dd}),
            "makers_dd_points": self.makers_dd_points,
            "seats_dd": self.seats_dd,
            "plays": [p.to_json() for p in self.plays],
            "mistakes": [{"action": p.action, "seat": p.seat, "card": p.card,
                          "cost": round(p.cost, 4) if p.estimated else p.cost,
                          "trick": p.trick, "better": list(p.better)} for p in self.mistakes],
            "decisions": [d.to_json() for d in self.decisions],
            "errors": self.errors,
            "notes": list(self.notes),
            **({"unvalued": [u.to_json() for u in self.unvalued], "budget": self.budget}
               if self.unvalued else {}),
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)
