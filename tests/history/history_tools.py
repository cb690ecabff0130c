"""Helpers for the history tests: seeded games played by random legal actions.

Games are built only from the engine and the writer, so a record that comes
out of here is valid by construction; the tests break copies of it on purpose.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, Callable

from euchre_dsl.engine.game import Game
from euchre_dsl.history.writer import game_record, hand_record
from euchre_dsl.rules.registry import load_variant


def random_game(variant: str, seed: int, max_hands: int = 500) -> dict[str, Any]:
    """A whole game of a shipped variant, every decision a seeded random legal action."""
    return play_game(variant, seed, max_hands, "seeded random game")


def play_game(variant: str, seed: int, max_hands: int, event: str,
              move: Callable[[Game, random.Random], bool] | None = None) -> dict[str, Any]:
    """A game of seeded random legal actions, as a record; ``move`` may make a decision
    of its own instead (it returns whether it did)."""
    rules = load_variant(variant)
    rng = random.Random(seed)
    game = Game(rules, dealer=rng.randrange(rules.players.count))
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


def pretty(record: dict[str, Any]) -> str:
    """A record as readable multi-line JSON: one action per line, short arrays and
    objects of plain values kept on one line."""
    text = json.dumps(record, indent=2, ensure_ascii=False)

    def flat(m: re.Match[str]) -> str:
        inner = re.sub(r"\s*\n\s*", " ", m.group(1)).strip()
        return m.group(0)[0] + inner + m.group(0)[-1]

    text = re.sub(r"\[([^\[\]{}]*)\]", flat, text)
    text = re.sub(r"\{([^\[\]{}]*)\}", flat, text)
    return text + "\n"


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
