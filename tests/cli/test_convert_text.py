"""``euchre convert`` with the text format: chosen by the ``.ehh`` extension (or ``--to text``),
lossless both ways, text to text gives the canonical form."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner, Result

from cli.main import euchre

ROOT = Path(__file__).parents[2]
SAMPLES = ROOT / "samples"
TEXT = ROOT / "examples" / "text"  # the samples' text twins
BROKEN = ROOT / "tests" / "validate" / "broken"


def run(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(euchre, ["convert", *args], input=stdin)


def test_json_lines_to_text_and_back_is_byte_identical(tmp_path: Path) -> None:
    text, back = tmp_path / "games.ehh", tmp_path / "games.jsonl"
    result = run(str(SAMPLES / "games.jsonl"), str(text))
    assert result.exit_code == 0, result.output
    assert "ehh -> text: 6 games read, 6 written, 0 errors" in result.stderr
    assert text.read_text(encoding="utf-8") == (TEXT / "games.ehh").read_text(encoding="utf-8")
    assert run(str(text), str(back)).exit_code == 0
    assert back.read_bytes() == (SAMPLES / "games.jsonl").read_bytes()


def test_text_to_text_writes_the_canonical_form(tmp_path: Path) -> None:
    canonical = (TEXT / "standard-game.ehh").read_text(encoding="utf-8")
    sloppy = canonical.replace("hand 1 dealer S", "HAND 1   Dealer S ; first hand").replace(
        "  N: AS JS KH AC JC", "N :as J♠ kh A♣ jc").replace("W:order_up alone", "W:Order-Up ALONE")
    src, out = tmp_path / "sloppy.ehh", tmp_path / "tidy.ehh"
    src.write_text(sloppy, encoding="utf-8")
    result = run(str(src), str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == canonical


def test_to_standard_output_and_a_syntax_error_in_one_game(tmp_path: Path) -> None:
    result = run("--to", "text", str(SAMPLES / "standard-game.json"), "-")
    assert result.exit_code == 0
    assert result.stdout == (TEXT / "standard-game.ehh").read_text(encoding="utf-8")
    result = run(str(BROKEN / "syntax-jsonl-line.ehh"), str(tmp_path / "out.jsonl"))
    assert result.exit_code == 1
    assert "syntax-jsonl-line.ehh:34:18: error[syntax]: an empty part in the result line" \
        in result.stderr
    assert "3 games read, 2 written, 1 error" in result.stderr
