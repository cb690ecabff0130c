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
plays next from :attr:`Machine.turn_order`, and the hand's score from
:func:`~euchre_dsl.engine.scoring.score_hand`.  Bowers, the joker,
no-trump, low no-trump, loners, lone defenders, dropped players and any
number of seats all arrive through those.

How it is fast:

* zero-window searches ("does the side take at least k more tricks?")
  with alpha-beta cut-offs the moment the answer is known; the score-level
  entry points ask only the questions that can change the score;
* hands are bit masks; of several cards of one hand that are neighbours
  in rank once the cards between them are gone, only one is tried (with a
  double deck, another seat's copy of a card stands between: equal cards
  go to the first played);
* at a trick boundary, tricks a side is sure of bound the search: the
  top trumps of one seat, and the winners the leader can cash in a row;
* a transposition table at trick boundaries, keyed on a rank-compressed,
  suit-relative encoding (who holds each remaining card of each effective
  suit, in power order, the holders of copies of one card in seat order;
  the plain suits sorted, since they are interchangeable), holding lower
  and upper bounds; it is bounded (more for longer hands) and cleared when
  full, and kept between calls (one per side counted and kind of
  contract), so the sampled worlds of one bot decision share it;
* with many cards in play (a double deck; five or six seats' first
  tricks), partition search instead: each answer at a trick boundary is
  stored for the whole class
  of positions it holds in -- the same number of cards of each suit in
  each hand, and the same holders of each suit's cards down to the lowest
  card that won a trick by its rank in the proof (or that a bound
  counted) -- so positions that differ in low cards that never decided a
  trick share it; the tricks a side is sure of count the top trumps of a
  side, not of one seat; and the trick count is searched from the last
  answer up or down before halving (null-window steps from a guess).

A search can be given a budget of positions (:meth:`Solver.allow`): one that
would visit more stops with :class:`SearchLimit`.  It is counted in positions,
never in time, so a seeded run gives the same answer on any machine.  The
callers decide what an unanswered question means: the pimc bot plays the rule
bot's choice, the analyzer reports the position as not valued.
"""

from __future__ import annotations

from typing import Final

from ..cards import Deck, count_cards
from ..engine.machine import Machine
from ..engine.game import Game, machine_of
from ..rules.ruleset import RuleSet
from ..errors import EuchreError
from .position import Position, position_of, utilities

__all__ = ["DEFAULT_BUDGET", "EXACT_TRICKS", "SearchLimit", "Solver"]

#: Positions kept in each transposition table before it is cleared, for hands
#: of up to eight cards; see :func:`table_limit_for`.
DEFAULT_TABLE_LIMIT: Final = 1 << 17
#: The most positions kept, whatever the hand size (about 250 MB).
MAX_TABLE_LIMIT: Final = 1 << 21
#: No budget: a count of positions no search reaches (and a machine integer).
UNLIMITED: Final = 1 << 60
#: The budget, in positions, of one question of a bot's or the analyzer's (a
#: decision of the pimc bot, a position or bidding decision valued by
#: ``euchre analyze``): far above the most any shipped variant has needed
#: (docs/bots.md gives the measurements), far below a double deck's first tricks.
DEFAULT_BUDGET: Final = 4_000_000
#: The most tricks still to play that ``euchre analyze`` solves exactly: past
#: it (only a double deck's hands are longer) a play is not searched and the
#: bidding's play is estimated (:meth:`Solver.estimate_points_position`); a
#: twelve-trick deal needs millions of positions, seven tricks thousands
#: (docs/performance.md).
EXACT_TRICKS: Final = 7
#: The cards in play (in the hands and on the table) from which a search of a
#: single deck uses the partition table (:attr:`Solver.partition`; a double deck's
#: searches always do): with fewer, the plain table's cheaper positions win although
#: it visits more of them (docs/performance.md)
PARTITION_FROM: Final = 25
#: An entry of the partition table: the top cards kept per suit, each suit's
#: holders of them, the bounds (:meth:`Solver._store`)
_STRIDE: Final = 7
#: Entries kept per bucket of the partition table (the oldest go first)
_BUCKET: Final = 32


class SearchLimit(EuchreError):
    """A search would have visited more positions than its budget allows
    (:meth:`Solver.allow`).  What was stored before it stopped stays true: the
    transposition table holds only the bounds of searches that finished."""

    def __init__(self, budget: int) -> None:
        super().__init__(f"the search needed more than {budget:,} positions")
        self.budget = budget


def table_limit_for(hand_size: int) -> int:
    """Positions kept before the table is cleared: :data:`DEFAULT_TABLE_LIMIT`,
    doubled for each card of a hand past eight (the positions of a deal grow
    by far more than that per card, and a table cleared in mid-search throws
    away the work that would answer the next question), up to
    :data:`MAX_TABLE_LIMIT`."""
    return min(MAX_TABLE_LIMIT, DEFAULT_TABLE_LIMIT << max(0, hand_size - 8))


class Solver:
    """Open-hand solver for one rule set; reuse it across positions and worlds."""

    def __init__(self, rules: RuleSet, table_limit: int | None = None,
                 partition: bool | None = None) -> None:
        """``partition``: use the partition table for every position (``True``), for
        none (``False``), or by the cards in play (``None``, see :attr:`partition`)."""
        self.rules = rules
        deck = Deck.of(rules.deck.lowest, rules.deck.joker, rules.deck.copies)
        self.deck = deck
        self.n = rules.players.count
        self.table_limit = (table_limit_for(rules.deal.hand_size) if table_limit is None
                            else table_limit)
        #: positions visited by the searches so far (for the bench and the budget)
        self.nodes = 0
        #: a search stops with :class:`SearchLimit` once :attr:`nodes` passes this
        self.limit = UNLIMITED
        #: the budget :attr:`limit` was set from (for the message)
        self.budget = 0
        # per contract, per effective suit: the suit's cards of equal power
        # (the copies of one card), as masks, strongest first
        groups: list[list[tuple[int, ...]]] = []
        for contract in range(6):
            eff = deck.effective_suits[contract]
            per_suit: list[tuple[int, ...]] = []
            for suit in range(5):
                power = deck.powers[contract][suit]
                by_power: dict[int, int] = {}
                for c in range(deck.size):
                    if eff[c] == suit:
                        by_power[power[c]] = by_power.get(power[c], 0) | (1 << c)
                per_suit.append(tuple(by_power[p] for p in sorted(by_power, reverse=True)))
            groups.append(per_suit)
        self._all_groups = groups
        #: per contract, per effective suit: its cards strongest first, when the deck
        #: has one copy of each card (every group one card: :meth:`_suit_part`'s
        #: short path)
        self._all_orders: list[list[tuple[int, ...]]] = [
            [tuple(g.bit_length() - 1 for g in per_suit) for per_suit in per_contract]
            for per_contract in groups] if deck.copies == 1 else []
        self._orders: list[tuple[int, ...]] = self._all_orders[0] if deck.copies == 1 else []
        #: per contract, per effective suit: whether its power order is the order of
        #: the cards' indices, highest first (a plain suit of a single deck: its live
        #: cards are read highest bit first, one step per card held)
        self._all_descending: list[list[bool]] = [
            [list(order) == sorted(order, reverse=True) for order in per_contract]
            for per_contract in self._all_orders]
        self._descending: list[bool] = self._all_descending[0] if deck.copies == 1 else []
        self._tables: dict[int, dict[int, int]] = {}
        #: the partition tables (:meth:`_pwin`), keyed like :attr:`_tables`
        self._ptables: dict[int, dict[int, list[int]]] = {}
        self._ptt: dict[int, list[int]] = {}
        #: entries in all the partition tables (cleared past :attr:`table_limit`)
        self._pentries = 0
        #: whether the searches of the position loaded use the partition table
        #: (:meth:`_pwin`): with a double deck, or many cards in play (five or six
        #: seats), where it visits far fewer positions; with few the plain table is
        #: cheaper per position by more than it visits (:data:`PARTITION_FROM`).
        #: Either answers exactly: the choice moves only the cost
        #: the table forced on or off for every position (``partition``), or chosen
        #: per position (``None``: :meth:`_uses_partition`)
        self._partition_forced = partition
        self.partition = self._uses_partition(0)
        #: the cards :meth:`_side_sure` counted, and its count per seat
        self._sure_mask = 0
        self._per_seat = [0] * self.n
        #: the last count of tricks found (:meth:`_exact`): the next search's guess
        self._guess = 0
        #: the cards the last :meth:`_pwin` answer rests on
        self._rel = 0
        #: the cards :meth:`_moves` passed over as equal to one it tried, and
        #: the cards it tried for them (the heads of their runs)
        self._skipped = 0
        self._heads = 0
        #: the same, of the last :meth:`_pwin` answer's moves since the trick began
        self._run_passed = 0
        self._run_heads = 0
        #: per depth, per suit (special first, the plain ones by their lengths):
        #: its row -- its holders as :meth:`_suit_part` writes them, its count, the
        #: number of its cards in each hand -- and the suit (:meth:`_shape`).  A row
        #: is the tuple :attr:`_suit_shapes` holds, stored as it is: writing its
        #: numbers one by one into lists of ints boxed each (most are past the
        #: small ints Python keeps), an allocation per number per trick boundary
        rows = (rules.deal.hand_size + 2) * 5
        self._rows: list[tuple[int, ...]] = [(0, 0, 0)] * rows
        self._order = [0] * rows
        self._len_bits = rules.deal.hand_size.bit_length()
        #: one card of a seat in a suit's lengths (:meth:`_suit_shape`)
        self._len_unit = [1 << (self._len_bits * (self.n - 1 - s)) for s in range(self.n)]
        self._suit_lens = 0
        #: a suit's live cards -> its row (:attr:`_rows`: holders, count, lengths),
        #: for the position loaded (its owners): most trick boundaries leave most
        #: suits as they were, and a suit's walk costs more than a lookup
        self._suit_shapes: dict[int, tuple[int, ...]] = {}
        #: the bits of a seat's number (the partition table's key ends in the leader)
        self._seat_bits = (self.n - 1).bit_length()
        #: the seats playing this hand, a bit each
        self._seated = 0
        self._entry = [0] * _STRIDE
        # the key's digits (:meth:`_key`): a holder (0..n-1), or with a double deck
        # a holder of a copy tied with the card before (n..2n-1); a suit's count
        self._digit_bits = (2 * self.n - 1 if deck.copies > 1 else self.n - 1).bit_length()
        most = max(len(cards) for per_suit in groups for cards in per_suit) * deck.copies
        self._count_bits = most.bit_length()
        self._count_mask = (1 << self._count_bits) - 1
        # the search state, loaded from a Position by _load
        hand_size = rules.deal.hand_size
        self._contract = 0
        self._special = 4
        self._groups: list[tuple[int, ...]] = groups[0]
        self._masks: tuple[int, ...] = deck.suit_masks[0]
        self._powers: tuple[tuple[int, ...], ...] = deck.powers[0]
        self._eff: tuple[int, ...] = deck.effective_suits[0]
        #: the effective suits searched, the special one (trump, or the joker's
        #: suit in no-trump) first
        self._suits: tuple[int, ...] = (0, 1, 2, 3)
        #: each seat's cards at the root; its cards now are these ``& _live`` (the
        #: search moves only ``_live``: no list written, no int boxed, per position)
        self._hands = [0] * self.n
        self._owner = [0] * deck.size
        self._live = 0
        self._table = 0
        #: per trick from the root: its cards and who played them, the first
        #: :attr:`_on` of each list at the current trick; each list is as long as a
        #: whole trick (written in place, never resized: a list emptied and
        #: refilled would free and allocate its storage per trick searched)
        self._tricks: list[list[int]] = []
        self._seats: list[list[int]] = []
        self._size_tricks(self.n)
        #: cards on the table in the current trick
        self._on = 0
        #: the moves tried at each ply (trick from the root, card of the trick):
        #: :meth:`_moves` writes them at the start of the ply's list and says how
        #: many (in place, never resized: a list emptied and refilled would free
        #: and allocate its storage per position)
        self._plies: list[list[int]] = [[0] * deck.size
                                        for _ in range((hand_size + 2) * self.n)]
        self._depth = 0
        self._next: tuple[int, ...] = tuple(range(self.n))
        self._hero = 0
        self._n_active = self.n
        self._tt: dict[int, int] = {}
        self._to_act = 0
        self._left = 0
        self._taken = 0

    # ============================================================ entry points
    def solve(self, game: Machine | Game, seat: int | None = None) -> int:
        """The makers' total tricks this hand (taken plus the rest) with best play.

        ``seat``: count that seat's side instead of the makers' (needed when
        nobody made trump, e.g. Buck's forced no-trump).  ``game``: a
        :class:`~euchre_dsl.engine.game.Game` or the engine's machine."""
        return self.solve_position(position_of(machine_of(game), seat))

    def card_values(self, game: Machine | Game, seat: int | None = None) -> dict[int, int]:
        """Each legal card of the seat on turn -> the makers' total tricks with
        best play after it is played."""
        return self.card_values_position(position_of(machine_of(game), seat))

    def solve_points(self, game: Machine | Game, seat: int | None = None) -> int:
        """The hand's score for the makers' side with best play (see
        :func:`~euchre_dsl.search.position.utilities` for its orientation)."""
        machine = machine_of(game)
        return self._points(position_of(machine, seat), utilities(machine, seat))

    def card_points(self, game: Machine | Game, seat: int | None = None) -> dict[int, int]:
        """Each legal card of the seat on turn -> the makers' score with best play after it."""
        machine = machine_of(game)
        return self.card_points_position(position_of(machine, seat), utilities(machine, seat))

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

    def card_points_position(self, pos: Position, utility: list[int],
                             among: int = -1) -> dict[int, int]:
        """:meth:`card_points` for a position given as masks and ``utility[k]``,
        the side's score if it takes ``k`` more tricks (from ``pos``); only the
        cards in the mask ``among`` (and those equivalent to one), when given."""
        out: dict[int, int] = {}
        for card, members in self._root_groups(pos).items():
            if not any(among >> c & 1 for c in members):
                continue
            self._load(pos)
            gained = self._play_root(card)
            value = utility[self._settle(utility, gained)]
            for c in members:
                out[c] = value
        return out

    # ================================================== estimates past a horizon
    def estimate_position(self, pos: Position, exact: int) -> int:
        """:meth:`solve_position` estimated: the first tricks played by
        :meth:`_lead_on` until at most ``exact`` tricks are left, those solved
        exactly (no estimate when ``pos`` has no more than ``exact``)."""
        self._load(pos)
        gained = self._lead_on(exact)
        return pos.taken + gained + self._exact(self._to_act, 0, self._left)

    def estimate_points_position(self, pos: Position, utility: list[int], exact: int) -> int:
        """:meth:`solve_points_position` estimated as :meth:`estimate_position` is."""
        self._load(pos)
        gained = self._lead_on(exact)
        return utility[self._settle(utility, gained)]

    def estimate_card_values_position(self, pos: Position, exact: int) -> dict[int, int]:
        """:meth:`card_values_position` estimated: each legal card played, then
        :meth:`_lead_on` to ``exact`` tricks left and those solved exactly."""
        out: dict[int, int] = {}
        for card, members in self._root_groups(pos).items():
            self._load(pos)
            gained = self._play_root(card)
            self._depth = 0
            gained += self._lead_on(exact)
            value = pos.taken + gained + self._exact(self._to_act, 0, self._left)
            for c in members:
                out[c] = value
        return out

    def _lead_on(self, exact: int) -> int:
        """Play the loaded position on by table habits (:meth:`_habit`) until
        at most ``exact`` tricks are left; return the tricks the counted side
        took.  Not best play: what it gives is an estimate."""
        gained = 0
        while self._left > exact:
            gained += self._play_root(self._habit(self._to_act))
            self._depth = 0
        return gained

    def _habit(self, seat: int) -> int:
        """The card ``seat`` plays by plain habits, every card in sight: to a
        lead, a card no live card beats (trump first), else the lowest card of
        its longest plain suit; following, the lowest card when its side holds
        the trick or it cannot win it, else the lowest winner in the last
        seat and the highest before it."""
        on = self._on
        live = self._live
        hand = self._hands[seat] & live
        trick = self._tricks[0]
        legal = self.deck.legal_plays(hand, trick[0] if on else None, self._contract)
        groups = self._groups
        if not on:
            for suit in self._suits:
                for group in groups[suit]:
                    m = live & group
                    if m:
                        if m & legal:
                            return (m & legal).bit_length() - 1
                        break
            longest = -1
            most = 0
            for suit in self._suits:
                k = count_cards(legal & self._masks[suit])
                if suit != self._special and k > most:
                    longest, most = suit, k
            return self._lowest(legal & self._masks[longest] if longest >= 0 else legal)
        power = self._powers[self._eff[trick[0]]]
        seats = self._seats[0]
        best = -1
        at = 0
        for i in range(on):
            if power[trick[i]] > best:
                best = power[trick[i]]
                at = i
        winners = 0
        m = legal
        while m:
            low = m & -m
            if power[low.bit_length() - 1] > best:
                winners |= low
            m ^= low
        if not winners or (self._hero >> seats[at]) & 1 == (self._hero >> seat) & 1:
            return self._lowest(legal)
        if on + 1 == self._n_active:
            return self._lowest(winners)
        top = -1
        card = 0
        while winners:
            low = winners & -winners
            c = low.bit_length() - 1
            if power[c] > top:
                top, card = power[c], c
            winners ^= low
        return card

    def _lowest(self, cards: int) -> int:
        """The weakest of ``cards``: a plain card before a trump, the lowest in
        its own suit."""
        eff = self._eff
        powers = self._powers
        special = self._special
        out = -1
        least = 1 << 30
        while cards:
            low = cards & -cards
            c = low.bit_length() - 1
            p = powers[eff[c]][c] + (1 << 20 if eff[c] == special else 0)
            if p < least:
                least, out = p, c
            cards ^= low
        return out

    def clear(self) -> None:
        """Forget every stored position."""
        self._tables.clear()
        self._ptables.clear()
        self._pentries = 0

    def allow(self, positions: int | None) -> None:
        """Let the searches from now on visit at most ``positions`` positions in
        all (``None``: no budget); past that they stop with :class:`SearchLimit`.
        A caller sets it once for a whole question (every world of a bot's
        decision) and may go on asking after a stop: each entry point loads its
        position afresh."""
        if positions is None:
            self.limit = UNLIMITED
            self.budget = 0
        else:
            self.limit = self.nodes + positions
            self.budget = positions

    # ========================================================= root handling
    def _size_tricks(self, players: int) -> None:
        """Trick lists for tricks of ``players`` cards (the seats in the play)."""
        depths = self.rules.deal.hand_size + 2
        self._tricks = [[0] * players for _ in range(depths)]
        self._seats = [[0] * players for _ in range(depths)]

    def _load(self, pos: Position) -> None:
        """Make ``pos`` the search state."""
        contract = pos.contract
        self._contract = contract
        # the suit that is not interchangeable with the others: trump, or the
        # joker's own suit in no-trump
        self._special = contract if contract < 4 else 4
        self._groups = self._all_groups[contract]
        if self._all_orders:
            self._orders = self._all_orders[contract]
            self._descending = self._all_descending[contract]
        self._masks = self.deck.suit_masks[contract]
        self._powers = self.deck.powers[contract]
        self._eff = self.deck.effective_suits[contract]
        if contract < 4:
            self._suits = (contract,) + tuple(s for s in range(4) if s != contract)
        else:
            self._suits = (4, 0, 1, 2, 3)
        self._hero = pos.hero
        self._next = pos.turn_order
        self._n_active = pos.n_active
        seated = 0
        for s in pos.turn_order:
            seated |= 1 << s
        self._seated = seated
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
        self.partition = self._uses_partition(count_cards(live) + len(pos.trick))
        self._suit_shapes.clear()
        self._depth = 0
        if len(self._tricks[0]) != pos.n_active:
            self._size_tricks(pos.n_active)
        table = 0
        trick = self._tricks[0]
        seats = self._seats[0]
        for i, c in enumerate(pos.trick):
            trick[i] = c
            seats[i] = pos.trick_seats[i]
            table |= 1 << c
        self._on = len(pos.trick)
        self._table = table
        key = pos.hero * 2 + (1 if contract < 4 else 0)
        tt = self._tables.get(key)
        if tt is None:
            tt = self._tables[key] = {}
        self._tt = tt
        ptt = self._ptables.get(key)
        if ptt is None:
            ptt = self._ptables[key] = {}
        self._ptt = ptt

    def _uses_partition(self, in_play: int) -> bool:
        """Whether a position with ``in_play`` cards (in the hands and on the table)
        is searched with the partition table: as forced, else with a double deck or
        from :data:`PARTITION_FROM` cards."""
        forced = self._partition_forced
        if forced is not None:
            return forced
        return self.deck.copies > 1 or in_play >= PARTITION_FROM

    def _root_groups(self, pos: Position) -> dict[int, list[int]]:
        """The legal cards of the seat on turn, grouped: one card stands for
        each run of equivalent cards (they all have its value)."""
        self._load(pos)
        seat = self._to_act
        hand = self._hands[seat]
        trick = self._tricks[0]
        legal = self.deck.legal_plays(hand, trick[0] if self._on else None, self._contract)
        held = self._live | self._table
        groups: dict[int, list[int]] = {}
        for suit in range(5):
            if not legal & self._masks[suit]:
                continue
            head = -1
            for group in self._groups[suit]:
                mine = legal & group
                other = group & held & ~legal
                if mine:
                    cards = _bits(mine)
                    if head < 0 or other:
                        head = cards[0]
                        groups[head] = cards
                    else:
                        groups[head].extend(cards)
                if other:
                    head = -1
        return groups

    def _play_root(self, card: int) -> int:
        """Play ``card`` for the seat on turn in the loaded state; return the
        tricks the counted side gained by it (0 or 1), and leave the state
        at the next position (``_to_act``, ``_left`` updated)."""
        seat = self._to_act
        bit = 1 << card
        self._live ^= bit
        trick = self._tricks[0]
        seats = self._seats[0]
        k = self._on
        trick[k] = card
        seats[k] = seat
        if k + 1 == self._n_active:
            winner = seats[self.deck.trick_winner(trick, self._contract)]
            self._depth = 1
            self._table = 0
            self._on = 0
            self._to_act = winner
            self._left -= 1
            return (self._hero >> winner) & 1
        self._table |= bit
        self._on = k + 1
        self._to_act = self._next[seat]
        return 0

    def _exact(self, seat: int, lo: int, hi: int) -> int:
        """The counted side's tricks from the loaded position on (between
        ``lo`` and ``hi``), by zero-window searches."""
        guess = self._guess
        asked = 0
        while lo < hi:
            mid = self._ask(lo, hi, guess, asked)
            asked += 1
            if self._search(seat, mid, self._left):
                lo = mid
            else:
                hi = mid - 1
        self._guess = lo
        return lo

    def _ask(self, lo: int, hi: int, guess: int, asked: int) -> int:
        """Which count to ask about next, the answer between ``lo`` and ``hi``:
        with the partition search, the first two questions next to ``guess``
        (the last answer: a question far from the answer is cheap, one next
        to it is not, and a good guess settles it in two), then halving."""
        if self.partition and asked < 2:
            return min(hi, max(lo + 1, guess if asked == 0 else guess + 1))
        return (lo + hi + 1) >> 1

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
        # the guess, in steps: how many of them the last answer reached
        guess = 0
        while guess < len(steps) and steps[guess] - base <= self._guess:
            guess += 1
        lo, hi = 0, len(steps)  # how many steps the side reaches
        asked = 0
        while lo < hi:
            mid = self._ask(lo, hi, guess, asked)
            asked += 1
            if self._search(self._to_act, steps[mid - 1] - base, left):
                lo = mid
            else:
                hi = mid - 1
        if lo == len(steps):
            self._guess = left
        elif lo:
            self._guess = steps[lo - 1] - base
        else:
            self._guess = 0
        return steps[lo - 1] if lo else base

    def _points(self, pos: Position, u: list[int]) -> int:
        self._load(pos)
        return u[self._settle(u, 0)]

    # =============================================================== search
    def _search(self, seat: int, need: int, left: int) -> bool:
        """:meth:`_pwin` or :meth:`_win`, as :attr:`partition` says."""
        if self.partition:
            return self._pwin(seat, need, left)
        return self._win(seat, need, left)

    def _win(self, seat: int, need: int, left: int) -> bool:
        """Does the counted side take at least ``need`` of the ``left`` tricks
        still to be completed, ``seat`` to play?"""
        self.nodes += 1
        if self.nodes > self.limit:
            # the ancestors unwind without storing: their bounds are unknown
            raise SearchLimit(self.budget)
        depth = self._depth
        if left == 1:
            return self._last_trick(seat) >= need
        on = self._on
        key = -1
        lo = 0
        hi = left
        tt = self._tt
        if not on:
            if need <= 0:
                return True
            if need > left:
                return False
            key = self._key(seat)
            entry = tt.get(key, -1)
            if entry >= 0:
                lo = entry >> 6
                hi = entry & 63
            else:
                sure = self._sure_tricks()
                if sure > 0:
                    lo = sure
                elif sure < 0:
                    hi = left + sure
                quick = self._quick_tricks(seat)
                if quick:
                    if (self._hero >> seat) & 1:
                        if quick > lo:
                            lo = quick
                    elif left - quick < hi:
                        hi = left - quick
            if lo >= need:
                return True
            if hi < need:
                return False
        hand = self._hands[seat] & self._live
        contract = self._contract
        deck = self.deck
        maxi = (self._hero >> seat) & 1 == 1
        trick = self._tricks[depth]
        seats = self._seats[depth]
        result = not maxi
        last = on + 1 == self._n_active
        moves = self._plies[depth * self.n + on]
        for i in range(self._moves(seat, hand, trick, seats, on, maxi, last)):
            card = moves[i]
            bit = 1 << card
            self._live ^= bit
            trick[on] = card
            seats[on] = seat
            if last:
                winner = seats[deck.trick_winner(trick, contract)]
                table = self._table
                self._table = 0
                self._on = 0
                self._depth = depth + 1
                r = self._win(winner, need - ((self._hero >> winner) & 1), left - 1)
                self._depth = depth
                self._table = table
            else:
                self._table |= bit
                self._on = on + 1
                r = self._win(self._next[seat], need, left)
                self._table ^= bit
            self._on = on
            self._live ^= bit
            if r == maxi:
                result = r
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

    def _last_trick(self, seat: int) -> int:
        """The counted side's tricks from the last trick: every seat still to
        play has one card, so the trick is played out without a search."""
        trick = self._tricks[self._depth]
        seats = self._seats[self._depth]
        for k in range(self._on, self._n_active):
            trick[k] = (self._hands[seat] & self._live).bit_length() - 1
            seats[k] = seat
            seat = self._next[seat]
        winner = seats[self.deck.trick_winner(trick, self._contract)]
        return (self._hero >> winner) & 1

    def _sure_tricks(self) -> int:
        """Tricks one side is sure of at a trick boundary: the holder of the
        highest trump left takes a trick with each trump it holds above every
        other seat's (and, in no-trump, the joker's holder one trick); a copy
        held by another seat is not above it.
        Positive: the counted side's; negative: the others'; 0: none known."""
        live = self._live
        owner = self._owner
        holder = -1
        count = 0
        for group in self._groups[self._special]:
            m = live & group
            k = 0
            while m:
                low = m & -m
                seat = owner[low.bit_length() - 1]
                if holder < 0:
                    holder = seat
                elif seat != holder:
                    # another seat's copy of the card, played first, would win
                    k = -1
                    break
                k += 1
                m ^= low
            if k < 0:
                break
            count += k
        if count == 0:
            return 0
        return count if (self._hero >> holder) & 1 else -count

    def _quick_tricks(self, leader: int) -> int:
        """Tricks the leader's side takes in a row from the lead: the leader's
        trumps above every other seat's, then in each other suit the leader's
        cards above every other seat's (or equal to another seat's copy: the
        copy led first wins), as many as every opponent holding a
        trump can follow (none can trump in); the side suits count only when
        each partner has a card other than a trump for every trick cashed, so
        that none has to trump a winner and take the lead."""
        hands = self._hands
        live = self._live
        hand = hands[leader] & live
        groups = self._groups
        special = self._special
        trumps = self._masks[special]
        count = 0
        for group in groups[special]:
            m = live & group
            if not m:
                continue
            # a copy of the card led first beats the others: the leader's counts
            count += count_cards(m & hand)
            if m & ~hand:
                break
        hero = self._hero
        side = (hero >> leader) & 1
        cashed = 0
        for suit in self._suits:
            if suit == special or not hand & self._masks[suit]:
                continue
            top = 0
            for group in groups[suit]:
                m = live & group
                if not m:
                    continue
                top += count_cards(m & hand)
                if m & ~hand:
                    break
            if top:
                mask = self._masks[suit]
                for s in range(self.n):  # every rival holding a trump follows
                    if s == leader or (hero >> s) & 1 == side:
                        continue
                    h = hands[s] & live
                    if h & trumps:
                        follow = count_cards(h & mask)
                        if follow < top:
                            top = follow
                cashed += top
        if cashed:
            total = count + cashed
            for s in range(self.n):  # every partner discards a plain card per trick
                if s == leader or (hero >> s) & 1 != side:
                    continue
                h = hands[s] & live
                if h and count_cards(h & ~trumps) < total:
                    return count
            return total
        return count

    def _moves(self, seat: int, hand: int, trick: list[int], seats: list[int], on: int,
               maxi: bool, last: bool) -> int:
        """The cards to try, one per run of equivalent cards, best guesses first:
        how many, written at the start of the ply's list in :attr:`_plies`.

        Two cards of the hand are equivalent when every card between them in
        power order is gone (played, or never dealt) -- or is on the table
        while both lose to the trick's best card so far -- and no other seat
        holds a copy of either (equal cards go to the first played, so such a
        copy beats one and not the other).  Order: to a lead,
        the highest card of each suit first (trump first), then the others;
        when following, the cards that would win the trick first (the lowest
        of them in the last seat, else the highest) unless the seat's own side
        is winning it, then the others from the lowest up."""
        legal = self.deck.legal_plays(hand, trick[0] if on else None, self._contract)
        table = self._table
        # the cards of the other seats (in hand or on the table), and in hand
        others = (self._live | table) & ~legal
        held = self._live & ~legal
        groups = self._groups
        masks = self._masks
        # this ply's list, refilled (a deeper search fills its own): no allocation
        out = self._plies[self._depth * self.n + on]
        k = 0
        skipped = 0
        heads = 0
        head = 0
        if not on:
            rest = 0
            for suit in self._suits:
                if not legal & masks[suit]:
                    continue
                run = False
                first = True
                for group in groups[suit]:
                    mine = legal & group
                    other = others & group
                    if mine and (other or not run):
                        card = (mine & -mine).bit_length() - 1
                        head = card
                        if first:
                            out[k] = card
                            k += 1
                            first = False
                        else:
                            rest |= 1 << card
                    elif mine:
                        skipped |= mine
                        heads |= 1 << head
                    if other:
                        run = False
                    elif mine:
                        run = True
            self._skipped = skipped
            self._heads = heads
            if rest:
                for suit in self._suits:
                    if rest & masks[suit]:
                        for group in groups[suit]:
                            m = rest & group
                            if m:
                                out[k] = m.bit_length() - 1
                                k += 1
            return k
        power = self._powers[self._eff[trick[0]]]
        best = -1
        at = 0
        for i in range(on):
            p = power[trick[i]]
            if p > best:
                best = p
                at = i
        ours = ((self._hero >> seats[at]) & 1 == 1) == maxi
        # the representatives, strongest first; `wins` of them beat the best so far
        wins = 0
        for suit in self._suits:
            if not legal & masks[suit]:
                continue
            run = False
            head_wins = False
            for group in groups[suit]:
                mine = legal & group
                # cards on the table part two of ours only when the first wins
                other = (others if head_wins else held) & group
                if mine and (other or not run):
                    card = (mine & -mine).bit_length() - 1
                    head = card
                    head_wins = power[card] > best
                    if head_wins:
                        wins += 1
                    out[k] = card
                    k += 1
                elif mine:
                    skipped |= mine
                    heads |= 1 << head
                if other:
                    run = False
                    head_wins = False
                elif mine:
                    run = True
        self._skipped = skipped
        self._heads = heads
        if k < 2:
            return k
        # the winners come first in `out` (trumps and high cards of the led suit
        # precede the rest in power order): reorder in place
        if ours:
            _reverse(out, 0, k)  # low first, the winners last
            return k
        if last:
            _reverse(out, 0, wins)
        _reverse(out, wins, k)
        return k

    # ===================================================== partition search
    def _pwin(self, seat: int, need: int, left: int) -> bool:
        """:meth:`_win` with a partition table: the answer, and in
        :attr:`_rel` the cards whose holders it rests on (the winners of the
        tricks won by rank in the proof, the cards of the bounds used, the ends
        of runs of cards tried as one).  Any position with the same number of
        cards of each suit in each hand, the same leader, and the same holders
        of each suit's cards from the highest down to the lowest of those
        cards, has the same answer (partition search): the proof's tricks are
        won by the same seats there, a lower card standing in for a lower
        card of the same hand and suit.  The table stores that class."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise SearchLimit(self.budget)
        depth = self._depth
        if left == 1:
            return self._plast_trick(seat) >= need
        on = self._on
        shape = -1
        if not on:
            if need <= 0 or need > left:
                self._rel = 0
                self._run_heads = 0
                self._run_passed = 0
                return need <= 0
            shape = self._shape(seat, left)
            lo = 0
            hi = left
            bucket = self._ptt.get(shape)
            if bucket is not None:
                found = self._probe(bucket, need)
                if found >= 0:
                    self._run_heads = 0
                    self._run_passed = 0
                    return found == 1
            sure = self._side_sure()
            if sure > 0:
                lo = sure
            elif sure < 0:
                hi = left + sure
            quick = self._quick_tricks(seat)
            if quick:
                if (self._hero >> seat) & 1:
                    if quick > lo:
                        lo = quick
                elif left - quick < hi:
                    hi = left - quick
            if lo >= need or hi < need:
                self._rel = (self._sure_mask if sure else 0) | \
                    (self._quick_cards(seat) if quick else 0)
                self._run_heads = 0
                self._run_passed = 0
                return lo >= need
        hand = self._hands[seat] & self._live
        contract = self._contract
        deck = self.deck
        maxi = (self._hero >> seat) & 1 == 1
        trick = self._tricks[depth]
        seats = self._seats[depth]
        result = not maxi
        last = on + 1 == self._n_active
        moves = self._plies[depth * self.n + on]
        count = self._moves(seat, hand, trick, seats, on, maxi, last)
        # runs tried as one card: their heads, and the cards passed over
        heads = self._heads
        passed = self._skipped
        acc = 0
        for i in range(count):
            card = moves[i]
            bit = 1 << card
            self._live ^= bit
            trick[on] = card
            seats[on] = seat
            if last:
                k = deck.trick_winner(trick, contract)
                winner = seats[k]
                table = self._table
                self._table = 0
                self._on = 0
                self._depth = depth + 1
                r = self._pwin(winner, need - ((self._hero >> winner) & 1), left - 1)
                self._depth = depth
                self._table = table
                w = self._rel | self._by_rank(trick, k)
                w_heads = 0
                w_passed = 0
            else:
                self._table |= bit
                self._on = on + 1
                r = self._pwin(self._next[seat], need, left)
                self._table ^= bit
                w = self._rel
                w_heads = self._run_heads
                w_passed = self._run_passed
            self._on = on
            self._live ^= bit
            if r == maxi:
                # one move proves it: only its tricks matter (and none was passed over)
                result = r
                acc = w
                heads = w_heads
                passed = w_passed
                break
            acc |= w
            heads |= w_heads
            passed |= w_passed
        if shape >= 0:
            acc = self._store(shape, acc, heads, passed, need if result else 0,
                              left if result else need - 1)
            heads = 0
            passed = 0
        self._rel = acc
        self._run_heads = heads
        self._run_passed = passed
        return result

    def _by_rank(self, trick: list[int], k: int) -> int:
        """The trick's winning card (``trick[k]``) as a mask when it won by its
        rank, over another card of its effective suit; else 0."""
        eff = self._eff
        card = trick[k]
        suit = eff[card]
        for i in range(self._n_active):
            if i != k and eff[trick[i]] == suit:
                return 1 << card
        return 0

    def _plast_trick(self, seat: int) -> int:
        """:meth:`_last_trick`, the card that won by rank (if any) in :attr:`_rel`."""
        trick = self._tricks[self._depth]
        seats = self._seats[self._depth]
        for k in range(self._on, self._n_active):
            trick[k] = (self._hands[seat] & self._live).bit_length() - 1
            seats[k] = seat
            seat = self._next[seat]
        k = self.deck.trick_winner(trick, self._contract)
        self._rel = self._by_rank(trick, k)
        self._run_heads = 0
        self._run_passed = 0
        return (self._hero >> seats[k]) & 1

    def _side_sure(self) -> int:
        """Tricks one side is sure of at a trick boundary (:meth:`_sure_tricks`
        for a side): the top trumps while every copy left of each is the
        side's.  Each of them takes the trick it falls in (only another of
        them could beat it), and one seat plays one card a trick: the side
        takes at least as many tricks as one of its seats holds of them.
        Positive: the counted side's; negative: the others'; 0: none known.
        The cards counted are left in :attr:`_sure_mask`."""
        live = self._live
        owner = self._owner
        hero = self._hero
        side = -1
        per_seat = self._per_seat
        for s in range(self.n):
            per_seat[s] = 0
        cards = 0
        for group in self._groups[self._special]:
            m = live & group
            if not m:
                continue
            mixed = False
            while m:
                seat = owner[(m & -m).bit_length() - 1]
                mine = (hero >> seat) & 1
                if side < 0:
                    side = mine
                elif mine != side:
                    mixed = True
                    break
                m &= m - 1
            if mixed:
                break
            m = live & group
            cards |= m
            while m:
                per_seat[owner[(m & -m).bit_length() - 1]] += 1
                m &= m - 1
        self._sure_mask = cards
        most = 0
        for s in range(self.n):
            if per_seat[s] > most:
                most = per_seat[s]
        return most if side == 1 else -most

    def _quick_cards(self, leader: int) -> int:
        """Cards :meth:`_quick_tricks` may have counted: in each suit, the
        leader's run from the top, down to the first card another seat holds
        a copy of."""
        live = self._live
        hand = self._hands[leader] & live
        out = 0
        for suit in self._suits:
            if not hand & self._masks[suit]:
                continue
            for group in self._groups[suit]:
                m = live & group
                if not m:
                    continue
                if not m & hand:
                    break
                out |= m
                if m & ~hand:
                    break
        return out

    def _shape(self, leader: int, left: int) -> int:
        """The partition table's bucket of the trick-boundary position: the
        tricks left, the seats in the hand, the number of cards of each suit in
        each hand (the special suit first, the plain suits sorted by it) and
        the leader.  Fills this depth's rows of :attr:`_rows` and :attr:`_order`
        (each suit's holders in power order, as :meth:`_suit_part` writes
        them, in the same order) for :meth:`_probe` and :meth:`_store`."""
        suits = self._suits
        ns = len(suits)
        base = self._depth * 5
        rows = self._rows
        order = self._order
        bits = self._len_bits
        live = self._live
        masks = self._masks
        memo = self._suit_shapes
        for i in range(ns):
            s = suits[i]
            mask = live & masks[s]
            row = memo.get(mask)
            if row is None:
                part = self._suit_shape(s)
                row = (part >> self._count_bits, part & self._count_mask, self._suit_lens)
                memo[mask] = row
            v = row[2]
            # insertion sort of the plain suits by their lengths
            j = i
            while j > 1 and rows[base + j - 1][2] > v:
                rows[base + j] = rows[base + j - 1]
                order[base + j] = order[base + j - 1]
                j -= 1
            rows[base + j] = row
            order[base + j] = s
        key = (left << self.n) | self._seated  # the seats in the hand hold `left` each
        for i in range(ns - 1):  # the last suit's lengths follow from the others
            key = (key << (bits * self.n)) | rows[base + i][2]
        return (key << self._seat_bits) | leader

    def _suit_shape(self, suit: int) -> int:
        """:meth:`_suit_part` (the same value), walking the suit's cards once,
        and the number of its cards in each hand in :attr:`_suit_lens` (one
        field of :attr:`_len_bits` bits per seat, seat 0 highest)."""
        mask = self._live & self._masks[suit]
        self._suit_lens = 0
        if not mask:
            return 0
        owner = self._owner
        unit = self._len_unit
        bits = self._digit_bits
        n = self.n
        code = 0
        cards = 0
        lens = 0
        for group in self._groups[suit]:
            m = mask & group
            if not m:
                continue
            low = m & -m
            seat = owner[low.bit_length() - 1]
            lens += unit[seat]
            m ^= low
            cards += 1
            if not m:
                code = (code << bits) | seat
                continue
            other = owner[m.bit_length() - 1]
            if m & (m - 1) == 0:  # two copies: the lower seat first, the other tied
                lens += unit[other]
                cards += 1
                if other < seat:
                    seat, other = other, seat
                code = (((code << bits) | seat) << bits) | (other + n)
                continue
            seats = [seat]
            while m:
                low = m & -m
                seats.append(owner[low.bit_length() - 1])
                lens += unit[seats[-1]]
                m ^= low
            seats.sort()
            code = (code << bits) | seats[0]
            for k in range(1, len(seats)):
                code = (code << bits) | (seats[k] + n)
                cards += 1
        self._suit_lens = lens
        return (code << self._count_bits) | cards

    def _probe(self, bucket: list[int], need: int) -> int:
        """1 or 0 when an entry of ``bucket`` matching the position (its holders
        of each suit's top cards) decides the question (and :attr:`_rel` its
        cards), else -1."""
        base = self._depth * 5
        rows = self._rows
        ns = len(self._suits)
        bits = self._digit_bits
        for j in range(0, len(bucket), _STRIDE):
            b = bucket[j + _STRIDE - 1]
            if (b >> 6) < need and (b & 63) >= need:
                continue  # no answer here, whether it matches or not
            tops = bucket[j]
            match = True
            for i in range(ns):
                m = (tops >> (5 * i)) & 31
                if m:
                    row = rows[base + i]
                    if row[0] >> ((row[1] - m) * bits) != bucket[j + 1 + i]:
                        match = False
                        break
            if match:
                self._rel = self._tops(tops)
                return 1 if (b >> 6) >= need else 0
        return -1

    def _tops(self, tops: int) -> int:
        """The live cards an entry's ``tops`` names: each suit's top cards."""
        base = self._depth * 5
        live = self._live
        out = 0
        for i in range(len(self._suits)):
            m = (tops >> (5 * i)) & 31
            if not m:
                continue
            for group in self._groups[self._order[base + i]]:
                g = live & group
                if g:
                    out |= g
                    m -= count_cards(g)
                    if m <= 0:
                        break
        return out

    def _store(self, shape: int, rel: int, heads: int, passed: int, lo: int, hi: int) -> int:
        """Store bounds ``lo``..``hi`` for every position whose holders of each
        suit's cards down to the lowest card of ``rel`` in it are these, and
        return the cards kept (``rel`` and the cards it draws in).

        A run of cards tried as one (its head, the cards ``passed`` over) is
        kept whole when its head is kept: cut inside it, a position of the
        class could hold the head and a lower card that is not its equal."""
        base = self._depth * 5
        live = self._live
        rows = self._rows
        bits = self._digit_bits
        ns = len(self._suits)
        tops = 0
        entry = self._entry
        for i in range(ns):
            suit = self._order[base + i]
            mask = live & self._masks[suit]
            want = rel & mask
            m = 0
            if want:
                kept = 0
                whole = False
                for group in self._groups[suit]:
                    g = live & group
                    if g:
                        kept |= g
                        want &= ~group
                        if not want:
                            if kept & heads and not whole:
                                whole = True
                                want = passed & mask & ~kept
                                rel |= want
                                if want:
                                    continue
                            break
                m = count_cards(kept)
            tops |= m << (5 * i)
            row = rows[base + i]
            entry[1 + i] = row[0] >> ((row[1] - m) * bits) if m else 0
        for i in range(ns, 5):
            entry[1 + i] = 0
        entry[0] = tops
        tt = self._ptt
        self._pentries += 1
        if self._pentries > self.table_limit:  # full: every partition table starts again
            for table in self._ptables.values():
                table.clear()
            self._pentries = 1
        bucket = tt.get(shape)
        if bucket is None:
            tt[shape] = [tops, entry[1], entry[2], entry[3], entry[4], entry[5],
                         (lo << 6) | hi]
            return rel
        for j in range(0, len(bucket), _STRIDE):
            same = True
            for i in range(_STRIDE - 1):
                if bucket[j + i] != entry[i]:
                    same = False
                    break
            if same:
                b = bucket[j + _STRIDE - 1]
                if (b >> 6) > lo:
                    lo = b >> 6
                if (b & 63) < hi:
                    hi = b & 63
                bucket[j + _STRIDE - 1] = (lo << 6) | hi
                self._pentries -= 1  # no new entry
                return rel
        if len(bucket) >= _STRIDE * _BUCKET:
            del bucket[:_STRIDE]  # the oldest goes
            self._pentries -= 1
        bucket.extend(entry[:_STRIDE - 1])
        bucket.append((lo << 6) | hi)
        return rel

    def _key(self, leader: int) -> int:
        """The transposition-table key of the trick-boundary position with
        ``leader`` to lead: for each effective suit, who holds its remaining
        cards in power order (played cards dropped: rank compression), the
        special suit first, then the plain suits sorted (they are
        interchangeable), then the leader.

        Each suit's part (:meth:`_suit_part`) ends in its card count, which
        gives its width, so the parts are written one after another and the key
        reads back from its low end: no two positions share a key.  A whole deal
        of euchre fits a machine integer, so the key costs no allocation."""
        suits = self._suits
        count = self._count_mask
        bits = self._digit_bits
        width = self._count_bits
        key = self._suit_part(suits[0])
        a = self._suit_part(suits[1])
        b = self._suit_part(suits[2])
        c = self._suit_part(suits[3])
        if a > b:
            a, b = b, a
        if len(suits) == 4:
            if b > c:
                b, c = c, b
            if a > b:
                a, b = b, a
            d = -1
        else:
            d = self._suit_part(suits[4])
            if c > d:
                c, d = d, c
            if a > c:
                a, c = c, a
            if b > d:
                b, d = d, b
            if b > c:
                b, c = c, b
        key = (key << ((a & count) * bits + width)) | a
        key = (key << ((b & count) * bits + width)) | b
        key = (key << ((c & count) * bits + width)) | c
        if d >= 0:
            key = (key << ((d & count) * bits + width)) | d
        return key * self.n + leader

    def _suit_part(self, suit: int) -> int:
        """Who holds the suit's remaining cards, strongest first, a digit of
        :attr:`_digit_bits` bits each, then how many they are
        (:attr:`_count_bits` bits).

        Copies of one card are tied: their holders come in seat order, each
        after the first marked as tied (its seat + n), so that which copy a
        seat holds makes no difference to the key."""
        mask = self._live & self._masks[suit]
        if not mask:
            return 0
        owner = self._owner
        bits = self._digit_bits
        code = 0
        cards = 0
        if self._orders:  # one copy of each card: a digit per card held
            if self._descending[suit]:
                while mask:
                    c = mask.bit_length() - 1
                    code = (code << bits) | owner[c]
                    cards += 1
                    mask ^= 1 << c
            else:
                for c in self._orders[suit]:
                    if (mask >> c) & 1:
                        code = (code << bits) | owner[c]
                        cards += 1
            return (code << self._count_bits) | cards
        for group in self._groups[suit]:
            m = mask & group
            if not m:
                continue
            low = m & -m
            seat = owner[low.bit_length() - 1]
            m ^= low
            cards += 1
            if not m:
                code = (code << bits) | seat
                continue
            seats = [seat]
            while m:
                low = m & -m
                seats.append(owner[low.bit_length() - 1])
                m ^= low
            seats.sort()
            code = (code << bits) | seats[0]
            for k in range(1, len(seats)):
                code = (code << bits) | (seats[k] + self.n)
                cards += 1
        return (code << self._count_bits) | cards


def _reverse(items: list[int], start: int, stop: int) -> None:
    """Reverse ``items[start:stop]`` in place."""
    stop -= 1
    while start < stop:
        items[start], items[stop] = items[stop], items[start]
        start += 1
        stop -= 1


def _bits(mask: int) -> list[int]:
    """The cards of ``mask``, lowest index first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
