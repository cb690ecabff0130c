"""The compiler: ``extends``, option checking with located problems, RuleSet identity."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from euchre_dsl.errors import EuchreError, Problem
from euchre_dsl.rules.registry import (
    compile_data, compile_file, load_variant, shipped_ids, variants_dir,
)
from euchre_dsl.rules.ruleset import RuleSet, option_table

STANDARD = load_variant("standard")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(path: Path) -> list[Problem]:
    with pytest.raises(EuchreError) as exc:
        compile_file(path)
    return exc.value.problems


def only_problem(path: Path) -> Problem:
    (problem,) = problems_of(path)
    return problem


# ------------------------------------------------------------------- extends
def test_a_house_variant_states_only_its_differences(tmp_path: Path) -> None:
    path = write(tmp_path, "house.yaml",
                 "id: house\nextends: standard\nscoring:\n  march: 3\ngame:\n  target: 7\n")
    house = compile_file(path)
    assert house.id == "house"
    assert house.scoring.march == 3
    assert house.game.target == 7
    assert house.scoring.make == STANDARD.scoring.make
    # every rule not stated is the parent's (identity is the house's own business)
    changed = dataclasses.replace(
        STANDARD, id="house", name=house.name, description=house.description,
        source=house.source, scoring=dataclasses.replace(STANDARD.scoring, march=3),
        game=dataclasses.replace(STANDARD.game, target=7))
    assert house == changed


def test_extends_chain_through_files_relative_to_the_child(tmp_path: Path) -> None:
    sub = tmp_path / "house"
    sub.mkdir()
    write(sub, "base.yaml", "id: base\nextends: standard\nscoring:\n  march: 3\n")
    path = write(sub, "top.yaml", "id: top\nextends: base.yaml\ngame:\n  target: 5\n")
    top = compile_file(path)
    assert (top.id, top.scoring.march, top.game.target) == ("top", 3, 5)
    assert top.alone == STANDARD.alone


def test_extends_a_shipped_house_variant() -> None:
    data = {"id": "x", "extends": "defenders-bonus", "game": {"target": 5}}
    r = compile_data(data)
    assert r.scoring.lone_defender_march == 5
    assert r.alone.defend_alone == "vs_lone_maker"
    assert r.game.target == 5


def test_the_child_wins_inside_a_section_and_keeps_the_rest(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "extends: standard\nalone:\n  allowed: no\n")
    r = compile_file(path)
    assert r.alone.allowed is False
    assert r.alone.dealer_exchanges_when_partner_alone is False
    assert r.alone.defend_alone == "off"


def test_unknown_parent_is_located_at_the_extends_value(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "id: h\nextends: standrd\n")
    problem = only_problem(path)
    assert problem.code == "unknown-variant"
    assert (problem.location.file, problem.location.line, problem.location.column) == \
        (str(path), 2, 10)
    assert "standrd" in problem.message
    assert problem.hint is not None and "standard" in problem.hint


def test_extends_in_a_circle(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "extends: b.yaml\n")
    write(tmp_path, "b.yaml", "extends: a.yaml\n")
    problem = only_problem(tmp_path / "a.yaml")
    assert problem.code == "invalid-variant"
    assert "circle" in problem.message


def test_extends_must_be_a_name(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, "h.yaml", "extends: [standard]\n"))
    assert problem.code == "invalid-variant"
    assert problem.location.line == 1 and problem.location.column == 10


def test_an_error_in_the_parent_points_at_the_parent(tmp_path: Path) -> None:
    parent = write(tmp_path, "parent.yaml", "extends: standard\ngame:\n  target: 0\n")
    child = write(tmp_path, "child.yaml", "extends: parent.yaml\nscoring:\n  march: 3\n")
    problem = only_problem(child)
    assert problem.location.file == str(parent)
    assert problem.location.line == 3


# ---------------------------------------------------------------- bad options
def test_unknown_option_is_located_with_did_you_mean(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "extends: standard\nscoring:\n  march: 3\n  eucherd: 4\n")
    problem = only_problem(path)
    assert problem.code == "invalid-variant"
    assert (problem.location.file, problem.location.line, problem.location.column) == \
        (str(path), 4, 3)
    assert "scoring.eucherd" in problem.message
    assert problem.hint == "did you mean 'euchred'?"
    assert problem.format().startswith(f"{path}:4:3: error[invalid-variant]: ")


def test_unknown_option_without_a_near_name_lists_the_options(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, "h.yaml", "alone:\n  zzz: 1\n"))
    assert problem.hint is not None
    assert "allowed" in problem.hint and "defend_alone" in problem.hint


def test_unknown_top_level_key(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, "h.yaml", "extend: standard\n"))
    assert (problem.location.line, problem.location.column) == (1, 1)
    assert "unknown key 'extend'" in problem.message
    assert problem.hint == "did you mean 'extends'?"


def test_unknown_section(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, "h.yaml", "id: h\nscorng:\n  march: 3\n"))
    assert (problem.location.line, problem.location.column) == (2, 1)
    assert problem.hint == "did you mean 'scoring'?"


def test_a_section_must_be_a_mapping(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, "h.yaml", "scoring: 3\n"))
    assert "'scoring' must be a mapping" in problem.message
    assert (problem.location.line, problem.location.column) == (1, 10)


@pytest.mark.parametrize("section,key,value,expect", [
    ("game", "target", "zero", "expected a whole number, got 'zero'"),
    ("game", "target", "0", "0 is too small (at least 1)"),
    ("game", "target", "-5", "-5 is too small (at least 1)"),
    ("game", "target", "yes", "expected a whole number"),
    ("game", "target", "7.5", "expected a whole number"),
    ("players", "count", "8", "8 is too large (at most 7)"),
    ("alone", "allowed", "maybe", "expected yes or no, got 'maybe'"),
    ("alone", "allowed", "2", "expected yes or no, got 2"),
    ("alone", "defend_alone", "vs_lone_makr",
     "'vs_lone_makr' is not one of off, vs_lone_maker, vs_any_maker; "
     "did you mean 'vs_lone_maker'?"),
    # issue 9, finding 5: the valid words, and values as the file writes them
    ("alone", "defend_alone", "true",
     "expected one of off, vs_lone_maker, vs_any_maker, got true"),
    ("deck", "lowest", "10", "10 is not one of 2, 3, 4, 5, 6, 7, 8, 9"),
    ("deck", "lowest", "'10'", "'10' is not one of 2, 3, 4, 5, 6, 7, 8, 9"),
    ("deal", "packets", "[3, two]", "expected a list of positive whole numbers"),
    ("deal", "packets", "[]", "expected a list of positive whole numbers"),
    ("deal", "packets", "[5, 0]", "expected a list of positive whole numbers"),
    ("scoring", "maker_target", "most", "expected a number or 'bid', got 'most'"),
    ("scoring", "renege", "awrd", "did you mean 'award'?"),
])
def test_bad_values_are_located_at_the_value(tmp_path: Path, section: str, key: str,
                                             value: str, expect: str) -> None:
    path = write(tmp_path, "h.yaml", f"id: h\nextends: standard\n{section}:\n  {key}: {value}\n")
    problem = only_problem(path)
    assert problem.code == "invalid-variant"
    column = len(f"  {key}: ") + 1
    assert (problem.location.file, problem.location.line, problem.location.column) == \
        (str(path), 4, column)
    assert f"'{section}.{key}'" in problem.message
    assert expect in problem.message
    # the hint says what the option accepts (issue 9, finding 5: not its description,
    # which reads like advice -- "players.count = 9", hint "Number of players ...")
    docs = {path_: meta for path_, _, meta, _ in option_table()}
    meta = docs[f"{section}.{key}"]
    assert problem.hint != meta["doc"]
    if meta.get("choices"):
        assert problem.hint == f"write one of: {', '.join(meta['choices'])}"
    elif "maximum" in meta:
        assert problem.hint == f"write a whole number from {meta['minimum']} to " \
            f"{meta['maximum']}"
    elif section == "alone":
        assert problem.hint == "write yes or no"


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "extends: standard\nscoring:\n  march: x\n  eucherd: 4\n"
                 "alone:\n  allowed: maybe\nfoo: 1\n")
    lines = sorted(p.location.line for p in problems_of(path))
    assert lines == [3, 4, 6, 7]


def test_identity_must_be_text(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, "h.yaml", "id: [a, b]\n"))
    assert "'id' must be text" in problem.message


def test_inline_object_problems_are_not_blamed_on_the_parent_file() -> None:
    # the bad value is the inline object's; the parent's line for that option
    # (standard.yaml 'target: 10') is not where the mistake is
    with pytest.raises(EuchreError) as exc:
        compile_data({"extends": "standard", "game": {"target": 0}}, file="record.json")
    (problem,) = exc.value.problems
    assert problem.location.file == "record.json"
    assert "'game.target'" in problem.message


def test_inline_unknown_option_has_did_you_mean() -> None:
    with pytest.raises(EuchreError) as exc:
        compile_data({"extends": "standard", "alone": {"alowed": False}})
    (problem,) = exc.value.problems
    assert problem.hint == "did you mean 'allowed'?"


# ------------------------------------------------------------- yes/no words
@pytest.mark.parametrize("word,value", [
    ("yes", True), ("no", False), ("on", True), ("off", False), ("true", True),
    ("false", False), ("Yes", True), ("OFF", False), ("'yes'", True), ('"no"', False),
])
def test_yes_no_on_off_for_yes_no_options(tmp_path: Path, word: str, value: bool) -> None:
    path = write(tmp_path, "h.yaml", f"extends: standard\nbidding:\n  stick_the_dealer: {word}\n")
    assert compile_file(path).bidding.stick_the_dealer is value


def test_off_is_a_word_for_word_options(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "extends: openspiel\nalone:\n  defend_alone: off\n")
    assert compile_file(path).alone.defend_alone == "off"


def test_choices_are_case_insensitive_and_numbers_read_as_words(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "extends: standard\nscoring:\n  renege: AWARD\n"
                 "deck:\n  lowest: 8\n")
    r = compile_file(path)
    assert r.scoring.renege == "award"
    assert r.deck.lowest == "8"


# ------------------------------------------------------- options together
@pytest.mark.parametrize("text,path_word", [
    ("deal:\n  hand_size: 6\n  packets: [3, 3]\n", "the deck has 24 cards but the deal needs 25"),
    ("deal:\n  packets: [3, 3]\n", "packets [3, 3] add up to 6"),
    ("players:\n  count: 3\n", "3 players cannot form 2 equal partnerships"),
    ("scoring:\n  model: countdown\n", "countdown scoring is for individual games"),
    ("bidding:\n  stick_the_dealer: yes\n  all_pass: no_trump\n",
     "(bidding.stick_the_dealer: yes, line 3; bidding.all_pass: no_trump, line 4)"),
    ("scoring:\n  maker_target: bid\n", "'bid' needs an auction"),
    ("scoring:\n  maker_target: 6\n", "the makers cannot need 6 of 5 tricks"),
    ("bidding:\n  order_up_round: no\n  naming_round: no\n", "no way to make trump"),
    ("players:\n  sides: individual\n", "going alone needs a partner"),
    ("game:\n  fixed_deals: yes\n", "every deal of the game is played, but the game has no "
     "number of deals"),
    ("event:\n  rounds: 4\n  players: [10]\n", "10 players do not fill whole tables of 4"),
    ("event:\n  rounds: 8\n  players: [8]\n", "8 players have only 7 different partners"),
    ("players:\n  count: 3\n  sides: individual\nalone:\n  allowed: no\nevent:\n"
     "  rounds: 2\n  players: [6]\n", "an event's schedule seats pairs of partners"),
])
def test_options_that_contradict_each_other(tmp_path: Path, text: str, path_word: str) -> None:
    problems = problems_of(write(tmp_path, "h.yaml", "extends: standard\n" + text))
    assert any(path_word in p.message for p in problems), [p.message for p in problems]
    assert all(p.code == "invalid-variant" for p in problems)


# ----------------------------------------------------------- shipped variants
@pytest.mark.parametrize("variant_id", shipped_ids())
def test_every_shipped_variant_compiles(variant_id: str) -> None:
    r = load_variant(variant_id)
    assert isinstance(r, RuleSet)
    assert r.id == variant_id  # the file name is the id records use
    assert r.name and r.description and r.source
    assert compile_file(variants_dir() / f"{variant_id}.yaml") == r


def test_the_shipped_standard_matches_the_owner_decisions() -> None:
    r = STANDARD
    assert (r.deck.lowest, r.deck.joker, r.players.count, r.players.sides) == \
        ("9", False, 4, "partners")
    assert r.deal.packets == (3, 2) and r.deal.upcard
    assert r.bidding.turned_down_suit == "barred"
    assert not r.bidding.stick_the_dealer and r.bidding.all_pass == "throw_in"
    assert not r.bidding.dealer_may_discard_upcard
    assert r.alone.allowed and not r.alone.dealer_exchanges_when_partner_alone
    assert r.alone.defend_alone == "off"
    assert r.play.loner_lead == "first_active_left_of_dealer"
    s = r.scoring
    assert (s.make, s.march, s.alone_make, s.alone_march, s.euchred, s.alone_euchred) == \
        (1, 2, 1, 4, 2, 2)
    assert r.game.target == 10


def test_unknown_variant() -> None:
    with pytest.raises(EuchreError) as exc:
        load_variant("no-such-variant")
    (problem,) = exc.value.problems
    assert problem.code == "unknown-variant"
    assert problem.hint is not None and "standard" in problem.hint


# -------------------------------------------------------------- RuleSet identity
def test_ruleset_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD.id = "x"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        STANDARD.scoring.march = 3  # type: ignore[misc]


def test_ruleset_is_hashable_and_equal_across_loads(tmp_path: Path) -> None:
    path = variants_dir() / "standard.yaml"
    a, b = compile_file(path), compile_file(path)
    assert a is not b
    assert a == b and hash(a) == hash(b)
    assert {a: 1}[b] == 1
    copy = write(tmp_path, "standard.yaml", path.read_text(encoding="utf-8"))
    assert compile_file(copy) == a


def test_ruleset_round_trips_through_plain_data() -> None:
    for variant_id in shipped_ids():
        r = load_variant(variant_id)
        assert compile_data(r.to_dict()) == r


def test_one_option_changed_is_a_different_ruleset() -> None:
    house = compile_data({"id": "standard", "extends": "standard", "game": {"target": 7}})
    assert house != STANDARD


# ------------------------------------------------ issue 9, findings 4-6: one pass
FIVE_DSL = """variant pub "Pub night" extends nosuch {
    game to 10
    a march scores two
    orderup round
    game to 11
    players.count = 9
    deck.lowest = 10
    stick the dealer
    bidding.all_pass = no_trump
}
"""
FIVE_YAML = """id: pub night
extends: nosuch
game:
  target: 10
  target: 11
  tarjet: 3
players:
  count: 9
alone:
  defend_alone: true
bidding:
  stick_the_dealer: true
  all_pass: no_trump
"""


def test_every_mistake_of_a_rules_file_in_one_pass_sorted_by_line(tmp_path: Path) -> None:
    """Finding 4: unknown phrases, set twice, unknown parent, bad values and the
    contradiction took five runs; now one, in line order."""
    found = problems_of(write(tmp_path, "pub.euchre", FIVE_DSL))
    assert [(p.location.line, p.code) for p in found] == [
        (1, "unknown-variant"), (3, "invalid-variant"), (4, "invalid-variant"),
        (5, "invalid-variant"), (6, "invalid-variant"), (7, "invalid-variant"),
        (9, "invalid-variant")]
    assert "unknown parent variant 'nosuch'" in found[0].message
    assert "is set twice" in found[3].message
    # both settings of the contradiction named where they are, in the file's words
    assert "(stick the dealer, line 8; bidding.all_pass = no_trump" not in found[6].message
    assert "stick the dealer, line 8" in found[6].message and "line 9" in found[6].message


def test_every_mistake_of_a_yaml_file_in_one_pass_sorted_by_line(tmp_path: Path) -> None:
    found = problems_of(write(tmp_path, "pub.yaml", FIVE_YAML))
    assert [p.location.line for p in found] == [1, 2, 5, 6, 8, 10, 13]
    assert "the id 'pub night' is not one word" in found[0].message  # finding 6
    assert found[0].hint is not None and "'pub-night'" in found[0].hint
    assert "'game.target' is given twice (first at line 4)" in found[2].message
    assert "expected one of off, vs_lone_maker, vs_any_maker, got true" in found[5].message
    assert "(bidding.stick_the_dealer: yes, line 12; bidding.all_pass: no_trump, line 13)" \
        in found[6].message


def test_no_contradiction_is_drawn_from_a_bad_value(tmp_path: Path) -> None:
    """A bad value is left at its default, but nothing is concluded from that default:
    'deal.upcard: maybe' with an order-up round is one problem, not two."""
    found = problems_of(write(tmp_path, "h.yaml", "extends: standard\ndeal:\n  upcard: maybe\n"
                              "  widow: yes\n"))
    assert [p.location.line for p in found] == [3]


def test_with_an_unknown_parent_only_contradictions_within_the_file_are_reported(
        tmp_path: Path) -> None:
    """The parent's values are unknown: a clash with a default is not claimed."""
    found = problems_of(write(tmp_path, "h.yaml", "extends: nosuch\ndeal:\n  widow: yes\n"))
    assert [p.code for p in found] == ["unknown-variant"]


def test_a_phrase_with_a_bad_value_hints_a_real_rule_not_a_placeholder(tmp_path: Path) -> None:
    """Finding 5: 'a march scores two' hinted 'write it as: a march scores 10'."""
    (p,) = problems_of(write(tmp_path, "m.euchre",
                             "variant m extends standard {\n a march scores two\n}\n"))
    assert p.hint == "write the number in digits, as in the default rule: a march scores 2"


def test_a_number_of_a_rank_is_written_and_read_as_a_number(tmp_path: Path) -> None:
    """Finding 5: '10' is not one of 2…9 was quoted while compile wrote '9'."""
    (p,) = problems_of(write(tmp_path, "d.yaml", "extends: standard\ndeck:\n  lowest: 10\n"))
    assert "'deck.lowest': 10 is not one of 2, 3, 4, 5, 6, 7, 8, 9" in p.message
    assert compile_file(write(tmp_path, "e.yaml", "extends: standard\ndeck:\n  lowest: 7\n")
                        ).deck.lowest == "7"


def test_an_id_is_one_word_in_both_forms(tmp_path: Path) -> None:
    (p,) = problems_of(write(tmp_path, "a.yaml", "id: pub night\nextends: standard\n"))
    assert "is not one word" in p.message
    assert compile_file(write(tmp_path, "b.yaml", "id: pub-night_2\nextends: standard\n")
                        ).id == "pub-night_2"


def test_an_identity_phrase_with_a_bad_value_hints_without_a_default(tmp_path: Path) -> None:
    """Found by the fuzz test: 'source' with no text in quotes crashed the hint."""
    (p,) = problems_of(write(tmp_path, "s.euchre",
                             "variant s extends standard {\n source pub\n}\n"))
    assert p.hint == "put the text in double quotes"


ZERO_POINTS = ("make: 0, march: 0, alone_make: 0, alone_march: 0, euchred: 0, "
               "euchred_march: 0, alone_euchred: 0, lone_defender_euchre: 0, "
               "lone_defender_march: 0")


def test_a_game_no_hand_can_end_is_an_error(tmp_path: Path) -> None:
    """Issue 27, finding 18: a variant whose hands score nothing checked 'ok' and then
    every game of it ran to the simulator's limit."""
    p = only_problem(write(tmp_path, "zero.yaml", "id: zero\nextends: standard\n"
                           f"scoring: {{{ZERO_POINTS}}}\n"))
    assert "no hand can score a point toward the target of 10" in p.message
    assert p.location.line == 3
    p = only_problem(write(tmp_path, "flat.yaml", "id: flat\nextends: buck\n"
                           "scoring: {per_trick: 0, instant_win: no}\n"))
    assert "no hand can bring a score down to 0" in p.message


def test_a_fixed_number_of_deals_ends_a_game_without_points(tmp_path: Path) -> None:
    rules = compile_file(write(tmp_path, "dealt.yaml", "id: dealt\nextends: standard\n"
                               f"scoring: {{{ZERO_POINTS}}}\ngame: {{deals: 4}}\n"))
    assert rules.game.deals == 4


# ------------------------------------------------------------ issue 36: bounds and tables
@pytest.mark.parametrize("base", ["call-ace", "five-hand-call-partner"])
def test_a_called_partner_needs_three_players(tmp_path: Path, base: str) -> None:
    """With two, the called card's holder is the maker's only opponent: nobody defends
    and both score a march.  Three (maker, partner, one defender) compile."""
    path = write(tmp_path, "two.yaml", f"id: two\nextends: {base}\nplayers:\n  count: 2\n")
    (p,) = problems_of(path)
    assert p.message.startswith("a called partner needs at least three players: with 2, the "
                                "partner is the maker's only opponent and nobody defends")
    assert p.location.line == 4 and p.hint is not None
    three = write(tmp_path, "three.yaml", f"id: three\nextends: {base}\nplayers:\n  count: 3\n")
    assert compile_file(three).players.count == 3


@pytest.mark.parametrize("rotation", ["any", "round_robin"])
def test_an_event_of_more_rounds_than_partners_is_refused_at_check(tmp_path: Path,
                                                                   rotation: str) -> None:
    """'rotation: any' with 20 rounds passed the check (its hint suggested it) and the
    schedule then refused it: the schedule gives a new partner each round either way."""
    path = write(tmp_path, "long.yaml", "id: long\nextends: progressive\nevent:\n"
                 f"  rotation: {rotation}\n  rounds: 20\n")
    found = problems_of(path)
    assert [p.message.split(" (")[0] for p in found] == [
        "8 players have only 7 different partners, too few for 20 rounds: the schedule gives "
        "everyone a new partner each round",
        "12 players have only 11 different partners, too few for 20 rounds: the schedule "
        "gives everyone a new partner each round"]
    assert [p.hint for p in found] == [
        "play at most 7 rounds, or list only larger events in event.players",
        "play at most 11 rounds, or list only larger events in event.players"]
    # the hint is true: what it says compiles, and the schedule takes it
    from euchre_dsl.event.schedule import schedule
    fixed = compile_file(write(tmp_path, "ok.yaml", "id: ok\nextends: progressive\nevent:\n"
                               f"  rotation: {rotation}\n  rounds: 7\n  players: [8]\n"))
    assert len(schedule(fixed, 8)) == 7 * 2


def test_an_event_has_at_most_a_thousand_players(tmp_path: Path) -> None:
    from euchre_dsl.event.schedule import ScheduleError, schedule
    (p,) = problems_of(write(tmp_path, "big.yaml", "id: big\nextends: progressive\nevent:\n"
                             "  players: [8, 100000000]\n"))
    assert p.message == "'event.players': 100000000 is too large (at most 1,000)"
    rules = compile_file(write(tmp_path, "open.yaml", "id: open\nextends: progressive\n"
                               "event:\n  players: [1000]\n  rounds: 2\n"))
    assert len(schedule(rules, 1000)) == 2 * 250
    with pytest.raises(ScheduleError, match="more than the 1,000 an event may have"):
        schedule(rules, 100_000_000)


@pytest.mark.parametrize("form", ["yaml", "euchre"])
def test_a_game_has_at_most_ten_thousand_deals(tmp_path: Path, form: str) -> None:
    """game.deals 10^12 compiled, and simulate then blamed game.target."""
    text = ("id: long\nextends: standard\ngame:\n  deals: 1000000000000\n" if form == "yaml"
            else "variant long extends standard {\n  game.deals = 1000000000000\n}\n")
    (p,) = problems_of(write(tmp_path, f"long.{form}", text))
    assert p.message == "'game.deals': 1000000000000 is too large (at most 10,000)"
    assert p.hint == "write a whole number from 1 to 10,000"
    ok = write(tmp_path, f"ok.{form}", text.replace("1000000000000", "10000"))
    assert compile_file(ok).game.deals == 10_000
