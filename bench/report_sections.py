"""Sections of docs/strength.md written by other bench scripts, between their markers.

bench/strength.py rewrites the report's head; bench/vs_openspiel.py (and any
other script written the same way) owns one section, opened by
``<!-- NAME: written by bench/SCRIPT.py -->`` and closed by ``<!-- /NAME -->``.
Each script replaces only its own section, and the strength report keeps every
such section when it rewrites the rest.
"""

from __future__ import annotations

import re

_OPENING = re.compile(r"<!-- [a-z-]+: written by bench/")


def splice(doc: str, begin: str, end: str, section: str) -> str:
    """``doc`` with the section between ``begin`` and ``end`` replaced by ``section``
    (which carries both markers), or with ``section`` appended if there is none."""
    if begin in doc and end in doc:
        head, rest = doc.split(begin, 1)
        tail = rest.split(end, 1)[1]
        return head + section.rstrip("\n") + tail
    return doc.rstrip("\n") + "\n\n" + section


def written_sections(doc: str) -> str:
    """The part of ``doc`` from its first script-written section on ("" if none):
    what the strength report keeps below the figures it writes itself."""
    m = _OPENING.search(doc)
    return doc[m.start():] if m else ""
