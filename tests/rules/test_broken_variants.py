"""The broken-variant corpus: every mistake is reported where it is, in words, with a fix.

Each file in ``tests/rules/broken/`` (YAML or the rules language) states what
it must produce in its first comment lines::

    # expect: LINE:COLUMN fragment of the message
    # hint: fragment of the hint            (optional)
    # in: parents/other-file.yaml           (optional: the problem is in this file)

Files under ``broken/parents/`` are only extended by the cases.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from euchre_dsl.errors import EuchreError
from euchre_dsl.rules.registry import compile_file

BROKEN = Path(__file__).parent / "broken"
CASES = sorted(p for p in BROKEN.iterdir() if p.suffix in (".yaml", ".euchre"))


def expectations(path: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"# (expect|hint|in): (.*)$", line)
        if not m:
            break
        found[m[1]] = m[2]
    return found


def test_the_corpus_is_large_and_covers_both_forms() -> None:
    assert len(CASES) >= 40
    assert sum(p.suffix == ".yaml" for p in CASES) >= 15
    assert sum(p.suffix == ".euchre" for p in CASES) >= 25


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_broken_variant_is_reported_in_place(path: Path) -> None:
    expect = expectations(path)
    assert "expect" in expect, f"{path.name} has no '# expect:' line"
    where, fragment = expect["expect"].split(" ", 1)
    line, column = (int(n) for n in where.split(":"))
    with pytest.raises(EuchreError) as exc:
        compile_file(path)
    problems = exc.value.problems
    assert len(problems) == 1, [p.format() for p in problems]
    (problem,) = problems
    file = (BROKEN / expect["in"]) if "in" in expect else path
    assert Path(problem.location.file or "").resolve() == file.resolve(), problem.format()
    assert (problem.location.line, problem.location.column) == (line, column), problem.format()
    assert fragment in problem.message, problem.format()
    if "hint" in expect:
        assert problem.hint is not None and expect["hint"] in problem.hint, problem.format()
    assert problem.code in ("invalid-variant", "unknown-variant")
    assert "Traceback" not in problem.format()
