"""Cards, decks, and the only place where bowers and the joker are decided.

A card is a small ``int``: its index in the :class:`Deck` of the variant being
played (suit-major, lowest rank first, the joker last).  A set of cards -- a
hand, the cards played so far -- is an ``int`` bit mask over those indices.  With
a 24-card deck every mask fits in one machine digit, so set operations are as
cheap as Python gets.

Everything that depends on trump is precomputed once per deck, for each trump
*contract* (the four suits, no-trump and low no-trump):

* :meth:`Deck.effective_suit` -- the suit a card counts as (the left bower and
  the joker belong to trump; REFERENCE.md section 1.2),
* :attr:`Deck.suit_masks` -- the cards of each effective suit, so that "must
  follow suit" is one ``&``,
* :attr:`Deck.powers` -- the trick-taking power of each card for each led
  suit, so that the trick winner is a ``max`` over a few ints.

Replay, validation, simulation and analysis all read these tables; no other
module knows what a bower is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Callable, Iterable, Iterator

from .errors import EuchreError

__all__ = [
    "SUITS",
    "SUIT_SYMBOLS",
    "RANKS",
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "NO_TRUMP",
    "LOW_NO_TRUMP",
    "JOKER_SUIT",
    "CONTRACTS",
    "Deck",
    "CardError",
    "parse_suit",
    "contract_name",
    "mask_cards",
    "popcount",
]

#: Suit letters in index order, as the ``ehh/1`` notation writes them.
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
#: Trump contracts besides the four suits.
NO_TRUMP = 4
LOW_NO_TRUMP = 5
#: Effective suit of the joker in a no-trump hand: a suit of its own.
JOKER_SUIT = 4
#: Every trump contract index, in table order.
CONTRACTS = (CLUBS, DIAMONDS, HEARTS, SPADES, NO_TRUMP, LOW_NO_TRUMP)
#: Rank characters from lowest to highest; ``RANKS.index(c)`` is the rank value.
RANKS = "23456789TJQKA"

_SUIT_INPUT = {
    "C": CLUBS, "D": DIAMONDS, "H": HEARTS, "S": SPADES,
    "♣": CLUBS, "♧": CLUBS, "♦": DIAMONDS, "♢": DIAMONDS,
    "♥": HEARTS, "♡": HEARTS, "♠": SPADES, "♤": SPADES,
}


_ASCII_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def ascii_upper(text: str) -> str:
    """``text`` with ASCII letters in upper case and nothing else changed: how every
    reader folds the case of a card, suit or contract.  ``str.upper`` would make
    other letters into documented spellings (``"ſ".upper()`` is ``"S"``, so ``"Jſ"``
    would be the jack of spades); spaces are kept, so ``" JS "`` is no card either."""
    return text.translate(_ASCII_UPPER)


class CardError(EuchreError, ValueError):
    """A card or suit that cannot be read, or that is not in the deck."""


def parse_suit(text: str) -> int:
    """Read a trump contract: a suit letter or symbol, ``NT`` or ``LNT``.

    Returns the contract index (0-3 for suits, :data:`NO_TRUMP`,
    :data:`LOW_NO_TRUMP`).
    """
    t = ascii_upper(text)
    if t in _SUIT_INPUT:
        return _SUIT_INPUT[t]
    if t == "NT":
        return NO_TRUMP
    if t == "LNT":
        return LOW_NO_TRUMP
    raise CardError(f"{text!r} is not a suit (expected C, D, H, S or NT)")


#: A card in either notation inside words: ``JC``, ``TD2``, ``10♦``, ``J♣``; a suit
#: symbol before a contract's word (``♥ hearts``).
_CARD_IN_WORDS = re.compile(r"(?<![\w♣♦♥♠])(10|[2-9TJQKA])([CDHS♣♦♥♠])(\d?)(?![\w♣♦♥♠])")
_SUIT_BEFORE_WORD = re.compile(r"[♣♦♥♠] (?=clubs|diamonds|hearts|spades)")


def show_card(name: str, symbols: bool) -> str:
    """A card of either notation (``TH``, ``10♥``) in the one notation of an output:
    suit symbols (``10♥``) for a terminal that shows them, letters (``TH``, the
    ``ehh/1`` spelling) with ``--ascii`` and in files.  Other names (``JK``) as given."""
    return show_cards(name, symbols)


def show_cards(text: str, symbols: bool) -> str:
    """``text`` with every card in it, and a suit symbol before a contract's word, in
    the one notation of :func:`show_card`: ``N discards 9♠`` or ``N discards 9S``,
    ``call ♥ hearts`` or ``call hearts``."""
    def card(m: re.Match[str]) -> str:
        rank, suit, copy = m.group(1), m.group(2), m.group(3)
        s = _SUIT_INPUT[suit]
        if symbols:
            return ("10" if rank in ("T", "10") else rank) + SUIT_SYMBOLS[s] + copy
        return ("T" if rank == "10" else rank) + SUITS[s] + copy
    text = _CARD_IN_WORDS.sub(card, text)
    return text if symbols else _SUIT_BEFORE_WORD.sub("", text)


def contract_name(contract: int | None) -> str | None:
    """The ``ehh/1`` spelling of a trump contract (``None`` stays ``None``)."""
    if contract is None:
        return None
    if contract < 4:
        return SUITS[contract]
    return "NT" if contract == NO_TRUMP else "LNT"


def same_colour(suit: int) -> int:
    """The other suit of the same colour (clubs/spades, diamonds/hearts)."""
    return 3 - suit


def popcount(mask: int) -> int:
    """Number of cards in a mask."""
    return mask.bit_count()


def count_cards(mask: int) -> int:
    """Number of cards in a mask of a few cards (a hand, its legal plays).

    The same as :func:`popcount`, counted by clearing the lowest card in a loop:
    compiled code runs that in machine integers, while ``int.bit_count`` is a
    Python method call from it, slower for a mask of a handful of cards."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def shared_deck(lowest: str, joker: bool, copies: int) -> Deck:
    """:meth:`Deck.of`, as a plain function: what an unpickled deck is made by."""
    return Deck.of(lowest, joker, copies)


def mask_cards(mask: int) -> Iterator[int]:
    """The card indices in a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_list(mask: int) -> list[int]:
    """The card indices in a mask, lowest first, as a list: ``list(mask_cards(mask))``
    without a generator (compiled, a generator costs a call per card)."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@dataclass(frozen=True)
class Deck:
    """A euchre pack: every suit from ``lowest`` up to the ace, plus an optional joker.

    ``lowest`` is a rank character: ``"9"`` gives the 24-card pack, ``"8"`` 28,
    ``"7"`` 32; Dirty Clubs for more players goes lower still.  The joker is
    the highest trump; in a no-trump hand it is a lone trump in a suit of its
    own (it wins any trick it is in and a joker lead cannot be followed).

    >>> deck = Deck.of()
    >>> deck.size, deck.parse("JH"), deck.names[14], deck.symbols[14]
    (24, 14, 'JH', 'J♥')
    >>> hand = deck.mask(deck.parse(c) for c in ("JD", "AH", "9S", "KC"))
    >>> deck.format_mask(hand, symbols=True)
    '9♠ A♥ J♦ K♣'

    With hearts trump the jack of diamonds is the left bower: a heart, and the
    second-highest card; a heart lead must be followed with it.

    >>> deck.effective_suit(deck.parse("JD"), HEARTS) == HEARTS
    True
    >>> [deck.names[c] for c in deck.trump_orders[HEARTS][:3]]
    ['JH', 'JD', 'AH']
    >>> deck.format_mask(deck.legal_plays(hand, deck.parse("9H"), HEARTS))
    'AH JD'
    >>> trick = [deck.parse(c) for c in ("AC", "9H", "KC")]  # clubs led, a heart trumps
    >>> deck.trick_winner(trick, HEARTS), deck.trick_winner(trick, SPADES)
    (1, 0)
    """

    lowest: str = "9"
    joker: bool = False
    #: Copies of each card (2: a double deck).  Card ``c`` is copy ``c // base_size``
    #: of card ``c % base_size``: the copies are distinct cards in every mask, equal
    #: in rank and suit (so equal in power: the first played wins a tie).
    copies: int = 1
    _ranks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # The tables, built once when the deck is made (see the _build_* methods).
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    symbols: tuple[str, ...] = field(init=False, repr=False, compare=False)
    spellings: dict[str, int] = field(init=False, repr=False, compare=False)
    #: :attr:`spellings` of two ASCII characters, by ``ord(first) << 7 | ord(second)``
    #: (-1: none): see :meth:`card_index`.
    pairs: tuple[int, ...] = field(init=False, repr=False, compare=False)
    effective_suits: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    suit_masks: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    trump_orders: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    powers: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False, repr=False, compare=False)
    trump_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: ``higher_masks[contract][card]``: the cards of ``card``'s effective suit that
    #: outrank it (a bot's estimate of a card counts them, hand after hand).
    higher_masks: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    #: ``trumps_low_first[contract]``: the trumps of a suit contract by power, lowest
    #: first, copies of one card in index order -- the order a stable sort of a hand's
    #: trumps by power gives (a bot's spare trumps for ruffing are its lowest).
    trumps_low_first: tuple[tuple[int, ...], ...] = field(init=False, repr=False,
                                                          compare=False)
    #: Every card in the order :meth:`sorted_cards` lists them (by suit, high first),
    #: so that a hand is listed by one pass over it instead of a sort.
    listing: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        low = self.lowest.upper()
        if low == "10":
            low = "T"
        if len(low) != 1 or low not in RANKS or RANKS.index(low) > RANKS.index("9"):
            raise CardError(f"lowest rank must be 2..9, got {self.lowest!r}")
        object.__setattr__(self, "lowest", low)
        if self.copies < 1 or (self.copies > 1 and self.joker):
            raise CardError(f"a deck of {self.copies} copies{' with a joker' if self.joker else ''}"
                            " is not supported")
        object.__setattr__(self, "_ranks", tuple(range(RANKS.index(low), len(RANKS))))
        object.__setattr__(self, "names", self._build_names())
        object.__setattr__(self, "symbols", self._build_symbols())
        object.__setattr__(self, "spellings", self._build_spellings())
        object.__setattr__(self, "pairs", self._build_pairs())
        object.__setattr__(self, "effective_suits", self._build_effective_suits())
        object.__setattr__(self, "suit_masks", self._build_suit_masks())
        object.__setattr__(self, "trump_orders", self._build_trump_orders())
        object.__setattr__(self, "powers", self._build_powers())
        object.__setattr__(self, "trump_masks", self._build_trump_masks())
        object.__setattr__(self, "higher_masks", self._build_higher_masks())
        object.__setattr__(self, "trumps_low_first", self._build_trumps_low_first())
        object.__setattr__(self, "listing", tuple(self.sorted_cards(self.full_mask)))

    @staticmethod
    @cache
    def of(lowest: str = "9", joker: bool = False, copies: int = 1) -> "Deck":
        """The shared deck for these options: its tables are built once per process."""
        return Deck(lowest, joker, copies)

    def __reduce__(self) -> tuple[Callable[[str, bool, int], Deck], tuple[str, bool, int]]:
        """``pickle`` and ``copy`` give the shared deck of the same options (its tables
        are built, not carried; a compiled frozen class cannot have them set)."""
        return shared_deck, (self.lowest, self.joker, self.copies)

    # ----------------------------------------------------------------- identity
    @property
    def ranks_per_suit(self) -> int:
        return len(self._ranks)

    @property
    def base_size(self) -> int:
        """Number of cards in one copy of the pack, joker included."""
        return 4 * len(self._ranks) + (1 if self.joker else 0)

    @property
    def size(self) -> int:
        """Number of cards, every copy and the joker included."""
        return self.base_size * self.copies

    def twins(self, card: int) -> list[int]:
        """Every copy of ``card`` (itself included), first copy first."""
        base = self.base_size
        first = card % base
        return [first + k * base for k in range(self.copies)]

    @property
    def joker_card(self) -> int | None:
        return 4 * len(self._ranks) if self.joker else None

    @property
    def full_mask(self) -> int:
        return (1 << self.size) - 1

    def card(self, rank: str, suit: int) -> int:
        """The index of the card of rank character ``rank`` and suit ``suit``."""
        return suit * len(self._ranks) + self._ranks.index(RANKS.index(rank))

    def rank(self, card: int) -> int:
        """Rank value (``RANKS`` index) of a card; -1 for the joker."""
        if card == self.joker_card:
            return -1
        return self._ranks[card % self.base_size % len(self._ranks)]

    def suit(self, card: int) -> int:
        """Printed suit of a card; :data:`JOKER_SUIT` for the joker."""
        if card == self.joker_card:
            return JOKER_SUIT
        return card % self.base_size // len(self._ranks)

    # ------------------------------------------------------------- notation
    def _build_names(self) -> tuple[str, ...]:
        """``ehh/1`` names by index: ``"9C"``, ``"TH"``, ``"JK"``; a second copy ends in
        its copy number: ``"TH2"``."""
        out = [RANKS[r] + SUITS[s] for s in range(4) for r in self._ranks]
        if self.joker:
            out.append("JK")
        return tuple(out + [name + str(k + 1) for k in range(1, self.copies) for name in out])

    def _build_symbols(self) -> tuple[str, ...]:
        """Display names with suit symbols: ``"9♣"``, ``"10♥"``, ``"Jk"``."""
        out = [
            ("10" if RANKS[r] == "T" else RANKS[r]) + SUIT_SYMBOLS[s]
            for s in range(4)
            for r in self._ranks
        ]
        if self.joker:
            out.append("Jk")
        return tuple(out + [name + str(k + 1) for k in range(1, self.copies) for name in out])

    def _build_spellings(self) -> dict[str, int]:
        """``spellings[text]``: every accepted way to write each card (upper and lower
        case, ``10`` for ``T``, suit symbols, suit first) -> its index.  A plain
        dict lookup, so readers in a hot loop can use it directly; :meth:`parse`
        adds mixed case and the error messages."""
        table: dict[str, int] = {}
        for s_in, s in _SUIT_INPUT.items():
            for r in self._ranks:
                c = s * len(self._ranks) + self._ranks.index(r)
                rc = RANKS[r]
                forms = [rc + s_in, s_in + rc]
                if rc == "T":
                    forms += ["10" + s_in, s_in + "10"]
                for sp in forms:
                    table[sp] = c
                    table[sp.lower()] = c
        if self.joker:
            for sp in ("JK", "jk", "Jk", "jK", "JOKER", "joker", "Joker", "🃏"):
                table[sp] = self.size - 1
        base = self.base_size
        for k in range(1, self.copies):  # a later copy: its number after the card
            for sp, c in list(table.items()):
                if c < base:
                    table[sp + str(k + 1)] = c + k * base
        return table

    def _build_pairs(self) -> tuple[int, ...]:
        pairs = [-1] * (1 << 14)
        for sp, c in self.spellings.items():
            if len(sp) == 2 and sp.isascii():
                pairs[ord(sp[0]) << 7 | ord(sp[1])] = c
        return tuple(pairs)

    def card_index(self, text: str) -> int:
        """``spellings.get(text)``, with -1 for no card: the readers' lookup of a card as
        written.  Nearly every card is two ASCII characters, found in :attr:`pairs`
        without hashing the text (a freshly parsed string has no cached hash, and
        hashing it was most of the cost of the dict lookup)."""
        if len(text) == 2:
            a = ord(text[0])
            b = ord(text[1])
            if a < 128 and b < 128:
                return self.pairs[a << 7 | b]
        c = self.spellings.get(text)
        return -1 if c is None else c

    def parse(self, text: str) -> int:
        """Read one card in ``ehh/1`` notation (case-insensitive, ``10`` for ``T``,
        suit symbols accepted).  Raises :class:`CardError` with a reason.

        >>> deck = Deck.of()
        >>> deck.parse("TH") == deck.parse("10♥") == deck.parse("th")
        True
        >>> deck.parse("7H")
        Traceback (most recent call last):
          ...
        euchre_dsl.cards.CardError: '7H' is not in this variant's deck (24 cards, 9 to A)
        """
        c = self.spellings.get(text)
        if c is None:
            # the table holds upper- and lower-case spellings; "Th" or "jK" is neither
            c = self.spellings.get(ascii_upper(text))
        if c is not None:
            return c
        return self._raise_bad(text)

    def _raise_bad(self, text: str) -> int:
        t = ascii_upper(text).replace("10", "T")
        for symbol, s in _SUIT_INPUT.items():
            t = t.replace(symbol, SUITS[s])
        if len(t) == 2 and t[0] in SUITS and t[1] in RANKS:  # suit written first
            t = t[1] + t[0]
        if len(t) == 2 and t[0] in RANKS and t[1] in SUITS:
            raise CardError(
                f"{text!r} is not in this variant's deck ({self.size} cards, "
                f"{RANKS[self._ranks[0]]} to A{' and the joker' if self.joker else ''})"
            )
        if t in ("JK", "JOKER", "🃏"):
            raise CardError(f"{text!r} (the joker) is not in this variant's deck")
        raise CardError(
            f"{text!r} is not a card: write rank then suit, e.g. 'JH', 'TS', '9C' or 'JK'"
        )

    def name(self, card: int) -> str:
        return self.names[card]

    def mask(self, cards: Iterable[int]) -> int:
        m = 0
        for c in cards:
            m |= 1 << c
        return m

    def format_mask(self, mask: int, *, symbols: bool = False) -> str:
        names = self.symbols if symbols else self.names
        return " ".join(names[c] for c in self.sorted_cards(mask))

    def sorted_cards(self, mask: int, contract: int | None = None) -> list[int]:
        """Cards of a mask for display: grouped by (effective) suit, high first."""
        cards = list(mask_cards(mask))
        if contract is None:
            return sorted(cards, key=lambda c: (-self.suit(c), -self.rank(c)))
        eff = self.effective_suits[contract]
        pw = self.powers[contract]
        return sorted(cards, key=lambda c: (-eff[c], -pw[eff[c]][c]))

    # ------------------------------------------------------------ trump tables
    def _build_effective_suits(self) -> tuple[tuple[int, ...], ...]:
        """``effective_suits[contract][card]``: the suit the card belongs to.

        With a trump suit the left bower (the other jack of trump's colour) and
        the joker belong to trump for every purpose: following suit, what was
        led, being void, counting trumps.  In no-trump every card keeps its
        printed suit and the joker forms a suit of its own.
        """
        table = []
        for contract in CONTRACTS:
            row = []
            for c in range(self.size):
                s = self.suit(c)
                if contract < 4:
                    if c == self.joker_card:
                        s = contract
                    elif c % self.base_size == self.left_bower(contract):
                        s = contract
                row.append(s)
            table.append(tuple(row))
        return tuple(table)

    def _build_suit_masks(self) -> tuple[tuple[int, ...], ...]:
        """``suit_masks[contract][suit]``: mask of the cards of that effective suit
        (five entries: the fifth is the joker's own suit in no-trump)."""
        out = []
        for contract in CONTRACTS:
            eff = self.effective_suits[contract]
            masks = [0] * 5
            for c, s in enumerate(eff):
                masks[s] |= 1 << c
            out.append(tuple(masks))
        return tuple(out)

    def _build_trump_orders(self) -> tuple[tuple[int, ...], ...]:
        """``trump_orders[contract]``: the trump cards, highest first (empty in
        no-trump unless the joker plays)."""
        out = []
        for contract in CONTRACTS:
            if contract < 4:
                cards = [c for c in range(self.size) if self.effective_suits[contract][c] == contract]
                out.append(tuple(sorted(cards, key=self._trump_key(contract), reverse=True)))
            else:
                out.append((self.size - 1,) if self.joker else ())
        return tuple(out)

    def left_bower(self, trump: int) -> int:
        """The left bower of a trump suit: the other jack of trump's colour."""
        return self.card("J", same_colour(trump))

    def _trump_key(self, contract: int) -> Callable[[int], int]:
        right = self.card("J", contract)
        left = self.left_bower(contract)

        base = self.base_size

        def key(c: int) -> int:
            if c == self.joker_card:
                return 1000
            if c % base == right:
                return 999
            if c % base == left:
                return 998
            return self.rank(c)

        return key

    def _build_powers(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``powers[contract][led_suit][card]``: trick-taking power.

        0 means the card cannot win a trick led in ``led_suit``; a trump beats
        every card of the led suit; within a class the higher power wins.  Ties
        (only possible with a doubled deck) go to the card played first.
        """
        out = []
        for contract in CONTRACTS:
            eff = self.effective_suits[contract]
            # a trump's rank among the trumps: copies of a card rank alike
            key = self._trump_key(contract) if contract < 4 else (lambda c: 0)
            keys = sorted({key(c) for c in self.trump_orders[contract]})
            trump_rank = {c: keys.index(key(c)) for c in self.trump_orders[contract]}
            per_led = []
            for led in range(5):
                row = []
                for c in range(self.size):
                    if c in trump_rank:
                        row.append(100 + trump_rank[c])
                    elif eff[c] == led:
                        r = self.rank(c)
                        row.append(1 + (len(RANKS) - r if contract == LOW_NO_TRUMP else r))
                    else:
                        row.append(0)
                per_led.append(tuple(row))
            out.append(tuple(per_led))
        return tuple(out)

    def _build_trump_masks(self) -> tuple[int, ...]:
        """``trump_masks[contract]``: mask of all trumps (the joker in no-trump)."""
        return tuple(self.mask(order) for order in self.trump_orders)

    def _build_trumps_low_first(self) -> tuple[tuple[int, ...], ...]:
        """``trumps_low_first[contract]``: see the attribute."""
        out: list[tuple[int, ...]] = []
        for contract in CONTRACTS:
            if contract >= 4:
                out.append(())
                continue
            power = self.powers[contract][contract]
            out.append(tuple(sorted(self.trump_orders[contract], key=lambda c: (power[c], c))))
        return tuple(out)

    def _build_higher_masks(self) -> tuple[tuple[int, ...], ...]:
        """``higher_masks[contract][card]``: the cards of its effective suit with
        more power (a copy of the card has as much: it is not higher)."""
        out = []
        for contract in CONTRACTS:
            eff = self.effective_suits[contract]
            row = []
            for card in range(self.size):
                power = self.powers[contract][eff[card]]
                suit = self.suit_masks[contract][eff[card]]
                row.append(sum(1 << c for c in range(self.size)
                               if (suit >> c) & 1 and power[c] > power[card]))
            out.append(tuple(row))
        return tuple(out)

    # ------------------------------------------------------- rule conveniences
    def effective_suit(self, card: int, contract: int | None) -> int:
        """The suit ``card`` counts as under ``contract`` (printed suit if none)."""
        if contract is None:
            return self.suit(card)
        return self.effective_suits[contract][card]

    def legal_plays(self, hand: int, led_card: int | None, contract: int) -> int:
        """Mask of the cards of ``hand`` that may be played: the cards of the led
        card's effective suit if any are held, otherwise the whole hand."""
        if led_card is None:
            return hand
        follow = hand & self.suit_masks[contract][self.effective_suits[contract][led_card]]
        return follow or hand

    def trick_winner(self, cards: list[int], contract: int) -> int:
        """Index (0-based, in play order) of the card that wins the trick."""
        power = self.powers[contract][self.effective_suits[contract][cards[0]]]
        best, best_i = -1, 0
        for i, c in enumerate(cards):
            p = power[c]
            if p > best:
                best, best_i = p, i
        return best_i
