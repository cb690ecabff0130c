"""Reading the ehh text format (``*.ehh``): games people write and read, as ``ehh/1`` records.

A text game becomes exactly the record dict the JSON reader would give for the
same game, so the one validator checks both.  The format is specified in
``docs/hand-history.md``; its syntax is the lark grammar ``ehh_text.lark``.

The work is split for speed and for flat memory:

* :func:`~.text_lines.split_games` cuts the file into games, a line at a time
  (a tag line after a hand starts the next game), so a file of any size streams;
* a well-formed game is read by the fast path, :func:`~.text_scan.scan_game`
  (a line scanner, compiled), which gives up on anything else;
* any other game is parsed by the LALR grammar, whose terminals are whole
  lines, and :class:`_Builder` reads the words of each line into the record
  (or finds the syntax error).  Both paths read words with :mod:`.text_words`
  and assemble the record with :meth:`_Builder.record`; positions are not kept.

Positions cost nothing until a problem is found: :class:`TextLocator` parses
that one game again with :class:`_Builder` recording the line and column of
every part, and maps a JSON path such as ``("hands", 2, "actions", 5, 2)`` to
the word in the text -- the same interface as the JSON reader's
:class:`~euchre_dsl.records.reader.Locator`.
"""

from __future__ import annotations

import io
import json
import re
from functools import lru_cache
from importlib import resources
from typing import Any, BinaryIO, Iterable, Iterator, NamedTuple, NoReturn

from lark import Lark, Token, Tree, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..errors import EuchreError, Location, Problem
from ..limits import MAX_HANDS, MAX_TEXT_LINE, clip
from .notation import FORMAT
from .positions import (
    HALF_CHARACTER_HINT, Item, JsonPath, ScanError, half_character, half_character_words,
    nearest, scan_positions,
)
from .text_lines import decoded_lines, split_games
from .text_scan import scan_game
from .text_words import (
    CARD_VERBS, GLYPH, LABEL, NO_WINNER, PAIR_PARTS, SPELLING, UNKNOWN, canonical_card, decision,
    is_digits, number_or_word,
)

__all__ = ["read_text_file", "iter_text", "read_text", "parse_game", "split_games",
           "TextLocator", "NOTES_KEY", "GLYPHS", "CARD_VERBS", "canonical_card"]

#: The top-level key that keeps comments and annotation glyphs in ``ehh/1`` JSON.
NOTES_KEY = "x-ehh-notes"
#: Annotation glyphs (PGN's move marks) a decision may carry.
GLYPHS = ("!!", "??", "!?", "?!", "!", "?")

#: Tag names (compared without case and ``_``) -> record key.
TAG_KEYS = {"format": "format", "variant": "variant", "seats": "seats", "players": "players",
            "meta": "meta", "startscores": "start_scores", "hands": "hands"}
#: Tags with one value per key: ``[Meta event "club night"]``, ``[Player N "Ann"]``.
KEYED_TAGS = {"meta": "meta", "player": "players"}
RESULT_PARTS = ("trump", "maker", "partner", "tricks", "points", "scores")
FINAL_PARTS = ("scores", "winner")

_WORD = re.compile(r"\{[^}]*\}|\S+")
_REST = re.compile(r"(?:[^\n;{]|\{[^}\n]*\})*")
_TAG = re.compile(r"\[[^\n]*\]")
_TAG_NAME = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[^\s"\]]+')
_FIRST_ITEM = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[^\s"]+')
_DEAL_LINES = frozenset(("SEAT_LINE", "UPCARD", "WIDOW", "KITTY", "DEAL"))  # kinds of _Line
_ABSENT = object()


class TextSyntaxError(EuchreError, ValueError):
    """A game's text cannot be read; at a file line and column."""

    def __init__(self, message: str, line: int, column: int, hint: str | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.hint = hint


#: What a JSON text starts with (after JSON's spaces): one of these characters or words.
#: Plain tag values (``[Meta seed 7]``, ``[Seats N E S W]``) fail this before ``json``
#: raises for them -- every game has a few.
_JSON_FIRST = frozenset('"{[-0123456789')
_JSON_WORDS = ("true", "false", "null", "NaN", "Infinity")


def _is_json(text: str) -> bool:
    """Does a tag value read as JSON (then it is taken exactly as JSON says)?"""
    start = text.lstrip(" \t\n\r")
    if start[:1] not in _JSON_FIRST and not start.startswith(_JSON_WORDS):
        return False
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


# ------------------------------------------------------------------ parsing
@lru_cache(maxsize=1)
def parser() -> Lark:
    """The LALR parser of one text game (built once).

    Tokens carry their line and column; each terminal is a whole line, so
    positions inside a line are worked out from its words (and only when a
    problem needs them).
    """
    grammar = resources.files(__package__).joinpath("ehh_text.lark").read_text(encoding="utf-8")
    return Lark(grammar, start="game", parser="lalr", lexer="basic", maybe_placeholders=False)


def parse_game(text: str, index: int, line: int, file: str | None) -> Item:
    """One game's text as a record; a syntax error becomes a located ``syntax`` problem.

    A well-formed game is read by the fast path (:mod:`.text_scan`); anything
    it does not take goes through the grammar, which explains every problem."""
    record = _scanned_record(text, line)
    if record is not None:
        return Item(index, line, text, record, None, TextLocator)
    try:
        tree = _parse(text, line)
        try:
            return Item(index, line, text, _Builder(line, None).game(tree), None, TextLocator)
        except TextSyntaxError:
            # the fast reading keeps no columns: read again, keeping them, to place it
            _Builder(line, {}).game(tree)
            raise  # pragma: no cover - the same words fail the same way
    except TextSyntaxError as exc:
        return Item(index, line, text, None, Problem(
            "syntax", exc.message, location=Location(file, exc.line, exc.column),
            hint=exc.hint, record=index), TextLocator)


def _scanned_record(text: str, first_line: int) -> dict[str, Any] | None:
    """The record of a game the fast path reads, or ``None`` (then the grammar reads it).

    Its tag lines are read by the builder, as on the grammar's path; a tag the
    builder refuses sends the whole game to the grammar's path, which reports it."""
    scanned = scan_game(text)
    if scanned is None:
        return None
    builder = _Builder(first_line, None)
    tags: dict[str, Any] = {}
    try:
        for tag_text, offset, col in scanned.tags:
            builder.tag(_Line("TAG", tag_text, first_line + offset, col), tags)
        return builder.record(tags, scanned.hands, scanned.has_final, scanned.final)
    except TextSyntaxError:
        return None


def _parse(text: str, first_line: int) -> Tree[Token]:
    try:
        return parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, first_line) from None


_LINE_WORDS = {
    "TAG": "a tag line '[Name value]'",
    "HAND": "a 'hand' line",
    "DEAL": "a 'deal' line",
    "SEAT_LINES": "a seat's cards ('N: AS JS ...')",
    "UPCARD": "an 'upcard' line",
    "WIDOW": "a 'widow' line",
    "KITTY": "a 'kitty' line",
    "BIDDING": "a 'bidding' line",
    "TRICKS": "a 'trick' line",
    "RESULT": "a 'result' line",
    "FINAL": "a 'final' line",
    "$END": "the end of the game",
}
_ORDER_HINT = ("a game is its [tags], then each hand: 'hand N dealer SEAT', the deal ("
               "'SEAT: cards', 'upcard', 'widow', 'kitty'), 'bidding' and 'trick' lines, an "
               "optional 'result'; an optional 'final' line ends the game")


def _split_tag(text: str) -> tuple[str, int, str, int] | None:
    """``[Name value]`` as (name as written, its offset, value, its offset), or None.

    Scanned by hand, not by one regular expression: a lazy value followed by
    optional spaces backtracks over every run of spaces (a tag line with 100,000
    spaces took seconds).  This is one pass."""
    end = len(text.rstrip())
    if not text.startswith("[") or end < 2 or text[end - 1] != "]":
        return None
    at = len(text) - len(text[1:].lstrip())
    name = _TAG_NAME.match(text, at, end - 1)
    if name is None:
        return None
    inner = text[name.end():end - 1]
    value = inner.strip()
    value_at = name.end() + (len(inner) - len(inner.lstrip())) if value else end - 1
    return name.group(), at, value, value_at


def _unclosed_comment(text: str) -> int:
    """Where a ``{`` opens a comment never closed in ``text`` (the first such), or -1.
    Linear, unlike searching for ``{[^}]*$`` from every brace."""
    return text.find("{", text.rfind("}") + 1)


def _syntax_error(exc: UnexpectedInput, text: str, first_line: int) -> TextSyntaxError:
    line = first_line + (exc.line - 1 if exc.line and exc.line > 0 else 0)
    column = exc.column if exc.column and exc.column > 0 else 1
    if isinstance(exc, UnexpectedCharacters):
        src = text.split("\n")[exc.line - 1] if exc.line > 0 else ""
        rest = src[exc.column - 1:]
        unclosed = _unclosed_comment(rest.split(";", 1)[0])
        if unclosed >= 0:
            return TextSyntaxError("a comment '{' is not closed on its line", line,
                                   column + unclosed,
                                   "close it with '}' (comments do not span lines)")
        word = clip(rest.split(None, 1)[0] if rest.strip() else rest)
        if src[:exc.column - 1].strip():
            return TextSyntaxError(f"unexpected '{word}' in this line", line, column)
        return TextSyntaxError(
            f"a line cannot start with '{word}'", line, column,
            "lines start with '[' (a tag), 'hand', a seat and ':' (its cards), 'upcard', "
            "'widow', 'kitty', 'deal', 'bidding', 'trick', 'result' or 'final'")
    if isinstance(exc, UnexpectedToken):
        got = _LINE_WORDS.get(exc.token.type, repr(str(exc.token)))
        expected = [_LINE_WORDS[t] for t in sorted(exc.expected) if t in _LINE_WORDS]
        first = str(exc.token).split()[0] if str(exc.token).split() else ""
        message = f"{got} ('{first}') is not allowed here"
        if expected:
            message += f"; expected {', '.join(expected[:-1])}" + (
                f" or {expected[-1]}" if len(expected) > 1 else expected[-1])
        return TextSyntaxError(message, line, column, _ORDER_HINT)
    return TextSyntaxError(str(exc), line, column)  # pragma: no cover - lark raises the above


# ------------------------------------------------------------------ building
Positions = dict[JsonPath, tuple[tuple[int, int] | None, tuple[int, int]]]


class _Line(NamedTuple):
    """One line of a game as the parser found it."""

    kind: str  # its terminal: TAG, HAND, SEAT_LINE, UPCARD, BIDDING, ...
    text: str  # its content: no comment, no line end
    line: int  # its line in the file
    col: int  # the column of its first character


def _line(token: Token, first: int) -> _Line:
    """A one-line token as a :class:`_Line` (file line numbers; content without comments)."""
    value = token.value
    if ";" in value:
        m = (_TAG if token.type == "TAG" else _REST).match(value)
        value = m.group() if m else ""
    return _Line(token.type, value.rstrip(), first + (token.line or 1) - 1, token.column or 1)


#: Block terminals and the kind of each of their lines.
_BLOCKS = {"SEAT_LINES": "SEAT_LINE", "TRICKS": "TRICK"}


def _lines(token: Token, first: int) -> list[_Line]:
    """The lines of a token: one, or each line of a block (blank and comment lines
    skipped)."""
    kind = _BLOCKS.get(token.type)
    if kind is None:
        return [_line(token, first)]
    line = first + (token.line or 1) - 1
    out = []
    for k, sub in enumerate(token.value.split("\n")):
        text = sub.lstrip(" \t")
        if not text or text[0] == ";":
            continue
        if ";" in text:
            text = _REST.match(text).group()  # type: ignore[union-attr]
        col = (token.column or 1) if k == 0 else len(sub) - len(sub.lstrip(" \t")) + 1
        out.append(_Line(kind, text.rstrip(), line + k, col))
    return out


class _Builder:
    """Reads a parsed game into a record; with ``pos``, also where each part is.

    One reader for both jobs, so the positions a problem is reported at are
    those of exactly the words the record was read from.
    """

    def __init__(self, first_line: int, pos: Positions | None):
        self.first = first_line
        self.pos = pos
        self.notes: list[dict[str, Any]] = []
        self.labels: dict[str, bool] = {}  # seat words seen: are they labels?

    # ---------------------------------------------------------- helpers
    def fail(self, message: str, line: int, column: int, hint: str | None = None) -> NoReturn:
        raise TextSyntaxError(message, line, column, hint)

    def words(self, text: str, col: int) -> tuple[list[str], list[int] | None]:
        """The words of a line part and, when positions are kept, their columns."""
        if self.pos is None:
            if "{" not in text:
                return text.split(), None
            return _WORD.findall(text), None
        found = list(_WORD.finditer(text))
        return [m.group() for m in found], [col + m.start() for m in found]

    def put(self, path: JsonPath, line: int, col: int, key: tuple[int, int] | None = None
            ) -> None:
        if self.pos is not None:
            self.pos[path] = (key, (line, col))

    def json_value(self, text: str, line: int, col: int, path: JsonPath,
                   what: str) -> Any:
        """A JSON value written on one line (``@...`` parts and tag values)."""
        try:
            value = json.loads(text)
        except (ValueError, RecursionError) as exc:
            at = col
            try:
                scan_positions(text)
            except ScanError as scan:
                at = col + scan.offset
            self.fail(f"{what} is not valid JSON: {exc}", line, at)
        self.whole_characters(text, line, col)
        if self.pos is not None:
            try:
                for sub, (k, v) in scan_positions(text).items():
                    key = (line, col + k) if k is not None else \
                        self.pos[path][0] if not sub and path in self.pos else None
                    self.pos[path + sub] = (key, (line, col + v))
            except ScanError:  # pragma: no cover - json.loads accepted it
                pass
        return value

    def whole_characters(self, text: str, line: int, col: int) -> None:
        """Refuse JSON ``text`` (at ``col``) with an escape of half a character: no
        string a record holds may be one UTF-8 cannot write (see
        :func:`~.positions.half_character`)."""
        half = half_character(text)
        if half is not None:
            self.fail(half_character_words(text, half), line, col + half, HALF_CHARACTER_HINT)

    # ------------------------------------------------------------- game
    def game(self, tree: Tree[Token]) -> dict[str, Any]:
        tags: dict[str, Any] = {}
        hands: list[Any] = []
        final: Any = None
        has_final = False
        for child in tree.children:
            if isinstance(child, Tree):
                hands.append(self.hand(child, len(hands)))
            elif child.type == "TAG":
                self.tag(_line(child, self.first), tags)
            else:
                has_final = True
                final = self.final(_line(child, self.first))
        return self.record(tags, hands, has_final, final)

    def record(self, tags: dict[str, Any], hands: list[Any], has_final: bool, final: Any
               ) -> dict[str, Any]:
        """The record of a game from its tags (as :meth:`tag` read them), hands and final
        claims: the one assembly for both the grammar's path and the fast path."""
        rec: dict[str, Any] = {"format": tags.pop("format", FORMAT)}
        for key in ("variant", "seats", "players", "meta", "start_scores"):
            if key in tags:
                rec[key] = tags.pop(key)
        given_hands = tags.pop("hands", None)
        notes = tags.pop(NOTES_KEY, None)
        rec.update(tags)
        if given_hands is not None:
            if hands:
                line, col = given_hands[1]
                self.fail("the hands are given twice: as a [Hands] tag and as hand lines",
                          line, col)
            rec["hands"] = given_hands[0]
        else:
            rec["hands"] = hands
        if has_final:
            rec["final"] = final
        if self.notes:
            if notes is not None and type(notes[0]) is not list:
                line, col = notes[1]
                self.fail(f"[{NOTES_KEY}] must be a list to add the annotations to", line, col)
            rec[NOTES_KEY] = (notes[0] if notes is not None else []) + self.notes
        elif notes is not None:
            rec[NOTES_KEY] = notes[0]
        if self.pos is not None and () not in self.pos:
            self.pos[()] = (None, (self.first, 1))
        return rec

    # ------------------------------------------------------------- tags
    def tag(self, ln: _Line, tags: dict[str, Any]) -> None:
        line, col = ln.line, ln.col
        parts = _split_tag(ln.text)
        if parts is None:
            raise TextSyntaxError("a tag is '[Name value]'", line, col)
        raw_name, name_at, value_text, value_at = parts
        name_col = col + name_at
        value_col = col + value_at
        quoted = raw_name.startswith('"')
        if quoted:
            self.whole_characters(raw_name, line, name_col)
        name = json.loads(raw_name) if quoted else raw_name
        # a quoted name is the record key exactly as written, never a known tag
        fold = "\0" if quoted else name.lower().replace("_", "")
        if self.pos is not None and () not in self.pos:
            self.pos[()] = (None, (line, col))
        if fold in KEYED_TAGS:
            self.keyed_tag(KEYED_TAGS[fold], name, value_text, line, name_col, value_col, tags)
            return
        key = TAG_KEYS.get(fold, name)
        if key in tags:
            self.fail(f"the tag [{name}] is given twice", line, name_col)
        path: JsonPath = (key,)
        self.put(path, line, value_col, (line, name_col))
        if key == "hands" or key == NOTES_KEY:
            tags[key] = (self.json_value(value_text, line, value_col, path, f"[{name}]"),
                         (line, name_col))
            return
        if key == "seats":
            tags[key] = self.seats(value_text, line, value_col)
        elif key == "start_scores":
            tags[key] = self.read_side_values(value_text, line, value_col, path, f"[{name}]")
        else:
            tags[key] = self.tag_value(value_text, line, value_col, path, f"[{name}]")

    def tag_value(self, text: str, line: int, col: int, path: JsonPath, what: str) -> Any:
        """A tag value: JSON when it reads as JSON, otherwise the words as written."""
        if not text:
            self.fail(f"{what} has no value", line, col)
        if text[0] in '"[{' or _is_json(text):  # a broken JSON value is reported
            return self.json_value(text, line, col, path, what)
        return text

    def keyed_tag(self, key: str, name: str, text: str, line: int, name_col: int, col: int,
                  tags: dict[str, Any]) -> None:
        """``[Meta key value]`` / ``[Player seat name]``; ``[Meta {...}]`` sets the whole object."""
        if key == "meta" and (_is_json(text) or text[:1] in ("{", "[")):
            if key in tags:
                self.fail(f"[{name}] is given twice", line, name_col)
            self.put((key,), line, col, (line, name_col))
            tags[key] = self.json_value(text, line, col, (key,), f"[{name}]")
            return
        m = _FIRST_ITEM.match(text)
        if m is None or not text[m.end():].strip():
            self.fail(f"[{name}] needs a key and a value: [{name} key value]", line, col)
        assert m is not None
        raw = m.group()
        if raw.startswith('"'):
            self.whole_characters(raw, line, col)
        sub = json.loads(raw) if raw.startswith('"') else raw
        rest = text[m.end():]
        value_text = rest.strip()
        value_col = col + m.end() + (len(rest) - len(rest.lstrip()))
        obj = tags.setdefault(key, {})
        if type(obj) is not dict:
            self.fail(f"[{name}] adds to an object, but {key} was given whole", line, name_col)
        if sub in obj:
            self.fail(f"[{name} {raw}] is given twice", line, col)
        if self.pos is not None and (key,) not in self.pos:
            self.pos[(key,)] = ((line, name_col), (line, name_col))
        path: JsonPath = (key, sub)
        self.put(path, line, value_col, (line, col))
        obj[sub] = self.tag_value(value_text, line, value_col, path, f"[{name} {raw}]")

    def seats(self, text: str, line: int, col: int) -> Any:
        """``[Seats N E S W]``; a JSON value is taken as it is."""
        if _is_json(text):
            return self.json_value(text, line, col, ("seats",), "[Seats]")
        words, cols = self.words(text, col)
        if cols is not None:
            for i, c in enumerate(cols):
                self.put(("seats", i), line, c)
        return words

    def read_side_values(self, text: str, line: int, col: int, path: JsonPath, what: str) -> Any:
        """``N+S 3, E+W 5`` (the commas are optional); a JSON value is taken as it is."""
        if _is_json(text):
            return self.json_value(text, line, col, path, what)
        words, cols = self.words(text.replace(",", " "), col)
        return self.pairs(words, cols, line, col, path, what)

    def pairs(self, words: list[str], cols: list[int] | None, line: int, col: int,
              path: JsonPath, what: str) -> dict[str, Any]:
        """Words as pairs of a name and a number: ``N+S 3 E+W 5``."""
        if len(words) % 2:
            at = cols[-1] if cols else col
            self.fail(f"{what}: write pairs of a name and a number", line, at,
                      "for example 'N+S 3 E+W 5'")
        out: dict[str, Any] = {}
        for i in range(0, len(words), 2):
            name, value = words[i], words[i + 1]
            if name in out:
                self.fail(f"{what} names {name} twice", line, cols[i] if cols else col)
            out[name] = number_or_word(value)
            if cols is not None:
                self.put(path + (name,), line, cols[i + 1], (line, cols[i]))
        return out

    # ------------------------------------------------------------ hands
    def hand(self, tree: Tree[Token], h: int) -> Any:
        lines = [ln for t in tree.children if isinstance(t, Token)
                 for ln in _lines(t, self.first)]
        head = lines[0]
        line = head.line
        words, cols = self.words(head.text, head.col)
        path: JsonPath = ("hands", h)
        self.put(path, line, head.col)
        hand: dict[str, Any] = {}
        i = 1
        if i < len(words) and is_digits(words[i]):
            if int(words[i]) != h + 1:
                self.fail(f"this is hand {h + 1} of the game, but it is numbered {words[i]}",
                          line, cols[i] if cols else head.col,
                          "hands are numbered 1, 2, 3, ... in order (or not at all)")
            i += 1
        while i < len(words):
            w = words[i]
            at = cols[i] if cols else head.col
            if w.lower() in ("dealer", "dealer:") and i + 1 < len(words):
                hand["dealer"] = words[i + 1]
                self.put(path + ("dealer",), line, cols[i + 1] if cols else at, (line, at))
                i += 2
            elif w.startswith("{") and w.endswith("}"):
                self.notes.append({"hand": h, "comment": w[1:-1].strip()})
                i += 1
            elif w.startswith("@"):
                if len(lines) > 1 or hand or i + 1 < len(words):
                    self.fail("a hand given as JSON ('@...') has nothing else: no dealer, no "
                              "other lines", line, at)
                return self.json_value(w[1:], line, at + 1, path, "the hand")
            else:
                self.fail(f"unexpected '{w}' in the hand line", line, at,
                          "write 'hand N dealer SEAT'")
        deal: dict[str, Any] = {}
        deal_given: Any = _ABSENT
        actions: list[Any] = []
        result: Any = _ABSENT
        for ln in lines[1:]:
            kind = ln.kind
            if deal_given is not _ABSENT and kind in _DEAL_LINES:
                self.fail("the deal was given as JSON ('deal @...'): no other deal lines",
                          ln.line, ln.col)
            if kind == "SEAT_LINE":
                self.seat_line(ln, h, deal)
            elif kind == "BIDDING" or kind == "TRICK":
                self.action_line(ln, h, actions)
            elif kind == "RESULT":
                result = self.result(ln, h)
            elif kind == "DEAL":
                deal_given = self.deal_json(ln, h, deal)
            else:
                self.card_line(ln, h, deal)
        hand["deal"] = deal if deal_given is _ABSENT else deal_given
        hand["actions"] = actions
        if result is not _ABSENT:
            hand["result"] = result
        if self.pos is not None:
            self.pos.setdefault(path + ("deal",), (None, (line, head.col)))
            self.pos.setdefault(path + ("actions",), (None, (line, head.col)))
        return hand

    def deal_json(self, ln: _Line, h: int, deal: dict[str, Any]) -> Any:
        line = ln.line
        rest = ln.text[4:]
        body = rest.strip()
        col = ln.col + 4 + (len(rest) - len(rest.lstrip()))
        if not body.startswith("@") or deal:
            self.fail("a 'deal' line is 'deal @{...}' (the whole deal as JSON) and comes "
                      "instead of the seat, upcard, widow and kitty lines", line, ln.col)
        path: JsonPath = ("hands", h, "deal")
        self.put(path, line, col + 1, (line, ln.col))
        return self.json_value(body[1:], line, col + 1, path, "the deal")

    def seat_line(self, ln: _Line, h: int, deal: dict[str, Any]) -> None:
        line, col, text = ln.line, ln.col, ln.text
        label, _, cards_text = text.partition(":")
        label = label.rstrip()
        hands = deal.setdefault("hands", {})
        if label in hands:
            self.fail(f"{label}'s cards are given twice", line, col)
        offset = text.index(":") + 1
        words, cols = self.words(cards_text, col + offset)
        path: JsonPath = ("hands", h, "deal", "hands", label)
        if self.pos is not None:
            self.pos.setdefault(("hands", h, "deal"), (None, (line, col)))
            self.pos.setdefault(("hands", h, "deal", "hands"), (None, (line, col)))
            first = cols[0] if cols else col + offset
            self.put(path, line, first, (line, col))
        if words == [UNKNOWN]:
            hands[label] = None
            return
        hands[label] = self.cards(words, cols, line, path)

    def cards(self, words: list[str], cols: list[int] | None, line: int, path: JsonPath
              ) -> list[str]:
        out = []
        spelling = SPELLING
        for i, w in enumerate(words):
            c = spelling.get(w)
            if c is None:
                c = canonical_card(w)
                if w.startswith("{"):
                    self.fail("comments are not allowed among cards", line,
                              cols[i] if cols else 1)
            out.append(c)
            if cols is not None:
                self.put(path + (i,), line, cols[i])
        return out

    def card_line(self, ln: _Line, h: int, deal: dict[str, Any]) -> None:
        """``upcard KC``, ``widow ...``, ``kitty ...`` (``-``: known to be unknown)."""
        line, col = ln.line, ln.col
        key = ln.kind.lower()
        rest = ln.text[len(key):]
        words, cols = self.words(rest, col + len(key))
        if key in deal:
            self.fail(f"the {key} is given twice", line, col)
        path: JsonPath = ("hands", h, "deal", key)
        if self.pos is not None:
            self.pos.setdefault(("hands", h, "deal"), (None, (line, col)))
            self.put(path, line, cols[0] if cols else col, (line, col))
        if words == [UNKNOWN]:
            deal[key] = None
        elif key == "upcard":
            if len(words) != 1:
                self.fail(f"'upcard' is followed by one card (or '-'), not {len(words)} words",
                          line, col)
            deal[key] = self.cards(words, cols, line, path)[0]
        else:
            deal[key] = self.cards(words, cols, line, path)

    # ---------------------------------------------------------- actions
    def action_line(self, ln: _Line, h: int, actions: list[Any]) -> None:
        line = ln.line
        words, cols = self.words(ln.text, ln.col)
        start = 1
        if ln.kind == "TRICK" and len(words) > 1 and is_digits(words[1]):
            start = 2
        if self.pos is not None:
            self.pos.setdefault(("hands", h, "actions"), (None, (line, ln.col)))
        cur: list[str] | None = None
        cur_cols: list[int] = []
        n = len(words)
        labels = self.labels
        spelling = SPELLING
        for i in range(start, n):
            w = words[i]
            if cols is None:
                # fast path: "SEAT:card" followed by the next action or the line end
                colon = w.find(":")
                if colon > 0:
                    head = w[colon + 1:]
                    card = spelling.get(head)
                    if card is not None and (i + 1 == n or ":" in words[i + 1]):
                        seat = w[:colon]
                        ok = labels.get(seat)
                        if ok is None:
                            ok = labels[seat] = LABEL.fullmatch(seat) is not None
                        if ok:
                            if cur is not None:
                                self.action(cur, cur_cols, h, actions, line)
                                cur = None
                            actions.append([seat, "play", card])
                            continue
            c0 = w[0]
            if c0 == "{":
                if cur is not None:
                    self.action(cur, cur_cols, h, actions, line)
                    cur = None
                self.comment(w, h, len(actions) - 1)
                continue
            if c0 == "@":
                if cur is not None:
                    self.action(cur, cur_cols, h, actions, line)
                    cur = None
                path: JsonPath = ("hands", h, "actions", len(actions))
                at = cols[i] if cols else 1
                actions.append(self.json_value(w[1:], line, at + 1, path, "the action"))
                self.put(path, line, at + 1)
                continue
            colon = w.find(":")
            if colon > 0 and LABEL.fullmatch(w, 0, colon):
                if cur is not None:
                    self.action(cur, cur_cols, h, actions, line)
                cur = [w[:colon], w[colon + 1:]] if colon + 1 < len(w) else [w[:colon]]
                if cols is not None:
                    cur_cols = [cols[i], cols[i] + colon + 1] if colon + 1 < len(w) \
                        else [cols[i]]
                continue
            if cur is None:
                self.fail(f"'{w}' does not belong to an action: an action is SEAT:verb or "
                          "SEAT:card", line, cols[i] if cols else ln.col,
                          "write the seat, a colon and the decision with no space: 'N:pass', "
                          "'E:order_up', 'S:call H alone', 'W:9H'")
            cur.append(w)
            if cols is not None:
                cur_cols.append(cols[i])
        if cur is not None:
            self.action(cur, cur_cols, h, actions, line)

    def comment(self, word: str, h: int, action: int) -> None:
        note: dict[str, Any] = {"hand": h}
        if action >= 0:
            note["action"] = action
        text = word[1:-1].strip()
        last = self.notes[-1] if self.notes else None
        if last is not None and last["hand"] == h and last.get("action") == note.get("action") \
                and "comment" not in last:
            last["comment"] = text
            return
        note["comment"] = text
        self.notes.append(note)

    def action(self, words: list[str], cols: list[int], h: int, actions: list[Any],
               line: int) -> None:
        """``[seat, verb, *args]`` from ``SEAT:verb args...`` or ``SEAT:card``."""
        i = len(actions)
        glyph = None
        last = words[-1]
        if len(words) > 1 and last[-1] in "!?":
            m = GLYPH.fullmatch(last)
            if m is not None:
                glyph = m.group(2)
                words[-1] = m.group(1)
        if len(words) == 1:
            self.fail(f"'{words[0]}:' needs a decision after the colon", line,
                      cols[0] if cols else 1, "for example 'N:pass' or 'N:9H'")
        out, arg_at = decision(words)
        actions.append(out)
        if self.pos is not None:
            path: JsonPath = ("hands", h, "actions", i)
            self.put(path, line, cols[0])
            self.put(path + (0,), line, cols[0])
            self.put(path + (1,), line, cols[1])
            for k in range(len(out) - 2):
                self.put(path + (2 + k,), line, cols[arg_at + k])
        if glyph is not None:
            self.notes.append({"hand": h, "action": i, "glyph": glyph})

    # ---------------------------------------------------------- results
    def result(self, ln: _Line, h: int) -> Any:
        return self.claims(ln, ("hands", h, "result"), RESULT_PARTS, "result")

    def final(self, ln: _Line) -> Any:
        return self.claims(ln, ("final",), FINAL_PARTS, "final")

    def claims(self, ln: _Line, path: JsonPath, known: tuple[str, ...], what: str) -> Any:
        """``result trump C, maker W, tricks N 5 ...`` / ``final scores ..., winner N+S``."""
        line = ln.line
        col = ln.col + len(what)
        rest = ln.text[len(what):]
        self.put(path, line, ln.col)
        body = rest.strip()
        if body.startswith("@"):
            at = col + (len(rest) - len(rest.lstrip())) + 1
            self.put(path, line, at, (line, ln.col))
            return self.json_value(body[1:], line, at, path, f"the {what}")
        out: dict[str, Any] = {}
        offset = 0
        for part in rest.split(","):
            part_col = col + offset
            offset += len(part) + 1
            words, cols = self.words(part, part_col)
            if not words:
                if part.strip() or len(rest.split(",")) > 1:
                    self.fail(f"an empty part in the {what} line", line, part_col)
                continue
            key = words[0].lower()
            at = cols[0] if cols else part_col
            if key in out:
                self.fail(f"'{key}' is given twice in the {what} line", line, at)
            values = words[1:]
            if key in PAIR_PARTS:
                out[key] = self.pairs(values, None if cols is None else cols[1:], line, at,
                                      path + (key,), f"{what} {key}")
            elif key == "winner" and what == "final":
                out[key] = None if values == [NO_WINNER] else \
                    values[0] if len(values) == 1 else values
            elif len(values) == 1:
                out[key] = None if values[0] == UNKNOWN else values[0]
            else:
                self.fail(f"'{key}' in the {what} line takes one word, not {len(values)}",
                          line, at, f"the {what} line has the parts "
                                    f"{', '.join(known)}, separated by commas")
            if cols is not None:
                first = cols[1] if len(cols) > 1 else at
                self.pos[path + (key,)] = ((line, at), (line, first))  # type: ignore[index]
                if key == "winner" and len(values) > 1:
                    for k, c in enumerate(cols[1:]):
                        self.put(path + (key, k), line, c)
        return out


# ------------------------------------------------------------------ positions
class TextLocator:
    """Maps JSON paths in one text game's record to file positions.

    The game is parsed again, keeping positions, on the first call only: valid
    records never pay for it.  Same interface as the JSON reader's
    :class:`~euchre_dsl.records.reader.Locator`.
    """

    def __init__(self, text: str, first_line: int, file: str | None):
        self.text = text
        self.first_line = first_line
        self.file = file
        self._index: Positions | None = None

    def position(self, path: JsonPath, key: bool = False) -> tuple[int, int] | None:
        """``(line, column)`` of the value (or key) at ``path``, or of its nearest
        ancestor in the text when the path goes where the record has nothing."""
        if self._index is None:
            index: Positions = {}
            try:
                _Builder(self.first_line, index).game(_parse(self.text, self.first_line))
            except TextSyntaxError:
                pass
            self._index = index
        return nearest(self._index, path, key)

    def __call__(self, path: JsonPath, key: bool = False) -> Location:
        found = self.position(path, key)
        if found is None:
            return Location(self.file, self.first_line, 1)
        return Location(self.file, found[0], found[1])


# ------------------------------------------------------------------ files
def iter_text(stream: Iterable[bytes], file: str | None) -> Iterator[Item]:
    """Records of a text stream, one game at a time."""
    bad: dict[int, Problem] = {}  # line -> the problem of a line that cannot be read
    too_long: dict[int, tuple[int, int, int]] = {}  # a game's line -> past the hands limit
    lines = decoded_lines(stream, file, bad, MAX_TEXT_LINE)
    index = -1
    for index, (line, text) in enumerate(split_games(lines, too_long, MAX_HANDS)):
        if line in too_long:
            over, hands, end = too_long.pop(line)
            for no in [no for no in bad if line <= no < end]:
                del bad[no]
            yield Item(index, line, "", None, Problem(
                "schema", f"the game has {hands:,} hands, more than the {MAX_HANDS:,} a record "
                "may hold; its hands are not read", location=Location(file, over, 1),
                hint="a game takes a few dozen hands: split a long session into one game "
                     "per record", record=index), TextLocator)
            continue
        end = line + text.count("\n")
        broken = [no for no in bad if line <= no < end]
        if broken:
            problem = bad[broken[0]]
            problem.record = index
            for no in broken:
                del bad[no]
            yield Item(index, line, text, None, problem, TextLocator)
        else:
            yield parse_game(text, index, line, file)
    # a line that cannot be read in no game (the file holds nothing else): reported
    # all the same, never "0 records ok"
    for no in sorted(bad):
        index += 1
        problem = bad[no]
        problem.record = index
        yield Item(index, no, "", None, problem, TextLocator)


def bounded_lines(stream: BinaryIO, limit: int) -> Iterator[bytes]:
    """The lines of ``stream``; one longer than ``limit`` bytes comes out cut to
    ``limit`` + 1 bytes (its reader reports it), the rest of it read and dropped
    in pieces, so memory stays flat however long it is."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        yield line
        if len(line) > limit and not line.endswith(b"\n"):
            piece = line
            while piece and len(piece) > limit and not piece.endswith(b"\n"):
                piece = stream.readline(limit + 1)


def read_text_file(path: str) -> Iterator[Item]:
    """Open a ``.ehh`` file now (``OSError`` if unreadable); stream its games."""
    stream: BinaryIO = open(path, "rb")  # noqa: SIM115 - closed by the generator below

    def records() -> Iterator[Item]:
        with stream:
            yield from iter_text(bounded_lines(stream, MAX_TEXT_LINE), path)

    return records()


def read_text(text: str, file: str | None = None) -> Iterator[Item]:
    """Records of text held in memory (tests, standard input)."""
    return iter_text(io.BytesIO(text.encode("utf-8")), file)

