"""The bench scripts' counts are checked on the command line (``bench/bench_args.py``)."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from bench_tools import ROOT, load_bench


def test_positive_takes_whole_numbers_of_at_least_one() -> None:
    positive = load_bench("bench_args").positive
    assert positive("1") == 1 and positive("2000") == 2000
    for bad, said in (("0", "must be at least 1, not 0"), ("-3", "must be at least 1, not -3"),
                      ("two", "expected a whole number, not 'two'"),
                      ("1.5", "expected a whole number, not '1.5'")):
        with pytest.raises(argparse.ArgumentTypeError, match=said):
            positive(bad)


@pytest.mark.parametrize("script, option", [
    ("bench", "--repeat"), ("pimc", "--repeat"), ("scale", "--repeat"), ("scale", "--games"),
    ("analyze", "--games"), ("analyze", "--deals"),
    ("solver", "--deals"), ("strength", "--workers"),
])
def test_a_count_of_zero_is_a_usage_error(script: str, option: str) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / f"{script}.py"), option, "0"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert f"argument {option}: must be at least 1, not 0" in done.stderr
    assert "Traceback" not in done.stderr
