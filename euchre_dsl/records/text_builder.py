"""Building an ``ehh/1`` record from a text game's lines (``*.ehh``), for :mod:`.text_reader`.

:class:`Builder` reads the words of each line the grammar parsed (or the fast
path's tag lines) into the record dict the JSON reader would give for the
same game, raising :class:`TextSyntaxError` at the line and column of what
cannot be read; given an index, it also records where every part of the
record stands in the text (:class:`~.text_reader.TextLocator` asks for that
only when a problem is found).  The names of the format's tags and parts are
here, shared with the writer (:mod:`.text_writer`).
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple, NoReturn

from lark import Token, Tree

from ..errors import EuchreError
from .notation import FORMAT
from .positions import (
    HALF_CHARACTER_HINT, JsonPath, ScanError, half_character, half_character_words,
    scan_positions,
)
from .text_words import (
    GLYPH, LABEL, NO_WINNER, PAIR_PARTS, SPELLING, UNKNOWN, canonical_card, decision,
    is_digits, number_or_word,
)

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
_DEAL_LINES = frozenset(("SEAT_LINE", "UPCARD", "WIDOW", "KITTY", "DEAL"))  # kinds of Line
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


def is_json(text: str) -> bool:
    """Does a tag value read as JSON (then it is taken exactly as JSON says)?"""
    start = text.lstrip(" \t\n\r")
    if start[:1] not in _JSON_FIRST and not start.startswith(_JSON_WORDS):
        return False
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def split_tag(text: str) -> tuple[str, int, str, int] | None:
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


Positions = dict[JsonPath, tuple[tuple[int, int] | None, tuple[int, int]]]


class Line(NamedTuple):
    """One line of a game as the parser found it."""

    kind: str  # its terminal: TAG, HAND, SEAT_LINE, UPCARD, BIDDING, ...
    text: str  # its content: no comment, no line end
    line: int  # its line in the file
    col: int  # the column of its first character


def _line(token: Token, first: int) -> Line:
    """A one-line token as a :class:`Line` (file line numbers; content without comments)."""
    value = token.value
    if ";" in value:
        m = (_TAG if token.type == "TAG" else _REST).match(value)
        value = m.group() if m else ""
    return Line(token.type, value.rstrip(), first + (token.line or 1) - 1, token.column or 1)


#: Block terminals and the kind of each of their lines.
_BLOCKS = {"SEAT_LINES": "SEAT_LINE", "TRICKS": "TRICK"}


def _lines(token: Token, first: int) -> list[Line]:
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
        out.append(Line(kind, text.rstrip(), line + k, col))
    return out


class Builder:
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
    def tag(self, ln: Line, tags: dict[str, Any]) -> None:
        line, col = ln.line, ln.col
        parts = split_tag(ln.text)
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
        if text[0] in '"[{' or is_json(text):  # a broken JSON value is reported
            return self.json_value(text, line, col, path, what)
        return text

    def keyed_tag(self, key: str, name: str, text: str, line: int, name_col: int, col: int,
                  tags: dict[str, Any]) -> None:
        """``[Meta key value]`` / ``[Player seat name]``; ``[Meta {...}]`` sets the whole object."""
        if key == "meta" and (is_json(text) or text[:1] in ("{", "[")):
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
        if is_json(text):
            return self.json_value(text, line, col, ("seats",), "[Seats]")
        words, cols = self.words(text, col)
        if cols is not None:
            for i, c in enumerate(cols):
                self.put(("seats", i), line, c)
        return words

    def read_side_values(self, text: str, line: int, col: int, path: JsonPath, what: str) -> Any:
        """``N+S 3, E+W 5`` (the commas are optional); a JSON value is taken as it is."""
        if is_json(text):
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

    def deal_json(self, ln: Line, h: int, deal: dict[str, Any]) -> Any:
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

    def seat_line(self, ln: Line, h: int, deal: dict[str, Any]) -> None:
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

    def card_line(self, ln: Line, h: int, deal: dict[str, Any]) -> None:
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
    def action_line(self, ln: Line, h: int, actions: list[Any]) -> None:
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
    def result(self, ln: Line, h: int) -> Any:
        return self.claims(ln, ("hands", h, "result"), RESULT_PARTS, "result")

    def final(self, ln: Line) -> Any:
        return self.claims(ln, ("final",), FINAL_PARTS, "final")

    def claims(self, ln: Line, path: JsonPath, known: tuple[str, ...], what: str) -> Any:
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
