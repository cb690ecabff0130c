"""Variant source data with positions: what both front ends (YAML, DSL) produce.

A :class:`VariantSource` is plain nested data (dicts, lists, scalars) plus, for
every key path, where its key and its value stand in the file.  The compiler
(:mod:`euchre_dsl.rules.compiler`) reads only this, so YAML and the rules
language are checked by the same code and give the same messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Location, Problem

Path = tuple[str, ...]


@dataclass
class VariantSource:
    data: dict[str, Any]
    file: str | None = None
    key_locations: dict[Path, Location] = field(default_factory=dict)
    value_locations: dict[Path, Location] = field(default_factory=dict)
    #: Problems the front end found and went on past (the compiler reports them with
    #: its own, all in one pass); a front end reading with ``keep_going`` fills it.
    problems: list[Problem] = field(default_factory=list)
    #: Options the file meant to set but whose value is not known (set twice, a
    #: phrase with a bad value): no contradiction is inferred from them.
    unsure: set[Path] = field(default_factory=set)

    def key_at(self, path: Path) -> Location:
        """Where the key at ``path`` is written (its nearest known ancestor)."""
        return self._find(self.key_locations, path)

    def value_at(self, path: Path) -> Location:
        """Where the value at ``path`` is written (its nearest known ancestor)."""
        return self._find(self.value_locations, path) if path in self.value_locations \
            else self.key_at(path)

    def without(self, *keys: str) -> VariantSource:
        """This source less the top-level ``keys``, their values and their positions."""
        def keep(table: dict[Path, Location]) -> dict[Path, Location]:
            return {p: loc for p, loc in table.items() if not p or p[0] not in keys}

        return VariantSource({k: v for k, v in self.data.items() if k not in keys}, self.file,
                             keep(self.key_locations), keep(self.value_locations))

    def _find(self, table: dict[Path, Location], path: Path) -> Location:
        while path:
            if path in table:
                return table[path]
            path = path[:-1]
        return table.get((), Location(self.file, None, None))


def merge(parent: VariantSource, child: VariantSource) -> VariantSource:
    """``child`` over ``parent``: sections merge key by key, scalars replace.

    Locations follow the value that wins, so an error in an inherited option
    points at the parent file.  Time is linear in the size of both: the
    parent's positions a child's value replaces are found through an index by
    prefix, not by a scan per value (issue 27, finding 12: a record's inline
    variant of thousands of keys).
    """
    data: dict[str, Any] = {}
    keys = dict(parent.key_locations)
    values = dict(parent.value_locations)
    under: dict[Path, list[Path]] = {}  # a section or an option -> the positions below it
    for table in (keys, values):
        for p in table:
            for n in (1, 2):
                if len(p) >= n:
                    under.setdefault(p[:n], []).append(p)
    for k, v in parent.data.items():
        data[k] = dict(v) if isinstance(v, dict) else v
    for k, v in child.data.items():
        if isinstance(v, dict) and isinstance(data.get(k), dict):
            data[k].update(v)
            given: list[Path] = [(k, sub) for sub in v]
        else:
            data[k] = v
            given = [(k,)]
        for path in given:
            for p in under.pop(path, ()):
                keys.pop(p, None)
                values.pop(p, None)
            # a value the child gives is the child's to answer for, even when
            # the child (an inline object) carries no positions
            keys[path] = child.key_at(path)
            values[path] = child.value_at(path)
    keys.update(child.key_locations)
    values.update(child.value_locations)
    keys.pop((), None)
    values.pop((), None)
    if () in child.key_locations:
        keys[()] = child.key_locations[()]
    return VariantSource(data, child.file, keys, values)
