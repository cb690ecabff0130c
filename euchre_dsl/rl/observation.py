"""The observation tensor: what one seat may know, as a fixed vector of 0s and 1s.

Everything is read from the seat's :class:`~euchre_dsl.engine.view.SeatView`, the
one window a bot has on the game, so an observation can hold nothing the seat
may not know.  Seats are *relative* to the observer (0 is the observer, 1 the
next seat clockwise, ...) and sides are rotated so the observer's side comes
first: a policy learned in one seat plays in any.

The layout (``LAYOUT_VERSION`` 1) is a list of named segments, each of a size
fixed by the rule set (``n`` seats, ``D`` cards, ``H`` cards a hand, ``S``
sides, ``K`` kinds of public bidding action, ``T`` history slots); docs/rl.md
lists it with the sizes of every shipped variant.  A segment of seats or
values is one-hot (all zeros for "none"); a segment of cards has the bit of
each card.  The vector is built as one Python integer -- each segment is a
mask shifted to its offset, so a hand of cards costs one shift -- and turned
into a numpy array once: a step costs a handful of integer operations and one
``unpackbits``, not an array write per bit.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import numpy as np

from ..engine.actions import DISCARD, GIVE, MISDEAL, PLAY, SWAP, Phase
from ..rules.ruleset import RuleSet
from ..engine.view import SeatView
from .action_space import ActionSpace

#: Bumped whenever a segment is added, removed, resized or reordered.
LAYOUT_VERSION: Final = 1

#: The phases, in the order of the ``phase`` segment.
PHASES: Final = tuple(Phase)
_PHASE_INDEX: Final = {p.value: i for i, p in enumerate(PHASES)}

#: Bits of a side's score: a sign and a magnitude clipped to 127.
SCORE_BITS: Final = 8


class Segment(NamedTuple):
    """One named part of the vector: where it starts, how long it is, what it holds."""

    name: str
    offset: int
    size: int
    meaning: str


class Encoder:
    """Builds the observation of any seat of games under one rule set."""

    def __init__(self, rules: RuleSet, space: ActionSpace | None = None) -> None:
        self.rules = rules
        self.space = space if space is not None else ActionSpace(rules)
        sp = self.space
        n = self.n = rules.players.count
        d = self.d = sp.cards
        h = self.h = rules.deal.hand_size
        self.n_sides = rules.players.side_count
        b = rules.bidding
        self.bid_lo = b.auction_min
        bids = b.auction_max - b.auction_min + 1 if b.auction else 0
        # the kinds of public action in the history: every id that is no card's, and
        # discard / give / swap with their cards hidden
        kinds: dict[tuple[str, int, bool], int] = {}
        kind_names: list[str] = []
        for i, key in enumerate(sp.keys):
            verb = key[0]
            if verb in (PLAY, DISCARD, GIVE, SWAP):
                continue
            kinds[key] = len(kind_names)
            kind_names.append(sp.names[i])
        for verb in (DISCARD, GIVE, SWAP):
            if any(k[0] == verb for k in sp.keys):
                kinds[(verb, -1, False)] = len(kind_names)
                kind_names.append(f"{verb} (card not shown)")
        self.kinds = kinds
        self.kind_names = tuple(kind_names)
        k = len(kind_names)
        #: History slots: more than any hand's public actions outside the play
        #: (each seat acts at most about eight times outside the play).
        self.slots = 8 * n + 4
        segs: list[tuple[str, int, str]] = [
            ("hand", d, "cards the seat holds now"),
            ("dealt", d, "cards the seat was dealt"),
            ("put_away", d, "cards the seat itself discarded this hand"),
            ("upcard", d, "the card turned up"),
            ("upcard_holder", n, "who took the upcard into hand"),
            ("dealer", n, "the dealer"),
            ("to_act", n, "the seat on turn (0: the observer)"),
            ("phase", len(PHASES), "the phase: " + ", ".join(p.value for p in PHASES)),
            ("trump", 6, "trump: clubs, diamonds, hearts, spades, no-trump, low no-trump"),
            ("turned_down", 4, "the suit turned down in the first round"),
            ("maker", n, "who made trump"),
            ("alone", 1, "the maker plays alone"),
            ("lone_defender", n, "who defends alone"),
            ("high_bidder", n, "the auction's high bidder"),
            ("high_bid", bids, f"the high bid, {b.auction_min} up (auctions only)"),
            ("active", n, "who plays this hand (not a loner's partner, not dropped out)"),
            ("tricks_taken", n * (h + 1), "per seat, tricks taken this hand (one-hot 0..H)"),
            ("score", self.n_sides * SCORE_BITS,
             "per side (the observer's first), the score: a sign bit, then 7 bits of "
             "magnitude clipped to 127, lowest first"),
            ("drop_streak", n * 2, "per seat, hands dropped out of in a row (0-3, 2 bits)"),
            ("history", self.slots * (n + k),
             "the hand's public actions outside the play, in order: per slot the seat "
             "(one-hot), then the kind of action (one-hot)"),
            ("tricks", h * (n + n * d),
             "per trick of the hand: its leader (one-hot), then per seat the card it played"),
        ]
        self.segments: tuple[Segment, ...] = ()
        out: list[Segment] = []
        at = 0
        for name, size, meaning in segs:
            out.append(Segment(name, at, size, meaning))
            at += size
        self.segments = tuple(out)
        #: The length of the vector.
        self.size = at
        self.nbytes = (at + 7) // 8
        off = {s.name: s.offset for s in out}
        self.o_hand = off["hand"]
        self.o_dealt = off["dealt"]
        self.o_put = off["put_away"]
        self.o_up = off["upcard"]
        self.o_holder = off["upcard_holder"]
        self.o_dealer = off["dealer"]
        self.o_to_act = off["to_act"]
        self.o_phase = off["phase"]
        self.o_trump = off["trump"]
        self.o_turned = off["turned_down"]
        self.o_maker = off["maker"]
        self.o_alone = off["alone"]
        self.o_lone_def = off["lone_defender"]
        self.o_high_bidder = off["high_bidder"]
        self.o_high_bid = off["high_bid"]
        self.o_active = off["active"]
        self.o_taken = off["tricks_taken"]
        self.o_score = off["score"]
        self.o_streak = off["drop_streak"]
        self.o_hist = off["history"]
        self.o_tricks = off["tricks"]
        self.slot_size = n + k
        self.trick_size = n + n * d
        self.has_bids = bids > 0
        #: ``bit[i] == 1 << i``: a bit set costs one allocation (the OR), not two.
        self.bit: tuple[int, ...] = tuple(1 << i for i in range(at))

    # ------------------------------------------------------------- encoding
    def bits(self, view: SeatView) -> int:
        """The observation of ``view``'s seat as an integer: bit ``i`` is element ``i``."""
        n = self.n
        me = view.seat
        g = view
        bit = self.bit
        x = (g.hand << self.o_hand) | (g.dealt << self.o_dealt) | \
            (g.discarded << self.o_put)
        up = g.upcard
        if up is not None:
            x |= bit[self.o_up + up]
        holder = g.upcard_holder
        if holder is not None:
            x |= bit[self.o_holder + (holder - me) % n]
        x |= bit[self.o_dealer + (g.dealer - me) % n]
        x |= bit[self.o_to_act + (g.to_act - me) % n]
        x |= bit[self.o_phase + _PHASE_INDEX[g.phase]]
        trump = g.trump
        if trump is not None:
            x |= bit[self.o_trump + trump]
        down = g.turned_down
        if down is not None:
            x |= bit[self.o_turned + down]
        maker = g.maker
        if maker is not None:
            x |= bit[self.o_maker + (maker - me) % n]
        if g.alone:
            x |= bit[self.o_alone]
        lone = g.lone_defender
        if lone is not None:
            x |= bit[self.o_lone_def + (lone - me) % n]
        bidder = g.high_bidder
        if bidder is not None:
            x |= bit[self.o_high_bidder + (bidder - me) % n]
            if self.has_bids and g.high_bid >= self.bid_lo:
                x |= bit[self.o_high_bid + g.high_bid - self.bid_lo]
        active = g.active
        taken = g.tricks
        streak = g.drop_streak
        h1 = self.h + 1
        for s in range(n):
            r = (s - me) % n
            if active[s]:
                x |= bit[self.o_active + r]
            x |= bit[self.o_taken + r * h1 + taken[s]]
            x |= min(streak[s], 3) << (self.o_streak + 2 * r)
        sides = self.n_sides
        mine = g.side
        scores = g.scores
        for side in range(sides):
            v = scores[side]
            word = (min(-v, 127) << 1 | 1) if v < 0 else min(v, 127) << 1
            x |= word << (self.o_score + ((side - mine) % sides) * SCORE_BITS)
        return x | self._log_bits(view, me)

    def _log_bits(self, view: SeatView, me: int) -> int:
        """The history and the tricks, from the actions of the hand as the seat saw them.

        Each trick and the history are gathered as small integers from offset 0 and
        shifted into place once: ORs of short integers are what is cheap."""
        n = self.n
        d = self.d
        bit = self.bit
        hist = 0
        tricks = 0
        word = 0  # the trick in progress, from its own offset
        slot = 0
        plays = 0
        per_trick = view.active.count(True)
        kinds = self.kinds
        for seat, verb, arg, alone in view.seen_log():
            r = (seat - me) % n
            if verb == PLAY:
                assert arg is not None
                t, pos = divmod(plays, per_trick)
                if pos == 0:
                    if t:
                        tricks |= word << ((t - 1) * self.trick_size)
                    word = bit[r]
                word |= bit[n + r * d + arg]
                plays += 1
                continue
            if verb in (DISCARD, GIVE, SWAP) or verb == MISDEAL or arg is None:
                key = (verb, -1, False if verb in (DISCARD, GIVE, SWAP) else alone)
            else:
                key = (verb, arg, alone)
            kind = kinds[key]
            if slot >= self.slots:
                raise ValueError(f"more than {self.slots} public actions in one hand: the "
                                 "observation's history cannot hold them")
            base = slot * self.slot_size
            hist |= bit[base + r] | bit[base + n + kind]
            slot += 1
        if plays:
            tricks |= word << (((plays - 1) // per_trick) * self.trick_size)
        return (hist << self.o_hist) | (tricks << self.o_tricks)

    def __reduce__(self) -> tuple[type[Encoder], tuple[RuleSet, ActionSpace]]:
        """``pickle`` and ``copy``: the encoder of the same rules and space, built again
        (a compiled class is otherwise remade with no arguments)."""
        return Encoder, (self.rules, self.space)

    def array(self, bits: int) -> Any:
        """The vector of ``bits`` as a numpy ``int8`` array of :attr:`size` elements."""
        raw = np.frombuffer(bits.to_bytes(self.nbytes, "little"), dtype=np.uint8)
        return np.unpackbits(raw, count=self.size, bitorder="little").view(np.int8)

    def observe(self, view: SeatView) -> Any:
        """The observation of ``view``'s seat, as a numpy ``int8`` array."""
        return self.array(self.bits(view))

    def describe(self) -> list[Segment]:
        """The layout: every segment with its offset, size and meaning."""
        return list(self.segments)
