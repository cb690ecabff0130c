"""Every variant as a reinforcement-learning environment (the ``rl`` extra).

``env(variant=..., seed=..., episode=..., reward=..., render_mode=...)`` is a
PettingZoo AEC environment (:mod:`.aec`); the fixed action space is
:mod:`~.action_space`, the observation tensor :mod:`.observation`; :func:`evaluate`
measures a policy on duplicate deals (:mod:`.evaluate`); :class:`PolicyBot`
seats a policy in ``euchre simulate`` and ``compare`` (:mod:`.bot`);
:func:`register_openspiel` makes every variant an OpenSpiel game
(:mod:`.openspiel_game`, needs ``open-spiel``).  docs/rl.md is the guide.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..errors import install_hint

for _needed in ("numpy", "gymnasium", "pettingzoo"):
    try:
        import_module(_needed)
    except ImportError:
        raise ImportError(f"euchre_dsl.rl needs {_needed}, which is not installed: "
                          f"{install_hint('rl')}") from None

_WHERE = {
    "env": "aec", "EuchreEnv": "aec",
    "ActionSpace": "action_space",
    "Encoder": "observation", "LAYOUT_VERSION": "observation",
    "Episode": "episode",
    "evaluate": "evaluate", "Evaluation": "evaluate",
    "PolicyBot": "bot",
    "register_openspiel": "openspiel_game",
}

__all__ = list(_WHERE)

if TYPE_CHECKING:
    from .action_space import ActionSpace
    from .aec import EuchreEnv, env
    from .bot import PolicyBot
    from .evaluate import Evaluation, evaluate
    from .observation import LAYOUT_VERSION, Encoder
    from .openspiel_game import register_openspiel
    from .episode import Episode


def __getattr__(name: str) -> Any:
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module 'euchre_dsl.rl' has no attribute {name!r}")
    value = getattr(import_module(f".{where}", __name__), name)
    globals()[name] = value
    return value
