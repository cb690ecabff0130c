"""The rules language front end: heading, rules, located data, syntax errors in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import UnexpectedInput

from euchre_dsl.errors import EuchreError, Location, Problem
from euchre_dsl.rules import dsl
from euchre_dsl.rules.compiler import compile_source
from euchre_dsl.rules.dsl import parse_dsl
from euchre_dsl.rules.registry import compile_file, load_variant
from euchre_dsl.rules.yaml_form import parse_yaml


def problem_of(text: str) -> Problem:
    with pytest.raises(EuchreError) as exc:
        parse_dsl(text, "t.euchre")
    (problem,) = exc.value.problems
    return problem


# ------------------------------------------------------------------- heading
@pytest.mark.parametrize("heading,data", [
    ("variant kitchen {", {"id": "kitchen"}),
    ('variant "Kitchen table" {', {"name": "Kitchen table"}),
    ("variant kitchen extends standard {", {"id": "kitchen", "extends": "standard"}),
    ('variant kitchen "Kitchen table" extends "../base.yaml" {',
     {"id": "kitchen", "name": "Kitchen table", "extends": "../base.yaml"}),
    ('variant "Kitchen" extends standard\n{', {"name": "Kitchen", "extends": "standard"}),
    ("variant extends standard {", {"extends": "standard"}),
])
def test_heading_forms(heading: str, data: dict[str, str]) -> None:
    assert parse_dsl(heading + "\n}\n").data == data


def test_the_heading_is_located() -> None:
    src = parse_dsl('# c\nvariant kitchen "Kitchen" extends standard {\n}\n', "k.euchre")
    assert src.key_locations[()] == Location("k.euchre", 2, 1)
    assert src.value_locations[("id",)] == Location("k.euchre", 2, 9)
    assert src.value_locations[("name",)] == Location("k.euchre", 2, 17)
    assert src.value_locations[("extends",)] == Location("k.euchre", 2, 35)


def test_quoted_text_keeps_escaped_quotes() -> None:
    src = parse_dsl('variant x "The \\"Rik\\" way" {\n source "a \\\\ b"\n}\n')
    assert src.data["name"] == 'The "Rik" way'
    assert src.data["source"] == "a \\ b"


# -------------------------------------------------------------------- rules
def test_the_three_ways_to_set_an_option_give_the_same_data() -> None:
    phrase = parse_dsl("variant x {\n stick the dealer\n}").data
    setting = parse_dsl("variant x {\n bidding.stick_the_dealer = yes\n}").data
    block = parse_dsl("variant x {\n bidding {\n  stick_the_dealer = yes\n }\n}").data
    assert phrase == {"id": "x", "bidding": {"stick_the_dealer": True}}
    assert setting == block == {"id": "x", "bidding": {"stick_the_dealer": "yes"}}
    assert compile_source(parse_dsl("variant x {\n stick the dealer\n}")) == \
        compile_source(parse_dsl("variant x {\n bidding.stick_the_dealer = yes\n}"))


def test_values_are_typed_as_yaml_types_them() -> None:
    src = parse_dsl('variant x {\n deal.packets = [3, 2]\n game.target = 7\n'
                    ' scoring.renege = none\n source = "s"\n deal.upcard = no\n}')
    assert src.data["deal"] == {"packets": [3, 2], "upcard": "no"}
    assert src.data["game"] == {"target": 7}
    assert src.data["scoring"] == {"renege": "none"}
    assert src.data["source"] == "s"


def test_rules_are_separated_by_lines_or_semicolons_and_comments_are_ignored() -> None:
    one_line = parse_dsl("variant x { stick the dealer; game to 7; deal 2-3 }").data
    lines = parse_dsl("# top\nvariant x {  # heading\n\n  stick the dealer # std\n"
                      "  # between\n  game to 7\n  deal 2-3\n}\n# end\n").data
    assert one_line == lines == {"id": "x", "bidding": {"stick_the_dealer": True},
                                 "game": {"target": 7}, "deal": {"packets": [2, 3]}}


def test_every_key_and_value_is_located() -> None:
    text = ("variant x {\n    stick the dealer\n    game to 7\n    deal.packets = [2, 3]\n"
            "    scoring {\n        march = 3\n    }\n}\n")
    src = parse_dsl(text, "k.euchre")

    def at(table: dict, path: tuple[str, ...]) -> tuple[int | None, int | None]:
        return table[path].line, table[path].column

    assert at(src.key_locations, ("bidding", "stick_the_dealer")) == (2, 5)
    assert at(src.value_locations, ("bidding", "stick_the_dealer")) == (2, 5)
    assert at(src.key_locations, ("game", "target")) == (3, 5)
    assert at(src.value_locations, ("game", "target")) == (3, 13)
    assert at(src.key_locations, ("deal", "packets")) == (4, 5)
    assert at(src.value_locations, ("deal", "packets")) == (4, 20)
    assert at(src.key_locations, ("scoring",)) == (5, 5)
    assert at(src.key_locations, ("scoring", "march")) == (6, 9)
    assert at(src.value_locations, ("scoring", "march")) == (6, 17)


def test_compiler_problems_point_into_the_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "k.euchre"
    path.write_text("variant k extends standard {\n    game to 7\n    players.count = 3\n}\n")
    with pytest.raises(EuchreError) as exc:
        compile_file(path)
    (problem,) = exc.value.problems
    assert problem.location == Location(str(path), 3, 21)
    assert "3 players cannot form 2 equal partnerships" in problem.message


def test_a_rules_file_and_its_yaml_give_the_same_data() -> None:
    text = ("variant x extends standard {\n stick the dealer\n game to 7\n"
            " alone.defend_alone = vs_lone_maker\n}\n")
    yaml_text = ("id: x\nextends: standard\nbidding:\n  stick_the_dealer: yes\n"
                 "game:\n  target: 7\nalone:\n  defend_alone: vs_lone_maker\n")
    resolve = (lambda name, _child: parse_yaml(
        (Path(__file__).parents[2] / "variants" / f"{name}.yaml").read_text(), name))
    assert compile_source(parse_dsl(text), resolve) == \
        compile_source(parse_yaml(yaml_text), resolve)


def test_setting_an_option_twice_in_any_two_ways_is_an_error() -> None:
    problem = problem_of("variant x {\n stick the dealer\n bidding {\n"
                         "  stick_the_dealer = no\n }\n}")
    assert problem.message == "'bidding.stick_the_dealer' is set twice (first at line 2)"
    assert (problem.location.line, problem.location.column) == (4, 3)


def test_all_rule_problems_are_reported_together() -> None:
    with pytest.raises(EuchreError) as exc:
        parse_dsl("variant x {\n stik the dealer\n game to ten\n a.b.c = 1\n}", "t.euchre")
    assert [p.location.line for p in exc.value.problems] == [2, 3, 4]


# ------------------------------------------------------------- syntax errors
@pytest.mark.parametrize("label", sorted(dsl._EXAMPLES))
def test_every_example_mistake_is_named_as_itself(label: str) -> None:
    for snippet in dsl._EXAMPLES[label]:
        with pytest.raises(UnexpectedInput) as exc:
            dsl.parser().parse(snippet)
        assert dsl._label(exc.value) == label, snippet


@pytest.mark.parametrize("text,line,column,message", [
    ("variant x {\n game to 10\n", 1, 11, "this '{' is never closed"),
    ("variant x {\n a: 1\n}", 2, 3, "':' is how YAML sets a value"),
    ('variant x "abc {\n}', 1, 11, "this text in quotes is not closed"),
    ("variant x {\n game ~ 10\n}", 2, 7, "'~' has no place in a rules file"),
    ("variant x {\n scoring { march = 3 }\n}\nvariant y {\n}", 4, 1,
     "there is more after the closing '}'"),
    ("variant x {\n scoring {\n  march = 3\n  make = 1\n}", 2, 10, "never closed"),
])
def test_syntax_errors_are_located_and_in_words(text: str, line: int, column: int,
                                                message: str) -> None:
    problem = problem_of(text)
    assert (problem.location.file, problem.location.line, problem.location.column) == \
        ("t.euchre", line, column)
    assert message in problem.message
    assert problem.hint
    assert "Token" not in problem.message and "$END" not in problem.message


def test_an_unforeseen_mistake_still_says_what_was_expected() -> None:
    problem = problem_of("variant x {\n scoring { march = 3 } extra\n}")
    assert "'extra'" in problem.message
    assert problem.hint and "expected" in problem.hint
    assert "_NL" not in problem.hint and "RBRACE" not in problem.hint


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet='variant xyz{}=;.,[]"#\n 0123456789-:@', max_size=60))
def test_no_text_makes_the_parser_raise_anything_but_located_problems(text: str) -> None:
    try:
        parse_dsl(text, "f.euchre")
    except EuchreError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert problem.location.file == "f.euchre"
            assert problem.location.line is not None


def test_the_grammar_ships_inside_the_package() -> None:
    from importlib import resources

    assert resources.files("euchre_dsl.rules").joinpath("euchre.lark").is_file()
    assert dsl.parser() is dsl.parser()


def test_shipped_rules_files_parse_with_their_ids() -> None:
    assert load_variant("standard").id == "standard"
    here = Path(__file__).parents[2] / "variants" / "defenders-bonus.euchre"
    assert compile_file(here).name == "Defenders' bonus"


# ------------------------------------------------------ issue 27, finding 1
@pytest.mark.parametrize("rule", [",", ", ,", ",,,"])
def test_a_rule_of_commas_alone_is_a_located_problem(rule: str) -> None:
    """`variant x extends standard { , }` raised IndexError in phrases.match."""
    problem = problem_of(f"variant x extends standard {{\n    {rule}\n}}\n")
    assert problem.code == "invalid-variant"
    assert problem.message == "a rule of commas alone says nothing"
    assert (problem.location.line, problem.location.column) == (2, 5)


def test_commas_among_other_rules_leave_the_rules_read() -> None:
    with pytest.raises(EuchreError) as exc:
        parse_dsl("variant x extends standard {\n    ,\n    game to 11\n    bogus rule\n}\n",
                  "t.euchre")
    messages = [p.message for p in exc.value.problems]
    assert messages[0] == "a rule of commas alone says nothing"
    assert any("unknown rule 'bogus rule'" in m for m in messages)
