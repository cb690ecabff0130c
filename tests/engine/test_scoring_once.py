"""The score of a hand is decided once, in ``engine/scoring.py``, and read from there.

Two guards: no module outside the engine and the rules layer reads a point
value of the scoring table (``make``, ``march``, ``euchred``, ...; not even to
describe it: the EGN ruleset and OpenSpiel's utility range ask
``contract_points`` and ``max_hand_points``), and the values the rule bot and
the bidding search give each number of tricks are the engine's own score of
that hand, for every shipped and sample variant.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import euchre_dsl
from euchre_dsl.engine.actions import PLAYING
from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.scoring import (
    cap_to_target, leading_rival, score_hand, side_values,
)
from euchre_dsl.engine.view import SeatView
from euchre_dsl.rules.registry import compile_file, load_variant, shipped_ids
from euchre_dsl.rules.ruleset import RuleSet, ScoringModel
from euchre_dsl.search.bidding_search import split_scores
from euchre_dsl.sim.bots.rule import RuleBot

PACKAGE = Path(euchre_dsl.__file__).resolve().parent
HOUSE = Path(__file__).resolve().parents[2] / "samples" / "house"

#: The scoring table's point values: only the engine and the rules layer read them.
POINT_VALUES = {
    "make", "march", "alone_make", "alone_march", "euchred", "euchred_march", "alone_euchred",
    "lone_defender_euchre", "lone_defender_march", "per_trick", "bucked", "maker_set",
    "renege_points", "renege_alone_points",
}


def point_reads(source: str) -> list[int]:
    """Lines where ``<something>.scoring.<point value>`` is read, directly or through a
    name bound to ``<something>.scoring``."""
    tree = ast.parse(source)
    bound = {t.id for node in ast.walk(tree) if isinstance(node, ast.Assign)
             and isinstance(node.value, ast.Attribute) and node.value.attr == "scoring"
             for t in node.targets if isinstance(t, ast.Name)}
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in POINT_VALUES:
            owner = node.value
            if (isinstance(owner, ast.Attribute) and owner.attr == "scoring") or \
                    (isinstance(owner, ast.Name) and owner.id in bound):
                lines.append(node.lineno)
    return lines


def outside_modules() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py")
                  if p.relative_to(PACKAGE).parts[0] not in ("engine", "rules"))


@pytest.mark.parametrize("path", outside_modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_outside_the_engine_reads_point_values(path: Path) -> None:
    lines = point_reads(path.read_text(encoding="utf-8"))
    assert not lines, (f"{path.relative_to(PACKAGE)} reads the scoring table's points at lines "
                       f"{lines}: ask engine/scoring.py (side_values, net_values, max_hand_points, "
                       "contract_points, scores_if_taken, set_cost)")


def test_the_guard_sees_a_point_read() -> None:
    assert point_reads("s = rules.scoring\nx = s.march\ny = r.scoring.euchred\n") == [2, 3]


def variants() -> list[tuple[str, RuleSet]]:
    out = [(v, load_variant(v)) for v in shipped_ids()]
    out += [(p.name, compile_file(p)) for p in sorted(HOUSE.glob("*.yaml"))]
    return out


def in_play(rules: RuleSet, seed: int) -> Machine | None:
    """A game of ``rules`` at its first trick with a maker, bid by random choices."""
    rng = random.Random(seed)
    game = Machine(rules)
    game.deal_random(rng)
    for _ in range(200):
        if game.phase == PLAYING:
            return game if game.maker is not None and not game.trick_winners else None
        legal = game.legal_actions()
        if not legal:
            return None
        game.apply(rng.choice(legal))
    return None


@pytest.mark.parametrize("name,rules", variants(), ids=[v for v, _ in variants()])
def test_every_estimate_values_tricks_as_the_engine_scores_them(name: str, rules: RuleSet) -> None:
    games = [g for g in (in_play(rules, seed) for seed in range(40)) if g is not None]
    assert games, f"{name}: no hand reached the play with a maker"
    for game in games[:4]:
        maker = game.maker
        assert maker is not None
        side = game.side_of[maker]
        mates = game.hand_mates(maker)  # the maker's side, and a called partner
        others = [s for s in range(game.n) if game.active[s] and not (mates >> s) & 1]
        size = rules.deal.hand_size
        bot = RuleBot(rules, random.Random(0))
        view = SeatView(game, maker)
        target = bot._target(view)
        for k in range(size + 1):
            # the documented split: k tricks to the maker, the rest round the others
            tricks = [0] * game.n
            tricks[maker] = k
            for i in range(size - k):
                tricks[others[i % len(others)] if others else maker] += 1
            engine = side_values(rules, score_hand(rules, game.side_of, len(game.sides),
                                                   game.hand_outcome(tricks)))
            assert split_scores(game, maker, k) == engine, (name, k)
            if game.lone_defender is not None or game.called >= 0:
                continue  # a bidder values its contract before any defender declares, and
                # before it knows a called partner
            one_hot = [0.0] * (size + 1)
            one_hot[k] = 1.0
            ev = bot._maker_ev(view, one_hot, target, game.alone)
            if rules.scoring.model == ScoringModel.COUNTDOWN:
                expected = float(min(engine[side], game.scores[side]))
            else:
                rivals = max((v for i, v in enumerate(engine) if i != side), default=0)
                scores = view.scores
                expected = float(cap_to_target(rules, scores, side, engine[side])
                                 - cap_to_target(rules, scores, leading_rival(scores, side),
                                                 rivals))
            assert ev == expected, (name, k)
