"""The validator's fast path on raw JSON: a record proved clean from its bytes.

:class:`~.fast_check.FastCheck` proves a parsed record clean; for a clean
JSON record most of the time went on the parse itself: a dict per object, a
list and two or three strings per action, then freeing them all.
:class:`ByteCheck` answers the same question from the record's UTF-8 bytes,
before anything is parsed: it walks them once, reads seats and cards as
indexes straight from the bytes (the tables :meth:`Deck.card_index
<euchre_dsl.cards.Deck.card_index>` and ``Seating.seat_index`` use), and
replays the record through the same pieces of the fast check as it goes (the
variant and seats lookup, :func:`~.fast_check.apply_action`,
:meth:`Machine.replay_plays <euchre_dsl.engine.machine.Machine.replay_plays>`), so the
rules are still the engine's alone.

It reads any producer's JSON, not only our writer's: whitespace between
tokens (pretty-printed files, ``json.dumps``' spaces), the keys of every
object in any order, every optional key left out (``players``, ``meta``,
``start_scores``, ``final`` or its parts, a hand's ``result`` or any of its
parts, the ``upcard`` of a variant that turns none), the optional ``kitty`` and
``widow`` given, the verbs of every variant but those that show cards (a swap,
a misdeal), a called partner named in a result, ``x-`` keys at the top
(skipped, whatever JSON they hold), names and meta texts that are not ASCII or are escaped (``json.dumps``' ``\u00eb``),
numbers of any JSON form in ``meta``, an inline variant (parsed once and
recognised by its bytes in the records after it).  A part that comes before
what it depends on -- a hand's actions before its deal, the hands before the
variant -- is stepped over and read when it can be.  What it does not read is
what the fast check itself would not prove, or what the parsed path might read
differently: an escape in a string whose text is read (a seat, a card, a
verb), half of an escaped UTF-16 pair, a float or an integer of more than 18
digits where a count is read, a repeated key, a byte order mark, text that is
not UTF-8 (each string's bytes are checked as they are walked), nesting deeper
than :data:`MAX_DEPTH`, a record with anything to report.  For those it answers
"not proved", and the record is decoded, parsed and checked as before
(the fast check, then the full checker).  The answer for a record is
therefore the same either way; only its cost differs.  The tests hold it to
that against the parsed path, on simulated records of every shipped variant,
written compactly, pretty, with keys reordered, and on mutations of them
(``tests/validate/test_fast_bytes.py``).

The walk is written for the compiled build (mypyc): a cursor ``i`` passed
and returned, bytes compared in place, a method per part of the record
rather than per token (a call per token cost more than the bytes it read).
The cursor and the bytes read are ``i64``, mypyc's machine integer (imported
for the type checker only: plain ints at run time, the same values), which
takes the tagged-integer checks out of every byte read; json.dumps' single
space after a comma or colon is read where the next token is, not by a call.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Final

from ..engine.actions import PLAYING, IllegalAction
from ..engine.machine import Machine
from ..errors import EuchreError
from ..limits import MAX_HANDS
from ..records.notation import (
    ALONE, ALONE_AFTER_CODE, ALONE_INSTEAD_CODE, ARG_AMOUNT, ARG_CARD, ARG_OF_CODE,
    CONTRACT_CODES, FORMAT, PLAIN_CODE, PLAIN_DEAL_KEYS, V_PLAY, VERB_CODES, WORDS_OF_CODE,
)
from ..records.shape import HAND_KEYS, META_VALUE_TYPES, PLAYER_NAME_TYPES, TOP_KEYS
from ..replay.result_claims import (
    FINAL_KEYS, PARTNER_KEY, RESULT_KEYS, maker_agrees, scores_agree, trump_agrees, values_agree,
    winners_agree,
)
from .fast_check import FastCheck, Seating, apply_action

if TYPE_CHECKING:  # the compiled build's machine integers; plain ints at run time
    from mypy_extensions import i64

# JSON's structural bytes
# What the bytes of ``players`` and ``meta`` may hold, read from the shape's table
# (records/shape.py): a JSON string is a str, a JSON number an int or a float.
_NAME_STRINGS: Final = str in PLAYER_NAME_TYPES
_META_STRINGS: Final = str in META_VALUE_TYPES
_META_NUMBERS: Final = int in META_VALUE_TYPES and float in META_VALUE_TYPES
_QUOTE: Final = 34
_COMMA: Final = 44
_COLON: Final = 58
_OPEN: Final = 123  # {
_CLOSE: Final = 125  # }
_OPEN_LIST: Final = 91  # [
_CLOSE_LIST: Final = 93  # ]
_BACKSLASH: Final = 92
_MINUS: Final = 45
_ZERO: Final = 48
_NINE: Final = 57
_SPACE: Final = 32
_UNKNOWN: Final = 63  # ?: "??", a card not known
_MAX_DIGITS: Final = 18  # any integer of at most 18 digits fits in 63 bits
#: The longest number stepped over unread (in ``meta`` or an ``x-`` value)
_MAX_NUMBER: Final = 64
#: The deepest nesting stepped over (in an ``x-`` value or an inline variant): deeper
#: is left to the parsed path, which has its own limit and says so.
MAX_DEPTH: Final = 32

_FORMAT: Final = FORMAT.encode()
_NULL: Final = b"null"
_TRUE: Final = b"true"
_FALSE: Final = b"false"
_ALONE: Final = ALONE.encode()

# the keys of each object, as bytes; a key's index is its part's number below
_TOP: Final = tuple(k.encode() for k in TOP_KEYS)
_FORMAT_KEY: Final = 0
_VARIANT: Final = 1
_SEATS: Final = 2
_PLAYERS: Final = 3
_META: Final = 4
_START: Final = 5
_HANDS: Final = 6
_FINAL: Final = 7
_HAND: Final = tuple(k.encode() for k in HAND_KEYS)
_DEALER: Final = 0
_DEAL: Final = 1
_ACTIONS: Final = 2
_RESULT: Final = 3
_DEAL_KEYS: Final = tuple(k.encode() for k in PLAIN_DEAL_KEYS)  # hands, upcard, widow, kitty
#: a result's keys: ``result_to_json``'s five, then who the called partner was
_RESULT_KEYS: Final = tuple(k.encode() for k in RESULT_KEYS + (PARTNER_KEY,))
_FINAL_KEYS: Final = tuple(k.encode() for k in FINAL_KEYS)
assert TOP_KEYS[_HANDS] == "hands" and TOP_KEYS[_FINAL] == "final" and \
    HAND_KEYS[_RESULT] == "result" and RESULT_KEYS[4] == "scores" and \
    FINAL_KEYS[1] == "winner" and len(RESULT_KEYS) == 5 and \
    PLAIN_DEAL_KEYS == ("hands", "upcard", "widow", "kitty")
#: a key that is none of the object's (-1), and an ``x-`` key (-2): see ``ByteCheck._key``
_OTHER: Final = -1
_X_KEY: Final = -2
#: the parts of a record read once the variant and seats are known, in the order
#: they are read when several wait (start scores before the hands, final after)
_AFTER_SEATING: Final = (_PLAYERS, _META, _START, _HANDS, _FINAL)
# looped over as range(_PLAYERS, _FINAL + 1): a native loop, where a tuple constant is
# built afresh and iterated as objects at each use in compiled code
assert _AFTER_SEATING == tuple(range(_PLAYERS, _FINAL + 1))


def _verb_table() -> dict[int, tuple[int, bytes]]:
    """Each plain verb of the notation's action table (``notation.VERB_TABLE``: the
    verbs the fast paths replay) by its length and first two bytes (see
    :meth:`ByteCheck._verb`)."""
    table: dict[int, tuple[int, bytes]] = {}
    for verb, code in VERB_CODES.items():
        if not PLAIN_CODE[code]:
            continue  # a verb that shows cards (swap, misdeal): the full checker's
        b = verb.encode()
        key = len(b) << 16 | b[0] << 8 | b[1]
        assert key not in table, f"two verbs share a length and first two letters: {verb}"
        table[key] = (code, b)
    return table


_VERBS: Final = _verb_table()


class NotPlain(EuchreError):
    """The record is not in a form this reader proves, or is not clean: the
    caller parses it instead.  Raised deep in the walk, caught once in
    :meth:`ByteCheck.hands`: it never leaves this module."""


class ByteCheck:
    """Whether a JSON record is clean, answered from its bytes (see the module's docstring).

    It shares ``fast``'s cache of variants and seats and its games, so records
    read either way are replayed in the same game objects.
    """

    def __init__(self, fast: FastCheck) -> None:
        self.fast = fast
        # reused for every record or hand: where each part's value starts (-1: not
        # seen), the seats' labels, the dealt masks, the plays waiting to be replayed
        self._top = [-1] * len(_TOP)
        self._at = [-1] * len(_HAND)
        self._labels: list[str] = []
        self._dealt: list[int] = []
        self._kitty: list[int | None] = []
        self._widow: list[int | None] = []
        self._seats: list[int] = []
        self._cards: list[int] = []
        # side, value, side, value, ...: a record's start scores, and its final scores
        self._start: list[int] = []
        self._claimed: list[int] = []
        self._read: list[int] = []  # the counts of one object of a result, by seat or side
        self._value = 0  # the last integer read (see _int)
        self._k = 0  # the last key read (see _key)
        self._more = False  # whether the last object or list read on (see _next)
        self._count = 0  # the hands of the record replayed (-1: not yet)
        self._done = 0  # a bit per part of the record read
        # the last inline variant's bytes and file, and the seating it gave
        self._variant = b""
        self._variant_file: str | None = None
        self._variant_seating: Seating | None = None

    def hands(self, raw: bytes, file: str | None) -> int:
        """The number of hands of ``raw`` (one record's bytes, as read from ``file``)
        when it is proved clean; -1 when it is not (parse it and check it)."""
        if not raw.startswith(b"{"):
            return -1  # not an object (a byte order mark, a blank line, text)
        try:  # (text that is not UTF-8 is not proved: strings are checked, see _utf8)
            return self._record(raw, file)
        except (NotPlain, IllegalAction, ValueError, IndexError):
            return -1  # IllegalAction, ValueError: the engine refused an action or the deal

    # ------------------------------------------------------------ tokens
    # Each takes the cursor and returns it moved past what it read; IndexError
    # (running off the end) is caught as "not proved" with the rest.
    @staticmethod
    def _ws(raw: bytes, i: i64) -> i64:
        """Past JSON's whitespace (none, in our writer's form) at ``i``."""
        b: i64 = raw[i]
        while b == _SPACE or b == 10 or b == 13 or b == 9:
            i += 1
            b = raw[i]
        return i

    @staticmethod
    def _byte(raw: bytes, i: i64, byte: i64) -> i64:
        """Past ``byte``, which must come next (after any whitespace)."""
        b: i64 = raw[i]
        if b != byte:
            if b == _SPACE:  # json.dumps' one space, read here rather than in _ws
                i += 1
                b = raw[i]
                if b == byte:
                    return i + 1
            if b != _SPACE and b != 10 and b != 13 and b != 9:
                raise NotPlain
            i = ByteCheck._ws(raw, i)
            if raw[i] != byte:
                raise NotPlain
        return i + 1

    def _next(self, raw: bytes, i: i64, close: i64) -> i64:
        """Past the comma between two members of an object or list, or past its
        ``close``; :attr:`_more` says which."""
        b: i64 = raw[i]
        if b != _COMMA and b != close:
            i = self._ws(raw, i)
            b = raw[i]
        if b == _COMMA:
            self._more = True
        elif b == close:
            self._more = False
        else:
            raise NotPlain
        return i + 1

    def _open(self, raw: bytes, i: i64, byte: i64, close: i64) -> i64:
        """Past ``byte`` opening an object or list and any whitespace after it;
        :attr:`_more` says whether it has members (else it was closed at once)."""
        i = self._byte(raw, i, byte)
        b: i64 = raw[i]
        if b == _SPACE or b == 10 or b == 13 or b == 9:
            i = self._ws(raw, i)
            b = raw[i]
        if b == close:
            self._more = False
            return i + 1
        self._more = True
        return i

    @staticmethod
    def _word(raw: bytes, i: i64, word: bytes) -> i64:
        """Past ``word``, which must be at ``i``."""
        for j in range(len(word)):
            if raw[i + j] != word[j]:
                raise NotPlain
        return i + len(word)

    @staticmethod
    def _string_end(raw: bytes, i: i64, escapes: bool = False) -> i64:
        """The index of the quote closing the string whose text starts at ``i``: no
        control characters, UTF-8 (see :meth:`_utf8`), and no escapes unless
        ``escapes``: a string whose text is read (a seat, a card, a verb) is read only
        as written; one whose text is not (a name, a meta text, a key or value of an
        ``x-`` key) may hold JSON's escapes, each checked, so that what is proved
        parses (see :meth:`_escape`)."""
        while True:
            b: i64 = raw[i]
            if b == _QUOTE:
                return i
            if b < _SPACE:
                raise NotPlain
            if b == _BACKSLASH:
                if not escapes:
                    raise NotPlain
                i = ByteCheck._escape(raw, i + 1)
            elif b >= 0x80:
                i = ByteCheck._utf8(raw, i)
            else:
                i += 1

    @staticmethod
    def _utf8(raw: bytes, i: i64) -> i64:
        """Past the character whose UTF-8 lead byte (0x80 or more) is at ``i``, held to
        what Python's decoder accepts: no overlong form, no surrogate, nothing past
        U+10FFFF.  Text outside a string is never proved, so checking the strings'
        bytes here proves the record is UTF-8 without decoding the whole line (3% of
        another producer's one-hand record, whose players' names are not ASCII)."""
        b: i64 = raw[i]
        low = 0x80
        high = 0xBF
        if 0xC2 <= b <= 0xDF:
            more = 1
        elif 0xE0 <= b <= 0xEF:
            more = 2
            if b == 0xE0:
                low = 0xA0  # shorter forms are overlong
            elif b == 0xED:
                high = 0x9F  # 0xA0 and up: the surrogates
        elif 0xF0 <= b <= 0xF4:
            more = 3
            if b == 0xF0:
                low = 0x90
            elif b == 0xF4:
                high = 0x8F  # past U+10FFFF
        else:
            raise NotPlain  # a continuation byte alone, or no UTF-8 lead byte
        c: i64 = raw[i + 1]
        if c < low or c > high:
            raise NotPlain
        for j in range(i + 2, i + 1 + more):
            c = raw[j]
            if c < 0x80 or c > 0xBF:
                raise NotPlain
        return i + 1 + more

    @staticmethod
    def _escape(raw: bytes, i: i64) -> i64:
        """Past the escape whose letter is at ``i`` (after its backslash): one of JSON's
        (``\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX``).  A ``\\u`` escape of half a
        UTF-16 pair must be the high half followed by the low one: a lone half is text
        that :mod:`json` reads and msgspec refuses, and the reader reports it."""
        b: i64 = raw[i]
        if b != 117:  # u
            if b == _QUOTE or b == _BACKSLASH or b == 47 or b == 98 or b == 102 or \
                    b == 110 or b == 114 or b == 116:  # " \ / b f n r t
                return i + 1
            raise NotPlain
        code = ByteCheck._hex4(raw, i + 1)
        if code < 0xD800 or code >= 0xE000:
            return i + 5
        if code >= 0xDC00 or raw[i + 5] != _BACKSLASH or raw[i + 6] != 117:
            raise NotPlain  # a low half first, or a high half alone
        low = ByteCheck._hex4(raw, i + 7)
        if low < 0xDC00 or low >= 0xE000:
            raise NotPlain
        return i + 11

    @staticmethod
    def _hex4(raw: bytes, i: i64) -> i64:
        """The four hexadecimal digits at ``i``, as a number."""
        code = 0
        for j in range(i, i + 4):
            b: i64 = raw[j]
            if _ZERO <= b <= _NINE:
                d = b - _ZERO
            elif 97 <= b <= 102:  # a-f
                d = b - 87
            elif 65 <= b <= 70:  # A-F
                d = b - 55
            else:
                raise NotPlain
            code = code << 4 | d
        return code

    def _string(self, raw: bytes, i: i64) -> i64:
        """Past a string (after any whitespace), its text unread (escapes allowed)."""
        return self._string_end(raw, self._byte(raw, i, _QUOTE), escapes=True) + 1

    @staticmethod
    def _same(raw: bytes, i: i64, end: i64, word: bytes) -> bool:
        """Whether ``raw[i:end]`` is ``word``, without slicing it."""
        if end - i != len(word):
            return False
        for j in range(end - i):
            if raw[i + j] != word[j]:
                return False
        return True

    def _key(self, raw: bytes, i: i64, keys: tuple[bytes, ...]) -> i64:
        """Past a member's key and its colon: :attr:`_k` is the key's index in ``keys``,
        else ``_X_KEY`` for an ``x-`` key, else ``_OTHER``."""
        i = self._byte(raw, i, _QUOTE)
        # a key with an escape is none of ours: an x- key, or one not read
        end = self._string_end(raw, i, escapes=True)
        k = _OTHER
        for j in range(len(keys)):
            if self._same(raw, i, end, keys[j]):
                k = j
                break
        if k == _OTHER and end - i >= 2 and raw[i] == 120 and raw[i + 1] == _MINUS:  # x-
            k = _X_KEY
        self._k = k
        return self._byte(raw, end + 1, _COLON)

    @staticmethod
    def _once(k: int, seen: int) -> int:
        """``seen`` (a bit per key of an object read so far) with key ``k``, which must be
        one of the object's (``k >= 0``) and not read before: a repeated key is parsed
        as its last value, which the parsed path judges."""
        if k < 0 or (seen >> k) & 1:
            raise NotPlain
        return seen | 1 << k

    def _int(self, raw: bytes, i: i64) -> i64:
        """Past an integer in JSON's form of at most 18 digits (after any whitespace),
        kept in :attr:`_value`."""
        i = self._ws(raw, i)
        negative = raw[i] == _MINUS
        if negative:
            i += 1
        b: i64 = raw[i]
        if b < _ZERO or b > _NINE:
            raise NotPlain
        start = i
        value: int = b - _ZERO  # (an int: 19 digits and more are read, then refused)
        i += 1
        b = raw[i]
        if value:  # no digit may follow a leading 0
            while _ZERO <= b <= _NINE:
                value = value * 10 + b - _ZERO
                i += 1
                b = raw[i]
            if i - start > _MAX_DIGITS:
                raise NotPlain
        if b == 46 or b == 69 or b == 101 or _ZERO <= b <= _NINE:  # . E e, or 01
            raise NotPlain  # a float, or a number JSON does not allow
        self._value = -value if negative else value
        return i

    @staticmethod
    def _number(raw: bytes, i: i64) -> i64:
        """Past a number in JSON's form (after any whitespace), not read: an integer, a
        fraction, an exponent.  At most :data:`_MAX_NUMBER` characters (a longer one,
        an integer above all, may be more than Python reads: the parsed path says)."""
        i = ByteCheck._ws(raw, i)
        start = i
        if raw[i] == _MINUS:
            i += 1
        b: i64 = raw[i]
        if b == _ZERO:
            i += 1
        elif _ZERO < b <= _NINE:
            i = ByteCheck._digits(raw, i)
        else:
            raise NotPlain
        if raw[i] == 46:  # .
            i = ByteCheck._digits(raw, i + 1)
        b = raw[i]
        if b == 69 or b == 101:  # E e
            i += 1
            b = raw[i]
            if b == 43 or b == _MINUS:  # + -
                i += 1
            i = ByteCheck._digits(raw, i)
        if i - start > _MAX_NUMBER:
            raise NotPlain
        return i

    @staticmethod
    def _digits(raw: bytes, i: i64) -> i64:
        """Past one or more digits at ``i``."""
        b: i64 = raw[i]
        if b < _ZERO or b > _NINE:
            raise NotPlain
        while _ZERO <= b <= _NINE:
            i += 1
            b = raw[i]
        return i

    def _skip(self, raw: bytes, i: i64, depth: i64) -> i64:
        """Past any JSON value (after any whitespace): a string (escapes checked), a
        number, ``true``, ``false``, ``null``, a list or an object of them (repeated
        keys are not looked for: only ``x-`` values, ignored whatever they hold, and an
        inline variant, parsed when used, are stepped over unread, or a part to come
        back to, read in full then)."""
        i = self._ws(raw, i)
        b: i64 = raw[i]
        if b == _QUOTE:
            return self._string_end(raw, i + 1, escapes=True) + 1
        if b == _OPEN or b == _OPEN_LIST:
            if depth >= MAX_DEPTH:
                raise NotPlain
            if b == _OPEN_LIST:
                end = self._int_list_end(raw, i)
                if end >= 0:
                    return end
            close = b + 2  # { -> }, [ -> ]
            i = self._open(raw, i, b, close)
            while self._more:
                if b == _OPEN:
                    i = self._byte(raw, self._string(raw, i), _COLON)
                i = self._next(raw, self._skip(raw, i, depth + 1), close)
            return i
        if b == 116:
            return self._word(raw, i, _TRUE)
        if b == 102:
            return self._word(raw, i, _FALSE)
        if b == 110:
            return self._word(raw, i, _NULL)
        return self._number(raw, i)

    @staticmethod
    def _int_list_end(raw: bytes, i: i64) -> i64:
        """Past the list at ``i`` when it holds only integers of at most
        :data:`_MAX_NUMBER` digits, none negative, written as JSON writes them (no
        leading zero), each comma followed by at most one space; else -1 (the list
        is read token by token by :meth:`_skip`).  Another program's record often
        carries such a list in an ``x-`` key (an OpenSpiel game's action history:
        a sixth of the cost of such a one-hand record, read number by number)."""
        i += 1
        b: i64 = raw[i]
        if b == _CLOSE_LIST:
            return i + 1
        while True:
            start = i
            if b == _ZERO:
                i += 1
                b = raw[i]
            else:
                while _ZERO <= b <= _NINE:
                    i += 1
                    b = raw[i]
            if i == start or i - start > _MAX_NUMBER:
                return -1
            if b == _CLOSE_LIST:
                return i + 1
            if b != _COMMA:
                return -1
            i += 1
            b = raw[i]
            if b == _SPACE:
                i += 1
                b = raw[i]

    @staticmethod
    def _step_over(raw: bytes, i: i64) -> i64:
        """Past a value that is read in full later, from where it starts (a part of a
        record or hand that comes before what it depends on): its end found by
        counting brackets outside strings, nothing else judged now.

        Where the full reading succeeds, the value is JSON, and its end is where the
        brackets first balance: here too.  Where it fails, the record is not proved
        (every part stepped over is read before a record is proved clean), so what
        came after the end found here does not matter.  A fifth of the cost of
        another producer's one-hand record went on stepping over its actions token by
        token with :meth:`_skip`, which judges what it steps over."""
        b: i64 = raw[i]
        if b != _OPEN and b != _OPEN_LIST:  # a string, number or word: read as it is
            if b == _QUOTE:
                return ByteCheck._string_end(raw, i + 1, escapes=True) + 1
            return ByteCheck._word_end(raw, i)
        depth = 0
        while True:
            b = raw[i]
            if b == _QUOTE:
                i += 1
                b = raw[i]
                while b != _QUOTE:
                    if b == _BACKSLASH:
                        i += 1  # the escaped byte, a quote perhaps, does not end it
                    i += 1
                    b = raw[i]
            elif b == _OPEN or b == _OPEN_LIST:
                depth += 1
                if depth > MAX_DEPTH:
                    raise NotPlain
            elif b == _CLOSE or b == _CLOSE_LIST:
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1

    @staticmethod
    def _word_end(raw: bytes, i: i64) -> i64:
        """Past a number, ``true``, ``false`` or ``null`` at ``i`` (not judged: see
        :meth:`_step_over`): up to the next comma, bracket or whitespace."""
        b: i64 = raw[i]
        while b != _COMMA and b != _CLOSE and b != _CLOSE_LIST and b != _SPACE and \
                b != 10 and b != 13 and b != 9:
            i += 1
            b = raw[i]
        return i

    @staticmethod
    def _seat(raw: bytes, i: i64, end: i64, seating: Seating) -> i64:
        """The seat ``raw[i:end]`` labels."""
        if end == i + 1:
            b: i64 = raw[i]
            seat = seating.short[b] if b < 128 else -1
        else:
            seat = -1
            labels = seating.label_bytes
            for s in range(len(labels)):  # not enumerate: a tuple per step
                if ByteCheck._same(raw, i, end, labels[s]):
                    seat = s
                    break
        if seat < 0:
            raise NotPlain
        return seat

    def _seat_key(self, raw: bytes, i: i64, seating: Seating) -> i64:
        """Past a key that is a seat's label and its colon; the seat in :attr:`_k`."""
        i = self._byte(raw, i, _QUOTE)
        end = self._string_end(raw, i)
        self._k = self._seat(raw, i, end, seating)
        return self._byte(raw, end + 1, _COLON)

    @staticmethod
    def _side(raw: bytes, i: i64, end: i64, seating: Seating) -> i64:
        """The side ``raw[i:end]`` names."""
        names = seating.side_bytes
        for side in range(len(names)):
            if ByteCheck._same(raw, i, end, names[side]):
                return side
        raise NotPlain

    @staticmethod
    def _card(raw: bytes, i: i64, pairs: tuple[int, ...]) -> int:
        """The card spelt by the two bytes at ``i``, followed by the closing quote
        (other spellings are left to the parsed path).  An ``int``, not an ``i64``:
        a bigger deck's card indexes reach 63 and more, and ``1 << card`` is a mask."""
        a = raw[i]
        b: i64 = raw[i + 1]
        if a >= 128 or b >= 128 or raw[i + 2] != _QUOTE:
            raise NotPlain
        card = pairs[a << 7 | b]
        if card < 0:
            raise NotPlain
        return card

    @staticmethod
    def _verb(raw: bytes, i: i64, end: i64) -> i64:
        """The code of the verb ``raw[i:end]``: looked up by its length and first two
        letters, then compared in full (no bytes object per action)."""
        k = end - i
        if k < 2:
            raise NotPlain
        found = _VERBS.get(k << 16 | raw[i] << 8 | raw[i + 1])
        if found is None or not ByteCheck._same(raw, i, end, found[1]):
            raise NotPlain
        return found[0]

    # ------------------------------------------------------------ the record
    def _record(self, raw: bytes, file: str | None) -> i64:
        """The whole record, its hands replayed and every claim compared; returns the
        number of hands.  The format, variant and seats are read where they come;
        every other part as soon as what it depends on is known (stepped over
        until then and read after)."""
        at = self._top
        for k in range(len(at)):
            at[k] = -1
        labels = self._labels
        labels.clear()
        self._start.clear()
        self._count = -1  # no hand replayed yet
        self._done = 0  # a bit per part read
        seating: Seating | None = None
        variant_end = -1
        i = self._open(raw, 0, _OPEN, _CLOSE)
        while self._more:
            i = self._key(raw, i, _TOP)
            k = self._k
            if k == _X_KEY:
                i = self._skip(raw, i, 0)
            elif k == _OTHER or at[k] >= 0:
                raise NotPlain  # a key a record may not have, or one said twice
            else:
                i = self._ws(raw, i)
                at[k] = i
                if k == _FORMAT_KEY:
                    end = self._string_end(raw, self._byte(raw, i, _QUOTE))
                    if not self._same(raw, i + 1, end, _FORMAT):
                        raise NotPlain
                    i = end + 1
                elif k == _VARIANT:  # read with the seats
                    last = self._variant
                    if last and raw.startswith(last, i):  # the last inline variant's bytes
                        i = variant_end = i + len(last)
                    else:
                        i = variant_end = self._skip(raw, i, 0)
                elif k == _SEATS:
                    i = self._labels_of(raw, i, labels)
                elif seating is not None and self._ready(k):
                    i = self._part(raw, i, k, seating)
                else:
                    i = self._step_over(raw, i)  # read once what it depends on is known
            if seating is None and at[_VARIANT] >= 0 and at[_SEATS] >= 0:
                seating = self._seating(raw, at[_VARIANT], variant_end, labels, file)
            if seating is not None:
                for k in range(_PLAYERS, _FINAL + 1):  # the parts stepped over, readable now
                    if at[k] >= 0 and not (self._done >> k) & 1 and self._ready(k):
                        self._part(raw, at[k], k, seating)
            i = self._next(raw, i, _CLOSE)
        if at[_FORMAT_KEY] < 0 or self._count < 0:
            raise NotPlain  # no format, or no hands
        for k in range(_PLAYERS, _FINAL + 1):  # _AFTER_SEATING
            if at[k] >= 0 and not (self._done >> k) & 1:
                raise NotPlain  # start scores after the hands, which were replayed without
        for j in range(i, len(raw)):  # nothing but whitespace after the record
            b: i64 = raw[j]
            if b != _SPACE and b != 10 and b != 13 and b != 9:
                raise NotPlain
        return self._count

    def _ready(self, k: int) -> bool:
        """Whether part ``k`` of a record can be read, the seating being known: the
        start scores only before the hands are replayed, the final only after."""
        if k == _START:
            return self._count < 0
        if k == _FINAL:
            return self._count >= 0
        return True

    def _part(self, raw: bytes, i: i64, k: int, seating: Seating) -> i64:
        """Past part ``k`` of a record (its value starting at ``i``), read."""
        self._done |= 1 << k
        if k == _HANDS:
            return self._hands(raw, i, seating)
        if k == _FINAL:
            return self._final(raw, i, seating.game, seating)
        if k == _START:
            return self._side_ints(raw, i, seating, self._start)
        if k == _PLAYERS:
            return self._players(raw, i, seating)
        return self._meta(raw, i)

    def _seating(self, raw: bytes, start: i64, end: i64, labels: list[str],
                 file: str | None) -> Seating:
        """The seating of the variant whose value is ``raw[start:end]`` and the seats
        ``labels``: a variant's id, or an inline variant (parsed once, then known by
        its bytes while the records of a file repeat it)."""
        b: i64 = raw[start]
        seating: Seating | None
        if b == _QUOTE:
            seating = self.fast.seating_of(raw[start + 1:end - 1].decode("utf-8"), labels, file)
        elif b == _OPEN:
            seating = self._variant_seating
            last = self._variant
            if seating is None or end - start != len(last) or not raw.startswith(last, start) or \
                    file != self._variant_file or seating.seats != labels:
                span = raw[start:end]
                seating = self.fast.seating_of(json.loads(span), labels, file)
                self._variant, self._variant_file = span, file
                self._variant_seating = seating
        else:
            raise NotPlain  # neither an id nor a variant: the full checker says what
        if seating is None:
            raise NotPlain
        return seating

    def _labels_of(self, raw: bytes, i: i64, labels: list[str]) -> i64:
        """Past the seats (a list of labels), appended to ``labels``."""
        i = self._open(raw, i, _OPEN_LIST, _CLOSE_LIST)
        while self._more:
            i = self._byte(raw, i, _QUOTE)
            end = self._string_end(raw, i)
            labels.append(raw[i:end].decode("utf-8"))
            i = self._next(raw, end + 1, _CLOSE_LIST)
        return i

    def _players(self, raw: bytes, i: i64, seating: Seating) -> i64:
        """Past ``players`` (seat label -> name)."""
        if not _NAME_STRINGS:
            raise NotPlain
        i = self._open(raw, i, _OPEN, _CLOSE)
        while self._more:
            i = self._seat_key(raw, i, seating)
            i = self._next(raw, self._string(raw, i), _CLOSE)
        return i

    def _meta(self, raw: bytes, i: i64) -> i64:
        """Past ``meta`` (key -> string or number)."""
        i = self._open(raw, i, _OPEN, _CLOSE)
        while self._more:
            i = self._ws(raw, self._byte(raw, self._string(raw, i), _COLON))
            if raw[i] == _QUOTE and _META_STRINGS:
                i = self._string_end(raw, i + 1, escapes=True) + 1
            elif raw[i] != _QUOTE and _META_NUMBERS:
                i = self._number(raw, i)
            else:
                raise NotPlain
            i = self._next(raw, i, _CLOSE)
        return i

    def _side_ints(self, raw: bytes, i: i64, seating: Seating, into: list[int]) -> i64:
        """Past an object side name -> integer, appending ``side, value`` pairs to
        ``into``."""
        i = self._open(raw, i, _OPEN, _CLOSE)
        while self._more:
            i = self._byte(raw, i, _QUOTE)
            end = self._string_end(raw, i)
            into.append(self._side(raw, i, end, seating))
            i = self._int(raw, self._byte(raw, end + 1, _COLON))
            into.append(self._value)
            i = self._next(raw, i, _CLOSE)
        return i

    def _hands(self, raw: bytes, i: i64, seating: Seating) -> i64:
        """Past the list of hands, each replayed; their number in :attr:`_count`."""
        game = seating.game
        i = self._open(raw, i, _OPEN_LIST, _CLOSE_LIST)
        if not self._more:
            raise NotPlain  # no hand at all
        count = 0
        while self._more:
            count += 1
            if count > MAX_HANDS:
                raise NotPlain
            i = self._next(raw, self._hand(raw, i, game, seating, count == 1), _CLOSE_LIST)
        self._count = count
        return i

    def _hand(self, raw: bytes, i: i64, game: Machine, seating: Seating, first: bool) -> i64:
        """Past one hand, replayed: its dealer, deal, actions and result are read in
        that order, each as soon as the ones before it have been."""
        at = self._at
        for k in range(len(at)):
            at[k] = -1
        done = 0  # the parts read, in order
        i = self._open(raw, i, _OPEN, _CLOSE)
        while self._more:
            i = self._key(raw, i, _HAND)
            k = self._k
            if k < 0 or at[k] >= 0:
                raise NotPlain  # a key a hand may not have, or one said twice
            i = self._ws(raw, i)
            at[k] = i
            if k == done:
                i = self._hand_part(raw, i, k, game, seating, first)
                done += 1
                while done < len(at) and at[done] >= 0:  # parts stepped over until now
                    self._hand_part(raw, at[done], done, game, seating, first)
                    done += 1
            else:
                i = self._step_over(raw, i)  # read in full once the parts before it are
            i = self._next(raw, i, _CLOSE)
        if done <= _ACTIONS:
            raise NotPlain  # no dealer, deal or actions (the result may be left out)
        return i

    def _hand_part(self, raw: bytes, i: i64, k: int, game: Machine, seating: Seating,
                   first: bool) -> i64:
        """Past part ``k`` of a hand (its value starting at ``i``), read."""
        if k == _DEAL:
            return self._deal(raw, i, game, seating)
        if k == _ACTIONS:
            return self._actions(raw, i, game, seating)
        if k == _RESULT:
            return self._result(raw, i, game, seating)
        if raw[i] != _QUOTE:
            raise NotPlain
        end = self._string_end(raw, i + 1)
        dealer = self._seat(raw, i + 1, end, seating)
        if first:  # the game starts here, from the record's start scores if it has any
            game.restart(dealer)
            start = self._start
            if start:
                scores = list(game.scores)
                for j in range(0, len(start), 2):
                    scores[start[j]] = start[j + 1]
                game.set_scores(scores)
        if game.is_over or dealer != game.dealer:
            raise NotPlain
        return end + 1

    def _deal(self, raw: bytes, i: i64, game: Machine, seating: Seating) -> i64:
        """Past the deal (every seat's hand, and the upcard or ``null``), dealt."""
        pairs = seating.deck.pairs
        dealt = self._dealt
        dealt.clear()
        n = game.n
        for _ in range(n):
            dealt.append(-1)
        upcard: int | None = None
        kitty: list[int | None] | None = None
        widow: list[int | None] | None = None
        seen = 0  # a bit per key read
        i = self._open(raw, i, _OPEN, _CLOSE)
        while self._more:
            i = self._key(raw, i, _DEAL_KEYS)
            k = self._k
            seen = self._once(k, seen)
            if k == 0:
                i = self._open(raw, i, _OPEN, _CLOSE)
                while self._more:
                    i = self._seat_key(raw, i, seating)
                    seat = self._k
                    if dealt[seat] >= 0:
                        raise NotPlain  # a seat's hand twice
                    m = 0
                    i = self._open(raw, i, _OPEN_LIST, _CLOSE_LIST)
                    while self._more:
                        i = self._byte(raw, i, _QUOTE)
                        bit = 1 << self._card(raw, i, pairs)
                        if m & bit:
                            raise NotPlain  # twice in one hand: the full checker says which
                        m |= bit
                        i = self._next(raw, i + 3, _CLOSE_LIST)
                    dealt[seat] = m
                    i = self._next(raw, i, _CLOSE)
            elif k == 1:
                i = self._ws(raw, i)
                if raw[i] == _QUOTE:
                    upcard = self._card(raw, i + 1, pairs)
                    i += 4
                else:
                    i = self._word(raw, i, _NULL)
            elif k == 3:
                kitty = self._kitty
                i = self._kitty_of(raw, i, pairs, kitty)
            else:
                i = self._ws(raw, i)
                if raw[i] == 110:  # n: null, no widow given
                    i = self._word(raw, i, _NULL)
                else:
                    widow = self._widow
                    i = self._widow_of(raw, i, pairs, widow)
            i = self._next(raw, i, _CLOSE)
        for s in range(n):
            if dealt[s] < 0:
                raise NotPlain  # a seat's hand missing (or all of them)
        game.deal_masks(dealt, upcard, kitty, widow)
        return i

    def _widow_of(self, raw: bytes, i: i64, pairs: tuple[int, ...],
                  widow: list[int | None]) -> i64:
        """Past a deal's ``widow``, every card known (a card not known is the full
        checker's to count), its cards put in ``widow``; the engine checks them."""
        widow.clear()
        i = self._open(raw, i, _OPEN_LIST, _CLOSE_LIST)
        while self._more:
            i = self._byte(raw, i, _QUOTE)
            widow.append(self._card(raw, i, pairs))
            i = self._next(raw, i + 3, _CLOSE_LIST)
        return i

    def _kitty_of(self, raw: bytes, i: i64, pairs: tuple[int, ...],
                  kitty: list[int | None]) -> i64:
        """Past a deal's ``kitty`` (cards, ``"??"`` for one not known, or ``null``: none),
        its cards put in ``kitty``; the engine checks them with the deal."""
        kitty.clear()
        i = self._ws(raw, i)
        if raw[i] == 110:  # n
            return self._word(raw, i, _NULL)
        i = self._open(raw, i, _OPEN_LIST, _CLOSE_LIST)
        while self._more:
            i = self._byte(raw, i, _QUOTE)
            if raw[i] == _UNKNOWN and raw[i + 1] == _UNKNOWN and raw[i + 2] == _QUOTE:
                kitty.append(None)
            else:
                kitty.append(self._card(raw, i, pairs))
            i = self._next(raw, i + 3, _CLOSE_LIST)
        return i

    def _actions(self, raw: bytes, i: i64, game: Machine, seating: Seating) -> i64:
        """Past the actions, replayed to the end of the hand, exactly to its last action.

        Plays in the play phase wait in a list and are replayed in one
        :meth:`~euchre_dsl.engine.machine.Machine.replay_plays` call, as the fast
        check does; any other action in the play phase is the full checker's
        to judge."""
        pairs = seating.deck.pairs
        short = seating.short
        seats = self._seats
        cards = self._cards
        seats.clear()
        cards.clear()
        i = self._open(raw, i, _OPEN_LIST, _CLOSE_LIST)
        while self._more:
            i = self._byte(raw, self._byte(raw, i, _OPEN_LIST), _QUOTE)
            b: i64 = raw[i]
            if raw[i + 1] == _QUOTE and b < 128:  # a label of one character
                seat = short[b]
                if seat < 0:
                    raise NotPlain
                i += 2
            else:
                end = self._string_end(raw, i)
                seat = self._seat(raw, i, end, seating)
                i = end + 1
            i = self._byte(raw, self._byte(raw, i, _COMMA), _QUOTE)
            if raw[i] == 112 and raw[i + 1] == 108 and raw[i + 2] == 97 and \
                    raw[i + 3] == 121 and raw[i + 4] == _QUOTE:  # "play": most actions
                i += 5
                code = V_PLAY
            else:
                end = self._string_end(raw, i)
                code = self._verb(raw, i, end)
                i = end + 1
            if seats or game.phase is PLAYING:  # a phase is compared by identity
                if code != V_PLAY:
                    raise NotPlain
                i = self._byte(raw, self._byte(raw, i, _COMMA), _QUOTE)
                seats.append(seat)
                cards.append(self._card(raw, i, pairs))
                i += 3
            else:
                if game.hand_over:
                    raise NotPlain  # an action after the end of the hand
                i = self._act(raw, i, game, seating, seat, code)
            i = self._next(raw, self._byte(raw, i, _CLOSE_LIST), _CLOSE_LIST)
        if seats and game.replay_plays(seats, cards) != len(seats):
            raise NotPlain  # a play the engine must judge
        if not game.hand_over:
            raise NotPlain
        return i

    def _act(self, raw: bytes, i: i64, game: Machine, seating: Seating, seat: int,
             code: int) -> i64:
        """Past the arguments of one action (up to its closing ``]``), applied."""
        arg = 0
        alone = False
        if WORDS_OF_CODE[code]:  # one card, contract or amount, read by the action table
            kind = ARG_OF_CODE[code]
            i = self._byte(raw, i, _COMMA)
            if kind == ARG_AMOUNT:
                i = self._int(raw, i)
                arg = self._value
            else:
                i = self._byte(raw, i, _QUOTE)
                if kind == ARG_CARD and ALONE_INSTEAD_CODE[code] and raw[i] == 97:  # a
                    i = self._word(raw, i, _ALONE)  # "alone": no partner called
                    if raw[i] != _QUOTE or not apply_action(game, seat, code, None, True):
                        raise NotPlain
                    return i + 1
                if kind == ARG_CARD:
                    arg = self._card(raw, i, seating.deck.pairs)
                    i += 3
                else:  # ARG_CONTRACT
                    end = self._string_end(raw, i)
                    contract = CONTRACT_CODES.get(raw[i:end].decode("ascii").upper())
                    if contract is None:
                        raise NotPlain
                    arg = contract
                    i = end + 1
        if ALONE_AFTER_CODE[code]:
            j = self._ws(raw, i)
            if raw[j] == _COMMA:
                i = self._word(raw, self._byte(raw, j + 1, _QUOTE), _ALONE)
                if raw[i] != _QUOTE:
                    raise NotPlain
                i += 1
                alone = True
        if not apply_action(game, seat, code, arg, alone):
            raise NotPlain  # a renege: reported, so not clean
        return i

    def _result(self, raw: bytes, i: i64, game: Machine, seating: Seating) -> i64:
        """Past ``result``: the replay's five keys (``result_to_json``) and, where the
        maker called a partner's card, who the partner was, any of them left out (each
        is optional), in any order, each value judged by the one comparison of claims
        (:mod:`.result_claims`)."""
        res = game.last_result
        if res is None:
            raise NotPlain
        labels = seating.labels
        seen = 0  # a bit per key read
        i = self._open(raw, i, _OPEN, _CLOSE)
        while self._more:
            i = self._key(raw, i, _RESULT_KEYS)
            k = self._k
            seen = self._once(k, seen)
            i = self._ws(raw, i)
            if k == 0:
                trump: str | None = None
                if raw[i] == _QUOTE:
                    end = self._string_end(raw, i + 1)
                    trump = raw[i + 1:end].decode("ascii")
                    i = end + 1
                else:
                    i = self._word(raw, i, _NULL)
                if not trump_agrees(trump, res.trump):
                    raise NotPlain
            elif k == 1 or k == 5:  # the maker, or the called partner (a seat or null)
                if k == 5 and res.called is None:
                    raise NotPlain  # a partner named where none was called: reported
                seat: str | None = None
                if raw[i] == _QUOTE:
                    end = self._string_end(raw, i + 1)
                    seat = labels[self._seat(raw, i + 1, end, seating)]
                    i = end + 1
                else:
                    i = self._word(raw, i, _NULL)
                if not maker_agrees(seat, res.maker if k == 1 else res.partner, labels):
                    raise NotPlain
            elif k == 2:
                i = self._counts(raw, i, seating, True, res.tricks)
            elif k == 3:
                i = self._counts(raw, i, seating, False, res.points)
            else:
                i = self._counts(raw, i, seating, False, res.scores)
            i = self._next(raw, i, _CLOSE)
        return i

    def _counts(self, raw: bytes, i: i64, seating: Seating, by_seat: bool,
                values: tuple[int, ...]) -> i64:
        """Past an object of integers by seat (``by_seat``) or by side, in any order,
        each named once (some may be left out), equal to its value in ``values``."""
        read = self._read
        read.clear()
        n = len(values)
        for _ in range(n):
            read.append(0)
        seen = 0
        i = self._open(raw, i, _OPEN, _CLOSE)
        while self._more:
            i = self._byte(raw, i, _QUOTE)
            end = self._string_end(raw, i)
            j = self._seat(raw, i, end, seating) if by_seat else \
                self._side(raw, i, end, seating)
            seen = self._once(j, seen)
            i = self._int(raw, self._byte(raw, end + 1, _COLON))
            read[j] = self._value
            i = self._next(raw, i, _CLOSE)
        if not values_agree(read, seen, values):
            raise NotPlain
        return i

    def _final(self, raw: bytes, i: i64, game: Machine, seating: Seating) -> i64:
        """Past ``final``: its scores and its winner (either may be left out), in any
        order, agree with the replay."""
        seen = 0
        i = self._open(raw, i, _OPEN, _CLOSE)
        while self._more:
            i = self._key(raw, i, _FINAL_KEYS)
            k = self._k
            seen = self._once(k, seen)
            if k == 0:
                claimed = self._claimed
                claimed.clear()
                i = self._side_ints(raw, i, seating, claimed)
                by_side: dict[int, int] = {}
                for j in range(0, len(claimed), 2):
                    by_side[claimed[j]] = claimed[j + 1]
                if not scores_agree(by_side, game.scores):
                    raise NotPlain
            else:
                i = self._winner(raw, i, game, seating)
            i = self._next(raw, i, _CLOSE)
        return i

    def _winner(self, raw: bytes, i: i64, game: Machine, seating: Seating) -> i64:
        """Past ``final.winner``: ``null`` while unfinished, a side, or a list of tied
        sides."""
        named = 0  # a bit per side named
        i = self._ws(raw, i)
        if raw[i] == 110:  # n
            i = self._word(raw, i, _NULL)
        else:
            listed = raw[i] == _OPEN_LIST
            if listed:
                i = self._open(raw, i, _OPEN_LIST, _CLOSE_LIST)
                if not self._more:
                    raise NotPlain  # an empty list
            while True:
                i = self._byte(raw, i, _QUOTE)
                end = self._string_end(raw, i)
                named |= 1 << self._side(raw, i, end, seating)
                i = end + 1
                if not listed:
                    break
                i = self._next(raw, i, _CLOSE_LIST)
                if not self._more:
                    break
        if not winners_agree(named, game.winners):
            raise NotPlain
        return i
