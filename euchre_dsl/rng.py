"""The engine's own random numbers: the same stream on every machine and Python.

Why not :mod:`random` alone: CPython promises that ``Random.random()`` gives
the same numbers for the same seed across versions, but not ``shuffle``,
``randrange`` or ``choice``, and seeding a Mersenne Twister costs about 6 µs
-- too much to give every hand its own stream.  Deals are keyed by
``(seed, unit, game, hand)`` so that they depend on nothing a bot or a
variant's bidding does; that needs a generator that is cheap to seed.

:class:`Rng` is xoshiro128** (Blackman and Vigna) on four 32-bit words,
seeded by hashing the key with the MurmurHash3 mixing steps.  Every
intermediate value stays below 2**62, so the compiled build computes it in
machine integers and the pure-Python build gives the same numbers bit for bit.
The generator's state and the steps of :meth:`Rng.next32` and :meth:`Rng.below`
are typed ``i64`` (mypyc's unboxed 64-bit integer, imported for the type
checker only: at run time they are plain ints), which took the tagged-integer
checks and the boxing of the state out of the deal's hot loop: about 8% of the
instructions of a simulated hand.

Bots are seeded differently: they get a :class:`random.Random` (seeded from
:func:`derive`, an integer) per seat and per batch of games, and draw only
with ``random()``, the part of :mod:`random` CPython keeps stable.
"""

from __future__ import annotations

from operator import index
from typing import TYPE_CHECKING, Final, Protocol, SupportsIndex

if TYPE_CHECKING:  # the compiled build's machine integers; plain ints at run time
    from mypy_extensions import i64

MASK32: Final = 0xFFFFFFFF
_GOLDEN: Final = 0x9E3779B9

#: Stream kinds: a key names what the numbers are for, so that no two uses
#: of one seed share numbers.
DEAL: Final = 1
DEALER: Final = 2
BOT: Final = 3


def _mul32(a: int, b: int) -> int:
    """``a * b mod 2**32`` for 32-bit ``a``, ``b``, multiplying 16-bit halves only.

    Compiled code multiplies machine integers only when both factors are below
    2**30 (else it calls the arbitrary-precision multiply, which allocates), so
    no factor here reaches 2**16."""
    a_lo, a_hi = a & 0xFFFF, a >> 16
    b_lo, b_hi = b & 0xFFFF, b >> 16
    return (a_lo * b_lo + (((a_hi * b_lo + a_lo * b_hi) & 0xFFFF) << 16)) & MASK32


def _rotl(x: i64, k: i64) -> i64:
    """The 32-bit word ``x`` rotated left by ``k`` bits."""
    return ((x << k) | (x >> (32 - k))) & MASK32


def _fmix(h: int) -> int:
    """MurmurHash3's finaliser: every input bit affects every output bit."""
    h ^= h >> 16
    h = _mul32(h, 0x85EBCA6B)
    h ^= h >> 13
    h = _mul32(h, 0xC2B2AE35)
    return h ^ (h >> 16)


def _absorb(h: int, x: int) -> int:
    """One MurmurHash3 block: fold the 32-bit word ``x`` into the hash ``h``."""
    k = _mul32(_rotl(_mul32(x, 0xCC9E2D51), 15), 0x1B873593)
    h = _rotl(h ^ k, 13)
    return (_mul32(h, 5) + 0xE6546B64) & MASK32


def check_seed(seed: object) -> int:
    """``seed`` as the whole number from 0 up that every seeded stream is keyed by, or a
    ``ValueError`` saying what a seed is.  Called wherever a seed enters the library:
    a negative number has no words to fold (:func:`absorb` would never finish), and a
    float or a string would be silently truncated or hashed into some other seed."""
    if isinstance(seed, bool) or not isinstance(seed, SupportsIndex):
        raise ValueError(f"a seed is a whole number from 0 up, not {seed!r}")
    value = index(seed)
    if value < 0:
        raise ValueError(f"a seed is a whole number from 0 up, not {value}")
    return value


def absorb(h: int, value: int) -> int:
    """Fold a non-negative integer of any size into the 32-bit hash ``h``.

    The length is folded in too, so ``(1, 0)`` and ``(1,)`` differ.  A negative
    number is refused (shifting it right never reaches 0).
    """
    if value < 0:
        raise ValueError(f"a seed (or a key of a seeded stream) is a whole number from 0 up, "
                         f"not {value}")
    words = 0
    while True:
        h = _absorb(h, value & MASK32)
        value >>= 32
        words += 1
        if not value:
            break
    return _absorb(h, words)


def derive(*key: int) -> int:
    """A 32-bit hash of a key of non-negative integers (a seed for a stream)."""
    h = 0
    for part in key:
        h = absorb(h, part)
    return _fmix(h)


class RandomSource(Protocol):
    """Anything with ``random()``: uniform floats in [0, 1).  The one protocol for a
    source of randomness (the deal's shuffle, the bots, the sampling of worlds):
    ``random.Random`` will do, and so will the engine-owned :class:`Rng` (the same
    deals on every Python).  ``sim.bots.Rng`` is its old, deprecated name."""

    def random(self) -> float: ...


class Rng:
    """xoshiro128**: a small, fast generator with 128 bits of state.

    ``Rng(*key)`` starts the stream named by ``key``; :meth:`reseed` starts
    another without a new object.  :meth:`random` returns multiples of 2**-32
    in [0, 1), which is plenty to pick among at most a few dozen cards.
    """

    def __init__(self, *key: int) -> None:
        # the state: four 32-bit words (machine integers in the compiled build)
        self.s0: i64 = 0
        self.s1: i64 = 0
        self.s2: i64 = 0
        self.s3: i64 = 0
        h = 0
        for part in key:
            h = absorb(h, part)
        self.reseed(h)

    def reseed(self, prefix: int, *key: int) -> None:
        """Start the stream of ``key`` under a hash ``prefix`` made by :func:`absorb`."""
        h = prefix
        for part in key:
            h = absorb(h, part)
        self.s0 = _fmix(h ^ _GOLDEN)
        self.s1 = _fmix((h + 0x6A09E667) & MASK32)
        self.s2 = _fmix((h + 0xBB67AE85) & MASK32)
        self.s3 = _fmix(h ^ 0x3C6EF372) | 1  # never the all-zero state

    def next32(self) -> i64:
        """The next 32-bit output."""
        s0: i64 = self.s0
        s1: i64 = self.s1
        s2: i64 = self.s2
        s3: i64 = self.s3
        # s1 * 5 and then * 9 as shifts and adds: no factor of 2**30 or more (see _mul32)
        x = _rotl(((s1 << 2) + s1) & MASK32, 7)
        result = ((x << 3) + x) & MASK32
        t = (s1 << 9) & MASK32
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        self.s0 = s0
        self.s1 = s1
        self.s2 = s2
        self.s3 = _rotl(s3, 11)
        return result

    def random(self) -> float:
        """A float in [0, 1): the interface :meth:`Machine.deal_random` draws from."""
        return int(self.next32()) * 2.3283064365386963e-10  # 2**-32

    def below(self, n: int) -> int:
        """An integer in ``range(n)`` (``n`` below 2**30), by multiply-and-shift:
        ``(next32() * n) >> 32``, the top bits of the product (below 2**62: a machine
        integer's product in the compiled build)."""
        k: i64 = n
        return int((self.next32() * k) >> 32)
