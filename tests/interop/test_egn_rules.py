"""EGN rulesets as variants and back (euchre_dsl/interop/egn_rules.py)."""

from __future__ import annotations

from typing import Any

import pytest

from euchre_dsl.interop.egn_rules import RulesetError, ruleset_of_variant, variant_for_ruleset
from euchre_dsl.rules.registry import compile_data, load_variant


def compiled(ruleset: Any) -> Any:
    v = variant_for_ruleset(ruleset)
    return load_variant(v) if isinstance(v, str) else compile_data(v)


def test_egn_defaults_are_standard_with_stick_the_dealer_and_any_discard() -> None:
    v = variant_for_ruleset(None)
    assert isinstance(v, dict) and v["extends"] == "standard"
    assert v["bidding"] == {"stick_the_dealer": True, "dealer_may_discard_upcard": True}
    assert set(v) == {"extends", "id", "name", "bidding"}
    assert variant_for_ruleset({}) == v == variant_for_ruleset({"std": True, "canadian": False,
                                                                "loner_lead": "LEFT_OF_DEALER"})


@pytest.mark.parametrize("toggle,path,value", [
    ({"std": False}, ("bidding", "stick_the_dealer"), False),
    ({"canadian": True}, ("alone", "canadian_loner"), True),
    ({"loner_lead": "LEFT_OF_LONER"}, ("play", "loner_lead"), "left_of_loner"),
    ({"loner_march_score": 5}, ("scoring", "alone_march"), 5),
    ({"loner_euchred_score": 4}, ("scoring", "alone_euchred"), 4),
    ({"defend_alone": True}, ("alone", "defend_alone"), "vs_lone_maker"),
    ({"min_rank": 7}, ("deck", "lowest"), "7"),
    ({"allow_no_trump": True}, ("bidding", "no_trump"), True),
    ({"winning_score": 11}, ("game", "target"), 11),
    ({"num_deals": 8}, ("game", "deals"), 8),
])
def test_each_toggle_sets_its_option(toggle: dict[str, Any], path: tuple[str, str],
                                     value: Any) -> None:
    rules = compiled(toggle)
    assert getattr(getattr(rules, path[0]), path[1]) == value
    # and back: the toggle is written again
    back = ruleset_of_variant(rules)
    assert compiled(back).to_dict() == rules.to_dict()


@pytest.mark.parametrize("field", ["farmers", "go_under", "partners_best", "fast_break",
                                   "four_trick_tokens", "joker"])
def test_toggles_we_cannot_check_are_refused_by_name(field: str) -> None:
    with pytest.raises(RulesetError) as err:
        variant_for_ruleset({field: True})
    assert err.value.field == field and field in err.value.message
    assert variant_for_ruleset({field: False}) == variant_for_ruleset({})


@pytest.mark.parametrize("ruleset,field", [
    ({"num_players": 6}, "num_players"),
    ({"std": "yes"}, "std"),
    ({"min_rank": "7"}, "min_rank"),
    ({"loner_lead": "DEALER"}, "loner_lead"),
    ({"sticky": True}, "sticky"),
    ({"winning_score": 0}, "winning_score"),
    ({"winning_score": 10, "num_deals": 4}, "num_deals"),
])
def test_bad_rulesets_name_the_field(ruleset: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesetError) as err:
        variant_for_ruleset(ruleset)
    assert err.value.field == field


def test_a_ruleset_that_is_not_an_object() -> None:
    with pytest.raises(RulesetError) as err:
        variant_for_ruleset(["std"])
    assert err.value.field is None


def test_variants_egn_cannot_describe_are_refused_naming_the_option() -> None:
    with pytest.raises(RulesetError, match=r"players\.sides \('individual'\)"):
        ruleset_of_variant(load_variant("buck"))
    with pytest.raises(RulesetError, match=r"deck\.joker"):
        ruleset_of_variant(load_variant("railroad"))
    any_maker = compile_data({"extends": "standard", "id": "x", "name": "x",
                              "alone": {"defend_alone": "vs_any_maker"}})
    with pytest.raises(RulesetError, match="defends alone only against a lone maker"):
        ruleset_of_variant(any_maker)
