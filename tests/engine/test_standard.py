"""Standard four-hand euchre, hand by hand, from the rule book's own examples.

Every deal is built by hand (REFERENCE.md owner decision 1, sections 1.4-1.6,
2.1-2.2 and the edge cases of section 5), played through the engine's verb
methods, and checked for exact tricks, points, scores and winners.  Each rule
option exercised here has a test that fails if the engine ignores it.

Seats are N, E, S, W (0-3), partners opposite; the dealer is W unless a test
says otherwise, so N is eldest (L), E the dealer's partner (P) and S the
dealer's right (R).  Side 0 is N+S, side 1 is E+W.
"""

from __future__ import annotations

from typing import Any

import pytest

from euchre_dsl.cards import NO_TRUMP, parse_suit
from euchre_dsl.engine import bidding
from euchre_dsl.engine.actions import EXCHANGE, NAMING, PLAYING, Action, IllegalAction
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import compile_data, load_variant
from euchre_dsl.rules.ruleset import RuleSet

N, E, S, W = range(4)
SEAT = {"N": N, "E": E, "S": S, "W": W}
NS, EW = 0, 1
STANDARD = load_variant("standard")


def house(base: str = "standard", **sections: Any) -> RuleSet:
    """A house variant that states only its differences."""
    return compile_data({"id": "house", "extends": base, **sections})


# ------------------------------------------------------------------ deals
# (N, E, S, W, upcard); the rest of the pack is the kitty.

#: N holds three top trumps in hearts; N+S take exactly 3 tricks (alone too).
MAKE = ("JH JD AH 9C 9S", "AC KC QC JC TC", "AS KS QS JS TS", "KH QH TH AD KD", "9H")
#: N has four trumps, S the ace of spades: N+S take all five between them.
MARCH = ("JH JD AH KH 9S", "9C TC JC QC KC", "AS KS QS JS TS", "AC AD KD QD TH", "9H")
#: N holds the five top hearts: a lone march.
SOLID = ("JH JD AH KH QH", "9C TC JC QC KC", "9S TS JS QS KS", "AC AS AD KD QD", "9H")
#: N orders hearts on the right bower alone; the makers take one trick.
WEAK = ("JH 9C 9S 9D TD", "JD AH KH AC KC", "QS KS AS TS JS", "QH TH AD KD QD", "9H")
#: N has no trump at all; E holds the five top hearts.
VOID = ("9C 9S 9D TD TC", "JH JD AH KH QH", "AS KS QS JS TS", "AC KC QC JC AD", "9H")


def new_game(deal: tuple[str, ...], rules: RuleSet = STANDARD, dealer: int = W,
             scores: list[int] | None = None) -> Machine:
    g = Machine(rules, dealer=dealer, start_scores=scores)
    parse = g.deck.parse
    g.deal([[parse(c) for c in h.split()] for h in deal[:4]], parse(deal[4]))
    return g


def act(g: Machine, script: str) -> None:
    """Decisions through the verb methods: ``"N pass; E order_up alone; W discard KD"``."""
    for step in filter(None, (s.strip() for s in script.split(";"))):
        who, verb, *args = step.split()
        seat = SEAT[who]
        alone = "alone" in args
        args = [a for a in args if a != "alone"]
        if verb == "pass":
            g.pass_(seat)
        elif verb == "order_up":
            g.order_up(seat, alone)
        elif verb == "call":
            g.call(seat, parse_suit(args[0]), alone)
        elif verb == "discard":
            g.discard(seat, g.deck.parse(args[0]))
        elif verb == "defend_alone":
            g.defend_alone(seat)
        elif verb == "decline":
            g.decline(seat)
        else:  # pragma: no cover - a typo in a test script
            raise AssertionError(f"unknown verb {verb!r}")


def holder(g: Machine, name: str) -> int:
    card = g.deck.parse(name)
    seats = [s for s in range(g.n) if (g.hand_of(s) >> card) & 1]
    assert len(seats) == 1, f"{name} is held by {seats}"
    return seats[0]


def play(g: Machine, cards: str) -> None:
    """Cards in play order (``|`` between tricks for reading); each by its holder."""
    for name in cards.replace("|", " ").split():
        g.play(holder(g, name), g.deck.parse(name))


def hand(g: Machine, seat: int) -> set[str]:
    return set(g.deck.format_mask(g.hand_of(seat)).split())


def raises(code: str, fn: Any, *args: Any, **kw: Any) -> str:
    with pytest.raises(IllegalAction) as exc:
        fn(*args, **kw)
    assert exc.value.code == code, exc.value.message
    return exc.value.message


# ------------------------------------------------------------- scenarios
# name -> (deal, bidding, plays, tricks N E S W, option that scores, scoring side,
#          needs defending alone)
SCENARIOS: dict[str, tuple[tuple[str, ...], str, str, tuple[int, ...], str, int, bool]] = {
    "make": (MAKE, "N order_up; W discard KD",
             "JH TC TS TH | JD JC JS 9H | AH QC QS QH | 9C AC KS KH | AD 9S KC AS",
             (3, 0, 0, 2), "make", NS, False),
    "march": (MARCH, "N order_up; W discard QD",
              "JH 9C TS 9H | JD TC JS TH | AH JC QS AC | KH QC KS AD | 9S KC AS KD",
              (4, 0, 1, 0), "march", NS, False),
    "alone_make": (MAKE, "N order_up alone; W discard KD",
                   "JH TC TH | JD JC 9H | AH QC QH | 9C AC KH | AD 9S KC",
                   (3, 0, 0, 2), "alone_make", NS, False),
    "alone_march": (SOLID, "N order_up alone; W discard QD",
                    "JH 9C 9H | JD TC AC | AH JC AS | KH QC AD | QH KC KD",
                    (5, 0, 0, 0), "alone_march", NS, False),
    "euchred": (WEAK, "N order_up; W discard QD",
                "JH KH TS 9H | 9C KC JS TH | AD 9D JD QS | AH KS QH 9S | AC AS KD TD",
                (1, 3, 0, 1), "euchred", EW, False),
    "euchred_march": (VOID, "N order_up; W discard JC",
                      "9C JH TS AC | JD JS 9H 9S | AH QS KC 9D | KH KS QC TD | QH AS AD TC",
                      (0, 5, 0, 0), "euchred_march", EW, False),
    # defenders taking all five against a lone maker: the same row as with a
    # partner (owner decision 8: "5 -> 4, also against a lone maker")
    "alone_euchred_march": (VOID, "N order_up alone; W discard JC",
                            "9C JH AC | JD 9H 9S | AH KC 9D | KH QC TD | QH AD TC",
                            (0, 5, 0, 0), "euchred_march", EW, False),
    "alone_euchred": (WEAK, "N order_up alone; W discard QD",
                      "JH KH 9H | 9C KC TH | AD 9D JD | AH QH 9S | AC KD TD",
                      (1, 3, 0, 1), "alone_euchred", EW, False),
    "lone_defender_euchre": (WEAK, "N order_up alone; W discard QD; E defend_alone",
                             "JH KH | 9C KC | AH 9S | JD 9D | AC TD",
                             (1, 4, 0, 0), "lone_defender_euchre", EW, True),
    "lone_defender_march": (VOID, "N order_up alone; W discard JC; E defend_alone",
                            "9C JH | JD 9S | AH 9D | KH TD | QH TC",
                            (0, 5, 0, 0), "lone_defender_march", EW, True),
}

#: REFERENCE 2.1 (USPCC) and the documented lone-defender values (2.1, 6.2 row 3).
STANDARD_POINTS = {"make": 1, "march": 2, "alone_make": 1, "alone_march": 4, "euchred": 2,
                   "euchred_march": 2, "alone_euchred": 2, "lone_defender_euchre": 4,
                   "lone_defender_march": 4}
#: REFERENCE owner decision 8 / 2.5: the second seed's table.
DEFENDERS_BONUS_POINTS = {"make": 1, "march": 2, "alone_make": 2, "alone_march": 4,
                          "euchred": 2, "euchred_march": 4, "alone_euchred": 2,
                          "lone_defender_euchre": 4, "lone_defender_march": 5}
#: A house table where every value differs from the standard one and from each
#: other (and stays below the target), so a value the engine ignores or mixes up shows.
HOUSE_POINTS = {"make": 9, "march": 8, "alone_make": 7, "alone_march": 6, "euchred": 5,
                "euchred_march": 3, "alone_euchred": 4, "lone_defender_euchre": 2,
                "lone_defender_march": 1}


def scenario_rules(table: str, needs_defend: bool) -> RuleSet:
    sections: dict[str, Any] = {}
    if needs_defend:
        sections["alone"] = {"defend_alone": "vs_lone_maker"}
    if table == "standard":
        return house(**sections)
    if table == "defenders-bonus":
        return house("defenders-bonus", **sections)
    return house(scoring=HOUSE_POINTS, **sections)


def run_scenario(name: str, rules: RuleSet, scores: list[int] | None = None) -> Machine:
    deal, bidding, plays, *_ = SCENARIOS[name]
    g = new_game(deal, rules, scores=scores)
    act(g, bidding)
    play(g, plays)
    return g


@pytest.mark.parametrize("table,points", [("standard", STANDARD_POINTS),
                                          ("defenders-bonus", DEFENDERS_BONUS_POINTS),
                                          ("house", HOUSE_POINTS)])
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_scoring_table(name: str, table: str, points: dict[str, int]) -> None:
    _, _, _, tricks, option, side, needs_defend = SCENARIOS[name]
    g = run_scenario(name, scenario_rules(table, needs_defend))
    result = g.last_result
    assert result is not None and not result.thrown_in
    assert result.tricks == tricks
    assert sum(result.tricks) == 5
    expected = [0, 0]
    expected[side] = points[option]
    assert list(result.points) == expected  # only one side scores
    assert g.scores == expected
    assert list(result.scores) == expected
    assert g.hand_over and not g.is_over
    assert g.dealer == N  # the deal passes left


def test_the_makers_tricks_count_both_partners() -> None:
    # a march is judged on the side's tricks: N took four, S the fifth
    g = run_scenario("march", STANDARD)
    assert g.last_result.trick_winners == (N, N, N, N, S)
    assert g.last_result.reason == "march"


def test_a_lone_hand_plays_three_cards_a_trick() -> None:
    g = new_game(MAKE)
    act(g, "N order_up alone; W discard KD")
    assert g.active == [True, True, False, True]
    play(g, "JH TC TH")
    assert g.trick_winners == [N] and g.trick == []
    assert raises("out-of-turn", g.play, S, g.deck.parse("AS")).startswith("S is not playing")


def test_lone_defender_does_not_reduce_a_lone_march() -> None:
    # a lone maker who takes every trick against a lone defender scores the
    # ordinary lone march (REFERENCE 2.1 has no other row; OpenSpiel agrees);
    # any defender still to be asked may declare: records carry no declines
    g = new_game(SOLID, house(alone={"defend_alone": "vs_lone_maker"}))
    act(g, "N order_up alone; W discard QD; W defend_alone")
    assert g.active == [True, False, False, True]
    play(g, "JH 9H | JD AC | AH AS | KH AD | QH KD")
    assert g.last_result.points == (4, 0)
    assert g.last_result.lone_defender == W


# ------------------------------------------------------------ making trump
@pytest.mark.parametrize("script,maker", [
    ("N order_up", N),                               # an opponent orders up
    ("N pass; E order_up", E),                       # the dealer's partner assists
    ("N pass; E pass; S pass; W order_up", W),       # the dealer takes up
    ("N pass; E pass; S order_up", S),
])
def test_every_acceptance_makes_the_dealer_exchange(script: str, maker: int) -> None:
    g = new_game(MAKE)
    act(g, script)
    assert (g.phase, g.to_act, g.maker, g.trump) == (EXCHANGE, W, maker, parse_suit("H"))
    assert hand(g, W) == {"KH", "QH", "TH", "AD", "KD", "9H"}
    act(g, "W discard KD")
    assert hand(g, W) == {"KH", "QH", "TH", "AD", "9H"}
    assert g.phase == PLAYING and g.to_act == N
    assert [a.verb for a in g.hand_actions][-2:] == ["order_up", "discard"]


def test_dealer_may_not_discard_the_upcard() -> None:
    g = new_game(MAKE)
    act(g, "N order_up")
    up = g.deck.parse("9H")
    assert Action(W, "discard", up) not in g.legal_actions()
    message = raises("illegal-action", g.discard, W, up)
    assert "W" in message and "9H" in message and "upcard" in message
    assert g.phase == EXCHANGE  # still owed


def test_dealer_may_discard_the_upcard_when_the_house_allows() -> None:
    g = new_game(MAKE, house(bidding={"dealer_may_discard_upcard": True}))
    act(g, "N order_up")
    assert Action(W, "discard", g.deck.parse("9H")) in g.legal_actions()
    act(g, "W discard 9H")
    assert hand(g, W) == {"KH", "QH", "TH", "AD", "KD"}


def test_discarding_a_card_not_held() -> None:
    g = new_game(MAKE)
    act(g, "N order_up")
    message = raises("card-not-held", g.discard, W, g.deck.parse("AS"))
    assert "W" in message and "AS" in message


def test_no_exchange_after_naming_trump() -> None:
    g = new_game(MAKE)
    act(g, "N pass; E pass; S pass; W pass; N call S")
    assert g.phase == PLAYING and g.trump == parse_suit("S")
    # N is on turn, so the discard is of the wrong kind, not out of turn
    assert "no exchange is due" in raises("illegal-action", g.discard, N, g.deck.parse("9C"))
    # by a seat not on turn it is out of turn (ehh/1: out-of-turn takes precedence)
    raises("out-of-turn", g.discard, W, g.deck.parse("KD"))
    assert hand(g, W) == {"KH", "QH", "TH", "AD", "KD"}


def test_turned_down_suit_is_barred_in_round_two() -> None:
    g = new_game(MAKE)
    act(g, "N pass; E pass; S pass; W pass")
    assert g.phase == NAMING and g.to_act == N
    hearts = parse_suit("H")
    assert not any(a.verb == "call" and a.arg == hearts for a in g.legal_actions())
    message = raises("illegal-action", g.call, N, hearts)
    assert "hearts" in message and "turned down" in message
    act(g, "N call D")
    assert (g.maker, g.trump) == (N, parse_suit("D"))


def test_turned_down_suit_may_be_named_when_the_house_allows() -> None:
    g = new_game(MAKE, house(bidding={"turned_down_suit": "allowed"}))
    act(g, "N pass; E pass; S pass; W pass; N call H")
    assert (g.maker, g.trump, g.phase) == (N, parse_suit("H"), PLAYING)
    assert hand(g, W) == {"KH", "QH", "TH", "AD", "KD"}  # the upcard stays out


def test_round_one_accepts_only_the_upcard_and_round_two_only_names() -> None:
    g = new_game(MAKE)
    assert "first round" in raises("illegal-action", g.call, N, parse_suit("S"))
    act(g, "N pass; E pass; S pass; W pass")
    assert "turned down" in raises("illegal-action", g.order_up, N)


def test_all_pass_twice_throws_the_hand_in() -> None:
    g = new_game(MAKE, scores=[3, 4])
    act(g, "N pass; E pass; S pass; W pass; N pass; E pass; S pass; W pass")
    result = g.last_result
    assert result.thrown_in and result.trump is None and result.maker is None
    assert result.points == (0, 0) and g.scores == [3, 4]
    assert g.hand_over and not g.is_over
    assert g.dealer == N  # the deal passes left
    g.deal([[g.deck.parse(c) for c in h.split()] for h in MAKE[:4]], g.deck.parse("9H"))
    assert g.to_act == E  # eldest of the new dealer


def test_out_of_turn_bidding() -> None:
    g = new_game(MAKE)
    message = raises("out-of-turn", g.pass_, E)
    assert "N's turn" in message and "E" in message
    assert raises("out-of-turn", g.order_up, W).startswith("it is N's turn")


def test_playing_during_the_bidding() -> None:
    g = new_game(MAKE)
    message = raises("illegal-action", g.play, N, g.deck.parse("JH"))
    assert "first round of bidding" in message


# --------------------------------------------------------- stick the dealer
STD_RULES = house(bidding={"stick_the_dealer": True})


def test_stuck_dealer_may_not_pass() -> None:
    g = new_game(MAKE, STD_RULES)
    act(g, "N pass; E pass; S pass; W pass; N pass; E pass; S pass")
    assert Action(W, "pass") not in g.legal_actions()
    message = raises("illegal-action", g.pass_, W)
    assert "W" in message and "stuck" in message
    assert "turned down" in raises("illegal-action", g.call, W, parse_suit("H"))
    calls = {a.arg for a in g.legal_actions() if a.verb == "call"}
    assert calls == {parse_suit(s) for s in "CDS"}
    act(g, "W call S")
    assert (g.maker, g.trump, g.phase) == (W, parse_suit("S"), PLAYING)


def test_without_stick_the_dealer_the_dealer_may_pass() -> None:
    g = new_game(MAKE)
    act(g, "N pass; E pass; S pass; W pass; N pass; E pass; S pass")
    assert Action(W, "pass") in g.legal_actions()
    act(g, "W pass")
    assert g.last_result.thrown_in


def passes_that_throw_in(g: Machine, script: str) -> list[bool]:
    """Before each pass of ``script``: would a pass by the seat on turn throw the hand in."""
    seen = []
    for step in script.split("; "):
        seen.append(bidding.pass_throws_in(g, g.to_act))
        act(g, step)
    return seen


EIGHT_PASSES = "N pass; E pass; S pass; W pass; N pass; E pass; S pass; W pass"


def test_only_the_last_pass_of_the_naming_round_throws_the_hand_in() -> None:
    g = new_game(MAKE)
    assert passes_that_throw_in(g, EIGHT_PASSES) == [False] * 7 + [True]
    assert g.last_result.thrown_in


def test_no_pass_throws_in_where_the_dealer_is_stuck_or_all_passes_play_no_trump() -> None:
    g = new_game(MAKE, STD_RULES)
    assert passes_that_throw_in(g, EIGHT_PASSES[:-len("; W pass")]) == [False] * 7
    assert not bidding.pass_throws_in(g, W)  # W is stuck: a pass is not allowed at all
    g = new_game(MAKE, house(bidding={"all_pass": "no_trump"}))
    assert passes_that_throw_in(g, EIGHT_PASSES) == [False] * 8
    assert g.trump == NO_TRUMP and g.phase == PLAYING


def test_without_a_naming_round_the_dealers_first_pass_throws_the_hand_in() -> None:
    g = new_game(MAKE, house(bidding={"naming_round": False}))
    assert passes_that_throw_in(g, "N pass; E pass; S pass; W pass") == [False] * 3 + [True]
    assert g.last_result.thrown_in


def test_stuck_dealer_may_name_the_turned_down_suit_when_allowed() -> None:
    g = new_game(MAKE, house(bidding={"stick_the_dealer": True,
                                      "std_may_name_turned_down": True}))
    act(g, "N pass; E pass; S pass; W pass")
    # only the stuck dealer gets the exception
    assert "turned down" in raises("illegal-action", g.call, N, parse_suit("H"))
    act(g, "N pass; E pass; S pass")
    assert Action(W, "call", parse_suit("H")) in g.legal_actions()
    act(g, "W call H")
    assert (g.maker, g.trump) == (W, parse_suit("H"))


def test_stuck_dealer_only_once_everyone_else_passed() -> None:
    g = new_game(MAKE, STD_RULES)
    act(g, "N pass; E pass; S pass; W pass; N pass; E pass; S call C")
    assert (g.maker, g.trump) == (S, parse_suit("C"))


# ---------------------------------------------------------------- going alone
def test_going_alone_leaves_the_partner_out() -> None:
    g = new_game(MAKE)
    assert Action(N, "order_up", None, True) in g.legal_actions()
    act(g, "N order_up alone; W discard KD")
    assert g.alone and g.active == [True, True, False, True]


def test_going_alone_not_allowed() -> None:
    rules = house(alone={"allowed": False})
    g = new_game(MAKE, rules)
    assert not any(a.alone for a in g.legal_actions())
    assert "alone" in raises("illegal-action", g.order_up, N, True)
    act(g, "N pass; E pass; S pass; W pass")
    assert not any(a.alone for a in g.legal_actions())
    assert "alone" in raises("illegal-action", g.call, N, parse_suit("S"), True)


def test_dealer_goes_alone_when_taking_up() -> None:
    # REFERENCE 5.7: announced with the take-up, before the discard; the
    # dealer's partner sits out and eldest leads
    g = new_game(MAKE)
    act(g, "N pass; E pass; S pass; W order_up alone")
    assert g.phase == EXCHANGE and g.to_act == W
    act(g, "W discard KD")
    assert g.active == [True, False, True, True]
    assert g.to_act == N


def test_dealers_partner_alone_dealer_sits_out_without_exchange() -> None:
    # owner decision 1, REFERENCE 5.6: no exchange, no discard in the record
    g = new_game(MAKE)
    act(g, "N pass; E order_up alone")
    assert g.phase == PLAYING
    assert g.active == [True, True, True, False]
    assert hand(g, W) == {"KH", "QH", "TH", "AD", "KD"}
    message = raises("out-of-turn", g.discard, W, g.deck.parse("KD"))
    assert message.startswith("W is not playing this hand")
    assert "no exchange is due" in raises("illegal-action", g.discard, N, g.deck.parse("9C"))
    assert g.to_act == N


def test_dealers_partner_alone_dealer_exchanges_when_the_house_says() -> None:
    g = new_game(MAKE, house(alone={"dealer_exchanges_when_partner_alone": True}))
    act(g, "N pass; E order_up alone")
    assert g.phase == EXCHANGE and g.to_act == W
    act(g, "W discard KD")
    assert hand(g, W) == {"KH", "QH", "TH", "AD", "9H"}
    assert g.phase == PLAYING and g.active == [True, True, True, False]
    assert g.to_act == N


# ------------------------------------------------------------------ loner lead
@pytest.mark.parametrize("script,lone,out,lead_default,lead_left_of_loner", [
    # REFERENCE 1.6 table, dealer W: L = N, P = E, R = S, D = W
    ("N order_up alone; W discard KD", N, S, N, E),
    ("N pass; E order_up alone", E, W, N, S),
    ("N pass; E pass; S order_up alone; W discard KD", S, N, E, W),
    ("N pass; E pass; S pass; W order_up alone; W discard KD", W, E, N, N),
])
@pytest.mark.parametrize("loner_lead", ["first_active_left_of_dealer", "left_of_loner"])
def test_loner_lead_table(script: str, lone: int, out: int, lead_default: int,
                          lead_left_of_loner: int, loner_lead: str) -> None:
    g = new_game(MAKE, house(play={"loner_lead": loner_lead}))
    act(g, script)
    assert g.maker == lone and g.alone
    assert [s for s in range(4) if not g.active[s]] == [out]
    expected = lead_default if loner_lead == "first_active_left_of_dealer" \
        else lead_left_of_loner
    assert g.phase == PLAYING and g.to_act == expected


def test_loner_at_dealers_right_with_dealer_defending_alone() -> None:
    # REFERENCE 5.5: R alone and D defending alone leaves P and L out: R leads
    g = new_game(MAKE, house(alone={"defend_alone": "vs_lone_maker"}))
    act(g, "N pass; E pass; S order_up alone; W discard KD; W defend_alone")
    assert g.active == [False, False, True, True]
    assert g.to_act == S


def test_maker_leads_when_the_house_says() -> None:
    g = new_game(MAKE, house(play={"lead": "maker"}))
    act(g, "N pass; E pass; S order_up; W discard KD")
    assert g.to_act == S


# ------------------------------------------------------------ defending alone
VS_LONE = house(alone={"defend_alone": "vs_lone_maker"})
VS_ANY = house(alone={"defend_alone": "vs_any_maker"})


def test_defending_alone_off() -> None:
    g = new_game(WEAK)
    act(g, "N order_up alone; W discard QD")
    assert g.phase == PLAYING
    assert "not allowed" in raises("illegal-action", g.defend_alone, E)


def test_defending_alone_against_a_lone_maker_only() -> None:
    g = new_game(WEAK, VS_LONE)
    act(g, "N order_up; W discard QD")
    assert g.phase == PLAYING
    assert "lone maker" in raises("illegal-action", g.defend_alone, E)
    g = new_game(WEAK, VS_LONE)
    act(g, "N order_up alone; W discard QD")
    # asked in turn from the dealer's left; the maker's side is never asked
    assert set(g.legal_actions()) == {Action(E, "defend_alone"), Action(E, "decline")}
    assert "making side" in raises("illegal-action", g.defend_alone, S)
    act(g, "E decline")
    assert g.to_act == W
    act(g, "W defend_alone")
    assert g.lone_defender == W and g.active == [True, False, False, True]


def test_defending_alone_against_any_maker() -> None:
    g = new_game(WEAK, VS_ANY)
    act(g, "N order_up; W discard QD; E defend_alone")
    assert g.lone_defender == E and g.active == [True, True, True, False]
    play(g, "JH KH TS | 9C KC JS | AH KS 9S | JD QS 9D | AC AS TD")
    assert g.last_result.tricks == (1, 4, 0, 0)
    assert g.last_result.points == (0, 4)  # a lone defender's euchre


def test_declining_to_defend_is_implied_by_the_next_action() -> None:
    # records carry no "decline": the first card closes the window
    g = new_game(WEAK, VS_LONE)
    act(g, "N order_up alone; W discard QD")
    play(g, "JH KH 9H")
    assert g.lone_defender is None and g.trick_winners == [N]


# -------------------------------------------------------------------- play
def test_opening_lead_is_eldest() -> None:
    g = new_game(MAKE)
    act(g, "N pass; E pass; S order_up; W discard KD")
    assert g.to_act == N
    message = raises("out-of-turn", g.play, E, g.deck.parse("AC"))
    assert "N's turn" in message and "E" in message


def test_must_follow_suit_renege_is_illegal() -> None:
    g = new_game(MAKE)
    act(g, "N order_up; W discard KD")
    play(g, "JH TC TS")
    message = raises("renege", g.play, W, g.deck.parse("AD"))
    assert message.startswith("W reneged in trick 1")
    assert "AD" in message and "hearts" in message
    for held in ("KH", "QH", "TH", "9H"):
        assert held in message
    legal = {g.deck.names[a.arg] for a in g.legal_actions()}
    assert legal == {"KH", "QH", "TH", "9H"}


def test_card_not_held_messages() -> None:
    g = new_game(MAKE)
    act(g, "N order_up; W discard KD")
    message = raises("card-not-held", g.play, N, g.deck.parse("AC"))
    assert message == "N played AC, which E holds"
    message = raises("card-not-held", g.play, N, g.deck.parse("KD"))
    assert "N played KD" in message
    play(g, "JH TC TS TH")
    message = raises("card-not-held", g.play, N, g.deck.parse("JH"))
    assert message == "N played JH, which was already played this hand"


def test_the_turned_down_upcard_cannot_be_played() -> None:
    g = new_game(MAKE)
    act(g, "N pass; E pass; S pass; W pass; N call S")
    play(g, "9S JC AS")  # spades trump: E's J-clubs is the left bower and must follow
    message = raises("card-not-held", g.play, W, g.deck.parse("9H"))
    assert "9H" in message and "upcard" in message


def test_the_hand_is_over_after_five_tricks() -> None:
    g = run_scenario("make", STANDARD)
    assert raises("extra-action", g.play, N, g.deck.parse("JH")) == "the hand is over"


# ----------------------------------------------------------- edge cases (§5)
JACK_UP = ("JD AH KH 9C 9S", "TC JC QC KC AC", "TS JS QS KS AS", "9H TH AD KD QD", "JH")


def test_jack_upcard_ordered_is_the_dealers_right_bower() -> None:
    # §5.1: it goes to the dealer and never becomes the left bower
    g = new_game(JACK_UP)
    act(g, "N order_up; W discard QD")
    assert "JH" in hand(g, W)
    play(g, "JD TC TS")
    # J-diamonds led is a trump lead; the dealer must follow with a heart
    legal = {g.deck.names[a.arg] for a in g.legal_actions()}
    assert legal == {"JH", "TH", "9H"}
    play(g, "JH")
    assert g.trick_winners == [W]


def test_jack_upcard_turned_down_then_next_leaves_the_left_bower_out() -> None:
    # §5.2: diamonds called, J-hearts (their left bower) stays in the kitty
    g = new_game(JACK_UP)
    act(g, "N pass; E pass; S pass; W pass; N call D")
    live = g.deck.trump_masks[g.trump]
    held = sum(g.hand_of(s) for s in range(4)) & live
    assert g.deck.format_mask(held) == "AD KD QD JD"
    assert "upcard" in raises("card-not-held", g.play, N, g.deck.parse("JH"))
    play(g, "JD TC TS KD")  # trump lead: W must follow with a diamond
    assert g.trick_winners == [N]


def test_jack_upcard_turned_down_then_cross_makes_it_a_plain_card() -> None:
    g = new_game(JACK_UP)
    act(g, "N pass; E pass; S pass; W pass; N call S")
    # J-diamonds is now an ordinary diamond, J-clubs the left bower
    assert g.deck.effective_suit(g.deck.parse("JD"), g.trump) == parse_suit("D")
    play(g, "JD AC TS AD")
    assert g.trick_winners == [S]  # the only trump


def test_dealer_holding_the_left_bower_takes_up_normally() -> None:
    # §5.3: no special rule
    deal = ("AH KH 9C 9S TC", "JC QC KC AC TS", "JS QS KS AS 9D", "JD TH AD KD QD", "9H")
    g = new_game(deal)
    act(g, "N pass; E pass; S pass; W order_up; W discard QD")
    assert hand(g, W) == {"JD", "TH", "AD", "KD", "9H"}
    play(g, "AH TS 9D")
    legal = {g.deck.names[a.arg] for a in g.legal_actions()}
    assert legal == {"JD", "TH", "9H"}  # J-diamonds follows hearts


def test_only_trump_is_the_left_bower_must_follow_and_printed_suit_does_not_oblige() -> None:
    # §5.4 in play: E's only heart is J-diamonds
    deal = ("JH AH AD 9C 9S", "JD TC JC QC KC", "KS QS JS TS AS", "KH QH TH KD QD", "9H")
    g = new_game(deal)
    act(g, "N order_up; W discard QD")
    play(g, "AH")
    assert {g.deck.names[a.arg] for a in g.legal_actions()} == {"JD"}
    message = raises("renege", g.play, E, g.deck.parse("TC"))
    assert "JD" in message
    play(g, "JD KS KH")
    assert g.trick_winners == [E]
    g = new_game(deal)
    act(g, "N order_up; W discard QD")
    play(g, "AD")  # a diamond lead: E holds J-diamonds only, so is void
    assert {g.deck.names[a.arg] for a in g.legal_actions()} == {"TC", "JC", "QC", "KC", "JD"}
    play(g, "JD")
    play(g, "KS KD")
    assert g.trick_winners == [E]  # the left bower trumps its printed suit


# --------------------------------------------------------------------- renege
def renege_game(rules: RuleSet, alone: bool) -> Machine:
    """The 'make' deal where W sloughs A-diamonds on the trump lead while holding hearts."""
    g = new_game(MAKE, rules)
    act(g, f"N order_up{' alone' if alone else ''}; W discard KD")
    play(g, "JH TC" if alone else "JH TC TS")
    g.play(W, g.deck.parse("AD"), allow_renege=True)
    assert g.renege_by == W
    rest = "JD JC 9H | AH QC QH | 9C AC KH | TH 9S KC" if alone else \
        "JD JC JS 9H | AH QC QS QH | 9C AC KS KH | TH 9S KC AS"
    play(g, rest)
    return g


@pytest.mark.parametrize("alone,penalty,normal", [(False, 2, 1), (True, 4, 1)])
def test_renege_award_replaces_the_hand_score(alone: bool, penalty: int, normal: int) -> None:
    g = renege_game(STANDARD, alone)
    result = g.last_result
    assert result.tricks == (3, 0, 0, 2)
    assert result.renege_by == W
    assert result.points == (penalty, 0)


def test_renege_award_points_come_from_the_variant() -> None:
    rules = house(scoring={"renege_points": 3, "renege_alone_points": 5})
    assert renege_game(rules, False).last_result.points == (3, 0)
    assert renege_game(rules, True).last_result.points == (5, 0)


def test_renege_offender_penalty_on_top_of_the_played_score() -> None:
    rules = house(scoring={"renege": "offender", "renege_points": 3})
    assert renege_game(rules, False).last_result.points == (1, -3)


def test_renege_unpenalised_when_the_house_says_none() -> None:
    g = renege_game(house(scoring={"renege": "none"}), False)
    assert g.last_result.renege_by == W
    assert g.last_result.points == (1, 0)


def test_a_renege_is_one_offence_following_suit_later_is_not_another() -> None:
    # W reneged in trick 1 while holding hearts; W's hearts in tricks 2-4
    # follow suit and are not reported again
    g = renege_game(house(scoring={"renege": "none"}), False)
    first = g.renege_note
    assert first is not None and first.startswith("W reneged in trick 1")
    assert g.last_renege is first


#: E really holds 9-diamonds but the record does not show E's hand.
HIDDEN = ("TD JH JD AH 9S", "AC KC QC JC 9D", "AS KS QS JS TS", "KH QH TH AD KD", "9H")


def hidden_game() -> Machine:
    g = Machine(STANDARD, dealer=W)
    parse = g.deck.parse
    hands = [[parse(c) for c in h.split()] for h in HIDDEN[:4]]
    hands[E] = None  # type: ignore[call-overload]
    g.deal(hands, parse(HIDDEN[4]))
    act(g, "N order_up; W discard KD")
    # E shows out of diamonds on the opening lead: not provable yet
    for seat, name in ((N, "TD"), (E, "JC"), (S, "TS"), (W, "AD"),
                       (W, "9H"), (N, "AH"), (E, "QC"), (S, "JS"),
                       (N, "JH"), (E, "KC"), (S, "QS"), (W, "TH"),
                       (N, "JD"), (E, "AC"), (S, "KS"), (W, "QH"),
                       (N, "9S")):
        g.play(seat, parse(name))
    assert g.renege_by is None
    return g


def test_a_renege_proven_by_a_later_play_when_the_hand_was_hidden() -> None:
    # REFERENCE 5.13 / ehh/1: with unknown cards, a renege shown by a later
    # play is a renege (not an impossible card)
    g = hidden_game()
    message = raises("renege", g.play, E, g.deck.parse("9D"))
    assert message == "E reneged: plays 9D in trick 5 after showing out of diamonds in trick 1"
    g.play(E, g.deck.parse("9D"), allow_renege=True)
    assert g.renege_by == E
    play(g, "AS KH")
    result = g.last_result
    assert result.tricks == (3, 0, 0, 2)
    assert result.points == (2, 0)  # the makers' 1 is replaced by the award


def test_a_card_the_hidden_hand_cannot_hold_is_still_not_held() -> None:
    g = hidden_game()
    message = raises("card-not-held", g.play, E, g.deck.parse("KH"))
    assert message == "E played KH, which W holds"


def test_renege_by_the_makers_awards_the_defenders() -> None:
    deal = ("JH JD AH 9C 9S", "AC KC QC JC AS", "TC KS QS JS TS", "KH QH TH AD KD", "9H")
    g = new_game(deal)
    act(g, "N order_up; W discard KD")
    play(g, "JH JC TS TH | JD QC KS 9H | AH KC QS QH | 9C AC")
    g.play(S, g.deck.parse("JS"), allow_renege=True)  # S holds T-clubs
    assert g.renege_by == S
    play(g, "KH | AD 9S AS TC")
    result = g.last_result
    assert result.tricks == (3, 0, 0, 2)  # the makers took their three
    assert result.points == (0, 2)


# ---------------------------------------------------------------- game end
@pytest.mark.parametrize("target", [5, 7, 10, 1, 3, 15, 32])
def test_game_ends_exactly_when_a_side_reaches_the_target(target: int) -> None:
    rules = STANDARD if target == 10 else house(game={"target": target})
    assert rules.game.target == target
    short = run_scenario("make", rules, scores=[target - 2, 0]) if target > 1 else None
    if short is not None:
        assert short.scores == [target - 1, 0]
        assert short.winners is None and not short.is_over and short.hand_over
    done = run_scenario("make", rules, scores=[target - 1, 0])
    assert done.scores == [target, 0]
    assert done.winners == [NS] and done.is_over
    assert raises("game-over", done.deal, [[0] * 5] * 4, 0)


def test_passing_the_target_also_wins() -> None:
    g = run_scenario("march", STANDARD, scores=[9, 9])
    assert g.scores == [11, 9] and g.winners == [NS]


def test_the_defenders_can_win_the_game() -> None:
    g = run_scenario("euchred", STANDARD, scores=[9, 8])
    assert g.scores == [9, 10] and g.winners == [EW] and g.is_over


def test_scores_accumulate_over_hands_and_the_deal_rotates() -> None:
    g = run_scenario("make", STANDARD)
    assert g.dealer == N
    parse = g.deck.parse
    # N deals now: E is eldest; rotate the MAKE hands one seat so the same play happens
    hands = [MAKE[3], MAKE[0], MAKE[1], MAKE[2]]
    g.deal([[parse(c) for c in h.split()] for h in hands], parse("9H"))
    act(g, "E order_up; N discard KD")
    play(g, "JH TC TS TH | JD JC JS 9H | AH QC QS QH | 9C AC KS KH | AD 9S KC AS")
    assert g.last_result.tricks == (2, 3, 0, 0)
    assert g.scores == [1, 1]
    assert [r.dealer for r in g.results] == [W, N]
    assert g.dealer == E
