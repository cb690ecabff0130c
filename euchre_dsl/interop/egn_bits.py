"""EGN's condensed deals: one deal bit-packed into a Base64URL string.

A condensed ``.egnb`` file (and an ``.egn`` whose ``deals`` holds strings)
packs each deal as described in EGN's ``docs/binary-format.md``: a 4-bit
version header (``0001``, ``0010``, ``0011``; none for the legacy version 0),
the dealer, the upcard as an index into the deck, then the phases -- the
bidding a bit per first-round decision and two bits per second-round one,
the alone flag (and from version 2 the lone defender, from version 3 the
discard), the cards played each as an index into the cards not yet played
-- annotations, alternative lines and the end marker ``1010``.

:func:`unpack_deal` gives the deal as EGN JSON (a dict), exactly as EGN's
own ``unpackDeal`` does, including its fallback to version 0 when a deal
with a version header does not decode; a string that is not a deal at all
is a :class:`BitsError`.  Only reading is needed: written EGN is JSON.
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from ..errors import EuchreError

__all__ = ["BitsError", "unpack_deal"]

#: The deck's order in the bitstream: ranks upward, each in suits s, h, c, d.
_SUITS = ("s", "h", "c", "d")
_RANKS = "6789TJQKA"
_MIN_RANKS = (9, 8, 7, 6)  # by the 2-bit code of versions 2 and 3
_END = "1010"


class BitsError(EuchreError, ValueError):
    """A condensed deal that cannot be decoded."""


def _deck(min_rank: int = 9) -> list[str]:
    start = _RANKS.index(str(min_rank))
    return [r + s for r in _RANKS[start:] for s in _SUITS]


class _Reader:
    """Reads a string of '0'/'1' MSB first, as EGN's ``BitReader``."""

    def __init__(self, bits: str):
        self.bits = bits
        self.pos = 0

    def read(self, n: int) -> str:
        if self.pos + n > len(self.bits):
            raise BitsError("the deal ends early")
        out = self.bits[self.pos:self.pos + n]
        self.pos += n
        return out

    def integer(self, max_value: int) -> int:
        """An integer of as many bits as ``max_value`` has."""
        return int(self.read(max(max_value, 0).bit_length() or 1), 2)

    def flag(self) -> bool:
        return self.read(1) == "1"

    def remaining(self) -> int:
        return len(self.bits) - self.pos

    def quiet_tail(self) -> bool:
        """Only padding left: fewer than 8 bits, all zero."""
        rest = self.bits[self.pos:]
        return not rest or (len(rest) < 8 and "1" not in rest)


def _bits_of(text: str) -> str:
    if not text or any(not (c.isalnum() or c in "-_+/=") for c in text):
        raise BitsError("not Base64URL text")
    padded = text.replace("-", "+").replace("_", "/").rstrip("=")
    padded += "=" * (-len(padded) % 4)
    try:
        raw = base64.b64decode(padded)
    except (binascii.Error, ValueError):
        raise BitsError("not Base64URL text") from None
    return "".join(f"{b:08b}" for b in raw)


def _annotations(r: _Reader) -> dict[str, list[str]] | None:
    if not r.flag():
        return None
    out: dict[str, list[str]] = {}
    for _ in range(r.integer(255)):
        key = r.integer(255)
        texts = []
        for _ in range(r.integer(255)):
            n = r.integer(65535)
            raw = bytes(int(r.read(8), 2) for _ in range(n))
            texts.append(raw.decode("utf-8", "replace"))
        out[str(key)] = texts
    return out


def _bidding(r: _Reader, upcard: str, start: int, players: int, version: int,
             deck: list[str]) -> dict[str, Any]:
    calls: list[str] = []
    _read_calls(r, calls, upcard[1].lower(), range(start, players),
                range(max(0, start - players), players))
    alone = r.flag()
    phase: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls,
                             "isAlone": alone}
    if version >= 2 and alone and r.flag():
        phase["aloneDefender"] = r.integer(7)
    if version >= 3 and r.flag():
        i = r.integer(len(deck) - 1)
        if i >= len(deck):
            raise BitsError("a discard beyond the deck")
        phase["discard"] = deck[i]
    notes = _annotations(r)
    if notes is not None:
        phase["callAnnotations"] = notes
    return phase


def _play(r: _Reader, per_trick: int, remaining: list[str],
          first_trick: int | None = None) -> dict[str, Any]:
    tricks = []
    for t in range(r.integer(7)):
        trick = []
        for _ in range(first_trick if t == 0 and first_trick is not None else per_trick):
            if not remaining:
                break
            i = r.integer(len(remaining) - 1)
            if i >= len(remaining):
                raise BitsError("a card beyond the cards left")
            trick.append(remaining.pop(i))
        tricks.append(trick)
    phase: dict[str, Any] = {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks}
    notes = _annotations(r)
    if notes is not None:
        phase["playAnnotations"] = notes
    return phase


def _per_trick(players: int, alone: bool, defended: bool) -> int:
    return players if not alone else players - 2 if defended else players - 1


def _remaining_at(deal: dict[str, Any], branch: int, deck: list[str]) -> list[str]:
    """The cards not yet played before main-line action ``branch``."""
    left = list(deck)
    count = 0
    for phase in deal["phases"]:
        if phase["type"] == "EUCHRE_BIDDING":
            if count + len(phase["calls"]) <= branch:
                count += len(phase["calls"])
            else:
                break
        else:
            for trick in phase["tricks"]:
                for card in trick:
                    if count >= branch:
                        break
                    if card in left:
                        left.remove(card)
                    count += 1
                if count >= branch:
                    break
        if count >= branch:
            break
    return left


def _versioned(r: _Reader, version: int, number: int) -> dict[str, Any]:
    r.read(4)
    if version == 1:
        dealer, players, deck = r.integer(3), 4, _deck()
    else:
        dealer = r.integer(7)
        players = r.integer(7) + 1
        deck = _deck(_MIN_RANKS[r.integer(3)])
    remaining = list(deck)
    i = r.integer(len(deck) - 1)
    if i >= len(deck):
        raise BitsError("an upcard beyond the deck")
    upcard = deck[i]
    initial: dict[str, Any] = {"dealer": dealer, "upCard": upcard}
    if version >= 3 and r.flag():
        hands = []
        for _ in range(players):
            hand = []
            for _ in range(r.integer(15)):
                k = r.integer(len(deck) - 1)
                if k >= len(deck):
                    raise BitsError("a dealt card beyond the deck")
                hand.append(deck[k])
            hands.append(hand)
        initial["playerCards"] = hands
    deal: dict[str, Any] = {"dealNumber": number, "initialState": initial, "phases": []}
    alone = defended = False
    for p in range(r.integer(7)):
        if r.read(1) == "0":
            phase = _bidding(r, upcard, 0, players, version, deck)
            alone = phase["isAlone"]
            defended = phase.get("aloneDefender", -1) >= 0
        else:
            phase = _play(r, _per_trick(players, alone, defended), remaining)
        phase["phaseNumber"] = p
        deal["phases"].append(phase)
    if r.flag():
        lines = []
        for _ in range(r.integer(255)):
            branch = r.integer(65535)
            left = _remaining_at(deal, branch, deck)
            phases = []
            alt_alone, alt_defended = alone, defended
            for p in range(r.integer(15)):
                if r.read(1) == "0":
                    phase = _bidding(r, upcard, branch, players, version, deck)
                    alt_alone = phase["isAlone"]
                    alt_defended = phase.get("aloneDefender", -1) >= 0
                else:
                    per = _per_trick(players, alt_alone, alt_defended)
                    first = None
                    if p == 0:
                        bids = next((ph for ph in deal["phases"]
                                     if ph["type"] == "EUCHRE_BIDDING"), None)
                        into = branch - (len(bids["calls"]) if bids else 0)
                        # EGN's ``into % per`` is NaN (false) for a trick of no cards
                        if per > 0 and into > 0 and into % per:
                            first = per - into % per
                    phase = _play(r, per, left, first)
                phase["phaseNumber"] = branch + p
                phases.append(phase)
            lines.append({"branchIndex": branch, "phases": phases})
        deal["alternativeLines"] = lines
    if r.read(4) != _END:
        raise BitsError("no end marker: the deal is damaged")
    return deal


def _legacy(bits: str, number: int) -> dict[str, Any]:
    """Version 0: no header, no annotations, no alternative lines."""
    r = _Reader(bits)
    dealer = r.integer(3)
    remaining = _deck()
    upcard = remaining[r.integer(len(remaining) - 1)] if len(bits) >= 7 else None
    if upcard is None:
        raise BitsError("too short to be a deal")
    deal: dict[str, Any] = {"dealNumber": number,
                            "initialState": {"dealer": dealer, "upCard": upcard}, "phases": []}
    if r.quiet_tail():
        return deal
    calls: list[str] = []
    _read_calls(r, calls, upcard[1], range(4), range(4))
    alone = r.flag()
    deal["phases"].append({"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls,
                           "isAlone": alone})
    if r.quiet_tail():
        return deal
    tricks: list[list[str]] = []
    trick: list[str] = []
    per = 3 if alone else 4
    while r.remaining() and remaining:
        width = (len(remaining) - 1).bit_length() or 1
        if r.remaining() < width or (not trick and r.quiet_tail()):
            break
        i = r.integer(len(remaining) - 1)
        if i >= len(remaining):
            raise BitsError("a card beyond the cards left")
        trick.append(remaining.pop(i))
        if len(trick) == per:
            tricks.append(trick)
            trick = []
    if trick:
        tricks.append(trick)
    deal["phases"].append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    return deal


def unpack_deal(text: str, number: int = 0) -> dict[str, Any]:
    """The EGN deal (JSON form, ``dealNumber`` = ``number``) packed in ``text``."""
    bits = _bits_of(text)
    header = bits[:4]
    version = {"0001": 1, "0010": 2, "0011": 3}.get(header)
    if version is not None:
        try:
            return _versioned(_Reader(bits), version, number)
        except (BitsError, IndexError):
            pass  # EGN's fallback: a legacy deal whose first bits look like a header
    try:
        return _legacy(bits, number)
    except IndexError:
        raise BitsError("not a condensed deal") from None


def _read_calls(r: _Reader, calls: list[str], turned: str, first: range, second: range) -> None:
    """The bidding's calls, packed: a bit per first-round seat (pass or order up) and,
    if nobody ordered up, three bits per second-round seat (pass, or the suit named
    among those left after the turned-down one)."""
    for _ in first:
        if r.read(1) == "0":
            calls.append("Pass")
        else:
            calls.append("Order")
            return
    others = [s for s in _SUITS if s != turned]
    for _ in second:
        v = r.integer(3)
        if v == 0:
            calls.append("Pass")
            continue
        if v - 1 >= len(others):
            raise BitsError("a call of no suit")
        calls.append(others[v - 1])
        return
