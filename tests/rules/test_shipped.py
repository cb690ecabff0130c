"""The shipped variants compiled ahead: the snapshot is up to date with the YAML files, a
variant named by id comes from it with the very rules the YAML gives, and a shipped file
edited on disk is read afresh, never answered from the stale copy."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from euchre_dsl.rules import registry, shipped
from euchre_dsl.rules.registry import compile_file, load_variant, shipped_ids, variants_dir


def test_the_snapshot_is_up_to_date_with_the_shipped_files() -> None:
    built = shipped.build_snapshot(variants_dir())
    kept = json.loads(shipped.SNAPSHOT.read_text(encoding="utf-8"))
    assert kept == json.loads(json.dumps(built)), (
        "euchre_dsl/rules/shipped_rules.json is out of date with variants/: run "
        "python -m euchre_dsl.rules.shipped")
    assert sorted(kept["variants"]) == shipped_ids()


@pytest.mark.parametrize("variant", shipped_ids())
def test_a_shipped_variant_from_the_snapshot_is_the_one_its_yaml_gives(variant: str) -> None:
    path = variants_dir() / f"{variant}.yaml"
    ahead = shipped.snapshot_rules(path)
    assert ahead is not None
    assert ahead == compile_file(path)


def test_naming_a_shipped_variant_reads_no_yaml(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a shipped variant was parsed from its YAML")

    monkeypatch.setattr(registry, "parse_file", refuse)
    load_variant.cache_clear()
    try:
        assert load_variant("british").id == "british"
    finally:
        load_variant.cache_clear()


def test_an_edited_shipped_file_is_read_afresh(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "variants"
    shutil.copytree(variants_dir(), folder)
    monkeypatch.setattr(registry, "VARIANT_DIRS", (folder,))
    load_variant.cache_clear()
    try:
        assert load_variant("british").game.target == 11
        # the parent edited: every variant built on it is compiled from the files again
        standard = folder / "standard.yaml"
        standard.write_text(standard.read_text(encoding="utf-8").replace(
            "target: 10", "target: 7"), encoding="utf-8")
        load_variant.cache_clear()
        assert load_variant("standard").game.target == 7
        assert shipped.snapshot_rules(folder / "british.yaml") is None
        british = folder / "british.yaml"
        british.write_text(british.read_text(encoding="utf-8").replace(
            "target: 11", "target: 12"), encoding="utf-8")
        load_variant.cache_clear()
        assert load_variant("british").game.target == 12
    finally:
        load_variant.cache_clear()


def test_a_snapshot_that_cannot_be_read_falls_back_to_the_files(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "shipped_rules.json"
    broken.write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(shipped, "SNAPSHOT", broken)
    shipped._snapshot.cache_clear()
    load_variant.cache_clear()
    try:
        assert shipped.snapshot_rules(variants_dir() / "standard.yaml") is None
        assert load_variant("standard").id == "standard"
    finally:
        shipped._snapshot.cache_clear()
        load_variant.cache_clear()
