"""The play of the cards: who leads, following suit, renege proofs, the trick,
and the whole-hand fast paths.

The follow-suit rule is :meth:`~euchre_dsl.cards.Deck.legal_plays` (through
:func:`legal_plays`), the trick winner :meth:`~euchre_dsl.cards.Deck.trick_winner`
(through :func:`settle_trick`); every play goes through them.

A play with nothing to prove -- every hand known, the seat on turn, a legal
card -- takes the fast path :func:`play_clean`; any other is judged by
:func:`judge_play`, which proves a renege only as far as the knowledge of
the hands allows.  Functions that move a card return whether that card
completed the hand's last trick; ``Machine`` then scores the hand.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable, Final, Sequence

from ..cards import SUIT_NAMES, count_cards, mask_cards
from .actions import PLAY, PLAYING, Action, IllegalAction
from .state import State

#: What :func:`play_clean` did with a play.
NOT_TAKEN: Final = 0
TAKEN: Final = 1
HAND_DONE: Final = 2  # taken, and it completed the last trick

#: Chooses a card index from a mask of legal cards: ``choose(game, seat, legal)``, the
#: game being the :class:`~euchre_dsl.engine.machine.Machine` played out (``Any`` here: the
#: rule modules stand below the game).  The one definition; ``Machine.play_out`` takes it.
PlayChooser = Callable[[Any, int, int], int]


def leader(g: State) -> int:
    """Who leads the first trick (play.lead, play.loner_lead), skipping sitters-out."""
    return first_leader(g.n, g.dealer, g.maker, g.maker if g.alone else g.lone_defender,
                        g.active, g.lead_maker, g.left_of_loner)


def first_leader(n: int, dealer: int, maker: int | None, lone: int | None,
                 active: Sequence[bool], lead_maker: bool, left_of_loner: bool) -> int:
    """The opening leader from the hand's facts alone (``lone``: the lone maker, else a
    lone defender, else None): the one rule, for the engine and for readers of
    records that do not say who played each card (EGN)."""
    if lead_maker and maker is not None:
        start = maker
    elif lone is not None and left_of_loner:
        start = (lone + 1) % n
    else:
        start = (dealer + 1) % n
    seat = start
    while not active[seat]:
        seat = (seat + 1) % n
    return seat


def ready_play(g: State) -> None:
    """Set up the tables the play reads under this hand's trump and seats."""
    assert g.trump is not None
    g.trick.clear()  # empty since the hand was reset: no new lists per hand
    g.trick_seats.clear()
    g.eff = g.deck.effective_suits[g.trump]
    g.follow = g.deck.suit_masks[g.trump]
    g.n_active = sum(g.active)
    g.next_seat = next_active(tuple(g.active))
    # every card's place known (a simulation, a complete record): plays may take
    # the fast path
    g.full_info = g.sure == g.cand and not any(g.void)


def legal_plays(g: State, seat: int) -> int:
    """Follow suit: the cards ``seat`` may play to the current trick, as a mask."""
    trick = g.trick
    return g.deck.legal_plays(g.cand[seat], trick[0] if trick else None,
                              g.trump)  # type: ignore[arg-type]


def play_menu(g: State, seat: int) -> list[Action]:
    return [Action(seat, PLAY, c) for c in mask_cards(legal_plays(g, seat))]


def play_clean(g: State, seat: int, card: int) -> int:
    """Take a play that has nothing to prove -- every hand known, the seat on turn,
    the card held and following suit when it can; return :data:`TAKEN` or
    :data:`HAND_DONE`.  Return :data:`NOT_TAKEN` (changing nothing) for any
    other, which :func:`judge_play` judges."""
    if seat != g.to_act or g.phase != PLAYING or not g.full_info:
        return NOT_TAKEN
    hand = g.cand[seat]
    trick = g.trick
    legal = g.deck.legal_plays(hand, trick[0] if trick else None, g.trump)  # type: ignore[arg-type]
    if not (legal >> card) & 1:
        return NOT_TAKEN
    return HAND_DONE if take(g, seat, card, hand ^ (1 << card)) else TAKEN


def take(g: State, seat: int, card: int, rest: int) -> bool:
    """Move a legal card of a fully known hand to the trick (``rest``: the hand after)."""
    g.played |= 1 << card
    g.cand[seat] = g.sure[seat] = rest
    g.count[seat] -= 1
    return advance(g, seat, card)


def advance(g: State, seat: int, card: int) -> bool:
    """Log a play and put its card on the trick (the hand it left is the caller's to
    update); pass the turn or settle the trick.  True after the hand's last trick."""
    g.hand_log.append((seat, PLAY, card, False))
    if card == g.called:  # the called card shows the maker's partner
        g.partner = seat
    trick = g.trick
    trick.append(card)
    g.trick_seats.append(seat)
    if len(trick) < g.n_active:
        g.to_act = g.next_seat[seat]
        return False
    return settle_trick(g)


def settle_trick(g: State) -> bool:
    """A full trick: its winner takes it and leads.  True after the hand's last trick."""
    winner = g.trick_seats[g.deck.trick_winner(g.trick, g.trump)]  # type: ignore[arg-type]
    g.tricks[winner] += 1
    g.trick_winners.append(winner)
    g.trick.clear()
    g.trick_seats.clear()
    g.to_act = winner
    return len(g.trick_winners) == g.hand_size


def replay_clean(g: State, seats: list[int], cards: list[int], start: int) -> int:
    """Take recorded plays, ``seats[i]`` playing ``cards[i]`` from ``i = start``,
    while :func:`play_clean` would take them; return how many.

    Stops at the first other play, or when the hand's last trick is complete
    (then the caller scores the hand).  Two lists of ints rather than a list
    of pairs: the validator fills them for every hand, without a tuple a play.

    The same rules as :func:`play_clean` and :func:`take` (the seat on turn,
    :meth:`~euchre_dsl.cards.Deck.legal_plays`, :func:`advance`), with the cards
    played kept in a local mask while it runs: the hands, the cards played and
    the counts are written back once, when it stops, instead of a boxed mask
    stored per play (the state is then exactly what those plays one by one
    leave).
    """
    if g.phase is not PLAYING or not g.full_info:  # a member: compared by identity
        return 0
    deck, trump, cand, trick = g.deck, g.trump, g.cand, g.trick
    assert trump is not None
    gone = 0  # the cards these plays took from the hands
    taken = 0
    for i in range(start, len(seats)):
        seat = seats[i]
        card = cards[i]
        if seat != g.to_act:
            break
        bit = 1 << card
        if not deck.legal_plays(cand[seat] & ~gone, trick[0] if trick else None, trump) & bit:
            break
        gone |= bit
        taken += 1
        if advance(g, seat, card):
            break
    _remove_played(g, gone)
    return taken


def _remove_played(g: State, gone: int) -> None:
    """Take the cards of ``gone``, played while their hands were kept as they were,
    out of the hands: what :func:`take` does card by card, once for a run of plays."""
    if not gone:
        return
    g.played |= gone
    cand, sure, count = g.cand, g.sure, g.count
    for s in range(g.n):
        mine = cand[s] & gone
        if mine:
            rest = cand[s] ^ mine
            cand[s] = rest
            sure[s] = rest  # equal to cand while every hand is known (full_info)
            count[s] -= count_cards(mine)


def play_out(g: State, game: Any, choosers: Sequence[PlayChooser | None],
             randoms: Sequence[Callable[[], float] | None] | None) -> None:
    """Play every remaining card of a fully known hand (see ``Machine.play_out``); returns
    when the last trick is complete.  ``game`` is what the choosers are given."""
    deck, trump, cand = g.deck, g.trump, g.cand
    assert trump is not None
    trick = g.trick
    # a list, indexed natively by compiled code (a Sequence is indexed by a generic call)
    draws = list(randoms) if randoms is not None else None
    if draws is not None and len(draws) == g.n and all(
            draws[s] is not None for s in range(g.n) if g.active[s]):
        _draw_out(g, draws)  # type: ignore[arg-type]  # every active seat draws
        return
    while True:
        seat = g.to_act
        hand = cand[seat]
        legal = deck.legal_plays(hand, trick[0] if trick else None, trump)
        rnd = draws[seat] if draws is not None else None
        if rnd is not None:
            card = draw_card(legal, rnd)
        else:
            card = choosers[seat](game, seat, legal)  # type: ignore[misc]
            if not (legal >> card) & 1:
                raise IllegalAction("illegal-action", f"bot for {g.labels[seat]} chose "
                                    f"{g.card_name(card)}, which is not a legal play")
        if take(g, seat, card, hand & ~(1 << card)):
            return


def draw_card(legal: int, rnd: Callable[[], float]) -> int:
    """The card a uniform draw picks from the mask ``legal``: the k-th lowest, for
    k = ``int(rnd() * count)``; a single legal card is played without a draw."""
    if legal & (legal - 1):
        k = int(rnd() * count_cards(legal))
        while k:
            legal &= legal - 1
            k -= 1
    return (legal & -legal).bit_length() - 1


def _draw_out(g: State, draws: list[Callable[[], float]]) -> None:
    """:func:`play_out` when every active seat plays a random card: nothing is asked
    of a chooser, so nothing reads the hands before the hand ends, and they are
    kept as dealt, with the cards played in a local mask, until then.  The same
    draws in the same order, the same cards and tricks as card by card
    (:func:`take`); the hands are written back once (:func:`_remove_played`)."""
    deck, trump, cand, trick = g.deck, g.trump, g.cand, g.trick
    assert trump is not None
    gone = 0
    while True:
        seat = g.to_act
        legal = deck.legal_plays(cand[seat] & ~gone, trick[0] if trick else None, trump)
        card = draw_card(legal, draws[seat])
        gone |= 1 << card
        if advance(g, seat, card):
            break
    _remove_played(g, gone)


def judge_play(g: State, seat: int, card: int, allow_renege: bool) -> bool:
    """Judge and take a play by the seat on turn that :func:`play_clean` did not
    take: raise ``card-not-held``, or a renege it proves (recorded instead
    when ``allow_renege``).  True when it completed the last trick."""
    bit = 1 << card
    if not g.cand[seat] & bit and not _hidden_by_show_out(g, seat, card):
        raise IllegalAction("card-not-held", _not_held_message(g, seat, card))
    eff = g.eff
    suit = eff[card]
    if (g.void[seat] >> suit) & 1:  # led, followed or thrown: it was held
        _renege_after_show_out(g, seat, card, suit, allow_renege)
    if g.trick:
        led_suit = eff[g.trick[0]]
        if suit != led_suit:
            follow = g.follow[led_suit]
            cand = g.cand[seat]
            if g.sure[seat] & follow:
                held = g.deck.format_mask(g.sure[seat] & follow)
                _renege(g, seat, card, led_suit, f"while holding {held}", allow_renege)
            elif count_cards((cand | g.shown_out[seat] & ~g.played) & ~follow) \
                    < g.count[seat]:
                # too few other cards to make up the hand (counting those its
                # show-outs ruled out, which it may yet hold): one of these is held
                held = g.deck.format_mask(cand & follow)
                _renege(g, seat, card, led_suit, f"while holding one of {held}", allow_renege)
            else:
                # showed out of the led suit: remember it for later proofs (a
                # proven renege shows nothing: the seat is known not to be void)
                g.void[seat] |= 1 << led_suit
                g.shown_out[seat] |= cand & follow
                g.cand[seat] = cand & ~follow
                g.shown_at.setdefault((seat, led_suit), (
                    count_cards(g.played), len(g.trick_winners) + 1))
    g.played |= bit
    g.cand[seat] &= ~bit
    g.sure[seat] &= ~bit
    g.count[seat] -= 1
    for s in range(g.n):
        if s != seat:
            g.cand[s] &= ~bit
    g.settle_knowledge(seat)
    return advance(g, seat, card)


def _suit_word(g: State, suit: int) -> str:
    if suit < 4:
        word = SUIT_NAMES[suit]
        return word + " (trump)" if suit == g.trump else word
    return "the joker's suit"


def _renege(g: State, seat: int, card: int, led_suit: int | None, proof: str,
            allow: bool, committed: int | None = None) -> None:
    """Report a renege; ``led_suit`` is None when the offence was an earlier show-out.

    ``committed`` is how many cards had been played when the offence was made
    (default: now).  A renege proven late -- by a later play, when the hand
    was hidden -- still counts from when it was made, so the first offence
    decides the penalty whatever order the proofs come in."""
    trick_no = len(g.trick_winners) + 1
    if led_suit is not None:
        msg = (f"{g.labels[seat]} reneged in trick {trick_no}: played "
               f"{g.card_name(card)} {proof}; {_suit_word(g, led_suit)} were led")
    else:
        verb = "plays" if g.trick else "leads"
        msg = (f"{g.labels[seat]} reneged: {verb} {g.card_name(card)} in trick "
               f"{trick_no} {proof}")
    if not allow:
        raise IllegalAction("renege", msg)
    at = count_cards(g.played) if committed is None else committed
    if g.renege_by is None or at < g.renege_at:
        g.renege_by = seat
        g.renege_note = msg
        g.renege_at = at
    g.last_renege_at = at
    g.last_renege = msg


def _hidden_by_show_out(g: State, seat: int, card: int) -> bool:
    """Was ``card`` ruled out of ``seat``'s hand only because the seat showed
    out of its suit?  Then playing it proves that renege; it is not an
    impossible card."""
    bit = 1 << card
    if not g.shown_out[seat] & bit or g.played & bit:
        return False
    return not any(g.sure[s] & bit for s in range(g.n) if s != seat)


def _renege_after_show_out(g: State, seat: int, card: int, suit: int, allow: bool) -> None:
    """A card of a suit the seat showed out of: that show-out was a renege.
    It is one offence, so the suit is no longer taken as void (a later card
    of it is not reported again)."""
    committed, trick = g.shown_at.pop((seat, suit), (None, 0))
    _renege(g, seat, card, None, f"after showing out of {_suit_word(g, suit)} in "
            f"trick {trick}", allow, committed)
    g.void[seat] &= ~(1 << suit)


def _not_held_message(g: State, seat: int, card: int) -> str:
    name = g.card_name(card)
    who = g.labels[seat]
    if (g.played >> card) & 1:
        return f"{who} played {name}, which was already played this hand"
    for s in range(g.n):
        if s != seat and (g.sure[s] >> card) & 1:
            return f"{who} played {name}, which {g.labels[s]} holds"
    if card in g.discarded:
        return f"{who} played {name}, which {g.labels[g.discarded[card]]} discarded"
    for s, dealt in enumerate(g.dealt):
        if s != seat and (dealt >> card) & 1:
            return f"{who} played {name}, which was dealt to {g.labels[s]}"
    if card in g.kitty:
        return f"{who} played {name}, which is in the kitty"
    if card == g.upcard:
        if g.turned_down is not None:
            return f"{who} played {name}, the upcard, which was turned down"
        return f"{who} played {name}, the upcard, which {who} did not take"
    if g.sure[seat] == g.cand[seat]:
        held = g.deck.format_mask(g.sure[seat]) or "nothing"
        return f"{who} played {name} but holds {held}"
    return f"{who} played {name}, which {who} cannot hold"


@lru_cache(maxsize=1024)
def next_active(active: tuple[bool, ...]) -> tuple[int, ...]:
    """For each seat, the next active seat clockwise."""
    n = len(active)
    out = []
    for s in range(n):
        t = (s + 1) % n
        while not active[t]:
            t = (t + 1) % n
        out.append(t)
    return tuple(out)
