"""Finding variants: shipped ids, files, inline objects; ``extends`` chains.

Shipped variants live in the top-level ``variants/`` folder of a checkout and
are packaged into the wheel as ``euchre_dsl/variants``; both places are
searched, so ``euchre`` works the same installed or from a clone.

Which files may be read depends on who names them.  A name the user gives
(``--variant``, ``euchre variant check``) may be any file.  A name a *record*
gives is untrusted input: :func:`load_variant` with ``confine`` accepts only
shipped ids and files under the given folders (the record's own folder and
those the user allows), for the variant and every file its ``extends`` chain
names; anything else is refused before it is opened, so a record can neither
read nor echo a file it should not (SECURITY.md).

``extends`` chains are followed in a loop, not by recursion, and are at most
:data:`~euchre_dsl.limits.MAX_EXTENDS_DEPTH` files long.
"""

from __future__ import annotations

import os
import stat
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import EuchreError, Location, Problem
from ..limits import MAX_EXTENDS_DEPTH, MAX_VARIANT_FILE, MAX_VARIANT_NAME, clip
from .compiler import compile_source
from .ruleset import RuleSet
from .shipped import snapshot_rules
from .source import VariantSource, merge

_HERE = Path(__file__).resolve().parent.parent
VARIANT_DIRS = (_HERE / "variants", _HERE.parent / "variants")
SUFFIXES = (".yaml", ".yml")
#: Extensions of variant files: a name ending in one is a file name, not an id.
FILE_SUFFIXES = SUFFIXES + (".euchre",)
#: Folders a record's variant may come from (``None``: any file; see the module doc).
Confine = tuple[str, ...] | None


def variants_dir() -> Path:
    """The folder holding the shipped variant files."""
    for d in VARIANT_DIRS:
        if d.is_dir():
            return d
    raise FileNotFoundError("shipped variants folder not found")  # broken installation


def shipped_ids() -> list[str]:
    """Ids of the shipped variants, sorted."""
    return sorted(p.stem for p in variants_dir().glob("*.yaml"))


def parse_file(path: Path, named_at: Location | None = None) -> VariantSource:
    """Read a variant file of either form (by extension) into located source.

    ``named_at``: where a record (untrusted input) names this file.  Such a
    file is read only when it is a regular file: a named pipe would block the
    command until something writes to it, a device could be endless.  It is
    opened without waiting (``O_NONBLOCK``) and checked on the open file, so
    nothing can be swapped in between; anything else is refused unread."""
    try:
        raw = _read_head(path, named_at is not None)
    except OSError as exc:
        raise EuchreError(Problem("invalid-variant",
                                  f"cannot read variant file: {exc.strerror or exc}",
                                  location=Location(str(path)))) from None
    if raw is None:
        raise EuchreError(Problem(
            "unknown-variant", f"the variant file '{clip(path.name)}' is refused: it is not a "
            "regular file (a named pipe or a device), and a record may name only regular files",
            location=named_at or Location(), hint="name a variant file, or a shipped id"))
    if len(raw) > MAX_VARIANT_FILE:
        raise EuchreError(Problem("invalid-variant", f"the variant file is larger than "
                                  f"{MAX_VARIANT_FILE // 1024} KB", location=Location(str(path)),
                                  hint="a variant is a few dozen rules; is this the right file?"))
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

        return parse_dsl(text, str(path), keep_going=True)
    from .yaml_form import parse_yaml  # PyYAML: a fifth of a command's start-up

    src = parse_yaml(text, str(path), keep_going=True)
    if not src.data and not src.problems:  # as an empty rules file is (issue 9, finding 13)
        raise EuchreError(Problem("invalid-variant", "the file holds no variant",
                                  location=Location(str(path), 1, 1),
                                  hint="a variant file is 'key: value' lines; begin with "
                                       "'extends: standard'"))
    return src


def _read_head(path: Path, regular_only: bool) -> bytes | None:
    """The first :data:`MAX_VARIANT_FILE` + 1 bytes of ``path``; ``None`` when
    ``regular_only`` and it is not a regular file (see :func:`parse_file`)."""
    flags = os.O_RDONLY | (getattr(os, "O_NONBLOCK", 0) if regular_only else 0)
    with os.fdopen(os.open(path, flags), "rb") as f:
        if regular_only and not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            return None
        return f.read(MAX_VARIANT_FILE + 1)


def _resolve(name: str, child: VariantSource, chain: tuple[str, ...],
             confine: Confine = None) -> VariantSource:
    """The source ``child``'s ``extends: name`` names, merged with all its parents.

    A loop up the chain (no recursion: the depth comes from the input), at most
    :data:`MAX_EXTENDS_DEPTH` files, each found as ``confine`` allows."""
    found: list[VariantSource] = []
    while True:
        base = Path(child.file).parent if child.file else Path.cwd()
        path = _find(name, base, confine, child)
        key = str(path.resolve())
        if key in chain:
            cycle = " -> ".join(Path(c).stem for c in chain + (key,))
            raise EuchreError(Problem("invalid-variant",
                                      f"'extends' goes round in a circle: {clip(cycle)}",
                                      location=child.value_at(("extends",)),
                                      hint="one of these files must not extend the other"))
        if len(chain) >= MAX_EXTENDS_DEPTH:
            raise EuchreError(Problem("invalid-variant", f"the 'extends' chain is longer than "
                                      f"{MAX_EXTENDS_DEPTH} files",
                                      location=child.value_at(("extends",)),
                                      hint="extend a variant nearer the top of the chain"))
        parent = parse_file(path, child.value_at(("extends",)) if confine is not None
                            else None)
        if parent.problems:  # a broken parent: its own problems, all of them
            raise EuchreError(parent.problems)
        found.append(parent)
        chain += (key,)
        grand = parent.data.get("extends")
        if not isinstance(grand, str):
            break
        name, child = grand, parent
    merged = found[-1]
    for src in reversed(found[:-1]):
        merged = merge(merged, src.without("extends"))
    return merged


def _known_hint(name: str) -> str:
    """Did-you-mean and the list of shipped ids, for an unknown variant name."""
    import difflib  # here: only an unknown name needs it (start-up of every command)

    ids = shipped_ids()
    close = difflib.get_close_matches(name, ids, n=1)
    near = f"did you mean '{close[0]}'? " if close else ""
    return f"{near}shipped variants are: {', '.join(ids)}; or give a file path"


def _shipped(name: str) -> Path | None:
    if "/" in name or "\\" in name or name in ("", ".", ".."):
        return None
    for d in VARIANT_DIRS:
        for suffix in SUFFIXES:
            p = d / f"{name}{suffix}"
            if p.is_file():
                return p
    return None


def _is_file_like(p: Path) -> bool:
    """An existing path a variant can be read from: a file or a device, not a folder."""
    try:
        return p.exists() and not p.is_dir()
    except OSError:  # a name the system cannot even look up (too long, bad bytes)
        return False


def _find(name: str, base: Path, confine: Confine = None,
          child: VariantSource | None = None) -> Path:
    """The file ``name`` stands for, looked up from ``base``; with ``confine``, only a
    shipped one or one under those folders.  Raises :class:`EuchreError` saying why
    nothing is found (``child``: the file whose ``extends`` names it)."""
    where = child.value_at(("extends",)) if child is not None else Location()
    what = "parent variant" if child is not None else "variant"
    if len(name) > MAX_VARIANT_NAME:
        raise EuchreError(Problem("unknown-variant", f"the {what} name is {len(name)} "
                                  f"characters long, more than the {MAX_VARIANT_NAME} a name "
                                  "or file path may have", location=where))
    if "\0" in name:
        raise EuchreError(Problem("unknown-variant", f"the {what} name {clip(repr(name))} "
                                  "holds a NUL character", location=where))
    shown = clip(name)
    candidate = Path(name)
    if confine is not None and not _may_name(base / candidate, confine):
        # refused before anything outside is looked up: the same answer whether it
        # exists or not (a shipped id is no file of the record's folder)
        shipped = _shipped(name)
        if shipped is not None:
            return shipped
        raise EuchreError(Problem(
            "unknown-variant", f"the {what} '{shown}' is refused: a record may name a shipped "
            "variant or a variant file in its own folder", location=where,
            hint="to allow variant files in another folder, give it with --variant-dir"))
    tries = [base / candidate] if confine is not None else [base / candidate, candidate]
    for p in tries:
        if _is_file_like(p):
            return p
    shipped = _shipped(name)
    if shipped is not None:
        return shipped
    if name.endswith(FILE_SUFFIXES) or "/" in name or "\\" in name:
        looked = base if confine is not None or not candidate.is_absolute() else None
        place = f" (looked in {clip(str(looked))})" if looked is not None else ""
        raise EuchreError(Problem("unknown-variant", f"the {what} file '{shown}' does not "
                                  f"exist{place}", location=where,
                                  hint="check the file name, or give a shipped id: "
                                       f"{', '.join(shipped_ids())}"))
    raise EuchreError(Problem("unknown-variant", f"unknown {what} '{shown}'", location=where,
                              hint=_known_hint(shown)))


def _may_name(path: Path, folders: tuple[str, ...]) -> bool:
    """May a record name ``path``: is it under one of ``folders``, first as written
    (no ``..`` out of them, so nothing outside is looked up at all), then where
    its links really lead?"""
    written = os.path.normpath(path)
    if not any(written == os.path.normpath(os.path.abspath(f)) or
               written.startswith(os.path.normpath(os.path.abspath(f)).rstrip(os.sep) + os.sep)
               for f in folders):
        return False
    return _inside(path, folders)


def _inside(path: Path, folders: tuple[str, ...]) -> bool:
    """Is the real place of ``path`` (links followed) under one of ``folders``?"""
    try:
        real = path.resolve()
    except (OSError, RuntimeError):
        return False
    for folder in folders:
        try:
            top = Path(folder).resolve()
        except (OSError, RuntimeError):
            continue
        if real == top or top in real.parents:
            return True
    return False


def compile_file(path: str | Path, confine: Confine = None) -> RuleSet:
    """Compile a variant file (YAML or rules language).

    A file that gives no id is known by its file name (``kitchen.euchre`` is
    ``kitchen``); ids are not inherited through ``extends``.
    """
    p = Path(path)
    src = parse_file(p, Location() if confine is not None else None)
    if "id" not in src.data and ("id",) not in src.unsure:
        src.data["id"] = p.stem
    key = str(p.resolve())
    return compile_source(src, lambda n, child: _resolve(n, child, (key,), confine))


def compile_data(data: dict[str, Any], file: str | None = None,
                 confine: Confine = None) -> RuleSet:
    """Compile an inline variant object (as in an ``ehh/1`` record)."""
    src = VariantSource(dict(data), file)
    return compile_source(src, lambda n, child: _resolve(n, child, (), confine))


def parent_of(name: str) -> RuleSet:
    """The rules the variant ``name`` (a shipped id or a file) builds on: what its
    ``extends`` names, or the option table's defaults for a variant that extends
    nothing.  For ``euchre variant show --changed``."""
    path = _find(name, Path.cwd())
    src = parse_file(path)
    parent = src.data.get("extends")
    if isinstance(parent, str):
        return load_variant(parent, str(path.parent))
    return compile_data({"id": "defaults"})


@lru_cache(maxsize=64)
def load_variant(name: str, base: str | None = None, confine: Confine = None) -> RuleSet:
    """A variant by shipped id or by file path (relative to ``base``).

    ``confine`` (for names a record gives): only shipped ids and files under
    these folders, for the variant and its whole ``extends`` chain.  Raises
    :class:`EuchreError` with code ``unknown-variant`` when nothing is found
    or the file is refused, ``invalid-variant`` when the file has errors.
    """
    path = _find(name, Path(base) if base else Path.cwd(), confine)
    if path.parent in VARIANT_DIRS:  # a shipped variant: compiled ahead, if unchanged
        rules = snapshot_rules(path)
        if rules is not None:
            return rules
    return compile_file(path, confine)
