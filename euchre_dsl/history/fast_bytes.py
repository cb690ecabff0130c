"""The validator's fast path on raw JSON: a record proved clean from its bytes.

:class:`~.fast_check.FastCheck` proves a parsed record clean; for a clean
JSON Lines record most of the time went on the parse itself: a dict per
object, a list and two or three strings per action, then freeing them all.
:class:`ByteCheck` answers the same question from the record's UTF-8 bytes,
before anything is parsed: it walks them once, reads seats and cards as
indexes straight from the bytes (the tables :meth:`Deck.card_index
<euchre_dsl.cards.Deck.card_index>` and ``Seating.seat_index`` use), and
replays the record through the same pieces of the fast check as it goes (the
variant and seats lookup, :func:`~.fast_check.apply_action`,
:meth:`Game.replay_plays <euchre_dsl.engine.game.Game.replay_plays>`), so the
rules are still the engine's alone.

It reads only the form our writer writes: compact (no whitespace between
tokens), the keys of every object in the writer's order (seats and sides in
the order of the record's seats), strings of printable ASCII without escapes,
integers without a fraction or an exponent.  Anything else -- whitespace, a
key out of that order, missing where the fast check needs it, repeated or
unknown (an ``x-`` key too), an escape, a byte that is not printable ASCII
(so the line is UTF-8 by construction), a float, ``true``, an inline variant
-- and anything the fast check itself would not prove makes it answer "not
proved": the line is then decoded, parsed and checked as before (the fast
check, then the full checker).  The answer for a record is therefore the
same either way; only its cost differs.  The tests hold it to that against
the parsed path, on simulated records of every shipped variant and on
mutations of them (``tests/history/test_fast_bytes.py``).

The walk is written for the compiled build (mypyc): a cursor ``i`` passed
and returned, bytes compared in place, a method per part of the record
rather than per token (a call per token cost more than the bytes it read).
"""

from __future__ import annotations

from typing import Final

from ..engine.actions import PLAYING, IllegalAction
from ..engine.game import Game
from ..errors import EuchreError
from ..limits import MAX_HANDS
from .fast_check import FastCheck, Seating, apply_action
from .result_claims import maker_agrees, scores_agree, trump_agrees, values_agree, winners_agree
from .notation import (
    A_ALONE, A_CARD, A_CARD_OR_UNKNOWN, A_CONTRACT, A_NUMBER, ARGS_OF_CODE, CONTRACT_CODES,
    FORMAT, PLAIN_CODE, V_PLAY, VERB_CODES,
)

# JSON's structural bytes
_QUOTE: Final = 34
_COMMA: Final = 44
_COLON: Final = 58
_CLOSE: Final = 125  # }
_OPEN_LIST: Final = 91  # [
_CLOSE_LIST: Final = 93  # ]
_BACKSLASH: Final = 92
_MINUS: Final = 45
_ZERO: Final = 48
_NINE: Final = 57
_MAX_DIGITS: Final = 18  # any integer of at most 18 digits fits in 63 bits

_FORMAT: Final = b'{"format":"' + FORMAT.encode() + b'","variant":"'
_SEATS: Final = b',"seats":["'
_NULL: Final = b"null"
_N: Final = 110  # the first byte of null
_ALONE: Final = b',"alone"'


def _verb_table() -> dict[int, tuple[int, bytes]]:
    """Each plain verb of the notation's action table (``notation.VERB_TABLE``: the
    verbs the fast paths replay) by its length and first two bytes (see
    :meth:`ByteCheck._verb`)."""
    table: dict[int, tuple[int, bytes]] = {}
    for verb, code in VERB_CODES.items():
        if not PLAIN_CODE[code]:
            continue  # a house-rule verb: the full checker's
        b = verb.encode()
        key = len(b) << 16 | b[0] << 8 | b[1]
        assert key not in table, f"two verbs share a length and first two letters: {verb}"
        table[key] = (code, b)
    return table


_VERBS: Final = _verb_table()


class NotPlain(EuchreError):
    """The record is not in the form this reader proves, or is not clean: the
    caller parses it instead.  Raised deep in the walk, caught once in
    :meth:`ByteCheck.hands`: it never leaves this module."""


class ByteCheck:
    """Whether a JSON record is clean, answered from its bytes (see the module's docstring).

    It shares ``fast``'s cache of variants and seats and its games, so records
    read either way are replayed in the same game objects.
    """

    def __init__(self, fast: FastCheck) -> None:
        self.fast = fast
        # reused for every hand: the dealt masks, the plays waiting to be replayed
        self._dealt: list[int] = []
        self._seats: list[int] = []
        self._cards: list[int] = []
        # side, value, side, value, ...: a record's start scores, and its final scores
        self._start: list[int] = []
        self._claimed: list[int] = []
        self._read: list[int] = []  # the counts of one object of a result, as read
        self._value = 0  # the last integer read (see _int)

    def hands(self, raw: bytes, file: str | None) -> int:
        """The number of hands of ``raw`` (one record's bytes, as read from ``file``)
        when it is proved clean; -1 when it is not (parse it and check it).

        A record that does not even start as our writer's do (another producer's
        key order, whitespace, an inline variant) is turned away by its first bytes,
        before the walk: raising and catching :class:`NotPlain` for each of them cost
        3-4 us a record (compiled), a tenth of all the parsed path then spends on a
        one-hand record."""
        if not raw.startswith(_FORMAT):
            return -1
        try:
            return self._record(raw, file)
        except (NotPlain, IllegalAction, ValueError, IndexError):
            return -1  # IllegalAction, ValueError: the engine refused an action or the deal

    # ------------------------------------------------------------ tokens
    # Each takes the cursor and returns it moved past what it read; IndexError
    # (running off the end) is caught as "not proved" with the rest.
    @staticmethod
    def _byte(raw: bytes, i: int, byte: int) -> int:
        """Past ``byte``, which must be at ``i``."""
        if raw[i] != byte:
            raise NotPlain
        return i + 1

    @staticmethod
    def _word(raw: bytes, i: int, word: bytes) -> int:
        """Past ``word``, which must be at ``i``.  Its own loop rather than a call of
        :meth:`_same`: it runs a dozen times a hand, and the call cost 8% of a hand."""
        for j in range(len(word)):
            if raw[i + j] != word[j]:
                raise NotPlain
        return i + len(word)

    @staticmethod
    def _string_end(raw: bytes, i: int) -> int:
        """The index of the quote closing the string whose text starts at ``i``:
        printable ASCII only, no escapes."""
        while True:
            b = raw[i]
            if b == _QUOTE:
                return i
            if b < 32 or b > 126 or b == _BACKSLASH:
                raise NotPlain
            i += 1

    @staticmethod
    def _same(raw: bytes, i: int, end: int, word: bytes) -> bool:
        """Whether ``raw[i:end]`` is ``word``, without slicing it."""
        if end - i != len(word):
            return False
        for j in range(end - i):
            if raw[i + j] != word[j]:
                return False
        return True

    def _int(self, raw: bytes, i: int) -> int:
        """Past an integer in JSON's form of at most 18 digits, kept in :attr:`_value`."""
        negative = raw[i] == _MINUS
        if negative:
            i += 1
        b = raw[i]
        if b < _ZERO or b > _NINE:
            raise NotPlain
        start = i
        value = b - _ZERO
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
    def _seat(raw: bytes, i: int, end: int, seating: Seating) -> int:
        """The seat ``raw[i:end]`` labels."""
        if end == i + 1:
            b = raw[i]
            seat = seating.short[b] if b < 128 else -1
        else:
            seat = -1
            for s, label in enumerate(seating.label_bytes):
                if ByteCheck._same(raw, i, end, label):
                    seat = s
                    break
        if seat < 0:
            raise NotPlain
        return seat

    @staticmethod
    def _side(raw: bytes, i: int, end: int, seating: Seating) -> int:
        """The side ``raw[i:end]`` names."""
        for side, name in enumerate(seating.side_bytes):
            if ByteCheck._same(raw, i, end, name):
                return side
        raise NotPlain

    @staticmethod
    def _card(raw: bytes, i: int, pairs: tuple[int, ...]) -> int:
        """The card spelt by the two bytes at ``i``, followed by the closing quote
        (other spellings are left to the parsed path)."""
        a = raw[i]
        b = raw[i + 1]
        if a >= 128 or b >= 128 or raw[i + 2] != _QUOTE:
            raise NotPlain
        card = pairs[a << 7 | b]
        if card < 0:
            raise NotPlain
        return card

    @staticmethod
    def _verb(raw: bytes, i: int, end: int) -> int:
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
    def _record(self, raw: bytes, file: str | None) -> int:
        i = self._word(raw, 0, _FORMAT)
        end = self._string_end(raw, i)
        variant = raw[i:end].decode("ascii")
        i = self._word(raw, end + 1, _SEATS)
        seats: list[str] = []
        while True:
            end = self._string_end(raw, i)
            seats.append(raw[i:end].decode("ascii"))
            b = raw[end + 1]
            if b == _CLOSE_LIST:
                break
            i = self._word(raw, end + 1, b',"')
        seating = self.fast.seating_of(variant, seats, file)
        if seating is None:
            raise NotPlain
        i = self._byte(raw, end + 2, _COMMA)
        start = self._start
        start.clear()
        if raw[i + 1] == 112:  # "players"
            i = self._players(raw, self._word(raw, i, b'"players":{'), seating)
        if raw[i + 1] == 109:  # "meta"
            i = self._meta(raw, self._word(raw, i, b'"meta":{'))
        if raw[i + 1] == 115:  # "start_scores"
            i = self._side_ints(raw, self._word(raw, i, b'"start_scores":{'), seating, start)
            i = self._byte(raw, i, _COMMA)
        i = self._word(raw, i, b'"hands":[')
        game = seating.game
        count = 0
        while True:
            count += 1
            if count > MAX_HANDS:
                raise NotPlain
            i = self._hand(raw, i, game, seating, count == 1)
            b = raw[i]
            i += 1
            if b == _CLOSE_LIST:
                break
            if b != _COMMA:
                raise NotPlain
        if raw[i] == _COMMA:
            i = self._final(raw, self._word(raw, i, b',"final":{'), game, seating)
        i = self._byte(raw, i, _CLOSE)
        for j in range(i, len(raw)):  # nothing but the line's end after the record
            b = raw[j]
            if b != 10 and b != 13:
                raise NotPlain
        return count

    def _players(self, raw: bytes, i: int, seating: Seating) -> int:
        """Past ``players`` (seat label -> name, after its ``{``) and its comma."""
        if raw[i] != _CLOSE:
            while True:
                i = self._byte(raw, i, _QUOTE)
                end = self._string_end(raw, i)
                self._seat(raw, i, end, seating)
                i = self._word(raw, end + 1, b':"')
                i = self._string_end(raw, i) + 1
                if raw[i] != _COMMA:
                    break
                i += 1
        return self._word(raw, i, b"},")

    def _meta(self, raw: bytes, i: int) -> int:
        """Past ``meta`` (key -> string or integer, after its ``{``) and its comma."""
        if raw[i] != _CLOSE:
            while True:
                i = self._byte(raw, i, _QUOTE)
                i = self._byte(raw, self._string_end(raw, i) + 1, _COLON)
                if raw[i] == _QUOTE:
                    i = self._string_end(raw, i + 1) + 1
                else:
                    i = self._int(raw, i)
                if raw[i] != _COMMA:
                    break
                i += 1
        return self._word(raw, i, b"},")

    def _side_ints(self, raw: bytes, i: int, seating: Seating, into: list[int]) -> int:
        """Past an object side name -> integer (after its ``{``), appending
        ``side, value`` pairs to ``into``."""
        if raw[i] != _CLOSE:
            while True:
                i = self._byte(raw, i, _QUOTE)
                end = self._string_end(raw, i)
                into.append(self._side(raw, i, end, seating))
                i = self._int(raw, self._byte(raw, end + 1, _COLON))
                into.append(self._value)
                if raw[i] != _COMMA:
                    break
                i += 1
        return self._byte(raw, i, _CLOSE)

    def _hand(self, raw: bytes, i: int, game: Game, seating: Seating, first: bool) -> int:
        """Past one hand, replayed."""
        i = self._word(raw, i, b'{"dealer":"')
        end = self._string_end(raw, i)
        dealer = self._seat(raw, i, end, seating)
        if first:
            game.restart(dealer)
            start = self._start
            if start:
                scores = list(game.scores)
                for j in range(0, len(start), 2):
                    scores[start[j]] = start[j + 1]
                game.set_scores(scores)
        if game.is_over or dealer != game.dealer:
            raise NotPlain
        i = self._deal(raw, self._word(raw, end + 1, b',"deal":{"hands":{'), game, seating)
        i = self._actions(raw, self._word(raw, i, b',"actions":['), game, seating)
        if raw[i] == _COMMA:
            i = self._result(raw, self._word(raw, i, b',"result":{"trump":'), game, seating)
        return self._byte(raw, i, _CLOSE)

    def _deal(self, raw: bytes, i: int, game: Game, seating: Seating) -> int:
        """Past the deal's hands (in seat order, after their ``{``) and its upcard (or
        ``null``), dealt."""
        pairs = seating.deck.pairs
        dealt = self._dealt
        dealt.clear()
        for seat in range(game.n):
            if seat:
                i = self._byte(raw, i, _COMMA)
            i = self._byte(raw, i, _QUOTE)
            end = self._string_end(raw, i)
            if self._seat(raw, i, end, seating) != seat:
                raise NotPlain
            i = self._word(raw, end + 1, b':[')
            m = 0
            if raw[i] != _CLOSE_LIST:
                while True:
                    bit = 1 << self._card(raw, i + 1, pairs)
                    if raw[i] != _QUOTE or m & bit:
                        raise NotPlain  # not a string, or twice in one hand
                    m |= bit
                    i += 4
                    if raw[i] != _COMMA:
                        break
                    i += 1
            dealt.append(m)
            i = self._byte(raw, i, _CLOSE_LIST)
        i = self._byte(raw, i, _CLOSE)
        upcard: int | None = None
        if raw[i] == _COMMA:
            i = self._word(raw, i, b',"upcard":')
            if raw[i] == _QUOTE:
                upcard = self._card(raw, i + 1, pairs)
                i += 4
            else:
                i = self._word(raw, i, _NULL)
        game.deal_masks(dealt, upcard)
        return self._byte(raw, i, _CLOSE)

    def _actions(self, raw: bytes, i: int, game: Game, seating: Seating) -> int:
        """Past the actions (after their ``[``), replayed to the end of the hand,
        exactly to its last action.

        Plays in the play phase wait in a list and are replayed in one
        :meth:`~euchre_dsl.engine.game.Game.replay_plays` call, as the fast
        check does; any other action in the play phase is the full checker's
        to judge."""
        pairs = seating.deck.pairs
        short = seating.short
        seats = self._seats
        cards = self._cards
        seats.clear()
        cards.clear()
        if raw[i] != _CLOSE_LIST:
            while True:
                if raw[i] != _OPEN_LIST or raw[i + 1] != _QUOTE:
                    raise NotPlain
                b = raw[i + 2]
                if raw[i + 3] == _QUOTE and b < 128:  # a label of one character
                    seat = short[b]
                    if seat < 0:
                        raise NotPlain
                    i += 4
                else:
                    end = self._string_end(raw, i + 2)
                    seat = self._seat(raw, i + 2, end, seating)
                    i = end + 1
                if raw[i] != _COMMA or raw[i + 1] != _QUOTE:
                    raise NotPlain
                i += 2
                if raw[i] == 112 and raw[i + 1] == 108 and raw[i + 2] == 97 and \
                        raw[i + 3] == 121 and raw[i + 4] == _QUOTE:  # "play": most actions
                    i += 5
                    code = V_PLAY
                else:
                    end = self._string_end(raw, i)
                    code = self._verb(raw, i, end)
                    i = end + 1
                if seats or game.phase is PLAYING:  # a phase is compared by identity
                    if code != V_PLAY or raw[i] != _COMMA or raw[i + 1] != _QUOTE:
                        raise NotPlain
                    seats.append(seat)
                    cards.append(self._card(raw, i + 2, pairs))
                    i += 5
                else:
                    if game.hand_over:
                        raise NotPlain  # an action after the end of the hand
                    i = self._act(raw, i, game, seating, seat, code)
                if raw[i] != _CLOSE_LIST:
                    raise NotPlain
                b = raw[i + 1]
                i += 2
                if b != _COMMA:
                    if b != _CLOSE_LIST:
                        raise NotPlain
                    break
        else:
            i += 1
        if seats and game.replay_plays(seats, cards) != len(seats):
            raise NotPlain  # a play the engine must judge
        if not game.hand_over:
            raise NotPlain
        return i

    def _act(self, raw: bytes, i: int, game: Game, seating: Seating, seat: int,
             code: int) -> int:
        """Past the arguments of one action (up to its closing ``]``), applied."""
        arg = 0
        alone = False
        kind = ARGS_OF_CODE[code]  # what follows the verb, as notation.read_action reads it
        if kind == A_CARD or kind == A_CARD_OR_UNKNOWN:
            arg = self._card(raw, self._word(raw, i, b',"'), seating.deck.pairs)
            i += 5
        elif kind == A_NUMBER:
            i = self._int(raw, self._byte(raw, i, _COMMA))
            arg = self._value
        elif kind == A_CONTRACT:
            i = self._word(raw, i, b',"')
            end = self._string_end(raw, i)
            contract = CONTRACT_CODES.get(raw[i:end].decode("ascii").upper())
            if contract is None:
                raise NotPlain
            arg = contract
            i = end + 1
        if (kind == A_ALONE or kind == A_CONTRACT) and raw[i] == _COMMA:
            i = self._word(raw, i, _ALONE)
            alone = True
        if not apply_action(game, seat, code, arg, alone):
            raise NotPlain  # a renege: reported, so not clean
        return i

    def _result(self, raw: bytes, i: int, game: Game, seating: Seating) -> int:
        """Past ``result`` (after its ``"trump":``), exactly the replay's
        (``result_to_json``), key by key: each value read is judged by the one
        comparison of claims (:mod:`.result_claims`)."""
        res = game.last_result
        if res is None:
            raise NotPlain
        trump: str | None = None
        if raw[i] == _QUOTE:
            end = self._string_end(raw, i + 1)
            trump = raw[i + 1:end].decode("ascii")
            i = end + 1
        else:
            i = self._word(raw, i, _NULL)
        if not trump_agrees(trump, res.trump):
            raise NotPlain
        i = self._word(raw, i, b',"maker":')
        maker: str | None = None
        if raw[i] == _QUOTE:
            end = self._string_end(raw, i + 1)
            maker = seating.labels[self._seat(raw, i + 1, end, seating)]
            i = end + 1
        else:
            i = self._word(raw, i, _NULL)
        if not maker_agrees(maker, res.maker, seating.labels):
            raise NotPlain
        i = self._counts(raw, self._word(raw, i, b',"tricks":{'), seating.label_bytes,
                         res.tricks)
        i = self._counts(raw, self._word(raw, i, b',"points":{'), seating.side_bytes,
                         res.points)
        i = self._counts(raw, self._word(raw, i, b',"scores":{'), seating.side_bytes,
                         res.scores)
        return self._byte(raw, i, _CLOSE)

    def _counts(self, raw: bytes, i: int, keys: tuple[bytes, ...],
                values: tuple[int, ...]) -> int:
        """Past an object (after its ``{``) of exactly ``keys``, in order, with the
        integers ``values``."""
        read = self._read
        read.clear()
        for j in range(len(keys)):
            if j:
                i = self._byte(raw, i, _COMMA)
            i = self._byte(raw, i, _QUOTE)
            i = self._word(raw, i, keys[j])
            i = self._int(raw, self._word(raw, i, b'":'))
            read.append(self._value)
        if not values_agree(read, values):
            raise NotPlain
        return self._byte(raw, i, _CLOSE)

    def _final(self, raw: bytes, i: int, game: Game, seating: Seating) -> int:
        """Past ``final`` (after its ``{``): its scores, then its winner, agree with
        the replay."""
        if raw[i + 1] == 115:  # "scores"
            claimed = self._claimed
            claimed.clear()
            i = self._side_ints(raw, self._word(raw, i, b'"scores":{'), seating, claimed)
            by_side: dict[int, int] = {}
            for j in range(0, len(claimed), 2):
                by_side[claimed[j]] = claimed[j + 1]
            if not scores_agree(by_side, game.scores):
                raise NotPlain
            if raw[i] != _COMMA:
                return self._byte(raw, i, _CLOSE)
            i += 1
        i = self._winner(raw, self._word(raw, i, b'"winner":'), game, seating)
        return self._byte(raw, i, _CLOSE)

    def _winner(self, raw: bytes, i: int, game: Game, seating: Seating) -> int:
        """Past ``final.winner``: ``null`` while unfinished, a side, or a list of tied
        sides."""
        named = 0  # a bit per side named
        if raw[i] == _N:
            i = self._word(raw, i, _NULL)
        else:
            listed = raw[i] == _OPEN_LIST
            if listed:
                i += 1
            while True:
                i = self._byte(raw, i, _QUOTE)
                end = self._string_end(raw, i)
                named |= 1 << self._side(raw, i, end, seating)
                i = end + 1
                if not listed or raw[i] != _COMMA:
                    break
                i += 1
            if listed:
                i = self._byte(raw, i, _CLOSE_LIST)
        if not winners_agree(named, game.winners):
            raise NotPlain
        return i
