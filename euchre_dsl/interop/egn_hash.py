"""EGN's baseline hash of a game, exactly as ``egn-baseline --hash`` computes it.

EGN -> ``ehh/1`` -> EGN keeps a game's baseline hash (:mod:`.egn_write`); the
hash is the SHA-256 of the game's canonical JSON without its analysis-only
keys.  See :mod:`.egn`.
"""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from .egn_document import ANALYSIS_KEYS, upgrade


def baseline_hash(game: Any) -> str:
    """EGN's baseline hash of one game: the SHA-256 of its canonical JSON without the
    analysis-only keys, exactly as EGN's ``egn-baseline --hash`` computes it (empty
    arrays and objects dropped, object keys in JavaScript ``localeCompare`` order,
    values as ``JSON.stringify`` writes them).  An old-version game is hashed as
    upgraded (:func:`upgrade`), the only form ``egn-baseline`` accepts."""
    stripped = _baseline(upgrade(game))
    return hashlib.sha256(_stable(stripped).encode("utf-8")).hexdigest()


_DROP = object()


def _baseline(value: Any) -> Any:
    if isinstance(value, list):
        items = [_baseline(v) for v in value]
        return [v for v in items if v is not _DROP and not _empty(v)]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in ANALYSIS_KEYS:
                continue
            b = _baseline(v)
            if b is _DROP or _empty(b):
                continue
            out[k] = b
        return out
    return value


def _empty(value: Any) -> bool:
    return isinstance(value, (list, dict)) and not value


#: ICU root collation of ASCII at the primary level (what ``localeCompare`` sorts
#: keys by): punctuation and symbols, then digits, then letters without case.
_PRIMARY = "_-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz"


def _collation_key(key: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    primary = tuple(_PRIMARY.find(c.lower()) if c.lower() in _PRIMARY else 200 + ord(c)
                    for c in key)
    tertiary = tuple(1 if c.isupper() else 0 for c in key)  # lower case first
    return primary, tertiary


def _stable(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ",".join(_stable(v) for v in value) + "]"
    if isinstance(value, dict):
        keys = sorted(value, key=_collation_key)
        return "{" + ",".join(f"{_js(k)}:{_stable(value[k])}" for k in keys) + "}"
    return _js(value)


def _js(value: Any) -> str:
    """One JSON value as JavaScript's ``JSON.stringify`` writes it."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            return "null"
        if value.is_integer() and abs(value) < 1e21:
            return str(int(value))
        text = repr(value)
        return text.replace("e+", "e+").replace("e-0", "e-") if "e" in text else text
    return json.dumps(value, ensure_ascii=False)
