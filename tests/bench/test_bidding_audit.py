"""The bidding audit, and the rule bot's bidding measured by it (issues 25 and 41).

The 2,000-game figures are in docs/bots.md (bench/bidding_audit.py); here a few
hundred games keep the test quick while catching any return of the faults.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Sequence

import pytest

from euchre_dsl.cards import SUITS
from euchre_dsl.engine.actions import BID, CALL, ORDER_UP, PASS, Action
from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.view import SeatView
from euchre_dsl.rules.registry import compile_data, load_variant
from euchre_dsl.rng import RandomSource
from euchre_dsl.rules.ruleset import RuleSet
from euchre_dsl.sim.bots.rule import RuleBot

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))  # the bench-only modules under test

import bidding_audit  # noqa: E402
from bidding_audit import BiddingAudit, _Watched, audit_bidding, strong_for_dealer  # noqa: E402


def dealer_view(hand: str, upcard: str) -> SeatView:
    """The dealer (seat 0) to decide, the three others having passed."""
    rules = load_variant("standard")
    game = Machine(rules, dealer=0)
    d = game.deck
    mine = [d.parse(c) for c in hand.split()]
    up = d.parse(upcard)
    rest = [c for c in range(d.size) if c not in mine and c != up]
    game.deal([mine, rest[0:5], rest[5:10], rest[10:15]], upcard=up)
    for seat in (1, 2, 3):
        game.apply(Action(seat, PASS))
    return SeatView(game, 0)


def test_a_bower_and_two_more_trumps_is_strong_for_the_dealer() -> None:
    assert strong_for_dealer(dealer_view("JS 9H TD 9D JC", "JD"))  # right, ten, nine
    assert strong_for_dealer(dealer_view("9C TD QD KD QS", "9D"))  # four trumps
    assert not strong_for_dealer(dealer_view("AS 9H AD AC KC", "QC"))  # three, no bower


def test_the_dealer_picks_up_the_right_bower_queen_and_nine() -> None:
    view = dealer_view("JS 9H QD 9D JC", "JD")
    game_legal = view._game.legal_actions()
    action = RuleBot(view.rules, random.Random(0)).act(view, game_legal)
    assert action.verb == ORDER_UP


class Scripted:
    """A bot that answers from a list: to check what the audit counts."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        verb = self.answers.pop(0)
        return next(a for a in legal if a.verb == verb and not a.alone)

    def play(self, view: SeatView, legal: int) -> int:
        return legal.bit_length() - 1


def test_the_audit_counts_a_trumpless_order_up_and_a_strong_dealer_pass() -> None:
    audit = BiddingAudit()
    view = dealer_view("JS 9H TD 9D JC", "JD")
    watched = _Watched(Scripted([PASS]), audit)  # type: ignore[arg-type]
    watched.act(view, view._game.legal_actions())
    assert (audit.dealer_decisions, audit.strong_dealer_passes) == (1, 1)
    assert audit.first[3] == [0, 1]
    # the dealer's left orders up spades holding none (the issue's example)
    rules = load_variant("standard")
    game = Machine(rules, dealer=0)
    d = game.deck
    game.deal([[d.parse(c) for c in h.split()] for h in
               ["9S TS QS KS JS", "AC KC QC AH KD", "9H TH QH 9D TD", "QD AD 9C TC JH"]],
              upcard=d.parse("AS"))
    watched = _Watched(Scripted([ORDER_UP]), audit)  # type: ignore[arg-type]
    watched.act(SeatView(game, 1), game.legal_actions())
    assert audit.trumpless == 1 and audit.first[0] == [1, 1]


def round_two(hands: list[str], upcard: str) -> Machine:
    """Everyone passed the upcard; the dealer's left (seat 1) to name a suit."""
    game = Machine(load_variant("standard"), dealer=0)
    d = game.deck
    game.deal([[d.parse(c) for c in h.split()] for h in hands], upcard=d.parse(upcard))
    for seat in (1, 2, 3, 0):
        game.apply(Action(seat, PASS))
    return game


def test_the_audit_counts_issue_41s_faults() -> None:
    """A round-two call on one trump below the ace, a lone make without a bower, and a
    round-two pass holding both bowers and a third trump are each counted (and a call
    on the ace alone, or a lone hand with a bower, is not)."""
    hands = ["9S TS QS KS 9D", "KD 9C QD TC QH", "9H TH AH KC AS", "JC JS AC TD AD"]
    audit = BiddingAudit()
    game = round_two(hands, "JD")
    _Watched(Called(CALL, SUITS.index("H")), audit).act(SeatView(game, 1), game.legal_actions())
    assert (audit.calls, audit.one_low_trump_calls) == (1, 1)  # the lone queen of hearts
    game = round_two(hands, "JD")
    _Watched(Called(CALL, SUITS.index("H"), alone=True), audit).act(
        SeatView(game, 1), game.legal_actions())
    assert (audit.lone_makes, audit.bowerless_lone, audit.one_low_trump_calls) == (1, 1, 2)
    game = round_two(["9S TS QS KS 9D", "9H TH AH KC AS", "KD 9C QD TC QH",
                      "JC JS AC TD AD"], "JD")
    _Watched(Called(CALL, SUITS.index("H")), audit).act(SeatView(game, 1), game.legal_actions())
    # three hearts, the ace among them: a call, not one on one low trump
    assert (audit.calls, audit.one_low_trump_calls) == (3, 2)
    game = round_two(hands, "JD")
    for seat in (1, 2):
        game.apply(Action(seat, PASS))
    _Watched(Called(PASS), audit).act(SeatView(game, 3), game.legal_actions())
    assert audit.strong_passes == 1  # W passed JC JS AC: both black bowers and the ace


def test_an_auction_winner_who_may_take_the_upcard_names_trump_with_it() -> None:
    """Dirty Clubs: the winner names trump, then may take the upcard.  Spades named on
    the ten with the jack of spades turned is the right bower and the ten -- not a
    call on one low trump; hearts named on the nine alone would be."""
    rules = load_variant("dirty-clubs")
    hands = ["9C TC QC KC AC", "AD 9H KD QD TS", "9D TD JD KH QH", "9S QS KS AS JC"]
    for named, low in ((SUITS.index("S"), 0), (SUITS.index("H"), 1)):
        game = Machine(rules, dealer=0)
        d = game.deck
        game.deal([[d.parse(c) for c in h.split()] for h in hands], upcard=d.parse("JS"))
        game.apply(Action(1, BID, 2))
        for seat in (2, 3, 0):
            game.apply(Action(seat, PASS))
        audit = BiddingAudit()
        _Watched(Called(CALL, named), audit).act(SeatView(game, 1), game.legal_actions())
        assert (audit.calls, audit.one_low_trump_calls) == (1, low)


class Called:
    """A bot that takes the one action given."""

    def __init__(self, verb: str, arg: int | None = None, alone: bool = False) -> None:
        self.action = (verb, arg, alone)

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        verb, arg, alone = self.action
        return next(a for a in legal if (a.verb, a.arg, a.alone) == (verb, arg, alone))

    def play(self, view: SeatView, legal: int) -> int:
        return legal.bit_length() - 1


@pytest.fixture(scope="module")
def standard_audit() -> BiddingAudit:
    return audit_bidding(load_variant("standard"), "rule", 300, 7)


def test_rule_never_makes_trump_without_a_trump(standard_audit: BiddingAudit) -> None:
    assert standard_audit.contracts > 800
    assert standard_audit.trumpless == 0


def test_rule_as_dealer_seldom_passes_a_strong_hand(standard_audit: BiddingAudit) -> None:
    a = standard_audit
    assert a.dealer_decisions > 500
    assert a.strong_dealer_passes < 0.01 * a.dealer_decisions


def test_rule_bids_from_each_seat_near_club_play(standard_audit: BiddingAudit) -> None:
    """Human players make trump in about 5/17/5/30% of hands from seats 1 to 4 in the
    first round, 18/11% from seats 1 and 2 in the second (as shares of all hands):
    the bot is within the audit's band of each."""
    a = standard_audit
    assert bidding_audit.targets(a, human=True)["rates within the human ranges"] is True
    for name, rows in (("order up", a.first), ("call", a.second)):
        for figure, (k, _n) in zip(bidding_audit.HUMAN[name], rows):
            if figure is not None:
                assert abs(k / a.hands - figure) <= bidding_audit.HUMAN_BAND


def test_rule_keeps_the_table_truths(standard_audit: BiddingAudit) -> None:
    """No lone hand without a bower, no suit named on one low trump, and no hand
    thrown in while a seat held both bowers and a third trump it could make trump."""
    a = standard_audit
    assert a.lone_makes > 50 and a.bowerless_lone == 0
    assert a.calls > 500 and a.one_low_trump_calls == 0
    assert a.thrown_in > 0 and a.strong_thrown_in == 0


def test_rule_loners_mostly_march(standard_audit: BiddingAudit) -> None:
    marched, loners = standard_audit.loners
    assert loners > 20 and marched > 0.55 * loners


def test_the_audit_sees_only_real_choices() -> None:
    """Stick the dealer: the dealer's forced call is not a decision to tally, so
    every second-round dealer decision counted had a pass to choose."""
    rules = compile_data({"id": "house", "extends": "standard",
                          "bidding": {"stick_the_dealer": True}})
    audit = audit_bidding(rules, "rule", 20, 3)
    assert audit.games == 20 and sum(n for _, n in audit.first) > 0
    assert audit.second[3] == [0, 0]  # the dealer never had the choice


def test_the_audit_counts_a_strong_hand_thrown_in() -> None:
    """A seat that passed both bowers and a third trump of a suit it could make trump
    is counted when the hand is thrown in: four seats that pass the first 40 hands of
    a game throw them all in, and some held such a hand."""
    rules = load_variant("standard")
    audit = audit_bidding(rules, f"{Path(__file__).resolve()}:Passer", 2, 1)
    assert audit.thrown_in >= 80
    assert 0 < audit.strong_thrown_in < audit.thrown_in


class Passer:
    """Passes whenever it may in a game's first 40 hands, then bids as the rule bot.

    It wraps the rule bot rather than subclassing it: the compiled build's bots are
    native classes, which an interpreted class cannot inherit from."""

    def __init__(self, rules: RuleSet, rng: RandomSource) -> None:
        self.rule = RuleBot(rules, rng)

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if view.deals < 40:
            return next((a for a in legal if a.verb == PASS), legal[0])
        return self.rule.act(view, legal)

    def play(self, view: SeatView, legal: int) -> int:
        return self.rule.play(view, legal)


def test_an_audit_split_in_parts_adds_up_to_the_whole(tmp_path: Path) -> None:
    """Two parts of a seed's games, saved and merged, report what one run reports."""
    rules = load_variant("standard")
    whole = audit_bidding(rules, "rule", 6, 5)
    parts = [audit_bidding(rules, "rule", 3, 5, first) for first in (0, 3)]
    merged = BiddingAudit()
    for part in parts:
        merged.merge(bidding_audit.from_json(bidding_audit.to_json(part)))
    assert bidding_audit.to_json(merged) == bidding_audit.to_json(whole)
    saved = []
    for k, first in enumerate((0, 3)):
        saved.append(str(tmp_path / f"part{k}.json"))
        assert bidding_audit.main(["--games", "3", "--seed", "5", "--first", str(first),
                                   "--save", saved[-1]]) == 0
    out = tmp_path / "bots.md"
    assert bidding_audit.main(["--merge", *saved, "-o", str(out)]) == 0
    assert "| standard | 6 / " in out.read_text(encoding="utf-8")


def test_families_without_an_upcard_round_have_their_own_readings() -> None:
    """Columbus names trump with no upcard round: its namings are the calls; an
    auction's winner naming trump is a call, its bids the first round."""
    columbus = audit_bidding(load_variant("columbus"), "rule", 5, 2)
    assert columbus.calls > 0 and not any(n for _k, n in columbus.first)
    clubs = audit_bidding(load_variant("dirty-clubs"), "rule", 5, 2)
    assert clubs.calls > 0 and any(n for _k, n in clubs.first)
    assert not any(n for _k, n in clubs.second)
    assert not bidding_audit.human_applies(load_variant("dirty-clubs"))
    assert bidding_audit.human_applies(load_variant("standard"))
    assert not bidding_audit.human_applies(load_variant("three-hand"))


def test_the_script_rewrites_only_its_bots_section(tmp_path: Path) -> None:
    doc = tmp_path / "bots.md"
    doc.write_text("# Bots\n\nthe rest\n", encoding="utf-8")
    assert bidding_audit.main(["--games", "2", "--variant", "standard",
                               "--variant", "buck", "-o", str(doc)]) == 0
    first = doc.read_text(encoding="utf-8")
    assert first.startswith("# Bots\n\nthe rest\n\n" + bidding_audit.BEGIN.format(bot="rule"))
    assert "| human play | order up | 5% (±5%) | 17% (±5%) | 5% (±5%) | 30% (±5%) |" in first
    assert "| buck | met | " in first and "| standard | order up / bid | " in first
    assert bidding_audit.main(["--games", "2", "--variant", "standard",
                               "--variant", "buck", "-o", str(doc)]) == 0
    assert doc.read_text(encoding="utf-8").count("the rest") == 1
    assert doc.read_text(encoding="utf-8").count(bidding_audit.END.format(bot="rule")) == 1


def test_the_script_refuses_an_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        bidding_audit.main(["--games", "1", "--variant", "no-such-game"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "no-such-game" in err and "Traceback" not in err
