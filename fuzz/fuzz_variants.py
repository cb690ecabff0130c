"""atheris target: the variant front ends (YAML, rules language) and the compiler.

Run by hand (docs/fuzzing.md), from the repository root::

    PYTHONPATH=.:tests python fuzz/fuzz_variants.py -max_total_time=600

The first input byte picks the form, the second whether the rest is used as
it is or as the seed of :func:`fuzz_tools.mutate` applied to a shipped variant
file.  Every input must compile or end in located problems.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from fuzz_tools import check_variant, mutate, valid_variant_texts

FOLDER = Path(tempfile.mkdtemp(prefix="euchre-fuzz-"))


def test_one_input(data: bytes) -> None:
    if len(data) < 2:
        return
    suffix = (".yaml", ".euchre")[data[0] % 2]
    body = data[2:]
    if data[1] % 2:
        texts = [t for s, t in valid_variant_texts() if s == suffix]
        rng = random.Random(body)
        body = mutate(rng.choice(texts), rng, 1 + data[1] % 7).encode("utf-8", "surrogatepass")
    path = FOLDER / f"fuzzed{suffix}"
    path.write_bytes(body)
    check_variant(path)


def main() -> None:
    valid_variant_texts()
    atheris.Setup(sys.argv, test_one_input)
    try:
        atheris.Fuzz()
    finally:
        for p in FOLDER.iterdir():
            os.unlink(p)
        FOLDER.rmdir()


if __name__ == "__main__":
    main()
