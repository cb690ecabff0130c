"""Cards, seats, hands and actions with faces: the engine's ints as people read them.

Inside the engine a card is its index in the variant's deck, a seat its number
and a hand a bit mask: plain ints, which is what keeps the hot loops fast.  The
classes here are those same ints with a face, made at the library's surface
(:meth:`Game.legal_moves <euchre_dsl.engine.game.Game.legal_moves>`,
:meth:`Game.hand <euchre_dsl.engine.game.Game.hand>`, or by hand): a
:class:`Card` *is* its index, so it goes anywhere an index went, and it prints
as a card.

    >>> jack = Card.parse("JH")
    >>> str(jack), jack.name, jack.index
    ('J♥', 'JH', 14)
    >>> jack == 14 and 1 << jack == 1 << 14
    True
    >>> jack
    Card.parse('JH')

Which index a card has depends on the deck (a 32-card deck has more cards per
suit), so a card keeps its deck; without one it is the 24-card pack.
"""

from __future__ import annotations

from typing import Iterator, Sequence

from ..cards import CONTRACTS, SUIT_NAMES, SUIT_SYMBOLS, Deck, contract_name
from .actions import (
    CALL, CALL_PARTNER, DISCARD, GIVE, MISDEAL, PLAY, SWAP, Action, spell_action,
)
from .state import DEFAULT_LABELS, HandResult

__all__ = ["Card", "Suit", "Seat", "Hand", "Move", "Result", "moves"]

#: The deck a card is read in when none is given: the 24-card pack, no joker.
STANDARD_DECK = Deck.of()
_FOUR_SEATS = DEFAULT_LABELS[4]


def _deck_args(deck: Deck) -> str:
    """``""`` for the standard deck, else ``", Deck.of('7', True)"``: the tail of a repr."""
    if deck == STANDARD_DECK:
        return ""
    return f", Deck.of({deck.lowest!r}{', True' if deck.joker else ''})"


class Card(int):
    """A card: its index in the deck, with the deck to name it.

    >>> ace = Card.parse("as")
    >>> print(ace, ace.name, ace.suit, ace.rank)
    A♠ AS ♠ 12
    >>> Card.parse("10♦")
    Card.parse('TD')
    >>> Card(0)
    Card.parse('9C')
    >>> seven = Card.parse("7H", Deck.of("7"))
    >>> seven, int(seven)
    (Card.parse('7H', Deck.of('7')), 16)
    >>> Card.parse("JK")
    Traceback (most recent call last):
      ...
    euchre_dsl.cards.CardError: 'JK' (the joker) is not in this variant's deck
    """

    deck: Deck

    def __new__(cls, index: int, deck: Deck | None = None) -> Card:
        deck = STANDARD_DECK if deck is None else deck
        if not 0 <= index < deck.size:
            raise ValueError(f"card index {index} is outside this deck (0 to {deck.size - 1})")
        card = int.__new__(cls, index)
        card.deck = deck
        return card

    @classmethod
    def parse(cls, text: str, deck: Deck | None = None) -> Card:
        """Read a card as records and people write it (``"JH"``, ``"jh"``, ``"10♥"``,
        ``"HJ"``): the deck's own reading, :meth:`Deck.parse <euchre_dsl.cards.Deck.parse>`,
        so every spelling rule is kept in one place.  Raises
        :class:`~euchre_dsl.cards.CardError` with the reason."""
        deck = STANDARD_DECK if deck is None else deck
        return cls(deck.parse(text), deck)

    @property
    def index(self) -> int:
        """The plain int the engine uses."""
        return int(self)

    @property
    def name(self) -> str:
        """The ``ehh/1`` spelling: ``"JH"``, ``"TS"``, ``"JK"``."""
        return self.deck.names[self]

    @property
    def symbol(self) -> str:
        """The spelling for people: ``"J♥"``, ``"10♠"``, ``"Jk"``."""
        return self.deck.symbols[self]

    @property
    def suit(self) -> Suit | None:
        """The printed suit (``None`` for the joker, which has none).

        >>> Card.parse("JH").suit, Card.parse("JK", Deck.of("9", True)).suit
        (Suit.parse('H'), None)
        """
        suit = self.deck.suit(self)
        return Suit(suit) if suit < 4 else None

    @property
    def rank(self) -> int:
        """The rank value (``cards.RANKS`` index: 7 is the jack, 12 the ace; -1 the joker)."""
        return self.deck.rank(self)

    @property
    def red(self) -> bool:
        """A heart or a diamond (the joker is neither)."""
        return self.deck.suit(self) in (1, 2)

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.name!r}{_deck_args(self.deck)})"

    def _repr_svg_(self) -> str:
        """The card as a picture, for Jupyter.

        >>> Card.parse("JH")._repr_svg_().count("<rect")
        1
        """
        return svg([card_svg(self, 4, 4)], 52, 72)

    def _repr_html_(self) -> str:
        """The picture with the card's name beside it, for Jupyter front ends that
        show HTML rather than SVG.

        >>> print(Card.parse("JH")._repr_html_()[-22:])
        <code>J♥</code></span>
        """
        return f"<span>{self._repr_svg_()} <code>{self.symbol}</code></span>"


class Suit(int):
    """A suit, or a trump contract (``NT`` no trump, ``LNT`` low no trump): its index,
    0-3 for clubs, diamonds, hearts and spades as the engine numbers them.

    >>> hearts = Suit.parse("H")
    >>> print(hearts, hearts.name, int(hearts), hearts.long_name)
    ♥ H 2 hearts
    >>> hearts
    Suit.parse('H')
    >>> Suit.parse("♠") == 3, str(Suit.parse("nt")), Suit(5).name
    (True, 'NT', 'LNT')
    >>> Suit.parse("X")
    Traceback (most recent call last):
      ...
    ValueError: 'X' is not a suit or contract (C, D, H, S, NT, LNT)
    """

    def __new__(cls, index: int) -> Suit:
        if index not in CONTRACTS:
            raise ValueError(f"there is no suit or contract {index} (0 to {len(CONTRACTS) - 1})")
        return int.__new__(cls, index)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit as records (``"H"``, ``"NT"``) or people (``"♥"``, ``"hearts"``)
        write it, in any case.

        >>> Suit.parse("hearts") == Suit.parse("h") == Suit.parse("♥") == 2
        True
        """
        word = text.strip().upper()
        for index in CONTRACTS:
            suit = cls(index)
            if word in (suit.name, suit.symbol, suit.long_name.upper()):
                return suit
        names = ", ".join(cls(i).name for i in CONTRACTS)
        raise ValueError(f"{text!r} is not a suit or contract ({names})")

    @property
    def name(self) -> str:
        """The ``ehh/1`` spelling: ``"H"``, ``"NT"``.

        >>> Suit(0).name
        'C'
        """
        return str(contract_name(self))

    @property
    def symbol(self) -> str:
        """The spelling for people: ``"♥"``; a contract keeps its name (``"NT"``).

        >>> Suit(1).symbol, Suit(4).symbol
        ('♦', 'NT')
        """
        return SUIT_SYMBOLS[self] if self < 4 else self.name

    @property
    def long_name(self) -> str:
        """In words: ``"hearts"``, ``"no trump"``, ``"low no trump"``.

        >>> Suit(3).long_name, Suit(5).long_name
        ('spades', 'low no trump')
        """
        return SUIT_NAMES[self] if self < 4 else ("no trump" if self == 4 else "low no trump")

    @property
    def red(self) -> bool:
        """Hearts or diamonds.

        >>> Suit.parse("D").red, Suit.parse("C").red
        (True, False)
        """
        return self in (1, 2)

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.parse({self.name!r})"


class Seat(int):
    """A seat: its number, with the table's labels to name it.

    >>> east = Seat.parse("E")
    >>> print(east, int(east), east.label)
    E 1 E
    >>> east
    Seat.parse('E')
    >>> Seat(2, ("A", "B", "C"))
    Seat.parse('C', ('A', 'B', 'C'))
    >>> Seat.parse("X")
    Traceback (most recent call last):
      ...
    ValueError: 'X' is not a seat (seats: N, E, S, W)
    """

    labels: tuple[str, ...]

    def __new__(cls, number: int, labels: Sequence[str] | None = None) -> Seat:
        names = _FOUR_SEATS if labels is None else tuple(labels)
        if not 0 <= number < len(names):
            raise ValueError(f"there is no seat {number} (seats: {', '.join(names)})")
        seat = int.__new__(cls, number)
        seat.labels = names
        return seat

    @classmethod
    def parse(cls, label: str, labels: Sequence[str] | None = None) -> Seat:
        """The seat of a label (``"N"``; the labels of a four-seat table unless given)."""
        names = _FOUR_SEATS if labels is None else tuple(labels)
        if label not in names:
            raise ValueError(f"{label!r} is not a seat (seats: {', '.join(names)})")
        return cls(names.index(label), names)

    @property
    def label(self) -> str:
        return self.labels[self]

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        tail = "" if self.labels == _FOUR_SEATS else f", {self.labels!r}"
        return f"Seat.parse({self.label!r}{tail})"


class Hand(int):
    """A set of cards: the engine's bit mask, with the deck to list it.

    Iterating gives its :class:`Card` values, highest suit first, high cards first,
    as the hand is shown.

    >>> hand = Hand.parse("AS JS KH AC JC")
    >>> print(hand)
    A♠ J♠ K♥ A♣ J♣
    >>> len(hand), Card.parse("JS") in hand, Card.parse("9S") in hand
    (5, True, False)
    >>> [card.name for card in hand][:2]
    ['AS', 'JS']
    >>> hand
    Hand.parse('AS JS KH AC JC')
    >>> int(Hand.parse("9C TC"))
    3
    """

    deck: Deck

    def __new__(cls, mask: int, deck: Deck | None = None) -> Hand:
        deck = STANDARD_DECK if deck is None else deck
        if mask < 0 or mask >> deck.size:
            raise ValueError(f"{mask:#x} is not a set of cards of this deck")
        hand = int.__new__(cls, mask)
        hand.deck = deck
        return hand

    @classmethod
    def parse(cls, text: str, deck: Deck | None = None) -> Hand:
        """Cards separated by spaces, each read as :meth:`Card.parse` reads it."""
        deck = STANDARD_DECK if deck is None else deck
        return cls(deck.mask(deck.parse(word) for word in text.split()), deck)

    @property
    def cards(self) -> list[Card]:
        """The cards in the order they are shown."""
        return [Card(c, self.deck) for c in self.deck.sorted_cards(self)]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return int(self).bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < self.deck.size and bool(self >> card & 1)

    def __str__(self) -> str:
        return self.deck.format_mask(self, symbols=True)

    def __repr__(self) -> str:
        return f"Hand.parse({self.deck.format_mask(self)!r}{_deck_args(self.deck)})"

    def _repr_svg_(self) -> str:
        cards = self.cards
        return svg([card_svg(c, 4 + 30 * i, 4) for i, c in enumerate(cards)],
                    30 * max(len(cards) - 1, 0) + 52, 72)


class Move(Action):
    """An :class:`~euchre_dsl.engine.actions.Action` whose seat and cards have faces.

    It equals the plain action (it *is* one: a named tuple of the same four fields),
    goes to :meth:`Game.apply <euchre_dsl.engine.game.Game.apply>` as it is, and
    prints as the record spells it.

    >>> play = Move.of(Action(1, "play", 14))
    >>> print(play)
    E play JH
    >>> play == Action(1, "play", 14), play.seat, play.arg
    (True, Seat.parse('E'), Card.parse('JH'))
    >>> play
    <Move E play JH>
    >>> print(Move.of(Action(2, "call", 2, True)), "|", Move.of(Action(0, "pass")))
    S call H alone | N pass
    >>> print(Move.of(Action(3, "swap", Hand.parse("9C TC 9D"))))
    W swap 9D TC 9C
    """

    @classmethod
    def of(cls, action: Action | tuple[int, str, int | None, bool],
           labels: Sequence[str] | None = None, deck: Deck | None = None) -> Move:
        """The action with faces, its seat named by ``labels`` and its cards by ``deck``
        (a four-seat table and the 24-card pack unless given)."""
        seat, verb, arg, alone = action
        deck = STANDARD_DECK if deck is None else deck
        face: int | None = arg
        if arg is not None and verb in _CARD_VERBS:
            face = Card(arg, deck)
        elif arg is not None and verb in _SHOWN_VERBS:
            face = Hand(arg, deck)
        return cls(Seat(seat, labels), verb, face, alone)

    def __repr__(self) -> str:
        return f"<Move {self}>"

    @property
    def contract(self) -> str | None:
        """The trump a ``call`` names, as written (``"H"``, ``"NT"``); else ``None``."""
        return contract_name(self.arg) if self.verb == CALL else None

    def __str__(self) -> str:
        seat = self.seat
        labels = seat.labels if isinstance(seat, Seat) else _FOUR_SEATS
        arg = self.arg
        deck = arg.deck if isinstance(arg, (Card, Hand)) else STANDARD_DECK
        words = spell_action(labels, deck, self)
        if words is None:  # decline: never recorded, but a menu offers it
            return f"{labels[self.seat]} {self.verb}" + (" alone" if self.alone else "")
        return " ".join(str(w) for w in words)


class Result(HandResult):
    """A :class:`~euchre_dsl.engine.state.HandResult` whose seats, cards and trump have
    faces: it equals the plain result, and prints as people read it.

    >>> from euchre_dsl.engine.state import HandResult
    >>> plain = HandResult(0, 2, 1, False, None, False, (1, 3, 0, 1), (0, 1), (0, 1), None,
    ...                    "made", (1, 1, 3, 1, 0), made=True)
    >>> result = Result.of(plain)
    >>> result.trump, result.maker, result.trick_winners[0]
    (Suit.parse('H'), Seat.parse('E'), Seat.parse('E'))
    >>> result == plain
    True
    >>> result  # doctest: +ELLIPSIS
    Result(dealer=Seat.parse('N'), trump=Suit.parse('H'), maker=Seat.parse('E'), alone=False, ...)
    """

    @classmethod
    def of(cls, result: HandResult, labels: Sequence[str] | None = None,
           deck: Deck | None = None) -> Result:
        """The result with faces, its seats named by ``labels`` and its called card by
        ``deck`` (a four-seat table and the 24-card pack unless given)."""
        def seat(s: int | None) -> Seat | None:
            return None if s is None else Seat(s, labels)

        return cls(*result._replace(
            dealer=Seat(result.dealer, labels),
            trump=None if result.trump is None else Suit(result.trump),
            maker=seat(result.maker), lone_defender=seat(result.lone_defender),
            renege_by=seat(result.renege_by), partner=seat(result.partner),
            trick_winners=tuple(Seat(s, labels) for s in result.trick_winners),
            called=None if result.called is None else Card(result.called, deck)))


#: Verbs whose argument is a card, and those whose argument is cards shown (a mask).
_CARD_VERBS = frozenset((PLAY, DISCARD, GIVE, CALL_PARTNER))
_SHOWN_VERBS = frozenset((SWAP, MISDEAL))


def moves(actions: Sequence[Action], labels: Sequence[str], deck: Deck) -> tuple[Move, ...]:
    """``actions`` as :class:`Move` values (what ``Game.legal_moves`` returns)."""
    return tuple(Move.of(a, labels, deck) for a in actions)


# ================================================================== pictures
_RED = "#c0392b"
_INK = "#1b1b1b"


def svg(parts: list[str], width: int, height: int) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif">' + "".join(parts)
            + "</svg>")


def card_svg(card: Card | None, x: int, y: int) -> str:
    """One card, 44 x 64, its top-left corner at (x, y); ``None``: a card face down."""
    box = f'<rect x="{x}" y="{y}" width="44" height="64" rx="5" '
    if card is None:
        return box + 'fill="#2f5d8a" stroke="#1b3550"/>'
    colour = _RED if card.red else _INK
    rank, suit = (card.symbol[:-1], card.symbol[-1]) if card.suit is not None else ("Jk", "🃏")
    return (box + 'fill="white" stroke="#888"/>'
            f'<text x="{x + 3}" y="{y + 14}" font-size="12" fill="{colour}">{rank}</text>'
            f'<text x="{x + 3}" y="{y + 27}" font-size="12" fill="{colour}">{suit}</text>'
            f'<text x="{x + 24}" y="{y + 50}" font-size="22" text-anchor="middle" '
            f'fill="{colour}">{suit}</text>')


def text_svg(x: int, y: int, text: str, anchor: str = "start", size: int = 13,
             colour: str = _INK) -> str:
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" '
            f'fill="{colour}">{escaped}</text>')


def suit_symbol(contract: int | None) -> str:
    """Trump for people: ``"♥"``, ``"NT"``, ``"-"`` before trump is made."""
    if contract is None:
        return "-"
    return SUIT_SYMBOLS[contract] if contract < 4 else str(contract_name(contract))
