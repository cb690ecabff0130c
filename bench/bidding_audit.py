"""How a bot bids, tallied the way a club player reads a table's records.

:func:`audit_bidding` plays games with one bot at every seat, watching each
trump-making decision (order up, call or pass) and each hand's result.  It
counts the rates by seat (seat 1 is the dealer's left, the last seat the
dealer), the contracts made without a trump in hand, the dealers who passed a
strong hand (a bower and two more trumps, or four trumps, after the pick-up)
and how often lone hands marched: the checks on a bot's bidding that a
strong player makes first, measured by ``bench/bidding_rates.py`` and tested.
Issue 41's faults are counted too: round-two calls on one trump below the ace,
lone hands without a bower, and round-two passes holding both bowers and a
third trump of a suit the seat could have named.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Sequence

from euchre_dsl.cards import SUITS
from euchre_dsl.engine.actions import CALL, ORDER_UP, PASS, Action
from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.view import SeatView
from euchre_dsl.rng import BOT, derive
from euchre_dsl.rules.ruleset import RuleSet
from euchre_dsl.sim.bots import Bot, make_bot, parse_bot_spec
from euchre_dsl.sim.deals import Deals
from euchre_dsl.sim.runner import play_game


def _rate() -> list[int]:
    return [0, 0]


@dataclass
class BiddingAudit:
    """Tallies of trump-making decisions.  Each rate is ``[times, decisions]``;
    ``first[p]`` and ``second[p]`` are seat ``p + 1`` counted from the dealer's
    left, in the first (order up) and second (call) round."""

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
    #: lone makes (order up or call), and those made holding no bower (nor the joker)
    lone_makes: int = 0
    bowerless_lone: int = 0
    #: round-two passes holding both bowers and a third trump of a suit the seat may name
    strong_passes: int = 0
    #: lone hands played by the makers, and those that marched
    loners: list[int] = field(default_factory=_rate)
    #: hands with a maker, and those the makers made
    made: list[int] = field(default_factory=_rate)
    games: int = 0
    #: a few examples of each fault, as readable text
    examples: list[str] = field(default_factory=list)


def _position(n: int, dealer: int, seat: int) -> int:
    """0 for the dealer's left, ..., ``n - 1`` for the dealer."""
    return (seat - dealer - 1) % n


def bowers(view: SeatView, trump: int) -> int:
    """The bowers of ``trump`` (the jack and its twin of the same colour) and the joker, as a
    mask; none for a contract without trumps."""
    deck = view.deck
    out = deck.mask((deck.card("J", trump), deck.left_bower(trump))) if trump < 4 else 0
    if deck.joker_card is not None:
        out |= 1 << deck.joker_card
    return out


def strong_pass(view: SeatView, legal: Sequence[Action]) -> bool:
    """A round-two pass on both bowers and a third trump of a suit the seat may name."""
    for a in legal:
        if a.verb == CALL and a.arg is not None and a.arg < 4:
            deck = view.deck
            trumps = view.hand & deck.trump_masks[a.arg]
            both = deck.mask((deck.card("J", a.arg), deck.left_bower(a.arg)))
            if trumps & both == both and trumps.bit_count() >= 3:
                return True
    return False


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

    def __init__(self, bot: Bot, audit: BiddingAudit) -> None:
        self.bot = bot
        self.audit = audit
        self.play = bot.play

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        action = self.bot.act(view, legal)
        verbs = {a.verb for a in legal}
        if PASS not in verbs or not (ORDER_UP in verbs or CALL in verbs):
            return action  # a forced call (stick the dealer) tells nothing
        a = self.audit
        n = view.n
        pos = _position(n, view.dealer, view.seat)
        while len(a.first) < n:
            a.first.append([0, 0])
            a.second.append([0, 0])
        first_round = ORDER_UP in verbs
        rate = (a.first if first_round else a.second)[pos]
        rate[1] += 1
        dealer = first_round and view.seat == view.dealer and view.upcard is not None
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
        contract = view.upcard_suit() if action.verb == ORDER_UP else action.arg
        assert contract is not None
        if contract >= 4:
            return action  # no trump at all was named
        hand = view.hand
        if dealer and action.verb == ORDER_UP and view.upcard is not None:
            hand |= 1 << view.upcard
        trumps = (hand & view.deck.trump_masks[contract]).bit_count()
        a.contracts += 1
        if trumps == 0:
            a.trumpless += 1
            self._example(view, f"{action.verb} with no trump")
        elif trumps == 1:
            a.one_trump += 1
        deck = view.deck
        if not first_round:
            a.calls += 1
            ace = deck.card("A", contract)
            power = deck.powers[contract][contract]
            held = hand & deck.trump_masks[contract]
            if trumps == 1 and power[held.bit_length() - 1] < power[ace]:
                a.one_low_trump_calls += 1
                self._example(view, f"called {SUITS[contract]} on one low trump")
        if action.alone:
            a.lone_makes += 1
            if not hand & bowers(view, contract):
                a.bowerless_lone += 1
                self._example(view, f"{action.verb} alone without a bower")
        return action

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
        bots = [_Watched(make_bot(spec, rules, random.Random(derive(seed, BOT, unit, s))), audit)
                for s in range(n)]
        game = Machine(rules, dealer=deals.first_dealer(unit, n))
        deals.start(unit, 0)
        play_game(rules, bots, deals, game)
        audit.games += 1
        for res in game.results:
            if res.maker is None or res.made is None:
                continue
            audit.made[1] += 1
            audit.made[0] += int(res.made)
            if res.alone:
                audit.loners[1] += 1
                audit.loners[0] += int(res.march)
    return audit
