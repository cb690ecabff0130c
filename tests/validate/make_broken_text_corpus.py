"""Write the text twins of the validator's corpus: ``broken/*.ehh`` and their expectations.

Run from the repository root: ``python tests/validate/make_broken_text_corpus.py``
(after ``make_broken_corpus.py``).

Every JSON case in ``broken/`` is converted to the text format with the
writer; a record that is a JSON syntax error gets a text syntax error in its
place.  Some mistakes only text can make are added.  The problems expected
are those of the JSON twin (code, severity, record, hand, action), each placed
at the line and column of an *anchor*: a regular expression over the written
text whose group marks the word the problem is about.  The anchors are found
by searching the text, independently of the text locator, and were checked
by eye once.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))

from make_broken_corpus import line_col, one_hand  # noqa: E402

from euchre_dsl.records.reader import read_records  # noqa: E402
from euchre_dsl.records.text_writer import dump_game  # noqa: E402

BROKEN = HERE / "broken"
JSON_EXPECTED = json.loads((HERE / "broken_expected.json").read_text())
EXPECTED_FILE = HERE / "broken_text_expected.json"

#: JSON case -> one anchor per expected problem, in order: (regex, occurrence);
#: the match of the regex's group 1 (else of the whole regex) is where the problem is.
ANCHORS: dict[str, list[tuple[str, int]]] = {
    "bad-card-not-in-deck.json": [(r"W:(8S)", 0)],
    "bid-not-higher.json": [(r"(E:bid) 4", 0)],
    "bid-out-of-turn.json": [(r"(S:bid) 5", 0)],
    "bid-renege.json": [(r"(E:QH)", 0)],
    "bid-wrong-score.json": [(r"points (N\+S)", 0)],
    "double-deck-renege.json": [(r"(E:9D2)", 0)],
    "double-deck-wrong-score.json": [(r"points (N\+S)", 0)],
    "hasenpfeffer-bid-out-of-turn.json": [(r"(W:bid) 3", 0)],
    "hasenpfeffer-forced-bid-pass.json": [(r"(N:pass)", 1)],
    "hasenpfeffer-forced-bid-wrong-seat.json": [(r"(S:bid) 3", 0)],
    "hasenpfeffer-renege.json": [(r"(E:QH)", 0)],
    "hasenpfeffer-wrong-score.json": [(r"points (N\+S)", 0)],
    "bad-card-notation.json": [(r"W: 9S TS JH (1H)", 0)],
    "bad-deal-count.json": [(r"(N): JC", 0)],
    "bad-deal-twice.json": [(r"W: 9S TS JH 9H (AS)", 0)],
    "card-not-held.json": [(r"(W:KS)", 0)],
    "extra-action.json": [(r"(E:AS)", 1)],
    "game-over.json": [(r"^(hand 2)", 0)],
    "illegal-action.json": [(r"(E:call) C", 0)],
    "incomplete-hand-last.json": [(r"(bidding)", 0)],
    "incomplete-hand.json": [(r"(bidding)", 0)],
    "invalid-variant-file.json": [(r'\[Variant (")', 0)],
    "invalid-variant-inline.json": [(r'\[Variant (\{)', 0)],
    "out-of-turn.json": [(r"(W:9S)", 0)],
    "records.jsonl": [(r"(W:9H)", 1), (r"dealer (Q)", 0)],
    "renege.json": [(r"(W:9H)", 0)],
    "renege-called-partner.json": [(r"(C:AC)", 0)],
    "result-mismatch-partner.json": [(r"partner (C)", 0)],
    "illegal-call-partner.json": [(r"(A:call_partner) KH", 0)],
    "out-of-turn-call-partner.json": [(r"(B:call_partner) AH", 0)],
    "result-mismatch-final.json": [(r"winner (N\+S)", 0)],
    "result-mismatch-points.json": [(r"points (N\+S)", 0)],
    "result-mismatch-trump.json": [(r"trump (S)", 0), (r"maker (N)", 0)],
    "schema-action-arguments.json": [(r"(E:pass) now", 0)],
    "schema-missing-seats.json": [(r"^(\[Variant)", 0)],
    "schema-result-type.json": [(r'"N":("3")', 0)],
    "schema-seat-count.json": [(r"\[Seats (N)", 0)],
    "schema-seat-label.json": [(r"(W-1)", 0)],
    "schema-unknown-key.json": [(r'\[(comment) ', 0)],
    "schema-unknown-verb.json": [(r'("order-up")', 0)],
    "syntax-jsonl-line.jsonl": [(r",(,) maker", 0), (r"(S:AS)", 0)],
    "syntax-trailing-comma.json": [(r",(,) maker", 0)],
    "unknown-variant.json": [(r'\[Variant (")', 0)],
    "wrong-dealer.json": [(r"hand 2 dealer (S)", 0)],
}

#: What replaces a record that is a JSON syntax error: a game of the file (or
#: the scripted valid hand) with a mistake in its text.
TEXT_SYNTAX = {
    "syntax-trailing-comma.json": ("result trump C, maker S", "result trump C,, maker S"),
    "syntax-jsonl-line.jsonl": ("result trump C, maker S", "result trump C,, maker S"),
}

#: Mistakes only text can make: name -> (edit of a valid game's text, anchor, message part).
TEXT_ONLY: dict[str, tuple[tuple[str, str], tuple[str, int]]] = {
    "syntax-unknown-line.ehh": (("hand 1 dealer N", "hnad 1 dealer N"), (r"^(hnad)", 0)),
    "syntax-unclosed-comment.ehh": (("E:AS S:QS", "E:AS {a brave lead S:QS"), (r"(\{)a brave", 0)),
    "syntax-bad-json.ehh": (("bidding E:pass", 'bidding @["E","pass"'), (r'@\["E","pass"( )', 0)),
    "syntax-hand-number.ehh": (("hand 1 dealer N", "hand 3 dealer N"), (r"hand (3)", 0)),
    "syntax-line-order.ehh": (("  trick 2", "  upcard 9C\n  trick 2"), (r"^  (upcard)", 1)),
    "syntax-tag-twice.ehh": (('[Seats N E S W]', '[Seats N E S W]\n[Variant "standard"]'),
                             (r"^\[(Variant)", 1)),
    "syntax-lone-word.ehh": (("bidding E:pass", "bidding pass"), (r"bidding (pass)", 0)),
    "syntax-not-utf8.ehh": (("[Seats N E S W]", "[Seats N E S W]\n[Meta note \"caf\udcff\"]"),
                            (r"caf(.)", 0)),
}


def at(text: str, pattern: str, nth: int) -> tuple[int, int]:
    """1-based line and column of the ``nth`` match of ``pattern``'s group 1 (or whole)."""
    found = list(re.finditer(pattern, text, re.M))[nth]
    return line_col(text, found.start(1) if found.re.groups else found.start())


def twin(name: str) -> str:
    """The text of a JSON case: its records as text, a syntax error where JSON had one."""
    items = list(read_records(str(BROKEN / name)))
    good = [it.data for it in items if it.problem is None]
    games = []
    for it in items:
        if it.problem is None:
            games.append(dump_game(it.data))
        else:
            old, new = TEXT_SYNTAX[name]
            text = dump_game(good[0] if good else one_hand())
            assert old in text, (name, old)
            games.append(text.replace(old, new, 1))
    return "\n".join(games)


def main() -> None:
    expected: dict[str, list[dict[str, Any]]] = {}
    for name, anchors in ANCHORS.items():
        text = twin(name)
        out = Path(name).stem + ".ehh"
        (BROKEN / out).write_text(text, encoding="utf-8")
        problems = JSON_EXPECTED[name]
        assert len(problems) == len(anchors), name
        expected[out] = []
        for p, (pattern, nth) in zip(problems, anchors):
            line, column = at(text, pattern, nth)
            expected[out].append({**p, "line": line, "column": column})
    base = dump_game(one_hand())  # the valid scripted hand the JSON cases break
    for out, ((old, new), (pattern, nth)) in TEXT_ONLY.items():
        assert old in base, (out, old)
        text = base.replace(old, new, 1)
        if out == "syntax-not-utf8.ehh":
            raw = text.encode("utf-8", "surrogateescape")
            (BROKEN / out).write_bytes(raw)
        else:
            (BROKEN / out).write_text(text, encoding="utf-8")
        line, column = at(text, pattern, nth)
        expected[out] = [{"code": "syntax", "severity": "error", "record": 0, "hand": None,
                          "action": None, "line": line, "column": column}]
    EXPECTED_FILE.write_text(json.dumps(expected, indent=1) + "\n")


if __name__ == "__main__":
    main()
