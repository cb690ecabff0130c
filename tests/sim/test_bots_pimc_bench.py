"""The PIMC speed benchmark (bench/pimc.py) runs, at a tiny size, for any bot spec."""

from __future__ import annotations

from types import ModuleType

import pytest
from bench_tools import load_bench


def bench() -> ModuleType:
    return load_bench("pimc")


def test_the_benchmark_times_the_bot_it_is_given(capsys: pytest.CaptureFixture[str]) -> None:
    bot = "pimc:worlds=2,bid_worlds=2,reading=off,read_play=no"
    assert bench().main(["--quick", "--bot", bot]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith(f"{bot} opening lead: ") and "decisions/s" in out[1]
    assert out[2].startswith(f"a hand of four {bot} players: ") and "bidding" in out[2]


def test_a_mistyped_spec_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        bench().main(["--quick", "--bot", "pimc:wrolds=2"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--bot: bot 'pimc' has no parameter 'wrolds'" in err
