"""The score of a hand and the end of a game: the one place both are decided.

Pure functions of the rule set and the hand's outcome, used by replay,
validation, simulation and analysis alike.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from ..rules.ruleset import Renege, RuleSet, ScoringModel, Tie

# Option words compared on every hand, as module constants: compiled code reads
# them without a lookup on the enum class.
_COUNTDOWN: Final = ScoringModel.COUNTDOWN
_TRICKS: Final = ScoringModel.TRICKS
_OFFENDER: Final = Renege.OFFENDER
_RENEGE_NONE: Final = Renege.NONE
_DEDUCT: Final = Renege.DEDUCT
_PLAY_ON: Final = Tie.PLAY_ON


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
        self.by_tricks = s.model == _TRICKS
        # trick scoring: what a set costs when the target is a fixed number
        self.fixed_target = s.maker_target if isinstance(s.maker_target, int) else 0
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
        self.instant_win_requires_opponent = s.instant_win_requires_opponent
        self.target = g.target
        self.deals: int | None = g.deals
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


class HandScore(NamedTuple):
    points: tuple[int, ...]  # per side, signed change of score
    instant_winner: int | None = None  # side that won the game outright
    reason: str = ""


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
    added to the maker's own score in a countdown: the scale on which a bot
    weighs the risk of a bid.
    """
    t = scoring_table(r)
    if t.by_tricks:  # minus the target: the bid, at least the lowest one
        return t.fixed_target or r.bidding.auction_min
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
    side = side_of[seat]
    left = r.deal.hand_size - _total(o.tricks)  # a trick for each card a seat holds
    others = [s for s, a in enumerate(o.active) if a and side_of[s] != side]
    out: list[HandScore] = []
    for k in range(left + 1):
        tricks = list(o.tricks)
        tricks[seat] += k
        if others:
            for i in range(left - k):
                tricks[others[i % len(others)]] += 1
        else:
            tricks[seat] += left - k
        taken = HandOutcome(o.maker, o.alone, o.lone_defender, o.target, o.active, tuple(tricks),
                            o.renege_by)
        out.append(score_hand(r, side_of, n_sides, taken))
    return out


def contract_outcome(maker: int, alone: bool, target: int, active: tuple[bool, ...]
                     ) -> HandOutcome:
    """The outcome of a contract not yet made, before any trick: what a bidder weighs.

    ``active`` are the seats that will play (a lone maker's partner sits out);
    pass it to :func:`scores_if_taken` with ``maker`` as the seat to value
    each number of tricks the maker's side may take.
    """
    return HandOutcome(maker, alone, None, target, active, tuple([0] * len(active)), None)


def _makers_tricks(side_of: tuple[int, ...], o: HandOutcome) -> int:
    assert o.maker is not None
    makers = side_of[o.maker]
    taken = 0
    for seat, t in enumerate(o.tricks):  # a loop, not sum() of a generator: compiled, no object
        if side_of[seat] == makers:
            taken += t
    return taken


def score_hand(r: RuleSet, side_of: tuple[int, ...], n_sides: int, o: HandOutcome) -> HandScore:
    """Points each side's score changes by for one played hand."""
    t = scoring_table(r)
    countdown = t.countdown
    if countdown:
        score = _countdown(t, side_of, n_sides, o)
    elif t.by_tricks:
        score = _by_tricks(t, side_of, n_sides, o)
    else:
        score = _table(t, side_of, n_sides, o)
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
    sign = 1 if t.countdown else -1
    if t.renege == _DEDUCT:
        lone = o.alone or o.lone_defender is not None
        pts[offender] = sign * (t.renege_alone_points if lone else t.renege_points)
        return HandScore(tuple(pts), None, "renege")
    # "award": every offended side scores as if it had won the hand outright
    for side in range(n_sides):
        if side == offender:
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
    pts = [0] * n_sides
    reason = "no maker"
    if o.maker is not None:
        makers = side_of[o.maker]
        made = _makers_tricks(side_of, o)
        total = _total(o.tricks)
        if makers_made(side_of, o):
            march = made == total
            if o.alone:
                pts[makers] = s.alone_march if march else s.alone_make
            else:
                pts[makers] = s.march if march else s.make
            reason = "march" if march else "made"
        else:
            if o.lone_defender is not None:
                value = s.lone_defender_march if made == 0 else s.lone_defender_euchre
            elif made == 0:
                value = s.euchred_march
            else:
                value = s.alone_euchred if o.alone else s.euchred
            for side in range(n_sides):
                if side != makers:
                    pts[side] = value
            reason = "euchred"
    # tuple.__new__: without the named tuple's __new__, Python code (an interpreted call)
    return tuple.__new__(HandScore, (tuple(pts), None, reason))


def _by_tricks(s: ScoringTable, side_of: tuple[int, ...], n_sides: int, o: HandOutcome
              ) -> HandScore:
    """Trick scoring (Hasenpfeffer): every side scores ``per_trick`` for each trick it
    took, except set makers, who lose their target (the bid) instead."""
    award = _renege_award(s, side_of, n_sides, o)
    if award is not None:
        return award
    pts = [0] * n_sides
    for seat, t in enumerate(o.tricks):
        pts[side_of[seat]] += s.per_trick * t
    reason = "no maker"
    if o.maker is not None:
        makers = side_of[o.maker]
        made = _makers_tricks(side_of, o)
        if made >= o.target:
            reason = "march" if made == _total(o.tricks) else "made"
        else:
            pts[makers] = -o.target
            reason = "euchred"
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
        target = t.target  # read once, not per side
        finished = [i for i, v in enumerate(scores) if v >= target]
        floor = t.lose_at
        if not finished:
            if floor is None or min(scores) > floor:
                return None
            finished = list(range(len(scores)))  # a side fell to the floor: the best wins
        best = max(scores[i] for i in finished)
        winners = [i for i in finished if scores[i] == best]
    if len(winners) > 1 and t.play_on:
        return None
    return winners
