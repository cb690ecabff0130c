"""The validator's fast path: proving a record clean in one pass, with nothing to report.

Most records a validator sees -- simulated games, pipelines' output -- have no
problem at all, and for them the full checker (:mod:`.validate`) pays for
machinery they never use: a check object and its generators per record,
events, a rollback copy of the game before every optional declaration,
result objects built to be compared.  :class:`FastCheck` answers one
question, "would the full checker report nothing, not even a note?", for
the common shape of a record -- a variant id, every card known, the verbs
of the ordinary game, in any key order or layout, with ``x-`` keys, inline
variants and any names -- by replaying it through the same engine verbs
(:class:`~euchre_dsl.engine.machine.Machine`: the rules are the engine's, never
re-implemented here) and comparing every claim in place.

It never reports anything itself.  At the first thing that is not plainly
right (an unexpected key or type, an unknown card, a variant that fails to
load, an action the engine refuses, a renege, a claim that differs) or that
it does not handle (hidden cards, the verbs that show cards: a swap, a misdeal) it
answers ``False``, and the validator runs the full checker on the record from
the start: the problems, their messages and
positions are the full checker's by construction.  So the engine's state may
be left anywhere when it gives up -- which is why it needs no rollback copy.

Per-variant work (the rule set, the seat and side tables, the game each
record is replayed in, restarted for it) is kept from one record to the next.
An inline variant is recognised as the last record's when it is the same
value (:func:`same_value`: types too, so ``true`` is not ``1``), which costs
less than the validator's own cache key (the object written out as JSON).
"""

from __future__ import annotations

from typing import Any, Callable, Final

from ..cards import Deck, ascii_upper
from ..engine.actions import DISCARD, ORDER_UP, PASS, PLAYING, IllegalAction
from ..engine.machine import Machine
from ..errors import EuchreError
from ..limits import MAX_HANDS
from ..records.notation import (
    ALONE, ALONE_AFTER_CODE, ALONE_INSTEAD_CODE, ARG_CARD, ARG_CONTRACT, ARG_OF_CODE,
    CONTRACT_CODES, FORMAT, PLAIN_CODE, PLAIN_DEAL_KEYS, UNKNOWN_CARD, V_DISCARD, V_ORDER_UP,
    V_PASS, VERB_CODES, VERB_OF_CODE, WORDS_OF_CODE, read_plays, seat_index, short_seats,
)
from ..records.shape import HAND_KEYS, LABEL, META_VALUE_TYPES, PLAYER_NAME_TYPES, TOP_KEYS
from ..replay.result_claims import claimed_side_values, final_agrees, result_agrees
from ..rules.ruleset import RuleSet

_TOP: Final = frozenset(TOP_KEYS)
_HAND: Final = frozenset(HAND_KEYS)
_DEAL: Final = frozenset(PLAIN_DEAL_KEYS)


def _verb_code(verb: str) -> int:
    """The code of a verb in the notation's action table (``notation.VERB_CODES``; -1
    for none), comparing the commonest verbs first: a parsed string has no cached
    hash, and hashing it cost more than these compares."""
    if verb == PASS:
        return V_PASS
    if verb == ORDER_UP:
        return V_ORDER_UP
    if verb == DISCARD:
        return V_DISCARD
    code = VERB_CODES.get(verb)
    return -1 if code is None else code


class Seating:
    """What a record's variant and seats fix, kept while records repeat them."""

    def __init__(self, rules: RuleSet, seats: list[str]) -> None:
        self.rules = rules
        self.seats = list(seats)  # compared with each record's list
        self.labels = tuple(seats)
        self.seat_of = {label: i for i, label in enumerate(seats)}
        #: the game every record of these seats is replayed in (restarted for each)
        self.game = Machine(rules, seats, 0)
        self.deck = self.game.deck
        self.side_names = self.game.side_names
        self.side_of = {name: i for i, name in enumerate(self.side_names)}
        #: seats labelled by one ASCII character, by its code (-1: none); see seat_index
        self.short = short_seats(self.seat_of)
        # the same as bytes, for the byte reader (.fast_bytes)
        self.label_bytes = tuple(label.encode() for label in seats)
        self.side_bytes = tuple(name.encode() for name in self.side_names)

    def seat_index(self, label: str) -> int:
        """``seat_of.get(label)``, with -1 for no seat (:func:`.notation.seat_index`)."""
        return seat_index(label, self.short, self.seat_of)


class FastCheck:
    """Whether a record is clean, answered by one replay through the engine's verbs.

    ``rules_for(variant, file)`` is the validator's cached variant lookup
    (raising :class:`~euchre_dsl.errors.EuchreError` for a variant that does
    not load).
    """

    def __init__(self,
                 rules_for: Callable[[str | dict[str, Any], str | None], RuleSet]) -> None:
        self.rules_for = rules_for
        # the last record's variant (an id, or an inline object) and file, and its rules
        self._variant: str | dict[str, Any] = ""
        self._file: str | None = None
        self._rules: RuleSet | None = None
        self._seating: Seating | None = None
        # reused for every hand: the dealt hands' masks, the plays' seats and cards
        self._dealt: list[int] = []
        self._seats: list[int] = []
        self._cards: list[int] = []

    def clean(self, record: Any, file: str | None) -> bool:
        """``True`` only if the full checker would find no problem (nor note) in
        ``record``, read from ``file``; ``False`` means "run the full checker"."""
        if type(record) is not dict:
            return False
        for k in record:
            if k not in _TOP and not (type(k) is str and k.startswith("x-")):
                return False
        if record.get("format") != FORMAT:
            return False
        seating = self.seating_of(record.get("variant"), record.get("seats"), file)
        if seating is None:
            return False
        hands = record.get("hands")
        if type(hands) is not list or not hands or len(hands) > MAX_HANDS:
            return False
        if "players" in record and not _players_ok(record["players"], seating.seat_of):
            return False
        if "meta" in record and not _meta_ok(record["meta"]):
            return False
        first = hands[0]
        if type(first) is not dict:
            return False
        label = first.get("dealer")
        dealer = seating.seat_of.get(label) if type(label) is str else None
        if dealer is None:
            return False
        game = seating.game
        game.restart(dealer)
        if "start_scores" in record:
            start = claimed_side_values(record["start_scores"], seating.side_of)
            if start is None:
                return False
            game.set_scores([start.get(i, v) for i, v in enumerate(game.scores)])
        try:
            for hand in hands:
                if not self._hand(game, seating, hand):
                    return False
        except (IllegalAction, ValueError):  # the engine refused an action or the deal
            return False
        return "final" not in record or final_agrees(record["final"], game, seating.side_of)

    def seating_of(self, variant: Any, seats: Any, file: str | None) -> Seating | None:
        """The variant and seats of a record, from the last record's when they repeat."""
        if (type(variant) is not str and type(variant) is not dict) or type(seats) is not list:
            return None
        rules = self._rules
        if rules is None or file != self._file or not same_value(variant, self._variant):
            try:
                rules = self.rules_for(variant, file)
            except EuchreError:
                return None
            self._variant, self._file, self._rules = variant, file, rules
        seating = self._seating
        if seating is not None and seating.rules is rules and seating.seats == seats:
            return seating
        for label in seats:
            if type(label) is not str or LABEL.fullmatch(label) is None:
                return None
        if len(seats) != rules.players.count or len(set(seats)) != len(seats):
            return None
        seating = self._seating = Seating(rules, seats)
        return seating

    def _hand(self, game: Machine, seating: Seating, hand: Any) -> bool:
        """Replay one hand and compare its result; ``False`` at anything to report."""
        if game.is_over or type(hand) is not dict or not _keys_in(hand, _HAND):
            return False
        dealer = hand.get("dealer")
        if type(dealer) is not str or seating.seat_of.get(dealer) != game.dealer:
            return False
        deal = hand.get("deal")
        actions = hand.get("actions")
        if type(deal) is not dict or not _keys_in(deal, _DEAL) or type(actions) is not list:
            return False
        deck = seating.deck
        held = deal.get("hands")
        if type(held) is not dict or len(held) != game.n:
            return False
        dealt = self._dealt
        dealt.clear()
        for label in seating.labels:
            cards = held.get(label)
            if type(cards) is not list:
                return False
            m = 0
            for c in cards:
                card = deck.card_index(c) if type(c) is str else -1
                if card < 0 or (m >> card) & 1:
                    return False  # unknown, or twice in one hand: the full checker says which
                m |= 1 << card
            dealt.append(m)
        up = deal.get("upcard")
        upcard: int | None = None
        if up is not None:
            upcard = deck.card_index(up) if type(up) is str else -1
            if upcard < 0:
                return False
        kitty: list[int | None] | None = None
        if "kitty" in deal:
            kitty = _kitty(deal["kitty"], deck)
            if kitty is None:
                return False
        widow: list[int | None] | None = None
        listed = deal.get("widow")
        if listed is not None:  # null: not given, as the full checker reads it
            widow = _known_cards(listed, deck)
            if widow is None:
                return False
        game.deal_masks(dealt, upcard, kitty, widow)
        if not self._actions(game, seating, actions):
            return False
        if "result" not in hand:
            return True
        res = game.last_result
        return res is not None and result_agrees(hand["result"], res, seating.labels,
                                                 seating.side_names)

    def _actions(self, game: Machine, seating: Seating, actions: list[Any]) -> bool:
        """Replay a hand's actions to the end of the hand, exactly to its last action."""
        deck = seating.deck
        n = len(actions)
        i = 0
        seats, cards = self._seats, self._cards
        while i < n:
            if game.hand_over:
                return False  # an action after the end of the hand
            if game.phase is PLAYING:  # the clean plays, in one engine call (a phase is an
                # enum member: compared by identity, not by a generic string compare)
                end = read_plays(actions, i, seating.short, seating.seat_of, deck, seats, cards)
                if end == i:
                    return False  # not a plain play while the cards are being played
                taken = game.replay_plays(seats, cards)
                if taken != end - i:
                    return False  # a play the engine must judge: left to the full checker
                i = end
                continue
            if not _act(game, seating, actions[i]):
                return False
            i += 1
        return game.hand_over


def _act(game: Machine, seating: Seating, a: Any) -> bool:
    """Apply one parsed action other than a play in the play phase (see :func:`apply_action`)."""
    if type(a) is not list or len(a) < 2:
        return False
    label, verb = a[0], a[1]
    seat = seating.seat_index(label) if type(label) is str else -1
    code = _verb_code(verb) if type(verb) is str else -1
    if seat < 0 or code < 0 or not PLAIN_CODE[code]:
        return False  # not a verb, or one that shows cards (swap, misdeal): the full checker's
    k = len(a)
    arg = 0
    alone = False
    words = WORDS_OF_CODE[code]  # read by the action table, as notation.read_action reads it
    if ALONE_AFTER_CODE[code] and k == 3 + words and a[k - 1] == ALONE:
        alone = True
        k -= 1
    elif ALONE_INSTEAD_CODE[code] and k == 3 and a[2] == ALONE:  # no partner called
        return apply_action(game, seat, code, None, True)
    if k != 2 + words:
        return False
    if words:  # one card, contract or amount (plain verbs take at most one)
        kind = ARG_OF_CODE[code]
        named = a[2]
        if kind == ARG_CARD:
            arg = seating.deck.card_index(named) if type(named) is str else -1
            if arg < 0:
                return False  # an unknown ('??') or misspelt card
        elif kind == ARG_CONTRACT:
            contract = CONTRACT_CODES.get(ascii_upper(named)) if type(named) is str else None
            if contract is None:
                return False
            arg = contract
        elif type(named) is int:  # ARG_AMOUNT
            arg = named
        else:
            return False
    return apply_action(game, seat, code, arg, alone)


def apply_action(game: Machine, seat: int, code: int, arg: int | None, alone: bool) -> bool:
    """Apply one action, read as a verb code and its argument (the card, contract or
    bid, ``None`` for no partner called; ``alone`` for a lone order or call, or no
    partner called), by
    :meth:`~euchre_dsl.engine.machine.Machine.act_without_rollback` (on a refusal, an
    exception, the record goes to the full checker anyway).  ``False`` when it
    reneged: a renege is reported, so the record is not clean."""
    seen = game.last_renege
    game.act_without_rollback(seat, VERB_OF_CODE[code], arg, alone, True)
    return game.last_renege is seen


def same_value(a: Any, b: Any) -> bool:
    """Whether two parsed JSON values are the same value: of the same types throughout
    (``==`` alone takes ``true`` for ``1`` and ``1.0`` for ``1``, which a variant's
    schema tells apart) and equal."""
    t = type(a)
    if t is not type(b):
        return False
    if t is dict:
        if len(a) != len(b):
            return False
        for k, v in a.items():
            if k not in b or not same_value(v, b[k]):
                return False
        return True
    if t is list:
        if len(a) != len(b):
            return False
        for i in range(len(a)):
            if not same_value(a[i], b[i]):
                return False
        return True
    return bool(a == b)


def _kitty(listed: Any, deck: Deck) -> list[int | None] | None:
    """A deal's ``kitty`` as the engine takes it (``None`` for ``"??"``: a card not
    known), empty for ``null``; ``None`` for anything the full checker must read."""
    cards: list[int | None] = []
    if listed is None:
        return cards
    if type(listed) is not list:
        return None
    for c in listed:
        if type(c) is not str:
            return None
        card = deck.card_index(c)
        if card >= 0:
            cards.append(card)
        elif c == UNKNOWN_CARD:
            cards.append(None)
        else:
            return None
    return cards


def _known_cards(listed: Any, deck: Deck) -> list[int | None] | None:
    """A deal's ``widow`` as the engine takes it, every card known; ``None`` for
    anything else (a card not known is counted by the full checker)."""
    if type(listed) is not list:
        return None
    cards: list[int | None] = []
    for c in listed:
        card = deck.card_index(c) if type(c) is str else -1
        if card < 0:
            return None
        cards.append(card)
    return cards


def _keys_in(obj: dict[Any, Any], allowed: frozenset[str]) -> bool:
    """``obj.keys() <= allowed``, key by key: comparing the views built two objects
    and cost more than the look-ups."""
    for k in obj:
        if k not in allowed:
            return False
    return True


def _players_ok(players: Any, seat_of: dict[str, int]) -> bool:
    """``players`` as the shape check accepts it: seat -> name
    (:data:`~euchre_dsl.records.shape.PLAYER_NAME_TYPES`)."""
    if type(players) is not dict:
        return False
    for k, v in players.items():
        if k not in seat_of or type(v) not in PLAYER_NAME_TYPES:
            return False
    return True


def _meta_ok(meta: Any) -> bool:
    """``meta`` as the shape check accepts it: strings and numbers, not booleans
    (:data:`~euchre_dsl.records.shape.META_VALUE_TYPES`)."""
    if type(meta) is not dict:
        return False
    for v in meta.values():
        if type(v) not in META_VALUE_TYPES:
            return False
    return True
