"""The YAML front end: a variant file to a located :class:`VariantSource`.

Parsing uses PyYAML's safe composer (no object construction), so positions of
every key and value are kept and nothing in a file can run code.
"""

from __future__ import annotations

from typing import Any

import yaml

from ..errors import EuchreError, Location, Problem
from ..limits import MAX_NESTING, clip
from .source import Path, VariantSource


def parse_yaml(text: str, file: str | None = None, keep_going: bool = False) -> VariantSource:
    """Parse YAML variant text; problems raise :class:`EuchreError` (``invalid-variant``).

    With ``keep_going`` a key given twice is left in :attr:`VariantSource.problems`
    (the first value kept) for the compiler to report with its own problems.

    The nesting is measured first, on PyYAML's event stream (a loop), and
    refused past :data:`~euchre_dsl.limits.MAX_NESTING`: its composer, and the
    walk below, recurse once per level."""
    try:
        _check_nesting(text, file)
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        raise EuchreError(_syntax_problem(exc, file)) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow
        before = text[:exc.position]
        loc = Location(file, before.count("\n") + 1, exc.position - before.rfind("\n"))
        raise EuchreError(Problem("invalid-variant", f"YAML: the character U+{exc.character:04X} "
                                  "is not allowed in a YAML file", location=loc,
                                  hint="delete it (was a binary file saved as .yaml?)")) \
            from None
    src = VariantSource({}, file)
    src.key_locations[()] = Location(file, 1, 1)
    if node is None:
        return src
    if not isinstance(node, yaml.MappingNode):
        raise EuchreError(Problem("invalid-variant", "a variant file must be a mapping of "
                                  "options ('key: value' lines)", location=_loc(node, file)))
    src.data = _mapping(node, (), src)
    if src.problems and not keep_going:
        raise EuchreError(src.problems)
    return src


def _check_nesting(text: str, file: str | None) -> None:
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_NESTING:
                mark = event.start_mark
                raise EuchreError(Problem(
                    "invalid-variant", f"values are nested more than {MAX_NESTING} levels deep",
                    location=Location(file, mark.line + 1, mark.column + 1) if mark else
                    Location(file),
                    hint="a variant has sections of options, two levels at most"))
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


#: PyYAML's words for common mistakes -> (what it means, how to fix it).
_SYNTAX_WORDS: tuple[tuple[str, str, str], ...] = (
    ("expected <block end>", "this line is not indented like the lines around it",
     "the options of a section are indented by the same number of spaces (2 is usual)"),
    ("mapping values are not allowed", "a ':' where none can be",
     "is the line above missing its ':', or this line indented wrongly? Text containing "
     "': ' goes in quotes"),
    ("found character '\\t'", "a tab character", "YAML indents with spaces only"),
    ("expected ',' or ']'", "a [list] is not closed with ']'", "like: packets: [3, 2]"),
    ("expected ',' or '}'", "a {mapping} is not closed with '}'",
     "write each option on its own line instead"),
    ("while scanning a quoted scalar", "text in quotes is not closed",
     "end it with the same quote mark"),
    ("could not find expected ':'", "expected 'key: value'",
     "write each option as 'key: value', with a space after the colon"),
    ("undefined alias", "'*' starts a YAML alias", "put the value in quotes"),
    ("found an alias", "YAML aliases ('*name') are not allowed in a variant file",
     "write the value out in full"),
    ("found another document", "a second YAML document ('---') in a variant file",
     "a variant file holds one variant: remove the '---' line and what follows, or put "
     "it in a file of its own"),
    ("cannot start any token", "this character cannot start a value",
     "put the value in quotes"),
)


class _Loader(yaml.SafeLoader):
    """The safe loader, refusing aliases: a variant is plain data, and an alias can
    refer to itself or multiply a few lines into billions of values."""

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent) and \
                self.peek_event().anchor in self.anchors:  # type: ignore[no-untyped-call]
            raise yaml.composer.ComposerError(
                None, None, "found an alias",
                self.peek_event().start_mark)  # type: ignore[no-untyped-call]
        return super().compose_node(parent, index)


def _syntax_problem(exc: yaml.MarkedYAMLError, file: str | None) -> Problem:
    """A PyYAML error in a card player's words, at the place it names."""
    said = f"{exc.problem or ''} {exc.context or ''}"
    mark = exc.problem_mark or exc.context_mark
    message = f"YAML syntax: {exc.problem or exc}"
    hint = "check indentation and that every 'key: value' has a space after the colon"
    for pattern, words, fix in _SYNTAX_WORDS:
        if pattern in said:
            message, hint = f"YAML syntax: {words}", fix
            if ("quoted" in pattern or "expected ','" in pattern) and exc.context_mark:
                mark = exc.context_mark  # where the quote or bracket opens, not the end
            break
    loc = Location(file, mark.line + 1 if mark else None, mark.column + 1 if mark else None)
    return Problem("invalid-variant", message, location=loc, hint=hint)


def _loc(node: yaml.Node, file: str | None) -> Location:
    return Location(file, node.start_mark.line + 1, node.start_mark.column + 1)


def _mapping(node: yaml.MappingNode, path: Path, src: VariantSource) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key_node, value_node in node.value:
        key = _scalar(key_node, src.file)
        if not isinstance(key, str):
            key = str(key)
        sub = path + (key,)
        if key in out:
            first = src.key_locations[sub]
            src.problems.append(Problem(
                "invalid-variant", f"'{clip('.'.join(sub))}' is given twice (first at line "
                f"{first.line})", location=_loc(key_node, src.file),
                hint="keep one of the two lines"))
            src.unsure.add(sub)
            continue
        src.key_locations[sub] = _loc(key_node, src.file)
        src.value_locations[sub] = _loc(value_node, src.file)
        out[key] = _value(value_node, sub, src)
    return out


def _value(node: yaml.Node, path: Path, src: VariantSource) -> Any:
    if isinstance(node, yaml.MappingNode):
        return _mapping(node, path, src)
    if isinstance(node, yaml.SequenceNode):
        return [_value(n, path + (str(i),), src) for i, n in enumerate(node.value)]
    return _scalar(node, src.file)


def _scalar(node: yaml.Node, file: str | None) -> Any:
    """A scalar with YAML 1.1 typing, except that yes/no/on/off stay words.

    ``defend_alone: off`` must mean the word "off", not ``False``.  A value its
    type cannot hold (``!!int abc``, an integer of thousands of digits) is an error.
    """
    if not isinstance(node, yaml.ScalarNode):
        return None
    try:  # a "\ud800" escape: half a character, which no UTF-8 output can hold
        node.value.encode("utf-8")
    except UnicodeEncodeError as exc:
        half = node.value[exc.start]
        raise EuchreError(Problem("invalid-variant", f"'\\u{ord(half):04x}' is half a character "
                                  "(a lone UTF-16 surrogate), which UTF-8 text cannot hold",
                                  location=_loc(node, file),
                                  hint="write the character itself, or both halves of its "
                                       "surrogate pair")) from None
    if node.tag == "tag:yaml.org,2002:bool" and node.value.lower() not in ("true", "false"):
        return node.value
    constructor = yaml.SafeLoader.yaml_constructors.get(node.tag)
    if constructor is None or node.style in ("'", '"'):
        return node.value
    try:
        return constructor(yaml.SafeLoader(""), node)
    except (ValueError, TypeError, AttributeError, yaml.YAMLError):
        kind = node.tag.rsplit(":", 1)[-1]
        shown = node.value if len(node.value) <= 20 else node.value[:17] + "..."
        raise EuchreError(Problem("invalid-variant", f"'{shown}' cannot be read as {kind}",
                                  location=_loc(node, file),
                                  hint="write a plain value (numbers in a variant are small "
                                       "whole numbers), without a '!!' tag")) from None


def dump_yaml(data: dict[str, Any]) -> str:
    """Normalized YAML for a variant's plain data (key order kept).

    An option value that is a number written as text (a deck's lowest rank,
    ``'9'``) is written as the number, as a person writes it and as the
    compiler reads it back (``lowest: 9``)."""
    plain = {k: ({o: int(v) if isinstance(v, str) and v.isdigit() and v.isascii() else v
                  for o, v in section.items()} if isinstance(section, dict) else section)
             for k, section in data.items()}
    return yaml.safe_dump(plain, sort_keys=False, allow_unicode=True, default_flow_style=None)
