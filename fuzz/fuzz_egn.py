"""atheris target: the EGN readers (JSON ``.egn``, ``.emn``, binary ``.egnb``), the
validator behind them and the EGN writer.

Run by hand (docs/fuzzing.md), from the repository root::

    PYTHONPATH=.:tests python fuzz/fuzz_egn.py -max_total_time=600

The first input byte picks the kind (``.egn``, ``.emn``, ``.egnb``), the second
whether the rest is read as it is or seeds :func:`egn_fuzz_tools.mutate_egn`
(JSON-, text- and bit-level edits) of one of EGN's published examples.  Any
exception that escapes is a bug: every input must end in records and located
problems.
"""

from __future__ import annotations

import random
import sys

import atheris

with atheris.instrument_imports():
    from egn_fuzz_tools import check_egn, egn_seeds, mutate_egn, pick_seed

    from euchre_dsl.validate.validator import Validator

KINDS = (".egn", ".emn", ".egnb")
VALIDATOR = Validator()


def test_one_input(data: bytes) -> None:
    if len(data) < 2:
        return
    ext, body = KINDS[data[0] % 3], data[2:]
    if data[1] % 2:
        rng = random.Random(body)
        ext, seed = pick_seed(rng)
        body = mutate_egn(ext, seed, rng, 1 + data[1] % 5)
    check_egn(ext, body, VALIDATOR)


def main() -> None:
    egn_seeds()  # read the seeds before fuzzing starts
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
