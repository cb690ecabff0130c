"""Located problems: the one shape every error message in euchre-dsl takes.

A :class:`Problem` names the place (file, line, column), says what is wrong in
the words of the game, and, where there is one, how to fix it.  Variant files,
hand histories and the command line all report through it, so the text and
JSON reports look the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Location:
    """A place in an input file; any part may be unknown (``None``)."""

    file: str | None = None
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        parts = [self.file or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


@dataclass
class Problem:
    """One thing wrong (or worth knowing) about an input."""

    code: str
    message: str
    severity: str = "error"  # "error", "warning" or "info"
    location: Location = field(default_factory=Location)
    hint: str | None = None
    record: int | None = None
    hand: int | None = None
    action: int | None = None

    def format(self) -> str:
        """``file:line:col: severity[code]: message`` plus the hint, compiler style."""
        text = f"{self.location}: {self.severity}[{self.code}]: {self.message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text

    def to_json(self) -> dict[str, Any]:
        """The problem as one JSON object of a ``--format json`` report (hint folded in)."""
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message if not self.hint else f"{self.message} ({self.hint})",
            "record": self.record,
            "hand": self.hand,
            "action": self.action,
            "line": self.location.line,
            "column": self.location.column,
        }


class EuchreError(Exception):
    """The root of every exception euchre-dsl raises on purpose.

    Catch it to handle anything the library reports (``except
    euchre_dsl.EuchreError``).  Errors about an input carry located
    :class:`Problem` objects in :attr:`problems`; the others (an illegal
    action, a card that cannot be read, ...) carry their message only, and
    :attr:`problems` is empty.
    """

    problems: list[Problem]

    def __init__(self, problems: list[Problem] | Problem | str = ""):
        if isinstance(problems, str):
            self.problems = []
            super().__init__(problems)
            return
        self.problems = problems if isinstance(problems, list) else [problems]
        super().__init__("\n".join(p.format() for p in self.problems))


#: The packages of each optional extra (pyproject.toml's optional-dependencies), as
#: ``pip install`` takes them.
EXTRAS = {
    "rl": "pettingzoo gymnasium",
    "data": "pyarrow",
    "dask": "'dask[distributed]'",
    "egn": "protobuf",
    "fast": "msgspec",
}


def install_hint(extra: str) -> str:
    """How to install an optional extra, in words that work where euchre-dsl came from:
    its packages by name anywhere, or the extra itself from a checkout (euchre-dsl is
    installed from its source tree, where ``'euchre-dsl[rl]'`` names nothing)."""
    return f"pip install {EXTRAS[extra]} (in a checkout of euchre-dsl: pip install '.[{extra}]')"
