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

from euchre_dsl.engine.game import Game
from euchre_dsl.errors import EuchreError, Problem
from euchre_dsl.history.reader import iter_json, iter_jsonl
from euchre_dsl.history.text_reader import iter_text
from euchre_dsl.history.text_writer import dump_game
from euchre_dsl.history.validate import Validator
from euchre_dsl.history.writer import dump_record, game_record, hand_record
from euchre_dsl.rules.registry import compile_file, load_variant, shipped_ids, variants_dir

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
        game = Game(rules, dealer=rng.randrange(rules.players.count))
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
    elif form == "jsonl":
        items = iter_jsonl(io.BytesIO(data), name, v.prove)
    else:
        items = iter_text(io.BytesIO(data), name)
    found: list[Problem] = []
    for item in items:
        if item.proved >= 0:  # proved clean from its bytes: the parsed path must agree
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
