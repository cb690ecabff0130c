"""Helpers for the history tests: seeded games played by random legal actions.

Games are built only from the engine and the writer, so a record that comes
out of here is valid by construction; the tests break copies of it on purpose.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Callable

from hypothesis import strategies as st

from euchre_dsl.engine.machine import Machine
from euchre_dsl.records.writer import game_record, hand_record
from euchre_dsl.rules.registry import load_variant


def random_game(variant: str, seed: int, max_hands: int = 500) -> dict[str, Any]:
    """A whole game of a shipped variant, every decision a seeded random legal action."""
    return play_game(variant, seed, max_hands, "seeded random game")


def play_game(variant: str, seed: int, max_hands: int, event: str,
              move: Callable[[Machine, random.Random], bool] | None = None) -> dict[str, Any]:
    """A game of seeded random legal actions, as a record; ``move`` may make a decision
    of its own instead (it returns whether it did)."""
    rules = load_variant(variant)
    rng = random.Random(seed)
    game = Machine(rules, dealer=rng.randrange(rules.players.count))
    hands = []
    while not game.is_over and len(hands) < max_hands:
        dealer = game.dealer
        game.deal_random(rng)
        upcard = game.upcard
        widow = game.widow if rules.deal.widow else None
        while not game.hand_over:
            if move is None or not move(game, rng):
                game.apply(rng.choice(game.legal_actions()))
        hands.append(hand_record(game, dealer, game.dealt, upcard, widow))
    return game_record(game, variant, hands, meta={"event": event, "seed": seed})


# ------------------------------------------------------- scripted standard
# Dealer N; E passes, S orders up (assisting), N takes the 9C and discards 9D.
# Worked by hand (test_validate.py): N+S make 1.  Every case of the broken
# corpus (make_broken_corpus.py) is this game broken in one way.
DEAL1 = {"N": ["JC", "AC", "KS", "QH", "9D"], "E": ["JS", "KC", "AS", "KH", "TD"],
         "S": ["QC", "TC", "QS", "AH", "KD"], "W": ["9S", "TS", "JH", "9H", "AD"]}
ACT1 = [["E", "pass"], ["S", "order_up"], ["N", "discard", "9D"],
        ["E", "play", "AS"], ["S", "play", "QS"], ["W", "play", "9S"], ["N", "play", "KS"],
        ["E", "play", "JS"], ["S", "play", "TC"], ["W", "play", "9H"], ["N", "play", "JC"],
        ["N", "play", "AC"], ["E", "play", "KC"], ["S", "play", "QC"], ["W", "play", "AD"],
        ["N", "play", "9C"], ["E", "play", "TD"], ["S", "play", "KD"], ["W", "play", "JH"],
        ["N", "play", "QH"], ["E", "play", "KH"], ["S", "play", "AH"], ["W", "play", "TS"]]
# Dealer E; everyone passes both rounds: thrown in.
DEAL2 = {"N": ["9C", "TC", "9S", "TS", "9H"], "E": ["JC", "QC", "JS", "QS", "TH"],
         "S": ["KC", "AC", "KS", "AS", "JH"], "W": ["9D", "TD", "JD", "QD", "KD"]}
ACT2 = [["S", "pass"], ["W", "pass"], ["N", "pass"], ["E", "pass"]] * 2


#: A whole standard game in the text format, worked by hand (the text reader's and scanner's tests).
TEXT_GAME = """\
[Variant "standard"]
[Seats N E S W]

hand 1 dealer N
  N: JC AC KS QH 9D
  E: JS KC AS KH TD
  S: QC TC QS AH KD
  W: 9S TS JH 9H AD
  upcard 9C
  bidding E:pass S:order_up N:discard 9D
  trick 1 E:AS S:QS W:9S N:KS
  trick 2 E:JS S:TC W:9H N:JC
  trick 3 N:AC E:KC S:QC W:AD
  trick 4 N:9C E:TD S:KD W:JH
  trick 5 N:QH E:KH S:AH W:TS
  result trump C, maker S, tricks N 3 E 1 S 1 W 0, points N+S +1 E+W 0, scores N+S 1 E+W 0
final scores N+S 1 E+W 0, winner none
"""


#: Values a mutation may put anywhere in a record: near misses of what belongs there.
VALUES: list[Any] = [None, True, 0, 1, 1.0, 2, -1, 10 ** 30, "", "N", "E", "S", "W", "x",
                     "JH", "JD", "9C", "AS", "??", "pass", "play", "order_up", "call",
                     "discard", "alone", "defend_alone", "H", "NT", "N+S", "E+W", [], {},
                     ["N", "pass"], ["E", "play", "9C"], {"N+S": 0, "E+W": 0}]


def _draw_path(value: Any, data: st.DataObject) -> tuple[Any, ...]:
    """A path into a JSON value, drawn level by level (so that the few top-level keys
    are hit as often as the many actions)."""
    path: tuple[Any, ...] = ()
    while True:
        keys = list(value) if isinstance(value, dict) else \
            list(range(len(value))) if isinstance(value, list) else []
        if not keys or (path and data.draw(st.booleans(), label="stop here")):
            return path
        key = data.draw(st.sampled_from(keys), label="key")
        path += (key,)
        value = value[key]


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        value = value[k]
    return value


def mutate(rec: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    """A copy of ``rec`` with one part replaced, removed, doubled or moved."""
    out = copy.deepcopy(rec)
    path = _draw_path(out, data)
    parent, key = _at(out, path[:-1]), path[-1]
    how = data.draw(st.sampled_from(["replace", "delete", "double", "swap", "rename"]),
                    label="how")
    if how == "replace":
        parent[key] = copy.deepcopy(data.draw(st.sampled_from(VALUES), label="value"))
    elif how == "delete":
        del parent[key]
    elif how == "double" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif how == "swap" and isinstance(parent, list) and key + 1 < len(parent):
        parent[key], parent[key + 1] = parent[key + 1], parent[key]
    elif how == "rename" and isinstance(parent, dict):
        parent[data.draw(st.sampled_from(["x-note", "seat", "N", "result", "hands"]),
                         label="new key")] = parent.pop(key)
    else:
        parent[key] = copy.deepcopy(data.draw(st.sampled_from(VALUES), label="value"))
    return out
