"""The analyzer's per-player statistics are ``PlayerStats``: ``euchre_dsl.Stats`` is the
simulator's, and the old name of this one still works, with a warning."""

from __future__ import annotations

import pytest

import euchre_dsl
from euchre_dsl.analysis import stats


def test_the_old_name_warns_and_gives_player_stats() -> None:
    with pytest.warns(DeprecationWarning, match="use PlayerStats"):
        old = stats.Stats  # type: ignore[attr-defined]
    assert old is stats.PlayerStats
    assert euchre_dsl.Stats is not stats.PlayerStats
    with pytest.raises(AttributeError):
        stats.NoSuchName  # type: ignore[attr-defined]  # noqa: B018
