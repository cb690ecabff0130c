"""Writing a variant in the rules language (``euchre variant compile --to euchre``).

Takes data in the YAML variant form (a source file's own keys, or a whole
compiled :class:`RuleSet` from ``to_dict()``) and writes one rule per line:
the option's phrase where the phrase table has one, ``section.option =
value`` otherwise.  Reading the output back gives the same data.
"""

from __future__ import annotations

import re
from typing import Any

from .compiler import typed_value
from .describe import value_words
from .phrases import PhraseItem, render
from .ruleset import SECTIONS

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_'\-]*")
_NUMBER = re.compile(r"-?[0-9]+")
INDENT = "    "


def _value(value: Any) -> str:
    """A value as the rules language reads it back to the same thing."""
    if isinstance(value, str) and not (_WORD.fullmatch(value) or _NUMBER.fullmatch(value)):
        return PhraseItem("text", value).text
    return value_words(value)


def to_dsl(data: dict[str, Any]) -> str:
    """Rules-language text for variant data keyed like the YAML form."""
    heading = ["variant"]
    ident = str(data.get("id") or "")
    if _WORD.fullmatch(ident):
        heading.append(ident)
    if data.get("name"):
        heading.append(PhraseItem("text", str(data["name"])).text)
    if data.get("extends"):
        parent = str(data["extends"])
        heading.append("extends " + (parent if _WORD.fullmatch(parent)
                                     else PhraseItem("text", parent).text))
    lines = [" ".join(heading) + " {"]
    if ident and not _WORD.fullmatch(ident):
        lines.append(f"{INDENT}{render('id', ident)}")
    for key in ("description", "source"):
        if data.get(key):
            lines.append(f"{INDENT}{render(key, str(data[key]))}")
    for section in SECTIONS:
        options = data.get(section)
        if not options:
            continue
        lines.append("")
        lines.append(f"{INDENT}# {section}")
        for option, value in options.items():
            path = f"{section}.{option}"
            value = typed_value(section, option, value)
            lines.append(INDENT + (render(path, value) or f"{path} = {_value(value)}"))
    lines.append("}")
    return "\n".join(lines) + "\n"
