"""Finding and compiling variant files: both forms, shipped twins, house samples, extends."""

from __future__ import annotations

from pathlib import Path

import pytest

from euchre_dsl.errors import EuchreError, Location, Problem
from euchre_dsl.rules.registry import compile_data, compile_file, load_variant, shipped_ids, \
    variants_dir

ROOT = Path(__file__).parents[2]
HOUSE = ROOT / "samples" / "house"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def only_problem(path: Path) -> Problem:
    """The one problem compiling ``path`` reports."""
    with pytest.raises(EuchreError) as exc:
        compile_file(path)
    (problem,) = exc.value.problems
    return problem


@pytest.mark.parametrize("variant_id", shipped_ids())
def test_every_shipped_variant_compiles_identically_from_yaml_and_the_rules_language(
        variant_id: str) -> None:
    twin = variants_dir() / f"{variant_id}.euchre"
    assert twin.is_file(), f"variants/{variant_id}.yaml has no rules-language twin"
    from_yaml = compile_file(variants_dir() / f"{variant_id}.yaml")
    from_dsl = compile_file(twin)
    assert from_dsl == from_yaml
    assert from_dsl.id == variant_id


def test_shipped_ids_are_listed_once_each() -> None:
    ids = shipped_ids()
    assert len(ids) == len(set(ids))
    assert "standard" in ids and ids == sorted(ids)


HOUSE_FILES = sorted(HOUSE.glob("*.euchre")) + sorted(HOUSE.glob("*.yaml"))


def test_there_are_at_least_five_house_variants_in_both_forms() -> None:
    stems = {p.stem for p in HOUSE.glob("*.euchre")} & {p.stem for p in HOUSE.glob("*.yaml")}
    assert len(stems) >= 5
    assert {"kitchen-table", "tournament", "defend-alone"} <= stems


@pytest.mark.parametrize("path", HOUSE_FILES, ids=[p.name for p in HOUSE_FILES])
def test_house_variants_check_clean(path: Path) -> None:
    r = compile_file(path)
    assert r.id == path.stem and r.name and r.description


@pytest.mark.parametrize("stem", sorted({p.stem for p in HOUSE.glob("*.euchre")}))
def test_house_variants_say_the_same_in_both_forms(stem: str) -> None:
    assert compile_file(HOUSE / f"{stem}.euchre") == compile_file(HOUSE / f"{stem}.yaml")


def test_the_kitchen_table_sticks_the_dealer_and_plays_to_ten() -> None:
    r = compile_file(HOUSE / "kitchen-table.euchre")
    assert r.bidding.stick_the_dealer and r.game.target == 10
    assert r.alone == load_variant("standard").alone


# -------------------------------------------------------------- identity
def test_identity_is_not_inherited(tmp_path: Path) -> None:
    r = compile_file(write(tmp_path, "house.yaml", "extends: defenders-bonus\n"))
    assert (r.id, r.name, r.description, r.source) == ("house", "", "", "")
    assert r.scoring == load_variant("defenders-bonus").scoring


def test_a_rules_file_without_an_id_is_known_by_its_file_name(tmp_path: Path) -> None:
    r = compile_file(write(tmp_path, "kitchen.euchre",
                           'variant "Kitchen table" extends standard {\n stick the dealer\n}\n'))
    assert (r.id, r.name) == ("kitchen", "Kitchen table")


def test_inline_objects_without_an_id_stay_custom() -> None:
    assert compile_data({"extends": "standard"}).id == "custom"


# ---------------------------------------------------------------- extends
def test_yaml_and_rules_files_extend_each_other(tmp_path: Path) -> None:
    write(tmp_path, "base.euchre", "variant base extends standard {\n game to 7\n}\n")
    write(tmp_path, "mid.yaml", "id: mid\nextends: base.euchre\nbidding:\n"
                                "  stick_the_dealer: yes\n")
    top = compile_file(write(tmp_path, "top.euchre",
                             'variant top extends "mid.yaml" {\n a march scores 3\n}\n'))
    assert (top.game.target, top.bidding.stick_the_dealer, top.scoring.march) == (7, True, 3)


def test_a_syntax_error_in_a_yaml_parent_points_at_the_parent(tmp_path: Path) -> None:
    parent = write(tmp_path, "parent.yaml", "extends: standard\ngame:\n  target: 7\n"
                                            " scoring: 1\n")
    child = write(tmp_path, "child.euchre", 'variant c extends "parent.yaml" {\n}\n')
    problem = only_problem(child)
    assert (problem.location.file, problem.location.line) == (str(parent), 4)
    assert problem.message.startswith("YAML syntax")


def test_a_bad_value_in_a_rules_parent_points_at_the_parent(tmp_path: Path) -> None:
    parent = write(tmp_path, "parent.euchre", "variant p extends standard {\n"
                                              "    players.count = 12\n}\n")
    child = write(tmp_path, "child.yaml", "extends: parent.euchre\n")
    problem = only_problem(child)
    assert (problem.location.file, problem.location.line, problem.location.column) == \
        (str(parent), 2, 21)


def test_a_contradiction_made_by_the_child_points_at_the_child(tmp_path: Path) -> None:
    # the parent's all_pass is fine on its own; the child's stick the dealer clashes
    write(tmp_path, "parent.yaml", "extends: standard\nbidding:\n  all_pass: no_trump\n")
    child = write(tmp_path, "child.euchre",
                  'variant c extends "parent.yaml" {\n  game to 7\n  stick the dealer\n}\n')
    problem = only_problem(child)
    assert (problem.location.file, problem.location.line) == (str(child), 3)
    # both places, in the child's vocabulary (issue 9, finding 5)
    assert "(stick the dealer, line 3; if everyone passes, play at no-trump, parent.yaml " \
        "line 3)" in problem.message, problem.message


def test_a_deal_too_big_for_the_deck_points_at_what_the_child_changed(tmp_path: Path) -> None:
    child = write(tmp_path, "w.yaml", "extends: columbus\ndeal:\n  hand_size: 7\n"
                                      "  packets: [4, 3]\n")
    problem = only_problem(child)
    assert (problem.location.file, problem.location.line) == (str(child), 3)
    assert "the deck has 24 cards but the deal needs 28" in problem.message


@pytest.mark.parametrize("name, text, line, column", [
    ("latin1.yaml", b"extends: standard\nname: caf\xe9\n", 2, 10),
    ("latin1.euchre", b'variant cafe "Caf\xe9" extends standard {\n}\n', 1, 18),
])
def test_a_file_that_is_not_utf8_is_located_with_a_fix(tmp_path: Path, name: str, text: bytes,
                                                        line: int, column: int) -> None:
    path = tmp_path / name
    path.write_bytes(text)
    problem = only_problem(path)
    assert problem.location == Location(str(path), line, column)
    assert "not UTF-8 text (byte 0xe9)" in problem.message and problem.hint


def test_a_byte_order_mark_is_not_part_of_a_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "bom.euchre"
    path.write_bytes(b'\xef\xbb\xbfvariant bom "BOM" extends standard {\n    game to 7\n}\n')
    assert compile_file(path).game.target == 7
