"""Partial knowledge: the engine proves what the known cards prove, and nothing more.

Hands may be wholly or partly unknown (a record made from one player's view,
or from the public cards only).  Each seat has ``cand`` (cards it may hold),
``sure`` (cards it certainly holds) and a count.  These scenarios, worked by
hand, check every kind of proof: a card that cannot be where it is played
from, a renege shown by counting or by a later play (bowers counted as
trump), and the first offence deciding the penalty whatever order the proofs
come in.  Standard euchre, West deals, the upcard is the 9 of diamonds.
"""

from __future__ import annotations

import pytest

from euchre_dsl.cards import parse_suit
from euchre_dsl.engine.actions import IllegalAction
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant

N, E, S, W = range(4)
SEAT = {"N": N, "E": E, "S": S, "W": W}
STANDARD = load_variant("standard")


def hidden(known: dict[int, str], upcard: str = "9D", kitty: str | None = None) -> Machine:
    """A standard hand dealt by W where only the ``known`` hands are recorded."""
    g = Machine(STANDARD, dealer=W)
    parse = g.deck.parse
    hands = [[parse(c) for c in known[s].split()] if s in known else None for s in range(4)]
    g.deal(hands, parse(upcard),  # type: ignore[arg-type]
           kitty=None if kitty is None else [parse(c) for c in kitty.split()])
    return g


def run(g: Machine, script: str) -> None:
    """``"N order_up; W discard ??; N QH; E 9H"``: a verb, or a card played."""
    for step in filter(None, (s.strip() for s in script.split(";"))):
        who, what, *args = step.split()
        seat = SEAT[who]
        if what == "pass":
            g.pass_(seat)
        elif what == "order_up":
            g.order_up(seat, "alone" in args)
        elif what == "call":
            g.call(seat, parse_suit(args[0]), "alone" in args)
        elif what == "discard":
            g.discard(seat, None if args[0] == "??" else g.deck.parse(args[0]))
        else:
            g.play(seat, g.deck.parse(what))


def refused(g: Machine, step: str) -> IllegalAction:
    """The engine's objection to one play (the state is left as it was)."""
    who, card = step.split()
    with pytest.raises(IllegalAction) as info:
        g.play(SEAT[who], g.deck.parse(card))
    return info.value


# ------------------------------------------------------------ unknown discard
def test_a_hand_with_an_unknown_discard_plays_on() -> None:
    g = hidden({W: "AH 9S TS QD KS"})
    run(g, "N order_up; W discard ??")
    # W holds the 9D it took; any other card of the six may be the one put away
    assert g.sure[W] == 1 << g.deck.parse("9D")
    assert g.count[W] == 5 and g.cand[W].bit_count() == 6
    run(g, "N QH; E 9H; S TH; W AH")  # follows: the ace was not the discard
    assert g.renege_by is None and g.phase == "play"


def test_counting_proves_a_renege_after_an_unknown_discard() -> None:
    # W kept at least one of AH KH: one card only went away
    g = hidden({W: "AH KH 9S TS QD"})
    run(g, "N order_up; W discard ??; N QH; E 9H; S TH")
    exc = refused(g, "W 9S")
    assert exc.code == "renege"
    assert exc.message == ("W reneged in trick 1: played 9S while holding one of AH KH; "
                           "hearts were led")


def test_with_one_heart_the_discard_may_have_been_it_until_a_later_play() -> None:
    g = hidden({W: "AH 9S TS QD KS"})
    run(g, "N order_up; W discard ??; N QH; E 9H; S TH; W 9S")  # AH may be gone
    assert g.renege_by is None
    run(g, "N KC; E AC; S QC; W TS")  # E wins with the ace of clubs
    run(g, "E KH; S JC")
    exc = refused(g, "W AH")  # it was not gone: W reneged in trick 1
    assert exc.message == ("W reneged: plays AH in trick 3 after showing out of hearts "
                           "in trick 1")
    g.play(W, g.deck.parse("AH"), allow_renege=True)
    assert g.renege_by == W


# ------------------------------------------------- cards that cannot be there
def test_a_known_discard_cannot_be_played_by_anyone() -> None:
    g = hidden({W: "AH 9S TS QD KS"})
    run(g, "N order_up; W discard KS; N QH")
    exc = refused(g, "E KS")
    assert (exc.code, exc.message) == ("card-not-held", "E played KS, which W discarded")


def test_a_known_kitty_card_cannot_be_played() -> None:
    g = hidden({}, kitty="AC KC QC")
    run(g, "N order_up; W discard ??")
    exc = refused(g, "N AC")
    assert (exc.code, exc.message) == ("card-not-held", "N played AC, which is in the kitty")


def test_the_turned_down_upcard_cannot_be_played() -> None:
    g = hidden({})
    run(g, "N pass; E pass; S pass; W pass; N call H")
    exc = refused(g, "N 9D")
    assert exc.message == "N played 9D, the upcard, which was turned down"


def test_a_card_cannot_be_played_twice_by_hidden_hands() -> None:
    g = hidden({})
    run(g, "N order_up; W discard ??; N QH; E 9H; S TH; W AH")  # W wins with the ace
    exc = refused(g, "W QH")
    assert exc.message == "W played QH, which was already played this hand"


def test_a_card_in_the_known_hand_cannot_come_from_a_hidden_one() -> None:
    g = hidden({W: "AH 9S TS QD KS"})
    run(g, "N order_up; W discard ??")
    exc = refused(g, "N AH")  # W holds it, or put it away
    assert exc.message == "N played AH, which was dealt to W"
    exc = refused(g, "N 9D")  # the upcard W took
    assert exc.message == "N played 9D, which W holds"


# --------------------------------------------------- reneges proven later
def test_showing_out_of_trump_then_playing_the_left_bower_is_a_renege() -> None:
    g = hidden({})
    run(g, "N pass; E pass; S pass; W pass; N call H")  # hearts: the JD is the left bower
    run(g, "N JH; E 9S; S 9H; W TH")  # E shows out of trump; N wins with the right bower
    run(g, "N AC; E KC; S QC; W TC")  # N wins again
    run(g, "N AS")
    exc = refused(g, "E JD")
    assert exc.message == ("E reneged: plays JD in trick 3 after showing out of hearts "
                           "(trump) in trick 1")


def test_the_left_bower_is_not_of_its_printed_suit() -> None:
    g = hidden({})
    run(g, "N pass; E pass; S pass; W pass; N call H")
    run(g, "N AD; E 9C; S TD; W QD")  # E shows out of diamonds; N wins
    run(g, "N AC; E JD; S 9H; W TC")  # the JD is a heart: no renege; E trumps and wins
    assert g.renege_by is None
    run(g, "E AS; S KS; W QS")
    run(g, "N TS")  # N follows; now E has shown out of diamonds only
    assert g.trick_winners == [N, E, E]
    exc = refused(g, "E KD")  # E leads the king of diamonds: it had one in trick 1
    assert exc.message == ("E reneged: leads KD in trick 4 after showing out of diamonds "
                           "in trick 1")


def test_following_suit_after_trumping_in_is_no_renege() -> None:
    g = hidden({})
    run(g, "N pass; E pass; S pass; W pass; N call H")
    run(g, "N AC; E 9H; S QC; W TC")  # E trumps (shows out of clubs) and wins
    run(g, "E AS; S KS; W QS; N TS")
    run(g, "E AD; S KD; W QD; N TD")
    assert g.renege_by is None and g.trick_winners == [E, E, E]
    assert (g.void[E] >> parse_suit("C")) & 1  # a fact kept for a later proof


def test_the_first_offence_decides_whatever_order_the_proofs_come_in() -> None:
    g = hidden({})
    run(g, "N pass; E pass; S pass; W pass; N call H")
    run(g, "N AS; E 9C; S KS; W QS")  # E shows out of spades (it holds one: see below)
    run(g, "N AC; E TC; S TD; W QC")  # S shows out of clubs; N wins both
    run(g, "N AD; E KD")
    exc = refused(g, "S KC")  # S's renege is proven first ...
    assert exc.message == ("S reneged: plays KC in trick 3 after showing out of clubs in "
                           "trick 2")
    g.play(S, g.deck.parse("KC"), allow_renege=True)
    assert g.renege_by == S
    run(g, "W QD; N 9H")  # N wins with the ace and leads a trump
    g.play(E, g.deck.parse("JS"), allow_renege=True)  # ... but E reneged earlier
    assert g.renege_by == E
    assert g.renege_note is not None and g.renege_note.startswith("E reneged")


def test_a_seat_that_really_was_void_is_never_accused() -> None:
    g = hidden({})
    run(g, "N pass; E pass; S pass; W pass; N call H")
    # N AS AC AD JH 9H, E 9C TC KD QH AH, S KS TD JC KH JD, W QS QC QD TH TS
    for trick in ("N AS; E 9C; S KS; W QS", "N AC; E TC; S JC; W QC",
                  "N AD; E KD; S TD; W QD", "N JH; E QH; S KH; W TH", "N 9H; E AH; S JD; W TS"):
        run(g, trick)
    assert g.renege_by is None and g.hand_over
    assert g.last_result is not None and g.last_result.tricks == (4, 0, 1, 0)


# ------------------------------------------------------------- what is known
def test_the_one_hand_not_recorded_is_known_when_everything_else_is() -> None:
    known = {N: "AS KS QS JS AH", E: "9S TS KH QH TH", S: "AC KC QC JC TC"}
    g = hidden(known, kitty="AD KD QD")
    # W's five are the cards left
    assert g.deck.format_mask(g.sure[W]) == "JH 9H JD TD 9C"
    run(g, "N order_up; W discard TD; N AH; E KH; S AC")  # the JH is a diamond now
    exc = refused(g, "W 9C")
    assert exc.message == ("W reneged in trick 1: played 9C while holding 9H; hearts were "
                           "led")


def test_a_hand_given_up_for_the_widow_is_dead() -> None:
    g = Machine(load_variant("columbus"), dealer=2)  # A B C; C deals, B is asked first
    parse = g.deck.parse
    g.deal([[parse(c) for c in "AS KS QS JS TS".split()], None, None], None, None)
    g.pass_(1)
    g.pass_(2)
    g.take_widow(0)  # A takes the widow (unknown) and gives up the spades
    g.call(0, parse_suit("H"))
    g.stay(1)
    g.stay(2)
    with pytest.raises(IllegalAction) as info:
        g.play(0, parse("AS"))
    assert info.value.code == "card-not-held"
    g.play(0, parse("AH"))  # any card nobody is known to hold may be in the widow
