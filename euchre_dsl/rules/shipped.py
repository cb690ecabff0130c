"""The shipped variants, compiled ahead: a command that names one need not parse YAML.

Reading a variant file means importing PyYAML and parsing, which is a fifth of the start-up
of ``euchre simulate`` or ``euchre validate`` (PyYAML's import alone compiles large
regular expressions).  So every shipped variant is kept here, in ``shipped_rules.json``,
as its compiled options spelled out (:meth:`RuleSet.to_dict`) beside a checksum of each
file it was compiled from (the variant and its ``extends`` chain).  :func:`snapshot_rules`
hands back the variant compiled from those options -- by the same compiler, so the
rules are the same object a YAML read gives -- only while every checksum still matches
the file on disk: an edited shipped file is read afresh, never answered from a stale copy.

The YAML files stay the one source: ``python -m euchre_dsl.rules.shipped`` rewrites the
snapshot from them, and ``tests/rules/test_shipped.py`` fails while it is out of date.
"""

from __future__ import annotations

import json
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from .ruleset import RuleSet

SNAPSHOT = Path(__file__).with_name("shipped_rules.json")


@lru_cache(maxsize=1)
def _snapshot() -> dict[str, Any]:
    """The snapshot file's entries by variant id (empty if it cannot be read)."""
    try:
        entries: dict[str, Any] = json.loads(SNAPSHOT.read_bytes())["variants"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return entries


def checksum(path: Path) -> int:
    """The CRC-32 of a file's bytes (enough to notice an edit; not a security check)."""
    return zlib.crc32(path.read_bytes())


def snapshot_rules(path: Path) -> RuleSet | None:
    """The rules of the shipped variant file ``path`` from the snapshot, or ``None``
    when it has none for it or any file it was compiled from has changed since."""
    entry = _snapshot().get(path.stem)
    if entry is None or path.suffix != ".yaml":
        return None
    folder = path.parent
    try:
        for stem, crc in entry["files"].items():
            if checksum(folder / f"{stem}.yaml") != crc:
                return None
    except (OSError, AttributeError, TypeError):
        return None
    from .registry import compile_data  # the one compiler (registry imports this module)

    return compile_data(entry["rules"])


def build_snapshot(folder: Path) -> dict[str, Any]:
    """The snapshot of every variant file in ``folder``: each compiled from its YAML."""
    from .registry import compile_file, parse_file

    variants: dict[str, Any] = {}
    for path in sorted(folder.glob("*.yaml")):
        files = {path.stem: checksum(path)}
        parent = parse_file(path).data.get("extends")
        while isinstance(parent, str):
            source = folder / f"{parent}.yaml"
            files[parent] = checksum(source)
            parent = parse_file(source).data.get("extends")
        variants[path.stem] = {"files": files, "rules": compile_file(path).to_dict()}
    return {"about": "written by python -m euchre_dsl.rules.shipped from variants/*.yaml; "
                     "do not edit", "variants": variants}


def main() -> None:
    """Rewrite the snapshot from the shipped variant files."""
    from .registry import variants_dir

    text = json.dumps(build_snapshot(variants_dir()), indent=1, sort_keys=True,
                      ensure_ascii=False)
    SNAPSHOT.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {SNAPSHOT}")


if __name__ == "__main__":
    main()
