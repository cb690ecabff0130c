"""Loading a script of ``bench/`` as a module, for the tests that run it at a tiny size."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_bench(script: str) -> ModuleType:
    """``bench/<script>.py`` as a module (registered, so that its dataclasses and the
    processes it starts can find it by name)."""
    if str(ROOT / "bench") not in sys.path:  # the scripts' own helpers (bench_args.py)
        sys.path.insert(0, str(ROOT / "bench"))
    name = f"{script}_bench"
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{script}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
