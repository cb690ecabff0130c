"""The command-line tests import the application as ``cli``, its name in the source tree
(``PYTHONPATH=.``).  An installed wheel has it as ``euchre_dsl_cli`` (a top-level ``cli``
would collide with other projects'); there, ``cli`` is that package."""

from __future__ import annotations

import importlib
import sys

try:
    import cli  # noqa: F401 - the source tree's
except ModuleNotFoundError:
    sys.modules["cli"] = importlib.import_module("euchre_dsl_cli")
