"""Called partners (``call-ace``, ``five-hand-call-partner``): the maker names a card and
its holder plays with the maker for the hand, hidden until the card is played.

The deals are built by hand from the rules' own examples (docs/rules.md, "Called
partners"): the holder of the called ace shares the points, an ace nobody was dealt
leaves the maker alone, a lone march scores one point per player, a euchre gives 2
to every defender but the partner.
"""

from __future__ import annotations

import random

import pytest

from euchre_dsl.cards import HEARTS
from euchre_dsl.engine.actions import CALL_PARTNER, PARTNER, PLAYING, IllegalAction
from euchre_dsl.engine.faces import moves
from euchre_dsl.engine.play import legal_plays
from euchre_dsl.engine.view import SeatView
from euchre_dsl.errors import EuchreError
from euchre_dsl.rng import Rng
from euchre_dsl.rules.registry import compile_data
from euchre_dsl.search.worlds import WorldSampler
from euchre_dsl.sim.bots.rule import RuleBot
from variant_tools import action, deal, game_for, play, run

# call-ace, dealer W: N orders hearts up and W takes the K♥ (discarding Q♣); the
# J♣, J♠ and 10♠ stay undealt.  E holds the A♠.
ACE = dict(hands={"N": "JH JD AH KC 9S", "E": "AS KS QS TC 9C", "S": "AD KD QD TD 9D",
                  "W": "QH TH 9H AC QC"}, upcard="KH")
# The same with E's A♠ and the undealt J♠ exchanged: nobody holds the A♠.
BURIED = dict(hands={**ACE["hands"], "E": "JS KS QS TC 9C"}, upcard="KH")
# The tricks of ACE: N takes the first three; E shows the A♠ in the fourth, which W
# ruffs; W's A♣ takes the last.
ACE_PLAY = "JH 9C 9D 9H  JD TC TD TH  AH QS QD QH  9S AS KD KH  AC KC KS AD"


def ace_game(start: list[int] | None = None):
    g = game_for("call-ace", dealer=3, start_scores=start)
    deal(g, **ACE)
    run(g, "N order_up; W discard QC")
    return g


def test_the_maker_calls_after_trump_is_fixed_and_the_discard_made() -> None:
    g = ace_game()
    assert g.phase == PARTNER and g.to_act == 0
    # an ace of another hand, of any suit (trump included), or playing alone
    assert [str(m) for m in moves(g.legal_actions(), g.labels, g.deck)] == [
        "N call_partner AC", "N call_partner AD", "N call_partner AS", "N call_partner alone"]


def test_the_holder_of_the_called_ace_shares_the_makers_points() -> None:
    g = ace_game()
    run(g, "N call_partner AS")
    assert g.phase == PLAYING and g.called == g.deck.parse("AS") and g.partner is None
    play(g, ACE_PLAY)
    res = g.results[-1]
    assert res.trump == HEARTS and res.maker == 0 and res.partner == 1
    assert res.tricks == (3, 0, 0, 2) and res.made and res.points == (1, 1, 0, 0)


def test_an_ace_nobody_holds_leaves_the_maker_alone_scored_as_a_lone_hand() -> None:
    g = game_for("call-ace", dealer=3)
    deal(g, **BURIED)
    run(g, "N order_up; W discard QC; N call_partner AS")
    play(g, ACE_PLAY.replace("AS", "JS"))
    res = g.results[-1]
    assert res.partner is None and res.tricks == (3, 0, 0, 2)
    assert res.points == (1, 0, 0, 0)  # alone_make


def test_a_lone_march_scores_one_point_per_player() -> None:
    g = game_for("call-ace", dealer=3)
    # N holds the top five trumps and calls no partner
    deal(g, hands={"N": "JH JD AH QH TH", "E": "AS KS QS TC 9C", "S": "AD KD QD TD 9D",
                   "W": "9H 9S AC KC QC"}, upcard="KH")
    run(g, "N order_up; W discard QC; N call_partner alone")
    assert g.alone and g.called < 0 and all(g.active)  # nobody sits out
    play(g, "JH 9C 9D 9H  JD TC TD KH  AH QS QD 9S  QH KS KD KC  TH AS AD AC")
    res = g.results[-1]
    assert res.tricks == (5, 0, 0, 0) and res.points == (4, 0, 0, 0) and res.alone


def test_a_euchre_gives_two_to_each_defender_but_not_to_the_partner() -> None:
    g = game_for("call-ace", dealer=3)
    deal(g, **ACE)
    run(g, "N order_up; W discard QC; N call_partner AD")  # S holds the A♦
    play(g, ACE_PLAY)
    res = g.results[-1]
    # with S the makers take 3 (N's): made, and S scores with N
    assert res.partner == 2 and res.points == (1, 0, 1, 0)
    # five-hand: A and B take 2 of 5, a euchre: 2 to each of C, D and E
    g = game_for("five-hand-call-partner", dealer=4)
    deal(g, hands={"A": "AH KH 9C TC 8D", "B": "QH TH AS KS 8S", "C": "JD 9H AC KC 8C",
                   "D": "AD KD QD 9D TD", "E": "QC JC QS JS 9S"}, upcard="JH")
    run(g, "A order_up; E discard 9S; A call_partner QH")
    play(g, "AH TH JD 9D JH  JC 9C QH 8C TD  AS 9H QD JS KH  8D 8S KC KD QC  AD QS TC KS AC")
    res = g.results[-1]
    assert res.partner == 1 and res.tricks == (1, 1, 0, 2, 1) and res.euchred
    assert res.points == (0, 0, 2, 2, 2)


def test_what_may_be_called_is_checked() -> None:
    g = ace_game()
    with pytest.raises(IllegalAction, match="only an ace may be called") as e:
        g.apply(action(g, "N call_partner KS"))
    assert e.value.code == "illegal-action"
    with pytest.raises(IllegalAction, match="own hand"):
        g.apply(action(g, "N call_partner AH"))
    with pytest.raises(IllegalAction) as e:
        g.apply(action(g, "E call_partner AC"))
    assert e.value.code == "out-of-turn"
    # any card, but not one the maker holds or discarded (the dealer's own discard)
    g = game_for("five-hand-call-partner", dealer=0)
    deal(g, hands={"A": "AH KH 9C TC 8D", "B": "QH TH AS KS 8S", "C": "JD 9H AC KC 8C",
                   "D": "AD KD QD 9D TD", "E": "QC JC QS JS 9S"}, upcard="JH")
    run(g, "B pass; C pass; D pass; E pass; A order_up; A discard 8D")
    listed = {a.arg for a in g.legal_actions() if a.verb == CALL_PARTNER}
    assert g.deck.parse("8D") not in listed and g.deck.parse("JH") not in listed
    assert g.deck.parse("QH") in listed and None in listed and len(listed) == 28 - 5 - 1 + 1
    with pytest.raises(IllegalAction, match="own hand"):
        g.apply(action(g, "A call_partner 8D"))


def test_calling_an_own_card_is_a_secret_lone_hand_where_allowed() -> None:
    g = game_for({"extends": "call-ace", "partner": {"own_card": True}}, dealer=3)
    deal(g, **ACE)
    run(g, "N order_up; W discard QC; N call_partner AH")
    play(g, ACE_PLAY)
    res = g.results[-1]
    assert res.partner is None and res.points == (1, 0, 0, 0)


def test_the_partner_may_score_nothing() -> None:
    g = game_for({"extends": "call-ace", "partner": {"partner_scores": False}}, dealer=3)
    deal(g, **ACE)
    run(g, "N order_up; W discard QC; N call_partner AS")
    play(g, ACE_PLAY)
    assert g.results[-1].points == (1, 0, 0, 0)


# ------------------------------------------------------------ what a seat knows
def _public(view: SeatView) -> tuple[object, ...]:
    """Everything a seat's view tells a bot, but its own cards."""
    return (view.called, view.partner, [view.allied(s) for s in range(view.n)], view.actions,
            view.plays, view.trick, view.tricks, view.maker, view.alone, view.scores,
            view.upcard_holder, view.unseen | view.hand)


def test_the_partner_is_hidden_from_other_seats_until_the_card_is_played() -> None:
    """Two deals that differ only in who holds the called ace (E or S) look the same
    to N (the maker) and W, and the rule bot plays alike in both, until the A♠ shows."""
    swapped = {**ACE["hands"], "E": "9D KS QS TC 9C", "S": "AD KD QD TD AS"}
    games = []
    for hands in (ACE["hands"], swapped):
        g = game_for("call-ace", dealer=3)
        deal(g, hands=hands, upcard="KH")
        run(g, "N order_up; W discard QC; N call_partner AS")
        games.append(g)
    bot = RuleBot(games[0].rules, random.Random(0))
    first, second = games
    # N leads three rounds of trumps; E and S follow with cards they hold in both deals
    for name in "JH TC TD 9H  JD 9C QD TH  AH QS KD QH".split():
        for seat in (0, 3):  # the maker and a defender
            a, b = SeatView(first, seat), SeatView(second, seat)
            assert _public(a) == _public(b)
            assert a.partner is None and not a.allied(1) and not a.allied(2)
        for g, holder in zip(games, (1, 2)):
            assert SeatView(g, holder).partner == holder  # the holder knows
            assert SeatView(g, holder).allied(0)
        mover = first.to_act
        if mover in (0, 3):
            legal = legal_plays(first, mover)
            assert legal == legal_plays(second, mover)
            assert bot.play(SeatView(first, mover), legal) == \
                bot.play(SeatView(second, mover), legal)
        for g in games:
            g.play(mover, g.deck.parse(name))
    # trick 4: N leads the 9♠ and the holder of the A♠ shows it
    play(first, "9S AS")
    assert all(SeatView(first, s).partner == 1 for s in range(4))
    assert SeatView(first, 0).allied(1) and not SeatView(first, 3).allied(1)


def test_a_search_samples_the_hidden_partnership() -> None:
    """From W's seat before the A♠ is played, the sampled worlds put it (and so the
    partnership) in more than one hand, and each world's partner is its holder."""
    g = ace_game()
    run(g, "N call_partner AS")
    sampler = WorldSampler(SeatView(g, 3))
    rng = Rng(3)
    partners = set()
    for _ in range(40):
        world = sampler.sample(rng)
        partner, _alone = world.called_partner()
        holder = world.card_holder(world.called)
        assert partner == (None if holder in (None, 0) else holder)
        partners.add(partner)
    assert {1, 2} <= partners and world.hand_mates(0) & (1 << 3) == 0


def test_a_called_partner_needs_individual_scores() -> None:
    with pytest.raises(EuchreError) as e:
        compile_data({"extends": "standard", "partner": {"call": "ace"}})
    assert any("individual games" in p.message for p in e.value.problems)
    rules = compile_data({"extends": "call-ace", "players": {"count": 6},
                          "deck": {"lowest": "7"}, "scoring": {"alone_march": 6}})
    assert rules.players.count == 6 and rules.partner.call == "ace"


def test_a_partner_revealed_at_once_is_known_to_every_seat_from_the_call() -> None:
    g = game_for({"extends": "call-ace", "partner": {"reveal": "at_once"}}, dealer=3)
    deal(g, **ACE)
    run(g, "N order_up; W discard QC; N call_partner AS")
    assert [SeatView(g, s).partner for s in range(4)] == [1, 1, 1, 1]
    assert SeatView(g, 0).allied(1) and not SeatView(g, 3).allied(1)
