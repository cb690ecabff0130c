"""atheris target: the record readers (JSON, JSON Lines, text) and the validator.

Run by hand (docs/fuzzing.md), from the repository root::

    PYTHONPATH=.:tests python fuzz/fuzz_records.py -max_total_time=600

The first input byte picks the form, the second whether the rest is used as
it is or as the seed of :func:`fuzz_tools.mutate` applied to a valid record of
a shipped variant.  Any exception that escapes is a bug: every input must end
in a result or located problems.
"""

from __future__ import annotations

import random
import sys

import atheris

with atheris.instrument_imports():
    from fuzz_tools import check_records, mutate, record_texts, valid_records

    from euchre_dsl.validate.validator import Validator

FORMS = ("json", "jsonl", "text")
VALIDATOR = Validator()


def test_one_input(data: bytes) -> None:
    if len(data) < 2:
        return
    form = FORMS[data[0] % 3]
    body = data[2:]
    if data[1] % 2:
        records = valid_records()
        rng = random.Random(body)
        text = record_texts(records[rng.randrange(len(records))])[form]
        body = mutate(text, rng, 1 + data[1] % 7).encode("utf-8", "surrogatepass")
    check_records(form, body, VALIDATOR)


def main() -> None:
    valid_records()  # build the seeds before fuzzing starts
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
