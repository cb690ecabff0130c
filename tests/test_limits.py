"""Hostile input (issue 9, findings 10-12): the limits of euchre_dsl/limits.py, safe paths.

Each limit is checked with an input just past it -- a located problem, never a
traceback -- and the paths a record may name are checked from both sides:
shipped ids and files in the record's folder (or a folder the user allows)
are read, anything else is refused before it is opened and never echoed.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hostile_tools import unblocked

from cli.main import euchre
from euchre_dsl.errors import EuchreError
from euchre_dsl.limits import (
    MAX_EXTENDS_DEPTH, MAX_NESTING, MAX_QUOTED, MAX_VARIANT_FILE, MAX_VARIANT_NAME, clip,
)
from euchre_dsl.rules.registry import compile_file, load_variant
from euchre_dsl.validate.validator import Validator, validate_path

SECRET = "root:SECRET-LINE-THAT-MUST-NOT-BE-ECHOED:0:0"


def record(variant: Any) -> dict[str, Any]:
    return {"format": "ehh/1", "variant": variant, "seats": ["N", "E", "S", "W"], "hands": []}


def problems_of(path: Path, validator: Validator | None = None) -> list[tuple[str, str]]:
    return [(p.code, p.message) for p in validate_path(str(path), validator).problems
            if p.severity != "info"]


def run(*args: str) -> Any:
    return CliRunner().invoke(euchre, list(args))


# ------------------------------------------------------------ finding 10: paths
@pytest.fixture()
def layout(tmp_path: Path) -> Path:
    """games/ holds records; games/house.yaml is allowed; secret.yaml and elsewhere/
    are outside the record's folder."""
    games = tmp_path / "games"
    games.mkdir()
    (games / "house.yaml").write_text("extends: standard\ngame:\n  target: 11\n")
    (tmp_path / "secret.yaml").write_text(SECRET + "\n")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "pub.yaml").write_text("extends: standard\n")
    (games / "link.yaml").symlink_to(tmp_path / "secret.yaml")
    (games / "climb.yaml").write_text("extends: ../secret.yaml\n")
    return games


@pytest.mark.parametrize("name", ["../secret.yaml", "{root}/secret.yaml", "link.yaml",
                                  "climb.yaml", "/etc/passwd"])
def test_a_record_cannot_read_a_file_outside_its_folder(layout: Path, name: str) -> None:
    rec = layout / "game.json"
    rec.write_text(json.dumps(record(name.format(root=layout.parent))))
    found = problems_of(rec)
    assert len(found) == 1 and found[0][0] == "unknown-variant", found
    assert "is refused: a record may name a shipped variant or a variant file in its own " \
        "folder" in found[0][1]
    assert "SECRET" not in found[0][1]


def test_an_inline_variant_cannot_extend_a_file_outside_the_folder(layout: Path) -> None:
    rec = layout / "game.json"
    rec.write_text(json.dumps(record({"extends": "../secret.yaml"})))
    ((code, message),) = problems_of(rec)
    assert code == "unknown-variant" and "refused" in message and "SECRET" not in message


def test_shipped_ids_and_files_in_the_record_folder_are_read(layout: Path) -> None:
    for name in ("standard", "house.yaml"):
        rec = layout / "game.json"
        rec.write_text(json.dumps(record(name)))
        assert problems_of(rec) == []


def test_a_folder_the_user_allows_may_be_named(layout: Path) -> None:
    rec = layout / "game.json"
    rec.write_text(json.dumps(record("../elsewhere/pub.yaml")))
    assert problems_of(rec)[0][0] == "unknown-variant"
    assert problems_of(rec, Validator((str(layout.parent / "elsewhere"),))) == []
    result = run("validate", "--variant-dir", str(layout.parent / "elsewhere"), str(rec))
    assert result.exit_code == 0, result.output


def test_a_record_on_standard_input_names_shipped_ids_only(layout: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.chdir(layout)
    result = CliRunner().invoke(euchre, ["validate", "-"],
                                input=json.dumps(record("house.yaml")))
    assert result.exit_code == 1 and "is refused" in result.output
    result = CliRunner().invoke(euchre, ["validate", "-"], input=json.dumps(record("standard")))
    assert result.exit_code == 0, result.output


# --------------------------------------- issue 27, findings 10 and 23: pipes, probes
@pytest.mark.parametrize("variant", ["pipe.yaml", {"extends": "pipe.yaml"}, "child.yaml"])
def test_a_named_pipe_a_record_names_is_refused_unread(layout: Path, variant: Any) -> None:
    """A record naming a FIFO (directly, in an inline extends, or down an extends
    chain) made validate wait for a writer forever."""
    os.mkfifo(layout / "pipe.yaml")
    (layout / "child.yaml").write_text("extends: pipe.yaml\n")
    rec = layout / "game.json"
    rec.write_text(json.dumps(record(variant)))
    started = time.monotonic()
    with unblocked(layout / "pipe.yaml"):
        found = problems_of(rec, Validator())
    assert time.monotonic() - started < 5
    assert found == [("unknown-variant", "the variant file 'pipe.yaml' is refused: it is not a "
                      "regular file (a named pipe or a device), and a record may name only "
                      "regular files")]


def test_a_record_cannot_tell_whether_a_file_outside_its_folder_exists(layout: Path) -> None:
    """`/etc/shadow` was "refused" and a missing file "does not exist": a probe."""
    outside = layout.parent / "elsewhere"
    said = []
    for name in ("pub.yaml", "missing.yaml"):
        for written in (f"../elsewhere/{name}", str(outside / name)):
            rec = layout / "game.json"
            rec.write_text(json.dumps(record(written)))
            ((code, message),) = problems_of(rec, Validator())
            said.append((code, message.replace(clip(written), "NAME")))
    assert said == [("unknown-variant", "the variant 'NAME' is refused: a record may name a "
                     "shipped variant or a variant file in its own folder")] * 4


def test_the_user_may_name_any_variant_file(layout: Path) -> None:
    """Trusted input: --variant and `euchre variant` read the files the user names."""
    rules = load_variant(str(layout.parent / "elsewhere" / "pub.yaml"))
    assert rules.id == "pub"


# ------------------------------------------------------- finding 11: tracebacks
def test_a_variant_name_too_long_for_the_system_is_a_clear_problem(tmp_path: Path) -> None:
    name = "x" * (MAX_VARIANT_NAME + 45)
    rec = tmp_path / "game.json"
    rec.write_text(json.dumps(record(name)))
    ((code, message),) = problems_of(rec)
    assert code == "unknown-variant" and "300 characters long" in message
    assert name not in message
    for args in (["variant", "show", name], ["replay", str(rec)],
                 ["simulate", "--variant", name, "--games", "1"]):
        result = run(*args)
        assert result.exit_code in (1, 2) and "characters long" in result.output, args
        assert result.exception is None or isinstance(result.exception, SystemExit)


def test_yaml_nested_a_thousand_deep_is_a_located_problem(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("game: " + "[" * 1000 + "]" * 1000 + "\n")
    with pytest.raises(EuchreError) as info:
        compile_file(path)
    (p,) = info.value.problems
    assert p.message == f"values are nested more than {MAX_NESTING} levels deep"
    assert (p.location.line, p.location.column) == (1, 6 + MAX_NESTING)
    nested = "game:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, MAX_NESTING + 2))
    path.write_text(nested)
    with pytest.raises(EuchreError, match="nested more than"):
        compile_file(path)


def test_an_extends_chain_of_962_files_stops_at_the_limit(tmp_path: Path) -> None:
    for i in range(962):
        parent = f"v{i + 1}.yaml" if i < 961 else "standard"
        (tmp_path / f"v{i}.yaml").write_text(f"extends: {parent}\n")
    with pytest.raises(EuchreError) as info:
        compile_file(tmp_path / "v0.yaml")
    (p,) = info.value.problems
    assert p.message == f"the 'extends' chain is longer than {MAX_EXTENDS_DEPTH} files"
    # within the limit it compiles
    (tmp_path / f"v{MAX_EXTENDS_DEPTH - 2}.yaml").write_text("extends: standard\n")
    assert compile_file(tmp_path / "v0.yaml").game.target == 10


def test_a_variant_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("# " + "x" * MAX_VARIANT_FILE + "\nextends: standard\n")
    with pytest.raises(EuchreError, match="larger than"):
        compile_file(path)


def test_the_excerpt_of_a_huge_line_is_a_window_around_the_place(tmp_path: Path) -> None:
    path = tmp_path / "wide.euchre"
    path.write_text("variant wide extends standard {\n    game to " + "9" * 600_000 + "x\n}\n")
    result = run("variant", "check", str(path))
    assert result.exit_code == 1
    assert max(len(line) for line in result.output.splitlines()) < 4 * MAX_QUOTED


# ---------------------------------------------------------- unknown names, files
def test_an_unknown_variant_file_says_the_file_does_not_exist(tmp_path: Path) -> None:
    result = run("variant", "show", "nosuch.euchre")
    assert result.exit_code == 2
    assert "the variant file 'nosuch.euchre' does not exist" in result.output
    rec = tmp_path / "game.json"
    rec.write_text(json.dumps(record("nosuch.euchre")))
    ((code, message),) = problems_of(rec)
    assert code == "unknown-variant" and "does not exist" in message


def test_an_unknown_parent_is_an_error_of_the_file_not_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "orphan.yaml"
    path.write_text("extends: nosuch\n")
    result = run("simulate", "--variant", str(path), "--games", "1")
    assert result.exit_code == 1, result.output  # as validate says for the same file
    assert "unknown parent variant 'nosuch'" in result.output


def test_clip_cuts_long_text_with_an_ellipsis() -> None:
    assert clip("short") == "short"
    cut = clip("y" * 1000)
    assert len(cut) == MAX_QUOTED and cut.endswith("…")


# ------------------------------------------------------------- finding 13: minor
def test_a_folder_without_record_files_is_not_ok(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("nothing here")
    result = run("validate", str(tmp_path))
    assert result.exit_code == 2
    assert f"no record files (.json, .jsonl, .ehh, .egn, .emn, .egnb) in {tmp_path}" in \
        result.output


def test_a_file_name_that_is_not_utf8_is_escaped_in_the_json_report(tmp_path: Path) -> None:
    name = os.fsdecode(b"bad\xff.jsonl")
    (tmp_path / name).write_text(json.dumps(record("standard")) + "\n")
    result = run("validate", "--report", "json", str(tmp_path / name))
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["files"][0]["path"].endswith("bad\\xff.jsonl")
    assert "\udcff" not in result.stdout


def test_empty_variant_files_are_refused_alike_in_both_forms(tmp_path: Path) -> None:
    for name in ("empty.yaml", "empty.euchre"):
        (tmp_path / name).write_text("")
        with pytest.raises(EuchreError, match="the file holds no variant"):
            compile_file(tmp_path / name)
    # and /dev/null says the same to `variant check` and to `--variant`
    for args in (["variant", "check", "/dev/null"],
                 ["simulate", "--variant", "/dev/null", "--games", "1"]):
        result = run(*args)
        assert result.exit_code == 1 and "the file holds no variant" in result.output, args


# ------------------------------------------- finding 12 and the record limits
def test_a_tag_line_full_of_spaces_is_read_in_linear_time() -> None:
    """`[Meta gen<100k spaces>erator "x"]` took 14 s (the tag regex backtracked);
    300,000 spaces would take minutes that way, and take milliseconds now."""
    from euchre_dsl.records.text_reader import read_text
    text = '[Variant "standard"]\n[Seats N E S W]\n[Meta gen' + " " * 300_000 + 'erator "x"]\n'
    (item,) = read_text(text, "t.ehh")
    assert item.problem is None and item.data["meta"] == {"gen": 'erator "x"'}


def test_a_huge_string_in_a_broken_record_is_located_without_a_regex_blowup() -> None:
    """The position scan kept ~120 bytes per character of a long string."""
    from euchre_dsl.records.positions import scan_positions
    text = '{"format": "ehh/1", "x-big": "' + "a" * 2_000_000 + '\\n", "variant": 7}'
    index = scan_positions(text)
    assert index[("variant",)][1] == len(text) - 2


def test_a_record_larger_than_the_limit_is_not_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    import io as _io

    from euchre_dsl.records import reader
    monkeypatch.setattr(reader, "MAX_RECORD", 100)
    line = json.dumps(record("standard") | {"x-pad": "p" * 200}).encode() + b"\n"
    small = json.dumps(record("standard")).encode() + b"\n"
    items = list(reader.iter_jsonl(_io.BytesIO(line + small), "f.jsonl"))
    assert items[0].problem is not None and "MB, more than the 0 MB" in items[0].problem.message
    assert items[1].problem is None  # the next line is still read
    (whole,) = reader.iter_json(line, "f.json")
    assert whole.problem is not None and whole.problem.location.line == 1


def test_a_text_line_longer_than_the_limit_is_a_problem(monkeypatch: pytest.MonkeyPatch) -> None:
    import io as _io

    from euchre_dsl.records import text_reader
    monkeypatch.setattr(text_reader, "MAX_TEXT_LINE", 50)
    text = b'[Variant "standard"]\n[Seats N E S W]\n[Event "' + b"e" * 80 + b'"]\n'
    (item,) = text_reader.iter_text(_io.BytesIO(text), "t.ehh")
    assert item.problem is not None and item.problem.location.line == 3
    assert "more than the 50 a line may be" in item.problem.message


def test_a_record_with_more_hands_than_the_limit_is_not_replayed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre_dsl.replay import walk
    from euchre_dsl.validate.validator import validate_record
    monkeypatch.setattr(walk, "MAX_HANDS", 2)
    hand = {"dealer": "N", "deal": {"hands": {}}, "actions": []}
    rec = record("standard") | {"hands": [hand] * 3}
    (p,) = [p for p in validate_record(rec) if p.severity != "info"]
    assert p.code == "schema" and "the record has 3 hands, more than the 2" in p.message


@pytest.mark.parametrize("levels", [500, 501, 600, 990])
def test_records_nest_at_most_500_levels(tmp_path: Path, levels: int) -> None:
    """SECURITY.md says 500 levels; records 501 to ~990 deep were read (as deep as
    Python's json follows).  The record itself is level 1; an x- value holds the rest."""
    text = json.dumps(record("standard"))[:-1] + ', "x-deep": ' + "[" * (levels - 1) \
        + "]" * (levels - 1) + "}"
    for name, data in (("r.json", text), ("r.jsonl", text + "\n")):
        path = tmp_path / name
        path.write_text(data)
        found = validate_path(str(path)).problems
        if levels <= 500:
            assert [p for p in found if p.severity == "error"] == []
            continue
        (p,) = found
        assert p.code == "syntax" and p.message == "values are nested more than 500 levels deep"
        assert p.location.line == 1 and p.location.column is not None
        assert text[p.location.column - 1:].startswith("[" * (levels - 500))
        start = text.index('"x-deep"')
        assert text[start:p.location.column - 1].count("[") == 499  # levels 2 to 500
