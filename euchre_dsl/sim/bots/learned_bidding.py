"""A learned bidder: a linear value model of each way to make trump, fitted to played-out hands.

``pimc:bidding=learned`` asks this model, instead of its world search, whether to
pass, order up, or name a suit (alone or not).  Each option that makes trump is
described by a few features of the bidder's hand relative to the contract (trump
length, bowers, the ace of trump, side aces, voids, the upcard and who takes it,
the seat, the rule bot's own estimate of the contract), and the model predicts
what the option is worth *more than passing*, in points for the bidder's side:
one weight vector per kind of option (order up, order up alone, name, name
alone).  The bidder takes the option worth most, passing when no option is
predicted to beat it (a pass is worth 0 on this scale; where passing is not
open, the best option).  Ties go to the first option in the engine's order, so
the choice never depends on a random draw.

The weights were fitted by ``bench/learned_bidding.py`` (its docstring gives
the method, the seed and the cost) to the realised points of hands played out
from each option of sampled deals -- the true outcome of each deal, never a
choice made with the cards in sight, so the model learns what a bid is worth
to a player who cannot see them.  They live in ``learned_bidding.json`` beside
this module, plain JSON read with the standard library, together with the rules
they were trained under: a variant whose bidding, alone hands, deck, seats or
scoring differ is refused with the field that differs (the model would price its
options on another game's points).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from ...cards import Deck
from ...engine.actions import CALL, ORDER_UP, PASS, Action
from ...engine.view import SeatView
from ...errors import EuchreError
from ...rules.ruleset import RuleSet
from .rule import RuleBot, TableRead
from .specs import BotSpecError

#: The weights shipped with the package.
WEIGHTS = Path(__file__).with_name("learned_bidding.json")
#: The version of the weights file's layout this module reads.
FORMAT = 1
#: The kinds of option, each with its own weights.
KINDS = ("order", "order_alone", "call", "call_alone")
#: The features of an option, in the order of its weights.
FEATURES = (
    "bias",          # 1
    "rule_value",    # the rule bot's expected points of the contract (its hand model)
    "trumps",        # trumps held (a dealer ordering up: with the upcard)
    "right",         # the jack of trump
    "left",          # the other jack of its colour
    "ace",           # the ace of trump
    "king_queen",    # the king and queen of trump held
    "side_aces",     # aces of the other suits
    "voids",         # plain suits the hand lacks, with at least two trumps to ruff
    "up_partner",    # the upcard goes to the partner (order up: the partner deals)
    "up_opponent",   # ... to an opponent
    "up_bower",      # the upcard is the jack, +1 to the makers' side, -1 to the opponents
    "next",          # named: the suit of the turned-down card's colour
    "jack_down",     # named: the turned-down card was a jack (next's left bower is buried)
    "seat1",         # the dealer's left
    "seat2",         # the dealer's partner
    "seat3",         # the dealer's right
    "throws_in",     # passing throws the hand in: no one else may make trump
)
RULE_VALUE = FEATURES.index("rule_value")
#: The sections of the rules the weights depend on: a variant must match the
#: trained one in every field of these (the target of the game may differ).
SECTIONS = ("deck", "players", "deal", "bidding", "alone", "participation", "play",
            "scoring", "partner")
#: The verbs this bidder decides among; any other decision is the search's.
VERBS = frozenset((PASS, ORDER_UP, CALL))
#: An option the rule bot values below this many points is not considered (where a
#: pass is open): the weights were fitted on options above it -- below, passing was
#: better on average by half a point and more, and a linear model says nothing there.
MIN_RULE_VALUE = -1.0


class LearnedBiddingError(EuchreError, ValueError):
    """The learned bidder's weights cannot be read."""


class UnsupportedVariant(BotSpecError):
    """A variant the learned bidder was not trained for (a spec error: the bot cannot
    be made for it)."""


class Model:
    """The fitted weights: per kind of option, one weight per feature."""

    def __init__(self, weights: dict[str, list[float]], trained_on: dict[str, Any],
                 source: str) -> None:
        self.weights = weights
        self.trained_on = trained_on
        self.source = source

    def value(self, kind: str, features: Sequence[float]) -> float:
        """The predicted points of an option of ``kind`` over passing."""
        return sum(w * x for w, x in zip(self.weights[kind], features))


def load_model(path: Path = WEIGHTS) -> Model:
    """The weights in ``path`` (default: the shipped ones), checked for shape."""
    where = str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise LearnedBiddingError(f"{where}: cannot read the learned bidder's weights "
                                  f"({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LearnedBiddingError(f"{where}: not a learned bidder's weights of format "
                                  f"{FORMAT}")
    if data.get("features") != list(FEATURES):
        raise LearnedBiddingError(f"{where}: the weights are for the features "
                                  f"{data.get('features')}, not this module's {list(FEATURES)}")
    weights = data.get("weights")
    trained_on = data.get("trained_on")
    if not isinstance(weights, dict) or set(weights) != set(KINDS) or \
            not isinstance(trained_on, dict):
        raise LearnedBiddingError(f"{where}: the weights must give {', '.join(KINDS)} "
                                  "and the rules they were trained on")
    out: dict[str, list[float]] = {}
    for kind in KINDS:
        row = weights[kind]
        if not isinstance(row, list) or len(row) != len(FEATURES) or \
                not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in row):
            raise LearnedBiddingError(f"{where}: the weights of {kind!r} must be "
                                      f"{len(FEATURES)} numbers")
        out[kind] = [float(x) for x in row]
    return Model(out, trained_on, where)


def signature(rules: RuleSet) -> dict[str, Any]:
    """The fields of ``rules`` the weights depend on (:data:`SECTIONS`)."""
    plain = rules.to_dict()
    return {section: plain[section] for section in SECTIONS}


def mismatch(rules: RuleSet, trained_on: dict[str, Any]) -> str | None:
    """The first field in which ``rules`` differ from the rules the weights were
    trained on, as ``section.field (trained value, this variant's)``; ``None`` if
    they agree."""
    mine = signature(rules)
    for section in SECTIONS:
        theirs = trained_on.get(section, {})
        ours = mine[section]
        for key in sorted(set(theirs) | set(ours)):
            if theirs.get(key) != ours.get(key):
                return (f"{section}.{key} ({theirs.get(key)!r} in training, "
                        f"{ours.get(key)!r} here)")
    return None


def option_kind(action: Action) -> str | None:
    """The kind of option ``action`` is (:data:`KINDS`), or ``None`` for a pass."""
    if action.verb == ORDER_UP:
        return "order_alone" if action.alone else "order"
    if action.verb == CALL:
        return "call_alone" if action.alone else "call"
    return None


def features(view: SeatView, action: Action, rule: RuleBot, table: TableRead) -> list[float]:
    """The features (:data:`FEATURES`) of making trump by ``action`` (an order up or
    a call of a suit), as the seat deciding sees them."""
    deck = view.deck
    ordering = action.verb == ORDER_UP
    contract = view.upcard_suit() if ordering else action.arg
    assert contract is not None
    hand = view.hand
    upcard = view.upcard
    dealer = view.dealer
    if ordering and upcard is not None and dealer == view.seat:
        hand |= 1 << upcard
    trumps = hand & deck.trump_masks[contract]
    right = deck.card("J", contract)
    left = deck.left_bower(contract)
    ace = deck.card("A", contract)
    n_trumps = trumps.bit_count()
    side_aces = sum(1 for s in range(4) if s != contract and hand >> deck.card("A", s) & 1)
    voids = 0
    if n_trumps >= 2:
        voids = sum(1 for s in range(4) if s != contract and
                    not hand & deck.suit_masks[contract][s])
    up_partner = up_opponent = up_bower = 0.0
    next_suit = jack_down = 0.0
    if ordering and upcard is not None and dealer != view.seat:
        ours = view.side_of[dealer] == view.side
        up_partner, up_opponent = (1.0, 0.0) if ours else (0.0, 1.0)
    if ordering and upcard is not None and upcard == right:
        up_bower = 1.0 if view.side_of[dealer] == view.side else -1.0
    if not ordering and upcard is not None:
        down = deck.suit(upcard)
        next_suit = 1.0 if _same_colour(deck, down, contract) else 0.0
        jack_down = 1.0 if deck.rank(upcard) == deck.rank(right) else 0.0
    seat = (view.seat - dealer) % view.n
    value = rule._make_value(view, table, contract, ordering, action.alone)
    king_queen = (trumps >> deck.card("K", contract) & 1) + (trumps >> deck.card("Q", contract) & 1)
    return [1.0, value, float(n_trumps), float(trumps >> right & 1), float(trumps >> left & 1),
            float(trumps >> ace & 1), float(king_queen), float(side_aces), float(voids), up_partner, up_opponent, up_bower, next_suit, jack_down,
            float(seat == 1), float(seat == 2), float(seat == 3), float(view.pass_throws_in)]


def _same_colour(deck: Deck, a: int, b: int) -> bool:
    """Whether suits ``a`` and ``b`` are a pair of the same colour (a jack of one is
    the left bower of the other)."""
    return a != b and deck.suit(deck.left_bower(a)) == b


class LearnedBidder:
    """The bidding decisions of a bot, by the fitted model (:class:`Model`)."""

    def __init__(self, rules: RuleSet, rule: RuleBot, model: Model | None = None) -> None:
        self.model = model if model is not None else load_model()
        differs = mismatch(rules, self.model.trained_on)
        if differs is not None:
            raise UnsupportedVariant(
                f"bidding=learned: the learned bidder was trained on standard euchre's rules "
                f"(four players in partnerships, 24 cards without a joker, an upcard and two bidding rounds, "
                f"the standard scoring table; any target) and cannot bid variant "
                f"{rules.id!r}, which differs in {differs}: use bidding=search there")
        self.rule = rule

    @staticmethod
    def decides(legal: Sequence[Action]) -> bool:
        """Whether this decision is one the model makes: making trump or passing."""
        return all(a.verb in VERBS for a in legal) and any(a.verb != PASS for a in legal)

    def values(self, view: SeatView, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """Each option with its predicted points over passing (a pass: 0)."""
        table = TableRead(view)
        may_pass = any(a.verb == PASS for a in legal)
        out = []
        for a in legal:
            kind = option_kind(a)
            if kind is None:
                out.append((a, 0.0))
                continue
            x = features(view, a, self.rule, table)
            if may_pass and x[RULE_VALUE] < MIN_RULE_VALUE:
                continue
            out.append((a, self.model.value(kind, x)))
        return out

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The option predicted to be worth most (the first of equals)."""
        best, best_value = legal[0], -1e18
        for a, value in self.values(view, legal):
            if value > best_value:
                best, best_value = a, value
        return best
