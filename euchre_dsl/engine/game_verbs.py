"""The public :class:`~euchre_dsl.engine.game.Game`'s verbs, each beside its ``can_*``
predicate, and the conversions they share (a seat, a card, a suit or a hand as a
caller may give it: a face, its number, or its text).

A verb hands the action to the engine (:meth:`Machine.act
<euchre_dsl.engine.machine.Machine.act>`), which judges it and says why it refuses;
its predicate asks whether :meth:`Machine.legal_actions
<euchre_dsl.engine.machine.Machine.legal_actions>` lists the action.  The menu is
built from the same refusals the verbs apply, so "may I" and "I do" can never
disagree: there is one predicate of legality, the engine's.  They live apart from
``game.py`` so that each file reads in one sitting; :class:`GameVerbs` is a base of
``Game`` and nothing else.
"""

from __future__ import annotations

from typing import Sequence

from .actions import (
    BID, CALL, CALL_PARTNER, DECLINE, DEFEND_ALONE, DISCARD, DROP, GIVE, MISDEAL, ORDER_UP,
    PASS, PLAY, STAY, SWAP, TAKE_WIDOW, Action,
)
from .faces import Card, Hand, Seat, Suit
from .machine import Machine

__all__ = ["CardLike", "GameVerbs", "SeatLike"]

#: A card as a caller may give it: a :class:`Card`, its index, or its text.
CardLike = Card | int | str
#: A seat as a caller may give it: a :class:`Seat`, its number, or its label.
SeatLike = Seat | int | str


class GameVerbs:
    """The verbs and ``can_*`` predicates of :class:`~euchre_dsl.engine.game.Game`
    (its base: the engine is the game's ``_m``)."""

    __slots__ = ()
    _m: Machine

    def pass_(self, seat: SeatLike | None = None) -> None:
        """Pass (a bidding round, an auction, the widow's offer).

        >>> from euchre_dsl import Game
        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.pass_(); game.turn
        Seat.parse('S')
        """
        self._do(seat, PASS)

    def can_pass(self, seat: SeatLike | None = None) -> bool:
        """May the seat on turn (or ``seat``) pass now?

        >>> from euchre_dsl import Game
        >>> game = Game("standard", dealer="N")
        >>> game.can_pass()
        False
        >>> game.deal_random(1)
        >>> game.can_pass(), game.can_pass("S")
        (True, False)
        """
        return self._can(seat, PASS)

    def order_up(self, alone: bool = False, seat: SeatLike | None = None) -> None:
        """Order up the upcard (make its suit trump), alone if ``alone``.

        >>> from euchre_dsl import Game
        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.phase, game.turn
        (<Phase.EXCHANGE: 'exchange'>, Seat.parse('N'))
        """
        self._do(seat, ORDER_UP, None, alone)

    def can_order_up(self, alone: bool = False, seat: SeatLike | None = None) -> bool:
        """May the upcard be ordered up now (alone, if ``alone``)?

        >>> from euchre_dsl import Game
        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.can_order_up(), game.can_order_up(alone=True)
        (True, True)
        """
        return self._can(seat, ORDER_UP, None, alone)

    def call(self, suit: Suit | int | str, alone: bool = False,
             seat: SeatLike | None = None) -> None:
        """Name trump (``"H"``, a :class:`~euchre_dsl.engine.faces.Suit`, ``"NT"``).

        >>> from euchre_dsl import Game
        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> for _ in range(4): game.pass_()
        >>> game.call("H"); game.trump
        Suit.parse('H')
        """
        self._do(seat, CALL, self._suit(suit), alone)

    def can_call(self, suit: Suit | int | str, alone: bool = False,
                 seat: SeatLike | None = None) -> bool:
        """May trump be named ``suit`` now?  (Not the suit turned down.)

        >>> from euchre_dsl import Game
        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> for _ in range(4): game.pass_()
        >>> game.can_call("H"), game.can_call("S")
        (True, False)
        """
        return self._can(seat, CALL, self._suit(suit), alone)

    def bid(self, amount: int, seat: SeatLike | None = None) -> None:
        """Bid ``amount`` in an auction (variants with one).

        >>> from euchre_dsl import Game
        >>> game = Game("bid-euchre")
        >>> game.deal_random(1)
        >>> game.bid(3); game.actions
        (<Move E bid 3>,)
        """
        self._do(seat, BID, amount)

    def can_bid(self, amount: int, seat: SeatLike | None = None) -> bool:
        """May ``amount`` be bid now?

        >>> from euchre_dsl import Game
        >>> game = Game("bid-euchre")
        >>> game.deal_random(1)
        >>> game.bid(3); game.can_bid(3), game.can_bid(4)  # a bid must go higher
        (False, True)
        """
        return self._can(seat, BID, amount)

    def discard(self, card: CardLike, seat: SeatLike | None = None) -> None:
        """Put a card away (after taking the upcard, or calling for best).

        >>> from euchre_dsl import Game
        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.discard("9H"); game.phase
        <Phase.PLAY: 'play'>
        """
        self._do(seat, DISCARD, self._card(card))

    def can_discard(self, card: CardLike, seat: SeatLike | None = None) -> bool:
        """May ``card`` be put away now?

        >>> from euchre_dsl import Game
        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.can_discard("9H"), game.can_discard("AS")
        (True, False)
        """
        return self._can(seat, DISCARD, self._card(card))

    def play(self, card: CardLike, seat: SeatLike | None = None) -> None:
        """Play ``card`` to the trick.  A card that does not follow suit when the seat
        could raises ``IllegalAction`` with code ``renege``.

        >>> from euchre_dsl import Game
        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.discard("9H"); game.play("AD")
        >>> game.trick[0][1]
        Card.parse('AD')
        """
        self._do(seat, PLAY, self._card(card))

    def can_play(self, card: CardLike, seat: SeatLike | None = None) -> bool:
        """May ``card`` be played now (held, on turn, following suit)?

        >>> from euchre_dsl import Game
        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.discard("9H"); game.play("AD")
        >>> game.can_play("KH"), game.can_play("9D")  # South must follow diamonds
        (False, True)
        """
        return self._can(seat, PLAY, self._card(card))

    def take_widow(self, seat: SeatLike | None = None) -> None:
        """Take the widow in exchange for the whole hand (variants with a widow).

        >>> from euchre_dsl import Game
        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> game.take_widow()
        Traceback (most recent call last):
          ...
        euchre_dsl.engine.actions.IllegalAction: 'take_widow' is not allowed now (first round of bidding)
        """
        self._do(seat, TAKE_WIDOW)

    def can_take_widow(self, seat: SeatLike | None = None) -> bool:
        """May the widow be taken now?

        >>> from euchre_dsl import Game
        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> game.can_take_widow()
        False
        """
        return self._can(seat, TAKE_WIDOW)

    def call_partner(self, card: CardLike | None, seat: SeatLike | None = None) -> None:
        """As the maker, call ``card``: its holder is the partner for the hand
        (``None``: play alone).  Variants whose maker calls a partner only.

        >>> from euchre_dsl import Game
        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> game.call_partner("AH")
        Traceback (most recent call last):
          ...
        euchre_dsl.engine.actions.IllegalAction: 'call_partner' is not allowed now (first round of bidding)
        """
        self._do(seat, CALL_PARTNER, None if card is None else self._card(card), card is None)

    def can_call_partner(self, card: CardLike | None, seat: SeatLike | None = None) -> bool:
        """May the maker call ``card`` now (``None``: announce playing alone)?

        >>> from euchre_dsl import Game
        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> game.can_call_partner("AH")
        False
        """
        return self._can(seat, CALL_PARTNER, None if card is None else self._card(card),
                         card is None)

    def defend_alone(self, seat: SeatLike | None = None) -> None:
        """Defend alone against a lone maker (variants that allow it).

        >>> from euchre_dsl import Game
        >>> game = Game("standard")
        >>> game.can_defend_alone()
        False
        """
        self._do(seat, DEFEND_ALONE)

    def can_defend_alone(self, seat: SeatLike | None = None) -> bool:
        """May the seat defend alone now?

        >>> from euchre_dsl import Game
        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(alone=True); game.can_defend_alone()
        False
        """
        return self._can(seat, DEFEND_ALONE)

    def stay(self, seat: SeatLike | None = None) -> None:
        """Stay in the hand (variants where players may drop out).

        >>> from euchre_dsl import Game
        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> game.can_stay()
        False
        """
        self._do(seat, STAY)

    def can_stay(self, seat: SeatLike | None = None) -> bool:
        """May the seat stay in now?

        >>> from euchre_dsl import Game
        >>> Game("standard").can_stay()
        False
        """
        return self._can(seat, STAY)

    def drop(self, seat: SeatLike | None = None) -> None:
        """Drop out of the hand (variants where players may).

        >>> from euchre_dsl import Game
        >>> Game("standard").can_drop()
        False
        """
        self._do(seat, DROP)

    def can_drop(self, seat: SeatLike | None = None) -> bool:
        """May the seat drop out now?

        >>> from euchre_dsl import Game
        >>> Game("standard").can_drop()
        False
        """
        return self._can(seat, DROP)

    def decline(self, seat: SeatLike | None = None) -> None:
        """Decline an optional declaration (defending alone, a claim, taking the
        upcard after an auction); never recorded.

        >>> from euchre_dsl import Game
        >>> Game("standard").can_decline()
        False
        """
        self._do(seat, DECLINE)

    def can_decline(self, seat: SeatLike | None = None) -> bool:
        """Is an optional declaration open that the seat may decline?

        >>> from euchre_dsl import Game
        >>> Game("standard").can_decline()
        False
        """
        return self._can(seat, DECLINE)

    def give(self, card: CardLike, seat: SeatLike | None = None) -> None:
        """Give ``card`` to a lone partner who called for best (variants with it).

        >>> from euchre_dsl import Game
        >>> Game("standard").can_give("AS")
        False
        """
        self._do(seat, GIVE, self._card(card))

    def can_give(self, card: CardLike, seat: SeatLike | None = None) -> bool:
        """May ``card`` be given to the lone partner now?

        >>> from euchre_dsl import Game
        >>> Game("standard").can_give("AS")
        False
        """
        return self._can(seat, GIVE, self._card(card))

    def swap(self, cards: Hand | str | int, seat: SeatLike | None = None) -> None:
        """Claim a farmer's hand: put these three cards away for the kitty (variants
        with the claim).

        >>> from euchre_dsl import Game
        >>> Game("standard").can_swap("9C TC 9D")
        False
        """
        self._do(seat, SWAP, self._mask(cards))

    def can_swap(self, cards: Hand | str | int, seat: SeatLike | None = None) -> bool:
        """May these cards be swapped for the kitty now?

        >>> from euchre_dsl import Game
        >>> Game("standard").can_swap("9C TC 9D")
        False
        """
        return self._can(seat, SWAP, self._mask(cards))

    def misdeal(self, cards: Hand | str | int | None = None,
                seat: SeatLike | None = None) -> None:
        """Call the deal void: by showing a hand the variant lets void it, or
        (``cards`` left out) for a fault in the deal, which any seat may report.

        >>> from euchre_dsl import Game
        >>> Game("standard").can_misdeal("9C TC 9D JH QH")
        False
        """
        self._do(seat, MISDEAL, None if cards is None else self._mask(cards))

    def can_misdeal(self, cards: Hand | str | int, seat: SeatLike | None = None) -> bool:
        """May the seat void the deal by showing ``cards``?  (A fault in the deal is an
        accident to report, not a decision: :meth:`legal_actions` never lists it.)

        >>> from euchre_dsl import Game
        >>> Game("standard").can_misdeal("9C TC 9D JH QH")
        False
        """
        return self._can(seat, MISDEAL, self._mask(cards))

    # ================================================================= inside
    def _seat(self, seat: SeatLike | None) -> int:
        if seat is None:
            return self._m.to_act
        if isinstance(seat, str):
            return Seat.parse(seat, self._m.labels)
        return int(seat)

    def _card(self, card: CardLike) -> int:
        return self._m.deck.parse(card) if isinstance(card, str) else int(card)

    def _cards(self, cards: Sequence[CardLike | None]) -> list[int | None]:
        return [None if c is None else self._card(c) for c in cards]

    def _mask(self, cards: Hand | str | int) -> int:
        if isinstance(cards, str):
            return int(Hand.parse(cards, self._m.deck))
        return int(cards)

    def _suit(self, suit: Suit | int | str) -> int:
        return Suit.parse(suit) if isinstance(suit, str) else int(suit)

    def _do(self, seat: SeatLike | None, verb: str, arg: int | None = None,
            alone: bool = False) -> None:
        """Take the action: the engine judges it (and says why it refuses)."""
        self._m.act(self._seat(seat), verb, arg, alone)

    def _can(self, seat: SeatLike | None, verb: str, arg: int | None = None,
             alone: bool = False) -> bool:
        """Is the action one :meth:`legal_actions` lists?  The one predicate of
        legality: the menu is built from the refusals the verbs apply."""
        if self._m.hand_over:
            return False
        return Action(self._seat(seat), verb, arg, alone) in self._m.legal_actions()
