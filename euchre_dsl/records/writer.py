"""Writing ``ehh/1`` records: one canonical form, byte-stable.

Records are plain dicts in the spec's key order; :func:`dump_record` turns one
into a single line of JSON (no spaces, UTF-8 kept), so the same game always
has the same bytes and JSON Lines files are written a record per line.
The simulator writes the same bytes without the dicts (:class:`JsonLinesWriter`).
"""

from __future__ import annotations

import json
import re
from typing import IO, TYPE_CHECKING, Any, Final, Iterable, Sequence

from ..cards import LOW_NO_TRUMP, Deck, contract_name
from ..engine.actions import MISDEAL, PLAY, SWAP, ActionTuple, spell_action
from ..engine.machine import Machine
from ..engine.game import Game, machine_of
from .notation import (
    FORMAT, UNKNOWN_CARD, action_to_json, result_to_json, winner_to_json,
)

if TYPE_CHECKING:  # the compiled build's machine integers; plain ints at run time
    from mypy_extensions import i64


#: The most cards a mask held as a machine integer (``i64``) may name: a deck of
#: more (a double deck down to the twos: 104 cards) takes the plain-int paths.
MACHINE_CARDS: Final = 63


def card_names(deck: Deck, mask: int) -> list[str]:
    """The names of a mask's cards in the order of ``deck.sorted_cards(mask)``, by one
    pass over ``deck.listing``; the mask as a machine integer (``i64``) when the deck
    fits one, so each test is one instruction, not a tagged shift."""
    names = deck.names
    if deck.size > MACHINE_CARDS:
        return [names[c] for c in deck.listing if (mask >> c) & 1]
    m: i64 = mask
    return [names[c] for c in deck.listing if (m >> c) & 1]


def hand_record(played: Machine | Game, dealer: int, hands: Sequence[int],
                upcard: int | None, widow: int | None) -> dict[str, Any]:
    """The record of the hand just finished in ``played`` (a
    :class:`~euchre_dsl.engine.game.Game` or the engine's machine).

    ``hands`` are the dealt masks per seat (before any exchange); the
    engine's ``hand_log`` and ``last_result`` give the rest.
    """
    game = machine_of(played)
    deck = game.deck
    names = deck.names
    labels = game.labels
    deal: dict[str, Any] = {
        "hands": {labels[s]: card_names(deck, m) for s, m in enumerate(hands)},
        "upcard": None if upcard is None else names[upcard],
    }
    if widow is not None:
        deal["widow"] = card_names(deck, widow)
    if game.kitty and any(a[1] == SWAP for a in game.hand_log):
        # a swap took the top of the kitty: the record says which cards (stock order)
        deal["kitty"] = [UNKNOWN_CARD if c is None else names[c] for c in game.kitty]
    actions = []
    for a in game.hand_log:
        j = action_to_json(game, a)
        if j is not None:
            actions.append(j)
    res = game.last_result
    assert res is not None
    return {"dealer": game.labels[dealer], "deal": deal, "actions": actions,
            "result": result_to_json(game, res)}


def game_record(played: Machine | Game, variant: str | dict[str, Any], hands: list[dict[str, Any]],
                meta: dict[str, Any] | None = None,
                players: dict[str, str] | None = None,
                start_scores: Sequence[int] | None = None) -> dict[str, Any]:
    """A whole game record around already-built hand records.

    ``start_scores`` (per side) is written when a game does not start from the
    variant's start score, as when laps carry points into it.  ``played``: a
    :class:`~euchre_dsl.engine.game.Game` or the engine's machine.
    """
    game = machine_of(played)
    rec: dict[str, Any] = {"format": FORMAT, "variant": variant, "seats": list(game.labels)}
    if players:
        rec["players"] = players
    if meta:
        rec["meta"] = meta
    if start_scores is not None:
        rec["start_scores"] = {name: start_scores[i] for i, name in enumerate(game.side_names)}
    rec["hands"] = hands
    rec["final"] = {
        "scores": {name: game.scores[i] for i, name in enumerate(game.side_names)},
        "winner": winner_to_json(game),
    }
    return rec


def dump_record(record: dict[str, Any]) -> str:
    """One record as one line of canonical JSON (no trailing newline)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def dump_pretty(record: dict[str, Any]) -> str:
    """One record as readable multi-line JSON, with a final newline: one action per
    line, short arrays and objects of plain values kept on one line (the form of the
    shipped sample and of records people edit by hand)."""
    text = json.dumps(record, indent=2, ensure_ascii=False)

    def flat(m: re.Match[str]) -> str:
        inner = re.sub(r"\s*\n\s*", " ", m.group(1)).strip()
        return m.group(0)[0] + inner + m.group(0)[-1]

    text = re.sub(r"\[([^\[\]{}]*)\]", flat, text)
    text = re.sub(r"\{([^\[\]{}]*)\}", flat, text)
    return text + "\n"


def _json(value: Any) -> bytes:
    """``value`` in UTF-8 as :func:`dump_record` writes it inside a record."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


#: Small ints as written (tricks, points and most scores).
_INTS: Final = tuple(str(i).encode() for i in range(256))


def _int(value: int) -> bytes:
    return _INTS[value] if 0 <= value < 256 else str(value).encode()


#: ``result.trump`` by contract (suits, no-trump, low no-trump), then none.
_TRUMPS: Final = tuple(_json(contract_name(c)) for c in range(LOW_NO_TRUMP + 1)) + (b"null",)
#: Values below these have their piece with the key: a seat's tricks, a side's points.
_TRICKS: Final = 16
_POINTS: Final = 64


class Pieces:
    """The JSON of a deck's cards and a seating's seats and sides, each piece encoded
    once (by :func:`_json`, so in the canonical form) with its neighbours' punctuation,
    for :class:`JsonLinesWriter`; shared by every batch a process plays
    (:func:`pieces_for`): encoded for each batch, they cost 0.8 ms a batch, nearly
    a microsecond a hand."""

    def __init__(self, deck: Deck, labels: tuple[str, ...], sides: tuple[str, ...]) -> None:
        self.deck, self.labels, self.sides = deck, labels, sides
        self.size = deck.size
        self.listing = list(deck.listing)
        self.cards = [_json(name) for name in deck.names]  # '"AS"'
        self.comma_cards = [b"," + c for c in self.cards]  # ',"AS"'
        self.seats = [_json(label) for label in labels]  # '"N"'
        # ',["N","play","AS"]' at seat * size + card
        self.plays = [b"," + _json([label, PLAY, name]) for label in labels for name in deck.names]
        first = self.seats[0]
        # '{"dealer":"N","deal":{"hands":{"N":[' by dealer
        self.dealer_heads = [b'{"dealer":' + s + b',"deal":{"hands":{' + first + b":["
                             for s in self.seats]
        self.hand_keys = [b"]," + s + b":[" for s in self.seats]  # '],"E":['
        # '],"result":{"trump":"H","maker":"N"' at trump * (seats + 1) + maker (none: the last)
        self.result_heads = [b'],"result":{"trump":' + trump + b',"maker":' + maker
                             for trump in _TRUMPS for maker in self.seats + [b"null"]]
        self.trick_keys = [(b',"tricks":{' if i == 0 else b",") + s + b":"
                           for i, s in enumerate(self.seats)]  # ',"tricks":{"N":', ',"E":'
        # ',"tricks":{"N":3' at seat * _TRICKS + tricks
        self.tricks = [key + _int(v) for key in self.trick_keys for v in range(_TRICKS)]
        self.side_keys = [(b"{" if i == 0 else b",") + _json(side) + b":"
                          for i, side in enumerate(sides)]  # '{"N+S":', ',"E+W":'
        # '{"N+S":1' at side * _POINTS + points
        self.side_value_pieces = [key + _int(v) for key in self.side_keys for v in range(_POINTS)]
        self.seat_list = _json(list(labels))
        # ',[seat,verb,...]' of the actions other than plays met so far (b"": not recorded)
        self.spelt: dict[ActionTuple, bytes] = {}
        self.strings: dict[str, bytes] = {}  # the meta's keys and texts, the winners

    def action(self, action: ActionTuple) -> bytes:
        """``,[seat,verb,...]`` for an action other than a play (empty: not recorded)."""
        out = self.spelt.get(action)
        if out is None:
            spelt = spell_action(self.labels, self.deck, action)
            out = b"" if spelt is None else b"," + _json(spelt)
            verb = action[1]
            if verb != SWAP and verb != MISDEAL:  # cards shown: too many to keep
                self.spelt[action] = out
        return out

    def string(self, text: str) -> bytes:
        out = self.strings.get(text)
        if out is None:
            out = self.strings[text] = _json(text)
        return out


#: The pieces of each deck and seating met in this process, by what they spell.
_PIECES: dict[tuple[tuple[str, ...], tuple[int, ...], tuple[str, ...], tuple[str, ...]],
              Pieces] = {}


def pieces_for(game: Machine) -> Pieces:
    """The pieces of ``game``'s deck and seating, made once per process."""
    deck = game.deck
    key = (deck.names, deck.listing, game.labels, game.side_names)
    pieces = _PIECES.get(key)
    if pieces is None:
        pieces = _PIECES[key] = Pieces(deck, game.labels, game.side_names)
    return pieces


class JsonLinesWriter:
    """The records of simulated games as JSON Lines: for each game, exactly the bytes
    of ``dump_record(game_record(game, variant, [hand_record(...) ...], meta,
    start_scores=...))`` and a newline, without building the dicts.

    Building a hand's dicts and lists and encoding them (with orjson) cost half as
    much as playing the hand, in twice the instructions this takes.  Here a record
    is the :class:`Pieces` of its deck and seating in order, joined once per game.
    A play is looked up by seat and card, every other action in a table filled as
    actions first occur (spelt by :func:`~euchre_dsl.engine.actions.spell_action`,
    as :func:`hand_record` spells them); cards shown face up (a ``swap``, a
    ``misdeal``) are spelt each time.  The same bytes as the dict path are tested
    on every shipped variant and on house rules.

    Call :meth:`start_game`, :meth:`hand` after each hand, :meth:`end_game`;
    :meth:`take` hands back the bytes written so far.
    """

    def __init__(self, variant: str | dict[str, Any]) -> None:
        self.variant = _json(variant)
        self.parts: list[bytes] = []  # of the game being written
        self.games: list[bytes] = []  # the records written
        self.first = True  # no hand written yet in this game
        self.pieces: Pieces | None = None
        self.head = b""  # '{"format":"ehh/1","variant":...,"seats":[...]'

    def _bind(self, game: Machine) -> Pieces:
        """The pieces of ``game``'s deck and seating."""
        p = self.pieces
        if p is not None and game.deck is p.deck and game.labels == p.labels and \
                game.side_names == p.sides:
            return p
        p = self.pieces = pieces_for(game)
        self.head = b'{"format":' + _json(FORMAT) + b',"variant":' + self.variant + \
            b',"seats":' + p.seat_list
        return p

    def _cards(self, p: Pieces, mask: int) -> None:
        """``"AS","KS",...``: the cards of ``mask`` in the order of :func:`card_names`.
        (Kept by mask in a table, a hand's cards cost more: the table's lookups miss
        the processor's caches.)"""
        parts, cards, comma_cards = self.parts, p.cards, p.comma_cards
        sep = False
        if len(cards) > MACHINE_CARDS:  # one name per card of the deck
            for c in p.listing:
                if (mask >> c) & 1:
                    parts.append(comma_cards[c] if sep else cards[c])
                    sep = True
            return
        m: i64 = mask
        for c in p.listing:
            if (m >> c) & 1:
                parts.append(comma_cards[c] if sep else cards[c])
                sep = True

    def _sides(self, p: Pieces, values: Sequence[int]) -> None:
        """``{"N+S":v,"E+W":w}``: one value per side."""
        parts, keys, pieces = self.parts, p.side_keys, p.side_value_pieces
        for i in range(len(keys)):
            v = values[i]
            if 0 <= v < _POINTS:
                parts.append(pieces[i * _POINTS + v])
            else:
                parts.append(keys[i])
                parts.append(_int(v))
        parts.append(b"}")

    def start_game(self, game: Machine, meta: dict[str, Any],
                   start_scores: Sequence[int] | None = None) -> None:
        """Open the record of ``game``, about to be played (as :func:`game_record`)."""
        p = self._bind(game)
        parts = self.parts
        parts.append(self.head)
        if meta:
            parts.append(b',"meta":')
            if all(type(k) is str and (type(v) is str or type(v) is int)
                   for k, v in meta.items()):
                sep = b"{"
                for k, v in meta.items():
                    parts.append(sep)
                    parts.append(p.string(k))
                    parts.append(b":")
                    parts.append(p.string(v) if type(v) is str else _int(v))
                    sep = b","
                parts.append(b"}")
            else:
                parts.append(_json(meta))
        if start_scores is not None:
            parts.append(b',"start_scores":')
            self._sides(p, start_scores)
        parts.append(b',"hands":[')
        self.first = True

    def hand(self, game: Machine, dealer: int, hands: Sequence[int], upcard: int | None,
             widow: int | None) -> None:
        """The hand just finished in ``game`` (started by :meth:`start_game`), as
        :func:`hand_record` writes it."""
        p = self.pieces
        assert p is not None
        parts = self.parts
        if not self.first:
            parts.append(b",")
        self.first = False
        parts.append(p.dealer_heads[dealer])
        for s in range(len(hands)):
            if s:
                parts.append(p.hand_keys[s])
            self._cards(p, hands[s])
        parts.append(b']},"upcard":')
        parts.append(b"null" if upcard is None else p.cards[upcard])
        if widow is not None:
            parts.append(b',"widow":[')
            self._cards(p, widow)
            parts.append(b"]")
        log = game.hand_log
        if game.kitty and any(a[1] == SWAP for a in log):
            names = game.deck.names
            parts.append(b',"kitty":')
            parts.append(_json([UNKNOWN_CARD if c is None else names[c] for c in game.kitty]))
        parts.append(b'},"actions":[')
        plays, size = p.plays, p.size
        first = True
        for a in log:
            seat, verb, arg, _ = a
            if verb == PLAY and arg is not None:
                piece = plays[seat * size + arg]
            else:
                piece = p.action(a)
                if not piece:
                    continue
            parts.append(piece[1:] if first else piece)
            first = False
        res = game.last_result
        assert res is not None
        n = len(p.seats)
        parts.append(p.result_heads[(LOW_NO_TRUMP + 1 if res.trump is None else res.trump)
                                    * (n + 1) + (n if res.maker is None else res.maker)])
        keys, tricks = p.trick_keys, res.tricks
        for i in range(n):
            v = tricks[i]
            if 0 <= v < _TRICKS:
                parts.append(p.tricks[i * _TRICKS + v])
            else:
                parts.append(keys[i])
                parts.append(_int(v))
        parts.append(b'},"points":')
        self._sides(p, res.points)
        parts.append(b',"scores":')
        self._sides(p, res.scores)
        if res.called is not None:
            parts.append(b',"partner":')
            parts.append(b"null" if res.partner is None else p.seats[res.partner])
        parts.append(b"}}")

    def end_game(self, game: Machine) -> None:
        """Close the record of ``game`` with its ``final``, and the line."""
        p = self.pieces
        assert p is not None
        parts = self.parts
        parts.append(b'],"final":{"scores":')
        self._sides(p, game.scores)
        parts.append(b',"winner":')
        winner = winner_to_json(game)
        parts.append(p.string(winner) if type(winner) is str else _json(winner))
        parts.append(b"}}\n")
        # joined per game: one list of pieces used again stays in the processor's caches
        self.games.append(b"".join(parts))
        parts.clear()

    def take(self) -> bytes:
        """The records written since the last call, one line each."""
        data = b"".join(self.games)
        self.games = []
        return data


def write_jsonl(records: Iterable[dict[str, Any]], out: IO[str]) -> int:
    """Stream records to a JSON Lines file; returns how many were written."""
    n = 0
    for rec in records:
        out.write(dump_record(rec))
        out.write("\n")
        n += 1
    return n
