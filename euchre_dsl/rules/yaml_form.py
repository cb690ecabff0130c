"""The YAML front end: a variant file to a located :class:`VariantSource`.

Parsing uses PyYAML's safe composer (no object construction), so positions of
every key and value are kept and nothing in a file can run code.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..errors import EuchreError, Location, Problem
from .source import Path, VariantSource


def parse_yaml(text: str, file: str | None = None) -> VariantSource:
    """Parse YAML variant text; syntax problems raise :class:`EuchreError` (``invalid-variant``)."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Location(file, mark.line + 1 if mark else None, mark.column + 1 if mark else None)
        raise EuchreError(Problem("invalid-variant", f"YAML syntax: {exc.problem or exc}",
                                  location=loc,
                                  hint="check indentation and that every 'key: value' has a "
                                       "space after the colon")) from None
    except yaml.YAMLError as exc:  # pragma: no cover - reader errors without marks
        raise EuchreError(Problem("invalid-variant", f"YAML: {exc}", location=Location(file))) \
            from None
    src = VariantSource({}, file)
    src.key_locations[()] = Location(file, 1, 1)
    if node is None:
        return src
    if not isinstance(node, yaml.MappingNode):
        raise EuchreError(Problem("invalid-variant", "a variant file must be a mapping of "
                                  "options ('key: value' lines)", location=_loc(node, file)))
    src.data = _mapping(node, (), src)
    return src


def _loc(node: yaml.Node, file: str | None) -> Location:
    return Location(file, node.start_mark.line + 1, node.start_mark.column + 1)


def _mapping(node: yaml.MappingNode, path: Path, src: VariantSource) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key_node, value_node in node.value:
        key = _scalar(key_node)
        if not isinstance(key, str):
            key = str(key)
        sub = path + (key,)
        if key in out:
            raise EuchreError(Problem("invalid-variant", f"'{'.'.join(sub)}' is given twice",
                                      location=_loc(key_node, src.file),
                                      hint="keep one of the two lines"))
        src.key_locations[sub] = _loc(key_node, src.file)
        src.value_locations[sub] = _loc(value_node, src.file)
        out[key] = _value(value_node, sub, src)
    return out


def _value(node: yaml.Node, path: Path, src: VariantSource) -> Any:
    if isinstance(node, yaml.MappingNode):
        return _mapping(node, path, src)
    if isinstance(node, yaml.SequenceNode):
        return [_value(n, path + (str(i),), src) for i, n in enumerate(node.value)]
    return _scalar(node)


def _scalar(node: yaml.Node) -> Any:
    """A scalar with YAML 1.1 typing, except that yes/no/on/off stay words.

    ``defend_alone: off`` must mean the word "off", not ``False``.
    """
    if not isinstance(node, yaml.ScalarNode):
        return None
    if node.tag == "tag:yaml.org,2002:bool" and node.value.lower() not in ("true", "false"):
        return node.value
    constructor = yaml.SafeLoader.yaml_constructors.get(node.tag)
    if constructor is None or node.style in ("'", '"'):
        return node.value
    return constructor(yaml.SafeLoader(""), node)  # type: ignore[arg-type]


def dump_yaml(data: dict[str, Any]) -> str:
    """Normalized YAML for a variant's plain data (key order kept)."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=None)
