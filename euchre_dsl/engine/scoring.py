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
_OFFENDER: Final = Renege.OFFENDER
_RENEGE_NONE: Final = Renege.NONE
_DEDUCT: Final = Renege.DEDUCT
_PLAY_ON: Final = Tie.PLAY_ON



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
    """Did the makers take the tricks they needed?  ``None`` when nobody made trump."""
    if o.maker is None:
        return None
    return _makers_tricks(side_of, o) >= o.target


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
    countdown = r.scoring.model == _COUNTDOWN
    score = _countdown(r, side_of, n_sides, o) if countdown else _table(r, side_of, n_sides, o)
    if o.renege_by is None or r.scoring.renege != _OFFENDER or score.instant_winner is not None:
        return score
    # 'offender': the offenders score the penalty instead of their own result for
    # the hand (against them: down in table scoring, up in countdown scoring)
    pts = list(score.points)
    pts[side_of[o.renege_by]] = (1 if countdown else -1) * r.scoring.renege_points
    return HandScore(tuple(pts), None, score.reason + ", renege")


def _renege_award(r: RuleSet, side_of: tuple[int, ...], n_sides: int, o: HandOutcome
                  ) -> HandScore | None:
    """The hand's score when a renege penalty replaces it ('award', 'deduct'), else None.

    Penalties move scores against the offender: down in table scoring, up in
    countdown scoring.
    """
    if o.renege_by is None or r.scoring.renege in (_RENEGE_NONE, _OFFENDER):
        return None  # 'offender' replaces only the offender's own result: see score_hand
    pts = [0] * n_sides
    offender = side_of[o.renege_by]
    sign = 1 if r.scoring.model == _COUNTDOWN else -1
    if r.scoring.renege == _DEDUCT:
        lone = o.alone or o.lone_defender is not None
        pts[offender] = sign * (r.scoring.renege_alone_points if lone else r.scoring.renege_points)
        return HandScore(tuple(pts), None, "renege")
    # "award": every offended side scores as if it had won the hand outright
    for side in range(n_sides):
        if side == offender:
            continue
        lone_maker = o.alone and o.maker is not None and side_of[o.maker] == side
        pts[side] = -sign * (r.scoring.renege_alone_points if lone_maker
                             else r.scoring.renege_points)
    return HandScore(tuple(pts), None, "renege")


def _table(r: RuleSet, side_of: tuple[int, ...], n_sides: int, o: HandOutcome) -> HandScore:
    s = r.scoring
    award = _renege_award(r, side_of, n_sides, o)
    if award is not None:
        return award
    pts = [0] * n_sides
    reason = "no maker"
    if o.maker is not None:
        makers = side_of[o.maker]
        made = _makers_tricks(side_of, o)
        total = sum(o.tricks)
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


def _countdown(r: RuleSet, side_of: tuple[int, ...], n_sides: int, o: HandOutcome) -> HandScore:
    s = r.scoring
    total = sum(o.tricks)
    # an instant win ends the game and its points are not applied; a renege
    # forfeits only the offender's own instant win
    if s.instant_win:
        for seat, t in enumerate(o.tricks):
            if t == total and t > 0 and seat != o.renege_by:
                opponents = sum(1 for x, a in enumerate(o.active) if a and x != seat)
                if opponents or not s.instant_win_requires_opponent:
                    return HandScore(tuple([0] * n_sides), side_of[seat], "all tricks")
    award = _renege_award(r, side_of, n_sides, o)
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
    if r.scoring.model == _COUNTDOWN:
        finished = [i for i, v in enumerate(scores) if v <= 0]
        if not finished:
            return None
        best = min(scores[i] for i in finished)
        winners = [i for i in finished if scores[i] == best]
    else:
        g = r.game
        if g.deals is not None and deals >= g.deals:
            best = max(scores)
            return [i for i, v in enumerate(scores) if v == best]
        target = g.target  # read once, not per side
        finished = [i for i, v in enumerate(scores) if v >= target]
        if not finished:
            return None
        best = max(scores[i] for i in finished)
        winners = [i for i in finished if scores[i] == best]
    if len(winners) > 1 and r.game.tie == _PLAY_ON:
        return None
    return winners
