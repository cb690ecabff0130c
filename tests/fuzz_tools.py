"""Shared pieces of the fuzz tests (hypothesis) and the atheris targets (fuzz/).

Valid inputs of every shipped variant -- records in the JSON, JSON Lines and
text forms, variant files in both forms -- and the mutations that break them
the way people and hostile tools do: tokens dropped, swapped or duplicated,
numbers at their limits, Unicode in odd places, text cut short.  The
invariant every target checks (:func:`check_records`, :func:`check_variant`):
each input ends in a result or located problems, never an uncaught exception.
"""

from __future__ import annotations

import io
import json
import random
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from euchre_dsl.engine.machine import Machine
from euchre_dsl.errors import EuchreError, Problem
from euchre_dsl.records.reader import iter_json, iter_jsonl, read_stdin
from euchre_dsl.records.text_reader import iter_text
from euchre_dsl.records.text_writer import dump_game
from euchre_dsl.records.writer import dump_record, game_record, hand_record
from euchre_dsl.rules.registry import compile_file, load_variant, shipped_ids, variants_dir
from euchre_dsl.validate.validator import Validator

#: Numbers at and past the limits a reader or the rules have.
EDGE_NUMBERS = ("0", "-1", "1", "7", "8", "9", "53", "255", "256", "65536", "2147483648",
                "9223372036854775808", "1e308", "-0", "1.5", "NaN", "Infinity", "9" * 5000)
#: Text that is valid Unicode but not what a reader expects.
ODD_TEXT = ("é", "♠", "10♥", "\u0000", "\u200b", "\ufeff", "\U0001f0a1", "ＡＳ", "\t", "\r",
            "𝟗", "\\u0000", '\\"', "\\", "??", "JK", "x-", "{", "}", "[", "]", ";", '"')
#: Pieces of input the tokenizer keeps apart, so that mutations cut at them.
_TOKEN = re.compile(r'\s+|[\[\]{}(),:;="]|[^\s\[\]{}(),:;="]+')


@lru_cache(maxsize=None)
def valid_records() -> tuple[dict[str, Any], ...]:
    """One short seeded game of every shipped variant (valid by construction)."""
    out = []
    for n, variant in enumerate(shipped_ids()):
        rules = load_variant(variant)
        rng = random.Random(n)
        game = Machine(rules, dealer=rng.randrange(rules.players.count))
        hands = []
        while not game.is_over and len(hands) < 3:
            dealer = game.dealer
            game.deal_random(rng)
            upcard = game.upcard
            widow = game.widow if rules.deal.widow else None
            while not game.hand_over:
                game.apply(rng.choice(game.legal_actions()))
            hands.append(hand_record(game, dealer, game.dealt, upcard, widow))
        out.append(game_record(game, variant, hands, meta={"event": "fuzz seed", "seed": n}))
    return tuple(out)


@lru_cache(maxsize=None)
def valid_variant_texts() -> tuple[tuple[str, str], ...]:
    """(suffix, text) of every shipped variant file, both forms."""
    return tuple((p.suffix, p.read_text(encoding="utf-8"))
                 for p in sorted(variants_dir().iterdir()) if p.suffix in (".yaml", ".euchre"))


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


def mutate(text: str, rng: random.Random, steps: int = 3) -> str:
    """``text`` broken by a few random edits at token boundaries."""
    toks = tokens(text) or [""]
    for _ in range(steps):
        kind = rng.randrange(7)
        i = rng.randrange(len(toks))
        if kind == 0 and len(toks) > 1:
            del toks[i]
        elif kind == 1:
            j = rng.randrange(len(toks))
            toks[i], toks[j] = toks[j], toks[i]
        elif kind == 2:
            toks.insert(i, toks[rng.randrange(len(toks))])
        elif kind == 3:
            toks[i] = rng.choice(EDGE_NUMBERS)
        elif kind == 4:
            toks.insert(i, rng.choice(ODD_TEXT))
        elif kind == 5:
            toks = toks[:i]  # cut short
            if not toks:
                toks = [""]
        else:
            toks[i] = toks[i] * rng.choice((2, 50, 2000))  # a long run of one piece
    return "".join(toks)


def record_texts(record: dict[str, Any]) -> dict[str, str]:
    """The record in each form a reader takes."""
    one = dump_record(record)
    return {"json": json.dumps(record, indent=2), "jsonl": one + "\n" + one + "\n",
            "text": dump_game(record)}


def _assert_clean_when_parsed(data: bytes, form: str, index: int, hands: int) -> None:
    """Record ``index`` of ``data``, which the byte reader proved clean with ``hands``
    hands, is clean when parsed and checked in full too."""
    items = iter_jsonl(io.BytesIO(data), "p") if form == "jsonl" else iter_json(data, "p")
    parsed = [i for i in items if i.index == index]
    assert len(parsed) == 1 and parsed[0].problem is None, parsed
    record = parsed[0].data
    assert Validator(fast=False).validate(record) == [] and len(record["hands"]) == hands


def check_records(form: str, data: bytes, validator: Validator | None = None) -> list[Problem]:
    """Read ``data`` as ``form`` and validate every record: the problems, all located.

    Raises only :class:`AssertionError` (the invariant broken); any other
    exception escaping is the bug a fuzzer looks for."""
    v = validator or Validator()
    name = f"fuzz.{form}"
    if form == "json":
        items = iter_json(data, name, v.prove)
    elif form == "stdin":  # standard input: its form sniffed from the first line
        items = read_stdin(io.BytesIO(data), name, prove=v.prove)
    elif form == "jsonl":
        items = iter_jsonl(io.BytesIO(data), name, v.prove)
    else:
        items = iter_text(io.BytesIO(data), name)
    found: list[Problem] = []
    for item in items:
        if item.proved >= 0:  # proved clean from its bytes: the parsed path must agree
            if form != "stdin":  # (which form it was sniffed as, the reader alone knows)
                _assert_clean_when_parsed(data, form, item.index, item.proved)
            continue
        if item.problem is not None:
            found.append(item.problem)
            continue
        found += v.validate(item.data, index=item.index, file=name, locate=item.locate(name))
    for p in found:
        assert isinstance(p, Problem), p
        assert p.location.file == name, p.format()
        assert p.severity in ("error", "warning", "info"), p.format()
        p.format()
        json.dumps(p.to_json())  # the JSON report can always be written
    return found


def check_variant(path: Path) -> None:
    """Compile one variant file: a rule set, or problems each placed in a file."""
    try:
        compile_file(path)
    except EuchreError as exc:
        assert exc.problems
        for p in exc.problems:
            assert p.code in ("invalid-variant", "unknown-variant"), p.format()
            assert p.location.file is not None, p.format()
            p.format()


# ------------------------------------------------- issue 27: the hostile areas
#: Escapes of half a character (lone UTF-16 surrogates), high and low.
HALF_CHARACTERS = ("\\ud800", "\\udbff", "\\udc00", "\\udcff", "\\ude00")
_SENTINEL = "\x00half\x00"


def string_count(value: Any) -> int:
    """How many strings (object keys included) a JSON value holds (a loop: no recursion)."""
    count, todo = 0, [value]
    while todo:
        v = todo.pop()
        if isinstance(v, str):
            count += 1
        elif isinstance(v, list):
            todo.extend(v)
        elif isinstance(v, dict):
            count += len(v)
            todo.extend(v.values())
    return count


def with_half_character(record: dict[str, Any], k: int, escape: str) -> str:
    """The record as one JSON line with ``escape`` (one of :data:`HALF_CHARACTERS`) at
    the end of its ``k``-th string, key or value: everywhere a string goes."""
    seen = 0

    def put(v: Any) -> Any:
        nonlocal seen
        if isinstance(v, str):
            seen += 1
            return v + _SENTINEL if seen - 1 == k else v
        if isinstance(v, list):
            return [put(x) for x in v]
        if isinstance(v, dict):
            out = {}
            for key, x in v.items():
                seen += 1
                name = key + _SENTINEL if seen - 1 == k else key
                out[name] = put(x)
            return out
        return v

    text = json.dumps(put(record), separators=(",", ":"))
    return text.replace(json.dumps(_SENTINEL)[1:-1], escape)


_OPENERS = ("[", '{"a":', '{"hands":[', '{"x-":', '{"format":"ehh/1","variant":')


def nested(depth: int, rng: random.Random) -> str:
    """A JSON value nested ``depth`` deep, its openers drawn from :data:`_OPENERS`, closed
    or (sometimes) cut short: the shape of the standard-input attack."""
    opened = [rng.choice(_OPENERS) for _ in range(depth)]
    closers = "".join("]" * o.count("[") + "}" * o.count("{") for o in reversed(opened))
    inner = rng.choice(("1", '"x"', "[]", "{}", "null"))
    text = "".join(opened) + inner + closers
    return text[:rng.randrange(len(text) + 1)] if rng.random() < 0.2 else text


def check_where(text: str, rules_id: str = "standard") -> None:
    """Compile a ``--where`` condition and evaluate it on a few deals: a condition or
    ``bad-where`` problems on line 1 at a column of the text, never another exception."""
    from euchre_dsl.sim.where import compile_where

    rules = load_variant(rules_id)
    try:
        condition = compile_where(text, rules)
    except EuchreError as exc:
        assert exc.problems
        for p in exc.problems:
            assert p.code == "bad-where" and p.location.file == "--where", p.format()
            assert p.location.line == 1, p.format()
            assert p.location.column is not None and 1 <= p.location.column <= len(text) + 1, \
                p.format()
        return
    rng = random.Random(text)
    for _ in range(3):
        game = Machine(rules, dealer=rng.randrange(rules.players.count))
        game.deal_random(rng)
        assert condition(list(game.dealt), game.upcard, game.dealer) in (True, False)


def misbehaving_bot(method: str, at: int, answer: Any) -> type:
    """A plug-in bot class that plays at random, except that its ``at``-th call of
    ``method`` (``act`` or ``play``) answers ``answer``, or raises it when it is an
    exception."""
    from euchre_dsl.sim.bots import RandomBot

    class Misbehaving:
        def __init__(self, rules: Any, rng: Any) -> None:
            self.inner = RandomBot(rules, rng)
            self.calls = 0

        def _answer(self, name: str, view: Any, legal: Any) -> Any:
            if name == method:
                self.calls += 1
                if self.calls == at:
                    if isinstance(answer, BaseException):
                        raise answer
                    return answer
            return getattr(self.inner, name)(view, legal)

        def act(self, view: Any, legal: Any) -> Any:
            return self._answer("act", view, legal)

        def play(self, view: Any, legal: Any) -> Any:
            return self._answer("play", view, legal)

    return Misbehaving


def check_bot(cls: type, seat: int, rules_id: str = "standard", seed: int = 0) -> None:
    """Play a game with ``cls`` at ``seat`` (random bots elsewhere): it ends, or a
    ``BotError`` names the bot, the seat and the decision; nothing else escapes."""
    from euchre_dsl.sim.bots import BotError, BotSpec, make_bots, parse_bot_spec
    from euchre_dsl.sim.deals import Deals
    from euchre_dsl.sim.runner import play_game

    rules = load_variant(rules_id)
    plug_in = BotSpec("fuzz:Misbehaving", "fuzz:Misbehaving", cls, {})
    specs = [plug_in if s == seat else parse_bot_spec("random")
             for s in range(rules.players.count)]
    game = Machine(rules, dealer=0)
    try:
        play_game(rules, make_bots(specs, rules, random.Random(seed)), Deals(seed), game)
    except BotError as exc:
        message = str(exc)
        assert message.startswith(f"bot 'fuzz:Misbehaving' at seat {game.labels[seat]}, "
                                  "choosing "), message
        assert "(hand " in message, message
