"""No tie is called a mistake (issue 37): an option is a mistake only when it is worse
than the best by more than the estimate's noise -- for exact values, strictly worse."""

from __future__ import annotations

import random

from euchre_dsl.analysis.hidden import HiddenHand
from euchre_dsl.analysis.report import Decision, OptionValue
from euchre_dsl.analysis.text import decision_line
from euchre_dsl.engine.actions import PLAYING, Action
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.search.solver import Solver


def _decision(gap: tuple[float, float], second: float) -> Decision:
    options = (OptionValue("discards 9♦", ("N", "discard", "9D"), -0.80, -1.2, -0.4),
               OptionValue("discards 9♠", ("N", "discard", "9S"), second, -1.2, -0.4))
    return Decision(3, "N", "discards 9♠", options, 20, gap)


def test_a_tie_between_two_options_is_an_equal_best() -> None:
    tie = _decision((0.0, 0.0), -0.80)  # the same value in every deal
    assert not tie.mistake and tie.loss == 0
    line = decision_line(tie)
    assert "equal best" in line and "best was" not in line
    noisy = _decision((-0.10, 0.30), -0.90)  # behind, but within the deals' noise
    assert not noisy.mistake and noisy.loss == 0 and "equal best" in decision_line(noisy)
    worse = _decision((0.05, 0.35), -1.00)  # behind beyond the noise
    assert worse.mistake and abs(worse.loss - 0.2) < 1e-9
    assert "best was discards 9♦ (-0.80)" in decision_line(worse)
    assert "best was discards 9D (-0.80)" in decision_line(worse, symbols=False)
    assert worse.to_json()["best"] == "discards 9D"  # JSON: letters


def _positions() -> list[Machine]:
    """Play positions of seeded deals (every card known), before each play."""
    rules = load_variant("standard")
    out = []
    for seed in range(40):
        game = Machine(rules, dealer=seed % 4)
        rng = random.Random(seed)
        game.deal_random(rng)
        while game.phase != PLAYING and not game.hand_over:
            game.apply(rng.choice(game.legal_actions()))
        while game.phase == PLAYING and not game.hand_over:
            out.append(game.clone())
            game.apply(rng.choice(game.legal_actions()))
    return out


def test_a_card_equal_to_the_best_is_no_mistake_and_a_worse_one_is() -> None:
    solver = Solver(load_variant("standard"))
    ties = worse = 0
    for game in _positions():
        values = solver.card_values(game)
        assert game.maker is not None
        makers = game.side_of[game.to_act] == game.side_of[game.maker]
        best = max(values.values()) if makers else min(values.values())
        equal = [c for c, v in values.items() if v == best]
        for card, value in values.items():
            est = HiddenHand(2, random.Random(0), None).play(
                game, Action(game.to_act, "play", card), solver.card_values)
            if value == best:
                assert est.better == () and est.cost == 0, (card, values)
                ties += len(equal) > 1
            else:
                # every card strictly better is named, the best ones first; the cost is
                # the gap to the best
                sign = 1 if makers else -1
                assert set(equal) <= set(est.better) and est.better[0] in equal
                assert all(sign * (values[c] - value) > 0 for c in est.better)
                assert est.cost == abs(best - value)
                worse += 1
    assert ties >= 10 and worse >= 10
