"""Rules in plain words: every option said with its phrase and its meaning, and diffs."""

from __future__ import annotations

import dataclasses

from euchre_dsl.rules.describe import applies, describe, describe_diff, differences, rules_of, \
    summary, value_words
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.rules.ruleset import option_table

STANDARD = load_variant("standard")


def test_show_says_every_option_that_applies_with_its_meaning() -> None:
    """Issue 9, finding 6: options of features the variant does not use (the
    auction's, the widow's, countdown scoring's for standard) are left out."""
    text = describe(STANDARD)
    for path, _, meta, _ in option_table():
        assert (f"[{path}]" in text) == applies(STANDARD, path), path
    for hidden in ("bidding.auction_min", "bidding.widow_order", "scoring.bucked",
                   "deal.farmers_hand_effect", "bidding.joker_upcard"):
        assert f"[{hidden}]" not in text
    assert "[bidding.auction]" in text and "[deal.widow]" in text  # the switches are said
    assert len(text.splitlines()) < 190
    buck = describe(load_variant("buck"))
    assert "[scoring.bucked]" in buck and "[scoring.march]" not in buck
    assert text.startswith("Standard euchre [standard]\n")
    assert "  no stick the dealer " in text
    assert "  game to 10 " in text
    assert "If everyone else passes the naming round, the dealer may not pass" in text


def test_options_without_a_phrase_are_written_by_name() -> None:
    british = {r.path: r.words for r in rules_of(load_variant("british"))}
    standard = {r.path: r.words for r in rules_of(STANDARD)}
    assert british["deck.joker"] == "with the joker"
    assert british["bidding.joker_upcard"] == "a turned-up joker lets the dealer name trump"
    assert standard["bidding.joker_upcard"] == "bidding.joker_upcard = none"


def test_the_summary_counts_the_cards() -> None:
    assert summary(STANDARD) == ("24 cards (9 to ace in each suit); 4 players in 2 "
                                 "partnerships; 5 cards each")
    assert summary(load_variant("dirty-clubs-6")).startswith("32 cards (7 to ace")
    assert "each for themselves" in summary(load_variant("buck"))
    assert "and the joker" in summary(load_variant("british"))


def test_diff_lists_exactly_the_options_that_differ() -> None:
    house = dataclasses.replace(
        STANDARD, id="house",
        bidding=dataclasses.replace(STANDARD.bidding, stick_the_dealer=True),
        game=dataclasses.replace(STANDARD.game, target=7))
    assert [(a.path, a.value, b.value) for a, b in differences(STANDARD, house)] == \
        [("bidding.stick_the_dealer", False, True), ("game.target", 10, 7)]
    text = describe_diff(STANDARD, house, "standard", "house.euchre")
    assert text.startswith("2 rules differ between standard and house.euchre:")
    assert "  standard:     no stick the dealer\n  house.euchre: stick the dealer\n" in text
    assert "game to 7" in text


def test_diff_of_equal_rules_says_so() -> None:
    assert describe_diff(STANDARD, STANDARD, "a", "b") == "a and b have the same rules\n"


def test_value_words() -> None:
    assert [value_words(v) for v in (True, False, None, (3, 2), "x", 4)] == \
        ["yes", "no", "none", "[3, 2]", "x", "4"]
