"""The house-rule catalogue (REFERENCE.md section 4, with 2.1 and 5.13-5.14), deal by deal.

Every option is played on a hand-built deal under the option and checked for
its exact outcome (phase, who is on turn, hands, tricks, points, next dealer),
and the same deal without the option shows the standard behaviour.  Each test
of an option fails if the engine ignores that option.

Seats are N, E, S, W (0-3), partners opposite; the dealer is W unless a test
says otherwise, so N is eldest, E the dealer's partner and S the dealer's
right.  Side 0 is N+S, side 1 is E+W.  The deal passes to N after W.
"""

from __future__ import annotations

from typing import Any

import pytest

from euchre_dsl.cards import NO_TRUMP, LOW_NO_TRUMP, parse_suit
from euchre_dsl.engine.actions import (
    CALL, CLAIMS, DECLINE, DEFEND, DISCARD, EXCHANGE, GIVE, MISDEAL, NAMING, ORDER_UP,
    ORDER_UP_ROUND, PASS, PLAYING, Phase, SWAP, Action, IllegalAction,
)
from euchre_dsl.engine.machine import Machine
from euchre_dsl.errors import EuchreError
from euchre_dsl.rules.registry import compile_data, load_variant
from euchre_dsl.rules.ruleset import RuleSet
from variant_tools import cards, deal, finish, play, run

N, E, S, W = range(4)
NS, EW = 0, 1


def house(**sections: Any) -> RuleSet:
    """Standard euchre with the given options."""
    return compile_data({"id": "house", "extends": "standard", **sections})


def start(rules: RuleSet, hands: str, upcard: str, dealer: int = W,
          scores: list[int] | None = None) -> Machine:
    """A game with one hand dealt: ``hands`` is "N cards | E cards | S cards | W cards"."""
    g = Machine(rules, dealer=dealer, start_scores=scores)
    deal(g, dict(zip("NESW", (h.strip() for h in hands.split("|")))), upcard=upcard)
    return g


def illegal(code: str, g: Machine, script: str) -> str:
    """Run ``script``, expecting its (last) step to be refused with ``code``."""
    with pytest.raises(IllegalAction) as exc:
        run(g, script)
    assert exc.value.code == code, exc.value.message
    return exc.value.message


def hand(g: Machine, seat: int) -> set[str]:
    return set(g.deck.format_mask(g.hand_of(seat)).split())


def mask(g: Machine, names: str) -> int:
    return g.deck.mask(cards(g, names))


def calls(g: Machine) -> set[str]:
    """The contracts the seat on turn may name (``"NT"``, ``"LNT"`` for no-trumps)."""
    names = {NO_TRUMP: "NT", LOW_NO_TRUMP: "LNT"}
    return {names.get(a.arg, "CDHS"[a.arg] if a.arg is not None and a.arg < 4 else "?")
            for a in g.legal_actions() if a.verb == CALL and not a.alone}


def points(g: Machine) -> tuple[int, ...]:
    res = g.last_result
    assert res is not None
    return res.points


STANDARD = load_variant("standard")


def test_standard_has_every_house_rule_off() -> None:
    r = STANDARD
    assert (r.deal.farmers_hand, r.deal.ace_no_face, r.deal.misdeal) == \
        ("off", False, "same_dealer")
    assert not (r.bidding.stick_the_dealer or r.bidding.dealer_forced_takeup or
                r.bidding.low_no_trump or r.bidding.no_trump or r.bidding.must_hold_trump_to_call)
    assert not (r.alone.canadian_loner or r.alone.call_for_best)
    assert r.alone.defend_alone == "off"
    assert (r.game.laps, r.game.slam, r.game.rubber) == (False, False, "off")
    assert r.scoring.renege == "award"


# ------------------------------------------------------------ stick the dealer
#: W (dealer) holds hearts and diamonds; the 9H is turned down.
STUCK = "JH JD AH 9C 9S | AC KC QC JC TC | AS KS QS JS TS | KH QH TH AD KD"
ALL_PASS_ONCE = "N pass; E pass; S pass; W pass"
STUCK_NOW = ALL_PASS_ONCE + "; N pass; E pass; S pass"


def test_stick_the_dealer_leaves_the_dealer_only_the_suits_not_turned_down() -> None:
    g = start(house(bidding={"stick_the_dealer": True}), STUCK, "9H")
    run(g, STUCK_NOW)
    assert g.to_act == W and PASS not in {a.verb for a in g.legal_actions()}
    assert calls(g) == {"C", "D", "S"}
    assert "stuck" in illegal("illegal-action", g, "W pass")
    assert "turned down" in illegal("illegal-action", g, "W call H")
    run(g, "W call D")
    assert g.trump == parse_suit("D") and g.maker == W and g.phase == PLAYING


def test_the_hand_result_records_a_stuck_dealer() -> None:
    rules = house(bidding={"stick_the_dealer": True})
    g = start(rules, STUCK, "9H")
    run(g, STUCK_NOW + "; W call D")
    assert g.stuck_dealer
    finish(g)
    assert g.last_result is not None and g.last_result.stuck_dealer
    # the same trump named by a seat that could have passed: no stuck dealer
    g = start(rules, STUCK, "9H")
    run(g, ALL_PASS_ONCE + "; N call D")
    finish(g)
    assert g.last_result is not None and not g.last_result.stuck_dealer


def test_a_stuck_dealer_is_recorded_without_a_first_round() -> None:
    """No upcard, one naming round: the dealer is stuck after n - 1 passes, not 2n - 1
    (the count the statistics once inferred it from)."""
    rules = house(deal={"upcard": False},
                  bidding={"stick_the_dealer": True, "order_up_round": False})
    g = Machine(rules, dealer=W)
    deal(g, dict(zip("NESW", STUCK.split(" | "))))
    run(g, "N pass; E pass; S pass; W call D")
    finish(g)
    assert g.last_result is not None and g.last_result.stuck_dealer


def test_without_stick_the_dealer_the_deal_is_thrown_in_and_passes() -> None:
    g = start(STANDARD, STUCK, "9H")
    run(g, STUCK_NOW + "; W pass")
    assert g.last_result.thrown_in and g.dealer == N  # type: ignore[union-attr]


def test_stuck_dealer_may_name_the_turned_down_suit_with_the_sub_option() -> None:
    g = start(house(bidding={"stick_the_dealer": True, "std_may_name_turned_down": True}),
              STUCK, "9H")
    run(g, STUCK_NOW)
    assert calls(g) == {"C", "D", "H", "S"}
    run(g, "W call H")
    assert g.trump == parse_suit("H") and g.maker == W


@pytest.mark.parametrize("may", [True, False])
def test_stuck_dealer_and_no_trump(may: bool) -> None:
    rules = house(bidding={"stick_the_dealer": True, "no_trump": True,
                           "std_may_call_no_trump": may})
    g = start(rules, STUCK, "9H")
    run(g, ALL_PASS_ONCE)
    assert "NT" in calls(g)  # a player who is not stuck may call no-trump
    run(g, "N pass; E pass; S pass")
    assert ("NT" in calls(g)) == may
    if may:
        run(g, "W call NT")
        assert g.trump == NO_TRUMP
    else:
        assert "stuck dealer" in illegal("illegal-action", g, "W call NT")


# ----------------------------------------------------- dealer forced to take up
def test_dealer_forced_to_take_up_after_three_passes() -> None:
    g = start(house(bidding={"dealer_forced_takeup": True}), STUCK, "9H")
    run(g, "N pass; E pass; S pass")
    assert {a.verb for a in g.legal_actions()} == {ORDER_UP}
    assert "must take up" in illegal("illegal-action", g, "W pass")
    run(g, "W order_up; W discard KD")
    # W's hearts: KH QH TH 9H; N holds the three top trumps and euchres W
    play(g, "JH TC TS 9H  JD JC JS TH  AH QC QS QH  9C AC KS KH  AD 9S KC AS")
    res = g.last_result
    assert res is not None and res.maker == W
    assert res.tricks == (3, 0, 0, 2) and res.points == (2, 0)


def test_without_the_rule_the_dealer_may_turn_the_upcard_down() -> None:
    g = start(STANDARD, STUCK, "9H")
    run(g, ALL_PASS_ONCE)
    assert g.phase == NAMING and g.turned_down == parse_suit("H")


# -------------------------------------------------------------- Canadian loner
#: E (the dealer's partner) holds the five top hearts left in play.
CANADIAN = "9C TC 9D TD 9S | JH JD AH KH QH | AS KS QS JS TS | AC KC QC AD KD"


def test_canadian_loner_the_dealers_partner_who_orders_up_goes_alone() -> None:
    g = start(house(alone={"canadian_loner": True}), CANADIAN, "9H")
    run(g, "N pass")
    assert set(g.legal_actions()) == {Action(E, PASS), Action(E, ORDER_UP, None, True)}
    assert "Canadian loner" in illegal("illegal-action", g, "E order_up")
    run(g, "E order_up alone")
    # the dealer sits out and does not exchange; N leads
    assert g.alone and g.active == [True, True, True, False]
    assert g.phase == PLAYING and g.to_act == N
    assert hand(g, W) == {"AC", "KC", "QC", "AD", "KD"}
    finish(g)
    assert g.last_result.tricks == (0, 5, 0, 0) and points(g) == (0, 4)  # type: ignore


def test_canadian_loner_does_not_bind_the_opponents() -> None:
    g = start(house(alone={"canadian_loner": True}), CANADIAN, "9H")
    assert Action(N, ORDER_UP) in g.legal_actions()
    run(g, "N order_up")
    assert not g.alone and g.phase == EXCHANGE


def test_without_canadian_loner_the_dealers_partner_may_assist() -> None:
    g = start(STANDARD, CANADIAN, "9H")
    run(g, "N pass; E order_up")
    assert not g.alone and g.phase == EXCHANGE and g.to_act == W


# ------------------------------------------------------------- defending alone
#: S (the dealer's right) holds the five top hearts and goes alone.
DEFEND_DEAL = "9C TC 9D TD 9S | AC KC QC AD KD | JH JD AH KH QH | AS KS QS JS TS"


@pytest.mark.parametrize("order,first", [("left_of_maker", W), ("left_of_dealer", E)])
def test_defend_alone_asks_the_first_opponent_from_the_maker_or_the_dealer(
        order: str, first: int) -> None:
    g = start(house(alone={"defend_alone": "vs_lone_maker", "defend_order": order}),
              DEFEND_DEAL, "9H")
    run(g, "N pass; E pass; S order_up alone; W discard TS")
    assert g.phase == DEFEND and g.to_act == first
    assert set(g.legal_actions()) == {Action(first, "defend_alone"), Action(first, DECLINE)}


# --------------------------------------------------------------- call for best
#: N orders hearts alone with JH JD AH KH and a losing 9S; S holds the QH.
BEST_DEAL = "JH JD AH KH 9S | AC KC QC JC TC | QH AS KS QS JS | TH AD KD QD TS"
CALL_FOR_BEST = house(alone={"call_for_best": True})


def test_call_for_best_lone_maker_discards_then_the_partner_gives() -> None:
    g = start(CALL_FOR_BEST, BEST_DEAL, "9H")
    run(g, "N order_up alone; W discard QD")
    assert g.phase == Phase.CALL_FOR_BEST and g.to_act == N
    assert {a.verb for a in g.legal_actions()} == {DISCARD}
    run(g, "N discard 9S")
    # S sits out but is on turn to give a card of S's choice
    assert g.to_act == S and {a.verb for a in g.legal_actions()} == {GIVE}
    assert {g.deck.names[a.arg] for a in g.legal_actions()} == {"QH", "AS", "KS", "QS", "JS"}
    run(g, "S give QH")
    assert hand(g, N) == {"JH", "JD", "AH", "KH", "QH"}
    assert hand(g, S) == {"AS", "KS", "QS", "JS"}
    assert g.phase == PLAYING and g.to_act == N
    finish(g)
    assert g.last_result.tricks == (5, 0, 0, 0) and points(g) == (4, 0)  # type: ignore


def test_without_call_for_best_the_lone_maker_keeps_the_hand() -> None:
    g = start(STANDARD, BEST_DEAL, "9H")
    run(g, "N order_up alone; W discard QD")
    assert g.phase == PLAYING
    illegal("illegal-action", g, "N discard 9S")
    play(g, "JH TC 9H  JD JC TH  AH QC AD  KH KC KD  9S AC TS")
    assert g.last_result.tricks == (4, 0, 0, 1) and points(g) == (1, 0)  # type: ignore


def test_call_for_best_order_and_turns() -> None:
    g = start(CALL_FOR_BEST, BEST_DEAL, "9H")
    run(g, "N order_up alone; W discard QD")
    assert "discards first" in illegal("out-of-turn", g, "S give QH")
    run(g, "N discard 9S")
    illegal("card-not-held", g, "S give 9S")  # N's discard is out of play
    illegal("out-of-turn", g, "E give AC")


#: N goes alone; E defends alone; each lone player calls for best.
DEFENDED = "JH AH 9C 9S TD | JD KH QH AC KC | AS KS QS JS TS | TH AD KD QD JC"


def test_call_for_best_then_defending_alone_with_its_own_call() -> None:
    rules = house(alone={"call_for_best": True, "defend_alone": "vs_lone_maker"})
    g = start(rules, DEFENDED, "9H")
    run(g, "N order_up alone; W discard JC; N discard TD; S give AS")
    # Keller's order: the maker's exchange, then an opponent may defend alone
    assert g.phase == DEFEND and g.to_act == E
    run(g, "E defend_alone")
    assert g.phase == Phase.CALL_FOR_BEST and g.to_act == E
    run(g, "E discard KC; W give TH")
    assert hand(g, N) == {"JH", "AH", "9C", "9S", "AS"}
    assert hand(g, E) == {"JD", "KH", "QH", "AC", "TH"}
    play(g, "JH TH  AH QH  AS KH  JD 9C  AC 9S")
    res = g.last_result
    assert res is not None and res.tricks == (2, 3, 0, 0)
    assert res.points == (0, 4)  # a lone defender's euchre


#: E, the dealer's partner, goes alone; the dealer W sits out and may give the upcard.
UPCARD_BEST = "TC 9D TD 9S QS | JH JD AH KH 9C | AS KS JS TS QD | AC KC QC AD KD"


@pytest.mark.parametrize("upcard_allowed", [True, False])
def test_sitting_dealer_may_give_the_untaken_upcard(upcard_allowed: bool) -> None:
    rules = house(alone={"call_for_best": True, "call_for_best_upcard": upcard_allowed})
    g = start(rules, UPCARD_BEST, "QH")
    run(g, "N pass; E order_up alone; E discard 9C")
    gives = {g.deck.names[a.arg] for a in g.legal_actions()}
    assert gives == {"AC", "KC", "QC", "AD", "KD"} | ({"QH"} if upcard_allowed else set())
    if not upcard_allowed:
        illegal("card-not-held", g, "W give QH")
        return
    run(g, "W give QH")
    assert hand(g, E) == {"JH", "JD", "AH", "KH", "QH"}
    finish(g)
    assert points(g) == (0, 4)


def test_call_for_best_a_dealer_going_alone_exchanges_twice() -> None:
    g = start(CALL_FOR_BEST, STUCK, "9H")
    run(g, "N pass; E pass; S pass; W order_up alone")
    assert g.phase == EXCHANGE and g.to_act == W
    run(g, "W discard KD")
    assert g.phase == Phase.CALL_FOR_BEST and g.to_act == W
    illegal("illegal-action", g, "W discard 9H")  # the upcard taken is never put away
    run(g, "W discard AD; E give AC")
    assert hand(g, W) == {"KH", "QH", "TH", "9H", "AC"}


# ------------------------------------------------- farmer's hand, going under
#: N holds three 9s; the kitty (not recorded) is QS JS TS.
NINES = "9C 9D 9H AS KS | AC KC QC JC TC | AH KH QH JH TH | AD KD QD JD TD"


def farmers(trigger: str, effect: str = "swap", **deal_options: Any) -> RuleSet:
    return house(deal={"farmers_hand": trigger, "farmers_hand_effect": effect, **deal_options})


def test_farmers_hand_swap_takes_the_face_down_kitty() -> None:
    g = start(farmers("three_nines_or_three_tens"), NINES, "9S")
    assert g.phase == CLAIMS and g.to_act == N
    assert set(g.legal_actions()) == {Action(N, SWAP, mask(g, "9C 9D 9H")), Action(N, DECLINE)}
    run(g, "N swap 9C 9D 9H")
    # the three undealt cards, known by elimination; nobody else qualifies
    assert hand(g, N) == {"AS", "KS", "QS", "JS", "TS"}
    assert g.phase == ORDER_UP_ROUND and g.to_act == N
    run(g, "N order_up alone; W discard TD")
    play(g, "JS JC 9S  AS AC AD  KS KC KD  QS QC QD  TS TC JD")
    assert g.last_result.tricks == (5, 0, 0, 0) and points(g) == (4, 0)  # type: ignore


def test_without_farmers_hand_nobody_is_asked() -> None:
    g = start(STANDARD, NINES, "9S")
    assert g.phase == ORDER_UP_ROUND
    assert "has none" in illegal("illegal-action", g, "N swap 9C 9D 9H")
    assert hand(g, N) == {"9C", "9D", "9H", "AS", "KS"}


#: N holds two 9s and a 10.
MIXED = "9C 9D TH AS KS | AC KC QC JC TC | AH KH QH JH 9H | AD KD QD JD TD"


def test_three_nines_or_three_tens_needs_three_of_one_rank() -> None:
    g = start(farmers("three_nines_or_three_tens"), MIXED, "9S")
    assert g.phase == ORDER_UP_ROUND  # nobody qualifies: nobody is asked
    assert "before the first bid" in illegal("illegal-action", g, "N swap 9C 9D TH")


def test_three_nines_or_tens_takes_a_mix_and_swaps_only_nines_and_tens() -> None:
    g = start(farmers("three_nines_or_tens"), MIXED, "9S")
    assert g.phase == CLAIMS and g.to_act == N
    assert "9s and 10s" in illegal("illegal-action", g, "N swap 9C 9D AS")
    run(g, "N swap 9C 9D TH")
    assert hand(g, N) == {"AS", "KS", "QS", "JS", "TS"}


#: N holds only 9s and 10s.
POOR = "9C 9D 9H TC TD | AC KC QC JC 9S | AH KH QH JH TH | AD KD QD JD TS"


@pytest.mark.parametrize("redeal,next_dealer", [("same_dealer", W), ("pass_deal", N)])
def test_farmers_hand_misdeal_effect(redeal: str, next_dealer: int) -> None:
    g = start(farmers("only_nines_and_tens", "misdeal", farmers_hand_redeal=redeal), POOR, "AS")
    assert g.phase == CLAIMS and g.to_act == N
    assert set(g.legal_actions()) == {Action(N, MISDEAL, mask(g, "9C 9D 9H TC TD")),
                                      Action(N, DECLINE)}
    run(g, "N misdeal 9C 9D 9H TC TD")
    res = g.last_result
    assert res is not None and res.thrown_in and res.reason == "misdeal"
    assert res.points == (0, 0) and g.deals == 0
    assert g.dealer == next_dealer and g.phase == "deal"


def test_a_misdeal_claim_shows_the_whole_hand_as_held() -> None:
    rules = farmers("only_nines_and_tens", "misdeal")
    g = start(rules, POOR, "AS")
    illegal("card-not-held", g, "N misdeal 9C 9D 9H TC AS")
    illegal("illegal-action", g, "N misdeal 9C 9D 9H TC")
    g = start(rules, POOR, "AS")
    run(g, "N decline")
    assert g.phase == ORDER_UP_ROUND  # nobody else qualifies


def test_without_farmers_hand_a_shown_hand_is_no_misdeal() -> None:
    g = start(STANDARD, POOR, "AS")
    assert "has none" in illegal("illegal-action", g, "N misdeal 9C 9D 9H TC TD")


#: 28 cards: N holds 8s, 9s and a 10 -- no card above a 10, but not only 9s and 10s.
EIGHTS = "8C 9C TC 8D 9D | AC KC QC JC TD | AH KH QH JH TH | AD KD QD JD 8H"


@pytest.mark.parametrize("trigger,claims", [("no_ace_no_face", True),
                                            ("only_nines_and_tens", False)])
def test_no_ace_no_face_trigger_with_a_28_card_deck(trigger: str, claims: bool) -> None:
    rules = compile_data({"id": "house", "extends": "standard", "deck": {"lowest": "8"},
                          "deal": {"farmers_hand": trigger, "farmers_hand_effect": "misdeal"}})
    g = start(rules, EIGHTS, "AS")
    assert g.deck.size == 28
    assert (g.phase == CLAIMS) == claims
    if claims:
        run(g, "N misdeal 8C 9C TC 8D 9D")
        assert g.last_result.reason == "misdeal" and g.dealer == W  # type: ignore


#: N has three 9s, E three 10s; the kitty is JC QC TS.
RIVALS = "9C 9D 9H AS KS | TC TD TH AC KC | AH KH QH JH QS | AD KD QD JD JS"


def test_farmers_hand_a_second_claim_after_a_swap_is_a_misdeal() -> None:
    g = start(farmers("three_nines_or_three_tens"), RIVALS, "9S")
    run(g, "N swap 9C 9D 9H")
    assert hand(g, N) == {"AS", "KS", "JC", "QC", "TS"}
    assert g.phase == CLAIMS and g.to_act == E
    assert set(g.legal_actions()) == {Action(E, MISDEAL, mask(g, "TC TD TH AC KC")),
                                      Action(E, DECLINE)}
    assert "already swapped" in illegal("illegal-action", g, "E swap TC TD TH")
    run(g, "E misdeal TC TD TH AC KC")
    assert g.last_result.reason == "misdeal" and g.dealer == W  # type: ignore


def test_farmers_hand_a_first_claim_swaps_and_is_no_misdeal() -> None:
    g = start(farmers("three_nines_or_three_tens"), RIVALS, "9S")
    assert "swapping" in illegal("illegal-action", g, "N misdeal 9C 9D 9H AS KS")


def test_farmers_hand_claims_in_turn_a_later_claim_means_the_earlier_declined() -> None:
    g = start(farmers("three_nines_or_three_tens"), RIVALS, "9S")
    assert g.to_act == N
    run(g, "E swap TC TD TH")  # N did not claim (declines are not recorded)
    assert hand(g, E) == {"AC", "KC", "JC", "QC", "TS"}
    assert hand(g, N) == {"9C", "9D", "9H", "AS", "KS"}
    assert g.phase == ORDER_UP_ROUND  # N's turn has passed; nobody after E qualifies
    illegal("illegal-action", g, "N swap 9C 9D 9H")


def test_going_under_any_player_may_swap_any_three() -> None:
    g = start(farmers("any_hand"), STUCK, "9H")  # undealt: 9D TD QD
    assert g.phase == CLAIMS and g.to_act == N
    assert sum(a.verb == SWAP for a in g.legal_actions()) == 10  # any 3 of 5
    run(g, "N swap JH 9C 9S")
    assert hand(g, N) == {"JD", "AH", "9D", "TD", "QD"}
    assert g.to_act == E and MISDEAL in {a.verb for a in g.legal_actions()}


def test_swap_takes_the_top_three_of_a_recorded_kitty() -> None:
    rules = compile_data({"id": "house", "extends": "standard", "deck": {"lowest": "7"},
                          "deal": {"farmers_hand": "any_hand"}})
    g = Machine(rules, dealer=W)
    names = "7C 8C 9C TC JC | QC KC AC 7D 8D | 9D TD JD QD KD | AD 7H 8H 9H TH | JH"
    parts = [cards(g, p) for p in names.split("|")]
    kitty = cards(g, "AS KS QS JS TS 9S 8S 7S AH KH QH")
    g.deal(parts[:4], parts[4][0], None, kitty)
    run(g, "N swap 7C 8C 9C")
    assert hand(g, N) == {"TC", "JC", "AS", "KS", "QS"}


def test_swap_with_unknown_kitty_cards_keeps_what_is_provable() -> None:
    # E's hand unknown: N's three new cards are unknown too, its two kept cards are known
    g = Machine(farmers("any_hand"), dealer=W)
    parse = g.deck.parse
    g.deal([[parse(c) for c in "JH JD AH 9C 9S".split()], None,
            [parse(c) for c in "AS KS QS JS TS".split()],
            [parse(c) for c in "KH QH TH AD KD".split()]], parse("9H"))
    run(g, "N swap 9C 9S JD")
    assert hand(g, N) == {"JH", "AH"} and g.count[N] == 5
    assert not g.cand[N] & mask(g, "9C 9S JD 9H AS KH")


# ------------------------------------------------------------------ ace-no-face
#: N holds an ace and nothing above a 10 otherwise.
ACE_NO_FACE = "AC 9D TD 9H TS | KC QC JC TC 9C | AH KH QH JH TH | AD KD QD JD 9S"


@pytest.mark.parametrize("redeal,next_dealer", [(None, N), ("same_dealer", W)])
def test_ace_no_face_calls_a_misdeal_and_the_deal_passes(redeal: str | None,
                                                         next_dealer: int) -> None:
    options: dict[str, Any] = {"ace_no_face": True}
    if redeal:
        options["ace_no_face_redeal"] = redeal
    g = start(house(deal=options), ACE_NO_FACE, "AS")
    # only N qualifies (E: no ace; S and W: faces)
    assert g.phase == CLAIMS and g.to_act == N
    run(g, "N misdeal AC 9D TD 9H TS")
    assert g.last_result.reason == "misdeal" and g.dealer == next_dealer  # type: ignore


def test_ace_no_face_off_or_a_face_card_held() -> None:
    g = start(STANDARD, ACE_NO_FACE, "AS")
    assert g.phase == ORDER_UP_ROUND
    g = start(house(deal={"ace_no_face": True}), STUCK, "9H")  # nobody qualifies
    assert g.phase == ORDER_UP_ROUND
    assert "before the first bid" in illegal("illegal-action", g, "N misdeal JH JD AH 9C 9S")


# ----------------------------------------------------- misdeal of the cards
@pytest.mark.parametrize("policy,next_dealer", [(None, W), ("same_dealer", W),
                                                ("pass_deal", N)])
def test_a_faulty_deal_is_void_and_the_policy_says_who_deals(policy: str | None,
                                                             next_dealer: int) -> None:
    rules = house(deal={"misdeal": policy}) if policy else STANDARD
    g = start(rules, STUCK, "9H", scores=[3, 4])
    run(g, "N pass; E order_up; W discard KD")
    play(g, "JH TC TS 9H  JD")
    assert g.trick_winners == [N]
    run(g, "S misdeal")  # any player, even in the play: the trick taken does not count
    res = g.last_result
    assert res is not None and res.reason == "misdeal" and res.points == (0, 0)
    assert (res.trump, res.maker, res.tricks) == (None, None, (0, 0, 0, 0))
    assert g.scores == [3, 4] and g.deals == 0 and g.dealer == next_dealer
    assert illegal("extra-action", g, "S misdeal")


# ------------------------------------------------------------------- no-trump
#: N holds the lowest cards; E, S and W the highest.
LOW = "9C 9D 9S TC TD | AC KC QC JC AD | TS JS QS KS AS | KD QD JD TH JH"
LOW_PLAY = "9C JC AS TH  9D AD KS JD  9S KC TS JH  TC QC QS QD  TD AC JS KD"


def test_low_no_trump_ranks_every_suit_nine_high() -> None:
    g = start(house(bidding={"no_trump": True, "low_no_trump": True}), LOW, "9H")
    run(g, ALL_PASS_ONCE)
    assert calls(g) == {"C", "D", "S", "NT", "LNT"}
    run(g, "N call LNT")
    assert g.trump == LOW_NO_TRUMP
    play(g, LOW_PLAY)
    res = g.last_result
    assert res is not None and res.tricks == (5, 0, 0, 0)
    assert res.points == (2, 0)  # scored as any march


def test_without_low_no_trump_only_high_no_trump_is_called() -> None:
    g = start(house(bidding={"no_trump": True}), LOW, "9H")
    run(g, ALL_PASS_ONCE)
    assert calls(g) == {"C", "D", "S", "NT"}
    assert "may not be called" in illegal("illegal-action", g, "N call LNT")
    run(g, "N call NT")
    # high no-trump: the jack of clubs beats the 9
    play(g, "9C JC AS TH")
    assert g.to_act == E


def test_low_no_trump_needs_no_trump() -> None:
    with pytest.raises(EuchreError, match="low no-trump"):
        house(bidding={"low_no_trump": True})


# ---------------------------------------------------------- must hold trump
#: N holds no heart but the left bower (JD); E holds no heart at all.
HOLD = "9C TC 9D TD JD | AC KC QC JC 9S | AS KS QS JS TS | TH QH KH AD KD"


def test_must_hold_trump_to_order_up() -> None:
    g = start(house(bidding={"must_hold_trump_to_call": True}), HOLD, "9H")
    assert Action(N, ORDER_UP) in g.legal_actions()  # the left bower counts
    run(g, "N pass")
    assert set(g.legal_actions()) == {Action(E, PASS)}
    assert "holds no hearts" in illegal("illegal-action", g, "E order_up")


def test_must_hold_trump_natural_trump_rule_the_left_bower_does_not_count() -> None:
    rules = house(bidding={"must_hold_trump_to_call": True, "must_hold_trump_left_counts": False})
    g = start(rules, HOLD, "9H")
    assert set(g.legal_actions()) == {Action(N, PASS)}
    assert "left bower does not count" in illegal("illegal-action", g, "N order_up")


def test_must_hold_trump_to_name_a_suit() -> None:
    g = start(house(bidding={"must_hold_trump_to_call": True}), HOLD, "9H")
    run(g, ALL_PASS_ONCE)
    assert calls(g) == {"C", "D"}  # N: clubs, diamonds; no spades
    illegal("illegal-action", g, "N call S")
    run(g, "N call D")
    assert g.maker == N


def test_without_must_hold_trump_anyone_may_order_up() -> None:
    g = start(STANDARD, HOLD, "9H")
    run(g, "N pass; E order_up")
    assert g.maker == E


#: W, the stuck dealer, holds all the hearts left: JH is the left bower of diamonds.
ALL_HEARTS = "9C TC 9D TD JD | AC KC QC JC 9S | AS KS QS JS TS | TH QH KH AH JH"


@pytest.mark.parametrize("left_counts,named", [(True, {"D"}), (False, {"C", "D", "S"})])
def test_must_hold_trump_a_stuck_dealer_holding_none_names_any(left_counts: bool,
                                                               named: set[str]) -> None:
    rules = house(bidding={"must_hold_trump_to_call": True, "stick_the_dealer": True,
                           "must_hold_trump_left_counts": left_counts})
    g = start(rules, ALL_HEARTS, "9H")
    run(g, STUCK_NOW)
    assert calls(g) == named
    run(g, "W call C" if not left_counts else "W call D")
    assert g.maker == W


# ------------------------------------------------------------- 28/32-card deck
def test_a_32_card_deck_deals_sevens_and_eights_which_rank_lowest() -> None:
    rules = compile_data({"id": "house", "extends": "standard", "deck": {"lowest": "7"}})
    g = start(rules, "7C 8C 9S TS JS | AC KC QC 7D 8D | AH KH QH JH TH | AD KD QD JD TD", "7S")
    assert g.deck.size == 32
    run(g, "N order_up; W discard TD")
    play(g, "7C AC TH 7S")  # the lowest trump, a 7, beats the ace of the suit led
    assert g.trick_winners == [W]


# --------------------------------------------------------------------- reneges
#: N orders hearts up; W (then holding QH TH 9H) or S can renege.
RENEGE = "JH JD AH KH 9S | AC KC QC JC TC | 9C AS KS QS JS | QH TH AD KD TS"
#: W plays AD to N's trump lead while holding hearts; N+S still take 4 tricks.
DEFENDER_RENEGES = "JH TC JS AD  JD JC QS TH  AH QC KS QH  KH KC AS 9H  9S AC 9C TS"
#: S plays 9C to N's spade lead while holding spades; N+S still take 4 tricks.
MAKER_RENEGES = "9S AC 9C TS  AD JH TC JS  JD JC QS TH  AH QC KS QH  KH KC AS 9H"


def renege_hand(policy: str, plays: str, alone: bool = False) -> Machine:
    g = start(house(scoring={"renege": policy}), RENEGE, "9H")
    run(g, "N order_up alone; W discard KD" if alone else "N order_up; W discard KD")
    play(g, plays, allow_renege=True)
    assert g.renege_by is not None
    return g


@pytest.mark.parametrize("policy,expected", [
    ("none", (1, 0)),      # played: the makers' 1
    ("award", (2, 0)),     # the offended makers score 2 instead
    ("offender", (1, -2)),  # the offenders' own result (0) becomes -2; the makers' 1 stands
    ("deduct", (0, -2)),   # the offenders lose 2 and nobody else scores
])
def test_renege_by_a_defender(policy: str, expected: tuple[int, int]) -> None:
    g = renege_hand(policy, DEFENDER_RENEGES)
    assert g.renege_by == W and g.last_result.tricks == (4, 0, 0, 1)  # type: ignore
    assert points(g) == expected


@pytest.mark.parametrize("policy,expected", [
    ("none", (1, 0)),
    ("award", (0, 2)),
    ("offender", (-2, 0)),  # the makers' own 1 is replaced by the penalty, not added to
    ("deduct", (-2, 0)),
])
def test_renege_by_a_maker_who_still_makes(policy: str, expected: tuple[int, int]) -> None:
    g = renege_hand(policy, MAKER_RENEGES)
    assert g.renege_by == S and g.last_result.tricks == (4, 0, 0, 1)  # type: ignore
    assert points(g) == expected


@pytest.mark.parametrize("policy,expected", [("deduct", (0, -4)), ("award", (4, 0)),
                                             ("offender", (1, -2))])
def test_renege_against_a_lone_hand(policy: str, expected: tuple[int, int]) -> None:
    plays = "JH TC AD  JD JC TH  AH QC QH  KH KC 9H  9S AC TS"
    g = renege_hand(policy, plays, alone=True)
    assert g.last_result.tricks == (4, 0, 0, 1) and points(g) == expected  # type: ignore


# ----------------------------------------------------------- option checks
@pytest.mark.parametrize("data,words", [
    ({"bidding": {"dealer_forced_takeup": True, "stick_the_dealer": True}}, "both say"),
    ({"bidding": {"dealer_forced_takeup": True, "must_hold_trump_to_call": True}},
     "may hold no trump"),
    ({"alone": {"canadian_loner": True, "allowed": False}}, "Canadian loner rule needs"),
    ({"alone": {"call_for_best": True, "allowed": False}}, "call for best needs"),
    ({"game": {"rubber": "uspcc", "slam": True}}, "already scores"),
    ({"game": {"laps": True, "deals": 1}}, "no target to lap"),
    ({"game": {"rubber": "uspcc", "deals": 3}}, "fixed number of deals"),
])
def test_house_rules_that_cannot_work_are_refused(data: dict[str, Any], words: str) -> None:
    with pytest.raises(EuchreError, match=words):
        compile_data({"id": "house", "extends": "standard", **data})


@pytest.mark.parametrize("base,data,words", [
    ("buck", {"game": {"rubber": "uspcc"}}, "two sides with table scoring"),
    ("buck", {"game": {"laps": True}}, "needs table scoring"),
    ("six-hand", {"deal": {"farmers_hand": "any_hand"}}, "three face-down kitty cards"),
])
def test_house_rules_that_do_not_fit_the_game_are_refused(base: str, data: dict[str, Any],
                                                          words: str) -> None:
    with pytest.raises(EuchreError, match=words):
        compile_data({"id": "house", "extends": base, **data})
