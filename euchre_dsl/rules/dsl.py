"""The rules-language front end: a ``.euchre`` file to a located :class:`VariantSource`.

The grammar is ``euchre.lark`` beside this module (LALR, positions kept).  The
tree becomes plain data keyed exactly like the YAML form -- ``{"extends":
"standard", "bidding": {"stick_the_dealer": True}, ...}`` -- with the place of
every key and value, so the one compiler checks both forms alike and reports
problems in a rules file at that file's lines and columns.

Syntax errors are named by matching them against small broken examples
(lark's ``match_examples``), so they read "expected a value after '='"
rather than a list of token names.
"""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources
from typing import Any, cast

from lark import Lark, Token, Tree, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..errors import EuchreError, Location, Problem
from .phrases import PhraseItem, PhraseError, match
from .ruleset import SECTIONS
from .source import Path, VariantSource

HEADING = 'variant <id> "<name>" extends <parent> {'


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser of the rules language (built once)."""
    grammar = resources.files(__package__).joinpath("euchre.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=False)


def parse_dsl(text: str, file: str | None = None, keep_going: bool = False) -> VariantSource:
    """Parse rules-language text; problems raise :class:`EuchreError` (``invalid-variant``).

    With ``keep_going`` the rules that could be read are returned all the same,
    the problems in :attr:`VariantSource.problems`, so that the compiler reports
    them together with its own in one pass (a syntax error still stops: the
    parser cannot say what follows it)."""
    try:
        tree = parser().parse(text)
    except UnexpectedInput as exc:
        raise EuchreError(_syntax_problem(exc, text, file)) from None
    return _Builder(file).build(tree, keep_going)


# --------------------------------------------------------------------------- building

class _Builder:
    """Walks the parse tree into located data, collecting every problem."""

    def __init__(self, file: str | None):
        self.file = file
        self.src = VariantSource({}, file)
        self.problems: list[Problem] = []

    def loc(self, token: Token | PhraseItem) -> Location:
        return Location(self.file, token.line, token.column)

    def fail(self, at: Token | PhraseItem, message: str, hint: str | None = None) -> None:
        self.problems.append(Problem("invalid-variant", message, location=self.loc(at),
                                     hint=hint))

    def build(self, tree: Tree[Any], keep_going: bool = False) -> VariantSource:
        variant = next(tree.find_data("variant"))
        keyword = cast(Token, variant.children[0])
        self.src.key_locations[()] = self.loc(keyword)
        for child in variant.children[1:]:
            if not isinstance(child, Tree):
                continue
            token = cast(Token, child.children[0]) if child.children else None
            if token is None:
                continue
            if child.data == "variant_id":
                self.put(("id",), str(token), token, token)
            elif child.data == "variant_name":
                self.put(("name",), _unquote(token), token, token)
            elif child.data == "parent":
                value = _unquote(token) if token.type == "STRING" else str(token)
                self.put(("extends",), value, token, token)
            elif child.data == "block":
                for rule in child.children:
                    if isinstance(rule, Tree):
                        try:
                            getattr(self, f"rule_{rule.data}")(rule)
                        except PhraseError as exc:  # a number too long to read
                            self.fail(exc.item, exc.message, exc.hint)
                            if exc.path is not None:
                                self.src.unsure.add(exc.path)
        if self.problems:
            if not keep_going:
                raise EuchreError(self.problems)
            self.src.problems = self.problems
        return self.src

    def put(self, path: Path, value: Any, key_at: Token | PhraseItem,
            value_at: Token | PhraseItem) -> None:
        """Store one setting, refusing a second setting of the same option."""
        if path in self.src.key_locations:
            first = self.src.key_locations[path]
            self.fail(key_at, f"'{'.'.join(path)}' is set twice (first at line {first.line})",
                      hint="keep one of the two rules")
            self.src.unsure.add(path)
            return
        data = self.src.data
        for i, part in enumerate(path[:-1]):
            section = data.setdefault(part, {})
            if not isinstance(section, dict):
                self.fail(key_at, f"'{part}' is a section and cannot be set to a value")
                return
            self.src.key_locations.setdefault(path[:i + 1], self.loc(key_at))
            data = section
        data[path[-1]] = value
        self.src.key_locations[path] = self.loc(key_at)
        self.src.value_locations[path] = self.loc(value_at)

    def rule_setting(self, tree: Tree[Any]) -> None:
        key, value_tree = tree.children
        parts = [t for t in key.children if isinstance(t, Token)]
        names = [str(t) for t in parts]
        value, at = _value(value_tree)
        if len(names) > 2:
            self.fail(parts[0], f"'{'.'.join(names)}' is not an option name",
                      hint="an option is written section.option, like game.target")
            return
        if len(names) == 1 and names[0] in SECTIONS:
            self.fail(parts[0], f"'{names[0]}' is a section of options, not one option",
                      hint=f"write {names[0]}.<option> = value, or a {names[0]} {{ ... }} block")
            return
        self.put(tuple(names), value, parts[0], at)

    def rule_section(self, tree: Tree[Any]) -> None:
        name = cast(Token, tree.children[0])
        self.src.key_locations.setdefault((str(name),), self.loc(name))
        for option in tree.children[1:]:
            token, value_tree = cast(tuple[Token, Tree[Any]], tuple(option.children))
            value, at = _value(value_tree)
            self.put((str(name), str(token)), value, token, at)

    def rule_phrase(self, tree: Tree[Any]) -> None:
        items = [i for i in (_item(t) for t in tree.children) if i is not None]
        if not items:  # the grammar lets commas stand alone; they say nothing
            self.fail(cast(Token, tree.children[0]), "a rule of commas alone says nothing",
                      hint="delete the commas, or write a rule such as 'game to 10'")
            return
        try:
            phrase, value, at = match(items)
        except PhraseError as exc:
            self.fail(exc.item, exc.message, exc.hint)
            if exc.path is not None:
                self.src.unsure.add(exc.path)
            return
        self.put(tuple(phrase.path.split(".")), value, items[0], at)


def _item(node: Token | Tree[Any]) -> PhraseItem | None:
    """A phrase piece; commas are dropped."""
    if isinstance(node, Tree):  # a [list]
        numbers = [_int(t, t.line, t.column) for t in cast(list[Token], node.children)]
        return PhraseItem("list", numbers, node.meta.line, node.meta.column)
    if node.type == "COMMA":
        return None
    if node.type == "NUMBER":
        return PhraseItem("number", _int(node, node.line, node.column), node.line, node.column)
    if node.type == "STRING":
        return PhraseItem("text", _unquote(node), node.line, node.column)
    if node.type == "PACKETS":
        return PhraseItem("packets", [_int(n, node.line, node.column) for n in node.split("-")],
                    node.line, node.column)
    return PhraseItem("word", str(node), node.line, node.column)


def _int(text: str, line: int | None, column: int | None) -> int:
    """A written number; one of thousands of digits (more than Python reads) is an error."""
    try:
        return int(text)
    except ValueError:
        raise PhraseError(f"'{text[:12]}...' is a number of {len(text)} digits",
                          PhraseItem("number", 0, line, column),
                          "numbers in rules are small whole numbers") from None


def _value(tree: Tree[Any]) -> tuple[Any, Token | PhraseItem]:
    """The value of ``= value`` (typed like YAML would type it) and where it is."""
    node = tree.children[0]
    item = _item(node)
    assert item is not None
    return item.value, item


def _unquote(token: Token) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), token[1:-1])


# --------------------------------------------------------------------------- syntax errors

#: Broken snippets naming each common mistake.  As in lark's ``match_examples``,
#: an error is named by where the parser stops (see :func:`_example_labels`);
#: the snippets put each mistake in the places it can occur (first rule, later
#: rule, section block).
_EXAMPLES: dict[str, list[str]] = {
    "no-heading": ["game to 10", "\n game to 10", "= 1"],
    "no-open-brace": ["variant x extends standard\n game to 10\n}", "variant x game to 10 }",
                      'variant x "X" game to 10 }', 'variant "X" game }', "variant game }",
                      "variant }", "variant x\n game }", "variant x extends standard\n game }",
                      'variant "X" x {', "variant x y {", 'variant x "X" "Y" {', "variant 10 {",
                      "variant x extends standard y {", "variant x extends standard 10 {"],
    "parent-file": ["variant x extends a.yaml {", "variant x extends ../a.yaml {"],
    "no-parent": ["variant x extends {", "variant x extends 10 {", "variant x extends\n{"],
    "after-end": ["variant x { }\n game to 10", "variant x { } }", "variant x { } {",
                  "variant x {\n game to 10 }\n }", "variant x {\n game to 10\n }\n }"],
    "no-value": [f"variant x {{ {pre}game.target = {post}}}"
                 for pre in ("", "\n ", "game to 10\n ")
                 for post in ("", "\n", "; ")]
                + [f"variant x {{ {pre}scoring {{ {opt}make = {post}}} }}"
                   for pre in ("", "game to 10\n ")
                   for opt in ("", "\n ", "march = 2\n ")
                   for post in ("", "\n", "; ")],
    "one-value": [f"variant x {{ {pre}game.target = {value} game.deals = 1 }}"
                  for pre in ("", "game to 10\n ")
                  for value in ("10", "yes", '"x"', "[3]", "3-2")]
                 + [f"variant x {{ scoring {{ {opt}make = {value} march = 2 }} }}"
                    for opt in ("", "\n ", "march = 2\n ")
                    for value in ("1", "yes", '"x"', "[3]", "3-2")],
    "section-needs-equals": [f"variant x {{ {pre}scoring {{ {opt}make {post}}} }}"
                             for pre in ("", "game to 10\n ")
                             for opt in ("", "\n ", "march = 2\n ")
                             for post in ("1 ", "", "\n")],
    "section-option-name": [f"variant x {{ scoring {{ {opt}10 }} }}"
                            for opt in ("", "\n ", "march = 2\n ")],
    "dot-name": [f"variant x {{ {pre}game.{post} = 10 }}"
                 for pre in ("", "\n ", "game to 10\n ") for post in ("", "10")],
    "dotted-needs-equals": [f"variant x {{ {pre}game.target {post}}}"
                            for pre in ("", "\n ", "game to 10\n ")
                            for post in ("10 ", "", "\n")],
    "equals-in-phrase": [f"variant x {{ {pre}{words} = 10 }}"
                         for pre in ("", "\n ", "game to 10\n ")
                         for words in ("game to", "10", '"x"', "[3]", "3-2", "game 10",
                                       'game "x"', "game [3]", "game 3-2", "game ,")],
    "rule-start": [f"variant x {{ {pre}= 1 }}" for pre in ("", "\n ", "game to 10\n ", "; ")],
    "stray-open-brace": [f"variant x {{ {pre}{words}{{ }} }}"
                         for pre in ("", "\n ", "game to 10\n ")
                         for words in ("", "game to ", "10 ", '"x" ', "[3] ", "3-2 ", ", ",
                                       "game 10 ", 'game "x" ', "game [3] ", "game 3-2 ",
                                       "game , ", "scoring\n ")],
    "list": [f"variant x {{ {pre}{lead}[{inside} }}"
             for pre in ("", "game to 10\n ")
             for lead in ("deal.packets = ", "deal ", "scoring { make = ")
             for inside in ("3, 2", "3 2]", "a]", "3, a]", "3, ]", ", 3]", "\n3]")],
}

_MESSAGES: dict[str, tuple[str, str]] = {
    "no-heading": ("a rules file starts with the word 'variant'",
                   f"begin with the heading {HEADING}"),
    "no-open-brace": ("expected '{' to open the rules after the variant heading",
                      f"write the heading as {HEADING}  (the id is one word, the name is in "
                      "quotes; the name and the extends part may be left out)"),
    "parent-file": ("a file name after 'extends' goes in double quotes",
                    'like: extends "kitchen-table.euchre"'),
    "no-parent": ("expected the variant this one extends after 'extends'",
                  'give a shipped variant like standard, or a file in quotes like '
                  '"kitchen.euchre"'),
    "after-end": ("there is more after the closing '}' of the variant",
                  "a file holds one variant: put every rule inside its { }"),
    "no-value": ("expected a value after '='",
                 "a value is yes or no, a number, a word, \"text\" or a list like [3, 2]"),
    "one-value": ("expected the end of the rule after its value",
                  "put each rule on its own line, or separate rules with ';'"),
    "section-needs-equals": ("inside a section block each line is 'option = value'",
                             "like: scoring { march = 2 }"),
    "section-option-name": ("expected an option name inside the section block",
                            "like: scoring { march = 2 }"),
    "dot-name": ("expected an option name after '.'", "like: game.target = 10"),
    "dotted-needs-equals": ("expected '=' after the option name", "like: game.target = 10"),
    "equals-in-phrase": ("'=' follows an option name written section.option",
                         "write a phrase without '=' (game to 10) or section.option = value "
                         "(game.target = 10)"),
    "rule-start": ("expected a rule before '='", "like: game.target = 10"),
    "stray-open-brace": ("a '{' opens a section block and follows the section's name on the "
                         "same line", "like: scoring {"),
    "list": ("a list holds whole numbers separated by commas, closed with ']'",
             "like: [3, 2]"),
}

_TOKEN_WORDS = {
    "WORD": "a word", "NUMBER": "a number", "STRING": "text in quotes", "PACKETS": "packets like 3-2",
    "LBRACE": "'{'", "RBRACE": "'}'", "LSQB": "'['", "RSQB": "']'", "EQUAL": "'='", "DOT": "'.'",
    "COMMA": "','", "SEMICOLON": "';'", "_NL": "a new line", "$END": "the end of the file",
    "VARIANT": "'variant'", "EXTENDS": "'extends'",
}


def _syntax_problem(exc: UnexpectedInput, text: str, file: str | None) -> Problem:
    """One located, plain-words problem for a lark syntax error."""
    at = Location(file, exc.line, exc.column)
    if isinstance(exc, UnexpectedCharacters):
        # no terminal of the language starts with this character
        char = exc.char
        if char == '"':
            return Problem("invalid-variant", "this text in quotes is not closed", location=at,
                           hint='end it with " on the same line')
        if char == ":":
            return Problem("invalid-variant", "':' is how YAML sets a value; the rules language "
                           "uses '='", location=at, hint="like: game.target = 10, or a phrase "
                           "like game to 10")
        return Problem("invalid-variant", f"'{char}' has no place in a rules file", location=at,
                       hint="rules are words, numbers, \"quoted text\", [lists], '=', '{', '}' "
                       "and '#' comments")
    label = _label(exc)
    token = getattr(exc, "token", None)
    found = _found(token) if token is not None else f"'{getattr(exc, 'char', '?')}'"
    if isinstance(exc, UnexpectedToken) and token is not None and token.type == "$END":
        brace = _unclosed_brace(text)
        if brace is not None:
            line, column = brace
            return Problem("invalid-variant", "this '{' is never closed: the file ends first",
                           location=Location(file, line, column), hint="add the missing '}'")
        empty = not re.sub(r"#[^\n]*", "", text).strip()
        return Problem("invalid-variant", "the file holds no variant" if empty else
                       "the file ends before the variant is complete",
                       location=at, hint=f"a rules file is {HEADING} ... }}")
    if label is not None:
        message, hint = _MESSAGES[label]
        if label == "equals-in-phrase":
            hint = _phrase_before(text, exc.line, exc.column) or hint
        return Problem("invalid-variant", f"{message}, found {found}", location=at, hint=hint)
    expected = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or set()
    words = sorted({_TOKEN_WORDS.get(t, t) for t in expected})
    return Problem("invalid-variant", f"unexpected {found}", location=at,
                   hint=f"expected {', '.join(words)}" if words else None)


def _states(exc: UnexpectedInput) -> tuple[int, ...]:
    """The last two LALR states of the parser stack when it stopped.

    The top state says what was expected; the one below it tells apart
    places that share a top state, such as a line end at the top of the file
    and a line end inside the braces.
    """
    stack = getattr(getattr(exc, "state", None), "state_stack", None) or []
    return tuple(stack[-2:])


@lru_cache(maxsize=1)
def _example_labels() -> dict[tuple[object, ...], str]:
    """Where the parser stopped -> mistake name, learned once from the examples.

    As in lark's ``match_examples``, an error is matched by the parser state
    it stopped in and the token it stopped at; here the depth of the stack is
    not compared, so one example covers a mistake at any nesting, and the
    state below the top is compared first.
    """
    labels: dict[tuple[object, ...], str] = {}
    for label, snippets in _EXAMPLES.items():
        # a file that opens with comment lines reaches other parser states
        for snippet in snippets + [f"# comment\n{s}" for s in snippets]:
            try:
                parser().parse(snippet)
            except UnexpectedInput as exc:
                for key in _keys(exc):
                    labels.setdefault(key, label)
    return labels


def _keys(exc: UnexpectedInput) -> list[tuple[object, ...]]:
    """Lookup keys for an error, most specific first."""
    states = _states(exc)
    if not states:
        return []
    token = getattr(exc, "token", None)
    kind = token.type if token is not None else None
    return [("two", *states, kind), ("one", states[-1], kind), ("any", states[-1])]


def _label(exc: UnexpectedInput) -> str | None:
    """The name of the mistake ``exc`` is an instance of, if it is a known one."""
    labels = _example_labels()
    return next((labels[k] for k in _keys(exc) if k in labels), None)


def _phrase_before(text: str, line: int, column: int) -> str | None:
    """For ``stick the dealer = yes``: the option the words before '=' name, if any."""
    words = text.splitlines()[line - 1][:column - 1].replace("{", " ").split()
    if not words:
        return None
    try:
        phrase, value, _ = match([PhraseItem("word", w) for w in words])
    except PhraseError:
        return None
    from .describe import value_words

    return (f"'{' '.join(words)}' is a whole rule by itself; or write "
            f"{phrase.path} = {value_words(value)}")


def _found(token: Token) -> str:
    if token.type == "_NL":
        return "the end of the line"
    if token.type == "$END":
        return "the end of the file"
    return f"'{token}'"


def _unclosed_brace(text: str) -> tuple[int, int] | None:
    """Line and column of the '{' most likely left open when the text ends.

    A '}' that begins a line less indented than the line of the innermost
    open '{' is taken to close an outer block, so the inner one is the open
    one (the usual shape of a forgotten '}' in the middle of a file).
    """
    stack: list[tuple[int, int, int]] = []
    culprit: tuple[int, int] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        code = re.sub(r'"([^"\\\n]|\\.)*"', lambda m: " " * len(m[0]), line).split("#", 1)[0]
        indent = len(line) - len(line.lstrip())
        for col, char in enumerate(code, start=1):
            if char == "{":
                stack.append((number, col, indent))
            elif char == "}" and stack:
                if col == indent + 1:
                    while len(stack) > 1 and stack[-1][2] > indent:
                        opened = stack.pop()
                        culprit = culprit or (opened[0], opened[1])
                stack.pop()
    if culprit is not None:
        return culprit
    return (stack[-1][0], stack[-1][1]) if stack else None
