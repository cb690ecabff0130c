"""The score of a hand, what it is worth, and the end of a game: the one place each is decided.

Pure functions of the rule set and the hand's outcome, used by replay,
validation, simulation, analysis, the bots, the searches, the RL environments
and the event standings alike:

* :func:`score_hand`: the points each side's score changes by;
* :func:`side_values` and :func:`net_values`: what a scored hand is worth to
  each side (a game won outright on the hand included), alone and net of the
  other sides -- every reward, return and search leaf reads these;
* :func:`max_hand_points`: the most a hand can be worth to a side, either way;
* :func:`cap_to_target`: a gain worth no more than the points still needed;
* :func:`lone_march`: a lone hand that took every trick and was scored for it;
* :func:`game_winners`: who has won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple, Sequence

from ..rules.ruleset import Renege, RuleSet, ScoringModel, Tie, TrickCount

if TYPE_CHECKING:
    from .state import HandResult

# Option words compared on every hand, as module constants: compiled code reads
# them without a lookup on the enum class.
_COUNTDOWN: Final = ScoringModel.COUNTDOWN
_OFFENDER: Final = Renege.OFFENDER
_RENEGE_NONE: Final = Renege.NONE
_DEDUCT: Final = Renege.DEDUCT
_PLAY_ON: Final = Tie.PLAY_ON
_TRICKS_OFF: Final = TrickCount.OFF
_TRICKS_BID: Final = TrickCount.BID


class ScoringTable:
    """A rule set's scoring and game-end options, copied once into a compiled object.

    The rule set is plain Python: each option read through it is two lookups
    by name, and a hand's score read a dozen.  The values are the rule set's
    (it stays the one place they are declared); :func:`scoring_table` makes
    this copy once per rule set.
    """

    def __init__(self, r: RuleSet) -> None:
        s, g = r.scoring, r.game
        self.countdown = s.model == _COUNTDOWN
        self.renege = str(s.renege)
        self.renege_points = s.renege_points
        self.renege_alone_points = s.renege_alone_points
        self.make, self.march = s.make, s.march
        self.alone_make, self.alone_march = s.alone_make, s.alone_march
        self.euchred, self.euchred_march = s.euchred, s.euchred_march
        self.alone_euchred = s.alone_euchred
        self.lone_defender_euchre = s.lone_defender_euchre
        self.lone_defender_march = s.lone_defender_march
        self.per_trick, self.bucked = s.per_trick, s.bucked
        self.maker_set, self.maker_set_credits_tricks = s.maker_set, s.maker_set_credits_tricks
        self.instant_win = s.instant_win
        self.trick_count = s.trick_count != _TRICKS_OFF
        self.scores_bid = s.trick_count == _TRICKS_BID
        self.defenders_score_tricks = s.defenders_score_tricks
        self.shoot = s.shoot
        self.hand_size = r.deal.hand_size
        self.instant_win_requires_opponent = s.instant_win_requires_opponent
        self.partner_scores = r.partner.partner_scores
        self.target = g.target
        self.ends_at_target = g.ends_at_target
        self.deals: int | None = g.deals
        self.fixed_deals = g.fixed_deals and g.deals is not None
        self.lose_at: int | None = g.lose_at
        self.play_on = g.tie == _PLAY_ON


#: The table of each rule set, by ``id`` (checked with ``is``: a rule set is immutable).
_TABLES: dict[int, tuple[RuleSet, ScoringTable]] = {}


def scoring_table(r: RuleSet) -> ScoringTable:
    """The :class:`ScoringTable` of ``r``, made on first use."""
    found = _TABLES.get(id(r))
    if found is not None and found[0] is r:
        return found[1]
    if len(_TABLES) >= 64:
        _TABLES.clear()
    table = ScoringTable(r)
    _TABLES[id(r)] = (r, table)
    return table



class HandOutcome(NamedTuple):
    """What the play of a hand produced, before scoring."""

    maker: int | None
    alone: bool
    lone_defender: int | None
    target: int  # tricks the makers needed
    active: tuple[bool, ...]
    tricks: tuple[int, ...]
    renege_by: int | None
    partner: int | None = None  # a called partner (partner.call), playing with the maker


class HandScore(NamedTuple):
    points: tuple[int, ...]  # per side, signed change of score
    instant_winner: int | None = None  # side that won the game outright
    reason: str = ""


def contract_target(r: RuleSet, bid: int, alone: bool) -> int:
    """Tricks the makers need: the fixed target, or the bid under ``maker_target: bid``;
    every trick for a shoot (a lone maker under trick-count scoring with shoot points).

    The one answer for the engine's hands, the bots' estimates and the solver."""
    t = scoring_table(r)
    if alone and t.shoot and t.trick_count:
        return t.hand_size
    target = r.scoring.maker_target
    return bid if isinstance(target, str) else target


def shoots(r: RuleSet, o: HandOutcome) -> bool:
    """Was the hand a shoot: a lone maker's every-trick contract for the shoot's points?"""
    t = scoring_table(r)
    return o.maker is not None and o.alone and t.shoot > 0 and t.trick_count


def makers_made(side_of: tuple[int, ...], o: HandOutcome) -> bool | None:
    """Did the makers take the tricks they needed?  ``None`` when nobody made trump.

    A hand's ``made`` (and so its ``euchred``, ``made is False``), defined here once.
    """
    if o.maker is None:
        return None
    return _makers_tricks(side_of, o) >= o.target


def makers_marched(side_of: tuple[int, ...], o: HandOutcome) -> bool:
    """Did the makers take every trick of the hand?  A hand's ``march``, defined here once.

    In every scoring model: a countdown game has no march in its table, but a
    maker who took every trick has marched all the same (and the statistics
    count it so).
    """
    if o.maker is None:
        return False
    return _makers_tricks(side_of, o) == _total(o.tricks)


def start_score(r: RuleSet) -> int:
    """Each side's score before the first hand: the countdown's start, else 0."""
    t = scoring_table(r)
    return r.scoring.start if t.countdown else 0


def set_cost(r: RuleSet) -> int:
    """What being set costs the makers of an ordinary contract (not alone), in points.

    The euchre's points to the defenders in table scoring, the set's points
    added to the maker's own score in a countdown, the lowest contract's
    target under trick-count scoring (a set loses the bid): the scale on which
    a bot weighs the risk of a bid.
    """
    t = scoring_table(r)
    if t.trick_count:
        return contract_target(r, r.bidding.auction_min, False)
    return t.maker_set if t.countdown else t.euchred


def side_values(r: RuleSet, score: HandScore) -> list[int]:
    """Each side's value of a scored hand, oriented so that more is always better.

    Table scoring: the points as scored.  Countdown scoring: the points
    negated (a countdown score falls as a player does well).  A game won
    outright on the hand (``instant_winner``) is worth the countdown's starting
    score to the winner and its negation to everyone else: the whole game.
    Every search and every bot that weighs a hand's outcome reads it here.
    """
    n = len(score.points)
    if score.instant_winner is not None:
        whole = r.scoring.start
        return [whole if side == score.instant_winner else -whole for side in range(n)]
    if scoring_table(r).countdown:
        return [-p for p in score.points]
    return list(score.points)


def net_values(r: RuleSet, score: HandScore) -> list[float]:
    """What a scored hand is worth to each side: its value (:func:`side_values`:
    more is better, a game won outright on the hand worth the whole game) less
    the mean of the other sides' values (:func:`zero_sum`).

    The values of a table add up to zero and a better hand is always more.  The
    one answer for every RL reward, evaluation and OpenSpiel return, and for
    the bots and searches that weigh a finished hand.

    >>> from euchre_dsl.rules.registry import load_variant
    >>> net_values(load_variant("standard"), HandScore((2, 0)))
    [2.0, -2.0]
    >>> net_values(load_variant("buck"), HandScore((0, 0, 0, 0), instant_winner=1))
    [-16.666666666666664, 50.0, -16.666666666666664, -16.666666666666664]
    """
    return zero_sum(side_values(r, score))


def zero_sum(values: Sequence[float]) -> list[float]:
    """Each side's value less the mean of the other sides' (a lone side's as it is).

    :func:`net_values` of one scored hand; a search that values each side on a
    line of its own (:mod:`~euchre_dsl.search.bidding_search`) nets its values
    here too.

    >>> zero_sum([1, 0, 0])
    [1.0, -0.5, -0.5]
    """
    n = len(values)
    if n < 2:
        return [float(v) for v in values]
    total = 0.0
    for v in values:
        total += v
    return [v - (total - v) / (n - 1) for v in values]


def max_hand_points(r: RuleSet) -> int:
    """The most one hand can be worth to a side, either way: no side's points
    (:func:`score_hand`) nor value (:func:`side_values`, where a game won outright
    is worth the countdown's start) is ever larger in magnitude.

    From the rule set's point options: the make, march and euchre table; under
    trick-count scoring the tricks of a hand, the highest contract and the
    shoot; in a countdown a side's tricks, the bucked and set penalties of each
    of its seats, and the instant win; and the renege penalty wherever one
    replaces a hand's score.  :func:`net_values` never exceeds twice it.

    >>> from euchre_dsl.rules.registry import load_variant
    >>> [max_hand_points(load_variant(v)) for v in ("standard", "buck", "pepper")]
    [4, 25, 12]
    """
    t = scoring_table(r)
    s = r.scoring
    size = t.hand_size
    if t.countdown:
        players = r.players
        seats = -(-players.count // players.side_count)  # the largest side's seats
        # each seat adds at most its bucked or set points and loses at most those
        # negated; the side's tricks (at most the hand's) move it by per_trick each
        tricks = t.per_trick * size
        gains = seats * max(0, t.bucked, t.maker_set) + max(0, -tricks)
        losses = seats * max(0, -t.bucked, -t.maker_set) + max(0, tricks)
        most = max(gains, losses)
        if t.instant_win:
            most = max(most, abs(s.start))
    elif t.trick_count:
        contract = r.bidding.auction_max if isinstance(s.maker_target, str) else s.maker_target
        most = max(size, contract, t.shoot)
    else:
        most = max(abs(v) for v in (t.make, t.march, t.alone_make, t.alone_march, t.euchred,
                                    t.euchred_march, t.alone_euchred, t.lone_defender_euchre,
                                    t.lone_defender_march))
    if t.renege != _RENEGE_NONE:
        most = max(most, abs(t.renege_points), abs(t.renege_alone_points))
    return most


def cap_to_target(r: RuleSet, scores: Sequence[int], side: int, gain: int) -> int:
    """A gain of ``gain`` points to ``side``'s score, worth no more than the points the
    side still needs to win a game played to a target (at least 1): past the
    target a point is worth nothing.

    A loss (``gain`` of 0 or less) is returned as it is, and so is every gain in
    a game that does not end at its target (a fixed number of deals counts every
    point, and laps carry the points past it into the next game).  A bot that
    weighs its rivals' gains caps them at the best-placed rival's need.

    >>> from euchre_dsl.rules.registry import load_variant
    >>> cap_to_target(load_variant("standard"), [9, 6], 0, 4)
    1
    """
    if gain <= 0:
        return gain
    t = scoring_table(r)
    if not t.ends_at_target:
        return gain
    need = t.target - scores[side]
    return gain if gain <= need else max(need, 1)


def leading_rival(scores: Sequence[int], side: int) -> int:
    """The side other than ``side`` with the highest score (the first of equals): the
    rival whose need :func:`cap_to_target` caps the rivals' gain at.

    >>> leading_rival([3, 7, 9, 1], 2)
    1
    """
    best = -1
    for i, v in enumerate(scores):
        if i != side and (best < 0 or v > scores[best]):
            best = i
    return best


def lone_march(r: RuleSet, side_of: tuple[int, ...], res: HandResult) -> bool:
    """Was the hand a lone march: a lone maker took every trick and was scored for it?

    A renege penalty that replaces the hand's score ('award', 'deduct') replaces
    the march with it, and so does one that replaces the lone maker's own side's
    result ('offender', when that side reneged); a renege by the defenders under
    'offender', or under no penalty ('none'), leaves the hand scored as played,
    march and all.  An event's lone-march points and its lone-march tie break
    both ask here.
    """
    if not (res.alone and res.march) or res.maker is None:
        return False
    if res.renege_by is None:
        return True
    renege = scoring_table(r).renege
    if renege == _RENEGE_NONE:
        return True
    return renege == _OFFENDER and side_of[res.renege_by] != side_of[res.maker]


def scores_if_taken(r: RuleSet, side_of: tuple[int, ...], n_sides: int, o: HandOutcome,
                    seat: int) -> list[HandScore]:
    """``s[k]``: the hand's score if ``seat``'s side takes ``k`` of the tricks still to play.

    ``o`` is the hand as it stands (its tricks so far).  The side's extra tricks
    go to ``seat``; the others are dealt round the other seats still playing,
    so that no one of them sweeps the hand unless it plays alone against the
    side (and a seat alone at the table takes them all).  The one answer to
    "what is the hand worth if the rest falls so", for the solver's leaves, the
    bidding search and the bots' estimates alike.
    """
    left = r.deal.hand_size - _total(o.tricks)  # a trick for each card a seat holds
    return [score_if_taken(r, side_of, n_sides, o, seat, k) for k in range(left + 1)]


def score_if_taken(r: RuleSet, side_of: tuple[int, ...], n_sides: int, o: HandOutcome,
                   seat: int, k: int) -> HandScore:
    """One entry of :func:`scores_if_taken`: the score if ``seat``'s side takes
    ``k`` of the tricks still to play (a search that knows ``k`` needs no other)."""
    side = side_of[seat]
    left = r.deal.hand_size - _total(o.tricks)
    mates = (side, side_of[o.partner]) if o.partner is not None and o.maker is not None and \
        side in (side_of[o.maker], side_of[o.partner]) else (side, side)
    others = [s for s, a in enumerate(o.active) if a and side_of[s] not in mates]
    tricks = list(o.tricks)
    tricks[seat] += k
    if others:
        for i in range(left - k):
            tricks[others[i % len(others)]] += 1
    else:
        tricks[seat] += left - k
    taken = HandOutcome(o.maker, o.alone, o.lone_defender, o.target, o.active, tuple(tricks),
                        o.renege_by, o.partner)
    return score_hand(r, side_of, n_sides, taken)


def contract_outcome(maker: int, alone: bool, target: int, active: tuple[bool, ...]
                     ) -> HandOutcome:
    """The outcome of a contract not yet made, before any trick: what a bidder weighs.

    ``active`` are the seats that will play (a lone maker's partner sits out);
    pass it to :func:`scores_if_taken` with ``maker`` as the seat to value
    each number of tricks the maker's side may take.
    """
    return HandOutcome(maker, alone, None, target, active, tuple([0] * len(active)), None)


def contract_points(r: RuleSet, side_of: tuple[int, ...], maker: int, alone: bool,
                    tricks: int) -> tuple[int, ...]:
    """Each side's points for a contract of ``maker`` (alone or not, at the lowest
    contract's target) whose side takes ``tricks`` tricks, the defenders the rest:
    one entry of the scoring table as :func:`score_hand` applies it, for a reader
    that describes the table (an EGN ruleset's loner points).

    >>> from euchre_dsl.rules.registry import load_variant
    >>> contract_points(load_variant("standard"), (0, 1, 0, 1), 0, True, 5)
    (4, 0)
    """
    side = side_of[maker]
    active = tuple(not (alone and s != maker and side_of[s] == side) for s in range(len(side_of)))
    target = contract_target(r, r.bidding.auction_min, alone)
    n_sides = max(side_of) + 1
    return scores_if_taken(r, side_of, n_sides, contract_outcome(maker, alone, target, active),
                           maker)[tricks].points


def _makers_tricks(side_of: tuple[int, ...], o: HandOutcome) -> int:
    """The tricks of the maker's side, and of a called partner's."""
    assert o.maker is not None
    makers = side_of[o.maker]
    mate = makers if o.partner is None else side_of[o.partner]
    taken = 0
    for seat, t in enumerate(o.tricks):  # a loop, not sum() of a generator: compiled, no object
        side = side_of[seat]
        if side == makers or side == mate:
            taken += t
    return taken


def score_hand(r: RuleSet, side_of: tuple[int, ...], n_sides: int, o: HandOutcome) -> HandScore:
    """Points each side's score changes by for one played hand."""
    t = scoring_table(r)
    countdown = t.countdown
    score = _countdown(t, side_of, n_sides, o) if countdown else _table(t, side_of, n_sides, o)
    if o.renege_by is None or t.renege != _OFFENDER or score.instant_winner is not None:
        return score
    # 'offender': the offenders score the penalty instead of their own result for
    # the hand (against them: down in table scoring, up in countdown scoring)
    pts = list(score.points)
    pts[side_of[o.renege_by]] = (1 if countdown else -1) * t.renege_points
    return HandScore(tuple(pts), None, score.reason + ", renege")


def _renege_award(t: ScoringTable, side_of: tuple[int, ...], n_sides: int, o: HandOutcome
                  ) -> HandScore | None:
    """The hand's score when a renege penalty replaces it ('award', 'deduct'), else None.

    Penalties move scores against the offender: down in table scoring, up in
    countdown scoring.
    """
    if o.renege_by is None or t.renege == _RENEGE_NONE or t.renege == _OFFENDER:
        return None  # 'offender' replaces only the offender's own result: see score_hand
    pts = [0] * n_sides
    offender = side_of[o.renege_by]
    # a called partner and the maker are offended, or offend, together
    fellow = offender
    if o.partner is not None and o.maker is not None:
        if offender == side_of[o.maker]:
            fellow = side_of[o.partner]
        elif offender == side_of[o.partner]:
            fellow = side_of[o.maker]
    sign = 1 if t.countdown else -1
    if t.renege == _DEDUCT:
        lone = o.alone or o.lone_defender is not None
        pts[offender] = sign * (t.renege_alone_points if lone else t.renege_points)
        return HandScore(tuple(pts), None, "renege")
    # "award": every offended side scores as if it had won the hand outright
    for side in range(n_sides):
        if side == offender or side == fellow:
            continue
        lone_maker = o.alone and o.maker is not None and side_of[o.maker] == side
        pts[side] = -sign * (t.renege_alone_points if lone_maker else t.renege_points)
    return HandScore(tuple(pts), None, "renege")


def _total(tricks: tuple[int, ...]) -> int:
    """The tricks of a hand, added up (a loop: compiled, without a call to ``sum``)."""
    total = 0
    for t in tricks:
        total += t
    return total


def _table(s: ScoringTable, side_of: tuple[int, ...], n_sides: int, o: HandOutcome
           ) -> HandScore:
    award = _renege_award(s, side_of, n_sides, o)
    if award is not None:
        return award
    if s.trick_count:
        return _trick_count(s, side_of, n_sides, o)
    pts = [0] * n_sides
    reason = "no maker"
    if o.maker is not None:
        makers = side_of[o.maker]
        # a called partner's side: with the makers (scoring with them, or not)
        mate = makers if o.partner is None else side_of[o.partner]
        made = _makers_tricks(side_of, o)
        total = _total(o.tricks)
        if makers_made(side_of, o):
            march = made == total
            if o.alone:
                pts[makers] = s.alone_march if march else s.alone_make
            else:
                pts[makers] = s.march if march else s.make
            if mate != makers and s.partner_scores:
                pts[mate] = pts[makers]
            reason = "march" if march else "made"
        else:
            if o.lone_defender is not None:
                value = s.lone_defender_march if made == 0 else s.lone_defender_euchre
            elif made == 0:
                value = s.euchred_march
            else:
                value = s.alone_euchred if o.alone else s.euchred
            for side in range(n_sides):
                if side != makers and side != mate:
                    pts[side] = value
            reason = "euchred"
    # tuple.__new__: without the named tuple's __new__, Python code (an interpreted call)
    return tuple.__new__(HandScore, (tuple(pts), None, reason))


def _trick_count(s: ScoringTable, side_of: tuple[int, ...], n_sides: int, o: HandOutcome
                 ) -> HandScore:
    """Trick-count scoring (bid euchre, Pepper): made makers score their tricks or the
    bid, set makers lose the target, a shoot wins or loses its own points, and the
    defending sides score the tricks they took."""
    pts = [0] * n_sides
    if o.maker is None:
        return tuple.__new__(HandScore, (tuple(pts), None, "no maker"))
    makers = side_of[o.maker]
    taken = [0] * n_sides
    for seat, t in enumerate(o.tricks):
        taken[side_of[seat]] += t
    made = taken[makers] >= o.target
    if o.alone and s.shoot:
        pts[makers] = s.shoot if made else -s.shoot
    elif made:
        pts[makers] = o.target if s.scores_bid else taken[makers]
    else:
        pts[makers] = -o.target
    if s.defenders_score_tricks:
        for side in range(n_sides):
            if side != makers:
                pts[side] = taken[side]
    reason = "made" if made else "set"
    if o.alone and s.shoot:
        reason = "shoot " + reason
    return tuple.__new__(HandScore, (tuple(pts), None, reason))  # as in _table


def _countdown(s: ScoringTable, side_of: tuple[int, ...], n_sides: int, o: HandOutcome
               ) -> HandScore:
    total = _total(o.tricks)
    # an instant win ends the game and its points are not applied; a renege
    # forfeits only the offender's own instant win
    if s.instant_win:
        for seat, t in enumerate(o.tricks):
            if t == total and t > 0 and seat != o.renege_by:
                opponents = sum(1 for x, a in enumerate(o.active) if a and x != seat)
                if opponents or not s.instant_win_requires_opponent:
                    return HandScore(tuple([0] * n_sides), side_of[seat], "all tricks")
    award = _renege_award(s, side_of, n_sides, o)
    if award is not None:
        return award
    pts = [0] * n_sides
    for seat, active in enumerate(o.active):
        if not active:
            continue
        t = o.tricks[seat]
        if seat == o.maker and t < o.target:
            pts[side_of[seat]] += s.maker_set - (s.per_trick * t if s.maker_set_credits_tricks
                                                 else 0)
        elif t == 0:
            pts[side_of[seat]] += s.bucked
        else:
            pts[side_of[seat]] -= s.per_trick * t
    return tuple.__new__(HandScore, (tuple(pts), None, "countdown"))  # as in _table


def game_winners(r: RuleSet, scores: list[int], deals: int) -> list[int] | None:
    """Sides that have won (several for a tie), or ``None`` while the game goes on."""
    t = scoring_table(r)
    if t.countdown:
        finished = [i for i, v in enumerate(scores) if v <= 0]
        if not finished:
            return None
        best = min(scores[i] for i in finished)
        winners = [i for i in finished if scores[i] == best]
    else:
        if t.deals is not None and deals >= t.deals:
            best = max(scores)
            return [i for i, v in enumerate(scores) if v == best]
        if t.fixed_deals:  # every deal is played: the target ends nothing
            return None
        target = t.target  # read once, not per side
        finished = [i for i, v in enumerate(scores) if v >= target]
        if not finished and t.lose_at is not None:
            # a side gone out backwards: the best of the others' scores wins
            floor = -t.lose_at
            if any(v <= floor for v in scores):
                finished = [i for i, v in enumerate(scores) if v > floor] or \
                    list(range(len(scores)))
        if not finished:
            return None
        best = max(scores[i] for i in finished)
        winners = [i for i in finished if scores[i] == best]
    if len(winners) > 1 and t.play_on:
        return None
    return winners
