"""The deals limit of an EGN or EMN file, checked before the file is parsed.

A game of more deals than a record may hold is refused at its ``deals`` key:
a large file's deals are counted by a scanner that skips values without
building them (:func:`deals_over_limit`), so a hostile file costs no memory.
See :mod:`.egn`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from json.decoder import scanstring  # type: ignore[attr-defined]
from typing import Any, Callable

from ..errors import Problem
from ..limits import MAX_HANDS
from ..records.positions import JsonPath, Locator
from .egn_document import MATCH_TYPE, too_many_deals


#: Files larger than this have their deals counted before they are parsed
#: (:func:`deals_over_limit`); a smaller one costs little to parse, and its games
#: are counted before they are converted.
COUNT_FIRST = 1 << 20
_WS_RUN = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()


@dataclass
class OverLimit:
    """A game of more deals than a record may hold, found before parsing."""

    game: int  # its index in the file (0 for an EGN file)
    path: JsonPath  # of its first deal past the limit
    count: int  # its deals
    offset: int  # where that deal starts in the text

    def problem(self, text: str, file: str | None) -> Problem:
        """The located problem that refuses the game."""
        f = too_many_deals(self.count)
        message = f.message
        if self.path[0] == "games":
            message = f"game {self.game + 1} of the match: {message}; the match is not read"
        return Problem(f.code, message, location=Locator(text, 1, file).at_offset(self.offset),
                       hint=f.hint, record=self.game)


def deals_over_limit(text: str) -> OverLimit | None:
    """The first game of an EGN or EMN ``text`` with more deals than a record may
    hold (:data:`~euchre_dsl.limits.MAX_HANDS`), found without building the
    document, or None.

    Each value is decoded by :mod:`json`'s scanner and dropped at once, so memory
    stays that of one deal and time one pass: a game of 100,000 deals, parsed and
    converted whole before it was refused, took 2 GB.  Text that is not JSON gives
    None: the parse that follows reports it at its place."""
    try:
        return _scan_document(text, _skip(text, 0))
    except (ValueError, IndexError, RecursionError):
        return None


def _skip(text: str, pos: int) -> int:
    return _WS_RUN.match(text, pos).end()  # type: ignore[union-attr]


def _value_end(text: str, pos: int) -> int:
    """Where the JSON value at ``pos`` ends (decoded by the C scanner, and dropped)."""
    end: int = _DECODER.raw_decode(text, pos)[1]
    return end


def _object_end(text: str, pos: int, member: Callable[[str, int], int]) -> int:
    """Where the object at ``pos`` ends; ``member(key, start)`` reads each value and
    returns where it ends."""
    if text[pos] != "{":
        raise ValueError("not an object")
    pos = _skip(text, pos + 1)
    if text[pos] == "}":
        return pos + 1
    while True:
        if text[pos] != '"':
            raise ValueError("expected a key")
        key, pos = scanstring(text, pos + 1)
        pos = _skip(text, pos)
        if text[pos] != ":":
            raise ValueError("expected ':'")
        pos = _skip(text, member(key, _skip(text, pos + 1)))
        if text[pos] == "}":
            return pos + 1
        if text[pos] != ",":
            raise ValueError("expected ','")
        pos = _skip(text, pos + 1)


def _array_end(text: str, pos: int, item: Callable[[int, int], int]) -> int:
    """Where the array at ``pos`` ends; ``item(index, start)`` reads each item and
    returns where it ends."""
    if text[pos] != "[":
        raise ValueError("not an array")
    pos = _skip(text, pos + 1)
    if text[pos] == "]":
        return pos + 1
    i = 0
    while True:
        pos = _skip(text, item(i, pos))
        if text[pos] == "]":
            return pos + 1
        if text[pos] != ",":
            raise ValueError("expected ','")
        pos = _skip(text, pos + 1)
        i += 1


def _deals_scan(text: str, at: int, game: int,
                prefix: JsonPath) -> tuple[int, OverLimit | None]:
    """Where the ``deals`` array at ``at`` ends, and its count when over the limit."""
    count, past = 0, -1

    def deal(i: int, start: int) -> int:
        nonlocal count, past
        count += 1
        if i == MAX_HANDS:
            past = start
        return _value_end(text, start)

    end = _array_end(text, at, deal)
    over = OverLimit(game, prefix + ("deals", MAX_HANDS), count, past)
    return end, over if count > MAX_HANDS else None


def _game_scan(text: str, pos: int, game: int,
               prefix: JsonPath) -> tuple[int, OverLimit | None]:
    """Where the EGN game object at ``pos`` ends, and its deals when over the limit
    (those of its last ``deals`` key, the one a parse keeps)."""
    over: OverLimit | None = None

    def member(key: str, at: int) -> int:
        nonlocal over
        if key != "deals" or text[at] != "[":
            return _value_end(text, at)
        end, over = _deals_scan(text, at, game, prefix)
        return end

    return _object_end(text, pos, member), over


def _scan_document(text: str, pos: int) -> OverLimit | None:
    """:func:`deals_over_limit` of the JSON value at ``pos``: an EGN game, or an EMN
    match (told apart as :func:`is_match` does, from the keys read)."""
    keys: dict[str, Any] = {}  # the top-level keys seen, 'fileType' with its value
    deals: OverLimit | None = None  # the game's, if the text is a game
    games: OverLimit | None = None  # the first game's over the limit, if a match

    def member(key: str, at: int) -> int:
        nonlocal deals
        keys[key] = None
        if key == "fileType":
            keys[key], end = _DECODER.raw_decode(text, at)
            return int(end)
        if key == "deals" and text[at] == "[":
            end, deals = _deals_scan(text, at, 0, ())
            return end
        if key == "games" and text[at] == "[":
            return _array_end(text, at, entry)
        return _value_end(text, at)

    def entry(i: int, start: int) -> int:
        def entry_member(key: str, at: int) -> int:
            nonlocal games
            if key != "gameData" or text[at] != "{":
                return _value_end(text, at)
            end, over = _game_scan(text, at, i, ("games", i, "gameData"))
            games = games or over
            return end

        if text[start] != "{":
            return _value_end(text, start)
        return _object_end(text, start, entry_member)

    if text[pos] != "{":
        return None
    _object_end(text, pos, member)
    if keys.get("fileType") == MATCH_TYPE or ("games" in keys and "deals" not in keys):
        return games
    return deals
