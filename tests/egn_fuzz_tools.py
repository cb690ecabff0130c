"""Mutation fuzzing of the EGN readers (JSON ``.egn``, ``.emn``, binary ``.egnb``),
shared by the test suite (``tests/interop/test_egn_fuzz.py``) and the atheris
target ``fuzz/fuzz_egn.py``.

The seeds are EGN's published examples kept in ``tests/interop/egn`` (cut to a
few deals so that each case is quick).  A mutation works at one of three
levels:

- **JSON**: a value anywhere in the document replaced by one of another kind or
  at a limit (``1e400``, ``-1``, 5,000 digits, ``[]``, ``true``, a long string,
  a card that is not one...), a key dropped or added, an array item dropped or
  repeated -- what a careless converter writes;
- **text**: the token edits of :func:`fuzz_tools.mutate` (cut short, Unicode,
  long runs);
- **bits**: bits flipped, bytes cut, dropped or repeated in an ``.egnb`` file, or
  in the packed bits of one condensed deal (a Base64URL string) inside JSON.

:func:`check_egn` reads one input as its extension says and validates every
game: each must end in a record and located problems, never an uncaught
exception; the records read are written back as EGN, which either works or
says why not (:class:`~euchre_dsl.interop.egn_write.EgnWriteError`).
"""

from __future__ import annotations

import base64
import binascii
import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Any

from fuzz_tools import EDGE_NUMBERS, ODD_TEXT, mutate

from euchre_dsl.errors import Problem
from euchre_dsl.interop import egnb
from euchre_dsl.interop.egn_write import EgnWriteError, variant_rules, write_egn
from euchre_dsl.interop.egnb import egnb_items
from euchre_dsl.records.reader import iter_egn
from euchre_dsl.validate.validator import FileReport, Validator, check_items

EGN_DIR = Path(__file__).parent / "interop" / "egn"
#: Deals kept of each seed game, games kept of each seed match: a case stays quick.
_DEALS, _GAMES = 3, 2

#: Values a mutation puts in place of another (JSON text, so ``1e400`` stays itself).
EDGE_VALUES = (*EDGE_NUMBERS, "1e400", "-1e400", "true", "false", "null", "[]", "{}",
               '""', '"Pass"', '"Order"', '"x"', '"Xx"', '"B"', '"R"', '"9c"', '"Zz"',
               '"' + "A" * 3000 + '"', "[[]]", '[null]', '[1,2,3,4,5]', '{"id": 1}',
               '"LEFT_OF_LONER"', '"EUCHRE_BIDDING"', '"TRICK_PLAY"', "3", "4", "-2", "2.5")
#: Keys a mutation adds (those the readers look for, and one they do not know).
EDGE_KEYS = ("discard", "isAlone", "aloneDefender", "branchIndex", "alternativeLines",
             "playerCards", "players", "playersOverride", "ruleset", "loner_lead",
             "num_players", "initialScore", "finalScore", "version", "fileType", "calls",
             "tricks", "phases", "deals", "games", "gameData", "dealer", "upCard", "x-odd")


def _cut(doc: Any) -> Any:
    """A seed document cut to a few deals (and games): the same shapes, quicker."""
    if isinstance(doc, dict) and isinstance(doc.get("games"), list):
        doc["games"] = [_cut(g) for g in doc["games"][:_GAMES]]
    elif isinstance(doc, dict) and isinstance(doc.get("gameData"), dict):
        doc["gameData"] = _cut(doc["gameData"])
    elif isinstance(doc, dict) and isinstance(doc.get("deals"), list):
        doc["deals"] = doc["deals"][:_DEALS]
    return doc


@lru_cache(maxsize=None)
def egn_seeds() -> tuple[tuple[str, bytes], ...]:
    """(extension, bytes) of each seed: every EGN example, cut; the binaries whole."""
    out = []
    for path in sorted(EGN_DIR.rglob("*")):
        if path.suffix in (".egn", ".emn"):
            doc = _cut(json.loads(path.read_text(encoding="utf-8")))
            out.append((path.suffix, json.dumps(doc, indent=2).encode("utf-8")))
        elif path.suffix == ".egnb":
            out.append((".egnb", path.read_bytes()))
            if not path.name.endswith(".expanded.egnb"):  # its deals, condensed, in JSON
                game = json.loads(path.with_suffix(".egn").read_text(encoding="utf-8"))
                message = egnb._message_class(False).FromString(path.read_bytes()[1:])
                game["deals"] = list(message.deals)[:_DEALS]
                out.append((".egn", json.dumps(game, indent=2).encode("utf-8")))
    return tuple(out)


# ------------------------------------------------------------ mutations
def _nodes(doc: Any) -> list[tuple[Any, Any]]:
    """Every (container, key or index) of a JSON value (a loop: no recursion)."""
    out: list[tuple[Any, Any]] = []
    todo = [doc]
    while todo:
        v = todo.pop()
        if isinstance(v, dict):
            out += [(v, k) for k in v]
            todo += list(v.values())
        elif isinstance(v, list):
            out += [(v, i) for i in range(len(v))]
            todo += v
    return out


def _mutate_json(doc: Any, rng: random.Random) -> None:
    """One structural edit of ``doc``, in place."""
    nodes = _nodes(doc)
    if not nodes:
        return
    named = [n for n in nodes if n[1] in EDGE_KEYS]
    parent, key = rng.choice(named if named and rng.random() < 0.5 else nodes)
    kind = rng.randrange(6)
    if kind <= 1:
        parent[key] = _edge(rng)
    elif kind == 2:
        del parent[key]
    elif kind == 3 and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(parent[key])))
    elif kind == 3 or kind == 4:
        target = parent[key] if isinstance(parent[key], dict) else parent
        if isinstance(target, dict):
            target[rng.choice(EDGE_KEYS)] = _edge(rng)
    else:  # a string: a condensed deal's bits, or a card or call spelled otherwise
        value = parent[key]
        if isinstance(value, str):
            parent[key] = _flip_packed(value, rng) if len(value) > 8 else (
                value.upper() if rng.random() < 0.5 else value[::-1])


#: A float json writes as ``Infinity``; replaced by ``1e400`` in the text.
_BIG = float("inf")


def _edge(rng: random.Random) -> Any:
    """One of :data:`EDGE_VALUES` as a value (``1e400`` and 5,000 digits: infinity)."""
    try:
        return json.loads(rng.choice(EDGE_VALUES))
    except ValueError:  # more digits than Python reads
        return _BIG


def _flip_packed(text: str, rng: random.Random) -> str:
    """``text`` as Base64URL with a few of its bits flipped, or cut."""
    try:
        raw = bytearray(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
    except (binascii.Error, ValueError):
        return text[: rng.randrange(len(text))]
    if raw:
        _mutate_bytes(raw, rng, 1 + rng.randrange(3))
    return base64.urlsafe_b64encode(bytes(raw)).decode("ascii").rstrip("=")


def _mutate_bytes(data: bytearray, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if not data:
            data.append(rng.randrange(256))
            continue
        i = rng.randrange(len(data))
        kind = rng.randrange(5)
        if kind <= 1:
            data[i] ^= 1 << rng.randrange(8)
        elif kind == 2:
            del data[i:]
        elif kind == 3:
            del data[i]
        else:
            data[i:i] = data[i:i + rng.randrange(1, 9)]


def mutate_egn(ext: str, data: bytes, rng: random.Random, steps: int = 2) -> bytes:
    """``data`` (a seed of extension ``ext``) broken by ``steps`` edits at one level."""
    if ext == ".egnb":
        raw = bytearray(data)
        _mutate_bytes(raw, rng, steps)
        return bytes(raw)
    if rng.random() < 0.25:
        return mutate(data.decode("utf-8"), rng, steps).encode("utf-8", "surrogatepass")
    doc = json.loads(data)
    for _ in range(steps):
        _mutate_json(doc, rng)
    text = json.dumps(doc, indent=1, ensure_ascii=rng.random() < 0.5)
    return text.replace("Infinity", "1e400").encode("utf-8")


# ------------------------------------------------------------ the invariant
def check_egn(ext: str, data: bytes, validator: Validator | None = None) -> list[Problem]:
    """Read ``data`` as a ``.egn``/``.emn``/``.egnb`` file, validate every game and
    write each record back as EGN: the problems, all located.

    Raises only :class:`AssertionError` (the invariant broken); any other
    exception escaping is the bug a fuzzer looks for."""
    name = f"fuzz{ext}"
    items = list(egnb_items(data, name) if ext == ".egnb" else iter_egn(data, name))
    found = list(check_items(items, name, FileReport(name), validator or Validator()))
    for p in found:
        assert isinstance(p, Problem), p
        assert p.location.file == name, p.format()
        assert p.severity in ("error", "warning", "info"), p.format()
        if ext != ".egnb":  # a binary file has no lines: placed at the file alone
            assert p.location.line is not None, p.format()
        p.format()
        json.dumps(p.to_json())  # the JSON report can always be written
    for item in items:
        if item.problem is None and isinstance(item.data, dict):
            try:
                rules = variant_rules(item.data)
                json.dumps(write_egn(item.data, rules))
            except EgnWriteError:
                pass
    return found


def pick_seed(rng: random.Random) -> tuple[str, bytes]:
    seeds = egn_seeds()
    return seeds[rng.randrange(len(seeds))]


__all__ = ["EDGE_VALUES", "ODD_TEXT", "check_egn", "egn_seeds", "mutate_egn", "pick_seed"]
