"""What the bench scripts share on their command lines: argparse types."""

from __future__ import annotations

import argparse


def positive(text: str) -> int:
    """An argparse type for a count (games, deals, repeats, workers): a whole number
    of at least 1, so that 0 or -3 is a usage error rather than an empty median's
    traceback or a run that measures nothing."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value
