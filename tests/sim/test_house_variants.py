"""Any house variant the compiler accepts plays, and its games validate.

The shipped variants are tested one by one; a club's house rules are any mix of
options over any of them.  Here hypothesis draws such mixes -- a shipped variant
and a handful of options set to any value they allow -- and every one the
compiler accepts is simulated (random and rule bots), written as
``euchre simulate -o`` writes it, validated and analysed: no exception on the
way, and not one error in what was written or in its analysis; and a hand with
``pimc`` (a small search) is played beside the rule bot.  (Mixes that once
failed so: a double deck down to the twos, whose 104 cards overflowed the
compiled writer's machine integer; a small widow, or a call for best, beside an
auction upcard the winner may decline, whose records could not be read back;
laps that reach the target; a call for best asking more cards than a hand
holds; a farmer's swap, pimc's own or one a seat after it might make, whose kitty
pimc's worlds left unknown; a call-ace maker with
nothing to call.  Each is now played right or refused with a located error.)
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_dsl.analysis.analyze import Analyzer
from euchre_dsl.errors import EuchreError
from euchre_dsl.rules.registry import compile_data, shipped_ids
from euchre_dsl.rules.ruleset import option_table
from euchre_dsl.sim.deals import Constraints
from euchre_dsl.sim.runner import RunSpec, UnfinishedGame, run
from euchre_dsl.validate.validator import validate_record

OPTIONS = [(path, default, meta) for path, default, meta, _cls in option_table()]


@st.composite
def house_rules(draw: st.DrawFn) -> dict[str, Any]:
    """A shipped variant with one to five of its options set to any allowed value."""
    data: dict[str, Any] = {"id": "house", "extends": draw(st.sampled_from(shipped_ids()))}
    for path, default, meta in draw(st.lists(st.sampled_from(OPTIONS), min_size=1,
                                             max_size=5, unique_by=lambda o: o[0])):
        if "choices" in meta:
            value: Any = draw(st.sampled_from(list(meta["choices"])))
        elif isinstance(default, bool):
            value = draw(st.booleans())
        elif isinstance(default, int):
            low = meta.get("minimum", 0)
            value = draw(st.integers(low, min(meta.get("maximum", low + 40), low + 40)))
        else:
            continue  # a card, a list: the shipped files' own values are tested elsewhere
        section, name = path.split(".")
        data.setdefault(section, {})[name] = value
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(house_rules(), st.sampled_from(["random", "rule"]), st.integers(0, 2**16))
def test_a_house_variant_the_compiler_accepts_writes_games_that_validate(
        data: dict[str, Any], bot: str, seed: int) -> None:
    try:
        rules = compile_data(data)
    except EuchreError:
        return  # refused with located problems: the broken-variant corpus tests those
    bots = (bot,) * rules.players.count
    try:
        written = b"".join(batch.data for batch in run(RunSpec(rules, data, seed, bots), 2))
    except UnfinishedGame:
        # rules under which these bots drift away from the target (set makers losing
        # more than makes win): euchre simulate says so in one line, and writes nothing
        return
    lines = written.splitlines()
    assert len(lines) == 2
    # the play's values; the bidding's are not asked (slow, and tested on the shipped variants)
    analyzer = Analyzer()
    for i, line in enumerate(lines):
        record = json.loads(line)
        problems = [p for p in validate_record(record, index=i) if p.severity == "error"]
        assert not problems, (data, [p.message for p in problems])
        for hand in analyzer.analyze_record(record, i, "house.jsonl"):
            assert not hand.errors, (data, hand.hand, hand.errors)


#: A small search: the test is of what pimc meets in a house variant, not how well it plays.
PIMC = "pimc:worlds=2,bid_worlds=2,budget=3000"
#: A condition every deal meets: each game is then one hand (a whole game of some
#: variants' searches would take the test minutes), from any deal.
ANY_DEAL = Constraints(where="aces(dealer) >= 0")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(house_rules(), st.integers(0, 2**16))
def test_pimc_plays_any_house_variant_the_compiler_accepts(data: dict[str, Any],
                                                           seed: int) -> None:
    try:
        rules = compile_data(data)
    except EuchreError:
        return
    bots = tuple(PIMC if s % 2 == 0 else "rule" for s in range(rules.players.count))
    spec = RunSpec(rules, data, seed, bots, constraints=ANY_DEAL)
    written = b"".join(batch.data for batch in run(spec, 3))
    for i, line in enumerate(written.splitlines()):
        problems = [p for p in validate_record(json.loads(line), index=i)
                    if p.severity == "error"]
        assert not problems, (data, [p.message for p in problems])
