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

from typing import Sequence

from ..rng import RandomSource, Rng
from ..rules.registry import load_variant
from ..rules.ruleset import RuleSet
from ..cards import Deck
from .actions import Action, Phase
from .faces import Card, Hand, Move, Result, Seat, Suit, moves
from .game_verbs import CardLike, GameVerbs, SeatLike
from .machine import Machine
from .state import DEFAULT_LABELS
from .table import summary, table_svg, table_text
from .view import SeatView

__all__ = ["Game", "as_game", "machine_of"]


class Game(GameVerbs):
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
