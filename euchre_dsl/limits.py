"""The limits on input, in one place: what no file, however hostile, may exceed.

Every reader checks its input against these numbers and reports a located
problem past them, so that no input can make a command run out of memory,
recurse until Python gives up, or take more than linear time.  They are far
above anything a real game or variant needs; SECURITY.md lists them for
users.  Tests (tests/test_limits.py) check each one with an input just past it.
"""

from __future__ import annotations

#: Bytes in one variant file (YAML or rules language).  A real one is a few KB.
MAX_VARIANT_FILE = 1 << 20
#: Files in an ``extends`` chain, the variant itself included.
MAX_EXTENDS_DEPTH = 32
#: Levels of nested mappings and lists in a variant file or an inline variant.
MAX_NESTING = 32
#: Characters in a variant name or path given where a variant is expected.
MAX_VARIANT_NAME = 255
#: Characters of input quoted back in one message; longer text is cut with "…".
MAX_QUOTED = 80
#: Bytes in one JSON record: a .json file, a JSON Lines line.
MAX_RECORD = 64 << 20
#: Characters in one line of a .ehh file (a hand's actions fit in a few hundred).
MAX_TEXT_LINE = 1 << 20
#: Hands in one record (a game to 10 takes a few dozen; a long match a few hundred).
#: Also the most a variant's ``game.deals`` may be: a longer game could not be recorded.
MAX_HANDS = 10_000
#: Players in one event (``event.players``, ``event schedule --players``): a club
#: evening has a few dozen, and a schedule lists every table of every round (players
#: times rounds over four lines; 10^8 players took 3 GB).
MAX_EVENT_PLAYERS = 1_000

#: Local worker processes (``--workers``): far more than cores gains nothing, and each
#: process costs tens of MB.
MAX_WORKERS = 256
#: Levels of nesting in a ``--where`` condition (``not``, ``and``/``or``, comparisons).
MAX_WHERE_NESTING = 100

ELLIPSIS = "…"


def clip(text: str, limit: int = MAX_QUOTED) -> str:
    """``text`` cut to ``limit`` characters, ending with "…" when it was longer.

    Every message that quotes input goes through this: a 5 MB line is quoted
    as its first few words, so a message costs the same whatever the input.
    """
    if len(text) <= limit:
        return text
    return text[:limit - 1] + ELLIPSIS
