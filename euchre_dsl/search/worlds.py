"""Sampled worlds: the unseen cards filled in as one seat may imagine them.

A seat knows its own cards, the upcard and who took it, every public action
and the tricks.  :class:`WorldSampler` replays the hand so far from that
knowledge alone -- a :class:`~euchre_dsl.engine.machine.Machine` dealt with the
other hands unknown, the public actions applied -- so that the engine's own
bookkeeping of hidden hands says what each other seat may hold: the cards it
showed out of are gone from its candidates, a dealer who took the upcard
surely holds it until it is played, a seat's own discard is known to it, and
the hand sizes are counted.  No rule of knowledge is written twice.

Then it deals the unseen cards *uniformly among the consistent deals*, without
rejection: cards with the same set of possible holders are interchangeable,
so the number of consistent deals is counted group by group (a small dynamic
programme over how many cards each seat still needs), each group's share is
drawn in proportion to the deals it leaves, and the group's cards are
shuffled into those shares.  Cards nobody is dealt go to the "rest" -- the
kitty, discards, a dead hand -- which can hold anything.  Every draw uses only
``rng.random()``, so the worlds are the same for a seed on any machine.

Each world is an engine game (a clone of the replayed hand with every hand
filled in, :meth:`Machine.assume_hands`), ready for the solver or for trying an
action.  In the play, the hands of seats out of the hand (a loner's partner,
a player who dropped) are left unknown: nothing depends on them.
"""

from __future__ import annotations

from math import comb
from typing import Sequence

from ..cards import count_cards, mask_cards
from ..engine.actions import CLAIMS, DEFEND, GIVE, PLAYING, TAKE_UPCARD, TAKE_WIDOW, WIDOW
from ..engine.deal_claims import SWAP_SIZE, farmer_swaps
from ..engine.machine import Machine
from ..engine.view import SeatView
from ..rng import RandomSource


#: :meth:`WorldSampler.sample_hands`: every seat's hand, the widow on offer (or
#: ``None``), the kitty cards a farmer's-hand swap would take (or 0).
Drawn = tuple[list[int], int | None, int]

#: The piles drawn beside the seats' hands, in :attr:`WorldSampler.seats`.
WIDOW_PILE, KITTY_PILE = -1, -2


class WorldSampler:
    """Deals consistent with one seat's knowledge at one decision, or with what
    a record shows at one of its positions (``record=``: the game of the record's
    walk, whose hidden hands the engine has narrowed as the record went on;
    for play positions, where no widow is on offer).

    Built once per decision (the replay and the counting are shared by every
    world drawn from it); :meth:`sample` draws one world.
    """

    def __init__(self, view: SeatView | None = None, *, record: Machine | None = None) -> None:
        if view is not None:
            self.seat = view.seat
            self.template = replay_known(view)
            unseen = view.unseen
        else:
            # a record as it stands: the walk's game already knows what the record
            # shows (cards seen, voids shown, the taken upcard, known discards)
            assert record is not None, "a seat's view or a record's game is needed"
            self.seat = -1
            self.template = record.clone()
            unseen = 0
        g = self.template
        n = g.n
        seats: list[int] = []
        needs: list[int] = []
        allowed: list[int] = []
        taken = 0
        for s in range(n):
            taken |= g.sure[s]
        playing = g.phase == PLAYING
        for s in range(n):
            if s == self.seat or playing and not g.active[s]:
                continue  # a seat out of the play: its cards matter to nobody
            need = g.count[s] - count_cards(g.sure[s])
            if need > 0:
                seats.append(s)
                needs.append(need)
                allowed.append(g.cand[s] & ~taken)
        pool = 0
        for m in allowed:
            pool |= m
        # a widow still on offer (a whole one offered now, or a small one the maker
        # has yet to take) is a hand of its own, of any unseen card
        d = g.rules.deal
        small = d.widow_cards > 0 and g.widow_holder is None and not g.widow_known
        self.widow_open = view is not None and (g.phase == WIDOW and d.widow or small)
        unseen &= ~taken
        if self.widow_open:
            seats.append(WIDOW_PILE)
            needs.append(d.widow_size)
            allowed.append(unseen)
            pool |= unseen
        # a farmer's-hand swap still possible (by this seat or one asked after it):
        # the three kitty cards it would take are drawn too, or the swap would hand
        # its claimant cards nobody knows
        self.kitty_open = view is not None and g.phase == CLAIMS and farmer_swaps(g)
        if self.kitty_open:
            seats.append(KITTY_PILE)
            needs.append(SWAP_SIZE)
            allowed.append(unseen)
            pool |= unseen
        self.seats = seats
        self.counter = DealCounter(pool, allowed, needs)

    @property
    def deals(self) -> int:
        """How many consistent deals there are (of the cards anyone still needs)."""
        return self.counter.total

    def sample_hands(self, rng: RandomSource) -> Drawn:
        """Every seat's hand in one world, and the piles still on offer: the widow
        (``None`` when it is not) and the kitty cards a swap would take (0 when no
        swap may come)."""
        g = self.template
        hands = list(g.sure)
        widow: int | None = None
        kitty = 0
        for i, cards in enumerate(self.counter.sample(rng)):
            s = self.seats[i]
            if s == WIDOW_PILE:
                widow = cards
            elif s == KITTY_PILE:
                kitty = cards
            else:
                hands[s] |= cards
        return hands, widow, kitty

    def sample(self, rng: RandomSource) -> Machine:
        """One world: a copy of the hand so far with every hand filled in."""
        return self.world(*self.sample_hands(rng))

    def world(self, hands: Sequence[int], widow: int | None, kitty: int = 0) -> Machine:
        """The world of drawn hands (from :meth:`sample_hands`): a copy of the hand
        so far with every hand filled in, and the piles on offer."""
        world = self.template.clone()
        world.assume_hands(hands, widow)
        if kitty:
            world.kitty = list(mask_cards(kitty))
        return world


def undealt_hand(view: SeatView) -> Machine:
    """A game at the start of ``view``'s hand, nothing dealt yet: the same rules,
    seats, dealer, scores, deals so far and drop streaks."""
    game = Machine(view.rules, view.labels, view.dealer, view.scores)
    game.deals = view.deals
    game.drop_streak = list(view.drop_streak)
    return game


def replay_known(view: SeatView, until: int | None = None) -> Machine:
    """The hand so far, replayed from what ``view``'s seat knows: its own dealt
    cards, the upcard and the public actions; every other hand unknown.  With
    ``until``, only the hand's first ``until`` actions are replayed (the hand
    as it stood then, as the seat knows it now)."""
    rules = view.rules
    game = undealt_hand(view)
    size = rules.deal.hand_size
    me = view.seat
    own = list(mask_cards(view.dealt))
    hands: list[list[int | None] | None] = [None] * view.n
    hands[me] = own + [None] * (size - len(own))
    widow: list[int | None] | None = None
    actions = view.actions
    if rules.deal.widow and any(a.seat == me and a.verb == TAKE_WIDOW for a in actions):
        # the seat took the widow: its cards are those the seat has held since
        mine = view.hand
        for seat, card in view.plays:
            if seat == me:
                mine |= 1 << card
        widow = list(mask_cards(mine))
    elif rules.deal.widow_cards and view.maker == me:
        widow = _small_widow_seen(view)
    # the seat's own swap with the kitty: it saw the three cards it took
    taken = view.swapped_in
    kitty: list[int | None] | None = list(mask_cards(taken)) if taken else None
    game.deal(hands, view.upcard, widow, kitty)
    for a in actions[:until]:
        game.act(a.seat, a.verb, a.arg, a.alone, allow_renege=True)
    if until is None:
        # a declined declaration is not logged (the next action closes its window in a
        # replay); an open window the table has moved past was declined by those asked
        while game.phase in (DEFEND, TAKE_UPCARD, CLAIMS) and \
                (game.phase, game.to_act) != (view.phase, view.to_act):
            game.decline(game.to_act)
    return game


def _small_widow_seen(view: SeatView) -> list[int | None] | None:
    """The small widow as the maker saw it on taking it (None: not taken yet): the
    cards the seat has held, played or put away that it was not dealt, but for the
    upcard it took, the cards it took from the kitty by a swap and those its partners
    gave it (call for best)."""
    me = view.seat
    mine = view.hand | view.discarded
    for seat, card in view.plays:
        if seat == me:
            mine |= 1 << card
    extra = mine & ~view.dealt & ~view.swapped_in  # not the cards a swap took from the kitty
    for a in view.actions:  # nor the partners' gifts to a lone player calling for best
        if a.verb == GIVE and a.arg is not None:
            extra &= ~(1 << a.arg)
    if view.upcard is not None and view.upcard_holder == me:
        extra &= ~(1 << view.upcard)
    if extra.bit_count() != view.rules.deal.widow_cards:
        return None
    return list(mask_cards(extra))



class DealCounter:
    """Uniform draws of ``needs[i]`` cards for each holder ``i`` from ``allowed[i]``,
    the rest of ``pool`` left over, all holders' cards distinct.

    Cards are grouped by the set of holders that may take them; the count of
    completions from each (group, needs still open) is memoised, and a draw
    picks each group's split in proportion to the completions it leaves.  Each
    such state is a node, numbered as it is counted, that lists its splits
    with the node each leads to: a draw walks the nodes by number.
    """

    def __init__(self, pool: int, allowed: Sequence[int], needs: Sequence[int]) -> None:
        self.k = len(needs)
        groups: dict[int, list[int]] = {}
        for card in mask_cards(pool):
            sig = 0
            for i, m in enumerate(allowed):
                if (m >> card) & 1:
                    sig |= 1 << i
            groups.setdefault(sig, []).append(card)
        self.groups = [(cards, [i for i in range(self.k) if (sig >> i) & 1])
                       for sig, cards in sorted(groups.items())]
        #: ``_later[g][i]``: the cards of the groups after ``g`` that holder ``i`` may
        #: take -- a split of group ``g`` leaving ``i`` needing more is never counted
        self._later: list[list[int]] = []
        later = [0] * self.k
        for cards, holders in reversed(self.groups):
            self._later.append(list(later))
            for i in holders:
                later[i] += len(cards)
        self._later.reverse()
        #: (group, needs still open) -> its node, or -1 when no deal completes it
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        #: per node: its count of completions, and its splits (ways, split, next node)
        self._nodes: list[tuple[int, list[tuple[int, tuple[int, ...], int]]]] = []
        self.needs = tuple(needs)
        self._root = self._count(0, self.needs)
        self.total = self._nodes[self._root][0] if self._root >= 0 else 0
        if self.total == 0:
            raise ValueError("no deal is consistent with what the seat knows")

    def _count(self, g: int, needs: tuple[int, ...]) -> int:
        """The node of (group ``g``, ``needs``), counted (-1: no completion)."""
        key = (g, needs)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if g == len(self.groups):
            node = -1
            if not any(needs):
                node = len(self._nodes)
                self._nodes.append((1, []))
            self._memo[key] = node
            return node
        cards, holders = self.groups[g]
        later = self._later[g]
        total = 0
        splits: list[tuple[int, tuple[int, ...], int]] = []
        for split in _splits(len(cards), [needs[i] for i in holders],
                             [needs[i] - later[i] for i in holders]):
            rest = list(needs)
            for i, x in zip(holders, split):
                rest[i] -= x
            after = self._count(g + 1, tuple(rest))
            if after >= 0:
                ways = _multinomial(len(cards), split) * self._nodes[after][0]
                total += ways
                splits.append((ways, split, after))
        node = -1
        if total:
            node = len(self._nodes)
            self._nodes.append((total, splits))
        self._memo[key] = node
        return node

    def sample(self, rng: RandomSource) -> list[int]:
        """One uniform draw: the mask of cards for each holder."""
        out = [0] * self.k
        nodes = self._nodes
        node = self._root
        for cards, holders in self.groups:
            total, splits = nodes[node]
            r = int(rng.random() * total)
            _ways, chosen, after = splits[-1]
            for ways, split, nxt in splits:
                if r < ways:
                    chosen = split
                    after = nxt
                    break
                r -= ways
            deck = list(cards)
            m = len(deck)
            pos = 0
            for i, x in zip(holders, chosen):
                for _ in range(x):  # a partial Fisher-Yates shuffle of the group
                    j = pos + int(rng.random() * (m - pos))
                    deck[pos], deck[j] = deck[j], deck[pos]
                    out[i] |= 1 << deck[pos]
                    pos += 1
            node = after
        return out


def _splits(m: int, caps: list[int], floors: list[int]) -> list[tuple[int, ...]]:
    """Every way to give ``floors[i] <= x[i] <= caps[i]`` of ``m`` cards to each
    holder, sum <= m, in lexicographic order.  (The floors leave out the splits no
    later group can complete: with one group of all the unseen cards, the one
    split that gives each holder what it needs, not every split of the group.)"""
    out: list[tuple[int, ...]] = [()]
    for cap, floor in zip(caps, floors):
        nxt = []
        for part in out:
            used = sum(part)
            for x in range(max(floor, 0), min(cap, m - used) + 1):
                nxt.append(part + (x,))
        out = nxt
    return out


def _multinomial(m: int, split: Sequence[int]) -> int:
    """Ways to choose which of ``m`` cards go to each share (the rest left over)."""
    ways = 1
    left = m
    for x in split:
        ways *= comb(left, x)
        left -= x
    return ways
