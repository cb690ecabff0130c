"""Options are compared with their enums' members, never with a bare string.

Every option that takes words has an enum in ``rules/ruleset.py`` (its
``choices`` are the enum's words).  Comparing an option's value with a string
literal (``r.players.sides == "partners"``) would still work, but a misspelt
word would silently never match; comparing with a member (``Sides.PARTNERS``)
fails type checking instead.  This test walks every module of the package and of
the command line (``cli/``), as ``tests/test_layers.py`` walks their imports, and
fails on an option compared
with a string literal (``==``, ``!=``, ``in``, ``not in``).
"""

from __future__ import annotations

import ast
import dataclasses
from enum import StrEnum
from pathlib import Path

import pytest

from euchre_dsl.rules import ruleset

#: The checkout: the package and the command line (cli/) are walked.
ROOT = Path(__file__).resolve().parent.parent


def option_names() -> frozenset[str]:
    """The fields of the rule set whose words come from an enum."""
    enum_words = {tuple(m.value for m in e) for e in vars(ruleset).values()
                  if isinstance(e, type) and issubclass(e, StrEnum) and e is not StrEnum}
    names: set[str] = set()
    for section in dataclasses.fields(ruleset.RuleSet):
        kind = section.type if isinstance(section.type, type) else \
            getattr(ruleset, str(section.type), None)
        if kind is None or not dataclasses.is_dataclass(kind):
            continue
        for f in dataclasses.fields(kind):
            if tuple(f.metadata.get("choices", ())) in enum_words:
                names.add(f.name)
    names.add("maker_target")  # a number, or MakerTarget's word
    return frozenset(names)


OPTIONS = option_names()


def _is_words(node: ast.expr) -> bool:
    """A string literal, or a tuple, list or set of them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return bool(node.elts) and all(_is_words(e) for e in node.elts)
    return False


def _option_of(node: ast.expr) -> str | None:
    """The option an expression reads (``r.players.sides``, ``getattr(g, "rubber")``)."""
    if isinstance(node, ast.Attribute) and node.attr in OPTIONS:
        return node.attr
    return None


def bare_comparisons(source: str) -> list[tuple[int, str]]:
    """Each place an option is compared with a string literal: (line, option)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        if not all(isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops):
            continue
        operands = [node.left, *node.comparators]
        options = [o for o in map(_option_of, operands) if o is not None]
        if options and any(_is_words(o) for o in operands):
            found.append((node.lineno, options[0]))
    return found


def modules() -> list[Path]:
    return sorted((ROOT / "euchre_dsl").rglob("*.py")) + sorted((ROOT / "cli").rglob("*.py"))


def test_the_option_table_has_enum_options() -> None:
    assert {"sides", "model", "trick_count", "all_pass", "defend_alone", "maker_target"} <= OPTIONS


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_option_is_compared_with_a_bare_string(path: Path) -> None:
    wrong = bare_comparisons(path.read_text(encoding="utf-8"))
    assert not wrong, "\n".join(f"line {line}: option '{name}' compared with a string "
                                f"literal: compare with its enum's member" for line, name in wrong)


def test_the_walker_sees_a_bare_comparison() -> None:
    """The check itself can fail."""
    source = ('if r.players.sides == "partners" or s.model in ("table", "x"):\n    pass\n'
              'if r.players.sides == Sides.PARTNERS:\n    pass\n')
    assert bare_comparisons(source) == [(1, "sides"), (1, "model")]
