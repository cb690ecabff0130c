"""The text reader's fast path: a well-formed game read a line at a time, without lark.

Reading a game through the LALR grammar and the position-keeping builder of
:mod:`.text_reader` cost about three quarters of validating a text file.  The
games tools write (and most people write) use a small part of the syntax:
plain ASCII words, one line per tag, hand, seat, bidding, trick and result.
:func:`scan_game` reads exactly that part with ``str`` methods and gives the
same record the grammar and the builder give; on the first thing it does
not take -- a comment, a note, a glyph, JSON after ``@``, a symbol, a tab,
any line out of the grammar's order, anything the builder would refuse --
it gives up, and the reader takes the game through lark, which explains the
problem.  So every error, message and position comes from the one full
reader; this module only ever returns records the full reader gives too
(``tests/records/test_text_scan.py`` compares the two on every shipped
variant's games and on mutated ones).

The words are read by :mod:`.text_words`, as in the full reader.  Tags (a
few per game, and every kind of JSON value) are left to the full reader's
builder: :func:`scan_game` returns their lines.  Compiled with mypyc.
"""

from __future__ import annotations

from typing import Any, Final

from .text_words import (
    GLYPH, NO_WINNER, PAIR_PARTS, SPELLING, UNKNOWN, canonical_card, decision, is_digits,
    number_or_word,
)

__all__ = ["Scanned", "scan_game"]

# Line kinds: the keyword a line starts with (lower case; any other spelling goes to lark).
_HAND: Final = 0
_UPCARD: Final = 1
_WIDOW: Final = 2
_KITTY: Final = 3
_BIDDING: Final = 4
_TRICK: Final = 5
_RESULT: Final = 6
_FINAL: Final = 7
_KEYWORDS: Final = {"hand": _HAND, "upcard": _UPCARD, "widow": _WIDOW, "kitty": _KITTY,
                    "bidding": _BIDDING, "trick": _TRICK, "result": _RESULT, "final": _FINAL}

# Where a line is in the grammar's order (``game: TAG* hand* FINAL?``,
# ``hand: HAND deal-line* action-line* RESULT?``): what may come next.
_TAGS: Final = 0
_DEAL: Final = 1
_ACTIONS: Final = 2
_RESULTED: Final = 3
_ENDED: Final = 4

#: The characters read here: line ends and printable ASCII but comments, notes and JSON
#: parts (``;``, ``{``, ``@``).  Anything else (symbols, tabs, carriage returns, control
#: characters) takes the game to the full reader.
_TAKEN: Final = bytes(c for c in range(0x20, 0x7F) if chr(c) not in ";{@") + b"\n"
#: Short words of action lines seen -> ``SEAT:card`` as (seat, card), or None for a word
#: that is no such play.  Bounded (cleared when full): a file's seats and cards are few,
#: its words many.
_PLAYS: Final[dict[str, tuple[str, str] | None]] = {}
_PLAYS_KEPT: Final = 4096
_PLAY_WORD: Final = 24


class Scanned:
    """A game as :func:`scan_game` read it: what the builder assembles into the record.

    ``tags`` are the tag lines, each as (its text, its line within the game
    counting from 0, its column); the builder reads them."""

    tags: list[tuple[str, int, int]]
    hands: list[dict[str, Any]]
    has_final: bool
    final: dict[str, Any] | None

    def __init__(self) -> None:
        self.tags = []
        self.hands = []
        self.has_final = False
        self.final = None


def scan_game(text: str) -> Scanned | None:
    """One game's text (lines ending in ``\\n``) read in one pass, or ``None`` if it
    uses anything beyond the well-formed core of the syntax (see the module's
    docstring): then the full reader must read it."""
    if not text.isascii() or text.encode("ascii").translate(None, _TAKEN):
        return None  # one pass in C over the text: what is left is not taken here
    out = Scanned()
    hands = out.hands
    state = _TAGS
    deal: dict[str, Any] = {}
    actions: list[Any] = []
    hand: dict[str, Any] = {}
    lines = text.split("\n")
    for k in range(len(lines)):
        raw = lines[k]
        words = raw.split()  # printable ASCII: on spaces
        if not words:
            continue
        first = words[0]
        if first[0] == "[":
            tag = raw.strip(" ")
            if state != _TAGS or tag[-1] != "]":
                return None
            out.tags.append((tag, k, len(raw) - len(raw.lstrip(" ")) + 1))
            continue
        kind = _KEYWORDS.get(first, -1)
        if kind < 0:
            # "SEAT: cards" (a keyword followed by ':' is a seat too, but not read here)
            if state != _DEAL or not _seat_line(words, deal):
                return None
            continue
        if len(words) > 1 and words[1][0] == ":":
            return None
        if kind == _HAND:
            if state == _ENDED:
                return None
            deal = {}
            actions = []
            hand = _hand_line(words, len(hands), deal, actions)
            if not hand:
                return None
            hands.append(hand)
            state = _DEAL
        elif kind == _BIDDING or kind == _TRICK:
            if (state != _DEAL and state != _ACTIONS) or not _action_line(words, kind, actions):
                return None
            state = _ACTIONS
        elif kind == _RESULT:
            if state != _DEAL and state != _ACTIONS:
                return None
            result = _claims(raw[raw.find(first) + len(first):], False)
            if result is None:
                return None
            hand["result"] = result
            state = _RESULTED
        elif kind == _FINAL:
            if state == _ENDED:
                return None
            out.final = _claims(raw[raw.find(first) + len(first):], True)
            if out.final is None:
                return None
            out.has_final = True
            state = _ENDED
        else:  # upcard, widow, kitty
            if state != _DEAL or not _card_line(words, first, deal):
                return None
    return out


def _hand_line(words: list[str], h: int, deal: dict[str, Any], actions: list[Any]
               ) -> dict[str, Any]:
    """``hand [N] [dealer SEAT]`` as the hand's record with its (still empty) deal and
    actions in place; empty if the line is anything else."""
    n = len(words)
    i = 1
    if n > 1 and is_digits(words[1]):
        if int(words[1]) != h + 1:
            return {}
        i = 2
    hand: dict[str, Any] = {}
    if n - i == 2:
        said = words[i].lower()
        if said != "dealer" and said != "dealer:":
            return {}
        hand["dealer"] = words[i + 1]
    elif n != i:
        return {}
    hand["deal"] = deal
    hand["actions"] = actions
    return hand


def _is_label(word: str) -> bool:
    """``[A-Za-z0-9_]+`` (the text is ASCII here)."""
    return word.isalnum() or word.replace("_", "0").isalnum()


def _cards(words: list[str]) -> list[str]:
    return [canonical_card(w) for w in words]


def _seat_line(words: list[str], deal: dict[str, Any]) -> bool:
    """The words of ``SEAT: cards`` (or ``SEAT: -``) into ``deal["hands"]``; False if not
    read here.  The cards are the words after the line's first colon."""
    first = words[0]
    colon = first.find(":")
    if colon > 0:  # "N:" or "N:JC"
        label = first[:colon]
        rest = first[colon + 1:]
        cards = words[1:]
    elif colon < 0 and len(words) > 1 and words[1][0] == ":":  # "N :"
        label = first
        rest = words[1][1:]
        cards = words[2:]
    else:
        return False
    if rest:
        cards.insert(0, rest)
    if not _is_label(label):
        return False
    hands = deal.get("hands")
    if hands is None:
        hands = deal["hands"] = {}
    elif label in hands:
        return False
    hands[label] = None if len(cards) == 1 and cards[0] == UNKNOWN else _cards(cards)
    return True


def _card_line(words: list[str], key: str, deal: dict[str, Any]) -> bool:
    """The words of ``upcard CARD``, ``widow cards``, ``kitty cards`` (``-``: unknown)
    into ``deal``."""
    if key in deal:
        return False
    n = len(words)
    if n == 2 and words[1] == UNKNOWN:
        deal[key] = None
    elif key == "upcard":
        if n != 2:
            return False
        deal[key] = canonical_card(words[1])
    else:
        deal[key] = _cards(words[1:])
    return True


def _action_line(words: list[str], kind: int, actions: list[Any]) -> bool:
    """The decisions of the words of a ``bidding`` or ``trick [N]`` line appended to
    ``actions``."""
    n = len(words)
    start = 2 if kind == _TRICK and n > 1 and is_digits(words[1]) else 1
    cur: list[str] = []
    plays = _PLAYS
    for i in range(start, n):
        w = words[i]
        play = plays.get(w)
        if play is None and w not in plays:
            play = _play(w)
            if len(w) <= _PLAY_WORD:
                if len(plays) >= _PLAYS_KEPT:
                    plays.clear()
                plays[w] = play
        if play is not None and (i + 1 == n or ":" in words[i + 1]):
            # "SEAT:card" followed by the next decision or the line's end: a play
            if cur and not _decision(cur, actions):
                return False
            cur = []
            actions.append([play[0], "play", play[1]])
            continue
        colon = w.find(":")
        if colon > 0:
            seat = w[:colon]
            if _is_label(seat):
                if cur and not _decision(cur, actions):
                    return False
                cur = [seat, w[colon + 1:]] if colon + 1 < len(w) else [seat]
                continue
        if not cur:
            return False
        cur.append(w)
    return not cur or _decision(cur, actions)


def _play(word: str) -> tuple[str, str] | None:
    """``SEAT:card`` as (seat, card in ``ehh/1`` spelling); None for any other word."""
    colon = word.find(":")
    if colon <= 0:
        return None
    seat = word[:colon]
    card = SPELLING.get(word[colon + 1:])
    return None if card is None or not _is_label(seat) else (seat, card)


def _decision(words: list[str], actions: list[Any]) -> bool:
    """``SEAT:verb args...`` appended to ``actions``; False for a glyph (a note) or a
    seat with nothing after its colon."""
    if len(words) == 1:
        return False
    last = words[-1]
    if last[-1] in "!?" and GLYPH.fullmatch(last) is not None:
        return False
    actions.append(decision(words)[0])
    return True


def _claims(rest: str, final: bool) -> dict[str, Any] | None:
    """The parts of a ``result`` (or, with ``final``, a ``final``) line after its keyword:
    ``trump C, maker W, tricks N 5 ...``; ``None`` if not read here."""
    parts = rest.split(",")
    out: dict[str, Any] = {}
    for part in parts:
        words = part.split()
        if not words:
            if len(parts) > 1:
                return None
            continue
        key = words[0].lower()
        if key in out:
            return None
        n = len(words)
        if key in PAIR_PARTS:
            if n % 2 == 0:  # the key and an odd number of words: not pairs
                return None
            pairs: dict[str, Any] = {}
            for j in range(1, n, 2):
                name = words[j]
                if name in pairs:
                    return None
                pairs[name] = number_or_word(words[j + 1])
            out[key] = pairs
        elif final and key == "winner":
            out[key] = words[1:] if n != 2 else None if words[1] == NO_WINNER else words[1]
        elif n == 2:
            out[key] = None if words[1] == UNKNOWN else words[1]
        else:
            return None
    return out
