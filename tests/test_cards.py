"""Cards, decks, effective suits, orders, legal plays and trick winners.

Checked against REFERENCE.md section 1.1-1.2 (decks, the effective suit, the
orders within a suit), section 1.8 (the engine contract pseudocode) and the
edge cases of section 5 (items 1-4 and 19).  The expected values are written
out here independently of ``cards.py``: suits and ranks are read from the
card *names*, never from the deck's index arithmetic.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_dsl.cards import (
    CLUBS, CONTRACTS, DIAMONDS, HEARTS, JOKER_SUIT, LOW_NO_TRUMP, NO_TRUMP, SPADES, CardError,
    Deck, card_list, contract_name, mask_cards, parse_suit, popcount,
)

SUIT_OF_LETTER = {"C": CLUBS, "D": DIAMONDS, "H": HEARTS, "S": SPADES}
#: Colour partner of each suit (REFERENCE 1.1: spades/clubs black, hearts/diamonds red).
PARTNER = {"C": "S", "S": "C", "D": "H", "H": "D"}
LETTER_OF_CONTRACT = "CDHS"

DECKS = [Deck("9"), Deck("9", True), Deck("8"), Deck("8", True), Deck("7"), Deck("7", True)]
DECK_IDS = ["24", "24+JK", "28", "28+JK", "32", "32+JK"]

STD = Deck()
JOKER24 = Deck("9", joker=True)


def cards(deck: Deck, text: str) -> list[int]:
    return [deck.parse(c) for c in text.split()]


def hand(deck: Deck, text: str) -> int:
    return deck.mask(cards(deck, text))


def names(deck: Deck, mask: int) -> set[str]:
    return {deck.names[c] for c in mask_cards(mask)}


# ---------------------------------------------------------------- reference model
# REFERENCE 1.2, tables written out literally (highest first).
def ref_rank_chars(deck: Deck) -> str:
    """Ranks of the deck, highest first, as ehh/1 characters."""
    full = "AKQJT98765432"
    return full[: full.index(deck.lowest) + 1]


def ref_effective_suit(name: str, contract: int) -> int:
    """REFERENCE 1.8 ``eff_suit``: the joker and the left bower belong to trump."""
    if name == "JK":
        return contract if contract < 4 else JOKER_SUIT
    rank, suit = name[0], name[1]
    if contract < 4:
        trump = LETTER_OF_CONTRACT[contract]
        if rank == "J" and suit == PARTNER[trump]:
            return contract
    return SUIT_OF_LETTER[suit]


def ref_trump_order(deck: Deck, contract: int) -> list[str]:
    """Joker > right bower > left bower > A > K > Q > 10 > 9 (> 8 > 7)."""
    trump = LETTER_OF_CONTRACT[contract]
    order = ["JK"] if deck.joker else []
    order += ["J" + trump, "J" + PARTNER[trump]]
    order += [r + trump for r in ref_rank_chars(deck) if r != "J"]
    return order


def ref_plain_order(deck: Deck, suit: str, contract: int) -> list[str]:
    """A plain suit, highest first: the next suit has no jack, low no-trump is reversed."""
    order = [r + suit for r in ref_rank_chars(deck)]
    if contract < 4 and suit == PARTNER[LETTER_OF_CONTRACT[contract]]:
        order.remove("J" + suit)
    if contract == LOW_NO_TRUMP:
        order.reverse()
    return order


def ref_key(deck: Deck, name: str, led: str, contract: int) -> tuple[int, int]:
    """How strong a card is in a trick whose first card is ``led`` (higher wins).

    (2, r) for a trump, (1, r) for a card of the led effective suit, (0, 0) for
    anything else, which can never win.  In no-trump the joker is a lone trump
    of its own suit (REFERENCE 1.2, 5.19: the documented convention).
    """
    if contract < 4:
        trumps = ref_trump_order(deck, contract)
        if name in trumps:
            return 2, len(trumps) - trumps.index(name)
    elif name == "JK":
        return 2, 1
    led_suit = ref_effective_suit(led, contract)
    if led_suit != ref_effective_suit(name, contract):
        return 0, 0
    plain = ref_plain_order(deck, name[1], contract)
    return 1, len(plain) - plain.index(name)


# ---------------------------------------------------------------------- decks
@pytest.mark.parametrize("lowest,joker,size", [
    ("9", False, 24), ("9", True, 25), ("8", False, 28), ("8", True, 29),
    ("7", False, 32), ("7", True, 33),
])
def test_deck_sizes(lowest: str, joker: bool, size: int) -> None:
    deck = Deck(lowest, joker)
    assert deck.size == size == len(deck.names) == len(set(deck.names))
    assert deck.full_mask == (1 << size) - 1
    ranks = ref_rank_chars(deck)
    expected = {r + s for r in ranks for s in "CDHS"} | ({"JK"} if joker else set())
    assert set(deck.names) == expected
    assert (deck.joker_card is not None) == joker


def test_24_card_deck_is_nine_to_ace() -> None:
    assert sorted(n for n in STD.names if n.endswith("H")) == sorted(
        ["9H", "TH", "JH", "QH", "KH", "AH"])
    assert Deck("9").ranks_per_suit == 6
    assert Deck("7").ranks_per_suit == 8


def test_lower_ranks_for_more_players() -> None:
    # Dirty Clubs with more players adds 8s, then 7s, and so on (REFERENCE 3.5).
    assert Deck("6").size == 36
    assert Deck("2").size == 52


@pytest.mark.parametrize("bad", ["10", "T", "A", "J", "X", "1", "", "23", "TJ", "89"])
def test_deck_rejects_a_lowest_rank_above_nine(bad: str) -> None:
    with pytest.raises(CardError, match="lowest rank"):
        Deck(bad)


def test_decks_compare_by_content() -> None:
    assert Deck("9") == Deck("9", False)
    assert Deck("9") != Deck("9", True)
    assert hash(Deck("8", True)) == hash(Deck("8", True))


# ------------------------------------------------------------------- notation
@pytest.mark.parametrize("deck", DECKS, ids=DECK_IDS)
def test_every_card_round_trips_through_its_names(deck: Deck) -> None:
    for c in range(deck.size):
        name = deck.names[c]
        assert deck.parse(name) == c
        assert deck.parse(name.lower()) == c
        assert deck.parse(deck.symbols[c]) == c
        assert deck.name(c) == name


@pytest.mark.parametrize("text,expected", [
    ("TH", "TH"), ("th", "TH"), ("Th", "TH"), ("tH", "TH"),
    ("10H", "TH"), ("10h", "TH"), ("10♥", "TH"), ("♥10", "TH"), ("h10", "TH"),
    ("J♦", "JD"), ("j♦", "JD"), ("♦J", "JD"), ("J♢", "JD"), ("DJ", "JD"),
    ("A♠", "AS"), ("A♤", "AS"), ("9♣", "9C"), ("9♧", "9C"), ("K♡", "KH"),
])
def test_parse_accepts_case_ten_and_symbols(text: str, expected: str) -> None:
    assert STD.names[STD.parse(text)] == expected


@pytest.mark.parametrize("text", ["Jſ", "ſJ", "  qs ", "\tAC\n", "ＪＳ", "JK\u0131"])
def test_parse_reads_only_the_documented_spellings(text: str) -> None:
    """Issue 27, finding 18: only ASCII letters fold their case ("ſ".upper() is "S"),
    and a card has no spaces around it."""
    with pytest.raises(CardError, match="is not a card"):
        STD.parse(text)


@pytest.mark.parametrize("text", ["ſ", " h ", "ＮＴ"])
def test_parse_suit_reads_only_the_documented_spellings(text: str) -> None:
    with pytest.raises(CardError, match="is not a suit"):
        parse_suit(text)


@pytest.mark.parametrize("text", ["JK", "jk", "Jk", "jK", "joker", "JOKER", "Joker", "🃏"])
def test_parse_joker(text: str) -> None:
    assert JOKER24.parse(text) == JOKER24.joker_card == 24


@pytest.mark.parametrize("text", ["", "J", "H", "JHH", "1H", "XH", "JX", "11H", "10", "9 C",
                                  "JH,", "A-S"])
def test_parse_rejects_what_is_not_a_card(text: str) -> None:
    with pytest.raises(CardError) as exc:
        STD.parse(text)
    message = str(exc.value)
    assert repr(text) in message
    assert "is not a card" in message
    assert "'JH'" in message  # shows how a card is written


@pytest.mark.parametrize("deck,text", [
    (STD, "8C"), (STD, "2S"), (STD, "7h"), (STD, "8♣"), (STD, "♣8"), (STD, "c8"),
    (Deck("8"), "7D"), (Deck("7"), "6S"),
])
def test_parse_rejects_a_real_card_missing_from_the_deck(deck: Deck, text: str) -> None:
    with pytest.raises(CardError) as exc:
        deck.parse(text)
    message = str(exc.value)
    assert repr(text) in message
    assert "not in this variant's deck" in message
    assert f"{deck.size} cards" in message
    assert f"{deck.lowest} to A" in message


@pytest.mark.parametrize("text", ["JK", "joker", "🃏"])
def test_parse_rejects_the_joker_when_the_deck_has_none(text: str) -> None:
    with pytest.raises(CardError, match="joker.*not in this variant's deck"):
        STD.parse(text)


def test_card_error_is_a_value_error() -> None:
    assert issubclass(CardError, ValueError)


@pytest.mark.parametrize("text,contract", [
    ("C", CLUBS), ("d", DIAMONDS), ("H", HEARTS), ("s", SPADES), ("♣", CLUBS), ("♦", DIAMONDS),
    ("♥", HEARTS), ("♠", SPADES), ("NT", NO_TRUMP), ("nt", NO_TRUMP), ("LNT", LOW_NO_TRUMP),
])
def test_parse_suit(text: str, contract: int) -> None:
    assert parse_suit(text) == contract


@pytest.mark.parametrize("text", ["", "X", "hearts", "N", "CD"])
def test_parse_suit_rejects_other_words(text: str) -> None:
    with pytest.raises(CardError, match="is not a suit"):
        parse_suit(text)


def test_contract_names() -> None:
    assert [contract_name(c) for c in CONTRACTS] == ["C", "D", "H", "S", "NT", "LNT"]
    assert contract_name(None) is None


def test_printing_names_and_symbols() -> None:
    assert STD.name(STD.parse("10h")) == "TH"
    assert STD.symbols[STD.parse("TH")] == "10♥"
    assert STD.symbols[STD.parse("jd")] == "J♦"
    assert STD.symbols[STD.parse("as")] == "A♠"
    assert STD.symbols[STD.parse("9c")] == "9♣"
    assert JOKER24.name(JOKER24.joker_card) == "JK"
    assert JOKER24.symbols[JOKER24.joker_card] == "Jk"


def test_format_mask_groups_by_suit_high_first() -> None:
    m = hand(JOKER24, "9C AH JK TS KH 10c")
    assert JOKER24.format_mask(m) == "JK TS AH KH TC 9C"
    assert JOKER24.format_mask(m, symbols=True) == "Jk 10♠ A♥ K♥ 10♣ 9♣"
    assert STD.format_mask(0) == ""


def test_sorted_cards_shows_the_left_bower_with_trumps() -> None:
    m = hand(STD, "KD 9H JD AH QC")
    shown = [STD.names[c] for c in STD.sorted_cards(m, HEARTS)]
    assert shown == ["JD", "AH", "9H", "KD", "QC"]


def test_masks_and_popcount() -> None:
    m = hand(STD, "9C JD AS")
    assert popcount(m) == 3
    assert [STD.names[c] for c in mask_cards(m)] == ["9C", "JD", "AS"]
    assert STD.mask([]) == 0


@given(st.integers(0, (1 << 96) - 1))
def test_a_card_list_is_the_masks_cards_lowest_first(mask: int) -> None:
    # masks past 63 bits too: a six-hand double deck's indexes reach 63
    assert card_list(mask) == list(mask_cards(mask)) == [c for c in range(96) if mask >> c & 1]


# ------------------------------------------------------------ effective suit
@pytest.mark.parametrize("deck", DECKS, ids=DECK_IDS)
def test_effective_suit_of_every_card_under_every_contract(deck: Deck) -> None:
    for contract in CONTRACTS:
        for c, name in enumerate(deck.names):
            assert deck.effective_suit(c, contract) == ref_effective_suit(name, contract), \
                (name, contract)


@pytest.mark.parametrize("card,trump,suit", [
    ("JD", HEARTS, HEARTS),      # left bower is a heart when hearts are trump
    ("JH", DIAMONDS, DIAMONDS),
    ("JC", SPADES, SPADES),
    ("JS", CLUBS, CLUBS),
    ("JD", DIAMONDS, DIAMONDS),  # right bower
    ("JD", CLUBS, DIAMONDS),     # other colour: an ordinary diamond
    ("JD", SPADES, DIAMONDS),
    ("JS", HEARTS, SPADES),
    ("JD", NO_TRUMP, DIAMONDS),  # no bowers in no-trump
    ("JD", LOW_NO_TRUMP, DIAMONDS),
    ("AD", HEARTS, DIAMONDS),
])
def test_effective_suit_examples(card: str, trump: int, suit: int) -> None:
    assert STD.effective_suit(STD.parse(card), trump) == suit


def test_joker_belongs_to_trump_and_is_its_own_suit_in_no_trump() -> None:
    jk = JOKER24.joker_card
    assert jk is not None
    for trump in (CLUBS, DIAMONDS, HEARTS, SPADES):
        assert JOKER24.effective_suit(jk, trump) == trump
    assert JOKER24.effective_suit(jk, NO_TRUMP) == JOKER_SUIT
    assert JOKER24.effective_suit(jk, LOW_NO_TRUMP) == JOKER_SUIT
    assert JOKER24.effective_suit(jk, None) == JOKER_SUIT


def test_effective_suit_without_a_contract_is_the_printed_suit() -> None:
    assert STD.effective_suit(STD.parse("JD"), None) == DIAMONDS


@pytest.mark.parametrize("deck", DECKS, ids=DECK_IDS)
def test_suit_sizes_under_a_trump(deck: Deck) -> None:
    per = deck.ranks_per_suit
    extra = 1 if deck.joker else 0
    for trump in (CLUBS, DIAMONDS, HEARTS, SPADES):
        masks = deck.suit_masks[trump]
        next_suit = SUIT_OF_LETTER[PARTNER[LETTER_OF_CONTRACT[trump]]]
        assert popcount(masks[trump]) == per + 1 + extra
        assert popcount(masks[next_suit]) == per - 1
        for other in {CLUBS, DIAMONDS, HEARTS, SPADES} - {trump, next_suit}:
            assert popcount(masks[other]) == per
        assert popcount(masks[JOKER_SUIT]) == 0
        assert sum(masks) == deck.full_mask
        assert deck.trump_masks[trump] == masks[trump]


def test_hearts_trump_suit_masks_by_name() -> None:
    masks = STD.suit_masks[HEARTS]
    assert names(STD, masks[HEARTS]) == {"9H", "TH", "JH", "QH", "KH", "AH", "JD"}
    assert names(STD, masks[DIAMONDS]) == {"9D", "TD", "QD", "KD", "AD"}
    assert names(STD, masks[CLUBS]) == {"9C", "TC", "JC", "QC", "KC", "AC"}


def test_no_trump_masks_keep_printed_suits_and_isolate_the_joker() -> None:
    for contract in (NO_TRUMP, LOW_NO_TRUMP):
        masks = JOKER24.suit_masks[contract]
        for suit in (CLUBS, DIAMONDS, HEARTS, SPADES):
            assert popcount(masks[suit]) == 6
        assert names(JOKER24, masks[JOKER_SUIT]) == {"JK"}
        assert names(JOKER24, JOKER24.trump_masks[contract]) == {"JK"}
        assert STD.trump_masks[contract] == 0


# --------------------------------------------------------------------- orders
@pytest.mark.parametrize("deck", DECKS, ids=DECK_IDS)
def test_trump_order(deck: Deck) -> None:
    for trump in (CLUBS, DIAMONDS, HEARTS, SPADES):
        got = [deck.names[c] for c in deck.trump_orders[trump]]
        assert got == ref_trump_order(deck, trump)


def test_trump_order_spelled_out() -> None:
    assert [STD.names[c] for c in STD.trump_orders[HEARTS]] == \
        ["JH", "JD", "AH", "KH", "QH", "TH", "9H"]
    assert [Deck("7", True).names[c] for c in Deck("7", True).trump_orders[SPADES]] == \
        ["JK", "JS", "JC", "AS", "KS", "QS", "TS", "9S", "8S", "7S"]


def plain_order(deck: Deck, contract: int, suit: int) -> list[str]:
    """Non-trump cards of a led effective suit, strongest first, by the deck's powers."""
    power = deck.powers[contract][suit]
    members = [c for c in mask_cards(deck.suit_masks[contract][suit])
               if not (deck.trump_masks[contract] >> c) & 1]
    assert all(power[c] > 0 for c in members)
    return [deck.names[c] for c in sorted(members, key=lambda c: -power[c])]


@pytest.mark.parametrize("deck", DECKS, ids=DECK_IDS)
def test_plain_orders_of_every_suit_under_every_contract(deck: Deck) -> None:
    for contract in CONTRACTS:
        for suit in (CLUBS, DIAMONDS, HEARTS, SPADES):
            if suit == contract:
                continue
            assert plain_order(deck, contract, suit) == \
                ref_plain_order(deck, LETTER_OF_CONTRACT[suit], contract)


def test_plain_orders_spelled_out() -> None:
    # next suit: no jack
    assert plain_order(STD, HEARTS, DIAMONDS) == ["AD", "KD", "QD", "TD", "9D"]
    # other colour: the jack in its place
    assert plain_order(STD, HEARTS, CLUBS) == ["AC", "KC", "QC", "JC", "TC", "9C"]
    # no-trump: jacks are ordinary
    assert plain_order(STD, NO_TRUMP, DIAMONDS) == ["AD", "KD", "QD", "JD", "TD", "9D"]
    # low no-trump: reversed
    assert plain_order(STD, LOW_NO_TRUMP, SPADES) == ["9S", "TS", "JS", "QS", "KS", "AS"]
    assert plain_order(Deck("7"), LOW_NO_TRUMP, HEARTS) == \
        ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH"]


def test_every_trump_beats_every_plain_card() -> None:
    for contract in (CLUBS, DIAMONDS, HEARTS, SPADES):
        for led in range(5):
            power = JOKER24.powers[contract][led]
            weakest_trump = min(power[c] for c in JOKER24.trump_orders[contract])
            strongest_plain = max(power[c] for c in range(JOKER24.size)
                                  if c not in JOKER24.trump_orders[contract])
            assert weakest_trump > strongest_plain


def test_cards_of_other_suits_have_no_power() -> None:
    power = STD.powers[HEARTS][CLUBS]
    for name in ("AD", "AS", "KD", "9S"):
        assert power[STD.parse(name)] == 0


# ---------------------------------------------------------------- legal plays
def legal(deck: Deck, held: str, led: str | None, contract: int) -> set[str]:
    led_card = None if led is None else deck.parse(led)
    return names(deck, deck.legal_plays(hand(deck, held), led_card, contract))


def test_leader_may_play_anything() -> None:
    assert legal(STD, "9C JD AS KH TD", None, HEARTS) == {"9C", "JD", "AS", "KH", "TD"}


def test_must_follow_the_led_suit() -> None:
    assert legal(STD, "9C KC AS KH TD", "AC", HEARTS) == {"9C", "KC"}


def test_void_in_led_suit_may_play_anything() -> None:
    assert legal(STD, "9C KC AS KH", "AD", HEARTS) == {"9C", "KC", "AS", "KH"}


def test_leading_the_left_bower_is_a_trump_lead() -> None:
    # hearts trump, J-diamonds led: hearts were led; a diamond does not follow
    assert legal(STD, "9H AD KC QS TS", "JD", HEARTS) == {"9H"}
    assert legal(STD, "AD KD KC QS TS", "JD", HEARTS) == {"AD", "KD", "KC", "QS", "TS"}


def test_only_trump_is_the_left_bower_must_be_played() -> None:
    assert legal(STD, "JD AD KC QS TS", "AH", HEARTS) == {"JD"}
    assert legal(STD, "JD AD KC QS TS", "9H", HEARTS) == {"JD"}


def test_leading_the_left_bowers_printed_suit_does_not_oblige_it() -> None:
    # only diamond held is J-diamonds, which is a heart: void in diamonds
    assert legal(STD, "JD 9C KC QS TS", "AD", HEARTS) == {"JD", "9C", "KC", "QS", "TS"}
    # with another diamond, that diamond must be played, not the bower
    assert legal(STD, "JD KD KC QS TS", "AD", HEARTS) == {"KD"}


def test_jack_of_the_other_colour_follows_its_own_suit() -> None:
    assert legal(STD, "JS 9H KC QD TD", "AS", HEARTS) == {"JS"}
    # spades trump: J-clubs is the left bower, so K-clubs is the only club
    assert legal(STD, "JC KC 9H QD TD", "9C", SPADES) == {"KC"}


def test_joker_lead_is_a_trump_lead() -> None:
    assert legal(JOKER24, "9H AD KC QS TS", "JK", HEARTS) == {"9H"}
    assert legal(JOKER24, "JD AD KC QS TS", "JK", HEARTS) == {"JD"}


def test_joker_must_follow_a_trump_lead_when_it_is_the_only_trump() -> None:
    assert legal(JOKER24, "JK AD KC QS TS", "9H", HEARTS) == {"JK"}
    assert legal(JOKER24, "JK AD KC QS TS", "AD", HEARTS) == {"AD"}


def test_no_trump_jacks_follow_their_printed_suit() -> None:
    assert legal(STD, "JD 9H KC", "AD", NO_TRUMP) == {"JD"}
    assert legal(STD, "JD 9H KC", "AH", NO_TRUMP) == {"9H"}
    assert legal(STD, "JD 9H KC", "AH", LOW_NO_TRUMP) == {"9H"}


def test_joker_in_no_trump_follows_nothing_and_cannot_be_followed() -> None:
    assert legal(JOKER24, "JK 9H KC", "AH", NO_TRUMP) == {"9H"}
    assert legal(JOKER24, "JK 9C KC", "AH", NO_TRUMP) == {"JK", "9C", "KC"}
    assert legal(JOKER24, "9H KC AS", "JK", NO_TRUMP) == {"9H", "KC", "AS"}


# ---------------------------------------------------------------- trick winner
@pytest.mark.parametrize("deck,trick,contract,winner", [
    (STD, "9C AS AD KD", HEARTS, "9C"),      # off-suit never wins, however high
    (STD, "AC 9H KC QC", HEARTS, "9H"),      # the lowest trump beats the led suit
    (STD, "AC 9H TH KC", HEARTS, "TH"),      # the higher trump wins
    (STD, "AH JD", HEARTS, "JD"),            # left bower beats the ace of trump
    (STD, "JD JH", HEARTS, "JH"),            # right bower beats the left
    (STD, "JD AD 9H KD", HEARTS, "JD"),      # left bower led is a trump lead
    (STD, "AD JD KD QD", HEARTS, "JD"),      # left bower played to its printed suit trumps it
    (STD, "9D AD QD KD", HEARTS, "AD"),      # next suit has no jack; ace high
    (STD, "QC JC TC 9C", HEARTS, "QC"),      # other colour: Q > J
    (STD, "TC JC 9C AS", HEARTS, "JC"),      # other colour: J > 10
    (STD, "AS JS", CLUBS, "JS"),             # J-spades is the left bower in clubs
    (STD, "JS AS", CLUBS, "JS"),
    (STD, "KH AH", SPADES, "AH"),
    (STD, "9S 9H", CLUBS, "9S"),             # two cards (two lone players)
    (STD, "9S 9H 9D", CLUBS, "9S"),          # three cards (one lone player)
    (STD, "9D AD", NO_TRUMP, "AD"),
    (STD, "JD TD QH", NO_TRUMP, "JD"),       # jacks ordinary: J > 10
    (STD, "JD JH AH", NO_TRUMP, "JD"),       # no bowers, nothing trumps
    (STD, "AD 9D KD", LOW_NO_TRUMP, "9D"),   # low: 9 highest
    (STD, "KD QD AH", LOW_NO_TRUMP, "QD"),
    (JOKER24, "JH JK", HEARTS, "JK"),        # joker beats the right bower
    (JOKER24, "AC JK KC", SPADES, "JK"),
    (JOKER24, "JK JH JD", HEARTS, "JK"),
    (JOKER24, "AS JK", NO_TRUMP, "JK"),      # no-trump joker wins any trick it is in
    (JOKER24, "JK AS AH", NO_TRUMP, "JK"),
    (JOKER24, "9S JK", LOW_NO_TRUMP, "JK"),
    (Deck("7"), "7H 8H", CLUBS, "8H"),       # 8 beats 7
    (Deck("7"), "AS 7C", CLUBS, "7C"),       # the lowest trump beats an ace
    (Deck("8"), "8D 9D", SPADES, "9D"),
])
def test_trick_winner(deck: Deck, trick: str, contract: int, winner: str) -> None:
    played = cards(deck, trick)
    assert deck.names[played[deck.trick_winner(played, contract)]] == winner


# ---------------------------------------------------------------- invariants
@st.composite
def tricks(draw: st.DrawFn) -> tuple[Deck, list[int], int]:
    deck = draw(st.sampled_from(DECKS))
    contract = draw(st.sampled_from(CONTRACTS))
    size = draw(st.integers(min_value=2, max_value=7))
    played = draw(st.lists(st.integers(min_value=0, max_value=deck.size - 1),
                           min_size=size, max_size=size, unique=True))
    return deck, played, contract


@settings(max_examples=400, deadline=None)
@given(tricks())
def test_exactly_one_winner_and_it_is_the_documented_maximum(
        trick: tuple[Deck, list[int], int]) -> None:
    deck, played, contract = trick
    led = deck.names[played[0]]
    keys = [ref_key(deck, deck.names[c], led, contract) for c in played]
    best = max(keys)
    assert best[0] > 0  # the led card itself can always win
    assert keys.count(best) == 1
    assert deck.trick_winner(played, contract) == keys.index(best)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DECKS), st.sampled_from(CONTRACTS), st.data())
def test_legal_plays_follow_the_effective_suit(deck: Deck, contract: int,
                                               data: st.DataObject) -> None:
    held = data.draw(st.lists(st.integers(0, deck.size - 1), min_size=1, max_size=8,
                              unique=True))
    led = data.draw(st.integers(0, deck.size - 1).filter(lambda c: c not in held))
    m = deck.mask(held)
    allowed = deck.legal_plays(m, led, contract)
    led_suit = ref_effective_suit(deck.names[led], contract)
    same = {c for c in held if ref_effective_suit(deck.names[c], contract) == led_suit}
    assert set(mask_cards(allowed)) == (same or set(held))
    assert deck.legal_plays(m, None, contract) == m


@pytest.mark.parametrize("deck", DECKS, ids=repr)
def test_card_index_is_the_spelling_table(deck: Deck) -> None:
    """``card_index`` (the readers' fast lookup) finds exactly what ``spellings`` holds,
    every accepted spelling and nothing else, short or long, ASCII or not."""
    for text, card in deck.spellings.items():
        assert deck.card_index(text) == card, text
    for text in ("", "A", "AX", "XS", "sA", "Th", "jK", "ÀS", "A\u2660\u2660", "10", "ASS",
                 "  AS", "a s", "\x00S"):
        assert deck.card_index(text) == deck.spellings.get(text, -1), text


@given(st.text(max_size=3))
def test_card_index_agrees_with_the_table_on_any_text(text: str) -> None:
    deck = Deck.of("9", True)
    assert deck.card_index(text) == deck.spellings.get(text, -1)
