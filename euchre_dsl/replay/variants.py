"""Compiled variants kept between records: the variant a record names, loaded once.

A record names its variant by a shipped id, a path to a variant file, or an
inline object.  :class:`Variants` compiles each once and keeps it for the
records after (a file of a thousand games of one variant compiles it once);
the walk (:func:`~.walk.walk_record`) and the validator
(:class:`~euchre_dsl.validate.validator.Validator`, which is a
:class:`Variants`) ask it for each record's rules.
"""

from __future__ import annotations

import json
import os
from typing import Any

from ..errors import EuchreError
from ..records.reader import STDIN, STDIN_NAME
from ..rules.registry import compile_data, load_variant, shipped_ids
from ..rules.ruleset import RuleSet

#: The number of compiled variants kept between records (inline ones and files).
VARIANT_CACHE = 64


class UnseenFiles(Exception):
    """A record names a variant this process cannot rightly load: it checks records whose
    file it cannot see (their bytes were sent to it), so a variant file next to them, or
    one an inline variant extends, is not there.  Deliberately not an
    :class:`~euchre_dsl.errors.EuchreError` (which the checks turn into a problem): the
    record must be checked where its files are (see :mod:`euchre_dsl.validate.chunks`)."""


class Variants:
    """The variants records name, compiled once each and kept (up to :data:`VARIANT_CACHE`)."""

    def __init__(self, variant_dirs: tuple[str, ...] = (), sees_files: bool = True) -> None:
        #: Whether the records' files (and so the variant files beside them) are where
        #: their names say; if not, a variant that is not a shipped id, or fails to
        #: load, raises :class:`UnseenFiles` instead of a problem.
        self.sees_files = sees_files
        self._variants: dict[tuple[str, str | None], RuleSet | EuchreError] = {}
        self._file: str | None = None  # the file of the last record, and its folder
        self._base: str | None = None
        #: Where a file name stands, when this process's working directory would put it
        #: elsewhere (a worker on another machine checking a relative name); see
        #: :meth:`place`.
        self._where: dict[str, str] = {}
        #: Folders besides a record's own whose variant files a record may name.
        self.variant_dirs = tuple(os.path.abspath(d) for d in variant_dirs)

    def place(self, file: str, where: str) -> None:
        """Records said to come from ``file`` (the name their problems show) are at the
        absolute path ``where``: variant files are looked up beside it."""
        self._where = {file: where}
        self._file = None

    def rules_for(self, variant: str | dict[str, Any], file: str | None) -> RuleSet:
        """The record's variant: a shipped id, a path relative to ``file``, or an inline
        object.  Raises :class:`EuchreError` (``unknown-variant``/``invalid-variant``).

        A record is untrusted: the files it may name (and their ``extends``
        chains) are confined to its own folder and :attr:`variant_dirs`; a
        record read from standard input has no folder of its own."""
        from_stdin = file in (None, STDIN, STDIN_NAME)
        if file != self._file:  # records of one file share it: work out its folder once
            self._file = file
            self._base = None if from_stdin or file is None else \
                os.path.dirname(self._where.get(file) or os.path.abspath(file))
        base = self._base
        confine = ((base,) if base else ()) + self.variant_dirs
        if isinstance(variant, str):
            key: tuple[str, str | None] = (variant, base)
        else:
            key = ("\0" + json.dumps(variant, sort_keys=True), file)
        found = self._variants.get(key)
        if not self.sees_files and isinstance(variant, str) and variant not in shipped_ids():
            raise UnseenFiles(variant)
        if found is None:
            try:
                if isinstance(variant, str):
                    found = load_variant(variant, base, confine)
                else:
                    found = compile_data(variant, None if from_stdin else file, confine)
            except EuchreError as exc:
                found = exc
            if len(self._variants) >= VARIANT_CACHE:
                self._variants.clear()
            self._variants[key] = found
        if isinstance(found, EuchreError):
            if not self.sees_files:
                raise UnseenFiles(str(found))
            raise found
        return found
