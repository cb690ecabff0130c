"""Writing ``ehh/1`` records in the ehh text format: one canonical form.

:func:`dump_game` is the inverse of :mod:`~euchre_dsl.records.text_reader`:
reading its output gives back the record it was given (cards, suits and the
``alone`` flag in their canonical spelling), so JSON -> text -> JSON is an
identity, and text in canonical form survives text -> JSON -> text byte for
byte.  Fixed layout: tags in a fixed order, one line per seat's cards, one
``bidding`` line, one ``trick`` line per trick in play order, the claims on a
``result`` line, LF line ends.

Whatever the line syntax cannot say exactly -- a value of an unexpected type,
a seat label the text cannot spell -- is written as JSON in its place
(``@[...]`` for an action, ``deal @{...}``, ``[Players {...}]``), so even a
broken record converts without loss and the validator reports the same
problems for both forms.
"""

from __future__ import annotations

import json
import re
from typing import IO, Any, Iterable

from ..engine.actions import PLAY
from .notation import ALONE, DEAL_KEYS, FORMAT
from .shape import HAND_KEYS, TOP_KEYS
from .text_builder import (
    FINAL_PARTS, GLYPHS, KEYED_TAGS, NOTES_KEY, RESULT_PARTS, TAG_KEYS, is_json,
)
from .text_words import (
    AMOUNT_VERBS, CARD_VERBS, CONTRACT_VERBS, NO_WINNER, UNKNOWN, canonical_card, LABEL as _LABEL,
    PAIR_PARTS as _PAIR_PARTS,
    SUIT_WORDS as _SUIT_WORDS, VERB_SET as _VERB_SET, looks_like_card as _looks_like_card,
)

__all__ = ["dump_game", "write_games", "write_text"]

_BARE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.+-]*")
_BARE_WORD = re.compile(r"[A-Za-z0-9_.+-]+")
#: A word the line syntax reads back as itself: no space, comment, JSON or action marks.
_SAFE = re.compile(r"[^\s,;:{}@\[\]\"]+")
_INT = re.compile(r"[+-]?[0-9]+")
#: Record keys with a place of their own (the rest are written as tags of their name).
_PLACED = frozenset(TOP_KEYS)
_HAND_KEYS = frozenset(HAND_KEYS)
_DEAL_KEYS = frozenset(DEAL_KEYS)
_INDENT = "  "


def write_text(records: Iterable[Any], out: IO[str]) -> int:
    """Stream games to a text file, a blank line between them; returns how many."""
    return write_games(map(dump_game, records), out)


def write_games(games: Iterable[str], out: IO[str]) -> int:
    """Stream games already written as text (:func:`dump_game`), a blank line between
    them; returns how many."""
    n = 0
    for text in games:
        if n:
            out.write("\n")
        out.write(text)
        n += 1
    return n


def dump_game(record: Any) -> str:
    """One game record in canonical text (ends with a newline).

    Raises ``ValueError`` for a value that is not a game record at all (not a
    JSON object): the text format has no way to write it.
    """
    if type(record) is not dict:
        raise ValueError("a game record is a JSON object; this one cannot be written as text")
    hands = record.get("hands")
    notes = _inline_notes(record.get(NOTES_KEY), hands)
    lines = _tags(record, inline_notes=notes is not None)
    by_action = notes or {}
    if type(hands) is list:
        for h, hand in enumerate(hands):
            lines.append("")
            lines.extend(_hand(h, hand, by_action))
    if "final" in record:
        final = record["final"]
        if type(hands) is not list or not hands:
            lines.append("")
        lines.append(f"final {_claims(final, FINAL_PARTS)}".rstrip())
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ tags
def _json(value: Any) -> str:
    """A tag value: JSON on one line, readable."""
    return json.dumps(value, ensure_ascii=False)


def _inline_json(value: Any) -> str:
    """JSON with no space, ';' or braces inside strings: one word of a line."""
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=True)
        return text.replace(" ", "\\u0020").replace(";", "\\u003b").replace(
            "{", "\\u007b").replace("}", "\\u007d")
    if isinstance(value, list):
        return "[" + ",".join(_inline_json(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ",".join(f"{_inline_json(str(k))}:{_inline_json(v)}"
                              for k, v in value.items()) + "}"
    return json.dumps(value)


def _tag_name(key: str) -> str:
    """How a record key is named as a tag: bare, or quoted when the bare word would be
    read as another key."""
    if _BARE_NAME.fullmatch(key) and key.lower().replace("_", "") not in TAG_KEYS \
            and key.lower().replace("_", "") not in KEYED_TAGS:
        return key
    return json.dumps(key, ensure_ascii=False)


def _tag_key(key: Any) -> str:
    """A sub-key of a keyed tag (a meta key, a seat of [Player])."""
    if isinstance(key, str) and _BARE_NAME.fullmatch(key) and key not in ("true", "false",
                                                                         "null"):
        return key
    return json.dumps(str(key), ensure_ascii=False)


def _keyed_tags(out: list[str], tag: str, whole_tag: str, value: Any) -> None:
    """An object as a tag per key (``[Player N "Ann"]``), or as one tag of its JSON
    (``whole_tag``) when it is not an object with keys."""
    if type(value) is dict and value:
        for key, item in value.items():
            out.append(f"[{tag} {_tag_key(key)} {_json(item)}]")
    else:
        out.append(f"[{whole_tag} {_json(value)}]")


def _tags(record: dict[str, Any], inline_notes: bool) -> list[str]:
    out: list[str] = []
    fmt = record.get("format", FORMAT)
    if fmt != FORMAT:
        out.append(f"[Format {_json(fmt)}]")
    if "variant" in record:
        out.append(f"[Variant {_json(record['variant'])}]")
    if "seats" in record:
        seats = record["seats"]
        if type(seats) is list and seats and all(type(s) is str and _BARE_WORD.fullmatch(s)
                                                 for s in seats) and \
                not is_json(" ".join(seats)):
            out.append(f"[Seats {' '.join(seats)}]")
        else:
            out.append(f"[Seats {_json(seats)}]")
    if "players" in record:
        _keyed_tags(out, "Player", "Players", record["players"])
    if "meta" in record:
        _keyed_tags(out, "Meta", "Meta", record["meta"])
    if "start_scores" in record:
        start = record["start_scores"]
        if type(start) is dict and start and all(
                _BARE_WORD.fullmatch(k) and type(v) is int for k, v in start.items()) and \
                not is_json(next(iter(start))):
            out.append("[StartScores " + ", ".join(f"{k} {v}" for k, v in start.items()) + "]")
        else:
            out.append(f"[StartScores {_json(start)}]")
    for key, value in record.items():
        if key in _PLACED or (key == NOTES_KEY and inline_notes):
            continue
        out.append(f"[{_tag_name(key)} {_json(value)}]")
    if "hands" in record and type(record["hands"]) is not list:
        out.append(f"[Hands {_json(record['hands'])}]")
    if not out:
        out.append(f"[Format {_json(FORMAT)}]")
    return out


# ------------------------------------------------------------------ notes
Notes = dict[tuple[int, int | None], dict[str, Any]]


def _inline_notes(notes: Any, hands: Any) -> Notes | None:
    """The annotations by (hand, action) when they can be written in the lines, in the
    order the reader gives them back; ``None`` when they must stay a JSON tag."""
    if notes is None:
        return {}
    if type(notes) is not list or type(hands) is not list:
        return None
    out: Notes = {}
    last: tuple[int, int] = (-1, -2)
    for note in notes:
        if type(note) is not dict or not note.keys() <= {"hand", "action", "glyph", "comment"}:
            return None
        h = note.get("hand")
        a = note.get("action")
        if type(h) is not int or not 0 <= h < len(hands) or not _line_hand(hands[h]):
            return None
        actions = hands[h]["actions"]
        if a is not None and (type(a) is not int or not 0 <= a < len(actions)):
            return None
        glyph, comment = note.get("glyph"), note.get("comment")
        if glyph is None and comment is None:
            return None
        if glyph is not None and (glyph not in GLYPHS or a is None or
                                  _action(actions[a]).startswith("@")):
            return None
        if comment is not None and (type(comment) is not str or "}" in comment or
                                    "\n" in comment or comment != comment.strip()):
            return None
        if "action" in note and a is None:
            return None
        order = (h, -1 if a is None else a)
        if order <= last:
            return None
        last = order
        out[(h, a)] = note
    return out


# ------------------------------------------------------------------ hands
def _line_hand(hand: Any) -> bool:
    """Can this hand be written in lines (else it is one JSON value)?"""
    if type(hand) is not dict or not hand.keys() <= _HAND_KEYS:
        return False
    if "deal" not in hand or "actions" not in hand or type(hand["actions"]) is not list:
        return False
    if "dealer" not in hand:
        return True
    dealer = hand["dealer"]
    return type(dealer) is str and bool(_SAFE.fullmatch(dealer))


def _hand(h: int, hand: Any, notes: Notes) -> list[str]:
    if not _line_hand(hand):
        return [f"hand {h + 1} @{_inline_json(hand)}"]
    head = f"hand {h + 1}"
    if "dealer" in hand:
        head += f" dealer {hand['dealer']}"
    note = notes.get((h, None))
    if note is not None:
        head += f" {{{note['comment']}}}"
    lines = [head]
    deal = hand["deal"]
    if _line_deal(deal):
        lines.extend(_INDENT + line for line in _deal(deal))
    else:
        lines.append(f"{_INDENT}deal @{_inline_json(deal)}")
    lines.extend(_INDENT + line for line in _actions(h, hand["actions"], notes))
    if "result" in hand:
        lines.append(f"{_INDENT}result {_claims(hand['result'], RESULT_PARTS)}"
                     .rstrip())
    return lines


def _card_word(card: Any) -> str | None:
    """A card as the lines write it, or ``None`` if it cannot be written as a word."""
    if type(card) is not str or not _SAFE.fullmatch(card) or card == UNKNOWN:
        return None
    if card[-1] in "!?" and card != "??":
        return None
    return canonical_card(card)


def _cards(cards: Any) -> str | None:
    if type(cards) is not list:
        return None
    words = [_card_word(c) for c in cards]
    if None in words:
        return None
    return " ".join(words)  # type: ignore[arg-type]


def _line_deal(deal: Any) -> bool:
    if type(deal) is not dict or not deal.keys() <= _DEAL_KEYS:
        return False
    if "hands" in deal:
        hands = deal["hands"]
        if type(hands) is not dict or not hands:
            return False
        for label, cards in hands.items():
            if not _LABEL.fullmatch(label) or (cards is not None and _cards(cards) is None):
                return False
    up = deal.get("upcard")
    if up is not None and _card_word(up) is None:
        return False
    for key in ("widow", "kitty"):
        if deal.get(key) is not None and _cards(deal[key]) is None:
            return False
    return True


def _deal(deal: dict[str, Any]) -> list[str]:
    out = []
    for label, cards in deal.get("hands", {}).items():
        text = UNKNOWN if cards is None else _cards(cards)
        out.append(f"{label}: {text}".rstrip())
    if "upcard" in deal:
        up = deal["upcard"]
        out.append(f"upcard {UNKNOWN if up is None else _card_word(up)}")
    for key in ("widow", "kitty"):
        if key in deal:
            cards = deal[key]
            out.append(f"{key} {UNKNOWN if cards is None else _cards(cards)}".rstrip())
    return out


# ---------------------------------------------------------------- actions
def _actions(h: int, actions: list[Any], notes: Notes) -> list[str]:
    """A ``bidding`` line for what comes before the first card, then one ``trick`` line
    per trick: as many cards as seats play in the hand."""
    players = {a[0] for a in actions if type(a) is list and len(a) == 3 and a[1] == PLAY
               and type(a[0]) is str}
    per_trick = max(len(players), 1)
    lines: list[str] = []
    words: list[str] = []
    plays = 0
    trick = 0
    for i, a in enumerate(actions):
        is_play = type(a) is list and len(a) >= 2 and a[1] == PLAY
        if is_play and trick == 0:
            if words:
                lines.append("bidding " + " ".join(words))
            words, trick = [], 1
        words.append(_annotated(_action(a), notes.get((h, i))))
        if is_play:
            plays += 1
            if plays == per_trick:
                lines.append(f"trick {trick} " + " ".join(words))
                words, plays, trick = [], 0, trick + 1
    if words:
        lines.append((f"trick {trick} " if trick else "bidding ") + " ".join(words))
    return lines


def _annotated(token: str, note: dict[str, Any] | None) -> str:
    if note is None:
        return token
    if "glyph" in note:
        token += note["glyph"]
    if "comment" in note:
        token += f" {{{note['comment']}}}"
    return token


def _action(a: Any) -> str:
    """``SEAT:verb args`` / ``SEAT:card``, or ``@`` and the action as JSON."""
    if type(a) is not list or len(a) < 2 or type(a[0]) is not str or \
            not _LABEL.fullmatch(a[0]) or type(a[1]) is not str or a[1] not in _VERB_SET:
        return "@" + _inline_json(a)
    seat, verb, args = a[0], a[1], a[2:]
    if verb == PLAY and len(args) == 1:
        card = _card_word(args[0])
        if card is None:
            return "@" + _inline_json(a)
        if _looks_like_card(card) and card.lower().replace("-", "_") not in _VERB_SET:
            return f"{seat}:{card}"
        return f"{seat}:play {card}"
    words = [f"{seat}:{verb}"]
    for k, arg in enumerate(args):
        word = _argument(verb, k, arg)
        if word is None:
            return "@" + _inline_json(a)
        words.append(word)
    if args and words[-1][-1] in "!?" and words[-1] != "??":
        return "@" + _inline_json(a)
    return " ".join(words)


def _argument(verb: str, k: int, arg: Any) -> str | None:
    """An argument as a word that reads back as the same value, or ``None``."""
    if verb in AMOUNT_VERBS and k == 0:
        return str(arg) if type(arg) is int else None
    if type(arg) is not str or not _SAFE.fullmatch(arg):
        return None
    if verb in CARD_VERBS:
        return _card_word(arg)
    if arg.lower() == ALONE:
        return ALONE if arg == ALONE else None
    if verb in CONTRACT_VERBS and k == 0:
        return _SUIT_WORDS.get(arg.upper(), arg)
    if verb in AMOUNT_VERBS and _INT.fullmatch(arg):
        return None
    return arg


# ----------------------------------------------------------------- claims
def _claims(value: Any, parts: tuple[str, ...]) -> str:
    """``trump C, maker W, tricks N 5 E 0, ...``; ``@`` and JSON when the parts cannot
    say it."""
    text = _claim_parts(value, parts)
    return text if text is not None else "@" + _inline_json(value)


def _claim_parts(value: Any, parts: tuple[str, ...]) -> str | None:
    if type(value) is not dict or not value.keys() <= set(parts):
        return None
    out = []
    for key in parts:
        if key not in value:
            continue
        v = value[key]
        if key in _PAIR_PARTS:
            if type(v) is not dict or any(not _SAFE.fullmatch(k) or type(n) is not int
                                          for k, n in v.items()):
                return None
            signed = key == "points"
            out.append(" ".join([key] + [f"{k} {n:+d}" if signed and n > 0 else f"{k} {n}"
                                         for k, n in v.items()]))
        elif key == "winner":
            if v is None:
                out.append(f"winner {NO_WINNER}")
            elif type(v) is str and _SAFE.fullmatch(v) and v != NO_WINNER:
                out.append(f"winner {v}")
            elif type(v) is list and len(v) > 1 and all(
                    type(w) is str and _SAFE.fullmatch(w) for w in v):
                out.append("winner " + " ".join(v))
            else:
                return None
        elif v is None:
            out.append(f"{key} {UNKNOWN}")
        elif type(v) is str and _SAFE.fullmatch(v) and v != UNKNOWN:
            out.append(f"{key} {v}")
        else:
            return None
    return ", ".join(out)
