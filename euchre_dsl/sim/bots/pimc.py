"""The PIMC bot: perfect-information Monte Carlo on the open-hand solver.

For each decision the bot samples ``worlds`` deals consistent with what its
seat knows (:class:`~euchre_dsl.search.worlds.WorldSampler`: voids shown,
the upcard in the taker's hand, its own discard, hand sizes), weighted by how
likely the bidding seen so far was from each other seat's cards (a soft model
of a reasonable player, :class:`BiddingInference`), and with the opponents' cards played so far,
were they the rule bot (:class:`PlayInference`); it scores every legal
option on the *same* worlds, and takes the best average.

* A card is scored by the solver: the points of the bot's side with best play
  after it, net of the opponents' in a partnership game (a defender wants to
  stop a march as much as the makers want one), in the engine's scoring.
* A bidding option (pass, order up, call, alone, discard, bid, stay, drop,
  take the widow, defend alone) is applied to the world, the rest of the
  bidding is played out by the rule bot for every seat -- each sees only its
  own view of the world -- and the finished bidding is handed to the solver.
  Options clearly behind after a batch of worlds are not scored further
  (``BATCH_WORLDS``, ``SEPARATION``): most bidding decisions are clear, and a
  clear one is settled on the first worlds.  Table truths narrow the
  options searched (:func:`candidates`): a trump is not discarded while a
  plain card can go, nobody goes alone with fewer than three trumps or
  without a bower, and nobody names a suit on one trump below its ace.

Plain PIMC over-bids: in every sampled world it "knows" where the cards are
(strategy fusion).  ``bias`` counters that: the passive option (pass,
decline, drop) is credited with ``bias`` times what being set costs (the
variant's ``euchred`` points, or a countdown's ``maker_set``: 0.3 points in
standard, 0.75 in Buck at the default 0.15) before the comparison, so a bid
must beat it clearly; a lone hand (made or defended) is charged
``alone_bias`` times the same: a march needs every trick, which worlds where
the cards are known make look easy (docs/strength.md has the measurements).
In a two-sided game to a target the bot plays for the game (``goal``): an end
of the hand is worth the side's chance of winning from the score it leaves
(:mod:`~euchre_dsl.search.win_chance`), and ``bias`` is priced at the
score.  Elsewhere, and with ``goal=points``, points past what a side still
needs are worth nothing to it (a march at 8 wins no more than a make).  Ties
between cards go to the rule bot's choice, so equal-valued cards are played
by table habits.  The solver's table is shared across the worlds of one
decision (one :class:`Solver` per bot).  Deterministic: every draw comes from
the bot's ``rng``.

Each decision's searches share a budget of solver positions (``budget``; a
count, not a time, so a seed plays the same on any machine).  A decision that
would need more plays the rule bot's choice instead, and from then on the bot
searches only when it holds fewer cards than it did then (the searches get
cheaper as the cards fall; a seat's next hand is as large as this one): a
search past the budget is paid for at most once per hand size in the bot's
life (a simulation's batch of games, a session of ``euchre play``).  The
default is far above what any decision of a shipped variant has needed
(docs/bots.md gives the figures), so it only steps in where the solver cannot
finish in reasonable time.  A decision with more than ``deepest`` tricks still
to play (a double deck's bidding and first five tricks, no other shipped
variant's) is the rule bot's without a search: there even a search that fits
costs seconds, and one that does not fit the budget was paid for in full.
"""

from __future__ import annotations

import random

from typing import Callable, ClassVar, Collection, Final, Sequence, TypeVar

from ...search.position import hand_scores, position_of, utilities
from ...search.win_chance import WinChances, win_chances
from ...search.solver import DEFAULT_BUDGET, SearchLimit, Solver
from ...search.worlds import WorldSampler, replay_known, undealt_hand
from ...cards import card_list, count_cards, mask_cards
from ...engine.actions import (
    BID, CALL, DECLINE, DEFEND_ALONE, DISCARD, DROP, GIVE, MISDEAL, ORDER_UP, PASS, PLAY, PLAYING,
    STAY, SWAP, TAKE_WIDOW, Action,
)
from ...engine.machine import Machine
from ...engine.play import legal_plays
from ...engine.scoring import (
    cap_to_target, leading_rival, net_values, set_cost, side_values,
)
from ...errors import EuchreError
from ...rules.ruleset import RuleSet, ScoringModel, Sides
from ...engine.view import SeatView
from ...rng import RandomSource, check_seed
from .base import Param
from .learned_bidding import LearnedBidder
from .rule import RuleBot
from .truths import making, one_low_trump, sound_lone, sure_make_open

#: The options that commit to nothing: ``bias`` is credited to them.
PASSIVE: Final = frozenset((PASS, DECLINE, DROP))
#: A bidding decision scores its options in batches of worlds; after each
#: batch an option clearly behind the leader (by more than ``SEPARATION``
#: standard errors of their paired difference) is not scored further, and when
#: one option is left it is taken.
BATCH_WORLDS: Final = 10
#: The most tricks still to play at which the bot searches (``deepest``): the
#: solver's positions grow steeply per trick (fifty worlds of a double deck's
#: seven tricks take about 114,000 positions, of eight often more than the
#: budget), and searching six instead of seven lost 0.9 points a hand
#: (docs/bots.md); only a double deck's hands are longer than six cards.
DEEPEST: Final = 7
SEPARATION: Final = 2.0
#: How much of the bidding a bot reads (its ``reading``): every other seat's, the
#: opponents' only, none.
READINGS: Final[tuple[str, ...]] = ("on", "opponents", "off")
#: How a tie between bidding options is broken (its ``ties``): by the highest mean on
#: the seed's worlds, or by the rule bot's choice among them.
TIES: Final[tuple[str, ...]] = ("best", "rule")
#: How the bot bids (its ``bidding``): by searching worlds, or by the learned model.
BIDDINGS: Final[tuple[str, ...]] = ("search", "learned")
#: The bidding verbs a world is checked against (:class:`BiddingInference`).
READ_VERBS: Final = frozenset((PASS, ORDER_UP, CALL, BID, DEFEND_ALONE, STAY, DROP))
#: The bidding verbs that make trump (or bid for it): a seat that took one is read first.
MAKE_VERBS: Final = frozenset((ORDER_UP, CALL, BID, DEFEND_ALONE))
#: After these a seat's hand is no longer its dealt cards plus its plays: its
#: bidding is not read (the cards it bid on cannot be rebuilt from a world).
EXCHANGE_VERBS: Final = frozenset((DISCARD, GIVE, SWAP, TAKE_WIDOW, MISDEAL))
#: Draws per world before the bidding is given up on for that world (a rare
#: bidding, or other seats that do not bid like the rule bot).
TRIES: Final = 30
#: The bidding reader's model of a player (:meth:`RuleBot.bid_chance`): how
#: soft the bar to make trump is, in points (a hand this far above the rule
#: bot's bar makes trump 73 times in 100, this far below 27), and the chance
#: given to any other decision the rule bot would have made differently.
SOFTNESS: Final = 0.3
STRAY: Final = 0.05
#: The rule bot's second-round bar in the bot's model of the table (its readings and
#: the bidding it plays out in each world): the bar the readings were measured with,
#: kept when the rule bot's own default fell to 0.3 (issue 41's audit).
MODEL_CALL_MARGIN: Final = 0.9
#: Contracts whose utilities a bot remembers (:meth:`PimcBot._utility`) before
#: it forgets them all.
UTILITY_MEMO: Final = 1024
#: Uniform draws a record's position is read over (:class:`RecordReading`): its
#: worlds are drawn from them in proportion to the readings' chances.
POOL: Final = 512
#: The value a hint gives the rule bot's choice when the searches ran out of budget.
NOT_SEARCHED: Final = float("nan")

T = TypeVar("T")


class PimcBot:
    """Samples worlds consistent with what the seat knows and solves each open-handed."""

    name: ClassVar[str] = "pimc"
    PARAMS: ClassVar[tuple[Param, ...]] = (
        Param("worlds", int, 50, "sampled worlds per card played", minimum=1, maximum=100_000),
        Param("bid_worlds", int, 100, "sampled worlds per bidding decision", minimum=1,
              maximum=100_000),
        Param("bias", float, 0.15, "credited to passing (and declining, dropping) against "
              "plain PIMC's over-bidding, as a share of what being set costs",
              minimum=-10, maximum=10),
        Param("reading", str, "on", "read the bidding: weight worlds by how likely every "
              "other seat was to bid as it did (a soft model of a reasonable player) -- 'on': "
              "every seat, the partner too; 'opponents': the opponents only; 'off': none",
              choices=READINGS),
        Param("alone_bias", float, 0.0, "charged to going (or defending) alone, as a share of "
              "what being set costs: a march needs every trick, which sampled worlds make look "
              "easy", minimum=-10, maximum=10),
        Param("read_play", bool, True, "read the opponents' play: sample only worlds in which "
              "every card an opponent played is the one the rule bot would have played"),
        Param("goal", str, "game", "what a hand is played for: 'game', the chance of winning "
              "the game (a two-sided game to a target; elsewhere points), or 'points', the "
              "hand's points capped at what each side still needs", choices=("game", "points")),
        Param("budget", int, DEFAULT_BUDGET, "solver positions per decision: a decision whose "
              "searches would need more plays the rule bot's choice, and the bot searches "
              "again only holding fewer cards", minimum=1, maximum=1 << 40),
        Param("ties", str, "best", "bidding options the search cannot tell apart (within "
              "noise after every world, reported as 'tied'): 'best', the one of highest mean "
              "on the seed's worlds; 'rule', the rule bot's choice if it is one of them (the "
              "table habit)", choices=TIES),
        Param("deepest", int, DEEPEST, "the most tricks still to play at which a decision is "
              "searched: with more (a double deck's first tricks and bidding) the rule bot "
              "decides", minimum=1, maximum=64),
        Param("bidding", str, "search", "how it passes, orders up and names trump: 'search', "
              "its worlds; 'learned', a value model fitted to played-out hands "
              "(learned_bidding.py; standard euchre's rules only)", choices=BIDDINGS),
    )

    def __init__(self, rules: RuleSet, rng: RandomSource, worlds: int = 50, bid_worlds: int = 100,
                 bias: float = 0.15, reading: str = "on", alone_bias: float = 0.0,
                 goal: str = "game",
                 read_play: bool = True, budget: int = DEFAULT_BUDGET,
                 ties: str = "best", deepest: int = DEEPEST,
                 bidding: str = "search") -> None:
        self.rules = rules
        self.rng = rng
        self.worlds = worlds
        self.bid_worlds = bid_worlds
        self.bias = bias
        self.alone_bias = alone_bias
        #: read the bidding at all, and the partner's too
        self.infer = reading != "off"
        self.read_partner = reading == "on"
        self.read_play = read_play
        #: what being set costs the makers, in points: the scale of ``bias``
        self.stake = set_cost(rules)
        #: the chances of winning by score, when the bot plays for the game
        self.chances = win_chances(rules) if goal == "game" else None
        self.solver = Solver(rules)
        self.rule = RuleBot(rules, rng, call_margin=MODEL_CALL_MARGIN)
        #: the learned bidder, when it makes the bidding decisions (``bidding=learned``)
        self.bidder = LearnedBidder(rules, self.rule) if bidding == "learned" else None
        self.partners = rules.players.sides == Sides.PARTNERS
        #: the worlds the last card was chosen on (at most ``worlds``)
        self.last_worlds = 0
        #: how a tie between bidding options is broken (``ties``)
        self.ties = ties
        #: the options of the last decision (bidding options, or cards) the search could
        #: not tell apart: still within ``SEPARATION`` standard errors of the leader when
        #: every world had been drawn; empty when one was clearly best
        self.tied: tuple[Action, ...] | tuple[int, ...] = ()
        #: solver positions each decision may use
        self.budget = budget
        #: decisions with more tricks to play than this are the rule bot's
        self.deepest = deepest
        #: the last decision was the rule bot's: its searches ran out of budget
        self.fallback = False
        #: the fewest cards the bot held when its searches ran out of budget: it
        #: searches only holding fewer
        self._too_big = 1 << 30
        #: the answers of the last bidding read (:attr:`BiddingInference.context`),
        #: kept for the next decision that reads the same bidding (every card of a hand)
        self._bids_context: tuple[object, ...] = ()
        self._bids_known: dict[tuple[int, int], float] = {}
        self._bids_dealt: dict[tuple[int, int, int], float] = {}
        self._utilities: dict[tuple[object, ...], list[int]] = {}

    # ================================================================= play
    def play(self, view: SeatView, legal: int) -> int:
        self.tied = ()
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        means = self._budgeted(view, lambda: self._card_means(view, legal))
        if means is None:
            return self.rule.play(view, legal)
        self.tied = tuple(means) if self.last_worlds >= self.worlds and len(means) > 1 else ()
        best = max(means.values())
        choice = self.rule.play(view, legal)
        if means.get(choice) == best:
            return choice
        return next(c for c in mask_cards(legal) if means.get(c) == best)

    def card_values(self, view: SeatView, legal: int) -> dict[int, float]:
        """Each legal card's mean value over the worlds it was valued in, in the units
        the bot plays for (for a hint: what it would play, and why).  When the
        searches ran out of budget (:attr:`fallback` is then true): the rule bot's
        card alone, valued NaN (not searched)."""
        means = self._budgeted(view, lambda: self._card_means(view, legal, every=True))
        if means is None:
            return {self.rule.play(view, legal): NOT_SEARCHED}
        return means

    def _card_means(self, view: SeatView, legal: int, every: bool = False
                    ) -> dict[int, float]:
        """Each card still in the running (with ``every``, each legal card) -> its mean
        value over the worlds sampled for the decision (each solved).

        Up to ``worlds`` worlds, in batches of :data:`BATCH_WORLDS`: as for a bid, a
        card clearly behind the leader is dropped (:func:`survivors`), and the
        sampling stops when one card is left, or when the cards left have had the
        same value in every world so far (equals: the rule bot's habit picks one)."""
        seat = view.seat
        sampler = WorldSampler(view)
        readers = self._readers(view)
        cards = card_list(legal)
        if not every and equivalent_plays(view, legal):
            return self._draw_only(sampler, readers, cards)
        u = net_utility(sampler.template, seat, self.partners, self.chances)
        values: list[list[float]] = [[] for _ in cards]
        alive = list(range(len(cards)))
        solver = self.solver
        rng = self.rng
        for w in range(self.worlds):
            world = draw_world(sampler, readers, rng)
            among = 0
            for i in alive:
                among |= 1 << cards[i]
            points = solver.card_points_position(position_of(world, seat), u, among)
            for i in alive:
                values[i].append(float(points[cards[i]]))
            if (w + 1) % BATCH_WORLDS == 0 and w + 1 < self.worlds:
                alive = survivors(values, alive)
                if len(alive) == 1 or (w + 1 >= 2 * BATCH_WORLDS and
                                       all(values[i] == values[alive[0]] for i in alive)):
                    break
        self.last_worlds = len(values[alive[0]])
        keep = range(len(cards)) if every else alive
        return {cards[i]: sum(values[i]) / len(values[i]) for i in keep}

    def _draw_only(self, sampler: WorldSampler, readers: list[SeatReading],
                   cards: list[int]) -> dict[int, float]:
        """:meth:`_card_means` of cards worth the same in every world
        (:func:`equivalent_plays`), without a search: the worlds the search would
        have drawn are drawn (so that the bot's random stream, and with it every
        later decision, is what it would have been) and not solved; each card is
        valued 0 -- they tie, and the rule bot's habit picks one."""
        # the sampling stops after two batches when every card has had the same
        # value in every world so far (:meth:`_card_means`), as equal cards always do
        drawn = min(self.worlds, 2 * BATCH_WORLDS)
        for _ in range(drawn):
            draw_world(sampler, readers, self.rng)
        self.last_worlds = drawn
        return {c: 0.0 for c in cards}

    # ============================================================ decisions
    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        options = candidates(view, legal)
        self.tied = ()
        if len(options) == 1:
            return options[0]
        if self.bidder is not None and self.bidder.decides(options):
            return self.bidder.choose(view, options)
        weighed = self._budgeted(view, lambda: self._weigh(view, options))
        if weighed is None:
            return self.rule.act(view, legal)
        return options[self._choose(view, legal, options, *weighed)]

    def _choose(self, view: SeatView, legal: Sequence[Action], options: Sequence[Action],
                values: list[list[float]], alive: list[int]) -> int:
        """The option taken: the highest mean of those still in the running.  When more
        than one is left after every world, the search cannot tell them apart
        (:attr:`tied`, set here); with ``ties=rule`` the rule bot's choice is taken if it
        is among them -- the table habit, as between equal cards.  Either way a function
        of the bot's seed (its worlds).  (``ties=rule`` did not make the bidding steadier
        across seeds -- a seed that just separates the options still takes the leader --
        so it is not the default: docs/bots.md, "Ties".)"""
        best_i = max(alive, key=lambda i: sum(values[i]) / len(values[i]))
        if len(alive) > 1:
            self.tied = tuple(options[i] for i in alive)
            if self.ties == "rule":
                habit = self.rule.act(view, legal)
                for i in alive:
                    if options[i] == habit:
                        return i
        return best_i

    def option_values(self, view: SeatView, legal: Sequence[Action]) -> list[tuple[Action, float]]:
        """The options the bot weighs (:func:`candidates`) with their mean values over
        the worlds each was valued in, its choice first: then the other options still in
        the running by value (with its choice, :attr:`tied` when any are left), then
        those dropped early as clearly worse (valued in fewer worlds).  For a hint: what
        it would do and why.  When the searches ran out of budget (:attr:`fallback` is
        then true): the rule bot's choice alone, valued NaN (not searched)."""
        options = candidates(view, legal)
        self.tied = ()
        if len(options) == 1:
            return [(options[0], 0.0)]
        if self.bidder is not None and self.bidder.decides(options):
            choice = self.bidder.choose(view, options)
            valued = self.bidder.values(view, options)
            return sorted(valued, key=lambda av: (av[0] != choice, -av[1]))
        weighed = self._budgeted(view, lambda: self._weigh(view, options))
        if weighed is None:
            return [(self.rule.act(view, legal), NOT_SEARCHED)]
        values, alive = weighed
        chosen = self._choose(view, legal, options, values, alive)
        order = sorted((i for i in range(len(options)) if values[i]),
                       key=lambda i: (i != chosen, i not in alive,
                                      -sum(values[i]) / len(values[i])))
        return [(options[i], sum(values[i]) / len(values[i])) for i in order]

    def _budgeted(self, view: SeatView, search: Callable[[], T]) -> T | None:
        """``search()`` (a decision's searches) within the budget; ``None`` when the
        bot does not search this decision or the searches ran out of budget."""
        if not self._start_searching(view):
            return None
        try:
            return search()
        except SearchLimit:
            self._give_up(view)
            return None

    def _start_searching(self, view: SeatView) -> bool:
        """Give the solver the decision's budget; ``False`` (search nothing) when
        the bot's searches once ran out of budget holding as many cards as now or
        fewer, or more than :attr:`deepest` tricks are still to be played."""
        if count_cards(view.hand) >= self._too_big or \
                self.rules.deal.hand_size - len(view.trick_winners) > self.deepest:
            self._fall_back()
            return False
        self.fallback = False
        self.solver.allow(self.budget)
        return True

    def _give_up(self, view: SeatView) -> None:
        """The decision's searches ran out of budget: the rule bot decides, and
        the bot searches again only holding fewer cards."""
        self._too_big = count_cards(view.hand)
        self._fall_back()

    def _fall_back(self) -> None:
        """This decision is the rule bot's: no worlds were searched."""
        self.fallback = True
        self.last_worlds = 0

    def _weigh(self, view: SeatView, legal: Sequence[Action]
               ) -> tuple[list[list[float]], list[int]]:
        """Each option's values in the worlds sampled for it, and the options still in
        the running when the sampling stopped."""
        seat = view.seat
        sampler = WorldSampler(view)
        readers = self._readers(view)
        rng = self.rng
        k = len(legal)
        credit = self._credits(legal, self._stake(sampler.template, seat))
        values: list[list[float]] = [[] for _ in range(k)]
        alive = list(range(k))
        for w in range(self.bid_worlds):
            world = draw_world(sampler, readers, rng)
            for i in alive:
                values[i].append(self._value_after(world, legal[i], seat) + credit[i])
            if (w + 1) % BATCH_WORLDS == 0 and w + 1 < self.bid_worlds:
                alive = survivors(values, alive)
                if len(alive) == 1:
                    break
        return values, alive

    def _credits(self, legal: Sequence[Action], stake: float) -> list[float]:
        """What each option is credited before the comparison, ``stake`` being what
        being set costs: ``bias`` times it to a passive option, less ``alone_bias``
        times it for a lone hand (made or defended)."""
        return [((self.bias if a.verb in PASSIVE else 0.0)
                 - (self.alone_bias if a.alone or a.verb == DEFEND_ALONE else 0.0)) * stake
                for a in legal]

    def _readers(self, view: SeatView) -> list[SeatReading]:
        """The readings of this hand's bidding and play, those the bot makes
        and that have anything to read."""
        out: list[SeatReading] = []
        # the play's reading first: it is the cheaper, and rejects most draws (the
        # kept draws, their weights and the rng's draws do not depend on the order:
        # it answers 0 or 1)
        if self.read_play and view.plays:
            plays = PlayInference(view, self.rule)
            if plays.reads:
                out.append(plays)
        if self.infer:
            bids = BiddingInference(view, self.rule, self.read_partner)
            if bids.reads:
                if bids.context == self._bids_context:
                    bids.known = self._bids_known  # the same bidding read again
                    bids.dealt = self._bids_dealt
                else:
                    self._bids_context = bids.context
                    self._bids_known = bids.known
                    self._bids_dealt = bids.dealt
                out.append(bids)
        return out

    def _stake(self, game: Machine, seat: int) -> float:
        """What being set costs the bot's side at ``game``'s score, in the units
        the bot counts: points, or when it plays for the game, the chance of
        winning lost by giving the rivals :attr:`stake` points."""
        if self.chances is None:
            return float(self.stake)
        side = game.side_of[seat]
        set_back = (0, self.stake) if side == 0 else (self.stake, 0)  # the rivals score it
        return float(self.chances.after(game.scores, side, (0, 0))
                     - self.chances.after(game.scores, side, set_back))

    def _value_after(self, world: Machine, action: Action, seat: int) -> float:
        """What the bot's side gets (:func:`net_utility`) if it takes ``action``
        in ``world``: the rest of the bidding by the rule bot, the play by the
        solver."""
        child = world.clone()
        child.apply(action)
        rule = self.rule
        while child.phase != PLAYING and not child.hand_over:
            s = child.to_act
            child.apply(rule.act(SeatView(child, s), child.legal_actions()))
        if child.phase == PLAYING:
            u = self._utility(child, seat)
            value = self.solver.solve_points_position(position_of(child, seat), u)
            if action.alone and len(u) > 1 and value >= u[-1] > u[-2] and \
                    not self._marches_blind(child):
                value = u[-2]  # a march only the cards' owner could see is a make
            return float(value)
        result = child.last_result
        chances = self.chances
        if chances is not None:  # the hand ended in the bidding (thrown in, or scored)
            points = result.points if result is not None else (0,) * len(world.sides)
            return float(chances.after(world.scores, world.side_of[seat], points))
        if result is None:
            return 0.0
        # the engine's value of the hand (a game won outright on it included): the
        # side's own, or in a two-sided partnership game net of the other side's
        side = world.side_of[seat]
        if self.partners and len(world.sides) == 2:
            return net_values(world.rules, result.score)[side]
        return float(side_values(world.rules, result.score)[side])


    def _utility(self, game: Machine, seat: int) -> list[int]:
        """:func:`net_utility` of a hand at the start of its play, remembered by
        what it depends on (the contract's outcome and the score): the worlds of
        a bidding decision end in a few contracts."""
        key = (game.hand_outcome(game.tricks), tuple(game.scores), seat)
        found = self._utilities.get(key)
        if found is None:
            if len(self._utilities) >= UTILITY_MEMO:
                self._utilities.clear()
            found = net_utility(game, seat, self.partners, self.chances)
            self._utilities[key] = found
        return found

    def _marches_blind(self, game: Machine) -> bool:
        """Whether the makers march ``game`` (at the start of its play) when they
        play as the rule bot, from their own view -- a play that cannot see the
        other hands, as the lone hand will be played at the table -- and the
        defenders play their best with every card in sight.

        In a sampled world the solver plays the maker's cards knowing where the
        others lie (strategy fusion): which trumps are still out, who is void,
        where the guarded king sits; a march needs every trick, so that knowledge
        is worth most to it.  A lone hand counts its march (:meth:`_value_after`)
        only in worlds where this blind play makes it too: a conservative test,
        the rule bot's habits being plainer than the bot's own play."""
        g = game.clone()
        makers = g.side_of[g.maker] if g.maker is not None else -1
        rule = self.rule
        while not g.hand_over:
            s = g.to_act
            legal = legal_plays(g, s)
            if g.side_of[s] == makers:
                card = rule.play(SeatView(g, s), legal)
            else:
                values = self.solver.card_points_position(
                    position_of(g, s), net_utility(g, s, self.partners))
                card = max(values, key=lambda c: values[c])
            g.play(s, card)
            if any(g.tricks[d] for d in range(g.n) if g.side_of[d] != makers):
                return False
        result = g.last_result
        return result is not None and result.march


class SeatReading:
    """What the readings of the bidding and of the play share: the seats read,
    each seat's cards played this hand, and every (seat, cards) answer,
    remembered for the decision so that a hand met again costs a dictionary
    lookup.  A seat's cards are its cards in a world plus those it has played.

    ``agrees(seat, cards, hands)`` is the reading itself: how likely is
    ``seat``, holding ``cards`` (its hand in the world ``hands``), to have
    acted as it did (1 when sure, 0 when it would not have)?"""

    def __init__(self, view: SeatView, rule: RuleBot,
                 agrees: Callable[[int, int, Sequence[int]], float]) -> None:
        self.rule = rule
        self.agrees = agrees
        #: seat -> how many of the hand's actions (or plays) to replay to read it
        self.until: dict[int, int] = {}
        played = [0] * view.n
        for s, card in view.plays:
            played[s] |= 1 << card
        self.played = played
        self.known: dict[tuple[int, int], float] = {}

    def depends(self, seat: int, hands: Sequence[int]) -> int:
        """What else than its cards ``seat``'s reading depends on in the world
        ``hands`` (a mask; 0: nothing), for the memo of answers."""
        return 0

    @property
    def reads(self) -> bool:
        """Is any seat read?"""
        return bool(self.until)

    def chance(self, hands: Sequence[int], floor: float = 0.0) -> float:
        """How likely every read seat is to have acted as it did, holding its
        cards in ``hands``: the world's weight.  Once the weight is at or below
        ``floor`` the other seats are not read (a rejection is already sure)."""
        out = 1.0
        for s in self.until:
            cards = hands[s] | self.played[s]
            key = (s, cards | (self.depends(s, hands) << 128))
            p = self.known.get(key)
            if p is None:
                p = self.agrees(s, cards, hands)
                self.known[key] = p
            out *= p
            if out <= floor:
                break
        return out

    def accepts(self, hands: Sequence[int]) -> bool:
        """Whether every read seat's actions could have come from its cards in
        ``hands`` (a weight above zero)."""
        return self.chance(hands) > 0.0


class BiddingInference(SeatReading):
    """Reads the bidding: how likely is each other seat, holding a world's
    cards, to have bid as it did?

    Plain PIMC deals a seat that ordered up as many trumps as one that passed;
    a player reads the bidding.  Other players do not all bid alike, so the
    reading is a soft model of a reasonable player
    (:meth:`RuleBot.bid_chance`): a seat makes trump with a chance that rises
    with how far its cards clear the rule bot's bar (:data:`SOFTNESS` points
    wide), passes otherwise, and takes any other decision the rule bot would
    not have taken with the small chance :data:`STRAY`.  A world's weight is
    the product of those chances over every bidding action seen so far --
    passes, orders, calls, bids, stays and drops -- and :func:`draw_world`
    keeps a world with that chance.  An opponent that orders up on a hand a
    little weaker than the rule bot would does not empty the worlds.  A
    seat's cards at the bidding are its cards in the world plus those it has
    played; a seat that has since exchanged cards (discarded, given, swapped,
    taken the widow) is not read, nor one whose hand the world leaves out (a
    loner's partner) -- but for a seat that took the upcard and put one card
    down unseen (a dealer who picked it up): it bid holding its cards less the
    upcard plus one of the cards nobody holds in the world (each alike), and
    put down the card the rule bot would have (or any other with :data:`STRAY`),
    so a dealer's hidden discard is its worst card, not a bower left in the kitty.
    A lone make is read as one (:meth:`RuleBot.bid_chance`).
    """

    def __init__(self, view: SeatView, rule: RuleBot, partner: bool = True,
                 seats: Collection[int] | None = None, softness: float = SOFTNESS,
                 stray: float = STRAY) -> None:
        super().__init__(view, rule, self._bids_so)
        self.softness = softness
        self.stray = stray
        self.view = view
        self.actions = view.actions
        me = view.seat
        unread: set[int] = set()  # the seats out of the reading's scope
        if seats is not None:  # a record's hidden hands: exactly these seats are read
            unread = {s for s in range(view.n) if s not in seats}
            me = -1
        elif not partner:  # the seat's own side is not read
            side = view.side_of[me]
            unread = {s for s in range(view.n) if view.side_of[s] == side}
        exchanged = [i for i, a in enumerate(self.actions) if a.verb in EXCHANGE_VERBS]
        #: the seat read though it took the upcard and put a card down face down (a
        #: dealer who picked it up), and where its discard is: its hand at the
        #: bidding had one card nobody holds now
        self.took: set[int] = set()
        self.discard_at = -1
        up = view.upcard_holder
        if up is not None and up != me and up not in unread and \
                [self.actions[i].verb for i in exchanged if self.actions[i].seat == up] \
                == [DISCARD]:
            self.took.add(up)
            self.discard_at = next(i for i in exchanged if self.actions[i].seat == up)
        unread |= {self.actions[i].seat for i in exchanged} - self.took
        for i, a in enumerate(self.actions):  # the actions to replay to read its bids
            if a.verb in READ_VERBS and a.seat != me and a.seat not in unread:
                self.until[a.seat] = i + 1
        for s in self.took:  # and its discard: the card it chose to put down
            self.until[s] = self.discard_at + 1
        # the seats that made trump are read first: few hands make it, so a world
        # is turned down by them before the passers (most hands pass) are read
        made = {a.seat for a in self.actions if a.verb in MAKE_VERBS}
        self.until = {s: self.until[s] for s in sorted(self.until, key=lambda s: s not in made)}
        self.size = view.rules.deal.hand_size
        #: ``(seat, cards, discard)`` -> the chance of a seat that took the upcard, dealt
        #: ``cards`` and the card it put down, ``discard`` (:meth:`_bids_so`)
        self.dealt: dict[tuple[int, int, int], float] = {}
        #: the hand before its deal (made at the first reading), and the game each
        #: reading replays the bidding in
        self.blank: Machine | None = None
        self.scratch: Machine | None = None
        #: everything a seat's reading depends on but its cards: two readings of
        #: one context give the same answers (a hand's card decisions share them)
        self.context: tuple[object, ...] = (
            me, partner, view.dealer, view.deals, view.scores, view.drop_streak,
            view.upcard, self.actions[:max(self.until.values(), default=0)])

    def depends(self, seat: int, hands: Sequence[int]) -> int:
        return self._rest(hands) if seat in self.took else 0

    def _rest(self, hands: Sequence[int]) -> int:
        """The cards nobody holds or played in the world ``hands``: the kitty and
        the face-down discards."""
        out = self.view.deck.full_mask
        for s, h in enumerate(hands):
            out &= ~(h | self.played[s])
        return out

    def _bids_so(self, seat: int, cards: int, hands: Sequence[int]) -> float:
        if seat in self.took:
            # the hand it bid on: its cards less the upcard, plus the card it put
            # down, one of those nobody holds (each alike a priori: the mean chance),
            # read with the discard -- the card a player puts down is its worst
            up = self.view.upcard
            assert up is not None
            base = cards & ~(1 << up)
            shown = self.actions[self.discard_at].arg
            rest = [shown] if shown is not None else card_list(self._rest(hands))
            if not rest:
                return 1.0
            total = 0.0
            dealt = self.dealt
            for d in rest:
                # a world's answer is the mean over the cards nobody holds in it, and
                # worlds that differ only in those share most of them: each is
                # remembered on its own
                key = (seat, base, d)
                p = dealt.get(key)
                if p is None:
                    p = dealt[key] = self._dealt_chance(seat, base | (1 << d), d)
                total += p
            return total / len(rest)
        return self._dealt_chance(seat, cards)

    def _dealt_chance(self, seat: int, cards: int, discard: int | None = None) -> float:
        """How likely ``seat`` was to bid as it did, dealt ``cards`` (and, having
        taken the upcard, to put down ``discard``)."""
        if count_cards(cards) != self.size:
            return 1.0  # not a whole hand: nothing to read
        v = self.view
        chance = 1.0
        if self.blank is None:
            self.blank = undealt_hand(v)
            self.scratch = self.blank.clone()
        game = self.scratch
        assert game is not None
        # a copy of the hand before its deal, reset to it for every reading (cheaper
        # than a new game each time, as :class:`PlayInference` replays the play)
        game.copy_state(self.blank)
        deal: list[list[int | None] | None] = [None] * v.n  # the seat's hand, no other
        deal[seat] = [*card_list(cards)]
        rule = self.rule
        try:
            game.deal(deal, v.upcard, None)
            for i in range(self.until[seat]):
                a = self.actions[i]
                if a.seat == seat and a.verb == DISCARD and discard is not None:
                    a = Action(seat, DISCARD, discard)
                    chosen = rule.act(SeatView(game, seat), game.legal_actions())
                    chance *= 1.0 if chosen == a else self.stray
                elif a.seat == seat and a.verb in READ_VERBS:
                    if game.to_act != seat:
                        # an optional declaration of another seat, declined (a
                        # decline is not recorded: the seat's action declines it)
                        game.apply(Action(game.to_act, DECLINE))
                    chance *= rule.bid_chance(SeatView(game, seat), game.legal_actions(),
                                              a, self.softness, self.stray)
                game.act(a.seat, a.verb, a.arg, a.alone, allow_renege=True)
        except (ValueError, EuchreError):
            return 1.0  # the replay cannot be made with these cards: nothing to read
        return chance


class PlayInference(SeatReading):
    """Reads the play: would each opponent, holding a world's cards, have played
    its cards as it did?

    The opponents are taken to play as the rule bot would from their own view
    (as :class:`BiddingInference` takes them to bid).  A world is kept only if
    every card an opponent has played this hand is the one the rule bot would
    have chosen, holding what that opponent held in the world: its cards now
    plus those it has played.  The partner is not read: a partner that is
    this bot plays by search, not by habit.
    """

    def __init__(self, view: SeatView, rule: RuleBot,
                 seats: Collection[int] | None = None) -> None:
        super().__init__(view, rule, self._plays_so)
        self.plays = view.plays
        side = view.side_of[view.seat]
        for i, (s, _card) in enumerate(self.plays):  # the plays to replay to read its own
            if view.side_of[s] != side if seats is None else s in seats:
                self.until[s] = i + 1
        self.start: Machine | None = None
        self.scratch: Machine | None = None
        if self.reads:
            actions = view.actions
            first = next(i for i, a in enumerate(actions) if a.verb == PLAY)
            #: the hand when its play began, as the bot knows it
            self.start = replay_known(view, first)
            #: where each reading replays the play: a copy of ``start``, reset to it
            #: for every reading (cheaper than a new clone each time)
            self.scratch = self.start.clone()

    def _plays_so(self, seat: int, cards: int, hands: Sequence[int]) -> float:
        """Replay the play from its start, every hand as in ``hands`` (the view
        of ``seat`` shows only its own), asking the rule bot at each of its plays."""
        assert self.start is not None and self.scratch is not None
        game = self.scratch
        game.copy_state(self.start)
        played = self.played
        game.assume_hands([hands[s] | played[s] for s in range(game.n)])
        rule = self.rule
        try:
            for i in range(self.until[seat]):
                s, card = self.plays[i]
                if s == seat and rule.play(SeatView(game, s), legal_plays(game, s)) != card:
                    return 0.0
                game.play(s, card)
        except EuchreError:
            return 1.0  # the play cannot be replayed with these cards: nothing to read
        return 1.0


def draw_world(sampler: WorldSampler, readers: list[SeatReading], rng: RandomSource) -> Machine:
    """A world from ``sampler`` that agrees with the bidding and the play, as
    ``readers`` read them: each draw is kept with the chance the readings give
    it (rejection sampling: the worlds come out weighted by that chance).

    After :data:`TRIES` draws none of which was kept, the last one drawn -- and
    the reading that turned down the most of them leaves ``readers``, so that
    the decision's next worlds are drawn without it: the table did what that
    reading's model of a player would almost never do (another kind of player
    sits there, as a search bot whose cards the rule bot would have played
    otherwise), and every further world would pay :data:`TRIES` draws for
    nothing."""
    hands, widow, kitty = sampler.sample_hands(rng)
    if not readers:
        return sampler.world(hands, widow, kitty)
    refused = [0] * len(readers)
    for tries in range(TRIES):
        if tries:
            hands, widow, kitty = sampler.sample_hands(rng)
        # the draw is kept when the weight beats this: once the weight falls to it,
        # the rest of the reading cannot save the draw and is skipped
        bar = rng.random()
        p = 1.0
        for i, r in enumerate(readers):
            p = r.chance(hands, bar / p) * p
            if p <= bar:
                refused[i] += 1
                break
        if p > bar:
            return sampler.world(hands, widow, kitty)
    del readers[refused.index(max(refused))]
    return sampler.world(hands, widow, kitty)


class RecordReading:
    """The same readings of the bidding and the play, applied to a record with hidden
    hands (``euchre analyze``): worlds of a position of the record are drawn by
    :func:`draw_world` with the hidden seats read as the bot reads its opponents --
    their bids softly against the rule bot's bar, their cards as the rule bot's.
    One reading of a table, whoever asks: a bot for its decisions, the analysis for
    the value of a recorded play."""

    def __init__(self, seed: int = 0, softness: float = SOFTNESS, stray: float = STRAY) -> None:
        self.seed = check_seed(seed)
        self.softness = softness
        self.stray = stray
        self._rules: dict[int, tuple[RuleSet, RuleBot]] = {}

    def _rule(self, rules: RuleSet) -> RuleBot:
        found = self._rules.get(id(rules))
        if found is None or found[0] is not rules:
            found = self._rules[id(rules)] = (rules, RuleBot(rules, random.Random(self.seed),
                                                           call_margin=MODEL_CALL_MARGIN))
        return found[1]

    def draws(self, game: Machine, seats: Collection[int]
              ) -> Callable[[RandomSource], list[int]]:
        """A drawer of every seat's hand in one world of ``game`` (a position of a
        record's walk, in the play), ``seats`` (the hands the record hides) read."""
        sampler = WorldSampler(record=game)
        rule = self._rule(game.rules)
        view = SeatView(game, game.to_act)
        readers: list[SeatReading] = []
        if view.plays:
            try:
                plays = PlayInference(view, rule, seats)
            except (ValueError, EuchreError):
                pass  # the hand's start cannot be rebuilt from the record: not read
            else:
                if plays.reads:
                    readers.append(plays)
        bids = BiddingInference(view, rule, seats=seats, softness=self.softness,
                                stray=self.stray)
        if bids.reads:
            readers.append(bids)

        pool: list[tuple[list[int], float]] = []
        total = [0.0]

        def draw(rng: RandomSource) -> list[int]:
            # sampling-importance-resampling: POOL uniform draws weighed by the
            # readings once, then each world drawn from them by weight (no reading
            # is given up on, as :func:`draw_world` must for a bot in a hurry)
            if not pool:
                for _ in range(POOL):
                    hands = sampler.sample_hands(rng)[0]
                    p = 1.0
                    for r in readers:
                        p *= r.chance(hands)
                        if p <= 0.0:
                            break
                    pool.append((hands, p))
                    total[0] += p
            if total[0] <= 0.0:  # nothing the readings allow: the table is no model's
                return list(pool[int(rng.random() * len(pool))][0])
            x = rng.random() * total[0]
            for hands, p in pool:
                x -= p
                if x < 0.0:
                    return list(hands)
            return list(pool[-1][0])
        return draw


def candidates(view: SeatView, legal: Sequence[Action]) -> Sequence[Action]:
    """The options worth searching, by the table truths (:mod:`.truths`): no trump is
    discarded while a plain card can go; no lone hand is tried without a sound lone
    hand (three trumps or more, with a bower -- the jack of trump, the other jack of
    its colour, or the joker -- or the three top trumps): a march needs every trick,
    and a lone hand without a bower gives one up to it whenever a defender holds it --
    worlds in which the solver sees where the bowers lie make such a hand look better
    than it plays (issue 41); nor is a suit named, when passing is open, holding one
    trump below its ace (the worlds' partner holds what the searcher needs more often
    than the table's does); nor is a pass tried holding both bowers and a third trump
    of a suit the seat may make trump now (:func:`~.truths.sure_make_open`): a strong player
    makes it, and a pass may throw the hand in."""
    deck = view.deck
    out: list[Action] = []
    may_pass = any(a.verb == PASS for a in legal)
    sure = may_pass and sure_make_open(view, legal)
    for a in legal:
        if a.verb == PASS and sure:
            continue
        if a.verb == CALL and may_pass and a.arg is not None and \
                one_low_trump(deck, view.hand, a.arg):
            continue
        if a.verb == DISCARD and a.arg is not None and view.trump is not None and \
                view.trump < 4:
            trumps = deck.trump_masks[view.trump]
            plain = [b for b in legal if b.verb == DISCARD and b.arg is not None
                     and not (trumps >> b.arg) & 1]
            if plain and (trumps >> a.arg) & 1:
                continue
        if a.alone:
            contract, hand = making(view, a)
            if contract is None or contract >= 4 or not sound_lone(deck, hand, contract):
                continue
        out.append(a)
    return out or legal


def equivalent_plays(view: SeatView, legal: int) -> bool:
    """Whether the legal cards ``legal`` (more than one) are worth the same in every
    world the seat can imagine: one effective suit, and every card of it between
    the lowest and the highest of them in power either one of them or out of the
    play (played to a finished trick).  The solver plays such cards as one (its
    root groups: no card another seat holds or has on the table parts them), so
    searching them tells nothing.  A card that is only unseen may sit in another
    hand and part them; so may another copy of a card (a double deck: not read)."""
    trump = view.trump
    deck = view.deck
    if trump is None or deck.copies > 1:
        return False
    eff = deck.effective_suits[trump]
    suit = eff[legal.bit_length() - 1]
    higher = deck.higher_masks[trump]
    low = high = -1
    for c in mask_cards(legal):
        if eff[c] != suit:
            return False
        if low < 0 or higher[c] & (1 << low):
            low = c  # below every card seen so far: ``low`` is among those it outranks
        if high < 0 or higher[high] & (1 << c):
            high = c
    between = higher[low] & ~higher[high] & ~(1 << high)
    table = 0
    for c in view.trick:
        table |= 1 << c
    gone = view.played & ~table
    return not between & ~legal & ~gone


def survivors(values: list[list[float]], alive: list[int],
              separation: float = SEPARATION) -> list[int]:
    """The options of ``alive`` not clearly behind the leader on the worlds scored so
    far (``values[i][w]``: option ``i`` in world ``w``): behind by at most
    ``separation`` standard errors of the paired difference.  (``bench/stopping.py``
    replays other separations on stored values.)"""
    n = len(values[alive[0]])
    lead = max(alive, key=lambda i: sum(values[i]))
    out = []
    for i in alive:
        if i == lead:
            out.append(i)
            continue
        diffs = [values[lead][w] - values[i][w] for w in range(n)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
        # a small floor: identical values on every world are no proof of a tie
        se = max((var / n) ** 0.5, 0.05)
        if mean <= separation * se:
            out.append(i)
    return out


def net_utility(game: Machine, seat: int, partners: bool,
                chances: WinChances | None = None) -> list[int]:
    """``u[k]``: what the seat's side gets if it takes ``k`` more tricks.

    With ``chances`` (a two-sided game to a target, :func:`win_chances`): the
    side's chance of winning the game after the hand.  Otherwise its points,
    less the other side's in a two-sided partnership game (scored by the
    engine; :func:`utilities` already nets table scores against the best
    rival), in a game to a target :func:`capped` at what each side still needs."""
    if chances is not None:
        side = game.side_of[seat]
        return [chances.after(game.scores, side, s.points) for s in hand_scores(game, seat)]
    u = utilities(game, seat)
    if game.rules.scoring.model == ScoringModel.TABLE:
        return capped(game, seat, u)
    if not partners or len(game.sides) != 2:
        return u
    side = game.side_of[seat]
    other = [s for s in range(game.n) if game.side_of[s] != side]
    active = [s for s in other if game.active[s]]
    opp = (active or other)[0]
    v = utilities(game, opp)
    left = len(u) - 1
    return [u[k] - v[left - k] for k in range(left + 1)]


def capped(game: Machine, seat: int, u: list[int]) -> list[int]:
    """``u`` with a side's gain capped at the points it still needs to win a game
    played to a target, and its loss at the points the leading rival needs
    (:func:`~euchre_dsl.engine.scoring.cap_to_target`): past the target, a point
    is worth nothing (unless the game laps into the next)."""
    r = game.rules
    scores = game.scores
    side = game.side_of[seat]
    rival = leading_rival(scores, side)
    return [cap_to_target(r, scores, side, x) if x >= 0 else -cap_to_target(r, scores, rival, -x)
            for x in u]

