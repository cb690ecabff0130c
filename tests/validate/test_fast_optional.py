"""Any producer's clean records take the fast path: every optional key left out, the
``kitty`` and ``x-`` keys given, the keys of every object in any order.

``ehh/1`` makes most of a record optional (``players``, ``meta``,
``start_scores``, ``final`` and its parts, a hand's ``result`` and each of its
parts, the ``kitty``) and lets a producer add ``x-`` keys.  A record written
by another tool leaves out what it does not know -- a converter from OpenSpiel
writes no running ``scores`` -- and adds what it likes; such a record must be
proved clean as fast as our own writer's.  So each case here is checked twice:
its problems and counts are the same with the fast paths as without them (the
differential), and when it has no problem at all, the validator's counters say
that the fast path settled it: from its bytes (:class:`~euchre_dsl.validate.
fast_bytes.ByteCheck`) and, parsed, by :class:`~euchre_dsl.validate.fast_check.
FastCheck`.  A record that leaves the fast path fails here even though its
verdict is right.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from typing import Any, Callable, Iterator

import pytest

from euchre_dsl.engine.machine import Machine
from euchre_dsl.errors import Problem
from euchre_dsl.records.reader import iter_jsonl
from euchre_dsl.validate.validator import FileReport, Validator, check_items
from euchre_dsl.records.writer import dump_record
from euchre_dsl.rules.registry import load_variant, shipped_ids
from euchre_dsl.sim.runner import simulate

from history_tools import random_game

Path = tuple[str | int, ...]


def _fast_variant(variant: str) -> bool:
    """A variant whose records the byte path reads: one copy of each card (a second
    copy is spelt with three letters, ``JS2``, which the parsed fast path reads:
    ``test_double_deck_takes_the_parsed_fast_path``).  A widow, a partner's card
    called, a card given to a lone player are read on both fast paths."""
    return load_variant(variant).deck.copies == 1


VARIANTS = [v for v in sorted(shipped_ids()) if _fast_variant(v)]

#: How a record is written: our writer's compact line, ``json.dumps``' defaults (spaces,
#: every letter that is not ASCII escaped), pretty-printed with the letters as they are.
FORMS: dict[str, Callable[[dict[str, Any]], bytes]] = {
    "ours": lambda rec: dump_record(rec).encode() + b"\n",
    "json.dumps": lambda rec: json.dumps(rec).encode() + b"\n",
    "pretty": lambda rec: json.dumps(rec, indent=2, ensure_ascii=False).encode() + b"\n",
}


def _kitty(rec: dict[str, Any], hand: dict[str, Any]) -> list[str]:
    """The cards of a hand's deck that nobody was dealt, nor turned up, nor took from a
    widow (none of the hand's actions names them), in deck order."""
    rules = load_variant(rec["variant"])
    deck = Machine(rules, rec["seats"], 0).deck
    seen = {c for cards in hand["deal"]["hands"].values() for c in cards}
    seen.add(hand["deal"].get("upcard"))
    seen.update(hand["deal"].get("widow") or ())
    seen.update(a[2] for a in hand["actions"] if len(a) > 2)
    undealt = deck.size - rules.deal.hand_size * len(rec["seats"]) - rules.deal.widow_size - \
        (1 if rules.deal.upcard else 0)
    return [name for name in deck.names if name not in seen][:undealt]


def _another_producer(rec: dict[str, Any], seed: int) -> dict[str, Any]:
    """``rec`` as a converter from another program writes it (OpenSpiel's, say): its
    own meta with a float, names that are not ASCII, each hand's kitty, an ``x-`` key
    holding whatever that program keeps (floats, escapes, nesting)."""
    other = copy.deepcopy(rec)
    other["meta"] = {"source": "open_spiel", "game": "euchre()", "returns": 0.5, "index": seed}
    other["players"] = {label: f"Zo\u00eb \u5317 {label} \U0001F0A1" for label in rec["seats"]}
    for hand in other["hands"]:
        hand["deal"]["kitty"] = _kitty(rec, hand)
    other["x-openspiel"] = {"history": list(range(seed, seed + 30)), "returns": [1.0, -1e-3],
                            "note": "a \"quoted\" \\ \u00e9 line\n", "deep": [[{"a": None}]],
                            "flags": [True, False]}
    return other


def _optional_paths(rec: dict[str, Any]) -> Iterator[Path]:
    """Where ``rec`` has an optional key: the record's, its final's, and those of its
    first and last hands' results and deals (a variant's ``upcard`` too: where the
    variant turns one up it is required, and the differential says so)."""
    for key in ("players", "meta", "start_scores", "final"):
        if key in rec:
            yield (key,)
    for key in rec.get("final", {}):
        yield ("final", key)
    for h in sorted({0, len(rec["hands"]) - 1}):
        hand = rec["hands"][h]
        if "result" in hand:
            yield ("hands", h, "result")
            for key in hand["result"]:
                yield ("hands", h, "result", key)
            for key in ("tricks", "points", "scores"):
                for label in list(hand["result"].get(key, {}))[:1]:
                    yield ("hands", h, "result", key, label)
        for key in hand["deal"]:
            if key != "hands":
                yield ("hands", h, "deal", key)


def _without(rec: dict[str, Any], path: Path) -> dict[str, Any]:
    out = copy.deepcopy(rec)
    obj: Any = out
    for key in path[:-1]:
        obj = obj[key]
    del obj[path[-1]]
    return out


def _checked(line: bytes, fast: bool) -> tuple[list[Problem], tuple[int, ...], Validator]:
    """The problems and counts of a one-line JSON Lines file, read as ``euchre validate``
    reads it (with the validator's ``prove`` when ``fast``), and the validator."""
    v = Validator(fast=fast)
    report = FileReport("g.jsonl")
    found = list(check_items(iter_jsonl([line], "g.jsonl", v.prove), "g.jsonl", report, v))
    return found, (report.records, report.hands, report.errors, report.warnings), v


def _fast_exactly_when_clean(rec: dict[str, Any], form: str) -> bool:
    """The differential on one record written in ``form``: the same problems and counts
    with the fast paths as without; and a record with no problem at all is settled by
    the byte path, and, parsed, by the fast check.  Returns whether it was clean."""
    line = FORMS[form](rec)
    slow, slow_counts, _ = _checked(line, False)
    fast, fast_counts, v = _checked(line, True)
    assert (fast, fast_counts) == (slow, slow_counts)
    if slow:  # a problem: the full checker found it, whatever path it tried first
        assert v.proved_from_bytes == 0 and v.checked_in_full == 1
        return False
    assert (v.proved_from_bytes, v.proved_parsed, v.checked_in_full) == (1, 0, 0), \
        "a clean record left the byte path"
    parsed = Validator()
    assert parsed.validate(json.loads(line)) == []
    assert (parsed.proved_parsed, parsed.checked_in_full) == (1, 0), \
        "a clean record left the parsed fast path"
    return True


def _records(variant: str) -> list[dict[str, Any]]:
    """Seeded games of ``variant`` as our writer writes them and as another producer
    does: one of two hands, and one played to its end (its final names a winner)."""
    ours = [random_game(variant, 3, max_hands=2), random_game(variant, 8)]
    return ours + [_another_producer(rec, i) for i, rec in enumerate(ours)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_optional_key_left_out_stays_on_the_fast_path(variant: str) -> None:
    turns_up = load_variant(variant).deal.upcard
    clean = 0
    for rec in _records(variant):
        assert _fast_exactly_when_clean(rec, "ours")
        for path in _optional_paths(rec):
            if path[-1] == "widow":
                continue  # without it, a widow taken is cards nobody knows: the full
                # checker's (the fast paths read hands whose every card is known)
            for form in FORMS:
                # where the variant turns a card up, leaving it out is an error that the
                # full checker reports: the fast path must not take that record
                required = path[-1] == "upcard" and turns_up
                assert _fast_exactly_when_clean(_without(rec, path), form) != required, path
                clean += not required
    assert clean > 100  # not vacuous


def test_every_optional_key_left_out_at_once() -> None:
    """A record that keeps only what ``ehh/1`` requires, the kitty and an ``x-`` key."""
    for variant in VARIANTS:
        for rec in _records(variant)[2:]:
            bare = {k: rec[k] for k in ("format", "variant", "seats", "x-openspiel")}
            bare["hands"] = [{k: h[k] for k in ("dealer", "deal", "actions")}
                             for h in rec["hands"]]
            for form in FORMS:
                assert _fast_exactly_when_clean(bare, form)


def _ordered(obj: dict[str, Any], order: tuple[int, ...]) -> dict[str, Any]:
    keys = list(obj)
    return {keys[i]: obj[keys[i]] for i in order}


def test_every_order_of_keys_stays_on_the_fast_path() -> None:
    """Every order of a hand's keys, its deal's and its result's, and of the record's
    keys a sample (8! orders) with the hands' orders drawn at random."""
    rng = random.Random(5)
    rec = _records("openspiel")[2]  # one hand, every optional key, a kitty, an x- key
    assert len(rec["hands"]) == 1
    hand = rec["hands"][0]
    cases: list[dict[str, Any]] = []
    for part in ("hand", "deal", "result"):
        obj = hand if part == "hand" else hand[part]
        for order in itertools.permutations(range(len(obj))):
            moved = copy.deepcopy(rec)
            h = moved["hands"][0]
            if part == "hand":
                moved["hands"][0] = _ordered(h, order)
            else:
                h[part] = _ordered(h[part], order)
            cases.append(moved)
    assert len(cases) == 24 + 6 + 120
    top = list(itertools.permutations(range(len(rec))))
    for order in rng.sample(top, 40) + [top[-1]]:  # and every key reversed
        moved = _ordered(rec, order)
        h = moved["hands"][0]
        moved["hands"] = [_ordered(h, tuple(rng.sample(range(len(h)), len(h))))]
        for key in ("deal", "result"):
            inner = moved["hands"][0][key]
            moved["hands"][0][key] = _ordered(inner, tuple(rng.sample(range(len(inner)),
                                                                      len(inner))))
        moved["final"] = _ordered(moved["final"], (1, 0))
        cases.append(moved)
    for i, case in enumerate(cases):
        assert _fast_exactly_when_clean(case, list(FORMS)[i % len(FORMS)])


def test_a_wrong_or_misplaced_kitty_is_the_full_checkers() -> None:
    """The kitty is read on the fast path, and checked there by the engine: a card dealt
    too, a card twice, more cards than were left, a card not known (clean) ..."""
    rec = _records("standard")[2]
    hand = rec["hands"][0]
    kitty = hand["deal"]["kitty"]
    dealt = next(iter(hand["deal"]["hands"].values()))[0]
    for bad in ([dealt], kitty[:1] * 2, kitty + [dealt], [*kitty, kitty[0]], ["XX"], [7]):
        broken = copy.deepcopy(rec)
        broken["hands"][0]["deal"]["kitty"] = bad
        assert not _fast_exactly_when_clean(broken, "ours"), bad
    for fine in (["??", *kitty[1:]], [], None, kitty[:1]):
        ok = copy.deepcopy(rec)
        ok["hands"][0]["deal"]["kitty"] = fine
        assert _fast_exactly_when_clean(ok, "ours"), fine


def test_escapes_and_numbers_that_are_not_read_stay_on_the_fast_path() -> None:
    """In names, meta and ``x-`` values any JSON string and number is stepped over; in
    what is read (a seat, a card, a count) an escape or a float is the parsed path's,
    and a lone half of a UTF-16 pair, which the reader reports, is never proved."""
    rec = _records("standard")[2]
    line = FORMS["ours"](rec)
    assert b'"x-openspiel":{' in line
    proved = [b'"x-a":"\\ud83c\\udca1 \\u00E9 \\/ \\b\\f\\n\\r\\t",', b'"x-a":-0.5e+10,',
              b'"x-a":[0,-0,1E3,12.25],', b'"x-\\u00e9":1,', b'"x-a":' + b"9" * 64 + b",",
              b'"x-a":{"a":{"b":"\\""}},']
    for insert in proved:
        case = line.replace(b'"x-openspiel":', insert + b'"x-openspiel":', 1)
        slow, _, _ = _checked(case, False)
        assert slow == [], insert
        fast, _, v = _checked(case, True)
        assert fast == [] and v.proved_from_bytes == 1, insert
    left = [b'"x-a":"\\ud83c",', b'"x-a":"\\udca1",', b'"x-a":"\\x",', b'"x-a":01,',
            b'"x-a":1.,', b'"x-a":.5,', b'"x-a":NaN,', b'"x-a":' + b"9" * 65 + b",",
            b'"x-a":"\\u12G4",', b'"x-a":-,', b'"x-a":1e,']
    for insert in left:
        case = line.replace(b'"x-openspiel":', insert + b'"x-openspiel":', 1)
        slow, counts, _ = _checked(case, False)
        fast, fast_counts, v = _checked(case, True)
        assert (fast, fast_counts) == (slow, counts) and v.proved_from_bytes == 0, insert
    # a float where a count is read, an escaped seat in a count: clean, but parsed
    for old, new in ((b'"tricks":{"N":', b'"tricks":{"\\u004e":'),):
        case = line.replace(old, new, 1)
        fast, _, v = _checked(case, True)
        assert fast == [] and v.proved_from_bytes == 0 and v.proved_parsed == 1


def _shown(rec: dict[str, Any]) -> set[str]:
    """What of a variant's own rules a record shows: a widow dealt, a card given to a
    lone player, a partner's card called."""
    found = {a[1] for h in rec["hands"] for a in h["actions"]} & {"give", "call_partner"}
    if any(h["deal"].get("widow") for h in rec["hands"]):
        found.add("widow")
    return found


def test_a_widow_a_given_card_and_a_called_partner_stay_on_the_fast_path() -> None:
    """The engine states these rules from the variant's rule set on both paths, so a
    clean record of a widow variant, of calling for best or of calling a partner's
    card is proved on the fast paths, in every form and with each optional key left
    out; the same games mutated get the full checker's answer (test_fast_bytes)."""
    shown: set[str] = set()
    for variant in VARIANTS:
        rules = load_variant(variant)
        for rec in simulate(rules, variant, 6, seed=5, bot="rule"):
            assert rec is not None
            features = _shown(rec)
            if not features:
                continue
            shown |= features
            for form in FORMS:
                assert _fast_exactly_when_clean(rec, form), (variant, form)
            for path in _optional_paths(rec):
                # without its widow a hand has cards nobody knows once the widow is
                # taken: the full checker's (the fast paths read hands of known cards);
                # without its start scores a game's running scores are wrong
                if path[-1] not in ("upcard", "widow", "start_scores"):
                    assert _fast_exactly_when_clean(_without(rec, path), "ours"), path
    assert shown == {"widow", "give", "call_partner"}  # not vacuous


def test_a_widow_that_is_wrong_is_the_full_checkers() -> None:
    """A widow is read on the fast path and checked there by the engine: a card dealt
    too, a card twice, too few or too many cards, a misspelt card, and a card not known
    (which the full checker notes) are the full checker's; ``null`` is no widow given."""
    rules = load_variant("columbus")
    rec = next(r for r in simulate(rules, "columbus", 6, seed=5, bot="rule")
               if r is not None and _shown(r))
    h = next(i for i, hand in enumerate(rec["hands"]) if hand["deal"].get("widow"))
    widow = rec["hands"][h]["deal"]["widow"]
    dealt = next(iter(rec["hands"][h]["deal"]["hands"].values()))[0]
    for bad in ([dealt, *widow[1:]], [widow[0], widow[0], *widow[2:]], widow[1:],
                [*widow, dealt], ["XX", *widow[1:]], ["??", *widow[1:]]):
        broken = copy.deepcopy(rec)
        broken["hands"][h]["deal"]["widow"] = bad
        assert not _fast_exactly_when_clean(broken, "ours"), bad
    ok = copy.deepcopy(rec)
    ok["hands"][h]["deal"]["widow"] = None
    line = FORMS["ours"](ok)
    assert _checked(line, True)[:2] == _checked(line, False)[:2]
    assert not _checked(line, False)[0]


def test_double_deck_takes_the_parsed_fast_path() -> None:
    """A double deck spells a card's second copy with three letters (``JS2``), which the
    byte path does not read: the parsed fast path proves its clean records."""
    rules = load_variant("double-deck-bid")
    for rec in simulate(rules, "double-deck-bid", 3, seed=5, bot="rule"):
        line = FORMS["ours"](rec)
        slow, slow_counts, _ = _checked(line, False)
        fast, fast_counts, v = _checked(line, True)
        assert (fast, fast_counts, slow) == (slow, slow_counts, [])
        assert (v.proved_from_bytes, v.proved_parsed, v.checked_in_full) == (0, 1, 0)
