"""The table truths both bots bid by (euchre_dsl/sim/bots/truths.py), and the rule
bot keeping them even where its own valuation would not (issue 41)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_dsl.cards import SUITS, Deck
from euchre_dsl.engine.actions import BID, CALL, ORDER_UP, PASS, Action
from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.view import SeatView
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.bots.rule import RuleBot
from euchre_dsl.sim.bots.truths import (
    bowers, one_low_trump, sound_lone, sure_make, top_trumps,
)


def hand(variant: str, cards: str) -> tuple[int, Deck]:
    deck = Machine(load_variant(variant), dealer=0).deck
    mask = 0
    for c in cards.split():
        mask |= 1 << deck.parse(c)
    return mask, deck


def test_a_sound_lone_hand_has_three_trumps_and_a_bower_or_the_top_three() -> None:
    h = SUITS.index("H")
    mask, deck = hand("standard", "JD AH KH AS AC")  # the left, A-K
    assert sound_lone(deck, mask, h)
    mask, deck = hand("standard", "AH KH QH 9H AD")  # four trumps, no bower
    assert not sound_lone(deck, mask, h)
    mask, deck = hand("standard", "JH AH AS AC AD")  # the right and one more: two trumps
    assert not sound_lone(deck, mask, h)
    mask, deck = hand("british", "JK AH KH AS AC")  # the joker counts as a bower
    assert sound_lone(deck, mask, h)


def test_the_top_trumps_follow_the_decks_ranking() -> None:
    mask, deck = hand("standard", "JH JD AH")
    assert top_trumps(deck, SUITS.index("H")) == mask
    mask, deck = hand("british", "JK JH JD")
    assert top_trumps(deck, SUITS.index("H")) == mask


def test_one_low_trump_and_a_sure_make() -> None:
    s = SUITS.index("S")
    mask, deck = hand("standard", "QS AH KH AD TC")
    assert one_low_trump(deck, mask, s)
    mask, deck = hand("standard", "AS AH KH AD TC")  # the ace is not low
    assert not one_low_trump(deck, mask, s)
    mask, deck = hand("standard", "JS JC 9S AH TD")
    assert sure_make(deck, mask, s)
    assert not sure_make(deck, mask, SUITS.index("C"))
    mask, deck = hand("standard", "JS JC AH KH TD")  # both bowers, no third trump
    assert not sure_make(deck, mask, s)


#: every kind of deck a shipped variant deals: 24 cards, the joker, 32 cards, a double deck
DECKS = (Deck.of(), Deck.of(joker=True), Deck.of("7"), Deck.of(copies=2))


def read_plainly(deck: Deck, hand: int, trump: int) -> tuple[int, int, bool, bool, bool]:
    """The truths as a player reads them, card by card from the deck's ranking: the
    bowers, the three top trumps, a sound lone hand, one low trump, a sure make."""
    power = deck.powers[trump][trump]
    trumps = [c for c in range(deck.size) if deck.trump_masks[trump] >> c & 1]
    right = {c for c in deck.twins(deck.card("J", trump))}
    left = {c for c in deck.twins(deck.left_bower(trump))}
    joker = set() if deck.joker_card is None else {deck.joker_card}
    bower_mask = sum(1 << c for c in right | left | joker)
    top = sum(1 << c for c in sorted(trumps, key=lambda c: -power[c])[:3])
    held = [c for c in trumps if hand >> c & 1]
    lone = len(held) >= 3 and (bool(hand & bower_mask) or hand & top == top)
    low = len(held) == 1 and power[held[0]] < power[deck.card("A", trump)]
    sure = bool(right & set(held)) and bool(left & set(held)) and len(held) >= 3
    return bower_mask, top, lone, low, sure


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DECKS), st.integers(0, 3), st.randoms(use_true_random=False))
def test_the_truths_masks_read_as_a_player_reads_the_cards(
        deck: Deck, trump: int, rng: random.Random) -> None:
    # hands rich in trumps, so that every truth is met and missed
    trumps = [c for c in range(deck.size) if deck.trump_masks[trump] >> c & 1]
    cards = rng.sample(trumps, rng.randint(0, 5)) + rng.sample(range(deck.size), 3)
    hand = sum(1 << c for c in set(cards))
    assert (bowers(deck, trump), top_trumps(deck, trump), sound_lone(deck, hand, trump),
            one_low_trump(deck, hand, trump), sure_make(deck, hand, trump)) == \
        read_plainly(deck, hand, trump)


def deal(hands: list[str], upcard: str, passes: int) -> Machine:
    """A standard deal, the dealer W (seat 3), ``passes`` passes made."""
    game = Machine(load_variant("standard"), dealer=3)
    d = game.deck
    game.deal([[d.parse(c) for c in h.split()] for h in hands], upcard=d.parse(upcard))
    for _ in range(passes):
        game.apply(Action(game.to_act, PASS))
    return game


HANDS = ["JC QD TH 9S JS", "QC KD AD 9H TS", "AS KS QS AH KH", "9C 9D KC AC TD"]


def test_the_rule_bot_names_both_bowers_and_a_third_trump_whatever_its_bar() -> None:
    """The seat with J-J-9 of spades, asked in the naming round (clubs turned down) and
    not the last to bid: even with a bar no hand clears, it names spades."""
    game = deal(HANDS, "TC", 4)
    view = SeatView(game, game.to_act)
    timid = RuleBot(game.rules, random.Random(0), call_margin=9.0)
    assert timid.act(view, game.legal_actions()) == Action(0, CALL, SUITS.index("S"))
    # and in the first round, with spades turned: it orders up
    game = deal(["JC QD TH 9S JS", "QC KD AD 9H TS", "AS KS QH AH KH", "9C 9D KC AC TD"],
                "QS", 0)
    timid = RuleBot(game.rules, random.Random(0), margin=9.0)
    action = timid.act(SeatView(game, 0), game.legal_actions())
    assert action.verb == ORDER_UP and not action.alone


def test_the_rule_bot_goes_alone_only_on_a_sound_lone_hand() -> None:
    """A bot eager to go alone (a bar far below zero) orders up A-K-Q-9 of hearts with
    the ace of diamonds, but not alone: no bower; with the right bower it goes alone."""
    eager = RuleBot(load_variant("standard"), random.Random(0), alone_margin=-9.0)
    game = deal(["AD 9H QH KH AH", "QC KD JD 9C TS", "AS KS QS JH KC", "9S 9D JC AC TD"],
                "TH", 0)
    action = eager.act(SeatView(game, 0), game.legal_actions())
    assert action.verb == ORDER_UP and not action.alone
    game = deal(["AD JH QH KH AH", "QC KD JD 9C TS", "AS KS QS 9H KC", "9S 9D JC AC TD"],
                "TH", 0)
    action = eager.act(SeatView(game, 0), game.legal_actions())
    assert action.verb == ORDER_UP and action.alone


def test_in_an_auction_both_bowers_and_a_third_trump_open_the_bidding() -> None:
    """Bid euchre, nobody having bid: the seat with J-J-9 of diamonds (and the jack of
    clubs) opens at the least bid, where the bot without the truths passed."""
    rules = load_variant("bid-euchre")
    game = Machine(rules, dealer=0)
    game.deal_random(random.Random(154))
    for _ in range(2):
        game.apply(Action(game.to_act, PASS))
    view, legal = SeatView(game, 3), game.legal_actions()
    assert sure_make(game.deck, view.hand, SUITS.index("D"))
    assert RuleBot(rules, random.Random(0), truths=False).act(view, legal).verb == PASS
    assert RuleBot(rules, random.Random(0)).act(view, legal) == Action(3, BID, 3)
