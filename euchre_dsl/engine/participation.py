"""Who plays the hand: going alone, defending alone, call for best, stay or drop,
the widow.

As in :mod:`~euchre_dsl.engine.bidding`, each rule is one function that both
the verb (``Machine.defend_alone``, ``Machine.give``, ``Machine.stay``/``drop``,
``Machine.take_widow``) and the menu of its phase call.  ``Machine`` decides when
each procedure starts and ends; the queues of who is asked come from here.
"""

from __future__ import annotations

from typing import Final

from ..cards import mask_cards
from ..rules.ruleset import DefendAlone, FirstAsked, WidowOrder
from .actions import (
    DECLINE, DEFEND_ALONE, DISCARD, DROP, GIVE, PLAYING, STAY, STAY_DROP, TAKE_WIDOW, PASS,
    Action, IllegalAction,
)
from .bidding import discard_menu
from .state import State

# Option words compared on every hand, as module constants: compiled code reads
# them without a lookup on the enum class.
_VS_ANY_MAKER: Final = DefendAlone.VS_ANY_MAKER
_VS_LONE_MAKER: Final = DefendAlone.VS_LONE_MAKER
_LEFT_OF_MAKER: Final = FirstAsked.LEFT_OF_MAKER
_RIGHT_OF_DEALER: Final = WidowOrder.RIGHT_OF_DEALER



# ------------------------------------------------------------- going alone
def make(g: State, seat: int, contract: int, alone: bool) -> None:
    """``seat`` makes ``contract`` trump; a lone maker's partners sit out."""
    g.trump = contract
    g.maker = seat
    g.alone = alone
    if alone:
        g.sit_out_partners(seat)


def dealer_sits_out_exchange(g: State, seat: int, alone: bool) -> bool:
    """The dealer's partner ordered up alone: the sitting-out dealer leaves the
    upcard (unless dealer_exchanges_when_partner_alone)."""
    d = g.dealer
    return alone and g.side_of[d] == g.side_of[seat] and d != seat and \
        not g.rules.alone.dealer_exchanges_when_partner_alone


# ----------------------------------------------------------- defend alone
def defend_window_opens(g: State) -> bool:
    """The defenders are asked whether one plays alone (defend_alone, once a hand)."""
    if not g.defends_alone or g.maker is None or g.window_opened:
        return False
    da = g.rules.alone.defend_alone
    return da == _VS_ANY_MAKER or (da == _VS_LONE_MAKER and g.alone)


def defend_queue(g: State) -> list[int]:
    """The active defenders in the order they are asked (defend_order)."""
    assert g.maker is not None
    n = g.n
    makers = g.side_of[g.maker]
    first = g.maker + 1 if g.rules.alone.defend_order == _LEFT_OF_MAKER \
        else g.dealer + 1
    return [s for s in ((first + i) % n for i in range(n))
            if g.side_of[s] != makers and g.active[s]]


def defend_refusal(g: State, seat: int) -> IllegalAction | None:
    """Why ``seat`` may not defend alone while the defenders are asked, or None.
    A defender later in the queue may accept: those asked before it declined."""
    if seat in g.defend_queue:
        return None
    if g.maker is not None and g.side_of[seat] == g.side_of[g.maker]:
        return IllegalAction("illegal-action", f"{g.labels[seat]} is on the making side and "
                             "cannot defend")
    return IllegalAction("out-of-turn", f"{g.labels[seat]} may not defend alone now")


def defend_out_of_window(g: State) -> IllegalAction | None:
    """Why defending alone is refused outside the defenders' window, where a rule
    says more than "not now"."""
    if not g.defends_alone:
        return IllegalAction("illegal-action", "defending alone is not allowed in this "
                             "variant")
    if g.phase == PLAYING and g.lone_defender is not None:
        return IllegalAction("illegal-action", "someone already defends alone")
    if g.phase in (PLAYING, STAY_DROP) and g.maker is not None and not g.alone \
            and g.rules.alone.defend_alone == _VS_LONE_MAKER:
        return IllegalAction("illegal-action", "defending alone is only allowed against a "
                             "lone maker")
    return None


def defend(g: State, seat: int) -> None:
    """``seat`` defends alone: its partners sit out."""
    g.lone_defender = seat
    g.sit_out_partners(seat)


def defend_menu(g: State, seat: int) -> list[Action]:
    return [Action(seat, DEFEND_ALONE), Action(seat, DECLINE)]


# ----------------------------------------------------------- call for best
def maker_calls_for_best(g: State) -> bool:
    """A lone maker not yet served calls for best (call_for_best)."""
    return g.alone and g.maker is not None and g.rules.alone.call_for_best and \
        g.maker not in g.best_served


def best_queue(g: State, lone: int) -> list[tuple[int, str]]:
    """``lone`` discards ``call_for_best_cards`` cards for each partner, then each
    partner (clockwise from the lone player) gives as many."""
    n = g.n
    k = g.rules.alone.call_for_best_cards
    partners = [s for s in ((lone + i) % n for i in range(1, n))
                if g.side_of[s] == g.side_of[lone]]
    return [(lone, DISCARD)] * (k * len(partners)) + [(p, GIVE) for p in partners
                                                       for _ in range(k)]


def upcard_to_give(g: State, seat: int) -> int:
    """The upcard as a mask, when ``seat`` is a sitting-out dealer who may give it."""
    if g.upcard_untaken and g.upcard is not None and seat == g.dealer and \
            g.rules.alone.call_for_best_upcard:
        return 1 << g.upcard
    return 0


def give_refusal(g: State, seat: int, card: int) -> IllegalAction | None:
    """Why ``seat``, on turn to give, may not give ``card``, or None."""
    if (g.cand[seat] | upcard_to_give(g, seat)) >> card & 1:
        return None
    return IllegalAction("card-not-held", f"{g.labels[seat]} gives {g.card_name(card)} but "
                         "does not hold it")


def give_card(g: State, seat: int, card: int | None) -> None:
    """``seat`` passes ``card`` face down to the lone player being served (``None``:
    a card not seen, any the seat may give; what is sure of either seat is kept
    only where the gift cannot have changed it)."""
    lone = g.best_seat
    assert lone is not None
    if card is None:
        g.count[seat] -= 1
        g.count[lone] += 1
        g.cand[lone] |= g.cand[seat] | upcard_to_give(g, seat)
        g.sure[seat] = 0  # which of its cards went is unknown
        g.settle_knowledge(seat)
        return
    bit = 1 << card
    if upcard_to_give(g, seat) & bit:
        g.upcard_untaken = False
    else:
        g.cand[seat] &= ~bit
        g.sure[seat] &= ~bit
        g.count[seat] -= 1
    for s in range(g.n):
        g.cand[s] &= ~bit
    g.cand[lone] |= bit
    g.sure[lone] |= bit
    g.count[lone] += 1
    for s in (seat, lone):
        if g.cand[s].bit_count() == g.count[s]:
            g.sure[s] = g.cand[s]


def best_menu(g: State) -> list[Action]:
    seat, verb = g.best_queue[0]
    if verb == DISCARD:
        return discard_menu(g, seat, False)
    cards = g.cand[seat] | upcard_to_give(g, seat)
    return [Action(seat, GIVE, c) for c in mask_cards(cards) if give_refusal(g, seat, c) is None]


# ------------------------------------------------------------ stay or drop
def asks_stay_or_drop(g: State) -> bool:
    """Each non-maker stays in or drops out (stay_drop), unless trump was fixed
    without a maker."""
    return g.stay_drop and not g.forced and g.maker is not None


def stay_queue(g: State) -> list[int]:
    """The non-makers in the order they are asked; fills ``must_play`` with those the
    three-hands rule makes play."""
    p = g.rules.participation
    assert g.maker is not None
    n = g.n
    first = g.maker + 1 if p.order == _LEFT_OF_MAKER else g.dealer + 1
    queue = [s for s in ((first + i) % n for i in range(n)) if s != g.maker]
    if p.three_hands_rule:
        for s in queue:
            if g.drop_streak[s] >= 2:
                g.must_play[s] = (f"{g.labels[s]} dropped out of the last two hands and must "
                                  "play this one (three-hands rule)")
    return queue


def last_player_must_play(g: State, seat: int) -> None:
    """last_player_cannot_drop: the last seat asked, when all others dropped, must play."""
    if g.rules.participation.last_player_cannot_drop and len(g.stay_queue) == 1 and \
            sum(g.dropped) == g.n - 2:
        g.must_play[seat] = f"everyone else dropped out, so {g.labels[seat]} must play"


def stay_drop_refusal(g: State, seat: int) -> IllegalAction | None:
    """Why ``seat`` is not asked to stay or drop (it made trump, or must play), or None."""
    if seat == g.maker:
        return IllegalAction("out-of-turn", f"{g.labels[seat]} made trump and is not asked "
                             "to stay or drop")
    if seat in g.must_play:
        return IllegalAction("out-of-turn", f"{g.must_play[seat]}; a player who must play is "
                             "not asked to stay or drop")
    return None


def stay_or_drop(g: State, seat: int, drop: bool) -> None:
    if drop:
        g.dropped[seat] = True
        g.active[seat] = False
    g.stay_queue.pop(0)


def stay_drop_menu(g: State, seat: int) -> list[Action]:
    return [Action(seat, STAY), Action(seat, DROP)]


# --------------------------------------------------------------- the widow
def widow_seats(g: State) -> list[int]:
    """The order the widow is offered in (widow_order)."""
    n = g.n
    d = g.dealer
    start = (d - 1) % n if g.rules.bidding.widow_order == _RIGHT_OF_DEALER \
        else (d + 1) % n
    return [(start + i) % n for i in range(n)]


def take_widow(g: State, seat: int) -> None:
    """``seat`` exchanges its whole hand for the widow (the old hand is dead)."""
    if g.widow_known:
        g.sure[seat] = g.cand[seat] = g.widow
    else:
        # the widow's unknown cards are among those nobody is known to hold; the
        # hand given up is dead, so none of its known cards can be played
        g.sure[seat] = g.widow
        g.cand[seat] = g.widow | g.unplaced
    g.count[seat] = g.rules.deal.hand_size


def widow_menu(g: State, seat: int) -> list[Action]:
    return [Action(seat, PASS), Action(seat, TAKE_WIDOW)]
