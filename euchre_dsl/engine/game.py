"""A game of euchre for people: the library's small public face of the engine.

:class:`Game` is what a notebook, a script or a tutorial holds.  Its state is a
few dozen typed, documented properties whose values print as a table shows
them -- a :class:`~.faces.Card`, a :class:`~.faces.Seat`, a :class:`~.faces.Suit`,
a :class:`~.actions.Phase` -- and each decision is a verb that takes cards and
seats as those values, as text (``"JH"``, ``"E"``) or as the engine's ints, with
a ``can_*`` predicate beside it.

Why a face in front of the engine rather than the engine itself: the engine,
:class:`~.machine.Machine`, is the int state machine that bots, searches,
replay, validation and simulation drive millions of times.  Its state is a
hundred plain attributes (knowledge masks, queues, caches) kept plain for
speed, and they are nothing a reader of ``dir(game)`` should meet.  So a
:class:`Game` holds one machine in a private slot and answers from it; no hot
loop goes through here, and nothing here is copied from the engine.  (The
model is pokerkit's ``State`` and python-chess's ``Board``.)

One rule, one place: every verb hands its action to the machine, which judges
it with the rule modules' refusal functions, and every ``can_*`` asks whether
the action is among :meth:`Game.legal_actions`, the menu the machine builds
from those same functions -- so whether an action is legal and whether it is
listed cannot disagree.

    >>> game = Game("standard", dealer="N")
    >>> game.deal(["9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS"],
    ...           upcard="JS")
    >>> game.turn, game.upcard, game.phase
    (Seat.parse('E'), Card.parse('JS'), <Phase.ORDER_UP_ROUND: 'order_up_round'>)
    >>> game.pass_()
    >>> game.can_order_up(), game.can_call("H")
    (True, False)
    >>> game.order_up()
    >>> game.discard("9C")
    >>> game.trump, game.maker, game.phase
    (Suit.parse('S'), Seat.parse('S'), <Phase.PLAY: 'play'>)
"""

from __future__ import annotations

from typing import Any, Sequence

from ..rng import RandomSource, Rng
from ..rules.registry import load_variant
from ..rules.ruleset import RuleSet
from ..cards import Deck
from .actions import (
    BID, CALL, CALL_PARTNER, DECLINE, DEFEND_ALONE, DISCARD, DROP, GAME_OVER, GIVE, MISDEAL,
    ORDER_UP, PASS, PLAY, STAY, SWAP, TAKE_WIDOW, Action, Phase,
)
from .faces import Card, Hand, Move, Result, Seat, Suit, moves
from .machine import Machine
from .state import DEFAULT_LABELS
from .table import summary, table_svg, table_text
from .view import SeatView

__all__ = ["Game", "as_game", "machine_of"]

#: A card as a caller may give it: a :class:`Card`, its index, or its text.
CardLike = Card | int | str
#: A seat as a caller may give it: a :class:`Seat`, its number, or its label.
SeatLike = Seat | int | str


class Game:
    """A game in progress under one variant's rules.

    ``rules`` is a :class:`~euchre_dsl.rules.ruleset.RuleSet` or a shipped variant's
    id; ``dealer`` the first hand's dealer (a seat, its number or label);
    ``labels`` the seats' names (``N E S W`` at four seats); ``start_scores`` the
    sides' scores to start from.

    >>> game = Game("standard")
    >>> game
    <Game standard · 0 hands played · N deals next · N+S 0, E+W 0>
    >>> Game("standard", dealer="E").dealer, Game("standard", dealer=1).dealer
    (Seat.parse('E'), Seat.parse('E'))
    """

    __slots__ = ("_m",)

    def __init__(self, rules: RuleSet | str, labels: Sequence[str] | None = None,
                 dealer: SeatLike = 0, start_scores: Sequence[int] | None = None) -> None:
        ruleset = load_variant(rules) if isinstance(rules, str) else rules
        names = tuple(labels) if labels else DEFAULT_LABELS[ruleset.players.count]
        first = Seat.parse(dealer, names) if isinstance(dealer, str) else int(dealer)
        self._m = Machine(ruleset, labels, first, start_scores)

    @classmethod
    def _over(cls, machine: Machine) -> Game:
        """The game whose engine is ``machine`` (shared, not copied)."""
        game = cls.__new__(cls)
        game._m = machine
        return game

    # ================================================================= the table
    @property
    def rules(self) -> RuleSet:
        """The variant's rules.

        >>> Game("standard").rules.name
        'Standard euchre'
        """
        return self._m.rules

    @property
    def deck(self) -> Deck:
        """The variant's deck (it reads and names cards).

        >>> Game("standard").deck.size, Game("six-hand").deck.size
        (24, 32)
        """
        return self._m.deck

    @property
    def labels(self) -> tuple[str, ...]:
        """The seats' names, in the order of play.

        >>> Game("standard").labels
        ('N', 'E', 'S', 'W')
        """
        return self._m.labels

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Every seat, in the order of play.

        >>> Game("standard").seats
        (Seat.parse('N'), Seat.parse('E'), Seat.parse('S'), Seat.parse('W'))
        """
        labels = self._m.labels
        return tuple(Seat(s, labels) for s in range(self._m.n))

    @property
    def side_names(self) -> tuple[str, ...]:
        """The sides (partnerships, or single players), as :attr:`scores` lists them.

        >>> Game("standard").side_names
        ('N+S', 'E+W')
        """
        return self._m.side_names

    @property
    def scores(self) -> tuple[int, ...]:
        """The running score of each side.

        >>> Game("standard", start_scores=[3, 7]).scores
        (3, 7)
        """
        return tuple(self._m.scores)

    @property
    def dealer(self) -> Seat:
        """Who deals the hand in progress (between hands: the next one).

        >>> Game("standard", dealer="W").dealer
        Seat.parse('W')
        """
        return Seat(self._m.dealer, self._m.labels)

    @property
    def phase(self) -> Phase:
        """What the game waits for.

        >>> game = Game("standard")
        >>> game.phase
        <Phase.DEAL: 'deal'>
        >>> game.deal_random(1)
        >>> str(game.phase)
        'order_up_round'
        """
        return self._m.phase

    @property
    def turn(self) -> Seat | None:
        """The seat to act, or ``None`` between hands.

        >>> game = Game("standard", dealer="N")
        >>> print(game.turn)
        None
        >>> game.deal_random(1)
        >>> game.turn
        Seat.parse('E')
        """
        if self._m.hand_over:
            return None
        return Seat(self._m.to_act, self._m.labels)

    @property
    def is_over(self) -> bool:
        """Has a side won the game?

        >>> game = Game("standard", dealer="N", start_scores=[9, 8])
        >>> game.is_over
        False
        >>> game.deal_random(1); game.play_randomly(1)
        >>> game.is_over, game.scores
        (True, (11, 8))
        """
        return self._m.is_over

    @property
    def hand_over(self) -> bool:
        """Is the game between hands (the next call is :meth:`deal`)?

        >>> game = Game("standard")
        >>> game.hand_over
        True
        >>> game.deal_random(1)
        >>> game.hand_over
        False
        """
        return self._m.hand_over

    @property
    def winners(self) -> tuple[str, ...]:
        """The sides that won the game (none until it is over).

        >>> game = Game("standard", dealer="N", start_scores=[9, 8])
        >>> game.winners
        ()
        >>> game.deal_random(1); game.play_randomly(1)
        >>> game.winners
        ('N+S',)
        """
        names = self._m.side_names
        return tuple(names[w] for w in self._m.winners or ())

    # ================================================================= the hand
    @property
    def upcard(self) -> Card | None:
        """The card turned up for the bidding (``None`` before the deal, and in
        variants without one).

        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> game.upcard
        Card.parse('AS')
        """
        up = self._m.upcard
        return None if up is None else Card(up, self._m.deck)

    @property
    def trump(self) -> Suit | None:
        """Trump (or the contract, such as no trump), once made.

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> print(game.trump)
        None
        >>> game.order_up(); game.trump
        Suit.parse('S')
        """
        trump = self._m.trump
        return None if trump is None else Suit(trump)

    @property
    def maker(self) -> Seat | None:
        """Who made trump (``None`` before, or when trump was fixed without a maker).

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.maker
        Seat.parse('E')
        """
        maker = self._m.maker
        return None if maker is None else Seat(maker, self._m.labels)

    @property
    def alone(self) -> bool:
        """Does the maker play alone?

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(alone=True); game.alone
        True
        """
        return self._m.alone

    @property
    def hands(self) -> tuple[Hand, ...]:
        """Each seat's cards, as far as the game knows them (every card, in a dealt
        game; only the known ones when a record hid some).

        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> [len(hand) for hand in game.hands]
        [5, 5, 5, 5]
        """
        deck = self._m.deck
        return tuple(Hand(mask, deck) for mask in self._m.sure)

    def hand(self, seat: SeatLike) -> Hand:
        """One seat's cards (as :attr:`hands` knows them).

        >>> game = Game("standard")
        >>> game.deal(["9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH",
        ...            "QH KH AH 9S TS"], upcard="JS")
        >>> print(game.hand("E"))
        Q♦ J♦ 10♦ 9♦ A♣
        >>> game.hand(0) == game.hands[0]
        True
        """
        return Hand(self._m.sure[self._seat(seat)], self._m.deck)

    @property
    def trick(self) -> tuple[tuple[Seat, Card], ...]:
        """The trick in progress: who played which card, in order.

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.discard(game.legal_moves()[0].arg)
        >>> game.play(game.legal_moves()[0].arg)
        >>> [(str(seat), str(card)) for seat, card in game.trick]
        [('E', '9♣')]
        """
        m = self._m
        return tuple((Seat(s, m.labels), Card(c, m.deck)) for s, c in zip(m.trick_seats, m.trick))

    @property
    def tricks(self) -> tuple[int, ...]:
        """Tricks taken so far in this hand, per side (as :attr:`side_names`).

        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> game.tricks
        (0, 0)
        """
        m = self._m
        return tuple(sum(m.tricks[s] for s in side) for side in m.sides)

    @property
    def actions(self) -> tuple[Move, ...]:
        """Every action of the hand in progress (or the last one), in order.

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.pass_(); game.order_up()
        >>> [str(move) for move in game.actions]
        ['E pass', 'S order_up']
        """
        return moves([Action._make(a) for a in self._m.hand_log], self._m.labels,
                     self._m.deck)

    @property
    def results(self) -> tuple[Result, ...]:
        """The result of every hand played, in order.

        >>> game = Game("standard")
        >>> game.results
        ()
        """
        m = self._m
        return tuple(Result.of(r, m.labels, m.deck) for r in m.results)

    @property
    def last_result(self) -> Result | None:
        """The result of the last hand played (``None`` before the first ends).

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.play_randomly(2)
        >>> game.last_result.reason, game.last_result.maker, game.scores
        ('euchred', Seat.parse('E'), (2, 0))
        """
        results = self._m.results
        return Result.of(results[-1], self._m.labels, self._m.deck) if results else None

    # ================================================================= dealing
    def deal(self, hands: Sequence[str | Sequence[CardLike | None] | None],
             upcard: CardLike | None = None, widow: Sequence[CardLike | None] | None = None,
             kitty: Sequence[CardLike | None] | None = None) -> None:
        """Start a hand with known cards: ``hands[seat]`` as text (``"9C TC JC QC KC"``),
        a list of cards (``None`` for a card not known), or ``None`` for a hand not
        known; ``kitty`` the undealt cards, top first.  Raises ``ValueError`` with the
        reason for an impossible deal.

        >>> game = Game("standard")
        >>> game.deal(["9C TC JC QC KC", None, None, None], upcard="JS")
        >>> game.upcard, len(game.hand("E"))
        (Card.parse('JS'), 0)
        >>> game.deal([["9C"], None, None, None])
        Traceback (most recent call last):
          ...
        euchre_dsl.engine.actions.IllegalAction: the previous hand is not finished
        """
        cards = [None if h is None else
                 self._cards(h.split() if isinstance(h, str) else h) for h in hands]
        self._m.deal(cards, None if upcard is None else self._card(upcard),
                     None if widow is None else self._cards(widow),
                     None if kitty is None else self._cards(kitty))

    def deal_random(self, seed: int | RandomSource) -> None:
        """Shuffle and deal by the variant's packets: ``seed`` is a number (the same
        number, the same deal on any machine) or a source of random numbers
        (``random.Random``).

        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> print(game.hand("N"), "|", game.upcard)
        9♥ K♦ J♦ Q♣ 10♣ | A♠
        """
        self._m.deal_random(Rng(seed) if isinstance(seed, int) else seed)

    # ================================================================= deciding
    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the rules allow now, for the seat on turn, as plain
        :class:`~euchre_dsl.engine.actions.Action` tuples (what a bot returns).

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.legal_actions()[0]
        Action(seat=1, verb='pass', arg=None, alone=False)
        """
        return self._m.legal_actions()

    def legal_moves(self) -> tuple[Move, ...]:
        """:meth:`legal_actions` with faces: the same actions, in the same order, as
        :class:`~euchre_dsl.engine.faces.Move` values that print as records spell them.

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> [str(move) for move in game.legal_moves()]
        ['E pass', 'E order_up', 'E order_up alone']
        >>> game.legal_moves() == game.legal_actions()
        True
        """
        return moves(self._m.legal_actions(), self._m.labels, self._m.deck)

    def apply(self, action: Action | tuple[int, str, int | None, bool]) -> None:
        """Take one action (an :class:`~euchre_dsl.engine.actions.Action` or a
        :class:`~euchre_dsl.engine.faces.Move`, as :meth:`legal_actions` and
        :meth:`legal_moves` list them).  An action the rules do not allow raises
        :class:`~euchre_dsl.engine.actions.IllegalAction` saying why, and changes
        nothing.

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.apply(game.legal_moves()[1])
        >>> str(game.actions[-1])
        'E order_up'
        >>> game.apply(Action(0, "pass"))
        Traceback (most recent call last):
          ...
        euchre_dsl.engine.actions.IllegalAction: 'pass' is not allowed now (the upcard taker must discard)
        """
        self._m.act(action[0], action[1], action[2], action[3])

    def view(self, seat: SeatLike) -> SeatView:
        """What ``seat`` may know now: the :class:`~euchre_dsl.engine.view.SeatView`
        a bot decides from.

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.view("E")
        <SeatView E · order_up_round · E to act · hand 9♠ Q♥ J♥ A♦ 9♣ · upcard A♠>
        """
        return SeatView(self._m, self._seat(seat))

    # the verbs, each with its predicate: the action for the seat on turn (or
    # ``seat``), judged by the engine; ``can_*`` is whether legal_actions lists it

    def pass_(self, seat: SeatLike | None = None) -> None:
        """Pass (a bidding round, an auction, the widow's offer).

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.pass_(); game.turn
        Seat.parse('S')
        """
        self._do(seat, PASS)

    def can_pass(self, seat: SeatLike | None = None) -> bool:
        """May the seat on turn (or ``seat``) pass now?

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

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.phase, game.turn
        (<Phase.EXCHANGE: 'exchange'>, Seat.parse('N'))
        """
        self._do(seat, ORDER_UP, None, alone)

    def can_order_up(self, alone: bool = False, seat: SeatLike | None = None) -> bool:
        """May the upcard be ordered up now (alone, if ``alone``)?

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.can_order_up(), game.can_order_up(alone=True)
        (True, True)
        """
        return self._can(seat, ORDER_UP, None, alone)

    def call(self, suit: Suit | int | str, alone: bool = False,
             seat: SeatLike | None = None) -> None:
        """Name trump (``"H"``, a :class:`~euchre_dsl.engine.faces.Suit`, ``"NT"``).

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

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> for _ in range(4): game.pass_()
        >>> game.can_call("H"), game.can_call("S")
        (True, False)
        """
        return self._can(seat, CALL, self._suit(suit), alone)

    def bid(self, amount: int, seat: SeatLike | None = None) -> None:
        """Bid ``amount`` in an auction (variants with one).

        >>> game = Game("bid-euchre")
        >>> game.deal_random(1)
        >>> game.bid(3); game.actions
        (<Move E bid 3>,)
        """
        self._do(seat, BID, amount)

    def can_bid(self, amount: int, seat: SeatLike | None = None) -> bool:
        """May ``amount`` be bid now?

        >>> game = Game("bid-euchre")
        >>> game.deal_random(1)
        >>> game.bid(3); game.can_bid(3), game.can_bid(4)  # a bid must go higher
        (False, True)
        """
        return self._can(seat, BID, amount)

    def discard(self, card: CardLike, seat: SeatLike | None = None) -> None:
        """Put a card away (after taking the upcard, or calling for best).

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.discard("9H"); game.phase
        <Phase.PLAY: 'play'>
        """
        self._do(seat, DISCARD, self._card(card))

    def can_discard(self, card: CardLike, seat: SeatLike | None = None) -> bool:
        """May ``card`` be put away now?

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.can_discard("9H"), game.can_discard("AS")
        (True, False)
        """
        return self._can(seat, DISCARD, self._card(card))

    def play(self, card: CardLike, seat: SeatLike | None = None) -> None:
        """Play ``card`` to the trick.  A card that does not follow suit when the seat
        could raises ``IllegalAction`` with code ``renege``.

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.discard("9H"); game.play("AD")
        >>> game.trick[0][1]
        Card.parse('AD')
        """
        self._do(seat, PLAY, self._card(card))

    def can_play(self, card: CardLike, seat: SeatLike | None = None) -> bool:
        """May ``card`` be played now (held, on turn, following suit)?

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(); game.discard("9H"); game.play("AD")
        >>> game.can_play("KH"), game.can_play("9D")  # South must follow diamonds
        (False, True)
        """
        return self._can(seat, PLAY, self._card(card))

    def take_widow(self, seat: SeatLike | None = None) -> None:
        """Take the widow in exchange for the whole hand (variants with a widow).

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

        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> game.can_take_widow()
        False
        """
        return self._can(seat, TAKE_WIDOW)

    def call_partner(self, card: CardLike | None, seat: SeatLike | None = None) -> None:
        """As the maker, call ``card``: its holder is the partner for the hand
        (``None``: play alone).  Variants whose maker calls a partner only.

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

        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> game.can_call_partner("AH")
        False
        """
        return self._can(seat, CALL_PARTNER, None if card is None else self._card(card),
                         card is None)

    def defend_alone(self, seat: SeatLike | None = None) -> None:
        """Defend alone against a lone maker (variants that allow it).

        >>> game = Game("standard")
        >>> game.can_defend_alone()
        False
        """
        self._do(seat, DEFEND_ALONE)

    def can_defend_alone(self, seat: SeatLike | None = None) -> bool:
        """May the seat defend alone now?

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.order_up(alone=True); game.can_defend_alone()
        False
        """
        return self._can(seat, DEFEND_ALONE)

    def stay(self, seat: SeatLike | None = None) -> None:
        """Stay in the hand (variants where players may drop out).

        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> game.can_stay()
        False
        """
        self._do(seat, STAY)

    def can_stay(self, seat: SeatLike | None = None) -> bool:
        """May the seat stay in now?

        >>> Game("standard").can_stay()
        False
        """
        return self._can(seat, STAY)

    def drop(self, seat: SeatLike | None = None) -> None:
        """Drop out of the hand (variants where players may).

        >>> Game("standard").can_drop()
        False
        """
        self._do(seat, DROP)

    def can_drop(self, seat: SeatLike | None = None) -> bool:
        """May the seat drop out now?

        >>> Game("standard").can_drop()
        False
        """
        return self._can(seat, DROP)

    def decline(self, seat: SeatLike | None = None) -> None:
        """Decline an optional declaration (defending alone, a claim, taking the
        upcard after an auction); never recorded.

        >>> Game("standard").can_decline()
        False
        """
        self._do(seat, DECLINE)

    def can_decline(self, seat: SeatLike | None = None) -> bool:
        """Is an optional declaration open that the seat may decline?

        >>> Game("standard").can_decline()
        False
        """
        return self._can(seat, DECLINE)

    def give(self, card: CardLike, seat: SeatLike | None = None) -> None:
        """Give ``card`` to a lone partner who called for best (variants with it).

        >>> Game("standard").can_give("AS")
        False
        """
        self._do(seat, GIVE, self._card(card))

    def can_give(self, card: CardLike, seat: SeatLike | None = None) -> bool:
        """May ``card`` be given to the lone partner now?

        >>> Game("standard").can_give("AS")
        False
        """
        return self._can(seat, GIVE, self._card(card))

    def swap(self, cards: Hand | str | int, seat: SeatLike | None = None) -> None:
        """Claim a farmer's hand: put these three cards away for the kitty (variants
        with the claim).

        >>> Game("standard").can_swap("9C TC 9D")
        False
        """
        self._do(seat, SWAP, self._mask(cards))

    def can_swap(self, cards: Hand | str | int, seat: SeatLike | None = None) -> bool:
        """May these cards be swapped for the kitty now?

        >>> Game("standard").can_swap("9C TC 9D")
        False
        """
        return self._can(seat, SWAP, self._mask(cards))

    def misdeal(self, cards: Hand | str | int | None = None,
                seat: SeatLike | None = None) -> None:
        """Call the deal void: by showing a hand the variant lets void it, or
        (``cards`` left out) for a fault in the deal, which any seat may report.

        >>> Game("standard").can_misdeal("9C TC 9D JH QH")
        False
        """
        self._do(seat, MISDEAL, None if cards is None else self._mask(cards))

    def can_misdeal(self, cards: Hand | str | int, seat: SeatLike | None = None) -> bool:
        """May the seat void the deal by showing ``cards``?  (A fault in the deal is an
        accident to report, not a decision: :meth:`legal_actions` never lists it.)

        >>> Game("standard").can_misdeal("9C TC 9D JH QH")
        False
        """
        return self._can(seat, MISDEAL, self._mask(cards))

    # ================================================================= more
    def play_randomly(self, seed: int) -> None:
        """Finish the hand with every seat choosing uniformly at random among its
        legal actions (seat ``s`` draws from the stream ``(seed, s)``).

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> game.play_randomly(2)
        >>> game.hand_over, sum(game.last_result.tricks)
        (True, 5)
        """
        self._m.play_hand_random([Rng(seed, s).random for s in range(self._m.n)])

    def clone(self) -> Game:
        """An independent copy, to try things on.

        >>> game = Game("standard")
        >>> game.deal_random(1)
        >>> trial = game.clone()
        >>> trial.pass_()
        >>> len(trial.actions), len(game.actions)
        (1, 0)
        """
        return Game._over(self._m.clone())

    def card(self, text: str) -> Card:
        """A card of this game's deck, read as records write it (``"JH"``, ``"10♥"``).

        >>> Game("standard").card("JH"), int(Game("six-hand").card("JH"))
        (Card.parse('JH'), 20)
        """
        return Card.parse(text, self._m.deck)

    def seat(self, label: str) -> Seat:
        """The seat of a label of this table.

        >>> Game("standard").seat("E")
        Seat.parse('E')
        """
        return Seat.parse(label, self._m.labels)

    def __repr__(self) -> str:
        """One line: variant, hand, phase, who acts, the score.

        >>> Game("standard")
        <Game standard · 0 hands played · N deals next · N+S 0, E+W 0>
        """
        return f"<Game {summary(self._m)}>"

    def __str__(self) -> str:
        """The table as text: trump, tricks, every known hand, the trick.

        >>> game = Game("standard", dealer="N")
        >>> game.deal_random(1)
        >>> print(game)  # doctest: +ELLIPSIS
        standard · dealer N · score N+S 0, E+W 0
        hand 1 · order_up_round
        ...
        """
        return table_text(self._m)

    def _repr_svg_(self) -> str:
        """The table as a picture, for Jupyter.

        >>> Game("standard")._repr_svg_().startswith("<svg")
        True
        """
        return table_svg(self._m)

    def _repr_html_(self) -> str:
        """The picture with the table's text under it, for Jupyter.

        >>> Game("standard")._repr_html_().startswith("<div><svg")
        True
        """
        text = table_text(self._m).replace("&", "&amp;").replace("<", "&lt;")
        return f"<div>{table_svg(self._m)}<pre>{text}</pre></div>"

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


def machine_of(game: Game | Machine) -> Machine:
    """The engine behind ``game`` (``game`` itself if it is one): for the library's
    entry points that take either, and run on the engine.

    >>> game = Game("standard")
    >>> machine_of(game) is machine_of(machine_of(game))
    True
    """
    return game._m if isinstance(game, Game) else game


def as_game(machine: Machine) -> Game:
    """The public :class:`Game` over ``machine`` (shared, not copied: it moves on
    with the machine), for the library's readers that hand the engine's state to
    people (the events of a record's walk).

    >>> game = Game("standard")
    >>> as_game(machine_of(game)).dealer
    Seat.parse('N')
    """
    return Game._over(machine)
