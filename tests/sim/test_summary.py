"""The simulator's statistics read how trump was made from the engine's record of the hand."""

from __future__ import annotations

import pytest
from engine.variant_tools import deal, finish, run

from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import compile_data
from euchre_dsl.sim.summary import bidding_round

#: N, E, S, W; W deals and holds hearts and diamonds.
HANDS = dict(zip("NESW", ("JH JD AH 9C 9S", "AC KC QC JC TC", "AS KS QS JS TS",
                          "KH QH TH AD KD")))


def rules(first_round: bool):  # type: ignore[no-untyped-def]
    """Standard euchre sticking the dealer, with or without the upcard's first round."""
    options = {"bidding": {"stick_the_dealer": True}}
    if not first_round:
        options = {"deal": {"upcard": False},
                   "bidding": {"stick_the_dealer": True, "order_up_round": False}}
    return compile_data({"id": "house", "extends": "standard", **options})


@pytest.mark.parametrize("first_round", [True, False])
def test_a_stuck_dealer_is_told_apart_from_a_second_round_call(first_round: bool) -> None:
    passes = "N pass; E pass; S pass; W pass; " if first_round else ""
    for script, said in ((passes + "N pass; E pass; S pass; W call D",
                          "second round, stuck dealer"),
                         (passes + "N call D", "second round")):
        g = Machine(rules(first_round), dealer=3)
        deal(g, HANDS, upcard="9H" if first_round else None)
        run(g, script)
        finish(g)
        assert g.last_result is not None
        assert bidding_round(g, g.last_result) == said, script
