"""A record replayed for people: the state of the table after every action.

:func:`replay_record` turns one ``ehh/1`` record into a :class:`GameView`
(:func:`replay_lazily`: hand by hand):
per hand the deal, and per action a :class:`Step` -- what was done, in
words, the cards on the table, the tricks won so far, what each seat is
known to hold -- with the validator's problems attached to the action where
each occurs.  The terminal view (:mod:`.render`) and the HTML page
(:mod:`.html_replay`) both draw from it, so they always show the same
thing.

Nothing here decides a rule or reads the notation: the views are drawn from
the one walk of the record (:func:`~.validate.walk_record`), in which the
engine replays the actions (and judges them) and the validator finds the
problems.  When the engine refuses an action the hand's replay stops there.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Iterator

from ..cards import DIAMONDS, HEARTS, SUIT_SYMBOLS, Deck
from ..engine.actions import (
    BID, CALL, CALL_PARTNER, DEFEND_ALONE, DISCARD, DROP, GIVE, MISDEAL, ORDER_UP, PASS, PLAY,
    PLAYING, STAY, SWAP, TAKE_WIDOW, Action,
)
from ..engine.machine import Machine, HandResult
from ..engine.machine import contract_words
from ..errors import EuchreError, Problem
from ..records.notation import UNKNOWN_CARD
from ..records.positions import Locate
from ..replay.events import Acted, Dealt, Event, HandEnded, Started
from ..replay.walk import walk_record
from ..validate.validator import Validator


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
    #: a called partner (partner.call): the card called, said aloud, and its holder
    #: once the card is played -- never before, though the page shows every hand
    called: int | None = None
    partner: int | None = None


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
    """Replay one whole record for display.  Raises :class:`EuchreError` when it cannot
    be replayed at all (not a record, an unknown or invalid variant, bad seats): the
    problems say why.  :func:`replay_lazily` gives the same hand by hand."""
    view, hands = replay_lazily(record, index, file, locate, validator)
    view.hands = list(hands)
    return view


def replay_lazily(record: Any, index: int = 0, file: str | None = None,
                  locate: Locate | None = None, validator: Validator | None = None
                  ) -> tuple[GameView, Iterator[HandView]]:
    """The record's view without its hands, and its hands as they are replayed.

    The hands come one at a time from the one walk of the record
    (:func:`~.validate.walk_record`), so the first is shown before the rest
    is replayed and memory does not grow with the record; they are not kept in
    ``view.hands``.  ``view.scores``, ``view.winners`` and the record's
    problems found after the hands (its ``final`` claims, notes) are complete
    once the iterator is used up.  Raises :class:`EuchreError` as
    :func:`replay_record` does.
    """
    events = walk_record(record, index=index, file=file, locate=locate, steps=True,
                         variants=validator)
    early: list[Problem] = []
    for event in events:
        if isinstance(event, Started):
            fatal = [p for p in early if p.severity == "error" and p.hand is None and
                     p.code in _FATAL]
            if fatal:
                raise EuchreError(fatal)
            view = _game_view(record, index, event.game, early)
            return view, _hands(view, record, event.game, events)
        assert isinstance(event, Problem)  # nothing else comes before the replay starts
        early.append(event)
    raise EuchreError([p for p in early if p.severity == "error" and p.code in _FATAL]
                      or early)


#: Problems that stop a record from being replayed at all.
_FATAL = ("schema", "unknown-variant", "invalid-variant")


def _game_view(record: dict[str, Any], index: int, game: Machine,
               problems: list[Problem]) -> GameView:
    players = _dict(record.get("players"))
    rules = game.rules
    return GameView(index, rules.name or rules.id, list(game.labels),
                    {k: v for k, v in players.items() if type(v) is str},
                    list(game.side_names), list(game.side_of), game.deck, [],
                    list(game.scores), game.winners, problems)


def _hands(view: GameView, record: dict[str, Any], game: Machine,
           events: Iterator[Event]) -> Iterator[HandView]:
    """Hand views from the walk's events; the record's later problems go to ``view``."""
    hands_in = _list(record.get("hands"))
    hv: HandView | None = None
    held: _Held | None = None
    problems: list[Problem] = []
    tricks_before = 0
    phase = game.phase  # the phase the next action is taken in
    for event in events:
        if isinstance(event, Problem):
            if event.hand is None:
                view.problems.append(event)
            else:
                problems.append(event)
        elif isinstance(event, Acted):
            if hv is None:  # an action of a hand that was not dealt: never happens
                continue
            recorded = _list(_dict(hands_in[event.hand]).get("actions"))[event.action]
            proven = held.after(game, event.action) if held is not None else None
            hv.steps.append(_step(game, event, recorded, tricks_before, phase, proven))
            tricks_before = len(game.trick_winners)
            phase = game.phase
        elif isinstance(event, Dealt):
            hv = _dealt(game, event.hand, hands_in[event.hand])
            held = _Held(game, _list(_dict(hands_in[event.hand]).get("actions")))
            tricks_before = 0
            phase = game.phase
        elif isinstance(event, HandEnded):
            h = event.hand
            if hv is None:  # not dealt: the hand is shown with its problems only
                hv = HandView(h + 1, _dealer(game, hands_in[h]), [], None, None, [])
            else:
                hv.trump, hv.maker, hv.alone = game.trump, game.maker, game.alone
                if event.finished:
                    hv.result = game.last_result
            hv.scores = list(game.scores)
            by_action: dict[int, list[Problem]] = {}
            for p in problems:
                if p.action is None:
                    hv.problems.append(p)
                else:
                    by_action.setdefault(p.action, []).append(p)
            for step in hv.steps:
                step.problems = by_action.get(step.action, [])
            problems = []
            done, hv = hv, None
            view.scores, view.winners = list(game.scores), game.winners
            yield done
    view.scores, view.winners = list(game.scores), game.winners


def _dealer(game: Machine, hand: Any) -> int | None:
    dealer = hand.get("dealer") if type(hand) is dict else None
    return game.labels.index(dealer) if dealer in game.labels else None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _seat_cards(game: Machine, seat: int, proven: int = 0) -> SeatCards:
    """What ``seat`` is known to hold: the engine's knowledge, and ``proven``, cards the
    record shows the seat still holds (see :class:`_Held`)."""
    known = game.sure[seat] | proven
    return SeatCards(game.deck.sorted_cards(known, game.trump),
                     max(game.count[seat] - known.bit_count(), 0))


class _Held:
    """Cards the record proves a seat still holds, which the engine alone cannot tell.

    After a discard the record does not show (EGN's dealer, ``"??"``), the engine
    knows only that some card went: any of the seat's cards may be gone.  But a card
    that was known in the seat's hand and that the seat plays later in the hand was
    not discarded; it is shown, face up, until it is played.  Only cards once known
    to be the seat's count, so a hidden hand stays hidden.
    """

    def __init__(self, game: Machine, actions: list[Any]) -> None:
        self.seen = list(game.sure)
        self.plays: list[tuple[int, int, int]] = []  # (action index, seat, card)
        seat_of = {label: s for s, label in enumerate(game.labels)}
        for i, a in enumerate(actions):
            card = game.deck.card_index(a[2]) if isinstance(a, list) and len(a) >= 3 \
                and a[1] == "play" and type(a[2]) is str else -1
            if card >= 0 and a[0] in seat_of:
                self.plays.append((i, seat_of[a[0]], card))

    def after(self, game: Machine, action: int) -> list[int]:
        """Per seat, the cards proven held just after action ``action``."""
        later = [0] * game.n
        for i, seat, card in self.plays:
            if i > action:
                later[seat] |= 1 << card
        for seat in range(game.n):
            self.seen[seat] |= game.sure[seat]
        return [self.seen[s] & later[s] for s in range(game.n)]


def _dealt(game: Machine, h: int, hand: Any) -> HandView:
    """The view of a hand just dealt: the cards as far as known, the upcard, the widow."""
    view = HandView(h + 1, _dealer(game, hand), [_seat_cards(game, s) for s in range(game.n)],
                    game.upcard, None, [])
    if game.rules.deal.widow_size:
        widow = game.widow
        view.widow = SeatCards(game.deck.sorted_cards(widow),
                               game.rules.deal.widow_size - widow.bit_count())
    return view


def _step(game: Machine, event: Acted, recorded: Any, tricks_before: int, phase: str,
          proven: list[int] | None = None) -> Step:
    """The table just after one action (refused: as it was before it); ``recorded`` is
    the action as the record writes it, ``phase`` the phase it was taken in, ``proven``
    the cards the record shows each seat still holds."""
    action = event.move
    if action is None:
        return _snapshot(game, event.action, None, f"{recorded!r} (not understood)", None,
                         None, True, phase, proven)
    words = action_words(game, action)
    card = action.arg if action.verb in (PLAY, DISCARD, GIVE) else None
    step = _snapshot(game, event.action, action.seat, words, action.verb, card, event.refused,
                     phase, proven)
    if action.verb == PLAY and not event.refused and len(game.trick_winners) > tricks_before:
        # the trick is complete: show it whole, with its winner
        step.won_by = game.trick_winners[-1]
        step.trick = len(game.trick_winners)
        step.table = _last_trick(game)
    return step


def _last_trick(game: Machine) -> list[tuple[int, int]]:
    """The ``(seat, card)`` plays of the trick just completed, from the hand's log."""
    plays = [(a[0], a[2]) for a in game.hand_log if a[1] == PLAY]
    return plays[-sum(game.active):]  # type: ignore[return-value]  # a play has its card


def _snapshot(game: Machine, i: int, seat: int | None, words: str, verb: str | None,
              card: int | None, refused: bool, phase: str,
              proven: list[int] | None = None) -> Step:
    table = list(zip(game.trick_seats, game.trick))
    trick = len(game.trick_winners) + 1 if game.phase == PLAYING else 0
    return Step(i, seat, words, verb, card, table, trick, None, list(game.tricks),
                [_seat_cards(game, s, proven[s] if proven else 0) for s in range(game.n)],
                refused=refused,
                phase=phase, trump=game.trump, maker=game.maker, alone=game.alone,
                lone_defender=game.lone_defender, active=list(game.active),
                turned_down=game.turned_down, called=None if game.called < 0 else game.called,
                partner=game.partner)


#: What each verb that takes no argument says.
_PHRASES = {PASS: "passes", DEFEND_ALONE: "defends alone", STAY: "stays in",
            DROP: "drops out", TAKE_WIDOW: "takes the widow"}
#: Verbs of one card, which may be unseen (a discard, a card given).
_CARD_PHRASES = {PLAY: "plays", DISCARD: "discards", GIVE: "gives"}


def action_words(game: Machine, action: Action) -> str:
    """An action in words, before it is applied: ``"E orders up alone"``."""
    who = game.labels[action.seat]
    verb, arg = action.verb, action.arg
    deck = game.deck
    alone = " alone" if action.alone else ""
    if verb in _CARD_PHRASES and (arg is not None or verb != PLAY):
        return f"{who} {_CARD_PHRASES[verb]} {'a card' if arg is None else deck.symbols[arg]}"
    if verb in _PHRASES:
        return f"{who} {_PHRASES[verb]}"
    if verb == ORDER_UP:  # the dealer takes the upcard: "picks it up"
        return f"{who} {'picks it up' if action.seat == game.dealer else 'orders up'}{alone}"
    if verb == CALL and arg is not None:
        return f"{who} calls {contract_with_symbol(arg)}{alone}"
    if verb == BID:
        return f"{who} bids {arg}"
    if verb == CALL_PARTNER:
        return f"{who} plays alone, calling no partner" if arg is None else \
            f"{who} calls {deck.symbols[arg]} for a partner"
    if verb == SWAP and arg is not None:
        return f"{who} swaps {deck.format_mask(arg, symbols=True)} for the kitty"
    if verb == MISDEAL:
        return f"{who} calls a misdeal" + (
            "" if arg is None else f", showing {deck.format_mask(arg, symbols=True)}")
    return f"{who} {verb}"


def contract_with_symbol(contract: int) -> str:
    """``♥ hearts``, ``no-trump``: the engine's words, a suit with its symbol."""
    words = contract_words(contract)
    return f"{SUIT_SYMBOLS[contract]} {words}" if contract < 4 else words
