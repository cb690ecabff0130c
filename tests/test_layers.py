"""The layers of the package: every import points down, and no two peers import each other.

The README's architecture section draws the layers; this test holds the code to
the drawing.  Each top-level package (or module) of ``euchre_dsl`` has a rank;
a module may import from its own package or from a package of a lower rank,
never from one of the same rank (peers: ``sim`` and ``analysis``, ``search`` and
``display``) nor from a higher one.  The package's ``__init__`` (the public API,
imported lazily) and the command line stand above everything.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import euchre_dsl

PACKAGE = Path(euchre_dsl.__file__).resolve().parent

#: Rank of each top-level part of euchre_dsl: imports go to strictly lower ranks.
RANKS: dict[str, int] = {
    "errors": 0, "limits": 0, "version": 0,
    "cards": 1, "rng": 1, "io_safety": 1, "processes": 1,
    "rules": 2, "workers": 2,
    "engine": 3,
    "records": 4,
    "replay": 5,
    "validate": 6,
    "search": 7, "display": 7,
    "interop": 8,
    "sim": 9, "analysis": 9,
    "rl": 10, "event": 10,
}


#: Imports made inside a function, upward on purpose, each with its reason.  The one
#: reader of record files (``records/reader.py``) opens EGN files by their extension;
#: EGN's converter (``interop/``) stands on the records layer, so the reader imports it
#: only when such a file is opened.  Nothing else may.
DEFERRED = {
    ("records/reader.py", "euchre_dsl.interop.egn"),
    ("records/reader.py", "euchre_dsl.interop.egn_limit"),
    ("records/reader.py", "euchre_dsl.interop.egnb"),
}


def top_part(dotted: str) -> str:
    """``euchre_dsl.sim.bots.rule`` -> ``sim``; the package itself -> ``__init__``."""
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def imports_of(source: str, module: str) -> list[tuple[int, str]]:
    """Every ``euchre_dsl`` module the source of ``module`` imports, with the line it does it on.

    ``module`` is the file's dotted name (``euchre_dsl.sim.runner``; a package's
    ``__init__`` as ``euchre_dsl.sim.__init__``), which anchors relative imports.
    """
    package = module.split(".")[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("euchre_dsl"):
                continue
            if node.module is None or target == "euchre_dsl":  # from . import a, b
                found += [(node.lineno, f"{target}.{a.name}") for a in node.names]
            else:
                found.append((node.lineno, target))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("euchre_dsl")]
    return found


def modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if p.name != "__init__.py" or p.parent != PACKAGE)


def test_every_part_of_the_package_has_a_rank() -> None:
    parts = {top_part(".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts)) for p in modules()}
    unranked = sorted(parts - set(RANKS))
    assert not unranked, f"give these a layer in RANKS (and the README's drawing): {unranked}"


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down(path: Path) -> None:
    own = top_part(".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts))
    wrong = []
    dotted = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    for line, target in imports_of(path.read_text(encoding="utf-8"), dotted):
        other = top_part(target)
        if other == own or (str(path.relative_to(PACKAGE)), target) in DEFERRED:
            continue
        if other == "__init__" or RANKS.get(other, 99) >= RANKS[own]:
            wrong.append(f"line {line}: {own} (rank {RANKS[own]}) imports {target} "
                         f"(rank {RANKS.get(other, '?')})")
    assert not wrong, "\n".join(wrong)


def test_the_walker_sees_an_upward_import() -> None:
    """The check itself can fail: an engine module importing the simulator is caught."""
    source = "from ..sim.runner import simulate\nfrom . import game\n"
    found = imports_of(source, "euchre_dsl.engine.probe")
    assert (1, "euchre_dsl.sim.runner") in found
    assert (2, "euchre_dsl.engine.game") in found
    assert RANKS[top_part("euchre_dsl.sim.runner")] > RANKS["engine"]
