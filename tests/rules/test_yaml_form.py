"""The YAML front end: located source data, word-valued yes/no/on/off, syntax errors."""

from __future__ import annotations

import pytest

from euchre_dsl.errors import EuchreError, Location, Problem
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.rules.yaml_form import dump_yaml, parse_yaml

TEXT = """\
# a house variant
id: house
extends: standard
scoring:
  march: 3
  renege: "none"
alone:
    defend_alone: off
    allowed: On
deal:
  packets: [2, 3]
"""


def only_problem(text: str, file: str | None = None) -> Problem:
    """The one problem parsing ``text`` reports."""
    with pytest.raises(EuchreError) as exc:
        parse_yaml(text, file)
    (problem,) = exc.value.problems
    return problem


def test_data_is_plain_nested_values() -> None:
    src = parse_yaml(TEXT, "house.yaml")
    assert src.data == {
        "id": "house",
        "extends": "standard",
        "scoring": {"march": 3, "renege": "none"},
        "alone": {"defend_alone": "off", "allowed": "On"},
        "deal": {"packets": [2, 3]},
    }
    assert src.file == "house.yaml"


def test_key_and_value_positions_are_one_based() -> None:
    src = parse_yaml(TEXT, "house.yaml")
    assert src.key_at(("id",)) == Location("house.yaml", 2, 1)
    assert src.value_at(("id",)) == Location("house.yaml", 2, 5)
    assert src.key_at(("scoring", "march")) == Location("house.yaml", 5, 3)
    assert src.value_at(("scoring", "march")) == Location("house.yaml", 5, 10)
    assert src.key_at(("alone", "defend_alone")) == Location("house.yaml", 8, 5)
    assert src.value_at(("alone", "defend_alone")) == Location("house.yaml", 8, 19)
    assert src.value_at(("deal", "packets")) == Location("house.yaml", 11, 12)


def test_unknown_paths_fall_back_to_the_nearest_ancestor() -> None:
    src = parse_yaml(TEXT, "house.yaml")
    assert src.key_at(("scoring", "nothing")) == Location("house.yaml", 4, 1)
    assert src.key_at(("nothing",)) == Location("house.yaml", 1, 1)


@pytest.mark.parametrize("word", ["yes", "no", "on", "off", "Yes", "NO", "On", "OFF", "y", "n"])
def test_yes_no_on_off_stay_words(word: str) -> None:
    # 'defend_alone: off' must mean the word "off"; the compiler turns words
    # into booleans only where an option is a yes/no option.
    assert parse_yaml(f"a: {word}\n").data == {"a": word}


@pytest.mark.parametrize("text,value", [
    ("true", True), ("false", False), ("True", True), ("FALSE", False),
    ("7", 7), ("-3", -3), ("'7'", "7"), ('"yes"', "yes"), ("~", None), ("", None),
    ("[3, 2]", [3, 2]), ("2.5", 2.5), ("hello", "hello"),
])
def test_scalars_keep_yaml_typing(text: str, value: object) -> None:
    assert parse_yaml(f"a: {text}\n").data == {"a": value}


def test_empty_text_is_an_empty_variant() -> None:
    assert parse_yaml("").data == {}
    assert parse_yaml("# nothing but a comment\n").data == {}


def test_syntax_error_is_located() -> None:
    problem = only_problem("id: x\nscoring:\n  march: [3\n", "bad.yaml")
    assert problem.code == "invalid-variant"
    assert problem.location.file == "bad.yaml"
    assert problem.location.line is not None and problem.location.line >= 3
    assert problem.location.column is not None
    assert "YAML syntax" in problem.message
    assert problem.hint


def test_missing_space_after_colon_is_a_syntax_error() -> None:
    with pytest.raises(EuchreError) as exc:
        parse_yaml("scoring:\n  march:3\n  make: 1\n", "bad.yaml")
    assert exc.value.problems[0].location.line == 3


def test_a_variant_must_be_a_mapping() -> None:
    problem = only_problem("- standard\n- buck\n", "list.yaml")
    assert problem.code == "invalid-variant"
    assert problem.location == Location("list.yaml", 1, 1)
    assert "mapping" in problem.message


def test_a_key_given_twice_is_reported_at_the_second() -> None:
    problem = only_problem("scoring:\n  march: 2\n  march: 3\n", "twice.yaml")
    assert problem.location == Location("twice.yaml", 3, 3)
    assert "'scoring.march' is given twice" in problem.message


def test_no_yaml_tag_can_build_objects() -> None:
    # composed, never constructed: the tag is ignored and only plain data comes back
    src = parse_yaml("a: !!python/object/apply:os.system ['echo hacked']\n")
    assert src.data == {"a": ["echo hacked"]}


def test_dump_round_trips_through_parse() -> None:
    """Everything comes back, a rank as the number it is (issue 9, finding 5: compile
    wrote lowest: '9' while a person writes, and the compiler reads, lowest: 9)."""
    data = load_variant("standard").to_dict()
    back = parse_yaml(dump_yaml(data)).data
    assert back["deck"]["lowest"] == 9
    back["deck"]["lowest"] = "9"
    assert back == data
    assert "lowest: 9," in dump_yaml(data)


def test_dump_quotes_word_values_that_look_like_booleans() -> None:
    text = dump_yaml({"alone": {"defend_alone": "off"}})
    assert parse_yaml(text).data == {"alone": {"defend_alone": "off"}}


def test_a_character_yaml_forbids_is_located() -> None:
    problem = only_problem("extends: standard\nname: a\x00b\n", "nul.yaml")
    assert problem.location == Location("nul.yaml", 2, 8)
    assert "U+0000 is not allowed" in problem.message


def test_an_alias_cannot_multiply_a_few_lines_into_millions_of_values() -> None:
    lines = ['a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    lines += [f"{c}: &{c} [{', '.join([f'*{p}'] * 9)}]" for p, c in zip("abcdefgh", "bcdefghi")]
    with pytest.raises(EuchreError) as exc:
        parse_yaml("\n".join(lines) + "\n", "laughs.yaml")
    assert exc.value.problems[0].location == Location("laughs.yaml", 2, 8)


def test_an_alias_never_defined_is_still_read_as_a_mistaken_star() -> None:
    with pytest.raises(EuchreError) as exc:
        parse_yaml("name: *star\n")
    assert "'*' starts a YAML alias" in exc.value.problems[0].message


@pytest.mark.parametrize("text,where", [
    ('"\\ud800x": 1\n', (1, 1)), ('id: "k\\udcff"\n', (1, 5)), ('name: "K\\ude00"\n', (1, 7)),
    ("game:\n  - \"\\ud800\"\n", (2, 5)),
])
def test_a_lone_surrogate_escape_is_a_located_problem(text: str,
                                                      where: tuple[int, int]) -> None:
    """Issue 27, finding 4: a name holding one crashed `variant check` and `simulate`
    when they printed it."""
    with pytest.raises(EuchreError) as exc:
        parse_yaml(text, "v.yaml")
    (problem,) = exc.value.problems
    assert problem.message.endswith("is half a character (a lone UTF-16 surrogate), which "
                                    "UTF-8 text cannot hold")
    assert (problem.location.line, problem.location.column) == where
