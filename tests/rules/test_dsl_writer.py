"""Writing the rules language: what is written reads back to the same rules."""

from __future__ import annotations

import pytest

from euchre_dsl.rules.compiler import compile_source
from euchre_dsl.rules.dsl import parse_dsl
from euchre_dsl.rules.dsl_writer import to_dsl
from euchre_dsl.rules.registry import compile_data, load_variant, shipped_ids, variants_dir
from euchre_dsl.rules.yaml_form import parse_yaml


@pytest.mark.parametrize("variant_id", shipped_ids())
def test_a_whole_rule_set_round_trips(variant_id: str) -> None:
    r = load_variant(variant_id)
    text = to_dsl(r.to_dict())
    assert compile_source(parse_dsl(text, "w.euchre")) == r


@pytest.mark.parametrize("variant_id", shipped_ids())
def test_a_yaml_file_s_own_keys_round_trip(variant_id: str) -> None:
    data = parse_yaml((variants_dir() / f"{variant_id}.yaml").read_text()).data
    again = parse_dsl(to_dsl(data)).data
    assert set(again) == set(data)
    assert again.get("extends") == data.get("extends")
    assert compile_data(again) == compile_data(data)


def test_phrases_where_there_are_some_and_names_elsewhere() -> None:
    text = to_dsl({"id": "x", "extends": "standard",
                   "bidding": {"stick_the_dealer": "yes", "joker_upcard": None},
                   "game": {"target": 7}})
    assert text == ("variant x extends standard {\n\n    # bidding\n    stick the dealer\n"
                    "    bidding.joker_upcard = none\n\n    # game\n    game to 7\n}\n")


@pytest.mark.parametrize("data,heading", [
    # odd names and texts are quoted
    ({"id": "500 rules", "name": 'The "Rik" way', "extends": "../base.yaml", "source": "a\\b"},
     'variant "The \\"Rik\\" way" extends "../base.yaml" {\n'),
    # line breaks and tabs in texts are escaped
    ({"id": "x", "name": "Two\nlines", "extends": "standard",
      "description": "a\ttab, a \\ and a \"quote\"\non two lines"},
     'variant x "Two\\nlines" extends standard {\n'),
], ids=["quoted", "escaped"])
def test_odd_texts_are_quoted_escaped_and_read_back(data: dict[str, str], heading: str) -> None:
    text = to_dsl(data)
    assert text.startswith(heading)
    assert parse_dsl(text).data == data
