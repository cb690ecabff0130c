"""What one seat may know: the only window a bot has on the game.

A :class:`SeatView` is made for one decision of one seat.  It reads the
engine's state when asked and answers only with what that seat may know at
the table: its own hand (as dealt and now), the upcard and who took it, every
public action (another seat's discard and a card given face down to someone
else show as ``None``), the tricks, the scores.  Other seats' hands, the
kitty and an untaken widow are never part of it.

It is cheap to make (two attribute stores), because a bot is asked for a card
about twenty times a hand: what a bot reads, it pays for.  A view is valid for
the decision it was given for; a bot that keeps one must copy what it needs.
"""

from __future__ import annotations

from typing import Callable

from ..cards import Deck
from . import bidding
from .actions import DEAL, DISCARD, GAME_OVER, GIVE, PLAY, Action, ActionTuple
from .deal_claims import SWAP_SIZE
from .machine import Machine
from ..rules.ruleset import Reveal, RuleSet

_AT_ONCE = Reveal.AT_ONCE


class SeatView:
    """One seat's knowledge of the game, for one decision."""

    def __init__(self, game: Machine, seat: int) -> None:
        self._game = game
        #: The seat deciding.
        self.seat = seat

    def __repr__(self) -> str:
        """Who decides, in which phase, holding what: what a bot's author wants to see
        when printing the view it was given.

        >>> from euchre_dsl.rules.registry import load_variant
        >>> game = Machine(load_variant("standard"), dealer=0)
        >>> game.deal([[0, 1, 2, 3, 4], None, None, None], upcard=20)
        >>> SeatView(game, 0)
        <SeatView N · order_up_round · E to act · hand K♣ Q♣ J♣ 10♣ 9♣ · upcard J♠>
        """
        g = self._game
        words = [f"SeatView {g.labels[self.seat]}", str(g.phase)]
        if g.phase is not DEAL and g.phase is not GAME_OVER:
            words.append(f"{g.labels[g.to_act]} to act")
        words.append("hand " + (g.deck.format_mask(self.hand, symbols=True) or "-"))
        if g.upcard is not None and g.trump is None:
            words.append("upcard " + g.deck.symbols[g.upcard])
        if g.trick:
            words.append("trick " + " ".join(g.deck.symbols[c] for c in g.trick))
        return "<" + " · ".join(words) + ">"

    # ---------------------------------------------------------- the table
    @property
    def rules(self) -> RuleSet:
        return self._game.rules

    @property
    def deck(self) -> Deck:
        """The deck and its tables (effective suits, trick powers): the one source
        of card strength for every bot."""
        return self._game.deck

    @property
    def n(self) -> int:
        return self._game.n

    @property
    def labels(self) -> tuple[str, ...]:
        return self._game.labels

    @property
    def side_of(self) -> tuple[int, ...]:
        return self._game.side_of

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self._game.sides

    @property
    def side(self) -> int:
        """The seat's own side (its partnership, or itself in an individual game)."""
        return self._game.side_of[self.seat]

    @property
    def scores(self) -> tuple[int, ...]:
        """Running scores per side, before this hand."""
        return tuple(self._game.scores)

    @property
    def deals(self) -> int:
        """Deals completed in this game."""
        return self._game.deals

    @property
    def drop_streak(self) -> tuple[int, ...]:
        """Hands each seat dropped out of in a row (the three-hands rule)."""
        return tuple(self._game.drop_streak)

    @property
    def dealer(self) -> int:
        return self._game.dealer

    @property
    def phase(self) -> str:
        return self._game.phase

    @property
    def to_act(self) -> int:
        return self._game.to_act

    # ------------------------------------------------------ own cards
    @property
    def hand(self) -> int:
        """Mask of the cards the seat holds now."""
        return self._game.sure[self.seat]

    @property
    def dealt(self) -> int:
        """Mask of the seat's hand as dealt (before any exchange)."""
        dealt = self._game.dealt
        return dealt[self.seat] if dealt else 0

    @property
    def swapped_in(self) -> int:
        """Mask of the cards this seat took from the kitty by a farmer's-hand swap (0
        when it did not swap): it has seen them.  Only those the game knows (a record
        that does not list its kitty leaves them unknown here too)."""
        g = self._game
        if g.swapped != self.seat:
            return 0
        out = 0
        for c in g.kitty[:SWAP_SIZE]:
            if c is not None:
                out |= 1 << c
        return out

    @property
    def discarded(self) -> int:
        """Mask of the cards this seat put away this hand."""
        out = 0
        for a in self._game.hand_log:
            if a[0] == self.seat and a[1] == DISCARD and a[2] is not None:
                out |= 1 << a[2]
        return out

    # ------------------------------------------------------ the bidding
    @property
    def upcard(self) -> int | None:
        return self._game.upcard

    def upcard_suit(self) -> int:
        """The suit ordering up the upcard would make trump (a turned-up joker's
        suit is the variant's choice)."""
        return self._game.upcard_suit()

    @property
    def upcard_holder(self) -> int | None:
        """Who took the upcard into hand (it may since have been played, or
        discarded where that is allowed)."""
        return self._game.upcard_holder

    @property
    def pass_throws_in(self) -> bool:
        """Passing now throws the hand in (:func:`~euchre_dsl.engine.bidding.pass_throws_in`):
        this seat is the last who may make trump, and no one else will."""
        return bidding.pass_throws_in(self._game, self.seat)

    @property
    def turned_down(self) -> int | None:
        """The suit turned down in the first round, if it was."""
        return self._game.turned_down

    @property
    def trump(self) -> int | None:
        return self._game.trump

    @property
    def maker(self) -> int | None:
        return self._game.maker

    @property
    def alone(self) -> bool:
        return self._game.alone

    @property
    def called(self) -> int | None:
        """The card the maker called for a partner (said aloud), if any."""
        called = self._game.called
        return None if called < 0 else called

    @property
    def partner(self) -> int | None:
        """The maker's called partner, as far as this seat knows: whoever played the
        called card; this seat itself while it holds the card (the maker holding it
        knows it plays alone); under ``partner.reveal: at_once`` its holder.  None
        while the partner is hidden from this seat, or when there is none."""
        g = self._game
        if g.called < 0:
            return None
        if g.partner is not None:
            return g.partner
        if (g.sure[self.seat] >> g.called) & 1:
            return self.seat
        if g.rules.partner.reveal == _AT_ONCE:
            return g.card_holder(g.called)
        return None

    def allied(self, other: int) -> bool:
        """Does ``other`` play on this seat's side in this hand, as far as it knows: its
        partnership, and a maker and called partner once this seat knows the pair and
        is one of them."""
        g = self._game
        if g.side_of[other] == g.side_of[self.seat]:
            return True
        mate = self.partner
        maker = g.maker
        if mate is None or maker is None:
            return False
        return (self.seat == maker or self.seat == mate) and (other == maker or other == mate)

    @property
    def lone_defender(self) -> int | None:
        return self._game.lone_defender

    @property
    def forced(self) -> bool:
        """Trump was fixed without a maker: everyone plays."""
        return self._game.forced

    @property
    def high_bid(self) -> int:
        return self._game.high_bid

    @property
    def high_bidder(self) -> int | None:
        return self._game.high_bidder

    @property
    def passes(self) -> int:
        """Passes so far in the current bidding round."""
        return self._game.passes

    @property
    def active(self) -> tuple[bool, ...]:
        """Who plays this hand (a loner's partner and dropped players do not)."""
        return tuple(self._game.active)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the hand so far, as the seat saw them: another seat's
        discard, and a card given face down to someone else, have ``None`` for a card."""
        return tuple(Action._make(a) for a in self.seen_log())

    def seen_log(self) -> list[ActionTuple]:
        """:attr:`actions` as plain tuples (the hand log's shape), for readers that
        take every action at every decision (the learning environment's observation):
        the one place that says which cards of the log this seat sees."""
        out: list[ActionTuple] = []
        me = self.seat
        receiver = -1  # who the cards given face down go to (the last to discard)
        for a in self._game.hand_log:
            seat, verb, arg, alone = a
            if verb == DISCARD:
                receiver = seat
                if seat != me:
                    arg = None
            elif verb == GIVE and seat != me and receiver != me:
                arg = None
            out.append((seat, verb, arg, alone))
        return out

    # ------------------------------------------------------ the play
    @property
    def plays(self) -> tuple[tuple[int, int], ...]:
        """``(seat, card)`` of every card played this hand, in order."""
        return tuple((a[0], a[2]) for a in self._game.hand_log
                     if a[1] == PLAY and a[2] is not None)

    @property
    def played(self) -> int:
        """Mask of the cards played this hand."""
        return self._game.played

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards on the table in the current trick, in play order."""
        return tuple(self._game.trick)

    @property
    def trick_seats(self) -> tuple[int, ...]:
        return tuple(self._game.trick_seats)

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks taken so far, per seat."""
        return tuple(self._game.tricks)

    @property
    def trick_winners(self) -> tuple[int, ...]:
        return tuple(self._game.trick_winners)

    @property
    def voids(self) -> tuple[int, ...]:
        """Per seat, a bit mask of the effective suits it showed out of this hand
        (bit ``s`` for suit ``s``), read from the tricks."""
        out = [0] * self.n
        trump = self._game.trump
        if trump is None:
            return tuple(out)
        eff = self._game.deck.effective_suits[trump]
        active = sum(self._game.active)
        led = -1
        i = 0
        for seat, card in self.plays:
            if i % active == 0:
                led = eff[card]
            elif eff[card] != led:
                out[seat] |= 1 << led
            i += 1
        return tuple(out)

    @property
    def unseen(self) -> int:
        """Cards this seat has not seen: in other hands, the kitty or a widow, or
        put away by someone else."""
        g = self._game
        seen = self.hand | self.dealt | self.discarded | g.played
        if g.upcard is not None:
            seen |= 1 << g.upcard
        return g.deck.full_mask & ~seen


def view_chooser(play: Callable[[SeatView, int], int]) -> Callable[[Machine, int, int], int]:
    """Adapt a bot's ``play(view, legal)`` to :meth:`Machine.play_out`'s chooser,
    which is called with the game itself: the bot gets the seat's view only."""

    def choose(game: Machine, seat: int, legal: int) -> int:
        return play(SeatView(game, seat), legal)

    return choose
