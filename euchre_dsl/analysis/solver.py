"""The open-hand (double-dummy) solver: best play when every card is known.

Given a play-phase position, :class:`Solver` finds how many tricks one side
-- the makers', unless told otherwise -- takes when everyone plays
perfectly: that side maximises its tricks, everyone else minimises them.  In
partnership games that is the usual two-sided minimax; in individual games
(Buck, Dirty Clubs, Columbus, two- and three-hand) it is the counted seat
against a coalition of all the others (docs/analysis.md says why).

The rules come from the engine only: legal plays from
:meth:`Deck.legal_plays`, the trick winner from :meth:`Deck.trick_winner`,
card order and effective suits from the deck's per-contract tables, who
plays next from :attr:`Game.turn_order`, and the hand's score from
:func:`~euchre_dsl.engine.scoring.score_hand`.  Bowers, the joker,
no-trump, low no-trump, loners, lone defenders, dropped players and any
number of seats all arrive through those.

How it is fast:

* zero-window searches ("does the side take at least k more tricks?")
  with alpha-beta cut-offs the moment the answer is known; the score-level
  entry points ask only the questions that can change the score;
* hands are bit masks; of several cards of one hand that are neighbours
  in rank once the cards between them are gone, only one is tried;
* a transposition table at trick boundaries, keyed on a rank-compressed,
  suit-relative encoding (who holds each remaining card of each effective
  suit, in power order; the plain suits sorted, since they are
  interchangeable), holding lower and upper bounds; it is bounded and
  cleared when full, and kept between calls (one per side counted and kind
  of contract), so the sampled worlds of one bot decision share it.
"""

from __future__ import annotations

from ..cards import Deck
from ..engine.game import Game
from ..rules.ruleset import RuleSet
from .position import Position, position_of, utilities

__all__ = ["Solver"]

#: Positions kept in each transposition table before it is cleared.
DEFAULT_TABLE_LIMIT = 1 << 17


class Solver:
    """Open-hand solver for one rule set; reuse it across positions and worlds."""

    def __init__(self, rules: RuleSet, table_limit: int = DEFAULT_TABLE_LIMIT) -> None:
        self.rules = rules
        deck = Deck.of(rules.deck.lowest, rules.deck.joker)
        self.deck = deck
        self.n = rules.players.count
        self.table_limit = table_limit
        #: positions visited by the searches so far (for the bench)
        self.nodes = 0
        # per contract, per effective suit: the suit's cards, strongest first
        orders: list[list[tuple[int, ...]]] = []
        for contract in range(6):
            eff = deck.effective_suits[contract]
            per_suit: list[tuple[int, ...]] = []
            for suit in range(5):
                power = deck.powers[contract][suit]
                cards = [c for c in range(deck.size) if eff[c] == suit]
                cards.sort(key=lambda c: -power[c])
                per_suit.append(tuple(cards))
            orders.append(per_suit)
        self._orders = orders
        self._tables: dict[int, dict[int, int]] = {}
        base = self.n + 1
        self._pow = [base ** k for k in range(deck.size + 8)]
        # the search state, loaded from a Position by _load
        hand_size = rules.deal.hand_size
        self._contract = 0
        self._special = 4
        self._order: list[tuple[int, ...]] = orders[0]
        self._masks: tuple[int, ...] = deck.suit_masks[0]
        self._hands = [0] * self.n
        self._owner = [0] * deck.size
        self._live = 0
        self._table = 0
        self._tricks: list[list[int]] = [[] for _ in range(hand_size + 2)]
        self._seats: list[list[int]] = [[] for _ in range(hand_size + 2)]
        self._depth = 0
        self._next: tuple[int, ...] = tuple(range(self.n))
        self._hero = 0
        self._n_active = self.n
        self._tt: dict[int, int] = {}
        self._to_act = 0
        self._left = 0
        self._taken = 0

    # ============================================================ entry points
    def solve(self, game: Game, seat: int | None = None) -> int:
        """The makers' total tricks this hand (taken plus the rest) with best play.

        ``seat``: count that seat's side instead of the makers' (needed when
        nobody made trump, e.g. Buck's forced no-trump)."""
        return self.solve_position(position_of(game, seat))

    def card_values(self, game: Game, seat: int | None = None) -> dict[int, int]:
        """Each legal card of the seat on turn -> the makers' total tricks with
        best play after it is played."""
        return self.card_values_position(position_of(game, seat))

    def solve_points(self, game: Game, seat: int | None = None) -> int:
        """The hand's score for the makers' side with best play (see
        :func:`~euchre_dsl.analysis.position.utilities` for its orientation)."""
        return self._points(position_of(game, seat), utilities(game, seat))

    def card_points(self, game: Game, seat: int | None = None) -> dict[int, int]:
        """Each legal card of the seat on turn -> the makers' score with best play after it."""
        pos = position_of(game, seat)
        u = utilities(game, seat)
        out: dict[int, int] = {}
        for card, members in self._root_groups(pos).items():
            self._load(pos)
            need_from = self._play_root(card)
            value = u[self._settle(u, need_from)]
            for c in members:
                out[c] = value
        return out

    def solve_position(self, pos: Position) -> int:
        """:meth:`solve` for a position given as masks."""
        self._load(pos)
        return pos.taken + self._exact(self._to_act, 0, self._left)

    def card_values_position(self, pos: Position) -> dict[int, int]:
        """:meth:`card_values` for a position given as masks."""
        out: dict[int, int] = {}
        for card, members in self._root_groups(pos).items():
            self._load(pos)
            gained = self._play_root(card)
            value = pos.taken + gained + self._exact(self._to_act, 0, self._left)
            for c in members:
                out[c] = value
        return out

    def solve_points_position(self, pos: Position, utility: list[int]) -> int:
        """:meth:`solve_points` for a position given as masks and ``utility[k]``,
        the side's score if it takes ``k`` more tricks."""
        return self._points(pos, utility)

    def clear(self) -> None:
        """Forget every stored position."""
        self._tables.clear()

    # ========================================================= root handling
    def _load(self, pos: Position) -> None:
        """Make ``pos`` the search state."""
        contract = pos.contract
        self._contract = contract
        # the suit that is not interchangeable with the others: trump, or the
        # joker's own suit in no-trump
        self._special = contract if contract < 4 else 4
        self._order = self._orders[contract]
        self._masks = self.deck.suit_masks[contract]
        self._hero = pos.hero
        self._next = pos.turn_order
        self._n_active = pos.n_active
        self._to_act = pos.to_act
        self._left = pos.left
        self._taken = pos.taken
        live = 0
        owner = self._owner
        for s in range(self.n):
            h = pos.hands[s]
            self._hands[s] = h
            live |= h
            m = h
            while m:
                low = m & -m
                owner[low.bit_length() - 1] = s
                m ^= low
        self._live = live
        self._depth = 0
        for t in self._tricks:
            t.clear()
        for t in self._seats:
            t.clear()
        table = 0
        for c in pos.trick:
            self._tricks[0].append(c)
            table |= 1 << c
        self._seats[0].extend(pos.trick_seats)
        self._table = table
        key = pos.hero * 2 + (1 if contract < 4 else 0)
        tt = self._tables.get(key)
        if tt is None:
            tt = self._tables[key] = {}
        self._tt = tt

    def _root_groups(self, pos: Position) -> dict[int, list[int]]:
        """The legal cards of the seat on turn, grouped: one card stands for
        each run of equivalent cards (they all have its value)."""
        self._load(pos)
        seat = self._to_act
        hand = self._hands[seat]
        trick = self._tricks[0]
        legal = self.deck.legal_plays(hand, trick[0] if trick else None, self._contract)
        gone = ~(self._live | self._table)
        groups: dict[int, list[int]] = {}
        for suit in range(5):
            if not legal & self._masks[suit]:
                continue
            head = -1
            for c in self._order[suit]:
                bit = 1 << c
                if legal & bit:
                    if head < 0:
                        head = c
                        groups[c] = [c]
                    else:
                        groups[head].append(c)
                elif not gone & bit:
                    head = -1
        return groups

    def _play_root(self, card: int) -> int:
        """Play ``card`` for the seat on turn in the loaded state; return the
        tricks the counted side gained by it (0 or 1), and leave the state
        at the next position (``_to_act``, ``_left`` updated)."""
        seat = self._to_act
        bit = 1 << card
        self._hands[seat] ^= bit
        self._live ^= bit
        trick = self._tricks[0]
        seats = self._seats[0]
        trick.append(card)
        seats.append(seat)
        if len(trick) == self._n_active:
            winner = seats[self.deck.trick_winner(trick, self._contract)]
            self._depth = 1
            self._table = 0
            self._to_act = winner
            self._left -= 1
            return (self._hero >> winner) & 1
        self._table |= bit
        self._to_act = self._next[seat]
        return 0

    def _exact(self, seat: int, lo: int, hi: int) -> int:
        """The counted side's tricks from the loaded position on (between
        ``lo`` and ``hi``), by zero-window searches."""
        while lo < hi:
            mid = (lo + hi + 1) >> 1
            if self._win(seat, mid, self._left):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def _settle(self, u: list[int], gained: int) -> int:
        """The side's extra tricks (from the root) that decide the score, with
        the loaded position reached after ``gained`` of them: only the trick
        counts at which ``u`` changes are asked about."""
        left = self._left
        base = gained
        steps = [k for k in range(base + 1, base + left + 1) if u[k] != u[k - 1]]
        monotone = all(u[k] >= u[k - 1] for k in range(1, len(u)))
        if not monotone:
            return base + self._exact(self._to_act, 0, left)
        lo, hi = 0, len(steps)  # how many steps the side reaches
        while lo < hi:
            mid = (lo + hi + 1) >> 1
            if self._win(self._to_act, steps[mid - 1] - base, left):
                lo = mid
            else:
                hi = mid - 1
        return steps[lo - 1] if lo else base

    def _points(self, pos: Position, u: list[int]) -> int:
        self._load(pos)
        return u[self._settle(u, 0)]

    # =============================================================== search
    def _win(self, seat: int, need: int, left: int) -> bool:
        """Does the counted side take at least ``need`` of the ``left`` tricks
        still to be completed, ``seat`` to play?"""
        self.nodes += 1
        depth = self._depth
        trick = self._tricks[depth]
        key = -1
        lo = 0
        hi = left
        tt = self._tt
        if not trick:
            if need <= 0:
                return True
            if need > left:
                return False
            key = self._key(seat)
            entry = tt.get(key, -1)
            if entry >= 0:
                lo = entry >> 6
                hi = entry & 63
                if lo >= need:
                    return True
                if hi < need:
                    return False
        hand = self._hands[seat]
        contract = self._contract
        deck = self.deck
        legal = deck.legal_plays(hand, trick[0] if trick else None, contract)
        maxi = (self._hero >> seat) & 1 == 1
        gone = ~(self._live | self._table)
        order = self._order
        masks = self._masks
        seats = self._seats[depth]
        result = not maxi
        last = len(trick) + 1 == self._n_active
        for suit in range(5):
            if not legal & masks[suit]:
                continue
            run = False
            for card in order[suit]:
                bit = 1 << card
                if not legal & bit:
                    if not gone & bit:
                        run = False
                    continue
                if run:
                    continue
                run = True
                self._hands[seat] = hand ^ bit
                self._live ^= bit
                trick.append(card)
                seats.append(seat)
                if last:
                    winner = seats[deck.trick_winner(trick, contract)]
                    table = self._table
                    self._table = 0
                    self._depth = depth + 1
                    r = self._win(winner, need - ((self._hero >> winner) & 1), left - 1)
                    self._depth = depth
                    self._table = table
                else:
                    self._table |= bit
                    r = self._win(self._next[seat], need, left)
                    self._table ^= bit
                trick.pop()
                seats.pop()
                self._live ^= bit
                self._hands[seat] = hand
                if r == maxi:
                    result = r
                    break
            if result == maxi:
                break
        if key >= 0:
            if result:
                lo = need
            else:
                hi = need - 1
            if len(tt) >= self.table_limit:
                tt.clear()
            tt[key] = (lo << 6) | hi
        return result

    def _key(self, leader: int) -> int:
        """The transposition-table key of the trick-boundary position with
        ``leader`` to lead: for each effective suit, who holds its remaining
        cards in power order (played cards dropped: rank compression), the
        plain suits sorted (they are interchangeable), then the leader."""
        live = self._live
        owner = self._owner
        order = self._order
        pw = self._pow
        sep = self.n
        base = sep + 1
        key = 1
        subs: list[int] = []
        for suit in range(5):
            mask = live & self._masks[suit]
            count = mask.bit_count()
            code = 1
            if mask:
                for card in order[suit]:
                    if (mask >> card) & 1:
                        code = code * base + owner[card]
            code = code * base + sep
            if suit == self._special:
                key = key * pw[count + 2] + code
            else:
                subs.append(code * 64 + count)
        subs.sort()
        for packed in subs:
            key = key * pw[(packed & 63) + 2] + (packed >> 6)
        return key * self.n + leader
