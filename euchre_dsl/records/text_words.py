"""The words of the ehh text format: what a card, a decision or a claim's number reads as.

One definition shared by everything that reads or writes the text: the
reader's two paths (:mod:`.text_reader`, which keeps positions and explains
every syntax error, and :mod:`.text_scan`, its fast path for well-formed
games) and the writer (:mod:`.text_writer`), so the three cannot disagree on
what a word means.  Compiled with mypyc: the fast path calls these per word.
"""

from __future__ import annotations

import re
from typing import Any, Final

from ..cards import Deck, ascii_upper
from ..engine.actions import PLAY, VERBS
from .notation import (
    ALONE, ALONE_INSTEAD, ARG_AMOUNT, ARG_CARD, ARG_CARDS, ARG_CONTRACT, ARG_THREE_CARDS,
    UNKNOWN_CARD, VERB_TABLE,
)
from .positions import MAX_DIGITS

#: An unknown hand, upcard, widow or claim: ``N: -``, ``upcard -``, ``maker -``.
UNKNOWN: Final = "-"
#: ``final ... winner none``: the game is not finished.
NO_WINNER: Final = "none"
#: Claims that are pairs of a name and a number: ``tricks N 3 E 2``.
PAIR_PARTS: Final = frozenset(("tricks", "points", "scores"))

#: A seat label as a line may write it (``N:``, ``seat_3:``).
LABEL: Final = re.compile(r"[A-Za-z0-9_]+")
#: A decision's last word with an annotation glyph after it (``order_up!?``).
GLYPH: Final = re.compile(r"(\?\?|.*?[^!?])([!?]{1,2})")
VERB_SET: Final = frozenset(VERBS)
# The verbs by what their arguments are, read from the notation's action table.
#: Verbs whose arguments are all cards (house-rule verbs too: hand-history-extensions.md).
CARD_VERBS: Final = frozenset(
    spec.verb for spec in VERB_TABLE
    if spec.arg in (ARG_CARD, ARG_THREE_CARDS, ARG_CARDS) and spec.alone != ALONE_INSTEAD)
#: Verbs whose argument is a card or "alone" in its place (``call_partner``).
CARD_OR_ALONE_VERBS: Final = frozenset(
    spec.verb for spec in VERB_TABLE if spec.arg == ARG_CARD and spec.alone == ALONE_INSTEAD)
#: Verbs whose argument is a contract (``call``), or an amount (``bid``).
CONTRACT_VERBS: Final = frozenset(spec.verb for spec in VERB_TABLE if spec.arg == ARG_CONTRACT)
AMOUNT_VERBS: Final = frozenset(spec.verb for spec in VERB_TABLE if spec.arg == ARG_AMOUNT)
SUIT_SYMBOLS: Final = {"♣": "C", "♧": "C", "♦": "D", "♢": "D",
                       "♥": "H", "♡": "H", "♠": "S", "♤": "S"}
#: ``call`` suits in every spelling -> the ``ehh/1`` contract code.
SUIT_WORDS: Final = {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT", "LNT": "LNT",
                     **SUIT_SYMBOLS}

# Every spelling of every card of any pack (2 to ace of each suit and the joker):
# the deck of cards.py reads them, its names are the canonical spelling.
_ALL: Final = Deck.of("2", True)
#: A card word as written -> its ``ehh/1`` spelling (``"10h"`` -> ``"TH"``).
SPELLING: Final = {sp: _ALL.names[c] for sp, c in _ALL.spellings.items()}
SPELLING[UNKNOWN_CARD] = UNKNOWN_CARD


def canonical_card(word: str) -> str:
    """A card as ``ehh/1`` writes it (``"10h"`` -> ``"TH"``, ``"A♠"`` -> ``"AS"``); a word
    that is no card of any pack is kept as written, for the validator to report."""
    c = SPELLING.get(word)
    if c is None:
        c = SPELLING.get(ascii_upper(word), word)
    return c


def looks_like_card(word: str) -> bool:
    """Is a word after ``SEAT:`` a (maybe misspelt) card rather than a verb?  Short
    words and words with a digit or a suit symbol are; ``pas`` is a verb misspelt."""
    if word in SPELLING or ascii_upper(word) in SPELLING or len(word) <= 2:
        return True
    return any(ch.isdigit() or ch in SUIT_SYMBOLS for ch in word)


def is_digits(word: str) -> bool:
    """Is ``word`` ``[0-9]{1,4300}`` (a hand's or a trick's number)?  Longer digit runs
    than Python reads as a number (4300) stay words, which the validator then reports
    where they are.  Checked without a regular expression: this is per word."""
    return 0 < len(word) <= MAX_DIGITS and word.isascii() and word.isdigit()


#: Digits read one by one into a machine int (fewer than in 2**63); longer runs go to int().
_SHORT_DIGITS: Final = 18


def number_or_word(word: str) -> int | str:
    """A claim's or a bid's number (``[+-]?`` and digits, as :func:`is_digits`) as an int;
    any other word as written.  Claims are mostly one or two digits, read here digit by
    digit (per word of every result line)."""
    n = len(word)
    first = word[:1]
    start = 1 if first == "+" or first == "-" else 0
    if n - start > _SHORT_DIGITS:
        return int(word) if is_digits(word[start:]) else word
    if n == start:
        return word
    value = 0
    for k in range(start, n):
        d = ord(word[k]) - 48
        if d < 0 or d > 9:
            return word
        value = value * 10 + d
    return -value if first == "-" else value


def argument(verb: str, word: str, k: int) -> Any:
    """The ``ehh/1`` value of the ``k``-th word after a decision's verb."""
    if verb in CARD_VERBS:
        return canonical_card(word)
    if verb in AMOUNT_VERBS:
        return number_or_word(word)
    if word.lower() == ALONE:
        return ALONE
    if verb in CARD_OR_ALONE_VERBS:  # a card, or "alone"
        return canonical_card(word)
    if verb in CONTRACT_VERBS and k == 0:
        return SUIT_WORDS.get(ascii_upper(word), word)
    return word


def decision(words: list[str]) -> tuple[list[Any], int]:
    """``[seat, verb, *args]`` from the words of ``SEAT:verb args...`` or ``SEAT:card``
    (the seat, then at least one word), and where the arguments start in ``words``.

    A word after the colon that is a verb (any case, ``-`` for ``_``) is the verb;
    one that looks like a card is a play of it; anything else is kept as an unknown
    verb for the validator to report with a suggestion."""
    head = words[1]
    fold = head.lower().replace("-", "_")
    if fold in VERB_SET:
        verb = fold
        arg_at = 2
    elif looks_like_card(head):
        verb = PLAY
        arg_at = 1
    else:
        verb = head
        arg_at = 2
    out: list[Any] = [words[0], verb]
    for k in range(arg_at, len(words)):
        out.append(argument(verb, words[k], k - arg_at))
    return out, arg_at
