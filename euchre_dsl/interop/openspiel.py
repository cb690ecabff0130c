"""OpenSpiel's ``euchre`` game, both ways: action histories to ``ehh/1`` records and back.

OpenSpiel (DeepMind) records a game as the list of its action ids,
``state.history()``.  For euchre (open-spiel 2.0.2, see
``research/openspiel-euchre.md``) that list is:

* position 0: the dealer, a chance outcome 0-3 (``N``, ``E``, ``S``, ``W``);
* positions 1-20: the dealt cards, card *k* to seat ``(dealer + k) % 4``;
* position 21: the upcard;
* then, in turn from the dealer's left: bids (24 pass, 25-28 a trump suit;
  in the first round only the upcard's suit), after an order-up the dealer's
  discard (a card), the maker's decision (29 alone, 30 with partner), with
  ``allow_lone_defender`` each defender's decision from the dealer's left
  until one goes alone, and the cards played.

A card id is ``rank * 4 + suit`` (suits C, D, H, S; ranks 9, T, J, Q, K, A).

``ehh/1`` orders and spells some of this differently: going alone is an
argument of ``order_up``/``call``, the discard follows the order-up, and
declarations *not* made (OpenSpiel's 30 "partner") are not recorded.  The
conversion does not re-implement any rule: every decoded action is applied to
the engine (:class:`~euchre_dsl.engine.machine.Machine`) under the ``openspiel``
variant, which decides legality, trick winners and points.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..cards import SUIT_NAMES, SUITS, Deck
from ..engine.actions import (
    CALL, DECLINE, DEFEND, DEFEND_ALONE, DISCARD, EXCHANGE, NAMING, ORDER_UP, ORDER_UP_ROUND,
    PASS, PLAY, PLAYING, Action, IllegalAction,
)
from ..engine.machine import Machine
from ..errors import EuchreError, Location, Problem
from ..records.notation import UNKNOWN_CARD
from ..records.positions import Item, JsonPath, Locator, no_positions
from ..records.writer import game_record, hand_record
from ..replay.events import Acted, Dealt, Started
from ..replay.walk import walk_record
from ..rules.registry import compile_data, load_variant
from ..rules.ruleset import DefendAlone, RuleSet
from ..validate.validator import Validator

__all__ = [
    "OpenSpielParams", "VARIANT_PARAMS", "OpenSpielHistoryError", "DecodedGame", "ConvertedLine",
    "decode_history", "history_to_record", "record_to_histories", "params_for_rules",
    "convert_items", "card_to_openspiel", "card_from_openspiel",
]

VARIANT_ID = "openspiel"
SEATS = ("N", "E", "S", "W")  # OpenSpiel's players 0-3, clockwise
NUM_CARDS = 24
NUM_DEALT = 20
PASS_ACTION = 24
FIRST_TRUMP_ACTION = 25  # 25-28: clubs, diamonds, hearts, spades
GO_ALONE_ACTION = 29
PARTNER_ACTION = 30
NUM_ACTIONS = 31
_OS_RANKS = "9TJQKA"

_DECK = Deck.of("9", False)
#: Our card index for each OpenSpiel card id, and back.  OpenSpiel orders the suits as
#: we do (C, D, H, S), in card ids and in the trump actions 25-28 alike.
_FROM_OS = tuple(_DECK.parse(_OS_RANKS[i // 4] + SUITS[i % 4]) for i in range(NUM_CARDS))
_TO_OS = {c: i for i, c in enumerate(_FROM_OS)}


def card_from_openspiel(card_id: int) -> int:
    """Our card index (24-card deck) of an OpenSpiel card id 0-23."""
    return _FROM_OS[card_id]


def card_to_openspiel(card: int) -> int:
    """The OpenSpiel card id of one of our card indices (24-card deck)."""
    return _TO_OS[card]


def _action_words(action_id: int) -> str:
    """An action id as OpenSpiel means it, cards in our notation: ``"7 (card 9S)"``."""
    if 0 <= action_id < NUM_CARDS:
        return f"{action_id} (card {_DECK.names[_FROM_OS[action_id]]})"
    if action_id == PASS_ACTION:
        return f"{action_id} (Pass)"
    if FIRST_TRUMP_ACTION <= action_id < FIRST_TRUMP_ACTION + 4:
        return f"{action_id} ({SUIT_NAMES[action_id - FIRST_TRUMP_ACTION].capitalize()})"
    if action_id == GO_ALONE_ACTION:
        return f"{action_id} (Alone)"
    if action_id == PARTNER_ACTION:
        return f"{action_id} (Partner)"
    return f"{action_id} (no such action: ids are 0-{NUM_ACTIONS - 1})"


# ====================================================================== parameters
@dataclass(frozen=True)
class OpenSpielParams:
    """The two parameters of OpenSpiel's ``euchre`` game; defaults are OpenSpiel's own."""

    allow_lone_defender: bool = False
    stick_the_dealer: bool = True

    @classmethod
    def parse(cls, text: str) -> "OpenSpielParams":
        """Read an OpenSpiel game string: ``euchre`` or ``euchre(allow_lone_defender=true,...)``.

        Raises ``ValueError`` saying what is wrong.
        """
        m = re.fullmatch(r"\s*euchre\s*(?:\((.*)\))?\s*", text)
        if m is None:
            raise ValueError(f"{text!r} is not an OpenSpiel euchre game string: write "
                             "'euchre' or 'euchre(allow_lone_defender=true,stick_the_dealer=true)'")
        values = {"allow_lone_defender": cls.allow_lone_defender,
                  "stick_the_dealer": cls.stick_the_dealer}
        for item in filter(None, (p.strip() for p in (m.group(1) or "").split(","))):
            key, eq, value = (s.strip() for s in item.partition("="))
            if key not in values:
                raise ValueError(f"unknown euchre parameter {key!r}: OpenSpiel's euchre has "
                                 "allow_lone_defender and stick_the_dealer")
            if not eq or value.lower() not in ("true", "false"):
                raise ValueError(f"parameter {key!r} takes true or false, got {item!r}")
            values[key] = value.lower() == "true"
        return cls(**values)

    def game_string(self) -> str:
        """The game string ``pyspiel.load_game`` accepts for these parameters."""
        return (f"euchre(allow_lone_defender={str(self.allow_lone_defender).lower()},"
                f"stick_the_dealer={str(self.stick_the_dealer).lower()})")

    def variant(self) -> str | dict[str, Any]:
        """The record's ``variant``: the shipped id, or an inline object extending it."""
        if self == VARIANT_PARAMS:
            return VARIANT_ID
        return {
            "extends": VARIANT_ID,
            "id": f"{VARIANT_ID}-{'sticky' if self.stick_the_dealer else 'no-stick'}-"
                  f"{'lone-defender' if self.allow_lone_defender else 'no-lone-defender'}",
            "name": f"OpenSpiel {self.game_string()}",
            "bidding": {"stick_the_dealer": self.stick_the_dealer},
            "alone": {"defend_alone": "vs_any_maker" if self.allow_lone_defender else "off"},
        }

    def ruleset(self) -> RuleSet:
        """The compiled rules these parameters play by (compiled once per process)."""
        return _ruleset(self)


@lru_cache(maxsize=None)
def _ruleset(params: OpenSpielParams) -> RuleSet:
    v = params.variant()
    return load_variant(v) if isinstance(v, str) else compile_data(v)


#: The parameters the shipped ``openspiel`` variant describes.
VARIANT_PARAMS = OpenSpielParams(allow_lone_defender=True, stick_the_dealer=True)


# ==================================================================== history -> ehh/1
class OpenSpielHistoryError(EuchreError, ValueError):
    """A history that is not a whole, legal OpenSpiel euchre game.

    ``position`` is the 0-based index in the history of the offending action
    (the history's length when it stops too early).
    """

    def __init__(self, position: int, message: str, hint: str | None = None):
        self.position = position
        self.message = message
        self.hint = hint
        super().__init__(f"history[{position}]: {message}")


_STICK_HINT = ("a history whose eight bids are all passes comes from a game with "
               "stick_the_dealer=false: give that game string")
_LONE_HINT = ("a history without the defenders' decisions comes from a game with "
              "allow_lone_defender=false (OpenSpiel's default): give that game string")
_NO_LONE_HINT = ("a history with the defenders' decisions comes from a game with "
                 "allow_lone_defender=true: give that game string")
_CARDS = range(NUM_CARDS)
_DECISIONS = range(GO_ALONE_ACTION, PARTNER_ACTION + 1)


class _Cursor:
    """Reads a history front to back, naming what it expected when it fails."""

    def __init__(self, history: Sequence[Any]):
        self.history = history
        self.pos = 0

    def take(self, expected: str, allowed: range,
             hints: tuple[tuple[range, str], ...] = ()) -> int:
        """The next action id, which must be in ``allowed``; ``hints`` explain likely slips."""
        pos = self.pos
        if pos >= len(self.history):
            raise OpenSpielHistoryError(pos, f"the history stops after {pos} actions, where "
                                        f"{expected} was expected: the game is not finished")
        value = self.history[pos]
        if type(value) is not int:
            raise OpenSpielHistoryError(pos, f"{json.dumps(value)} is not an action id (an "
                                        f"integer); {expected} was expected")
        if value not in allowed:
            hint = next((h for r, h in hints if value in r), None)
            raise OpenSpielHistoryError(pos, f"expected {expected}, got "
                                        f"{_action_words(value)}", hint)
        self.pos += 1
        return value


def _apply(game: Machine, action: Action, pos: int, hint: str | None = None) -> None:
    try:
        game.apply(action)
    except IllegalAction as exc:
        raise OpenSpielHistoryError(pos, exc.message, hint) from None


@dataclass(frozen=True)
class DecodedGame:
    """An OpenSpiel game replayed through the engine: the finished game and its deal."""

    game: Machine
    params: OpenSpielParams
    dealer: int
    hands: tuple[int, ...]  # the dealt hands, as masks, before the dealer's exchange
    upcard: int

    def record(self) -> dict[str, Any]:
        """The ``ehh/1`` record of the game, result and final scores filled in."""
        hand = hand_record(self.game, self.dealer, self.hands, self.upcard, None)
        return game_record(self.game, self.params.variant(), [hand])


def history_to_record(history: Sequence[Any],
                      params: OpenSpielParams = VARIANT_PARAMS) -> dict[str, Any]:
    """The ``ehh/1`` record of one finished OpenSpiel euchre game (see :func:`decode_history`)."""
    return decode_history(history, params).record()


def decode_history(history: Sequence[Any],
                   params: OpenSpielParams = VARIANT_PARAMS) -> DecodedGame:
    """Replay one finished OpenSpiel euchre game through the engine.

    ``history`` is ``state.history()`` of a terminal state of
    ``pyspiel.load_game(params.game_string())``.  Raises
    :class:`OpenSpielHistoryError` at the first position that is not a legal
    continuation, where the history stops before the game is over, or where
    it goes on after it.
    """
    cur = _Cursor(history)
    dealer = cur.take("the dealer (a chance outcome 0-3)", range(4))
    game = Machine(params.ruleset(), SEATS, dealer=dealer)
    dealt_at: dict[int, int] = {}
    hands = [0, 0, 0, 0]
    card_id = 0
    for k in range(NUM_DEALT + 1):
        what = ("the upcard (a card 0-23)" if k == NUM_DEALT else
                f"dealt card {k + 1} of {NUM_DEALT}, to {SEATS[(dealer + k) % 4]} (a card 0-23)")
        card_id = cur.take(what, _CARDS)
        if card_id in dealt_at:
            raise OpenSpielHistoryError(cur.pos - 1, f"{_action_words(card_id)} was already "
                                        f"dealt at position {dealt_at[card_id]}")
        dealt_at[card_id] = cur.pos - 1
        if k < NUM_DEALT:
            hands[(dealer + k) % 4] |= 1 << _FROM_OS[card_id]
    upcard = _FROM_OS[card_id]
    game.deal([_DECK.sorted_cards(m) for m in hands], upcard)
    _bidding(game, cur)
    while game.phase == DEFEND:
        seat = game.to_act
        pos = cur.pos
        answer = cur.take(f"{SEATS[seat]}'s decision as a defender (29 Alone, 30 Partner)",
                          _DECISIONS, ((_CARDS, _LONE_HINT),))
        _apply(game, Action(seat, DEFEND_ALONE if answer == GO_ALONE_ACTION else DECLINE), pos)
    no_lone = () if params.allow_lone_defender else ((_DECISIONS, _NO_LONE_HINT),)
    while game.phase == PLAYING:
        seat = game.to_act
        pos = cur.pos
        card_id = cur.take(f"{SEATS[seat]}'s card in trick {len(game.trick_winners) + 1} "
                           "(a card 0-23)", _CARDS, no_lone)
        _apply(game, Action(seat, PLAY, _FROM_OS[card_id]), pos)
    if cur.pos < len(history):
        raise OpenSpielHistoryError(cur.pos, f"the game is over after {cur.pos} actions, but "
                                    f"the history goes on to {len(history)}")
    return DecodedGame(game, params, dealer, tuple(hands), upcard)


def _bidding(game: Machine, cur: _Cursor) -> None:
    """Bids until trump is made (with the discard and the maker's decision) or all pass."""
    bids = range(PASS_ACTION, FIRST_TRUMP_ACTION + 4)
    while game.phase in (ORDER_UP_ROUND, NAMING):
        seat = game.to_act
        bid_pos = cur.pos
        bid = cur.take(f"{SEATS[seat]}'s bid (24 Pass, 25-28 a trump suit)", bids)
        if bid == PASS_ACTION:
            _apply(game, Action(seat, PASS), bid_pos, _STICK_HINT)  # only a stuck dealer fails
            continue
        suit = bid - FIRST_TRUMP_ACTION
        assert game.upcard is not None
        if game.phase == ORDER_UP_ROUND and suit == game.deck.suit(game.upcard):
            # OpenSpiel: the dealer's discard, then the maker's decision; ehh/1: order_up
            # carries the decision and the discard follows it
            dealer = game.dealer
            pending = [(Action(seat, ORDER_UP), bid_pos)]
            discard_pos = cur.pos
            with _first_error(game, pending):
                discard = _FROM_OS[cur.take(f"{SEATS[dealer]}'s discard after the order-up "
                                            "(a card 0-23)", _CARDS)]
                pending.append((Action(dealer, DISCARD, discard), discard_pos))
                alone = _maker_decision(cur, seat)
            _apply(game, Action(seat, ORDER_UP, None, alone), bid_pos)
            _apply(game, Action(dealer, DISCARD, discard), discard_pos)
        elif game.phase == ORDER_UP_ROUND:
            _apply(game, Action(seat, CALL, suit), bid_pos)  # the engine says why not
        else:
            with _first_error(game, [(Action(seat, CALL, suit), bid_pos)]):
                alone = _maker_decision(cur, seat)
            _apply(game, Action(seat, CALL, suit, alone), bid_pos)


@contextmanager
def _first_error(game: Machine, pending: list[tuple[Action, int]]) -> Iterator[None]:
    """Reading ahead for the maker's decision: if that fails, an earlier action still
    waiting to be applied may be the first thing wrong, so it is tried first (the game
    is given up either way)."""
    try:
        yield
    except OpenSpielHistoryError:
        for action, pos in pending:
            _apply(game, action, pos)
        raise


def _maker_decision(cur: _Cursor, maker: int) -> bool:
    answer = cur.take(f"{SEATS[maker]}'s decision as maker (29 Alone, 30 Partner)", _DECISIONS)
    return answer == GO_ALONE_ACTION


# ==================================================================== ehh/1 -> history
_LONE_DEFENDER_OPTIONS = {("alone", "defend_order"), ("scoring", "lone_defender_euchre"),
                          ("scoring", "lone_defender_march")}


def params_for_rules(rules: RuleSet) -> OpenSpielParams:
    """The OpenSpiel game that plays a hand of ``rules``, or :class:`EuchreError` naming
    the options OpenSpiel cannot play.

    OpenSpiel plays one deal per game, so the ``game`` section and the deal's
    packets (which only tell a simulator how to deal) do not matter, nor do
    the lone defender's options where nobody may defend alone; whether the
    dealer exchanges when the partner goes alone is checked hand by hand.
    """
    params = OpenSpielParams(allow_lone_defender=rules.alone.defend_alone != DefendAlone.OFF,
                             stick_the_dealer=rules.bidding.stick_the_dealer)
    ours = rules.to_dict()
    theirs = params.ruleset().to_dict()
    ignored = {("deal", "packets"), ("alone", "dealer_exchanges_when_partner_alone")}
    if not params.allow_lone_defender:
        ignored |= _LONE_DEFENDER_OPTIONS
    differences = [
        f"{section}.{key} is {json.dumps(value)} (OpenSpiel: {json.dumps(theirs[section][key])})"
        for section, options in ours.items() if isinstance(options, dict) and section != "game"
        for key, value in options.items()
        if (section, key) not in ignored and value != theirs[section][key]]
    if differences:
        raise EuchreError(Problem(
            "unsupported-rules", f"OpenSpiel's euchre cannot play variant '{rules.id}': "
            + "; ".join(differences),
            hint="OpenSpiel plays four-hand euchre with stick-the-dealer on or off and "
            "defending alone against any maker on or off"))
    return params


def record_to_histories(record: Any, *, file: str | None = None,
                        locate: Callable[[JsonPath, bool], Location] | None = None,
                        validator: Validator | None = None,
                        ) -> tuple[OpenSpielParams, list[list[int]]]:
    """OpenSpiel action histories for the hands of an ``ehh/1`` record, one game per hand.

    The record must be valid, its variant one OpenSpiel can play (see
    :func:`params_for_rules`), and every card of every hand recorded.  The
    histories are read off the one walk of the record
    (:func:`~euchre_dsl.replay.walk.walk_record`; ``file``, ``locate`` and
    ``validator`` are passed on), which validates it as it replays it through
    the engine; the declarations ``ehh/1`` leaves out -- OpenSpiel's 30
    "Partner" -- are put back.  Raises :class:`EuchreError` listing what stops
    the conversion: the validator's errors if there are any, else the first
    thing OpenSpiel cannot take.
    """
    locate = locate or no_positions(file)
    hands_in = record.get("hands") if type(record) is dict else None
    errors: list[Problem] = []
    refusal: EuchreError | None = None
    params: OpenSpielParams | None = None
    histories: list[list[int]] = []
    current: _HandHistory | None = None
    for event in walk_record(record, file=file, locate=locate, steps=True,
                             variants=validator):
        if isinstance(event, Problem):
            if event.severity == "error":
                errors.append(event)
            continue
        if errors or refusal is not None:
            continue  # the record cannot be converted: only its problems are still wanted
        try:
            if isinstance(event, Started):
                params = _params_at(event.game.rules, locate)
            elif isinstance(event, Dealt):
                assert hands_in is not None  # a record that was replayed has hands
                current = _HandHistory(event.game, event.hand, hands_in[event.hand], locate)
            elif isinstance(event, Acted):
                assert current is not None
                current.add(event.action, event.move, event.game)
            elif current is not None and event.hand == current.h:  # HandEnded
                if not event.finished:
                    raise current.fail("incomplete-hand", "the actions stop before the hand "
                                       "is over: OpenSpiel needs whole hands", ("actions",))
                histories.append(current.out)
                current = None
        except EuchreError as exc:
            refusal = exc
    if errors:
        raise EuchreError(errors)
    if refusal is not None:
        raise refusal
    assert params is not None  # no error: the record was replayed
    return params, histories


def _params_at(rules: RuleSet, locate: Callable[[JsonPath, bool], Location]
               ) -> OpenSpielParams:
    """:func:`params_for_rules`, its refusal placed at the record's ``variant``."""
    try:
        return params_for_rules(rules)
    except EuchreError as exc:
        for p in exc.problems:
            p.location = locate(("variant",), False)
        raise


class _HandHistory:
    """One hand's OpenSpiel history, built from the walk's events as the engine
    replays the hand (the record is valid so far)."""

    def __init__(self, game: Machine, h: int, hand: dict[str, Any],
                 locate: Callable[[JsonPath, bool], Location]):
        self.h = h
        self.locate = locate
        deal = hand["deal"]
        dealt = deal.get("hands") or {}
        for label in game.labels:
            cards = dealt.get(label)
            if cards is None:
                raise self.fail("unknown-card", f"{label}'s hand is not recorded: OpenSpiel "
                                "needs every card of the deal", ("deal", "hands"))
            for i, c in enumerate(cards):
                if c == UNKNOWN_CARD:
                    raise self.unknown(("deal", "hands", label, i))
        if game.upcard is None:
            raise self.unknown(("deal", "upcard"))
        dealer = game.dealer
        os_hands = [sorted(_TO_OS[c] for c in range(NUM_CARDS) if (held >> c) & 1)
                    for held in game.dealt]
        self.out = [dealer] + [os_hands[(dealer + k) % 4][k // 4] for k in range(NUM_DEALT)]
        self.out.append(_TO_OS[game.upcard])
        self.owed = False  # an order-up's go-alone decision, due after the discard
        self.defenders: list[int] = []  # asked whether to defend alone, in turn

    def fail(self, code: str, message: str, path: JsonPath, action: int | None = None
             ) -> EuchreError:
        return EuchreError(Problem(code, message,
                                   location=self.locate(("hands", self.h) + path, False),
                                   hand=self.h, action=action))

    def unknown(self, path: JsonPath, action: int | None = None) -> EuchreError:
        return self.fail("unknown-card", "a card is not recorded: OpenSpiel needs every card "
                         "of the deal and the play", path, action)

    def add(self, i: int, action: Action | None, game: Machine) -> None:
        """Action ``i``, just applied to ``game``."""
        assert action is not None  # a valid record's actions are all understood
        out = self.out
        if self.defenders:  # those the record passes over declined: OpenSpiel's "Partner"
            asked = self.defenders.index(action.seat) if action.verb == DEFEND_ALONE \
                else len(self.defenders)
            out += [PARTNER_ACTION] * asked
            self.defenders = []
        if action.verb in (DISCARD, PLAY) and action.arg is None:
            raise self.unknown(("actions", i, 2), i)
        if action.verb == PASS:
            out.append(PASS_ACTION)
        elif action.verb == ORDER_UP:
            assert game.trump is not None
            out.append(FIRST_TRUMP_ACTION + game.trump)
            if game.phase != EXCHANGE:
                seat = game.labels[action.seat]
                raise self.fail("unsupported-rules", f"{seat} ordered up alone and the dealer "
                                "sat out without taking the upcard; OpenSpiel's dealer always "
                                "takes it and discards", ("actions", i), i)
            self.owed = action.alone
        elif action.verb == CALL:
            assert game.trump is not None
            out += [FIRST_TRUMP_ACTION + game.trump,
                    GO_ALONE_ACTION if action.alone else PARTNER_ACTION]
        elif action.verb == DISCARD:
            assert action.arg is not None
            out += [_TO_OS[action.arg], GO_ALONE_ACTION if self.owed else PARTNER_ACTION]
        elif action.verb == DEFEND_ALONE:
            out.append(GO_ALONE_ACTION)
        else:  # play: the rules check leaves no other verb
            assert action.arg is not None
            out.append(_TO_OS[action.arg])
        if game.phase == DEFEND:  # the defenders are asked in turn from the one on turn
            assert game.maker is not None
            makers = game.side_of[game.maker]
            self.defenders = [s for s in ((game.to_act + k) % game.n for k in range(game.n))
                              if game.side_of[s] != makers and game.active[s]]


# ==================================================================== JSON Lines input
@dataclass(frozen=True)
class ConvertedLine:
    """One line of a JSON Lines file of OpenSpiel histories: its record, or its problem."""

    index: int  # 0-based game number in the file
    line: int
    record: dict[str, Any] | None
    problem: Problem | None


def convert_items(items: Iterable[Item], file: str | None = None,
                  params: OpenSpielParams = VARIANT_PARAMS) -> Iterator[ConvertedLine]:
    """Convert OpenSpiel games read by :func:`~euchre_dsl.records.reader.iter_jsonl`.

    Each line is a JSON array of action ids, or an object whose ``"history"``
    is one and whose optional ``"game"`` is the game string it was played
    under (else ``params``); other keys are ignored.  A bad line yields a
    problem at its line and, for a bad action, at that array element's
    column; the next line is still converted.
    """
    for item in items:
        if item.problem is not None:
            yield ConvertedLine(item.index, item.line, None, item.problem)
            continue
        locate = Locator(item.text, item.line, file)
        value = item.data
        prefix: JsonPath = ("history",) if isinstance(value, dict) else ()
        history = value.get("history") if isinstance(value, dict) else value

        def problem(code: str, message: str, path: JsonPath, hint: str | None = None
                    ) -> ConvertedLine:
            return ConvertedLine(item.index, item.line, None, Problem(
                code, message, location=locate(path, False), hint=hint, record=item.index))

        if not isinstance(history, list):
            yield problem("schema", "expected a JSON array of OpenSpiel action ids, or an "
                          "object with a \"history\" array", prefix)
            continue
        game_params = params
        if isinstance(value, dict) and "game" in value:
            try:
                game_params = OpenSpielParams.parse(str(value["game"]))
            except ValueError as exc:
                yield problem("schema", str(exc), ("game",))
                continue
        try:
            record = history_to_record(history, game_params)
        except OpenSpielHistoryError as exc:
            pos = min(exc.position, len(history) - 1)
            message = exc.message if exc.position >= len(history) else \
                f"history[{exc.position}]: {exc.message}"
            yield problem("bad-history", message, prefix + ((pos,) if pos >= 0 else ()),
                          exc.hint)
            continue
        yield ConvertedLine(item.index, item.line, record, None)
