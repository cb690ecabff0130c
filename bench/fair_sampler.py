"""A world sampler for OpenSpiel's euchre that does not peek at the hidden cards.

A search bot for a game of hidden cards (OpenSpiel's ISMCTS) asks, thousands
of times a decision, for a state of the game the acting player cannot tell
from the real one.  OpenSpiel 2.0.2's own ``ResampleFromInfostate`` for
euchre re-deals the other hands but keeps the real undealt cards and the
dealer's real discard -- cards the player has never seen -- so the worlds it
draws leak where those cards are not.

:class:`FairSampler` draws each world from the player's information alone:
its own hand, the upcard and whether the dealer took it, the public bids and
decisions, the cards played, and its own discard if it is the dealer.  The
history is replayed through the engine (:class:`~.openspiel_mirror.Mirror`),
and the engine's seat view and world sampler
(:class:`~euchre_dsl.search.worlds.WorldSampler`, the one our own PIMC bot
uses) say what each other seat may hold -- voids shown by failing to follow
suit, the upcard in the dealer's hand until it is played -- and deal the
unseen cards *uniformly among the deals consistent with that*.  What no
search needs (the hand of a seat sitting out, the dealer's discard when the
player is not the dealer, the three undealt cards) is dealt uniformly from
the cards left, which keeps the whole deal uniform.

The drawn deal is written back as an OpenSpiel history -- the player's own
cards where they were dealt, the other seats' in any order, the public
actions unchanged, a drawn discard in place of the real one -- and replayed
into a fresh OpenSpiel state, whose information state for the player is the
real one's (ISMCTS checks that).  Only the player's information is read from
the history: two real games the player cannot tell apart give the same worlds
for the same random stream.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Sequence

from euchre_dsl.cards import mask_cards
from euchre_dsl.engine.view import SeatView
from euchre_dsl.rng import RandomSource
from euchre_dsl.search.worlds import WorldSampler
from euchre_dsl.interop.openspiel import (
    NUM_CARDS, NUM_DEALT, OpenSpielParams, VARIANT_PARAMS, card_from_openspiel,
    card_to_openspiel,
)
from openspiel_mirror import DEAL_LENGTH, Mirror

__all__ = ["FairSampler"]

_ALL = (1 << NUM_CARDS) - 1


class _Decision(NamedTuple):
    """What the sampler keeps between the worlds of one decision."""

    key: tuple[int, tuple[int, ...]]
    mirror: Mirror
    worlds: WorldSampler
    counts: tuple[int, ...]  # the cards each seat holds now
    played: tuple[int, ...]  # mask of the cards each seat has played
    spare: int  # cards in nobody's hand that the player has not seen
    upcard_taken: bool


class FairSampler:
    """``sampler(state, player)``: a new OpenSpiel state drawn from ``player``'s
    information in ``state`` (the resampler ISMCTS's ``set_resampler`` takes).

    ``rng`` supplies every draw (only ``rng.random()`` is used), so a seed
    gives the same worlds on any machine.
    """

    def __init__(self, rng: RandomSource, params: OpenSpielParams = VARIANT_PARAMS) -> None:
        self.rng = rng
        self.params = params
        self._decision: _Decision | None = None

    def __call__(self, state: Any, player: int) -> Any:
        history = self.sample_history(state.history(), player)
        world = state.get_game().new_initial_state()
        for action in history:
            world.apply_action(action)
        return world

    def _prepare(self, history: Sequence[int], player: int) -> _Decision:
        key = (player, tuple(history))
        if self._decision is not None and self._decision.key == key:
            return self._decision  # the same decision as last time: reuse the counting
        mirror = Mirror.replay(history, self.params)
        game = mirror.known_game()
        view = SeatView(game, player)
        worlds = WorldSampler(view)
        played = [0] * 4
        for seat, card in view.plays:
            played[seat] |= 1 << card
        taken = view.upcard_holder is not None
        seen = view.unseen ^ _ALL  # the player's cards, the upcard, its discard, cards played
        spare = _ALL & ~seen
        for s in range(4):
            if s != player:
                spare &= ~worlds.template.sure[s]  # the upcard in the dealer's hand, say
        decision = _Decision(key, mirror, worlds, tuple(worlds.template.count), tuple(played),
                             spare, taken)
        self._decision = decision
        return decision

    def sample_history(self, history: Sequence[int], player: int) -> list[int]:
        """An OpenSpiel history ``player`` cannot tell from ``history``, its hidden
        cards dealt uniformly among the deals consistent with what it knows."""
        d = self._prepare(history, player)
        mirror = d.mirror
        hands = d.worlds.sample_hands(self.rng)[0]
        rest = d.spare
        for h in hands:
            rest &= ~h
        for s in range(4):  # a seat out of the play: any of the cards left
            need = d.counts[s] - hands[s].bit_count()
            if need > 0:
                got = self._draw(rest, need)
                hands[s] |= got
                rest &= ~got
        dealer = mirror.dealer
        upcard = mirror.upcard
        discard = 0
        at = mirror.discard_at
        if at is not None:
            discard = 1 << card_from_openspiel(history[at])
            if player != dealer:
                discard = self._draw(rest, 1)
                rest &= ~discard
        dealt = [hands[s] | d.played[s] for s in range(4)]
        if d.upcard_taken:
            dealt[dealer] = dealt[dealer] & ~(1 << upcard) | discard
        if any(h.bit_count() != NUM_DEALT // 4 for h in dealt) or \
                rest.bit_count() != NUM_CARDS - NUM_DEALT - 1:
            raise AssertionError(f"a sampled deal does not add up: {dealt}, rest {rest:#x}")
        order = [sorted(card_to_openspiel(c) for c in mask_cards(m)) for m in dealt]
        order[player] = mirror.dealt_ids[player]  # the player's cards as it was dealt them
        out = [dealer] + [order[(dealer + k) % 4][k // 4] for k in range(NUM_DEALT)]
        out += history[NUM_DEALT + 1:]
        if at is not None and player != dealer:
            out[at] = card_to_openspiel(next(mask_cards(discard)))
        assert len(out) == len(history) and out[DEAL_LENGTH - 1] == history[DEAL_LENGTH - 1]
        return out

    def _draw(self, pool: int, k: int) -> int:
        """``k`` cards of ``pool`` uniformly at random, as a mask."""
        cards = list(mask_cards(pool))
        m = len(cards)
        if k > m:
            raise AssertionError(f"{k} cards wanted of {m}")
        out = 0
        for i in range(k):  # a partial Fisher-Yates shuffle
            j = i + int(self.rng.random() * (m - i))
            cards[i], cards[j] = cards[j], cards[i]
            out |= 1 << cards[i]
        return out
