"""Policies the tests seat as bots (``--bot tests.rl.policies:FirstLegal``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from euchre_dsl.rl.bot import PolicyBot


class FirstLegal(PolicyBot):
    """Always the lowest legal id."""

    def choose(self, observation: Any, action_mask: Any) -> int:
        return int(np.flatnonzero(action_mask)[0])


class Cheat(PolicyBot):
    """Always the lowest *illegal* id: the adapter must refuse it."""

    def choose(self, observation: Any, action_mask: Any) -> int:
        return int(np.flatnonzero(action_mask == 0)[0])
