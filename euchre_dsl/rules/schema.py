"""JSON Schema of the YAML variant form, generated from the option table.

Editors with a YAML language server use it to complete option names and
check values while a house variant is typed (``euchre variant schema >
euchre-variant.schema.json``).  It accepts exactly what the compiler
accepts: yes/no/on/off/true/false in any case for yes-or-no options, choice
words in any case, numbers for rank choices, ``none`` (or null) for options
that may be unset.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from .compiler import YES_NO
from .ruleset import SECTIONS, MakerTarget

SCHEMA_URI = "https://json-schema.org/draft/2020-12/schema"


def _any_case(words: tuple[str, ...]) -> str:
    """A regex (ECMA-262 and Python alike) matching ``words`` in any letter case."""
    def one(word: str) -> str:
        return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else
                       ("\\" + c if not c.isalnum() and c != "_" else c) for c in word)
    return "^(" + "|".join(one(w) for w in words) + ")$"


def option_schema(type_name: str, meta: dict[str, Any], default: Any) -> dict[str, Any]:
    """The schema of one option, from its declared type, choices and range."""
    choices: tuple[str, ...] | None = meta.get("choices")
    optional = "None" in type_name
    alternatives: list[dict[str, Any]]
    if "bool" in type_name:
        alternatives = [{"type": "boolean"},
                        {"type": "string", "pattern": _any_case(tuple(YES_NO))}]
    elif type_name.startswith("tuple"):
        item: dict[str, Any] = {"type": "integer", "minimum": 1}
        if "maximum" in meta:
            item["maximum"] = meta["maximum"]
        alternatives = [{"type": "array", "items": item, "minItems": 1}]
    elif choices:
        alternatives = [{"enum": list(choices)},
                        {"type": "string", "pattern": _any_case(choices)}]
        numeric = [int(c) for c in choices if c.isdigit()]
        if numeric:
            alternatives.append({"enum": numeric})
    elif "int" in type_name:
        number: dict[str, Any] = {"type": "integer"}
        for key in ("minimum", "maximum"):
            if key in meta:
                number[key] = meta[key]
        alternatives = [number]
        if "str" in type_name:
            alternatives.append({"const": MakerTarget.BID.value})
    else:
        alternatives = [{"type": "string"}]
    if optional:
        alternatives.append({"type": "null"})
        if not choices or "none" not in [c.lower() for c in choices]:
            alternatives.append({"type": "string", "pattern": _any_case(("none",))})
    out: dict[str, Any] = {"description": meta.get("doc", "")}
    out["default"] = list(default) if isinstance(default, tuple) else default
    if len(alternatives) == 1:
        out.update(alternatives[0])
    else:
        out["anyOf"] = alternatives
    return out


def json_schema() -> dict[str, Any]:
    """The whole schema: identity keys, ``extends`` and one object per section."""
    text = {"type": "string"}
    properties: dict[str, Any] = {
        "id": {**text, "description": "Short name records and 'extends' use, like kitchen-table."},
        "name": {**text, "description": "The variant's name as players say it."},
        "description": {**text, "description": "One line on what the variant is."},
        "source": {**text, "description": "Where the rules come from."},
        "extends": {**text, "description": "A shipped variant id or a variant file this one "
                                           "starts from; only differences need to be given."},
    }
    for section, cls in SECTIONS.items():
        properties[section] = {
            "description": (cls.__doc__ or "").strip(),
            "type": ["object", "null"],
            "additionalProperties": False,
            "properties": {f.name: option_schema(str(f.type), dict(f.metadata), f.default)
                           for f in fields(cls)},
        }
    return {
        "$schema": SCHEMA_URI,
        "title": "euchre-dsl variant (YAML form)",
        "description": "A euchre variant: identity, 'extends', and options by section. "
                       "Generated from the option table by 'euchre variant schema'.",
        "type": "object",
        "additionalProperties": False,
        "properties": properties,
    }
