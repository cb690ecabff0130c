"""Where a simulation's cards come from: seeded deals, free or constrained.

The deal of hand *h* of game *j* of unit *u* (a unit is a game, or a match for
variants with laps, slams or rubbers) is drawn from its own stream,
``Rng(seed, DEAL, u, j, h)``, and from nothing else: not the bots' choices,
not the bidding, not the hands before it.  Two runs with the same seed and
different bots -- or variants with the same deck, players and deal -- see
the same cards, so duplicate play is two runs.  The first dealer of a unit
comes from ``Rng(seed, DEALER, u)``.

Constrained deals work like bridge's redeal: some cards are placed
(``--hand S=JH,JD``, ``--upcard``), the rest are dealt at random, and the
deal is drawn again until an acceptance condition (``--where``) holds, up to
:data:`MAX_TRIES` times.  Fixing cards and then dealing the rest uniformly
gives every completion of the fixed cards the same chance, and rejection
keeps that: each accepted deal is a uniform draw from the deals meeting the
condition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ..engine.machine import Machine
from ..errors import EuchreError
from ..rules.ruleset import RuleSet
from ..rng import DEAL, DEALER, Rng, absorb, check_seed

#: Deals tried for one hand before a condition is declared too rare.
MAX_TRIES = 100_000

#: The options that decide the cards of a seeded deal (the shuffle is of the deck, the
#: places in it come from the packets, the widow and the upcard: see
#: :func:`~euchre_dsl.engine.packets.deal_plan`).  The others -- misdeals, a farmer's
#: hand (which shuffles the rest of the pack, after the cards dealt) -- leave them.
CARD_OPTIONS = (("deck", "lowest"), ("deck", "joker"), ("deck", "copies"),
                ("players", "count"), ("deal", "packets"), ("deal", "widow"),
                ("deal", "widow_cards"), ("deal", "upcard"))


def deal_differences(a: RuleSet, b: RuleSet) -> list[str]:
    """The options (``section.key``) that make a seed deal different cards under
    ``a`` and under ``b``; empty when every hand is dealt the same cards."""
    return [f"{section}.{key}" for section, key in CARD_OPTIONS
            if getattr(getattr(a, section), key) != getattr(getattr(b, section), key)]


class DealError(EuchreError):
    """Constraints no deal can meet, or a condition met too rarely to find."""


@dataclass
class Constraints:
    """What every deal of a constrained run must satisfy (seats and cards as indices).

    ``where`` is kept as text and compiled where the deals are made, so that
    the constraints travel to worker processes and cluster workers as data.
    """

    hands: tuple[tuple[int, int], ...] = ()  # (seat, mask of cards it must hold)
    upcard: int | None = None
    dealer: int | None = None
    start_scores: tuple[int, ...] | None = None
    where: str | None = None

    @property
    def situational(self) -> bool:
        """Cards are constrained: each game is one hand from the given situation."""
        return bool(self.hands) or self.upcard is not None or self.where is not None

    def check(self, rules: RuleSet) -> None:
        """Raise :class:`DealError` for placed cards no deal can hold."""
        size = rules.deal.hand_size
        seen = 0
        game = Machine(rules)
        for seat, mask in self.hands:
            if mask.bit_count() > size:
                raise DealError(f"--hand {game.labels[seat]}: {mask.bit_count()} cards given, "
                                f"but a hand has {size}")
            if seen & mask:
                raise DealError(f"--hand {game.labels[seat]}: "
                                f"{game.deck.format_mask(seen & mask)} is placed twice")
            seen |= mask
        if self.upcard is not None:
            if not rules.deal.upcard:
                raise DealError("--upcard: this variant turns up no card")
            if (seen >> self.upcard) & 1:
                raise DealError(f"--upcard {game.card_name(self.upcard)} is also placed "
                                "in a hand")


class Deals:
    """Free deals: every hand from its own stream (see the module docstring)."""

    def __init__(self, seed: int, constraints: Constraints | None = None) -> None:
        self.seed = check_seed(seed)
        self.constraints = constraints or Constraints()
        self.rng = Rng()
        self._prefix = 0

    def __reduce__(self) -> tuple[Any, ...]:
        """``pickle`` and ``copy``: the deals of the same seed and constraints, at the same
        point of their stream (a compiled class is otherwise remade with no arguments)."""
        return type(self), self._arguments(), (self.rng, self._prefix)

    def __setstate__(self, state: tuple[Rng, int]) -> None:
        self.rng, self._prefix = state

    def _arguments(self) -> tuple[Any, ...]:
        return self.seed, self.constraints

    def first_dealer(self, unit: int, players: int) -> int:
        if self.constraints.dealer is not None:
            return self.constraints.dealer
        return Rng(self.seed, DEALER, unit).below(players)

    def start(self, unit: int, game: int) -> None:
        """The next deals are of game ``game`` of ``unit``."""
        self._prefix = absorb(absorb(absorb(absorb(0, self.seed), DEAL), unit), game)

    def deal(self, game: Machine, hand: int) -> None:
        """Deal hand ``hand`` of the current game."""
        self.rng.reseed(self._prefix, hand)
        game.deal_random(self.rng)


class ConstrainedDeals(Deals):
    """Deals that place the given cards and meet the condition (see the module docstring)."""

    def __init__(self, seed: int, constraints: Constraints, rules: RuleSet) -> None:
        super().__init__(seed, constraints)
        self.rules = rules
        self.condition: Callable[[list[int], int | None, int], bool] | None = None
        if constraints.where is not None:
            from .where import compile_where  # its grammar, loaded only by a --where run
            self.condition = compile_where(constraints.where, rules)

    def _arguments(self) -> tuple[Any, ...]:
        return self.seed, self.constraints, self.rules  # the condition is compiled again

    def deal(self, game: Machine, hand: int) -> None:
        c = self.constraints
        condition = self.condition
        rng = self.rng
        rng.reseed(self._prefix, hand)
        r = game.rules
        size, n = r.deal.hand_size, game.n
        placed = [0] * n
        taken = 0
        for seat, mask in c.hands:
            placed[seat] |= mask
            taken |= mask
        if c.upcard is not None:
            taken |= 1 << c.upcard
        rest = [card for card in range(game.deck.size) if not (taken >> card) & 1]
        for _ in range(MAX_TRIES):
            cards = rest[:]
            for i in range(len(cards)):
                j = i + rng.below(len(cards) - i)
                cards[i], cards[j] = cards[j], cards[i]
            at = 0
            hands = []
            for seat in range(n):
                need = size - placed[seat].bit_count()
                m = placed[seat]
                for card in cards[at:at + need]:
                    m |= 1 << card
                at += need
                hands.append(m)
            upcard: int | None = None
            if r.deal.upcard:
                if c.upcard is not None:
                    upcard = c.upcard
                else:
                    upcard = cards[at]
                    at += 1
            widow: list[int] | None = None
            if r.deal.widow_size:
                widow = cards[at:at + r.deal.widow_size]
                at += r.deal.widow_size
            if upcard is not None and upcard == game.deck.joker_card and \
                    r.bidding.joker_upcard is None:
                continue  # this variant cannot turn up the joker: such a deal is not dealt
            if condition is None or condition(hands, upcard, game.dealer):
                game.deal([game.deck.sorted_cards(m) for m in hands], upcard, widow,
                          cards[at:] or None)
                return
        raise DealError(f"no deal met the constraints in {MAX_TRIES:,} tries: --where "
                        f"{c.where!r} is impossible with the cards placed, or rarer than 1 "
                        f"in {MAX_TRIES:,}" if c.where is not None else
                        f"no deal met the constraints in {MAX_TRIES:,} tries")
