"""``--where``: a small, safe language for conditions on a deal.

An expression such as ``trumps(seat2, upcard) >= 3 and holds(N, JH)`` is
parsed with lark (``where.lark``) and compiled into a tree of small node
objects; nothing is ever passed to ``eval``.  The language:

* integers, ``+`` and ``-``; comparisons ``< <= == != >= >``; ``and``, ``or``,
  ``not`` and parentheses;
* functions of a seat -- a seat label of the variant (``N``, ``E``, ``S``,
  ``W``; ``A``, ``B``, ... at other tables) or one named from the dealer
  (``dealer``, ``seat1`` who bids first, ``seat2``, ...):

  ===========================  =============================================
  ``trumps(seat, suit)``       trumps held if ``suit`` were trump (bowers and
                               joker included); ``suit`` may be ``upcard``
  ``bowers(seat, suit)``       how many of the right and left bower it holds
  ``count(seat, suit)``        cards of the printed suit
  ``holds(seat, card)``        a condition: it holds the card
  ``aces(seat)``               aces held
  ===========================  =============================================

Cards, suits and seats are read by the deck's card parser, the suit parser
and the variant's seat labels, as everywhere else.  Every mistake is reported
with its column (``--where:1:COL``), all in one pass.
"""

from __future__ import annotations

import difflib
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, cast

from lark import Lark, Token, Tree, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, \
    UnexpectedToken

from ..cards import CardError, RANKS, Deck, parse_suit
from ..engine.machine import DEFAULT_LABELS
from ..errors import EuchreError, Location, Problem
from ..limits import MAX_WHERE_NESTING
from ..rules.ruleset import RuleSet

#: How a problem in a ``--where`` expression is located.
SOURCE = "--where"

#: ``Value(hands, upcard, dealer)``: a compiled expression node.
Value = Callable[[list[int], "int | None", int], int]

FUNCTIONS = {"trumps": ("seat", "suit"), "bowers": ("seat", "suit"), "count": ("seat", "suit"),
             "holds": ("seat", "card"), "aces": ("seat",)}


@lru_cache(maxsize=1)
def parser() -> Lark:
    grammar = resources.files(__package__).joinpath("where.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", propagate_positions=True, maybe_placeholders=False)


class _Compiler:
    """Turns a parse tree into nodes, checking names and types on the way."""

    def __init__(self, rules: RuleSet) -> None:
        self.deck = Deck.of(rules.deck.lowest, rules.deck.joker, rules.deck.copies)
        self.labels = DEFAULT_LABELS[rules.players.count]
        self.n = rules.players.count
        self.has_upcard = bool(rules.deal.upcard)
        self.problems: list[Problem] = []
        deck = self.deck
        self.natural = [0] * 4
        for card in range(deck.size):
            if card != deck.joker_card:
                self.natural[deck.suit(card)] |= 1 << card
        ace = RANKS.index("A")
        self.aces = deck.mask(c for c in range(deck.size)
                              if c != deck.joker_card and deck.rank(c) == ace)

    def fail(self, at: Token | Tree[Any], message: str) -> None:
        line: int | None
        col: int | None
        if isinstance(at, Tree):
            line, col = at.meta.line, at.meta.column
        else:
            line, col = at.line, at.column
        self.problems.append(Problem("bad-where", message,
                                     location=Location(SOURCE, line, col)))

    # ------------------------------------------------------------- arguments
    def seat(self, tok: Token) -> Callable[[int], int] | None:
        """A seat argument, as a function of the dealer."""
        word = str(tok)
        if word in self.labels:
            seat = self.labels.index(word)
            return lambda dealer: seat
        if word == "dealer":
            return lambda dealer: dealer
        if word.startswith("seat") and word[4:].isdigit() and 0 < int(word[4:]) < self.n:
            offset = int(word[4:])
            n = self.n
            return lambda dealer: (dealer + offset) % n
        relative = ["dealer"] + [f"seat{k}" for k in range(1, self.n)]
        self.fail(tok, f"'{word}' is not a seat: write one of {', '.join(self.labels)} "
                       f"or {', '.join(relative)}")
        return None

    def suit(self, tok: Token) -> int | None:
        """A suit argument: 0-3, or -1 for the upcard's suit."""
        word = str(tok)
        if word == "upcard":
            if not self.has_upcard:
                self.fail(tok, "this variant turns up no card: name a suit (C, D, H or S)")
                return None
            return -1
        try:
            suit = parse_suit(word)
        except CardError:
            suit = None
        if suit is None or suit > 3:
            self.fail(tok, f"'{word}' is not a suit: write C, D, H, S or upcard")
            return None
        return suit

    def card(self, tok: Token) -> int | None:
        try:
            return self.deck.parse(str(tok))
        except CardError as exc:
            self.fail(tok, str(exc))
            return None

    # ------------------------------------------------------------- nodes
    def node(self, tree: Tree[Any] | Token) -> tuple[Value | None, str]:
        """The compiled node and its kind (``"number"`` or ``"condition"``)."""
        if isinstance(tree, Token):  # only a bare number reaches here
            k = int(tree)
            return (lambda h, u, d: k), "number"
        kind = tree.data
        if kind == "number":
            k = int(cast(Token, tree.children[0]))
            return (lambda h, u, d: k), "number"
        if kind == "call":
            return self.call(tree)
        if kind in ("and_", "or_"):
            parts = [self.expect(c, "condition", f"'{kind[:-1]}'") for c in tree.children]
            if any(p is None for p in parts):
                return None, "condition"
            nodes = tuple(p for p in parts if p is not None)
            if kind == "and_":
                return (lambda h, u, d: int(all(p(h, u, d) for p in nodes))), "condition"
            return (lambda h, u, d: int(any(p(h, u, d) for p in nodes))), "condition"
        if kind == "negation":
            inner = self.expect(tree.children[0], "condition", "'not'")
            if inner is None:
                return None, "condition"
            return (lambda h, u, d: int(not inner(h, u, d))), "condition"
        if kind == "comparison":
            return self.comparison(tree)
        if kind == "sum":
            return self.sum(tree)
        raise AssertionError(f"unexpected node {kind}")

    def expect(self, tree: Tree[Any] | Token, want: str, where: str) -> Value | None:
        value, kind = self.node(tree)
        if value is not None and kind != want:
            article = "a " + want
            self.fail(tree, f"{where} needs {article} here, not a {kind}"
                      + (" (compare it: ... >= 3)" if want == "condition" else ""))
            return None
        return value

    def comparison(self, tree: Tree[Any]) -> tuple[Value | None, str]:
        left_t, op, right_t = tree.children
        left = self.expect(left_t, "number", f"'{op}'")
        right = self.expect(right_t, "number", f"'{op}'")
        if left is None or right is None:
            return None, "condition"
        a, b = left, right
        ops: dict[str, Value] = {
            ">=": lambda h, u, d: int(a(h, u, d) >= b(h, u, d)),
            "<=": lambda h, u, d: int(a(h, u, d) <= b(h, u, d)),
            ">": lambda h, u, d: int(a(h, u, d) > b(h, u, d)),
            "<": lambda h, u, d: int(a(h, u, d) < b(h, u, d)),
            "==": lambda h, u, d: int(a(h, u, d) == b(h, u, d)),
            "!=": lambda h, u, d: int(a(h, u, d) != b(h, u, d)),
        }
        return ops[str(op)], "condition"

    def sum(self, tree: Tree[Any]) -> tuple[Value | None, str]:
        first = self.expect(tree.children[0], "number", f"'{tree.children[1]}'")
        terms: list[tuple[int, Value]] = []
        ok = first is not None
        for sign, term_t in zip(tree.children[1::2], tree.children[2::2]):
            term = self.expect(term_t, "number", f"'{sign}'")
            if term is None:
                ok = False
            else:
                terms.append((1 if str(sign) == "+" else -1, term))
        if not ok or first is None:
            return None, "number"
        head = first
        return (lambda h, u, d: head(h, u, d) + sum(s * t(h, u, d) for s, t in terms)), "number"

    def call(self, tree: Tree[Any]) -> tuple[Value | None, str]:
        name_t, *args = cast(list[Token], tree.children)
        name = str(name_t)
        kind = "number"
        if name not in FUNCTIONS:
            close = difflib.get_close_matches(name, list(FUNCTIONS), n=1, cutoff=0.6)
            hint = f" (did you mean '{close[0]}'?)" if close else \
                f" (the functions are {', '.join(FUNCTIONS)})"
            self.fail(name_t, f"unknown function '{name}'{hint}")
            return None, kind
        params = FUNCTIONS[name]
        if len(args) != len(params):
            self.fail(name_t, f"{name}() takes {len(params)} argument"
                      f"{'s' if len(params) > 1 else ''} ({', '.join(params)}), "
                      f"got {len(args)}")
            return None, kind
        seat_of = self.seat(args[0])
        if name == "aces":
            aces = self.aces
            if seat_of is None:
                return None, kind
            s = seat_of
            return (lambda h, u, d: (h[s(d)] & aces).bit_count()), kind
        if name == "holds":
            card = self.card(args[1])
            if seat_of is None or card is None:
                return None, kind
            s, bit = seat_of, 1 << card
            return (lambda h, u, d: int(bool(h[s(d)] & bit))), "condition"
        suit = self.suit(args[1])
        if seat_of is None or suit is None:
            return None, kind
        return self.suited(name, seat_of, suit), kind

    def suited(self, name: str, seat_of: Callable[[int], int], suit: int) -> Value:
        deck = self.deck
        if name == "count":
            masks = tuple(self.natural)
        elif name == "trumps":
            masks = tuple(deck.trump_masks[t] for t in range(4))
        else:  # bowers
            masks = tuple((1 << deck.card("J", t)) | (1 << deck.left_bower(t)) for t in range(4))
        s = seat_of
        if suit >= 0:
            mask = masks[suit]
            return lambda h, u, d: (h[s(d)] & mask).bit_count()
        suit_of = deck.suit
        joker = deck.joker_card

        def by_upcard(h: list[int], u: int | None, d: int) -> int:
            if u is None or u == joker:
                return 0
            return (h[s(d)] & masks[suit_of(u)]).bit_count()
        return by_upcard


def compile_where(text: str, rules: RuleSet) -> Callable[[list[int], int | None, int], bool]:
    """Compile ``text`` into ``condition(hands, upcard, dealer)``.

    Raises :class:`EuchreError` with every problem found, each located by column.
    """
    try:
        tree = parser().parse(text)
    except UnexpectedInput as exc:
        raise EuchreError(_syntax_problem(text, exc)) from None
    too_deep = _deeper_than(tree, MAX_WHERE_NESTING)
    if too_deep is not None:
        raise EuchreError(Problem(
            "bad-where", f"the condition is nested more than {MAX_WHERE_NESTING} levels deep",
            location=Location(SOURCE, too_deep.meta.line, too_deep.meta.column),
            hint="a 'not not' cancels out; write the condition flatter"))
    c = _Compiler(rules)
    value = c.expect(tree, "condition", "--where")
    if c.problems or value is None:
        raise EuchreError(sorted(c.problems, key=lambda p: p.location.column or 0))
    v = value
    return lambda hands, upcard, dealer: bool(v(hands, upcard, dealer))


def _deeper_than(tree: Tree[Any], limit: int) -> Tree[Any] | None:
    """The first node more than ``limit`` levels down, or ``None``.

    Measured with a loop before anything recurses: the compiler and the
    compiled condition both go one call deeper per level, and ``not not ...``
    or nested comparisons can be as deep as the text is long."""
    stack: list[tuple[Tree[Any], int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return node
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))
    return None


def _syntax_problem(text: str, exc: UnexpectedInput) -> Problem:
    col = getattr(exc, "column", None)
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken)
                                          and exc.token.type == "$END"):
        col = len(text) + 1
        message = "the condition ends too soon (a missing value or ')')"
    elif isinstance(exc, UnexpectedCharacters):
        message = f"unexpected character {text[exc.pos_in_stream or 0]!r}"
    elif isinstance(exc, UnexpectedToken):
        expected = sorted(_WORDS.get(t, t.lower()) for t in exc.expected)
        message = f"unexpected {str(exc.token)!r}; expected {', '.join(expected)}"
    else:
        message = "this is not a condition"
    return Problem("bad-where", message, location=Location(SOURCE, 1, col))


_WORDS = {"WORD": "a name", "INT": "a number", "LPAR": "'('", "RPAR": "')'", "COMMA": "','",
          "COMPARE": "a comparison", "SIGN": "'+' or '-'", "AND": "'and'", "OR": "'or'",
          "NOT": "'not'"}
