"""The JSON Schema of the YAML form accepts exactly what the compiler accepts."""

from __future__ import annotations

import json
import re
from dataclasses import fields
from typing import Any

import pytest

from euchre_dsl.rules.compiler import _convert
from euchre_dsl.rules.registry import shipped_ids, variants_dir
from euchre_dsl.rules.ruleset import SECTIONS
from euchre_dsl.rules.schema import json_schema
from euchre_dsl.rules.yaml_form import parse_yaml

SCHEMA = json_schema()

_TYPES = {
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
    "null": lambda v: v is None,
}


def valid(schema: dict[str, Any], value: Any) -> bool:
    """The subset of JSON Schema (draft 2020-12) that the generated schema uses."""
    if "anyOf" in schema and not any(valid(s, value) for s in schema["anyOf"]):
        return False
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[t](value) for t in types):
            return False
    if "enum" in schema and not any(value == e and type(value) is type(e)
                                    for e in schema["enum"]):
        return False
    if "const" in schema and value != schema["const"]:
        return False
    if "pattern" in schema and isinstance(value, str) and \
            not re.search(schema["pattern"], value):
        return False
    if isinstance(value, int) and not isinstance(value, bool):
        if value < schema.get("minimum", value) or value > schema.get("maximum", value):
            return False
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            return False
        if "items" in schema and not all(valid(schema["items"], v) for v in value):
            return False
    if isinstance(value, dict):
        props = schema.get("properties", {})
        if schema.get("additionalProperties") is False and set(value) - set(props):
            return False
        if not all(valid(props[k], v) for k, v in value.items() if k in props):
            return False
    return True


CANDIDATES: list[Any] = [
    True, False, "yes", "No", "ON", "off", "true", "FALSE", "maybe", 0, 1, 2, 5, 7, 8, 9, 10,
    -1, 100, "9", "8", "10", "bid", "Bid", "C", "c", "H", "X", "none", "None", None,
    "award", "AWARD", "awrd", "vs_lone_maker", "partners", "countdown", "throw_in",
    "left_of_dealer", "dealer_names", [3, 2], [5], [], [3, 0], ["3"], 2.5, {"a": 1}, "",
]


@pytest.mark.parametrize("path", [f"{s}.{f.name}" for s, c in SECTIONS.items()
                                  for f in fields(c)])
def test_schema_and_compiler_agree_on_every_option(path: str) -> None:
    section, option = path.split(".")
    f = {f.name: f for f in fields(SECTIONS[section])}[option]
    schema = SCHEMA["properties"][section]["properties"][option]
    assert schema["description"] == f.metadata["doc"]
    for value in CANDIDATES:
        ok, _, _ = _convert(value, str(f.type), f.metadata)
        assert valid(schema, value) == ok, (path, value)


@pytest.mark.parametrize("variant_id", shipped_ids())
def test_every_shipped_yaml_variant_is_valid(variant_id: str) -> None:
    data = parse_yaml((variants_dir() / f"{variant_id}.yaml").read_text(encoding="utf-8")).data
    assert valid(SCHEMA, data)


def test_unknown_keys_and_options_are_invalid() -> None:
    assert not valid(SCHEMA, {"extend": "standard"})
    assert not valid(SCHEMA, {"bidding": {"stik_the_dealer": True}})
    assert valid(SCHEMA, {"extends": "standard", "bidding": {"stick_the_dealer": "yes"}})
    assert valid(SCHEMA, {"scoring": None})


def test_the_schema_is_plain_json_with_a_dialect() -> None:
    text = json.dumps(SCHEMA)
    assert json.loads(text) == SCHEMA
    assert SCHEMA["$schema"].endswith("2020-12/schema")
    assert set(SCHEMA["properties"]) == {"id", "name", "description", "source", "extends",
                                         *SECTIONS}
