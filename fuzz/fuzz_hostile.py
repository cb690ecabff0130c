"""atheris target: the hostile areas of issue 27 -- standard input, half characters,
``--where`` conditions and plug-in bots.

Run by hand (docs/fuzzing.md), from the repository root::

    PYTHONPATH=.:tests python fuzz/fuzz_hostile.py -max_total_time=600

The first input byte picks the area, the rest is its input:

0. standard input: the bytes as they are, sniffed and read (:func:`check_records`);
1. nesting: the rest seeds :func:`nested`, as deep as its first two bytes say;
2. half characters: a valid record of a shipped variant with a lone surrogate
   escape in the string the rest picks, which must be a located problem;
3. ``--where``: the rest as the condition's text (:func:`check_where`);
4. plug-in bots: the rest picks the decision a bot gets wrong and its answer
   (:func:`check_bot`).

Any exception that escapes is a bug.
"""

from __future__ import annotations

import random
import sys

import atheris

with atheris.instrument_imports():
    from fuzz_tools import (
        HALF_CHARACTERS, check_bot, check_records, check_where, misbehaving_bot, nested,
        string_count, valid_records, with_half_character,
    )

    from euchre_dsl.validate.validator import Validator

VALIDATOR = Validator()
#: What a misbehaving bot answers (area 4), picked by an input byte.
ANSWERS: tuple[object, ...] = (
    None, "JH", -1, 99, 2**64, 1.5, True, (), (0, "pass"), [], ValueError("no"),
    ZeroDivisionError(), SystemExit(0), SystemExit("bye"), RecursionError(), MemoryError(),
)


def test_one_input(data: bytes) -> None:
    if len(data) < 3:
        return
    area, body = data[0] % 5, data[1:]
    if area == 0:
        check_records("stdin", body, VALIDATOR)
    elif area == 1:
        depth = 1 + int.from_bytes(body[:2], "big") % 3000
        check_records("stdin", (nested(depth, random.Random(body[2:])) + "\n").encode(),
                      VALIDATOR)
    elif area == 2:
        records = valid_records()
        record = records[body[0] % len(records)]
        text = with_half_character(record, int.from_bytes(body[1:4], "big") %
                                   string_count(record), HALF_CHARACTERS[body[-1] % 5])
        problems = check_records("jsonl", (text + "\n").encode(), VALIDATOR)
        assert any("half a character" in p.message for p in problems), problems
    elif area == 3:
        check_where(body.decode("utf-8", "replace"))
    else:
        method = ("act", "play")[body[0] % 2]
        answer = ANSWERS[body[-1] % len(ANSWERS)]
        check_bot(misbehaving_bot(method, 1 + body[1] % 16, answer), body[0] // 2 % 4)


def main() -> None:
    valid_records()  # build the seeds before fuzzing starts
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
