"""Checking ``ehh/1`` records: every problem of a record, or the proof it has none.

:class:`Validator` takes one record (a plain dict, as :mod:`json` gives it)
and returns :class:`~euchre_dsl.errors.Problem` objects with the spec's codes,
the record, hand and action where each happened, and -- through a locator
from :mod:`~euchre_dsl.records.reader` -- the line and column in the file.

The problems are those of the one walk of a record
(:func:`~euchre_dsl.replay.walk.walk_record`), which replays it through the
engine; a record with none is usually proved clean first, faster, by the fast
paths (:mod:`.fast_check` on a parsed record, :mod:`.fast_bytes` on its
bytes), which report nothing.  :func:`check_items` and :func:`validate_path`
check whole files and count what they held.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from ..errors import Problem
from ..records.positions import Item, Locate, no_positions
from ..records.reader import read_records
from ..replay.variants import Variants
from ..replay.walk import RecordWalk
from .fast_bytes import ByteCheck
from .fast_check import FastCheck


class Validator(Variants):
    """Checks records one at a time; compiled variants are kept between records.

    With ``fast`` (the default) each record first goes through
    :class:`~.fast_check.FastCheck`, which proves a clean record clean in one
    replay; any other record is checked in full, so the problems are the same
    either way (``fast=False`` is for the tests that show it).  Readers given
    :meth:`prove` try the same proof on a JSON record's bytes, before it is
    parsed (:class:`~.fast_bytes.ByteCheck`).

    It counts which path settled each record, so that a test or a benchmark can
    tell that a record it expects on the fast path took it (a slow record gives
    the same answer, only later): :attr:`proved_from_bytes` (:meth:`prove` said
    clean), :attr:`proved_parsed` (:meth:`clean` said clean) and
    :attr:`checked_in_full` (:meth:`check_fully` ran).
    """

    def __init__(self, variant_dirs: tuple[str, ...] = (), fast: bool = True,
                 sees_files: bool = True) -> None:
        super().__init__(variant_dirs, sees_files)
        self.fast = FastCheck(self.rules_for) if fast else None
        self._bytes = ByteCheck(self.fast) if self.fast is not None else None
        self.proved_from_bytes = 0
        self.proved_parsed = 0
        self.checked_in_full = 0

    def prove(self, raw: bytes, file: str | None) -> int:
        """The number of hands of a JSON record, from its raw bytes read from ``file``,
        when they prove it clean; -1 when they do not (parse it and :meth:`validate`
        it).  The ``prove`` of the readers (:mod:`.reader`)."""
        if self._bytes is None:
            return -1
        hands = self._bytes.hands(raw, file)
        if hands >= 0:
            self.proved_from_bytes += 1
        return hands

    def clean(self, record: Any, file: str | None) -> bool:
        """``True`` when the fast path proves ``record`` has no problem (nor note);
        ``False`` says nothing: :meth:`validate` must look."""
        if self.fast is not None and self.fast.clean(record, file):
            self.proved_parsed += 1
            return True
        return False

    def validate(self, record: Any, *, index: int = 0, file: str | None = None,
                 locate: Locate | None = None) -> list[Problem]:
        """Every problem of one record.

        ``file`` is where the record was read from (variant paths are relative
        to it); ``locate`` maps a JSON path in the record to a file location
        (a :class:`~euchre_dsl.records.reader.Locator`); without it problems
        carry the file only.
        """
        if self.clean(record, file):
            return []
        return self.check_fully(record, index, file, locate)

    def check_fully(self, record: Any, index: int = 0, file: str | None = None,
                    locate: Locate | None = None) -> list[Problem]:
        """:meth:`validate` without the fast path (for a record it did not prove clean)."""
        self.checked_in_full += 1
        return [e for e in RecordWalk(self, record, index, file, locate or no_positions(file),
                                      False).walk() if type(e) is Problem]


def validate_record(record: Any, *, index: int = 0, file: str | None = None,
                    locate: Locate | None = None) -> list[Problem]:
    """Every problem of one record (see :meth:`Validator.validate`)."""
    return Validator().validate(record, index=index, file=file, locate=locate)


@dataclass
class FileReport:
    """What one file held and how it fared: records, hands, errors and warnings."""

    path: str
    records: int = 0
    hands: int = 0
    errors: int = 0
    warnings: int = 0
    problems: list[Problem] = field(default_factory=list)  # kept by validate_path only


def check_items(items: Iterable[Item], file: str | None, report: FileReport,
                validator: Validator | None = None) -> Iterator[Problem]:
    """Problems of every record read from one file, as they are found; ``report``
    counts records, hands, errors and warnings as they go by."""
    v = validator or Validator()
    for item in items:
        report.records += 1
        if item.proved >= 0:  # proved clean from its bytes (the reader's prove)
            report.hands += item.proved
            continue
        if item.problem is not None:
            found = [item.problem, *item.converted]
        else:
            data = item.data
            if type(data) is dict:
                hands = data.get("hands")
                if type(hands) is list:
                    report.hands += len(hands)
            if not item.converted and v.clean(data, file):  # no locator for a clean record
                continue
            found = [*item.converted, *v.check_fully(data, item.index, file,
                                                     item.locate(file))]
        for p in found:
            if p.severity == "error":
                report.errors += 1
            elif p.severity == "warning":
                report.warnings += 1
            yield p


def validate_path(path: str, validator: Validator | None = None) -> FileReport:
    """Check one record file (or ``-``, standard input) and keep every problem.

    Raises ``OSError`` when the file cannot be read and ``ValueError`` for a
    file type no reader knows (see :func:`~euchre_dsl.records.reader.read_records`).
    For very large broken files prefer :func:`check_items`, which streams.
    """
    report = FileReport(path)
    v = validator or Validator()
    report.problems.extend(check_items(read_records(path, v.prove), path, report, v))
    return report
