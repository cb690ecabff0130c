"""The words of the ehh text format: what a card, a decision or a claim's number reads as.

One definition shared by everything that reads or writes the text: the
reader's two paths (:mod:`.text_reader`, which keeps positions and explains
every syntax error, and :mod:`.text_scan`, its fast path for well-formed
games) and the writer (:mod:`.text_writer`), so the three cannot disagree on
what a word means.  Compiled with mypyc: the fast path calls these per word.
"""

from __future__ import annotations

import re
from typing import Any

from ..cards import Deck
from ..engine.actions import DISCARD, GIVE, MISDEAL, PLAY, SWAP, VERBS
from .notation import UNKNOWN_CARD

#: An unknown hand, upcard, widow or claim: ``N: -``, ``upcard -``, ``maker -``.
UNKNOWN = "-"
#: ``final ... winner none``: the game is not finished.
NO_WINNER = "none"
#: Claims that are pairs of a name and a number: ``tricks N 3 E 2``.
PAIR_PARTS = frozenset(("tricks", "points", "scores"))

#: A seat label as a line may write it (``N:``, ``seat_3:``).
LABEL = re.compile(r"[A-Za-z0-9_]+")
#: A number the text means as one; longer digit runs than Python reads (4300) stay words,
#: which the validator then reports where they are.
INT = re.compile(r"[+-]?[0-9]{1,4300}")
#: The number of a hand or a trick.
HAND_NO = re.compile(r"[0-9]{1,4300}")
#: A decision's last word with an annotation glyph after it (``order_up!?``).
GLYPH = re.compile(r"(\?\?|.*?[^!?])([!?]{1,2})")
VERB_SET = frozenset(VERBS)
#: Verbs whose arguments are all cards (house-rule verbs too: hand-history-extensions.md).
CARD_VERBS = frozenset((PLAY, DISCARD, GIVE, SWAP, MISDEAL))
SUIT_SYMBOLS = {"♣": "C", "♧": "C", "♦": "D", "♢": "D",
                "♥": "H", "♡": "H", "♠": "S", "♤": "S"}
#: ``call`` suits in every spelling -> the ``ehh/1`` contract code.
SUIT_WORDS = {"C": "C", "D": "D", "H": "H", "S": "S", "NT": "NT", "LNT": "LNT", **SUIT_SYMBOLS}

# Every spelling of every card of any pack (2 to ace of each suit and the joker):
# the deck of cards.py reads them, its names are the canonical spelling.
_ALL = Deck.of("2", True)
#: A card word as written -> its ``ehh/1`` spelling (``"10h"`` -> ``"TH"``).
SPELLING = {sp: _ALL.names[c] for sp, c in _ALL.spellings.items()}
SPELLING[UNKNOWN_CARD] = UNKNOWN_CARD


def canonical_card(word: str) -> str:
    """A card as ``ehh/1`` writes it (``"10h"`` -> ``"TH"``, ``"A♠"`` -> ``"AS"``); a word
    that is no card of any pack is kept as written, for the validator to report."""
    c = SPELLING.get(word)
    if c is None:
        c = SPELLING.get(word.upper(), word)
    return c


def looks_like_card(word: str) -> bool:
    """Is a word after ``SEAT:`` a (maybe misspelt) card rather than a verb?  Short
    words and words with a digit or a suit symbol are; ``pas`` is a verb misspelt."""
    if word in SPELLING or word.upper() in SPELLING or len(word) <= 2:
        return True
    return any(ch.isdigit() or ch in SUIT_SYMBOLS for ch in word)


def number_or_word(word: str) -> int | str:
    """A claim's or a bid's number as an int; any other word as written."""
    return int(word) if INT.fullmatch(word) else word


def argument(verb: str, word: str, k: int) -> Any:
    """The ``ehh/1`` value of the ``k``-th word after a decision's verb."""
    if verb in CARD_VERBS:
        return canonical_card(word)
    if verb == "bid":
        return number_or_word(word)
    if word.lower() == "alone":
        return "alone"
    if verb == "call" and k == 0:
        return SUIT_WORDS.get(word.upper(), word)
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
