"""An engine game kept in step with a live OpenSpiel euchre game, action by action.

:func:`~euchre_dsl.interop.openspiel.decode_history` reads a *finished*
OpenSpiel history; a match between our bots and an OpenSpiel bot needs both
engines on the same table while the hand is played: OpenSpiel's state for its
bot, our :class:`~euchre_dsl.engine.machine.Machine` for ours.  :class:`Mirror`
takes OpenSpiel's action ids one at a time and applies each to the engine
(which decides legality; no rule is written here), and says which ids the
engine would allow next, so that a driver can check the two engines agree on
every legal-action set.

The two orders differ in one place.  OpenSpiel plays an order-up as the bid,
then the dealer's discard, then the maker's decision to go alone; ``ehh/1``
and the engine carry the decision on the order-up, before the discard (and
on the call in the second round, where OpenSpiel asks it right after the
bid).  So after a trump bid the mirror holds the bid back until the decision
arrives.  Meanwhile :meth:`Mirror.known_game` shows the hand *as if* the
maker stayed with a partner (``alone=False``): the dealer must discard before
anyone learns the decision, and nothing else is decided in between.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from euchre_dsl.engine.actions import (
    CALL, DECLINE, DEFEND, DEFEND_ALONE, DISCARD, NAMING, ORDER_UP, ORDER_UP_ROUND, PASS, PLAY,
    PLAYING, Action,
)
from euchre_dsl.engine.machine import Machine
from euchre_dsl.interop.openspiel import (
    FIRST_TRUMP_ACTION, GO_ALONE_ACTION, NUM_CARDS, NUM_DEALT, PARTNER_ACTION, PASS_ACTION,
    SEATS, OpenSpielParams, VARIANT_PARAMS, card_from_openspiel, card_to_openspiel,
)

__all__ = ["Mirror", "DEAL_LENGTH", "openspiel_ids"]

#: The dealer, the twenty dealt cards and the upcard: a history's chance part.
DEAL_LENGTH = 1 + NUM_DEALT + 1


class _Bid(NamedTuple):
    """A trump bid OpenSpiel has made and the engine not yet: waiting for the
    dealer's discard (after an order-up) and the maker's decision."""

    verb: str  # ORDER_UP or CALL
    seat: int
    suit: int
    alone_allowed: frozenset[int]  # the decision ids the engine allowed with the bid
    discard: int | None  # our card index, once the dealer has discarded


class Mirror:
    """The engine's view of an OpenSpiel euchre game, fed its history action by action."""

    def __init__(self, deal: Sequence[int], params: OpenSpielParams = VARIANT_PARAMS) -> None:
        """``deal``: the first :data:`DEAL_LENGTH` actions of an OpenSpiel history
        (the dealer, card *k* to seat ``(dealer + k) % 4``, the upcard)."""
        if len(deal) < DEAL_LENGTH:
            raise ValueError(f"an OpenSpiel euchre deal is {DEAL_LENGTH} actions, "
                             f"got {len(deal)}")
        self.params = params
        if not 0 <= deal[0] < 4:
            raise ValueError(f"expected the dealer (0-3), got {deal[0]}")
        for action in deal[1:DEAL_LENGTH]:
            self._card(action)
        self.dealer = deal[0]
        self.dealt_ids: list[list[int]] = [[] for _ in range(4)]
        for k in range(NUM_DEALT):
            self.dealt_ids[(self.dealer + k) % 4].append(deal[1 + k])
        self.upcard = card_from_openspiel(deal[NUM_DEALT + 1])
        self.game = Machine(params.ruleset(), SEATS, dealer=self.dealer)
        self.game.deal([[card_from_openspiel(i) for i in ids] for ids in self.dealt_ids],
                       self.upcard)
        self.history: list[int] = list(deal[:DEAL_LENGTH])
        self.discard_at: int | None = None  # the dealer's discard's position in the history
        self._bid: _Bid | None = None

    @classmethod
    def replay(cls, history: Sequence[int],
               params: OpenSpielParams = VARIANT_PARAMS) -> "Mirror":
        """A mirror of the game whose history (at least the deal) is ``history``."""
        mirror = cls(history[:DEAL_LENGTH], params)
        for action in history[DEAL_LENGTH:]:
            mirror.push(action)
        return mirror

    @property
    def pending(self) -> bool:
        """Whether a trump bid waits for its discard or decision."""
        return self._bid is not None

    def push(self, action: int) -> None:
        """Apply OpenSpiel's next action; raises the engine's ``IllegalAction`` if the
        engine refuses it, ``ValueError`` for an id that means nothing here."""
        game = self.game
        bid = self._bid
        if bid is not None:
            if bid.verb == ORDER_UP and bid.discard is None:
                self._card(action)
                self.discard_at = len(self.history)
                self._bid = bid._replace(discard=card_from_openspiel(action))
            elif action not in bid.alone_allowed:
                raise ValueError(f"expected the maker's decision, got {action}")
            else:
                alone = action == GO_ALONE_ACTION
                if bid.verb == ORDER_UP:
                    game.apply(Action(bid.seat, ORDER_UP, None, alone))
                    game.apply(Action(self.dealer, DISCARD, bid.discard))
                else:
                    game.apply(Action(bid.seat, CALL, bid.suit, alone))
                self._bid = None
        elif game.phase in (ORDER_UP_ROUND, NAMING):
            seat = game.to_act
            if action == PASS_ACTION:
                game.apply(Action(seat, PASS))
            else:
                suit = action - FIRST_TRUMP_ACTION
                if not 0 <= suit < 4:
                    raise ValueError(f"expected a bid, got {action}")
                verb = ORDER_UP if game.phase == ORDER_UP_ROUND else CALL
                allowed = frozenset(
                    GO_ALONE_ACTION if a.alone else PARTNER_ACTION
                    for a in game.legal_actions()
                    if a.verb == verb and (verb == ORDER_UP or a.arg == suit))
                if verb == ORDER_UP and suit != game.deck.suit(self.upcard):
                    raise ValueError(f"only the upcard's suit may be ordered up, got {action}")
                if not allowed:
                    game.apply(Action(seat, verb, suit))  # the engine says why not
                    raise AssertionError("the engine took a trump bid it does not list")
                self._bid = _Bid(verb, seat, suit, allowed, None)
        elif game.phase == DEFEND:
            if action not in (GO_ALONE_ACTION, PARTNER_ACTION):
                raise ValueError(f"expected a defender's decision, got {action}")
            game.apply(Action(game.to_act, DEFEND_ALONE if action == GO_ALONE_ACTION
                              else DECLINE))
        elif game.phase == PLAYING:
            self._card(action)
            game.apply(Action(game.to_act, PLAY, card_from_openspiel(action)))
        else:
            raise ValueError(f"the hand is over; got {action}")
        self.history.append(action)

    @staticmethod
    def _card(action: int) -> None:
        if not 0 <= action < NUM_CARDS:
            raise ValueError(f"expected a card (0-23), got {action}")

    def known_game(self) -> Machine:
        """The engine game now; during a held-back bid, a copy with the bid applied
        as if the maker did not go alone (and the discard, once made)."""
        bid = self._bid
        if bid is None:
            return self.game
        game = self.game.clone()
        if bid.verb == ORDER_UP:
            game.apply(Action(bid.seat, ORDER_UP, None, False))
            if bid.discard is not None:
                game.apply(Action(self.dealer, DISCARD, bid.discard))
        else:
            game.apply(Action(bid.seat, CALL, bid.suit, False))
        return game

    def to_act(self) -> int:
        """The seat OpenSpiel asks next (the maker, for a held-back decision)."""
        bid = self._bid
        if bid is None:
            return self.game.to_act
        return self.dealer if bid.verb == ORDER_UP and bid.discard is None else bid.seat

    def legal_ids(self) -> set[int]:
        """The OpenSpiel action ids the engine allows next."""
        bid = self._bid
        if bid is None:
            game = self.game
            return {i for a in game.legal_actions() for i in openspiel_ids(a, game)[:1]}
        if bid.verb == ORDER_UP and bid.discard is None:
            game = self.known_game()
            return {openspiel_ids(a, game)[0] for a in game.legal_actions()}
        return set(bid.alone_allowed)


def openspiel_ids(action: Action, game: Machine) -> list[int]:
    """OpenSpiel's ids for one of our actions legal in ``game``: the bid and then the
    maker's decision for an order-up or a call (after an order-up, OpenSpiel asks
    the decision only once the dealer has discarded), one id for anything else."""
    verb = action.verb
    decision = GO_ALONE_ACTION if action.alone else PARTNER_ACTION
    if verb == PASS:
        return [PASS_ACTION]
    if verb == ORDER_UP:
        assert game.upcard is not None
        return [FIRST_TRUMP_ACTION + game.deck.suit(game.upcard), decision]
    if verb == CALL:
        assert action.arg is not None
        return [FIRST_TRUMP_ACTION + action.arg, decision]
    if verb in (DISCARD, PLAY):
        assert action.arg is not None
        return [card_to_openspiel(action.arg)]
    if verb == DEFEND_ALONE:
        return [GO_ALONE_ACTION]
    if verb == DECLINE:
        return [PARTNER_ACTION]
    raise ValueError(f"OpenSpiel's euchre has no {verb!r}")
