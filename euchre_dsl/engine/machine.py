"""The engine: one state machine for a whole game of any variant.

The :class:`Machine` is the engine's own game: seats, cards and hands are plain
ints and bit masks, every field a plain attribute, and the bots, the searches,
the replay walk, the validator and the simulator drive it directly, millions of
times a run.  It is internal: people hold a
:class:`~euchre_dsl.engine.game.Game`, the small public face that keeps one
machine in a private slot and answers with cards, seats and suits (see that
module for why the two are apart).

A :class:`Machine` plays hand after hand (dealing, trump making, participation,
play, scoring, dealer rotation) until the game is won.  Which procedures run
is read from the :class:`~euchre_dsl.rules.ruleset.RuleSet`; no code here
looks at a variant's name.

This module is the state machine and nothing else.  Each verb is
*predicate -> change -> transition*: the turn and phase are checked here, the
rule is a refusal function of a rule module (:mod:`.bidding`,
:mod:`.participation`, :mod:`.play`, :mod:`.deal_claims`), the change is a
function of the same module, and the move to the next phase is one of the
transitions of :mod:`.transitions`.  The menus of
:meth:`Machine.legal_actions` come from the same modules and are built on the
same refusals, so an action is accepted exactly when it is listed.  The state
itself (seats, sides, scores, knowledge masks, copying) is
:class:`~euchre_dsl.engine.state.State`.

Entry points: :meth:`Machine.deal` (or :meth:`Machine.deal_random`) starts a hand;
:meth:`Machine.apply` (or the verb methods it dispatches to) takes a decision and
raises :class:`~euchre_dsl.engine.actions.IllegalAction` with the reason when
the rules forbid it; :meth:`Machine.legal_actions` lists what may be done now.
:meth:`Machine.clone` copies the state for search; :meth:`Machine.play_out` and
:meth:`Machine.replay_plays` play a whole hand's cards in one call.
"""

from __future__ import annotations

from typing import Any, Callable, Final, Sequence

from ..cards import count_cards
from ..rng import RandomSource
from . import bidding, deal_claims, participation, play, transitions
from .actions import (
    AUCTION, AUCTION_CALL, BID, CALL, CALL_FOR_BEST, CALL_PARTNER, CLAIMS, DEAL, DEALER_NAMES,
    DECLINE,
    DEFEND, DEFEND_ALONE, DISCARD, DROP, EXCHANGE, GAME_OVER, GIVE, MISDEAL, NAMING, ORDER_UP,
    ORDER_UP_ROUND, PARTNER, PASS, PLAY, PLAYING, STAY, STAY_DROP, SWAP, TAKE_UPCARD,
    TAKE_WIDOW, VERBS, WIDOW, Action, IllegalAction, Phase,
)
from .bidding import contract_words
from .deal import deal_known, deal_masks, deal_shuffled
from .partner import call_partner_refusal, partner_menu
from .play import PlayChooser
from .scoring import game_winners
from .state import DEFAULT_LABELS, HandResult, State
from .table import summary, table_text

__all__ = ["Machine", "HandResult", "PlayChooser", "contract_words", "DEFAULT_LABELS"]

class Machine(State):
    """A game in progress under one rule set, as the engine plays it (ints, masks)."""

    # ================================================================ views
    def clone(self) -> Machine:
        """An independent copy of the whole state (for search and what-ifs)."""
        return Machine(self.rules, self.labels, self.dealer, self.scores, like=self, copy=True)

    def __deepcopy__(self, memo: dict[int, Any]) -> Machine:
        """``copy.deepcopy``: a :meth:`clone` (the rule set and the set-up derived from it,
        never changed, are shared)."""
        new = self.clone()
        memo[id(self)] = new
        return new

    @property
    def hand_actions(self) -> list[Action]:
        """Every action of the current (or last finished) hand, in order."""
        return [Action._make(a) for a in self.hand_log]

    @property
    def is_over(self) -> bool:
        return self.phase is GAME_OVER  # a member: compared by identity

    @property
    def hand_over(self) -> bool:
        """True between hands: the next call must be :meth:`deal`."""
        phase = self.phase  # a member: compared by identity (a generic compare cost more)
        return phase is DEAL or phase is GAME_OVER

    @property
    def last_result(self) -> HandResult | None:
        return self.results[-1] if self.results else None

    def hand_of(self, seat: int) -> int:
        """Mask of the cards the seat certainly holds now."""
        return self.sure[seat]

    @property
    def turn_order(self) -> tuple[int, ...]:
        """For each seat, the next seat clockwise that plays this hand."""
        return play.next_active(tuple(self.active))

    # ================================================================ deal
    def deal(self, hands: Sequence[Sequence[int | None] | None], upcard: int | None = None,
             widow: Sequence[int | None] | None = None,
             kitty: Sequence[int | None] | None = None) -> None:
        """Start a hand from known (or partly known) cards.

        ``hands[seat]`` is a list of card indices (``None`` for an unknown
        card) or ``None`` for a wholly unknown hand.  ``kitty`` lists undealt
        face-down cards from the top of the stock (a farmer's-hand swap takes
        the first three).  Raises ``ValueError`` with the reason for an
        impossible deal (the validator reports it as ``bad-deal``).
        """
        self._check_dealing()
        self.reset_hand()
        deal_known(self, hands, upcard, widow, kitty)
        transitions.begin_trump_making(self)

    def deal_masks(self, hands: Sequence[int], upcard: int | None = None,
                   kitty: Sequence[int | None] | None = None,
                   widow: Sequence[int | None] | None = None) -> None:
        """Start a hand whose every card is known: ``hands[seat]`` the mask of the
        seat's cards (``widow`` and ``kitty`` as for :meth:`deal`).  The validator's
        entry point for a complete record, without a list of cards per seat; otherwise
        :meth:`deal`.  Raises ``ValueError`` with the reason for an impossible deal.
        """
        self._check_dealing()
        self.reset_hand()
        deal_masks(self, hands, upcard, kitty, widow)
        transitions.begin_trump_making(self)

    def _check_dealing(self) -> None:
        if self.phase == GAME_OVER:
            raise IllegalAction("game-over", "the game is already over")
        if self.phase != DEAL:
            raise IllegalAction("incomplete-hand", "the previous hand is not finished")

    def deal_random(self, rng: RandomSource) -> None:
        """Shuffle with ``rng`` and deal by the variant's packets (full information):
        the simulator's deal."""
        if self.phase != DEAL:
            raise IllegalAction("game-over" if self.phase == GAME_OVER else "incomplete-hand",
                                "the game is over" if self.phase == GAME_OVER
                                else "the previous hand is not finished")
        self.reset_hand()
        deal_shuffled(self, rng)
        transitions.begin_trump_making(self)

    # ====================================================== open declarations
    def _close_optional(self, verb: str, keep_take: bool = False) -> Phase:
        """An action arrived while an optional declaration was open: it was declined.
        Returns the phase now."""
        if self.phase == CLAIMS and verb not in (SWAP, MISDEAL):
            transitions.close_claims(self)
        if self.phase == TAKE_UPCARD and not keep_take:
            transitions.decline_take(self)
        if self.phase == DEFEND and verb != DEFEND_ALONE:
            transitions.participation_or_play(self)
        return self.phase

    # ====================================================== bidding verbs
    def pass_(self, seat: int) -> None:
        """Pass in a bidding round, an auction or the widow offer."""
        self._close_optional(PASS)
        self.turn_first(seat, "pass")
        ph = self.phase
        if ph not in (ORDER_UP_ROUND, NAMING, AUCTION, WIDOW):
            raise self.wrong_phase(PASS)
        refusal = bidding.pass_refusal(self, seat)
        if refusal is not None:
            raise refusal
        self.log(seat, PASS)
        if ph == WIDOW:
            idx = self.round_seats.index(seat)
            if idx + 1 < self.n:
                self.to_act = self.round_seats[idx + 1]
            else:
                transitions.start_naming(self)
            return
        self.passes += 1
        self.to_act = (seat + 1) % self.n
        if self.passes < self.n:
            return
        if ph == AUCTION:
            transitions.end_auction(self)
            return
        if ph == ORDER_UP_ROUND:
            self.turned_down = self.upcard_suit() if self.upcard is not None else None
            if self.rules.bidding.naming_round:
                transitions.start_naming(self)
                return
        transitions.all_passed(self)

    def order_up(self, seat: int, alone: bool = False) -> None:
        """Accept the upcard's suit as trump (order up, assist, take up)."""
        self._close_optional(ORDER_UP)
        self.turn_first(seat, "order up")
        if self.phase != ORDER_UP_ROUND:
            if self.phase == NAMING:
                raise IllegalAction("illegal-action", "the upcard was turned down: ordering up "
                                    "is only possible in the first round")
            raise self.wrong_phase(ORDER_UP)
        refusal = bidding.order_up_refusal(self, seat, alone)
        if refusal is not None:
            raise refusal
        self.log(seat, ORDER_UP, None, alone)
        participation.make(self, seat, self.upcard_suit(), alone)
        if participation.dealer_sits_out_exchange(self, seat, alone):
            self.upcard_untaken = True
            transitions.after_trump(self)  # the sitting-out dealer does not exchange
        else:
            transitions.take_upcard(self, self.dealer, mandatory=True)

    def call(self, seat: int, contract: int, alone: bool = False) -> None:
        """Name trump: in the naming round, as the auction winner, or as the dealer
        who must name after a turned-up joker."""
        self._close_optional(CALL)
        self.turn_first(seat, "name trump")
        ph = self.phase
        if ph not in (NAMING, AUCTION_CALL, DEALER_NAMES):
            if ph == ORDER_UP_ROUND:
                raise IllegalAction("illegal-action", "in the first round a player may only "
                                    "order up the upcard's suit or pass")
            raise self.wrong_phase(CALL)
        refusal = bidding.call_refusal(self, seat, contract, alone)
        if refusal is not None:
            raise refusal
        self.log(seat, CALL, contract, alone)
        # recorded for the hand's result: the statistics tell a stuck dealer's trump apart
        self.stuck_dealer = ph == NAMING and bidding.dealer_stuck(self, seat)
        participation.make(self, seat, contract, alone)
        if ph == DEALER_NAMES:
            transitions.take_upcard(self, seat, mandatory=True)
        elif ph == AUCTION_CALL and self.rules.bidding.auction_takes_upcard and \
                self.upcard is not None:
            transitions.take_upcard(self, seat, mandatory=False)
        else:
            transitions.after_trump(self)

    def bid(self, seat: int, amount: int) -> None:
        """A numeric bid in the auction (after everyone passed, the forced bid)."""
        self._close_optional(BID)
        if bidding.forced_bid_due(self) and seat != self.to_act:
            if not bidding.may_hold_forced_card(self, seat):
                raise IllegalAction("out-of-turn", bidding.forced_bid_turn(self, seat))
            self.to_act = seat  # hidden hands: the bid shows who holds the card
        self.turn_first(seat, "bid")
        if self.phase != AUCTION:
            raise self.wrong_phase(BID)
        refusal = bidding.bid_refusal(self, amount)
        if refusal is not None:
            raise refusal
        self.log(seat, BID, amount)
        if bidding.bids_over(self, seat, amount):
            transitions.end_auction(self)
        else:
            self.to_act = (seat + 1) % self.n

    def discard(self, seat: int, card: int | None) -> None:
        """Put a card away after taking the upcard, or for a partner called for best
        (``None``: unknown card)."""
        self._close_optional(DISCARD, keep_take=True)
        self.turn_first(seat, "discard")
        if self.phase not in (EXCHANGE, TAKE_UPCARD) and not (
                self.phase == CALL_FOR_BEST and self.best_queue[0][1] == DISCARD):
            raise IllegalAction("illegal-action", "no exchange is due: only the player who took "
                                "the upcard discards, right after taking it"
                                + (", and a lone player calling for best" if
                                   self.rules.alone.call_for_best else ""))
        refusal = bidding.discard_refusal(self, seat, card)
        if refusal is not None:
            raise refusal
        self.log(seat, DISCARD, card)
        bidding.put_away(self, seat, card)
        if self.phase == CALL_FOR_BEST:
            transitions.best_step(self)
            return
        if self.count[seat] > self.hand_size:
            return  # a small widow of several cards: more discards are owed
        self.taker = None
        transitions.after_trump(self)

    def take_widow(self, seat: int) -> None:
        """Exchange the whole hand for the widow (the old hand is dead)."""
        self._close_optional(TAKE_WIDOW)
        self.turn_first(seat, "take the widow")
        if self.phase != WIDOW:
            raise self.wrong_phase(TAKE_WIDOW)
        self.log(seat, TAKE_WIDOW)
        participation.take_widow(self, seat)
        transitions.start_naming(self)

    def call_partner(self, seat: int, card: int | None) -> None:
        """The maker calls ``card``: its holder is the maker's partner for the hand,
        unknown to the others until the card is played (``None``: no card, the maker
        announces playing alone)."""
        self._close_optional(CALL_PARTNER)
        self.turn_first(seat, "call a partner")
        if self.phase != PARTNER:
            if self.phase in (DEAL, GAME_OVER) or not self.calls_partner:
                raise self.wrong_phase(CALL_PARTNER)
            raise IllegalAction("illegal-action", "no partner is called now: the maker calls "
                                "one once trump is fixed (and any discard made)")
        refusal = call_partner_refusal(self, seat, card)
        if refusal is not None:
            raise refusal
        self.log(seat, CALL_PARTNER, card, card is None)
        self.partner_called = True
        if card is None:
            self.alone = True
        else:
            self.called = card
            if not self.rules.partner.own_card:  # so the maker does not hold it: a fact
                self.cand[seat] &= ~(1 << card)  # a searcher's worlds respect
                self.settle_knowledge(seat)
        transitions.after_trump(self)

    # ================================================ participation verbs
    def decline(self, seat: int) -> None:
        """Do not make an optional declaration (never recorded)."""
        if self.phase == TAKE_UPCARD:
            self.require_turn(seat, "decline the upcard")
            transitions.decline_take(self)
        elif self.phase == CLAIMS:
            self.require_turn(seat, "decline to claim")
            self.claim_order.pop(0)
            transitions.next_claimant(self)
        elif self.phase == DEFEND:
            self.require_turn(seat, "decline to defend alone")
            self.defend_queue.pop(0)
            if self.defend_queue:
                self.to_act = self.defend_queue[0]
            else:
                transitions.participation_or_play(self)
        else:
            raise self.wrong_phase(DECLINE)

    def defend_alone(self, seat: int) -> None:
        """A defender declares to play alone; the defender's partners sit out."""
        self._close_optional(DEFEND_ALONE)
        if self.phase != DEFEND:
            raise participation.defend_out_of_window(self) or \
                self.wrong_phase(DEFEND_ALONE)
        refusal = participation.defend_refusal(self, seat)
        if refusal is not None:
            raise refusal
        self.log(seat, DEFEND_ALONE)
        participation.defend(self, seat)
        if self.rules.alone.call_for_best:
            transitions.start_best(self, seat)
            return
        transitions.participation_or_play(self)

    def stay(self, seat: int) -> None:
        self._stay_or_drop(seat, False)

    def drop(self, seat: int) -> None:
        self._stay_or_drop(seat, True)

    def _stay_or_drop(self, seat: int, drop: bool) -> None:
        verb = DROP if drop else STAY
        self._close_optional(verb)
        if self.phase == STAY_DROP:
            refusal = participation.stay_drop_refusal(self, seat)
            if refusal is not None:
                raise refusal
        self.turn_first(seat, verb)
        if self.phase != STAY_DROP:
            if self.rules.participation.stay_drop and self.phase == PLAYING and self.forced:
                raise IllegalAction("illegal-action", "nobody may drop out this hand: trump was "
                                    "fixed without a maker, everyone plays")
            raise self.wrong_phase(verb)
        self.log(seat, verb)
        participation.stay_or_drop(self, seat, drop)
        transitions.next_chooser(self)

    def give(self, seat: int, card: int | None) -> None:
        """Call for best: a partner of the lone player passes a card, face down
        (``None``: a card the seat replaying the hand did not see)."""
        self._close_optional(GIVE)
        if self.phase != CALL_FOR_BEST or self.best_queue[0][1] != GIVE:
            if self.phase == CALL_FOR_BEST and (seat, GIVE) in self.best_queue:
                raise IllegalAction("out-of-turn", f"{self.labels[self.to_act]} discards "
                                    f"first; {self.labels[seat]} gives after")
            self.turn_first(seat, "give a card")
            if self.phase in (DEAL, GAME_OVER) or not self.rules.alone.call_for_best:
                raise self.wrong_phase(GIVE)
            raise IllegalAction("illegal-action", "no card is called for now: a partner gives "
                                "the lone player a card right after the lone player's discard")
        if seat != self.to_act:
            raise IllegalAction("out-of-turn", f"it is {self.labels[self.to_act]}'s turn to "
                                f"give a card, not {self.labels[seat]}'s")
        refusal = None if card is None else participation.give_refusal(self, seat, card)
        if refusal is not None:
            raise refusal
        self.log(seat, GIVE, card)
        participation.give_card(self, seat, card)
        transitions.best_step(self)

    # ========================================================= claim verbs
    def _claim_turn(self, seat: int, verb: str, what: str) -> None:
        """Claims are made before the bidding begins."""
        if self.phase != CLAIMS:
            self.turn_first(seat, what)
            if self.phase in (DEAL, GAME_OVER):
                raise self.wrong_phase(verb)
            raise IllegalAction("illegal-action", f"{self.labels[seat]} may not {what} now: "
                                "such claims are made before the first bid" +
                                ("" if self.has_claims else ", and this variant has none"))

    def swap(self, seat: int, cards: int) -> None:
        """Farmer's hand / going under: put three shown cards (a mask) in the kitty and
        take its three face-down cards (the first three of the dealt kitty)."""
        self._claim_turn(seat, SWAP, "swap with the kitty")
        refusal = deal_claims.swap_refusal(self, seat, cards)
        if refusal is not None:
            raise refusal
        deal_claims.claim_taken(self, seat)
        self.log(seat, SWAP, cards)
        deal_claims.swap_kitty(self, seat, cards)
        transitions.next_claimant(self)

    def misdeal(self, seat: int, shown: int | None = None) -> None:
        """Declare the deal void; nothing is scored.

        With ``shown`` (a mask of the whole hand, face up) it is a claim by a
        house rule -- a farmer's hand, a second claim after a swap, ace-no-face
        -- made in turn before the bidding, and that rule's redeal option says
        who deals next.  Without, the cards themselves were misdealt (a wrong
        count, an exposed card, an imperfect pack): any player may call it at
        any time before the hand ends, and ``deal.misdeal`` says who deals.
        """
        if shown is None:
            if self.phase in (DEAL, GAME_OVER):
                raise self.wrong_phase(MISDEAL)
            self.log(seat, MISDEAL)
            transitions.void_deal(self, self.rules.deal.misdeal)
            return
        self._claim_turn(seat, MISDEAL, "call a misdeal on a shown hand")
        refusal = deal_claims.shown_hand_refusal(self, seat, shown)
        if refusal is not None:
            raise refusal
        policy = deal_claims.misdeal_policy(self, seat, shown)
        assert policy is not None
        deal_claims.claim_taken(self, seat)
        self.log(seat, MISDEAL, shown)
        deal_claims.show_hand(self, seat, shown)
        transitions.void_deal(self, policy)

    # ========================================================== the play
    def play(self, seat: int, card: int, allow_renege: bool = False) -> None:
        """Play a card to the current trick.

        A renege (not following the led effective suit while holding it)
        raises ``IllegalAction('renege')`` unless ``allow_renege``, in which
        case it is recorded -- the validator replays records that way -- and
        the variant's penalty applies when the hand is scored.
        """
        done = play.play_clean(self, seat, card)
        if done == play.TAKEN:
            return
        if done == play.NOT_TAKEN:
            if self.phase != PLAYING and self._close_optional(PLAY) != PLAYING:
                self.turn_first(seat, "play")
                raise self.wrong_phase(PLAY)
            if seat != self.to_act:
                self.require_turn(seat, "play")
            if not play.judge_play(self, seat, card, allow_renege):
                return
        transitions.finish_hand(self, thrown_in=False)

    def replay_plays(self, seats: list[int], cards: list[int], start: int = 0) -> int:
        """Replay recorded plays in one call, ``seats[i]`` playing ``cards[i]`` from
        ``i = start``; return how many were taken.

        The validator's entry point for the play of a complete record.  It
        takes plays while each is by the seat on turn, of a card that seat
        holds, following suit when it can -- exactly the plays :meth:`play`
        would accept with nothing to report -- and stops at the first other
        one (or when the hand ends), which the caller then gives to
        :meth:`play` to have it judged and explained.  Only for hands whose
        every card is known; otherwise it takes nothing.
        """
        taken = play.replay_clean(self, seats, cards, start)
        if taken and len(self.trick_winners) == self.hand_size:
            transitions.finish_hand(self, thrown_in=False)
        return taken

    def play_out(self, choosers: Sequence[PlayChooser | None],
                 randoms: Sequence[Callable[[], float] | None] | None = None) -> None:
        """Play the rest of the hand, asking ``choosers[seat](game, seat, legal_mask)`` for
        each card.

        The simulator's entry point: one call per hand instead of one
        :meth:`legal_actions`/:meth:`apply` round trip per card.  A seat whose
        ``randoms[seat]`` is a ``random()`` function plays a uniformly random
        legal card drawn inline, without a call per card: random rollouts are
        the hot loop of simulation and Monte Carlo search.  Legal cards come
        from the same effective-suit masks as :meth:`play`, and each card moves
        and each trick settles through the same code, so no renege can occur.
        It needs full knowledge of the hands, as a simulation has.
        """
        if self.phase != PLAYING and self._close_optional(PLAY) != PLAYING:
            raise self.wrong_phase(PLAY)
        play.play_out(self, self, choosers, randoms)
        transitions.finish_hand(self, thrown_in=False)

    def play_hand_random(self, randoms: Sequence[Callable[[], float]]) -> None:
        """Play the rest of the hand with every seat choosing uniformly at random, seat
        *s* drawing from ``randoms[s]`` (a ``random()`` function): a decision is action
        ``int(r() * len(menu))`` of :meth:`legal_actions`, a discard the same index
        among the legal discards, the cards as :meth:`play_out` draws them.

        The random simulation's whole-hand entry point: the same choices from the
        same draws as a uniformly random bot asked action by action, without a
        view, a menu of discards or a rollback copy per action.  Every action
        taken is one its phase's menu lists, so none is refused.
        """
        while True:
            ph = self.phase
            if ph == PLAYING:
                play.play_out(self, self, (), randoms)
                transitions.finish_hand(self, thrown_in=False)
                return
            if ph == DEAL or ph == GAME_OVER:
                return
            seat = self.to_act
            r = randoms[seat]
            if ph == EXCHANGE:
                legal = bidding.discard_mask(self, seat)
                k = int(r() * count_cards(legal))
                while k:
                    legal &= legal - 1
                    k -= 1
                self.discard(seat, (legal & -legal).bit_length() - 1)
                continue
            menu = self.legal_actions()
            a = menu[int(r() * len(menu))]
            self.act_without_rollback(a[0], a[1], a[2], a[3], False)

    def abandon_hand(self) -> None:
        """Leave the hand in progress unscored and go on to the next deal.

        For the validator: a hand it cannot replay must not stop it checking
        the hands after it.  The deal passes left as after any hand, and the
        hand counts as a deal for a game of a fixed number of deals.
        """
        self.deals += 1
        self.winners = game_winners(self.rules, self.scores, self.deals)
        self.dealer = (self.dealer + 1) % self.n
        self.phase = GAME_OVER if self.winners is not None else DEAL

    def set_dealer(self, seat: int) -> None:
        """Between hands, have ``seat`` deal the next hand (a record names each hand's
        dealer; the replay follows it)."""
        if self.phase is not DEAL:
            raise IllegalAction("illegal-action", "the dealer can only be set between hands")
        if not 0 <= seat < self.n:
            raise IllegalAction("out-of-turn", f"there is no seat {seat}")
        self.dealer = seat

    def set_scores(self, scores: Sequence[int]) -> None:
        """Between hands, go on from these running scores (a record's claimed ones).

        Whether the game is over is decided again from them, except after a
        hand that won the game outright (an instant win scores no points), which
        stays won.
        """
        if self.phase not in (DEAL, GAME_OVER):
            raise IllegalAction("incomplete-hand", "scores can only be set between hands")
        outright = self.winners is not None and \
            game_winners(self.rules, self.scores, self.deals) is None
        self.scores = list(scores)
        if not outright:
            self.winners = game_winners(self.rules, self.scores, self.deals)
            self.phase = GAME_OVER if self.winners is not None else DEAL

    # ========================================================= generic API
    def apply(self, action: Action, allow_renege: bool = False) -> None:
        """Apply one action; raises :class:`IllegalAction` saying why it is not allowed."""
        self.act(action[0], action[1], action[2], action[3], allow_renege)

    def act(self, seat: int, verb: str, arg: Any = None, alone: bool = False,
            allow_renege: bool = False) -> None:
        """:meth:`apply` with the action's parts given one by one (the replay's entry
        point: no :class:`Action` to build).  ``arg`` is a card, a contract, a bid,
        or for ``swap``/``misdeal`` a mask of cards.

        A rejected action leaves the state as it was, also while an optional
        declaration is open (any other action first declines it).
        """
        if not 0 <= seat < self.n:
            raise IllegalAction("out-of-turn", f"there is no seat {seat}")
        if arg is None and verb in _ARG_NEEDED:
            raise IllegalAction("illegal-action", _ARG_NEEDED[verb])
        if verb == PLAY and self.phase == PLAYING:  # the most frequent action, directly
            self.play(seat, arg, allow_renege)
            return
        if verb not in VERBS and verb != DECLINE:
            raise IllegalAction("illegal-action", f"unknown action '{verb}'")
        if self.phase in _OPTIONAL_PHASES:
            saved = self.clone()
            try:
                self.act_without_rollback(seat, verb, arg, alone, allow_renege)
            except IllegalAction:
                self.copy_state(saved)
                raise
            return
        self.act_without_rollback(seat, verb, arg, alone, allow_renege)

    def act_without_rollback(self, seat: int, verb: str, arg: Any, alone: bool,
                             allow_renege: bool) -> None:
        """:meth:`act` without its checks of the seat and verb and without the rollback
        copy it takes while an optional declaration is open: ``verb`` must be one of
        ``VERBS`` or ``decline``, and after a refusal the game may be left part-changed.
        For a caller that drops the game on any refusal (the validator's fast path).

        Takes ``verb`` by the method for it.  Compiled compares, the commonest verbs
        first: a table of lambdas made every action a generic call with its
        arguments boxed."""
        if verb == PASS:
            self.pass_(seat)
        elif verb == PLAY:
            self.play(seat, arg, allow_renege)
        elif verb == ORDER_UP:
            self.order_up(seat, alone)
        elif verb == CALL:
            self.call(seat, arg, alone)
        elif verb == DISCARD:
            self.discard(seat, arg)
        elif verb == BID:
            self.bid(seat, arg)
        elif verb == DEFEND_ALONE:
            self.defend_alone(seat)
        elif verb == STAY:
            self.stay(seat)
        elif verb == DROP:
            self.drop(seat)
        elif verb == TAKE_WIDOW:
            self.take_widow(seat)
        elif verb == DECLINE:
            self.decline(seat)
        elif verb == GIVE:
            self.give(seat, arg)
        elif verb == SWAP:
            self.swap(seat, arg)
        elif verb == MISDEAL:
            self.misdeal(seat, arg)
        elif verb == CALL_PARTNER:
            self.call_partner(seat, arg)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the rules allow now, for the seat on turn.

        Optional declarations offer a ``decline`` action (never recorded); a
        later seat in a queue of optional declarations may also act at once,
        those before it declining.  A misdeal of the cards (:meth:`misdeal`
        with no hand shown) is an accident any seat may report, not a
        decision, and is not listed.  Empty between hands and when the game
        is over.  Bidding menus depend on few facts, so they are built once
        per rule set and shared.
        """
        ph = self.phase
        if ph in _MENU_PHASES and self.menus_shared:
            seat = self.to_act
            key = (ph, seat, self.dealer, bidding.last_to_bid(self, seat),
                   self.turned_down, self.high_bid)
            menu = self.menus.get(key)
            if menu is None:
                menu = self.menus[key] = tuple(self._menu())
            return menu
        return tuple(self._menu())

    # ======================================================== for debugging
    def __repr__(self) -> str:
        return f"<Machine {summary(self)}>"

    def __str__(self) -> str:
        return table_text(self)

    def _menu(self) -> list[Action]:
        """The legal actions of the seat on turn, from the menu of the phase."""
        builder = _MENUS.get(self.phase)
        return [] if builder is None else builder(self, self.to_act)


# ==================================================================== tables
#: Verbs whose argument may not be left out, and what to say when it is.
_ARG_NEEDED: Final = {
    PLAY: "a play needs a card", CALL: "a call needs a suit", BID: "a bid needs a number",
    SWAP: "a swap needs the three cards put away",
}


def _exchange_menu(g: Machine, seat: int) -> list[Action]:
    return bidding.discard_menu(g, seat, g.phase == TAKE_UPCARD)


def _best_menu(g: Machine, seat: int) -> list[Action]:
    return participation.best_menu(g)


#: ``legal_actions``'s menus: each phase to the module function that lists it.
_MENUS: Final[dict[Phase, Callable[[Machine, int], list[Action]]]] = {
    PLAYING: play.play_menu,
    ORDER_UP_ROUND: bidding.order_up_menu,
    NAMING: bidding.calls_menu, AUCTION_CALL: bidding.calls_menu,
    DEALER_NAMES: bidding.calls_menu,
    EXCHANGE: _exchange_menu, TAKE_UPCARD: _exchange_menu,
    AUCTION: bidding.auction_menu,
    WIDOW: participation.widow_menu,
    DEFEND: participation.defend_menu,
    STAY_DROP: participation.stay_drop_menu,
    CLAIMS: deal_claims.claim_menu,
    CALL_FOR_BEST: _best_menu,
    PARTNER: partner_menu,
}

#: Phases in which any action first declines an open optional declaration.
_OPTIONAL_PHASES: Final = frozenset((CLAIMS, TAKE_UPCARD, DEFEND))

#: Phases whose legal actions depend only on (phase, seat, dealer, last to bid,
#: turned-down suit, high bid): their menus are cached per rule set.
_MENU_PHASES: Final = frozenset((ORDER_UP_ROUND, NAMING, AUCTION, AUCTION_CALL, WIDOW, DEFEND))
