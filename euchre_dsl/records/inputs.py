"""How an input of records is named and read, as words: the forms a reader takes and
standard input's name.  Kept apart from :mod:`.reader` (which loads a JSON parser)
so a command that reads no records -- ``euchre simulate`` -- need not load it to
check its options."""

from __future__ import annotations

__all__ = ["AUTO", "FORMS", "JSON", "JSONL", "STDIN", "STDIN_NAME", "TEXT", "input_name"]

#: The path that means standard input.
STDIN = "-"
#: The file name problems in standard input's records show.
STDIN_NAME = "<stdin>"

#: How an input is read: ``auto`` by its extension (standard input: by its first
#: line, see :func:`~euchre_dsl.records.reader.read_stdin`), else as one JSON
#: document, JSON Lines or the text format whatever its name.
AUTO, JSON, JSONL, TEXT = "auto", "json", "jsonl", "text"
FORMS = (AUTO, JSON, JSONL, TEXT)


def input_name(path: str) -> str:
    """The file name problems show for an input: ``<stdin>`` for ``-``."""
    return STDIN_NAME if path == STDIN else path
