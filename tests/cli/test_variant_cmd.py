"""``euchre variant``: list, show, check, diff, compile, schema, docs; exit codes 0/1/2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from cli.main import euchre
from euchre_dsl.rules.docs import options_markdown
from euchre_dsl.rules.dsl import parse_dsl
from euchre_dsl.rules.registry import compile_data, load_variant, shipped_ids
from euchre_dsl.rules.schema import json_schema

ROOT = Path(__file__).parents[2]


def run(*args: str) -> Result:
    return CliRunner().invoke(euchre, ["variant", *args])


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_list_shows_each_shipped_variant_once_with_its_description() -> None:
    result = run("list")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == shipped_ids()
    standard = next(line for line in lines if line.startswith("standard "))
    assert load_variant("standard").description in standard


def test_show_a_shipped_variant_in_words() -> None:
    result = run("show", "openspiel")
    assert result.exit_code == 0
    assert result.output.startswith("OpenSpiel euchre [openspiel]\n")
    assert "  stick the dealer " in result.output
    assert "  defend alone against any maker " in result.output
    assert "  the game ends after deal 1 " in result.output


def test_show_a_file(tmp_path: Path) -> None:
    path = write(tmp_path, "k.euchre", 'variant k "K" extends standard {\n game to 7\n}\n')
    result = run("show", str(path))
    assert result.exit_code == 0
    assert result.output.startswith("K [k]\n") and "  game to 7 " in result.output


def test_show_an_unknown_name_is_a_usage_error_with_a_suggestion() -> None:
    result = run("show", "standrd")
    assert result.exit_code == 2
    assert "did you mean 'standard'?" in result.output
    assert "Traceback" not in result.output


def test_check_good_files_and_folders() -> None:
    result = run("check", str(ROOT / "samples" / "house"), str(ROOT / "variants"))
    assert result.exit_code == 0, result.output
    assert "kitchen-table.euchre: ok (kitchen-table: Kitchen table)" in result.stdout
    assert result.stdout.rstrip().endswith("variant files are valid")


def test_check_reports_every_bad_file_with_the_line_and_a_caret(tmp_path: Path) -> None:
    good = write(tmp_path, "good.yaml", "extends: standard\n")
    bad = write(tmp_path, "bad.euchre", "variant b extends standard {\n    stik the dealer\n}\n")
    worse = write(tmp_path, "worse.yaml", "extends: standard\ngame:\n  target: ten\n")
    result = run("check", str(good), str(bad), str(worse))
    assert result.exit_code == 1
    assert f"{good}: ok (good)" in result.stdout
    assert "1 of 3 variant files are valid" in result.stdout
    assert (f"{bad}:2:5: error[invalid-variant]: unknown rule 'stik the dealer'\n"
            "    2 |     stik the dealer\n"
            "      |     ^~~~\n"
            "  hint: did you mean 'stick the dealer'?\n") in result.stderr
    assert f"{worse}:3:11: error[invalid-variant]: 'game.target': expected a whole number" \
        in result.stderr
    assert "      |           ^~~\n" in result.stderr
    assert "Traceback" not in result.output


def test_check_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    assert run("check", str(tmp_path / "nope.euchre")).exit_code == 2
    assert run("check").exit_code == 2
    empty = run("check", str(tmp_path))
    assert empty.exit_code == 2 and "no variant files" in empty.output


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "tests" / "rules" / "broken")
                                        .iterdir() if p.is_file()))
def test_check_never_shows_a_traceback(name: str) -> None:
    result = run("check", str(ROOT / "tests" / "rules" / "broken" / name))
    assert result.exit_code == 1
    assert "error[" in result.stderr and "Traceback" not in result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


def test_diff_in_words(tmp_path: Path) -> None:
    path = write(tmp_path, "k.euchre", "variant k extends standard {\n stick the dealer\n}\n")
    result = run("diff", "standard", str(path))
    assert result.exit_code == 0
    assert result.output.startswith(f"1 rule differs between standard and {path}:\n")
    assert "bidding.stick_the_dealer" in result.output
    width = len(str(path)) + 1
    assert f"  {'standard:':<{width}} no stick the dealer\n" in result.output
    assert f"  {str(path) + ':':<{width}} stick the dealer\n" in result.output
    assert run("diff", "standard", "standard").output == \
        "standard and standard have the same rules\n"


def test_diff_of_a_broken_file_is_invalid(tmp_path: Path) -> None:
    path = write(tmp_path, "k.euchre", "variant k extends standard {\n game to\n}\n")
    assert run("diff", "standard", str(path)).exit_code == 1


@pytest.mark.parametrize("variant_id", ["standard", "buck", "columbus"])
def test_compile_writes_normalized_yaml_and_the_rules_language(variant_id: str) -> None:
    r = load_variant(variant_id)
    as_yaml = run("compile", variant_id)
    assert as_yaml.exit_code == 0
    data = yaml.safe_load(as_yaml.output)
    assert data["deck"]["lowest"] == int(r.deck.lowest)  # a rank written as a number
    assert {**data, "deck": {**data["deck"], "lowest": r.deck.lowest}} == r.to_dict()
    assert compile_data(data) == r
    as_dsl = run("compile", variant_id, "--to", "euchre")
    assert as_dsl.exit_code == 0
    assert compile_data(parse_dsl(as_dsl.output).data) == r


def test_schema_is_json() -> None:
    result = run("schema")
    assert result.exit_code == 0
    assert json.loads(result.output) == json_schema()


def test_docs_prints_the_option_reference() -> None:
    result = run("docs")
    assert result.exit_code == 0
    assert result.output == options_markdown()


def test_the_command_is_registered_and_documented() -> None:
    result = CliRunner().invoke(euchre, ["variant", "--help"])
    assert result.exit_code == 0
    for command in ("list", "show", "check", "diff", "compile", "schema", "docs"):
        assert command in result.output


def test_show_changed_says_only_what_differs_from_the_parent(tmp_path: Path) -> None:
    """Issue 9, finding 6: `variant show --changed`."""
    house = tmp_path / "house.yaml"
    house.write_text("extends: standard\ngame:\n  target: 7\nbidding:\n  stick_the_dealer: yes\n")
    result = run("show", str(house), "--changed")
    assert result.exit_code == 0, result.output
    paths = [line.split("[")[-1].rstrip("]") for line in result.output.splitlines()
             if line.startswith("  ") and line.rstrip().endswith("]")]
    assert paths == ["bidding.stick_the_dealer", "game.target"]
    assert "no rule differs" in run("show", "standard", "--changed").output


def test_a_file_of_many_problems_is_quoted_in_linear_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27, finding 14: each problem's quoted line comes from one reading of the
    file, not a reading from the start per problem (quadratic)."""
    import builtins
    import contextlib
    import io
    from typing import Callable

    from scaling_tools import LINEAR_BOUND, growth

    from cli import variant_cmd
    from euchre_dsl.errors import EuchreError
    from euchre_dsl.rules.registry import compile_file

    def problems(n: int) -> list[Any]:
        path = tmp_path / f"keys{n}.yaml"
        path.write_text("id: x\nextends: standard\n" +
                        "".join(f"k{i}: {'x' * 100}\n" for i in range(n)), encoding="utf-8")
        with pytest.raises(EuchreError) as exc:
            compile_file(path)
        assert len(exc.value.problems) == n
        return exc.value.problems

    def make(n: int) -> Callable[[], object]:
        found = problems(n)

        def run() -> object:
            with contextlib.redirect_stderr(io.StringIO()) as err:
                variant_cmd.report(found)
            assert f"{n + 2:>5} | k{n - 1}: xxx" in err.getvalue()  # the last one, quoted
            return err
        return run
    assert growth(make, 1000) < 4 * LINEAR_BOUND
    opened: list[str] = []
    real_open = builtins.open

    def counting_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)
    found = problems(500)
    monkeypatch.setattr(builtins, "open", counting_open)
    with contextlib.redirect_stderr(io.StringIO()):
        variant_cmd.report(found)
    assert len(opened) == 1  # one reading for 500 quoted problems
