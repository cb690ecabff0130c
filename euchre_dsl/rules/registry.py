"""Finding variants: shipped ids, files, inline objects; ``extends`` chains.

Shipped variants live in the top-level ``variants/`` folder of a checkout and
are packaged into the wheel as ``euchre_dsl/variants``; both places are
searched, so ``euchre`` works the same installed or from a clone.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import EuchreError, Location, Problem
from .compiler import compile_source
from .ruleset import RuleSet
from .source import VariantSource, merge
from .yaml_form import parse_yaml

_HERE = Path(__file__).resolve().parent.parent
VARIANT_DIRS = (_HERE / "variants", _HERE.parent / "variants")
SUFFIXES = (".yaml", ".yml")


def variants_dir() -> Path:
    """The folder holding the shipped variant files."""
    for d in VARIANT_DIRS:
        if d.is_dir():
            return d
    raise FileNotFoundError("shipped variants folder not found")  # broken installation


def shipped_ids() -> list[str]:
    """Ids of the shipped variants, sorted."""
    return sorted(p.stem for p in variants_dir().glob("*.yaml"))


def parse_file(path: Path) -> VariantSource:
    """Read a variant file of either form (by extension) into located source."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise EuchreError(Problem("invalid-variant",
                                  f"cannot read variant file: {exc.strerror or exc}",
                                  location=Location(str(path)))) from None
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")  # editors may save a BOM
    except UnicodeDecodeError as exc:
        before = raw[:exc.start].decode("utf-8", "replace")
        raise EuchreError(Problem(
            "invalid-variant", f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x})",
            location=Location(str(path), before.count("\n") + 1,
                              len(before) - before.rfind("\n")),
            hint="save the file as UTF-8")) from None
    if path.suffix == ".euchre":
        from .dsl import parse_dsl  # the rules language front end

        return parse_dsl(text, str(path))
    return parse_yaml(text, str(path))


def _resolve(name: str, child: VariantSource, chain: tuple[str, ...]) -> VariantSource:
    base = Path(child.file).parent if child.file else Path.cwd()
    path = _find(name, base)
    if path is None:
        raise EuchreError(Problem("unknown-variant", f"unknown parent variant '{name}'",
                                  location=child.value_at(("extends",)),
                                  hint=_known_hint(name)))
    key = str(path.resolve())
    if key in chain:
        cycle = " -> ".join(Path(c).stem for c in chain + (key,))
        raise EuchreError(Problem("invalid-variant", f"'extends' goes round in a circle: {cycle}",
                                  location=child.value_at(("extends",)),
                                  hint="one of these files must not extend the other"))
    parent = parse_file(path)
    grand = parent.data.get("extends")
    if isinstance(grand, str):
        above = _resolve(grand, parent, chain + (key,))
        parent = merge(above, parent.without("extends"))
    return parent


def _known_hint(name: str) -> str:
    """Did-you-mean and the list of shipped ids, for an unknown variant name."""
    ids = shipped_ids()
    close = difflib.get_close_matches(name, ids, n=1)
    near = f"did you mean '{close[0]}'? " if close else ""
    return f"{near}shipped variants are: {', '.join(ids)}; or give a file path"


def _find(name: str, base: Path) -> Path | None:
    candidate = Path(name)
    for p in (base / candidate, candidate):
        if p.is_file():
            return p
    if "/" not in name and "\\" not in name:
        for d in VARIANT_DIRS:
            for suffix in SUFFIXES:
                p = d / f"{name}{suffix}"
                if p.is_file():
                    return p
    return None


def compile_file(path: str | Path) -> RuleSet:
    """Compile a variant file (YAML or rules language).

    A file that gives no id is known by its file name (``kitchen.euchre`` is
    ``kitchen``); ids are not inherited through ``extends``.
    """
    p = Path(path)
    src = parse_file(p)
    src.data.setdefault("id", p.stem)
    key = str(p.resolve())
    return compile_source(src, lambda n, child: _resolve(n, child, (key,)))


def compile_data(data: dict[str, Any], file: str | None = None) -> RuleSet:
    """Compile an inline variant object (as in an ``ehh/1`` record)."""
    src = VariantSource(dict(data), file)
    return compile_source(src, lambda n, child: _resolve(n, child, ()))


@lru_cache(maxsize=64)
def load_variant(name: str, base: str | None = None) -> RuleSet:
    """A variant by shipped id or by file path (relative to ``base``).

    Raises :class:`EuchreError` with code ``unknown-variant`` when nothing is
    found, ``invalid-variant`` when the file has errors.
    """
    path = _find(name, Path(base) if base else Path.cwd())
    if path is None:
        raise EuchreError(Problem("unknown-variant", f"unknown variant '{name}'",
                                  hint=_known_hint(name)))
    return compile_file(path)
