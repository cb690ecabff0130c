"""The ``ehh/1`` notation of actions, deals and results: the one parser, and the writer.

The only place that knows how an :class:`~euchre_dsl.engine.actions.Action`,
a deal or a hand's result is written in a record.  Writing:
:func:`action_to_json`, :func:`result_to_json`, :func:`winner_to_json`.
Reading: :class:`NotationReader` turns a record's actions and deals into the
engine's seats, verbs and card indices, and reports every way one is written
wrong as a located :class:`~euchre_dsl.errors.Problem` (``schema``,
``bad-card``, ``bad-deal``); the validator (:mod:`.validate`, through
:mod:`.shape` and :mod:`.result_claims`) is built on it, and :func:`action_from_json`
reads one action on its own.
"""

from __future__ import annotations

import json
from typing import Any, Final, Iterable, NamedTuple

from ..cards import LOW_NO_TRUMP, NO_TRUMP, SUITS, CardError, Deck, ascii_upper, contract_name
from ..engine.actions import (
    BID, CALL, CALL_PARTNER, DEFEND_ALONE, DISCARD, DROP, GIVE, MISDEAL, ORDER_UP, PASS, PLAY,
    STAY, SWAP, TAKE_WIDOW, Action, ActionTuple, spell_action,
)
#: How an unknown card is written (defined beside the engine's spelling of actions).
from ..engine.actions import UNKNOWN_CARD as UNKNOWN_CARD
from ..engine.machine import Machine, HandResult
from ..errors import EuchreError, Problem
from .positions import JsonPath, Locate, no_positions

FORMAT = "ehh/1"
#: Trump contracts as ``call`` and ``result.trump`` write them.
CONTRACT_CODES = {**{s: i for i, s in enumerate(SUITS)}, "NT": NO_TRUMP,
                  "LNT": LOW_NO_TRUMP}  # low no-trump: a house rule
DEAL_KEYS = ("hands", "upcard", "widow", "kitty")
_DEAL_KEYS = frozenset(DEAL_KEYS)
#: A deal's keys as the validator's fast paths read them: all of them.
PLAIN_DEAL_KEYS: Final = DEAL_KEYS
ALONE: Final = "alone"

# What a verb's argument is (:attr:`VerbSpec.arg`).
ARG_NONE: Final = 0  # nothing
ARG_CARD: Final = 1  # one card
ARG_CONTRACT: Final = 2  # a suit, NT or LNT (low no-trump: a house rule)
ARG_AMOUNT: Final = 3  # an integer (a bid)
ARG_THREE_CARDS: Final = 4  # three known cards shown face up
ARG_CARDS: Final = 5  # any number of known cards shown face up (none: a faulty deal)
#: How many values each kind of argument is written as (-1: any number).
ARG_WORDS: Final = (0, 1, 1, 1, 3, -1)

# Where a verb may say "alone" (:attr:`VerbSpec.alone`).
ALONE_NEVER: Final = 0
ALONE_AFTER: Final = 1  # optionally, after the argument (order_up, call)
ALONE_INSTEAD: Final = 2  # in place of the argument (call_partner: no partner called)


class VerbSpec(NamedTuple):
    """One verb of the notation and everything its readers need to read it: what its
    argument is (``arg``, an ``ARG_`` kind), where it may say ``"alone"`` (an
    ``ALONE_`` place), why its card may not be ``"??"`` (``unseen``: the message;
    empty when a card not seen is allowed, or the argument is no card), its form for
    messages, and whether it is *plain*: a verb the validator's fast paths replay
    (the engine judges it by the variant's rules, as for the full checker; the
    verbs that show cards, a swap and a misdeal, are left to the full checker).
    :meth:`NotationReader.read_action`, the fast check and the byte check all read a
    verb by these fields, so a new verb is one row of :data:`VERB_TABLE`."""

    verb: str
    arg: int
    alone: int
    unseen: str
    form: str
    plain: bool


_SEEN: Final = "every card played is seen"
#: The action table: every verb a record may hold, in the order messages list them.
#: The one table: :meth:`NotationReader.read_action` reads actions by it, and so do the
#: validator's fast paths (:mod:`.fast_check`, :mod:`.fast_bytes`), by its codes (a
#: verb's code is its index here) and the by-code tuples below.
VERB_TABLE: Final = (
    VerbSpec(PASS, ARG_NONE, ALONE_NEVER, "", "[seat, \"pass\"]", True),
    VerbSpec(ORDER_UP, ARG_NONE, ALONE_AFTER, "",
             "[seat, \"order_up\"] or [seat, \"order_up\", \"alone\"]", True),
    VerbSpec(CALL, ARG_CONTRACT, ALONE_AFTER, "",
             "[seat, \"call\", suit] or [seat, \"call\", suit, \"alone\"]", True),
    VerbSpec(BID, ARG_AMOUNT, ALONE_NEVER, "", "[seat, \"bid\", number]", True),
    VerbSpec(DISCARD, ARG_CARD, ALONE_NEVER, "", "[seat, \"discard\", card]", True),
    VerbSpec(DEFEND_ALONE, ARG_NONE, ALONE_NEVER, "", "[seat, \"defend_alone\"]", True),
    VerbSpec(STAY, ARG_NONE, ALONE_NEVER, "", "[seat, \"stay\"]", True),
    VerbSpec(DROP, ARG_NONE, ALONE_NEVER, "", "[seat, \"drop\"]", True),
    VerbSpec(TAKE_WIDOW, ARG_NONE, ALONE_NEVER, "", "[seat, \"take_widow\"]", True),
    VerbSpec(PLAY, ARG_CARD, ALONE_NEVER, "a played card cannot be unknown ('??'): " + _SEEN,
             "[seat, \"play\", card]", True),
    # house-rule verbs (docs/hand-history-extensions.md)
    VerbSpec(GIVE, ARG_CARD, ALONE_NEVER, "a given card cannot be unknown ('??'): " + _SEEN,
             "[seat, \"give\", card]", True),
    VerbSpec(SWAP, ARG_THREE_CARDS, ALONE_NEVER, "",
             "[seat, \"swap\", card, card, card]", False),
    VerbSpec(MISDEAL, ARG_CARDS, ALONE_NEVER, "",
             "[seat, \"misdeal\"] or [seat, \"misdeal\", card, ...] (the whole hand shown)",
             False),
    VerbSpec(CALL_PARTNER, ARG_CARD, ALONE_INSTEAD,
             "a called card cannot be unknown ('??'): the maker names it aloud",
             "[seat, \"call_partner\", card] or [seat, \"call_partner\", \"alone\"]", True),
)
#: Each verb's code: its index in :data:`VERB_TABLE`.
VERB_CODES: Final[dict[str, int]] = {spec.verb: code for code, spec in enumerate(VERB_TABLE)}
#: Verbs and the arguments each takes, for messages.
VERB_FORMS: Final[dict[str, str]] = {spec.verb: spec.form for spec in VERB_TABLE}
# The table by code, as tuples of plain values the fast paths index without building
# anything: the verb, its argument's kind and how many values it is written as, whether
# an "alone" may follow it, whether the fast paths replay it.
VERB_OF_CODE: Final = tuple(spec.verb for spec in VERB_TABLE)
ARG_OF_CODE: Final = tuple(spec.arg for spec in VERB_TABLE)
WORDS_OF_CODE: Final = tuple(ARG_WORDS[spec.arg] for spec in VERB_TABLE)
ALONE_AFTER_CODE: Final = tuple(spec.alone == ALONE_AFTER for spec in VERB_TABLE)
ALONE_INSTEAD_CODE: Final = tuple(spec.alone == ALONE_INSTEAD for spec in VERB_TABLE)
PLAIN_CODE: Final = tuple(spec.plain for spec in VERB_TABLE)
# The fast paths read a plain verb's argument as one card, contract or amount, or none,
# with at most a following "alone", or "alone" in place of a card; a card not seen
# ("??") is left to the full checker.
assert all(ARG_WORDS[spec.arg] in (0, 1) and (spec.alone != ALONE_INSTEAD or
                                              spec.arg == ARG_CARD)
           for spec in VERB_TABLE if spec.plain)
# The codes the fast paths compare with (Final: constants in compiled code).
V_PASS: Final = 0
V_ORDER_UP: Final = 1
V_DISCARD: Final = 4
V_PLAY: Final = 9
assert (VERB_OF_CODE[V_PASS], VERB_OF_CODE[V_ORDER_UP], VERB_OF_CODE[V_DISCARD],
        VERB_OF_CODE[V_PLAY]) == (PASS, ORDER_UP, DISCARD, PLAY)


def short_seats(seat_of: dict[str, int]) -> list[int]:
    """The seats labelled by one ASCII character, by its code (-1: none): see
    :func:`seat_index`."""
    short = [-1] * 128
    for label, seat in seat_of.items():
        if len(label) == 1 and ord(label) < 128:
            short[ord(label)] = seat
    return short


def seat_index(label: str, short: list[int], seat_of: dict[str, int]) -> int:
    """``seat_of.get(label)``, with -1 for no seat.  Most labels are one letter, found
    in ``short`` (:func:`short_seats`) without hashing the freshly parsed string (as
    :meth:`Deck.card_index <euchre_dsl.cards.Deck.card_index>` finds a card)."""
    if len(label) == 1:
        code = ord(label)
        if code < 128:
            return short[code]
    seat = seat_of.get(label)
    return -1 if seat is None else seat


def read_plays(actions: list[Any], i: int, short: list[int], seat_of: dict[str, int],
               deck: Deck, seats: list[int], cards: list[int]) -> int:
    """The run of plain plays from ``actions[i]`` -- each ``[seat, "play", card]`` of a
    known seat and card -- into ``seats`` and ``cards`` (emptied first).  Returns the
    index of the first action that is not one (left to the caller, which reads it in
    full and reports what is wrong with it).

    The one reading of a run of plays: the full checker's replay
    (``replay.walk.walk_plays``) and the fast check read them here, then the engine
    replays them in one call (``Machine.replay_plays``); the byte check reads the same
    form from the bytes."""
    seats.clear()
    cards.clear()
    n = len(actions)
    end = i
    while end < n:
        a = actions[end]
        if type(a) is not list or len(a) != 3:
            break
        verb, label, spelt = a[1], a[0], a[2]
        # typed as str, compared by the str primitive (not a generic compare)
        if type(verb) is not str or verb != PLAY:
            break
        seat = seat_index(label, short, seat_of) if type(label) is str else -1
        card = deck.card_index(spelt) if type(spelt) is str else -1
        if seat < 0 or card < 0:
            break
        seats.append(seat)
        cards.append(card)
        end += 1
    return end


class Broken(EuchreError):
    """The hand cannot be replayed further (its problem is already reported)."""


def json_kind(value: Any) -> str:
    """What a JSON value is, in words, for schema messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


def is_int(value: Any) -> bool:
    """A JSON integer (``true`` and ``1.0`` compare equal to 1 but are not)."""
    return type(value) is int


def did_you_mean(word: Any, options: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for a near miss among ``options``, else nothing."""
    if not isinstance(word, str):
        return ""
    import difflib  # here: only a near miss needs it (start-up of every command)

    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def action_to_json(game: Machine, action: ActionTuple) -> list[Any] | None:
    """``[seat, verb, ...args]`` for a recorded action; ``None`` for ``decline``
    (the engine's :func:`~euchre_dsl.engine.actions.spell_action`, with the game's
    seats and deck)."""
    return spell_action(game.labels, game.deck, action)


def result_to_json(game: Machine, res: HandResult) -> dict[str, Any]:
    """The ``result`` object of a hand (every key filled in); ``partner`` only in a
    hand whose maker called a partner's card (``null``: nobody played it)."""
    labels = game.labels
    names = game.side_names
    out: dict[str, Any] = {
        "trump": contract_name(res.trump),
        "maker": None if res.maker is None else labels[res.maker],
        "tricks": _by_key(labels, res.tricks),
        "points": _by_key(names, res.points),
        "scores": _by_key(names, res.scores),
    }
    if res.called is not None:
        out["partner"] = None if res.partner is None else labels[res.partner]
    return out


def _by_key(keys: tuple[str, ...], values: tuple[int, ...]) -> dict[str, int]:
    """``dict(zip(keys, values))`` for two tuples of one length, as a compiled loop
    (``zip`` and ``dict()`` are generic calls: most of a written result's cost)."""
    out: dict[str, int] = {}
    for i in range(len(keys)):
        out[keys[i]] = values[i]
    return out


def winner_to_json(game: Machine) -> Any:
    """``final.winner``: a side, a list of sides for a tie, ``None`` if unfinished."""
    if game.winners is None:
        return None
    if len(game.winners) == 1:
        return game.side_names[game.winners[0]]
    return [game.side_names[w] for w in game.winners]


class NotationReader:
    """Reads one record's actions and deals, reporting each problem at its JSON path.

    Problems go to :attr:`problems`, located by ``locate``; a reading method
    that cannot go on raises :class:`Broken` after reporting why.  The seats
    and the deck come from the record's game (:meth:`bind`).
    """

    # set once the record's variant and seats are known (bind)
    game: Machine
    labels: list[str]
    seat_of: dict[str, int]
    short: list[int]  # seat_of for one-character labels (short_seats)
    card_of: dict[str, int]
    names: tuple[str, ...]
    n: int

    def __init__(self, record: Any, index: int, file: str | None, locate: Locate):
        self.record = record
        self.index = index
        self.file = file
        self.locate = locate
        self.problems: list[Problem] = []
        self.unknown_hands = 0  # hands with cards not recorded

    # ----------------------------------------------------------- reporting
    def add(self, code: str, message: str, path: JsonPath, hand: int | None = None,
            action: int | None = None, *, severity: str = "error", key: bool = False,
            hint: str | None = None) -> None:
        self.problems.append(Problem(code, message, severity, self.locate(path, key), hint,
                                     self.index, hand, action))

    def schema(self, message: str, path: JsonPath, hand: int | None = None,
               action: int | None = None, *, key: bool = False, hint: str | None = None
               ) -> None:
        self.add("schema", message, path, hand, action, key=key, hint=hint)

    def check_keys(self, obj: dict[str, Any], allowed: tuple[str, ...], required: tuple[str, ...],
                   path: JsonPath, what: str, hand: int | None = None,
                   extension_keys: bool = False) -> bool:
        """Unknown and missing keys of an object; True if all required keys are there."""
        for k in obj:
            if k in allowed or (extension_keys and isinstance(k, str) and k.startswith("x-")):
                continue
            extra = " (or a key starting with 'x-')" if extension_keys else ""
            self.schema(f"unknown key '{k}' in {what}{did_you_mean(k, allowed)}", path + (k,),
                        hand, key=True, hint=f"allowed keys: {', '.join(allowed)}{extra}")
        ok = True
        for k in required:
            if k not in obj:
                self.schema(f"{what} has no '{k}'", path, hand)
                ok = False
        return ok

    def bind(self, game: Machine, labels: list[str]) -> None:
        """Read seats and cards as ``game`` (a game of the record's variant) has them."""
        self.game = game
        self.labels = labels
        self.seat_of = {label: i for i, label in enumerate(labels)}
        self.short = short_seats(self.seat_of)
        self.card_of = game.deck.spellings
        self.names = game.deck.names
        self.n = game.n

    # ---------------------------------------------------------- the actions
    def read_action(self, h: int, i: int, a: Any) -> tuple[int, str, Any, bool]:
        """``(seat, verb, argument, alone)`` of one action; schema/bad-card stop the hand."""
        path: JsonPath = ("hands", h, "actions", i)
        if type(a) is not list or len(a) < 2:
            self.schema(f"hand {h + 1}, action {i + 1}: an action is an array [seat, verb, ...], "
                        f"not {json.dumps(a)}", path, h, i)
            raise Broken
        label, verb, *args = a
        seat = self.seat_of.get(label) if type(label) is str else None
        if seat is None:
            self.schema(f"hand {h + 1}, action {i + 1}: {json.dumps(label)} is not a seat "
                        f"(seats: {', '.join(self.labels)})", path + (0,), h, i)
            raise Broken
        code = VERB_CODES.get(verb) if type(verb) is str else None
        if code is None:
            self.schema(f"hand {h + 1}, action {i + 1}: unknown verb {json.dumps(verb)}"
                        f"{did_you_mean(verb, VERB_FORMS)}", path + (1,), h, i,
                        hint=f"verbs: {', '.join(VERB_FORMS)}")
            raise Broken
        spec = VERB_TABLE[code]
        kind = spec.arg
        words = ARG_WORDS[kind]
        arg: Any = None
        alone = False
        if spec.alone == ALONE_AFTER and len(args) == words + 1 and args[-1] == ALONE:
            alone = True
            args = args[:-1]
        elif spec.alone == ALONE_INSTEAD and args == [ALONE]:
            alone = True
            kind, words, args = ARG_NONE, 0, []
        if words >= 0 and len(args) != words:
            raise self.mismatch(h, i, a, spec)
        if kind == ARG_CONTRACT:
            arg = CONTRACT_CODES.get(ascii_upper(args[0])) if type(args[0]) is str else None
            if arg is None:
                self.schema(f"hand {h + 1}, action {i + 1}: {json.dumps(args[0])} is not a "
                            "suit: write C, D, H, S or NT (LNT: low no-trump)", path + (2,), h, i)
                raise Broken
        elif kind == ARG_AMOUNT:
            if not is_int(args[0]):
                raise self.mismatch(h, i, a, spec)
            arg = args[0]
        elif kind == ARG_THREE_CARDS or kind == ARG_CARDS:  # cards shown face up: a mask
            if args:
                arg = self.read_shown(h, i, args)
        elif kind == ARG_CARD:
            c = args[0]
            arg = self.card_of.get(c) if type(c) is str else None
            if arg is None and c == UNKNOWN_CARD:
                if spec.unseen:  # this card is always seen
                    self.add("bad-card", f"hand {h + 1}, action {i + 1}: {spec.unseen}",
                             path + (2,), h, i)
                    raise Broken
            elif arg is None:
                read = self.read_cards(h, [c], path + (2,), f"action {i + 1}",
                                       single=True, action=i)
                if read is None:
                    raise Broken
                arg = read[0]
        return seat, verb, arg, alone

    def mismatch(self, h: int, i: int, a: list[Any], spec: VerbSpec) -> Broken:
        """Report an action that is not written as its verb's form; the hand stops."""
        self.schema(f"hand {h + 1}, action {i + 1}: {json.dumps(a)} does not match "
                    f"{spec.form}", ("hands", h, "actions", i), h, i)
        return Broken()

    def read_shown(self, h: int, i: int, cards: list[Any]) -> int:
        """Cards shown face up in a ``swap`` or ``misdeal``, as a mask; each must be known
        and appear once."""
        path: JsonPath = ("hands", h, "actions", i)
        mask = 0
        for k, c in enumerate(cards):
            at = path + (2 + k,)
            if c == UNKNOWN_CARD:
                self.add("bad-card", f"hand {h + 1}, action {i + 1}: a shown card cannot be "
                         "unknown ('??')", at, h, i)
                raise Broken
            card = self.card_of.get(c) if type(c) is str else None
            if card is None:
                read = self.read_cards(h, [c], at, f"action {i + 1}", single=True, action=i)
                if read is None or read[0] is None:
                    raise Broken
                card = read[0]
            if (mask >> card) & 1:
                self.add("bad-card", f"hand {h + 1}, action {i + 1}: {self.names[card]} is "
                         "shown twice", at, h, i)
                raise Broken
            mask |= 1 << card
        return mask

    # ------------------------------------------------------------- the deal
    def read_deal(self, h: int, deal: Any) -> tuple[list[Any], int | None, list[int | None] | None,
                                                   list[int | None] | None]:
        """(hands, upcard, widow, kitty) as card indices (``None`` unknown).

        The fast path takes a deal as the writer writes it -- every hand
        known, no widow or kitty; anything else goes to :meth:`read_deal_in_full`.
        """
        try:
            if type(deal) is dict and deal.keys() <= _DEAL_KEYS:
                hands_obj = deal["hands"]
                if type(hands_obj) is dict and len(hands_obj) == self.n:
                    card_of = self.card_of
                    dealt = []
                    for label in self.labels:
                        cards = hands_obj[label]
                        if type(cards) is not list:
                            raise KeyError(label)
                        dealt.append([card_of[c] for c in cards])
                    up = deal.get("upcard")
                    if "widow" not in deal and "kitty" not in deal:
                        return dealt, None if up is None else card_of[up], None, None
        except (KeyError, TypeError):
            pass
        return self.read_deal_in_full(h, deal)

    def read_deal_in_full(self, h: int, deal: Any
                          ) -> tuple[list[Any], int | None, list[int | None] | None,
                                     list[int | None] | None]:
        """:meth:`read_deal` for any deal: unknown cards, widow, kitty, and every
        problem reported."""
        path: JsonPath = ("hands", h, "deal")
        if type(deal) is not dict:
            self.schema(f"hand {h + 1}: 'deal' must be an object, not {json_kind(deal)}", path, h)
            raise Broken
        if not deal.keys() <= _DEAL_KEYS:
            self.check_keys(deal, DEAL_KEYS, (), path, f"the deal of hand {h + 1}", h)
        ok = True
        card_of = self.card_of
        hands_obj = deal.get("hands")
        dealt: list[Any] = []
        unknown = False
        if hands_obj is None:
            dealt = [None] * self.n
            unknown = True
        elif type(hands_obj) is not dict:
            self.schema(f"hand {h + 1}: deal 'hands' must be an object seat -> cards, not "
                        f"{json_kind(hands_obj)}", path + ("hands",), h)
            raise Broken
        else:
            present = 0
            for label in self.labels:
                cards = hands_obj.get(label)
                if label in hands_obj:
                    present += 1
                if cards is None:
                    dealt.append(None)
                    unknown = True
                    continue
                try:
                    if type(cards) is list:
                        dealt.append([card_of[c] for c in cards])
                        continue
                except (KeyError, TypeError):
                    pass
                read = self.read_cards(h, cards, path + ("hands", label), f"{label}'s hand")
                if read is None:
                    ok = False
                elif None in read:
                    unknown = True
                dealt.append(read)
            if present != len(hands_obj):
                for k in hands_obj:
                    if k not in self.seat_of:
                        self.schema(f"hand {h + 1}: the deal names '{k}', which is not a seat "
                                    f"(seats: {', '.join(self.labels)})",
                                    path + ("hands", k), h, key=True)
                        ok = False
        upcard = None
        up = deal.get("upcard")
        if up is not None:
            upcard = card_of.get(up) if type(up) is str else None
            if upcard is None:
                read = self.read_cards(h, [up], path + ("upcard",), "the upcard", single=True)
                if read is None:
                    ok = False
                else:
                    upcard = read[0]
        widow = self.card_list(h, deal.get("widow"), path + ("widow",), "the widow")
        kitty = self.card_list(h, deal.get("kitty"), path + ("kitty",), "the kitty")
        if widow is False or kitty is False or not ok:
            raise Broken
        if unknown or (widow is not None and None in widow):
            self.unknown_hands += 1
        return dealt, upcard, widow, kitty

    def card_list(self, h: int, value: Any, path: JsonPath, what: str) -> Any:
        """An optional array of cards: indices, ``None`` if absent, ``False`` if broken."""
        if value is None:
            return None
        if type(value) is not list:
            self.schema(f"hand {h + 1}: {what} must be an array of cards, not {json_kind(value)}",
                        path, h)
            return False
        read = self.read_cards(h, value, path, what)
        return False if read is None else read

    def read_cards(self, h: int, cards: Any, path: JsonPath, what: str, single: bool = False,
                   action: int | None = None) -> list[int | None] | None:
        """Cards with ``"??"`` as ``None``; each bad one reported (then ``None`` is returned)."""
        if type(cards) is not list:
            self.schema(f"hand {h + 1}: {what} must be an array of cards, not {json_kind(cards)}",
                        path, h)
            return None
        out: list[int | None] = []
        ok = True
        deck = self.game.deck
        for i, c in enumerate(cards):
            at = path if single else path + (i,)
            if c == UNKNOWN_CARD:
                out.append(None)
            elif type(c) is not str:
                self.schema(f"hand {h + 1}: a card in {what} must be a string like \"JH\", not "
                            f"{json_kind(c)}", at, h, action)
                ok = False
            else:
                try:
                    out.append(deck.parse(c))
                except CardError as exc:
                    self.add("bad-card", f"hand {h + 1}, {what}: {exc}", at, h, action)
                    ok = False
        return out if ok else None

    def check_kitty(self, h: int, deal: tuple[Any, ...]) -> None:
        """Kitty cards are the undealt ones: none of them dealt, none twice, not too many."""
        hands, upcard, widow, kitty = deal
        names = self.names
        dealt: set[int] = set()
        for cards in hands:
            dealt.update(c for c in cards or () if c is not None)
        dealt.update(c for c in (widow or ()) if c is not None)
        if upcard is not None:
            dealt.add(upcard)
        path: JsonPath = ("hands", h, "deal", "kitty")
        seen: set[int] = set()
        for i, c in enumerate(kitty):
            if c is None:
                continue
            if c in dealt:
                self.add("bad-deal", f"hand {h + 1}: {names[c]} is in the kitty but was dealt",
                         path + (i,), h)
            elif c in seen:
                self.add("bad-deal", f"hand {h + 1}: {names[c]} is in the kitty twice",
                         path + (i,), h)
            seen.add(c)
        r = self.game.rules
        undealt = self.game.deck.size - r.deal.hand_size * self.n - r.deal.widow_size \
            - (1 if r.deal.upcard else 0)
        if len(kitty) > undealt:
            self.add("bad-deal", f"hand {h + 1}: the kitty has {len(kitty)} cards, but only "
                     f"{undealt} are left undealt", path, h)


def action_from_json(game: Machine, action: Any) -> Action:
    """The engine action of one recorded ``[seat, verb, ...args]`` (the inverse of
    :func:`action_to_json`), read as the validator reads it.  Raises
    ``ValueError`` saying why for one that is not well formed; whether it is
    *allowed* is for the engine to say."""
    reader = NotationReader(None, 0, None, no_positions(None))
    reader.bind(game, list(game.labels))
    try:
        seat, verb, arg, alone = reader.read_action(0, 0, action)
    except Broken:
        raise ValueError(reader.problems[-1].message.split(": ", 1)[-1]) from None
    return Action(seat, verb, arg, alone)
