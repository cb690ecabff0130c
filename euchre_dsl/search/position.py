"""A play-phase position with every card known, as the solver searches it.

The solver works on a few ints and flat lists -- the hands as bit masks in
the engine's card indices, the trick so far, who is on turn, which seats
count as "ours" -- not on a :class:`~euchre_dsl.engine.machine.Machine`, so that a
search bot can build positions for many sampled worlds without replaying an
engine game for each.  :func:`position_of` reads one from a game through its
public API; :class:`Position` is the low-level entry for callers that hold
the masks already.
"""

from __future__ import annotations

from typing import Sequence

from ..cards import count_cards
from ..engine.actions import PLAYING
from ..engine.machine import Machine
from ..engine.scoring import HandScore, scores_if_taken, side_values
from ..rules.ruleset import ScoringModel


class Position:
    """Hands, trick and turn of a play-phase position, and whose tricks are counted.

    ``hands[seat]`` is the mask of the cards the seat still holds (0 for a
    seat that is out of the hand); ``trick`` and ``trick_seats`` the cards
    played to the current trick and by whom, in play order; ``to_act`` the
    seat on turn; ``turn_order[seat]`` the next seat that plays after
    ``seat`` (:attr:`Machine.turn_order`); ``hero`` the mask of the seats whose
    tricks are counted (the makers' side, or one seat's side); ``taken``
    the tricks those seats have taken so far; ``left`` the tricks still to
    be completed, the current one included.
    """

    def __init__(self, contract: int, hands: Sequence[int], trick: Sequence[int],
                 trick_seats: Sequence[int], to_act: int, turn_order: Sequence[int],
                 hero: int, taken: int, left: int) -> None:
        self.contract = contract
        self.hands = list(hands)
        self.trick = list(trick)
        self.trick_seats = list(trick_seats)
        self.to_act = to_act
        self.turn_order = tuple(turn_order)
        self.hero = hero
        self.taken = taken
        self.left = left
        #: seats playing this hand: each is the next seat after another one
        self.n_active = len(set(self.turn_order))


def hero_seat(game: Machine, seat: int | None) -> int:
    """The seat whose side's tricks are counted: ``seat``, or else the maker."""
    if seat is not None:
        if not 0 <= seat < game.n:
            raise ValueError(f"seat {seat} is not a seat of this {game.n}-player game")
        return seat
    if game.maker is None:
        raise ValueError("nobody made trump in this hand: name the seat whose tricks to count")
    return game.maker


def position_of(game: Machine, seat: int | None = None) -> Position:
    """The position of ``game`` (in the play phase, every remaining card known).

    The tricks counted are those of ``seat``'s side, by default the makers'.
    Raises :class:`ValueError` saying what is missing otherwise.
    """
    if game.phase != PLAYING:
        raise ValueError(f"the hand is not in the play phase (phase: {game.phase})")
    hero = hero_seat(game, seat)
    assert game.trump is not None
    hero_mask = game.hand_mates(hero)  # a called partner plays with the maker
    taken = 0
    hands = [0] * game.n
    for s in range(game.n):
        if (hero_mask >> s) & 1:
            taken += game.tricks[s]
        if not game.active[s]:
            continue
        held = game.hand_of(s)
        if game.cand[s] != held or count_cards(held) != game.count[s]:
            raise ValueError(f"{game.label(s)}'s remaining cards are not all known")
        hands[s] = held
    left = game.rules.deal.hand_size - len(game.trick_winners)
    return Position(game.trump, hands, game.trick, game.trick_seats, game.to_act,
                    game.turn_order, hero_mask, taken, left)


def utilities(game: Machine, seat: int | None = None) -> list[int]:
    """``u[k]``: the hand's value for the counted side if it takes ``k`` more tricks.

    The engine's score (:func:`hand_scores`) as the engine orients it
    (:func:`~euchre_dsl.engine.scoring.side_values`: more is better, a game won
    outright worth the whole game), less the most any other side gets: made +1,
    march +2, euchred -2 in standard euchre.  With one side counted against
    another that is the side's gain over its rivals, which the solver maximises.
    A countdown scores each player's own tricks, so there the value is the
    side's own.
    """
    r = game.rules
    hero = hero_seat(game, seat)
    side = game.side_of[hero]
    mates = game.hand_mates(hero)  # a called partner is no rival of the maker
    allied = {game.side_of[s] for s in range(game.n) if (mates >> s) & 1}
    # a countdown scores each player's own tricks: the side's own change is its value
    relative = r.scoring.model != ScoringModel.COUNTDOWN
    out = []
    for score in hand_scores(game, seat):
        values = side_values(r, score)
        rivals = [v for i, v in enumerate(values) if i not in allied]
        out.append(values[side] - max(rivals, default=0) if relative else values[side])
    return out


def hand_scores(game: Machine, seat: int | None = None) -> list[HandScore]:
    """``s[k]``: the engine's score of the hand (every side's points) if the
    counted side takes ``k`` more tricks (:func:`~euchre_dsl.engine.scoring.scores_if_taken`:
    the extra tricks to ``seat``, the maker by default, the rest round the
    other playing seats)."""
    return scores_if_taken(game.rules, game.side_of, len(game.sides),
                           game.hand_outcome(game.tricks), hero_seat(game, seat))
