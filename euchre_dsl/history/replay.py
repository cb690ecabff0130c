"""A record replayed for people: the state of the table after every action.

:func:`replay_record` turns one ``ehh/1`` record into a :class:`GameView`:
per hand the deal, and per action a :class:`Step` -- what was done, in
words, the cards on the table, the tricks won so far, what each seat is
known to hold -- with the validator's problems attached to the action where
each occurs.  The terminal view (:mod:`.render`) and the HTML page
(:mod:`.html_replay`) both draw from it, so they always show the same
thing.

Nothing here decides a rule: the engine replays the actions (and judges
them), the validator finds the problems.  When the engine refuses an action
the hand's replay stops there, as the validator's does.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Callable

from ..cards import DIAMONDS, HEARTS, SUIT_SYMBOLS, CardError, Deck
from ..engine.actions import (
    BID, CALL, DEFEND_ALONE, DISCARD, DROP, GIVE, MISDEAL, ORDER_UP, PASS, PLAY, PLAYING, STAY,
    SWAP, TAKE_WIDOW, Action, IllegalAction,
)
from ..engine.game import Game, HandResult
from ..engine.game import contract_words as engine_contract_words
from ..errors import EuchreError, Location, Problem
from .notation import UNKNOWN_CARD, action_from_json
from .reader import JsonPath
from .validate import Validator

Locate = Callable[[JsonPath, bool], Location]
#: Suits drawn in red; the rest are black.
RED_SUITS = (DIAMONDS, HEARTS)


@dataclass
class SeatCards:
    """What a seat is known to hold: these cards, and this many more unseen."""

    cards: list[int]
    unknown: int = 0


@dataclass
class Step:
    """The table just after one recorded action."""

    action: int  # index of the action in the hand
    seat: int | None  # who acted (None: the action names no seat)
    words: str  # what was done, in words, cards with suit symbols
    verb: str | None
    card: int | None  # the card played, discarded or given, when known
    table: list[tuple[int, int]]  # (seat, card) on the table, in play order
    trick: int  # the trick the table shows (1-based; 0 before the play)
    won_by: int | None  # the winner, when this action completed the trick
    tricks: list[int]  # tricks won per seat so far
    hands: list[SeatCards]  # what each seat holds now, as far as known
    problems: list[Problem] = field(default_factory=list)
    refused: bool = False  # the engine refused it: the replay of the hand stops here
    #: what the table knows after the action (drawn by the page so that nothing
    #: shows before it happens): the phase it was taken in, trump and its maker once
    #: made, who plays the hand, the suit turned down
    phase: str = ""
    trump: int | None = None
    maker: int | None = None
    alone: bool = False
    lone_defender: int | None = None
    active: list[bool] = field(default_factory=list)
    turned_down: int | None = None


@dataclass
class HandView:
    """One hand: its deal and a step per action."""

    number: int  # 1-based
    dealer: int | None
    dealt: list[SeatCards]
    upcard: int | None
    widow: SeatCards | None
    steps: list[Step]
    trump: int | None = None
    maker: int | None = None
    alone: bool = False
    result: HandResult | None = None  # None: the hand did not finish
    scores: list[int] = field(default_factory=list)  # running scores after it
    problems: list[Problem] = field(default_factory=list)  # not at one action


@dataclass
class GameView:
    """A whole record replayed."""

    index: int  # 0-based record number in its file
    variant: str
    labels: list[str]
    players: dict[str, str]
    side_names: list[str]
    side_of: list[int]
    deck: Deck
    hands: list[HandView]
    scores: list[int]
    winners: list[int] | None
    problems: list[Problem]  # about the record, not one hand

    def card(self, card: int) -> str:
        """A card with its suit symbol (``10♥``)."""
        return self.deck.symbols[card]

    def outcome(self) -> str:
        """``N+S win``, ``N+S and E+W tie`` or ``not finished``."""
        if self.winners is None:
            return "not finished"
        won = " and ".join(self.side_names[w] for w in self.winners)
        return f"{won} {'tie' if len(self.winners) > 1 else 'win'}"


def hide_hands(record: dict[str, Any], keep: str | None) -> dict[str, Any]:
    """The record as seat ``keep`` saw it (``None``: the public cards only): the
    other hands unknown, their discards ``??``, the widow unknown unless taken."""
    out = copy.deepcopy(record)
    for hand in out.get("hands") or ():
        if type(hand) is not dict or type(hand.get("deal")) is not dict:
            continue
        deal = hand["deal"]
        if type(deal.get("hands")) is dict:
            deal["hands"] = {s: (c if s == keep else None) for s, c in deal["hands"].items()}
        actions = _list(hand.get("actions"))
        took = any(type(a) is list and a[:2] == [keep, TAKE_WIDOW] for a in actions)
        if deal.get("widow") is not None and not took:
            deal["widow"] = None
        for a in actions:
            if type(a) is list and len(a) == 3 and a[1] in (DISCARD, GIVE) and a[0] != keep:
                a[2] = UNKNOWN_CARD
    return out


def replay_record(record: Any, index: int = 0, file: str | None = None,
                  locate: Locate | None = None,
                  validator: Validator | None = None) -> GameView:
    """Replay one record for display.  Raises :class:`EuchreError` when it cannot be
    replayed at all (not a record, an unknown or invalid variant, bad seats): the
    problems say why."""
    validator = validator or Validator()
    problems = validator.validate(record, index=index, file=file, locate=locate)
    fatal = [p for p in problems if p.severity == "error" and p.hand is None and
             p.code in ("schema", "unknown-variant", "invalid-variant")]
    if type(record) is not dict or fatal:
        raise EuchreError(fatal or problems)
    rules = validator.rules_for(record["variant"], file)  # loaded: no fatal problem
    labels = list(record["seats"])
    hands_in = _list(record.get("hands"))
    first = hands_in[0] if hands_in and type(hands_in[0]) is dict else {}
    dealer = labels.index(first["dealer"]) if first.get("dealer") in labels else 0
    game = Game(rules, labels, dealer)
    start = record.get("start_scores")
    if type(start) is dict:
        game.set_scores([v if type(v := start.get(name)) is int else s
                         for name, s in zip(game.side_names, game.scores)])
    by_place: dict[tuple[int | None, int | None], list[Problem]] = {}
    for p in problems:
        by_place.setdefault((p.hand, p.action), []).append(p)
    views = []
    for h, hand in enumerate(hands_in):
        if game.is_over:
            break
        views.append(_replay_hand(game, h, hand, by_place))
    players = _dict(record.get("players"))
    return GameView(index, rules.name or rules.id, labels,
                    {k: v for k, v in players.items() if type(v) is str},
                    list(game.side_names), list(game.side_of), game.deck, views,
                    list(game.scores), game.winners,
                    by_place.get((None, None), []))


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _seat_cards(game: Game, seat: int) -> SeatCards:
    known = game.sure[seat]
    return SeatCards(game.deck.sorted_cards(known, game.trump),
                     max(game.count[seat] - known.bit_count(), 0))


def _replay_hand(game: Game, h: int, hand: Any,
                 by_place: dict[tuple[int | None, int | None], list[Problem]]) -> HandView:
    hand = hand if type(hand) is dict else {}
    labels = game.labels
    dealer = labels.index(hand["dealer"]) if hand.get("dealer") in labels else None
    if dealer is not None:
        game.dealer = dealer
    view = HandView(h + 1, dealer, [], None, None, [], problems=[
        p for (ph, pa), ps in by_place.items() if ph == h and pa is None for p in ps])
    try:
        _deal(game, hand.get("deal"))
    except (ValueError, CardError, IllegalAction, TypeError):
        game.abandon_hand()
        view.scores = list(game.scores)
        return view
    view.dealt = [_seat_cards(game, s) for s in range(game.n)]
    view.upcard = game.upcard
    if game.rules.deal.widow:
        widow = game.widow
        view.widow = SeatCards(game.deck.sorted_cards(widow),
                               game.rules.deal.hand_size - widow.bit_count())
    for i, a in enumerate(_list(hand.get("actions"))):
        if game.hand_over:
            break
        step = _step(game, i, a)
        step.problems = by_place.get((h, i), [])
        view.steps.append(step)
        if step.refused:
            break
    view.trump, view.maker, view.alone = game.trump, game.maker, game.alone
    if game.hand_over:  # dealt, so only its own actions can have ended it
        view.result = game.last_result
    else:
        game.abandon_hand()
    view.scores = list(game.scores)
    return view


def _deal(game: Game, deal: Any) -> None:
    if type(deal) is not dict:
        raise ValueError("no deal")
    def parse(card: Any) -> int:
        if type(card) is not str:  # the validator reports it; the hand is not shown
            raise ValueError("not a card")
        return game.deck.parse(card)

    def cards(value: Any) -> list[int | None] | None:
        if value is None:
            return None
        return [None if c == UNKNOWN_CARD else parse(c) for c in value]

    hands_obj = _dict(deal.get("hands"))
    hands = [cards(hands_obj.get(label)) for label in game.labels]
    up = deal.get("upcard")
    game.deal(hands, None if up is None else parse(up), cards(deal.get("widow")),
              cards(deal.get("kitty")))


def _step(game: Game, i: int, a: Any) -> Step:
    """Apply one recorded action and describe the table after it."""
    before = len(game.trick_winners)
    phase = game.phase
    try:
        action = action_from_json(game, a)
    except ValueError:
        return _snapshot(game, i, None, f"{a!r} (not understood)", None, None, True, phase)
    words = describe(game, action)
    try:
        game.apply(action, allow_renege=True)
    except IllegalAction:
        return _snapshot(game, i, action.seat, words, action.verb, action.arg, True, phase)
    card = action.arg if action.verb in (PLAY, DISCARD, GIVE) else None
    step = _snapshot(game, i, action.seat, words, action.verb, card, False, phase)
    if action.verb == PLAY and len(game.trick_winners) > before:
        # the trick is complete: show it whole, with its winner
        step.won_by = game.trick_winners[-1]
        step.trick = len(game.trick_winners)
        step.table = _last_trick(game)
    return step


def _last_trick(game: Game) -> list[tuple[int, int]]:
    """The ``(seat, card)`` plays of the trick just completed, from the hand's log."""
    plays = [(a[0], a[2]) for a in game.hand_log if a[1] == PLAY]
    return plays[-sum(game.active):]  # type: ignore[return-value]  # a play has its card


def _snapshot(game: Game, i: int, seat: int | None, words: str, verb: str | None,
              card: int | None, refused: bool, phase: str) -> Step:
    table = list(zip(game.trick_seats, game.trick))
    trick = len(game.trick_winners) + 1 if game.phase == PLAYING else 0
    return Step(i, seat, words, verb, card, table, trick, None, list(game.tricks),
                [_seat_cards(game, s) for s in range(game.n)], refused=refused,
                phase=phase, trump=game.trump, maker=game.maker, alone=game.alone,
                lone_defender=game.lone_defender, active=list(game.active),
                turned_down=game.turned_down)


#: What each verb that takes no argument says.
_PHRASES = {PASS: "passes", DEFEND_ALONE: "defends alone", STAY: "stays in",
            DROP: "drops out", TAKE_WIDOW: "takes the widow"}
#: Verbs of one card, which may be unseen (a discard, a card given).
_CARD_PHRASES = {PLAY: "plays", DISCARD: "discards", GIVE: "gives"}


def describe(game: Game, action: Action) -> str:
    """An action in words, before it is applied: ``"E orders up alone"``."""
    who = game.labels[action.seat]
    verb, arg = action.verb, action.arg
    deck = game.deck
    alone = " alone" if action.alone else ""
    if verb in _CARD_PHRASES and (arg is not None or verb != PLAY):
        return f"{who} {_CARD_PHRASES[verb]} {'a card' if arg is None else deck.symbols[arg]}"
    if verb in _PHRASES:
        return f"{who} {_PHRASES[verb]}"
    if verb == ORDER_UP:
        return f"{who} orders up{alone}"
    if verb == CALL and arg is not None:
        return f"{who} calls {contract_words(arg)}{alone}"
    if verb == BID:
        return f"{who} bids {arg}"
    if verb == SWAP and arg is not None:
        return f"{who} swaps {deck.format_mask(arg, symbols=True)} for the kitty"
    if verb == MISDEAL:
        return f"{who} calls a misdeal" + (
            "" if arg is None else f", showing {deck.format_mask(arg, symbols=True)}")
    return f"{who} {verb}"


def contract_words(contract: int) -> str:
    """``♥ hearts``, ``no-trump``: the engine's words, a suit with its symbol."""
    words = engine_contract_words(contract)
    return f"{SUIT_SYMBOLS[contract]} {words}" if contract < 4 else words
