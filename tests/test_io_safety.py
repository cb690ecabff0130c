"""Atomic writing (euchre_dsl/io_safety.py): the target changes only on success."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from euchre_dsl.io_safety import OutputError, atomic_output, write_atomic


def test_the_target_is_replaced_only_at_the_end(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    with atomic_output(str(target)) as out:
        out.write("new\n")
        assert target.read_text() == "old\n"  # not yet
    assert target.read_text() == "new\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]  # no temporary left


def test_an_error_in_the_block_leaves_the_target_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    with pytest.raises(RuntimeError):
        with atomic_output(str(target)) as out:
            out.write("half")
            raise RuntimeError("the input broke")
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_discard_keeps_the_old_contents(tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    target.write_text("old\n")
    with atomic_output(str(target)) as out:
        out.write("garbage")
        out.discard()
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_the_mode_of_an_existing_file_is_kept_and_a_link_is_followed(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old")
    os.chmod(real, 0o640)
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    write_atomic(str(link), "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640


def test_a_new_file_gets_the_usual_mode(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        write_atomic(str(tmp_path / "new.txt"), "x")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644


def test_a_missing_folder_is_an_output_error(tmp_path: Path) -> None:
    with pytest.raises(OutputError) as info:
        write_atomic(str(tmp_path / "no" / "such.txt"), "x")
    assert str(info.value).startswith(f"cannot write {tmp_path / 'no' / 'such.txt'}: ")


def test_a_full_device_is_an_output_error() -> None:  # Linux: /dev/full
    with pytest.raises(OutputError) as info:
        write_atomic("/dev/full", "x" * 100_000)
    assert str(info.value) == "cannot write /dev/full: No space left on device"


# ----------------------------------------------------- issue 27, finding 4
@pytest.mark.parametrize("io_encoding", [None, "utf-8"])  # the locale's handler; strict
@pytest.mark.parametrize("report", ["text", "json"])
def test_standard_output_stays_utf8_for_a_file_name_that_is_not(
        tmp_path: Path, io_encoding: str | None, report: str) -> None:
    """A name's bytes that are not UTF-8 (lone surrogates to Python) raised
    UnicodeEncodeError on a strict standard output and wrote bytes that are not
    UTF-8 on the locale's; they are written as escapes now."""
    import json
    import subprocess
    import sys

    import cli
    import euchre_dsl

    game = json.loads((Path(__file__).parents[1] / "samples" / "standard-game.json").read_text())
    folder = tmp_path / os.fsdecode(b"club\xff")
    folder.mkdir()
    (folder / "g.json").write_text(json.dumps({**game, "seats": ["N", "E", "S", "?"]}))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        str(Path(m.__file__).resolve().parents[1]) for m in (euchre_dsl, cli))}
    env.pop("PYTHONIOENCODING", None)
    if io_encoding is not None:
        env["PYTHONIOENCODING"] = io_encoding
    done = subprocess.run([sys.executable, "-m", "cli", "validate", "--report", report,
                           str(tmp_path)], capture_output=True, env=env, timeout=120)
    assert done.returncode == 1, done.stderr
    assert b"Traceback" not in done.stderr
    text = done.stdout.decode("utf-8")  # strict: valid UTF-8
    if report == "json":
        json.loads(text)
    else:
        assert "club\\udcff" in text
