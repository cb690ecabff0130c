"""The engine's transitions: where a hand goes after each decision.

Each verb of :class:`~euchre_dsl.engine.machine.Machine` is *predicate -> change ->
transition*; these functions are the transitions.  After the deal come the
claims, then the widow, a turned-up joker the dealer names, a forced trump,
the auction or the bidding rounds; once trump is fixed, the small widow, a
called partner, the call for best, the defend-alone window, stay or drop, and
the play; last the hand's score, its result and the next dealer.  Which steps
run is read from the rules; no code here looks at a variant's name.
"""

from __future__ import annotations

from typing import Final

from ..cards import NO_TRUMP
from ..rules.ruleset import AllPass, JokerUpcard, Redeal
from . import bidding, deal_claims, participation, play
from .actions import (
    AUCTION, AUCTION_CALL, CALL_FOR_BEST, CLAIMS, DEAL, DEALER_NAMES, DEFEND, EXCHANGE, GAME_OVER,
    NAMING, ORDER_UP_ROUND, PARTNER, PLAYING, STAY_DROP, TAKE_UPCARD, WIDOW,
)
from .scoring import HandScore, game_winners, makers_made, makers_marched, score_hand
from .state import HandResult, State

# Option words compared on every hand, as module constants: compiled code reads
# them without a lookup on the enum class.
_JOKER_DEALER_NAMES: Final = JokerUpcard.DEALER_NAMES
_ALL_PASS_NO_TRUMP: Final = AllPass.NO_TRUMP
_SAME_DEALER: Final = Redeal.SAME_DEALER


def begin_trump_making(g: State) -> None:
    """After the deal: claims, then the widow, a turned-up joker, a forced trump,
    the auction or the bidding rounds."""
    if g.has_claims and not g.claims_done:
        g.claims_done = True
        g.claim_order = [(g.dealer + 1 + i) % g.n for i in range(g.n)]
        if next_claimant(g):
            return
    d = g.dealer
    if g.widowed:
        g.phase = WIDOW
        g.round_seats = participation.widow_seats(g)
        g.to_act = g.round_seats[0]
        return
    if g.upcard is not None and g.upcard == g.deck.joker_card and \
            g.rules.bidding.joker_upcard == _JOKER_DEALER_NAMES:
        g.phase = DEALER_NAMES
        g.to_act = d
        return
    if g.forced_suit is not None and g.upcard is not None and \
            g.upcard_suit() == g.forced_suit:
        g.trump = g.forced_suit
        g.forced = True
        if g.rules.bidding.forced_dealer_takes:
            take_upcard(g, d, mandatory=True)
        else:
            after_trump(g)
        return
    if g.auction:
        g.phase = AUCTION
    elif g.order_up_round and g.upcard is not None:
        g.phase = ORDER_UP_ROUND
    else:
        g.phase = NAMING
    g.to_act = (d + 1) % g.n
    g.passes = 0


def next_claimant(g: State) -> bool:
    """Turn to the next seat that may claim; when nobody is left the bidding begins.
    Returns whether a claim is awaited."""
    while g.claim_order:
        seat = g.claim_order[0]
        swap, policy = deal_claims.may_claim(g, seat)
        if swap or policy is not None:
            g.phase = CLAIMS
            g.to_act = seat
            return True
        g.claim_order.pop(0)
    if g.phase == CLAIMS:
        close_claims(g)
    return False


def close_claims(g: State) -> None:
    """Nobody (else) claims: the bidding begins."""
    g.claim_order = []
    begin_trump_making(g)


def start_naming(g: State) -> None:
    g.phase = NAMING
    g.passes = 0
    g.to_act = (g.dealer + 1) % g.n


def end_auction(g: State) -> None:
    if g.high_bidder is None:
        holder = bidding.forced_bidder(g) if g.passes == g.n else None
        if holder is not None:  # the holder of the forced-bid card must bid
            g.to_act = holder
            return
        all_passed(g)
        return
    g.phase = AUCTION_CALL
    g.to_act = g.high_bidder


def all_passed(g: State) -> None:
    if g.rules.bidding.all_pass == _ALL_PASS_NO_TRUMP:
        g.trump = NO_TRUMP
        g.forced = True
        after_trump(g)
    else:
        finish_hand(g, thrown_in=True)


def take_upcard(g: State, seat: int, mandatory: bool) -> None:
    """``seat`` takes the upcard into hand and owes a discard (or, not
    ``mandatory``, may decline it)."""
    bidding.take_upcard(g, seat)
    g.phase = EXCHANGE if mandatory else TAKE_UPCARD


def decline_take(g: State) -> None:
    bidding.return_upcard(g)
    after_trump(g)


def after_trump(g: State) -> None:
    """Trump is fixed: the maker takes a small widow, calls a partner, a lone maker
    calls for best, then the defend-alone window opens, then stay/drop, then play."""
    if g.widow_cards and g.maker is not None and g.widow_holder is None:
        bidding.take_small_widow(g, g.maker)
        g.phase = EXCHANGE
        return
    if g.calls_partner and g.maker is not None and not g.partner_called:
        g.phase = PARTNER
        g.to_act = g.maker
        return
    if participation.maker_calls_for_best(g):
        assert g.maker is not None
        start_best(g, g.maker)
        return
    if participation.defend_window_opens(g):
        g.window_opened = True
        g.defend_queue = participation.defend_queue(g)
        if g.defend_queue:
            g.phase = DEFEND
            g.to_act = g.defend_queue[0]
            return
    participation_or_play(g)


def start_best(g: State, lone: int) -> None:
    g.best_served.append(lone)
    g.best_seat = lone
    g.best_queue = participation.best_queue(g, lone)
    g.phase = CALL_FOR_BEST
    g.to_act = lone


def best_step(g: State) -> None:
    g.best_queue.pop(0)
    if g.best_queue:
        g.to_act = g.best_queue[0][0]
        return
    lone, g.best_seat = g.best_seat, None
    if lone == g.maker:
        after_trump(g)  # then the defend-alone window
    else:
        participation_or_play(g)


def participation_or_play(g: State) -> None:
    g.defend_queue = []
    if participation.asks_stay_or_drop(g):
        g.stay_queue = participation.stay_queue(g)
        g.phase = STAY_DROP
        next_chooser(g)
        return
    start_play(g)


def next_chooser(g: State) -> None:
    """Turn to the next player who may stay or drop; those who must play are not asked."""
    while g.stay_queue:
        seat = g.stay_queue[0]
        participation.last_player_must_play(g, seat)
        if seat not in g.must_play:
            g.to_act = seat
            return
        g.stay_queue.pop(0)
    start_play(g)


def start_play(g: State) -> None:
    g.phase = PLAYING
    g.to_act = play.leader(g)
    play.ready_play(g)


def void_deal(g: State, policy: str) -> None:
    """End the hand as if never played: no trump, no maker, no tricks, no score;
    ``policy`` says who deals next."""
    g.misdealt = policy
    g.trump = g.maker = g.lone_defender = None
    g.alone = False
    g.tricks = [0] * g.n
    g.trick_winners = []
    g.renege_by = None
    finish_hand(g, thrown_in=True)


def finish_hand(g: State, thrown_in: bool) -> None:
    """Score the hand (the hand score is :func:`~.scoring.score_hand`), record its
    result, decide whether the game is won, pass the deal."""
    r = g.rules
    n_sides = len(g.sides)
    made: bool | None = None
    march = False
    if thrown_in:
        score = HandScore(tuple([0] * n_sides), None,
                          "thrown in" if g.misdealt is None else "misdeal")
    else:
        outcome = g.hand_outcome(g.tricks)
        score = score_hand(r, g.side_of, n_sides, outcome)
        made = makers_made(g.side_of, outcome)
        march = makers_marched(g.side_of, outcome)
        if g.three_hands_rule:
            for s in range(g.n):
                g.drop_streak[s] = g.drop_streak[s] + 1 if g.dropped[s] else 0
    for i, p in enumerate(score.points):
        g.scores[i] += p
    if g.misdealt is None:  # a void deal is dealt again: it is not a deal of the game
        g.deals += 1
    # tuple.__new__: without the named tuple's __new__, Python code (see hand_outcome)
    g.results.append(tuple.__new__(HandResult, (
        g.dealer, g.trump, g.maker, g.alone, g.lone_defender, thrown_in,
        tuple(g.tricks), score.points, tuple(g.scores), g.renege_by, score.reason,
        tuple(g.trick_winners), made, march,
        None if g.called < 0 or thrown_in else g.called,
        None if thrown_in or g.called < 0 else g.called_partner()[0],
        score.instant_winner, g.stuck_dealer and not thrown_in)))
    if score.instant_winner is not None:
        g.winners = [score.instant_winner]
    else:
        g.winners = game_winners(r, g.scores, g.deals)
    if g.misdealt != _SAME_DEALER:
        g.dealer = (g.dealer + 1) % g.n
    g.phase = GAME_OVER if g.winners is not None else DEAL
