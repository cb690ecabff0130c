"""Rebuild the validator's corpus: ``broken/`` and ``broken_expected.json``.

Run from the repository root: ``python tests/validate/make_broken_corpus.py``.

Every case is a scripted standard game (``DEAL1``/``ACT1`` of history_tools.py, worked by hand in
``test_validate.py``) broken in one way.  Results and scores are computed by
the engine, so the planted problem is the only one.  The expected line and
column of each problem are found by searching the written text for an anchor,
independently of the validator's own locator, then checked by eye once.
"""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/: history_tools

from history_tools import ACT1, ACT2, DEAL1, DEAL2  # noqa: E402

from euchre_dsl.engine.actions import IllegalAction  # noqa: E402
from euchre_dsl.engine.machine import Machine  # noqa: E402
from euchre_dsl.records.notation import (  # noqa: E402
    action_from_json, result_to_json, winner_to_json,
)
from euchre_dsl.records.writer import dump_pretty as pretty  # noqa: E402
from euchre_dsl.rules.registry import load_variant  # noqa: E402

OUT = HERE / "broken"
EXPECTED_FILE = HERE / "broken_expected.json"
STANDARD = load_variant("standard")
LABELS = ["N", "E", "S", "W"]


Hand = tuple[str, dict[str, list[str]], str, list[list[Any]]]  # dealer, deal, upcard, actions
EXPECTED: dict[str, list[dict[str, Any]]] = {}


def record(hands: list[Hand], start: dict[str, int] | None = None,
           final: bool = True) -> dict[str, Any]:
    """A record of scripted hands with the engine's results (none for an unfinished hand)."""
    game = Machine(STANDARD, LABELS, LABELS.index(hands[0][0]),
                None if start is None else [start["N+S"], start["E+W"]])
    out: dict[str, Any] = {"format": "ehh/1", "variant": "standard", "seats": LABELS}
    if start is not None:
        out["start_scores"] = start
    out["hands"] = []
    for dealer, deal, upcard, actions in hands:
        deck = game.deck
        game.deal([[deck.parse(c) for c in deal[s]] for s in LABELS], deck.parse(upcard))
        try:
            for action in actions:
                game.apply(action_from_json(game, action), allow_renege=True)
        except IllegalAction:  # the planted problem: the hand stops there
            pass
        hand: dict[str, Any] = {"dealer": dealer, "deal": {"hands": copy.deepcopy(deal),
                                                           "upcard": upcard},
                                "actions": copy.deepcopy(actions)}
        if game.hand_over:
            hand["result"] = result_to_json(game, game.last_result)  # type: ignore[arg-type]
        else:
            game.abandon_hand()
        out["hands"].append(hand)
    if final:
        out["final"] = {"scores": dict(zip(game.side_names, game.scores)),
                        "winner": winner_to_json(game)}
    return out


def scripted_hand(variant: str, seats: list[str], dealer: str, deal: dict[str, list[str]],
                  upcard: str | None, actions: list[list[Any]],
                  widow: list[str] | None = None, final: bool = True) -> dict[str, Any]:
    """A one-hand record of any variant: ``deal`` dealt, ``actions`` played until the
    planted problem stops them, the engine's result (none for an unfinished hand)."""
    game = Machine(load_variant(variant), seats, seats.index(dealer))
    deck = game.deck
    cards = [[deck.parse(c) for c in deal[s]] for s in seats]
    up = None if upcard is None else deck.parse(upcard)
    if widow is None:
        game.deal(cards, up)
    else:
        game.deal(cards, up, [deck.parse(c) for c in widow])
    try:
        for action in actions:
            game.apply(action_from_json(game, action), allow_renege=True)
    except IllegalAction:  # the planted problem: the hand stops there
        pass
    dealt: dict[str, Any] = {"hands": copy.deepcopy(deal), "upcard": upcard}
    if widow is not None:
        dealt["widow"] = list(widow)
    hand: dict[str, Any] = {"dealer": dealer, "deal": dealt, "actions": copy.deepcopy(actions)}
    if game.hand_over:
        hand["result"] = result_to_json(game, game.last_result)  # type: ignore[arg-type]
    else:
        game.abandon_hand()
    out: dict[str, Any] = {"format": "ehh/1", "variant": variant, "seats": seats,
                           "hands": [hand]}
    if final:
        out["final"] = {"scores": dict(zip(game.side_names, game.scores)),
                        "winner": winner_to_json(game)}
    return out


#: A scripted hand of ``five-hand-call-partner`` (dealer E, hearts ordered up by A, who
#: calls the queen of hearts: B holds it and shows it in trick 2).  A and B take 2
#: tricks: euchred, 2 to each of C, D and E.
CALLED_SEATS = ["A", "B", "C", "D", "E"]
CALLED_DEAL = {"A": ["AH", "KH", "9C", "TC", "8D"], "B": ["QH", "TH", "AS", "KS", "8S"],
               "C": ["JD", "9H", "AC", "KC", "8C"], "D": ["AD", "KD", "QD", "9D", "TD"],
               "E": ["QC", "JC", "QS", "JS", "9S"]}
CALLED_ACTIONS = [
    ["A", "order_up"], ["E", "discard", "9S"], ["A", "call_partner", "QH"],
    ["A", "play", "AH"], ["B", "play", "TH"], ["C", "play", "JD"], ["D", "play", "9D"],
    ["E", "play", "JH"],
    ["E", "play", "JC"], ["A", "play", "9C"], ["B", "play", "QH"], ["C", "play", "8C"],
    ["D", "play", "TD"],
    ["B", "play", "AS"], ["C", "play", "9H"], ["D", "play", "QD"], ["E", "play", "JS"],
    ["A", "play", "KH"],
    ["A", "play", "8D"], ["B", "play", "8S"], ["C", "play", "KC"], ["D", "play", "KD"],
    ["E", "play", "QC"],
    ["D", "play", "AD"], ["E", "play", "QS"], ["A", "play", "TC"], ["B", "play", "KS"],
    ["C", "play", "AC"],
]


def called_hand(changes: dict[int, list[Any]] | None = None) -> dict[str, Any]:
    """The scripted called-partner hand, with some actions replaced, and the engine's
    result (none when the hand stops on the planted problem)."""
    actions = copy.deepcopy(CALLED_ACTIONS)
    for i, a in (changes or {}).items():
        actions[i] = a
    return scripted_hand("five-hand-call-partner", CALLED_SEATS, "E", CALLED_DEAL, "JH",
                         actions, final=False)


#: A bid-euchre hand (every card dealt, no upcard), dealer W: N bids 4, names spades and
#: takes five tricks, E the last (the hand of tests/engine/test_variants_bid_euchre.py).
BID_DEAL = {"N": ["JS", "JC", "AS", "KS", "AH", "9D"], "E": ["QS", "9S", "KH", "QH", "AD", "TD"],
            "S": ["TS", "9H", "TH", "KD", "QD", "JD"], "W": ["9C", "TC", "QC", "KC", "AC", "JH"]}
BID_PLAY = "JS 9S TS 9C  JC QS 9H TC  AS TD TH QC  KS KH QD KC  AH QH JD JH  9D AD KD AC"


def bid_actions(auction: str = "N bid 4; E pass; S pass; W pass; N call S",
                cards: str = BID_PLAY) -> list[list[Any]]:
    """A bid-euchre hand's actions: the auction and call as ``seat verb arg`` steps, then
    the cards in play order (the seats from the engine, so the record is played)."""
    steps: list[list[Any]] = []
    for step in auction.split(";"):
        seat, verb, *arg = step.split()
        steps.append([seat, verb, *(int(a) if a.isdigit() else a for a in arg)])
    game = Machine(load_variant("bid-euchre"), LABELS, LABELS.index("W"))
    deck = game.deck
    game.deal([[deck.parse(c) for c in BID_DEAL[s]] for s in LABELS], None)
    for action in steps:
        game.apply(action_from_json(game, action), allow_renege=True)
    for card in cards.split():
        seat = LABELS[game.to_act]
        steps.append([seat, "play", card])
        game.apply(action_from_json(game, [seat, "play", card]), allow_renege=True)
    return steps


def bid_hand(actions: list[list[Any]], final: bool = True) -> dict[str, Any]:
    """A one-hand bid-euchre record of ``actions``, results by the engine (as ``record``)."""
    return scripted_hand("bid-euchre", LABELS, "W", BID_DEAL, None, actions, final=final)


def one_hand(actions: list[list[Any]] = ACT1, **kw: Any) -> dict[str, Any]:
    return record([("N", DEAL1, "9C", actions)], **kw)


def with_actions(changes: dict[int, list[Any]]) -> list[list[Any]]:
    """``ACT1`` with some actions replaced."""
    acts = copy.deepcopy(ACT1)
    for i, action in changes.items():
        acts[i] = action
    return acts


def corrupted(changes: dict[int, list[Any]]) -> dict[str, Any]:
    """The valid one-hand record, claims and all, with some actions then replaced: a
    record whose claims were right until an action was written wrong."""
    rec = one_hand()
    rec["hands"][0]["actions"] = with_actions(changes)
    return rec


def at(text: str, anchor: str, nth: int = 0, shift: int = 0) -> tuple[int, int]:
    """Line and column (1-based) of the ``nth`` occurrence of ``anchor``, moved by ``shift``."""
    i = -1
    for _ in range(nth + 1):
        i = text.index(anchor, i + 1)
    return line_col(text, i + shift)


def line_col(text: str, i: int) -> tuple[int, int]:
    """Line and column (1-based) of offset ``i``, worked out apart from the validator's
    locators (the corpus checks them)."""
    return text.count("\n", 0, i) + 1, i - (text.rfind("\n", 0, i) + 1) + 1


def case(name: str, text: str, *problems: tuple[str, str, int, int | None, int | None,
                                                 tuple[int, int]]) -> None:
    """Write one case; each problem is (code, severity, record, hand, action, (line, col))."""
    (OUT / name).write_text(text, encoding="utf-8")
    EXPECTED[name] = [{"code": c, "severity": s, "record": r, "hand": h, "action": a,
                       "line": lc[0], "column": lc[1]} for c, s, r, h, a, lc in problems]


def compact(rec: dict[str, Any]) -> str:
    return json.dumps(rec, separators=(",", ":"))


def main() -> None:  # noqa: PLR0915 - one block per case reads best
    OUT.mkdir(exist_ok=True)
    base = one_hand()
    assert base["hands"][0]["result"]["points"] == {"N+S": 1, "E+W": 0}

    # syntax: a trailing comma; a broken line in JSON Lines (the next lines still checked)
    t = pretty(base).replace('"upcard": "9C"\n', '"upcard": "9C",\n', 1)
    case("syntax-trailing-comma.json", t,
         ("syntax", "error", 0, None, None, at(t, '"9C",\n      }', shift=12)))
    bad = compact(base).replace('"seats":["N"', '"seats":[N"', 1)
    later = compact(corrupted({3: ["S", "play", "AS"]}))
    t = f"{compact(base)}\n{bad}\n\n{later}\n"
    case("syntax-jsonl-line.jsonl", t,
         ("syntax", "error", 1, None, None, (2, bad.index('[N"') + 2)),
         ("out-of-turn", "error", 2, 0, 3, (4, later.index('["S","play","AS"]') + 1)))

    # schema
    r = one_hand()
    r["comment"], r["x-source"] = "unknown keys are errors", "x- keys are kept"
    t = pretty(r)
    case("schema-unknown-key.json", t, ("schema", "error", 0, None, None, at(t, '"comment"')))
    r = one_hand()
    del r["seats"]
    case("schema-missing-seats.json", pretty(r), ("schema", "error", 0, None, None, (1, 1)))
    r = one_hand()
    r["seats"] = ["N", "E", "S"]
    t = pretty(r)
    case("schema-seat-count.json", t,
         ("schema", "error", 0, None, None, at(t, '["N", "E", "S"]')))
    r = one_hand()
    r["seats"] = ["N", "E", "S", "W-1"]
    t = pretty(r)
    case("schema-seat-label.json", t, ("schema", "error", 0, None, None, at(t, '"W-1"')))
    t = pretty(corrupted({1: ["S", "order-up"]}))
    case("schema-unknown-verb.json", t, ("schema", "error", 0, 0, 1, at(t, '"order-up"')))
    t = pretty(corrupted({0: ["E", "pass", "now"]}))
    case("schema-action-arguments.json", t,
         ("schema", "error", 0, 0, 0, at(t, '["E", "pass", "now"]')))
    r = one_hand()
    r["hands"][0]["result"]["tricks"]["N"] = "3"
    t = pretty(r)
    case("schema-result-type.json", t, ("schema", "error", 0, 0, None, at(t, '"3"')))

    # variants: unknown id, broken inline object, broken file relative to the record
    r = one_hand()
    r["variant"] = "no-such-variant"
    t = pretty(r)
    case("unknown-variant.json", t,
         ("unknown-variant", "error", 0, None, None, at(t, '"no-such-variant"')))
    r = one_hand()
    r["variant"] = {"extends": "standard", "game": {"target": "ten"}}
    t = pretty(r)
    case("invalid-variant-inline.json", t,
         ("invalid-variant", "error", 0, None, None, at(t, '"variant": {', shift=11)))
    (OUT / "variants").mkdir(exist_ok=True)
    (OUT / "variants" / "bad-scoring.yaml").write_text(
        "# a broken variant file for the validator tests\nextends: standard\nscoring:\n"
        "  march: two\n")
    r = one_hand()
    r["variant"] = "variants/bad-scoring.yaml"
    t = pretty(r)
    case("invalid-variant-file.json", t,
         ("invalid-variant", "error", 0, None, None, at(t, '"variants/bad-scoring.yaml"')))

    # bad-card: not notation; not in the 24-card deck
    r = one_hand()
    r["hands"][0]["deal"]["hands"]["W"][3] = "1H"
    t = pretty(r)
    case("bad-card-notation.json", t, ("bad-card", "error", 0, 0, None, at(t, '"1H"')))
    t = pretty(corrupted({5: ["W", "play", "8S"]}))
    case("bad-card-not-in-deck.json", t, ("bad-card", "error", 0, 0, 5, at(t, '"8S"')))

    # bad-deal: a card dealt twice; a short hand
    r = one_hand()
    r["hands"][0]["deal"]["hands"]["W"][4] = "AS"
    t = pretty(r)
    case("bad-deal-twice.json", t,  # at the second holder: W's hand
         ("bad-deal", "error", 0, 0, None, at(t, '"AS"', nth=1)))
    r = one_hand()
    r["hands"][0]["deal"]["hands"]["E"].pop()
    t = pretty(r)
    case("bad-deal-count.json", t,
         ("bad-deal", "error", 0, 0, None, at(t, '"deal": {', shift=8)))

    # wrong-dealer: after N, E deals; the record says S (its turn order follows S)
    r = record([("N", DEAL1, "9C", ACT1), ("E", DEAL2, "AD", ACT2)])
    r["hands"][1]["dealer"] = "S"
    r["hands"][1]["actions"] = [["W", "pass"], ["N", "pass"], ["E", "pass"], ["S", "pass"]] * 2
    t = pretty(r)
    case("wrong-dealer.json", t,
         ("wrong-dealer", "error", 0, 1, None, at(t, '"dealer": "S"', shift=10)))

    # out-of-turn, illegal-action (naming the turned-down suit), card-not-held
    t = pretty(corrupted({4: ["W", "play", "9S"], 5: ["S", "play", "QS"]}))
    case("out-of-turn.json", t, ("out-of-turn", "error", 0, 0, 4, at(t, '["W", "play", "9S"]')))
    acts = [["E", "pass"], ["S", "pass"], ["W", "pass"], ["N", "pass"], ["E", "call", "C"]]
    t = pretty(one_hand(acts, final=False))
    case("illegal-action.json", t,
         ("illegal-action", "error", 0, 0, 4, at(t, '["E", "call", "C"]')))
    t = pretty(corrupted({5: ["W", "play", "KS"]}))
    case("card-not-held.json", t,
         ("card-not-held", "error", 0, 0, 5, at(t, '["W", "play", "KS"]')))

    # renege: spades led, W holds 9S TS and plays 9H; N+S are awarded 2
    reneged = with_actions({5: ["W", "play", "9H"], 9: ["W", "play", "9S"]})
    r = one_hand(reneged)
    assert r["hands"][0]["result"]["points"] == {"N+S": 2, "E+W": 0}
    t = pretty(r)
    case("renege.json", t, ("renege", "error", 0, 0, 5, at(t, '["W", "play", "9H"]')))

    # incomplete-hand: an error before another hand, a warning on the last of an open game
    r = record([("N", DEAL1, "9C", ACT1[:-2]), ("E", DEAL2, "AD", ACT2)], final=False)
    r["hands"][0]["result"] = {"scores": {"N+S": 1, "E+W": 0}}
    r["hands"][1]["result"]["scores"] = {"N+S": 1, "E+W": 0}
    t = pretty(r)
    case("incomplete-hand.json", t,
         ("incomplete-hand", "error", 0, 0, None, at(t, '"actions": [', shift=11)))
    t = pretty(one_hand(ACT1[:10], final=False))
    case("incomplete-hand-last.json", t,
         ("incomplete-hand", "warning", 0, 0, None, at(t, '"actions": [', shift=11)))

    # extra-action
    r = one_hand()
    r["hands"][0]["actions"].append(["E", "play", "AS"])
    t = pretty(r)
    case("extra-action.json", t,
         ("extra-action", "error", 0, 0, 23, at(t, '["E", "play", "AS"]', nth=1)))

    # result-mismatch: points; final winner; trump and maker
    r = one_hand()
    r["hands"][0]["result"]["points"] = {"N+S": 2, "E+W": 0}
    t = pretty(r)
    case("result-mismatch-points.json", t,
         ("result-mismatch", "error", 0, 0, None, at(t, '"points": {', shift=10)))
    r = one_hand()
    r["final"]["winner"] = "N+S"
    t = pretty(r)
    case("result-mismatch-final.json", t,
         ("result-mismatch", "error", 0, None, None, at(t, '"winner": "N+S"', shift=10)))
    r = one_hand()
    r["hands"][0]["result"].update(trump="S", maker="N")
    t = pretty(r)
    case("result-mismatch-trump.json", t,
         ("result-mismatch", "error", 0, 0, None, at(t, '"trump": "S"', shift=9)),
         ("result-mismatch", "error", 0, 0, None, at(t, '"maker": "N"', shift=9)))

    # game-over: N+S start at 9 and make the first hand; a second hand follows
    r = record([("N", DEAL1, "9C", ACT1)], start={"N+S": 9, "E+W": 4})
    assert r["final"]["winner"] == "N+S"
    r["hands"].append(record([("E", DEAL2, "AD", ACT2)])["hands"][0])
    t = pretty(r)
    case("game-over.json", t,
         ("game-over", "error", 0, 1, None, at(t, '{\n      "dealer": "E"')))

    # a called partner (five-hand-call-partner): the wrong partner claimed, a card the
    # maker may not call (its own), a call out of turn, the partner's renege
    r = called_hand()
    assert r["hands"][0]["result"]["partner"] == "B"
    assert r["hands"][0]["result"]["points"] == {"A": 0, "B": 0, "C": 2, "D": 2, "E": 2}
    r["hands"][0]["result"]["partner"] = "C"
    t = pretty(r)
    case("result-mismatch-partner.json", t,
         ("result-mismatch", "error", 0, 0, None, at(t, '"partner": "C"', shift=11)))
    t = pretty(called_hand({2: ["A", "call_partner", "KH"]}))
    case("illegal-call-partner.json", t,
         ("illegal-action", "error", 0, 0, 2, at(t, '["A", "call_partner", "KH"]')))
    t = pretty(called_hand({2: ["B", "call_partner", "AH"]}))
    case("out-of-turn-call-partner.json", t,
         ("out-of-turn", "error", 0, 0, 2, at(t, '["B", "call_partner", "AH"]')))
    # trick 1, hearts led: C holds the left bower JD and 9H but plays AC (and JD last)
    t = pretty(called_hand({5: ["C", "play", "AC"], 27: ["C", "play", "JD"]}))
    case("renege-called-partner.json", t,
         ("renege", "error", 0, 0, 5, at(t, '["C", "play", "AC"]')))

    # bid euchre: the made bid of 4 scores the makers' five tricks and E+W's one
    bid = bid_hand(bid_actions())
    assert bid["hands"][0]["result"]["points"] == {"N+S": 5, "E+W": 1}
    # a renege: E plays QH to the spade lead holding 9S and QS (and follows from then on)
    t = pretty(bid_hand(bid_actions(cards="JS QH TS 9C  JC QS 9H TC  AS 9S TH QC  "
                                          "KS TD QD KC  AH KH JD JH  9D AD KD AC")))
    case("bid-renege.json", t, ("renege", "error", 0, 0, 6, at(t, '["E", "play", "QH"]')))
    # a bid out of turn: S bids over N before E has spoken
    acts = bid_actions()
    acts[1] = ["S", "bid", 5]
    t = pretty(bid_hand(acts, final=False))
    case("bid-out-of-turn.json", t,
         ("out-of-turn", "error", 0, 0, 1, at(t, '["S", "bid", 5]')))
    # a bid that does not beat the last one
    acts = bid_actions()
    acts[1] = ["E", "bid", 4]
    t = pretty(bid_hand(acts, final=False))
    case("bid-not-higher.json", t,
         ("illegal-action", "error", 0, 0, 1, at(t, '["E", "bid", 4]')))
    # a wrong score: the made bid scored as an old-style make (1), E+W's trick forgotten
    r = copy.deepcopy(bid)
    r["hands"][0]["result"]["points"] = {"N+S": 1, "E+W": 0}
    t = pretty(r)
    case("bid-wrong-score.json", t,
         ("result-mismatch", "error", 0, 0, None, at(t, '"points": {', shift=10)))

    # several records in one JSON Lines file: each problem names its record
    ren = compact(one_hand(reneged))
    no_dealer = one_hand()
    no_dealer["hands"][0]["dealer"] = "Q"
    nod = compact(no_dealer)
    case("records.jsonl", f"{compact(base)}\n{ren}\n{nod}\n",
         ("renege", "error", 1, 0, 5, (2, ren.index('["W","play","9H"]') + 1)),
         ("schema", "error", 2, 0, None, (3, nod.index('"Q"') + 1)))

    hasenpfeffer_cases()
    double_deck_cases()

    EXPECTED_FILE.write_text(json.dumps(EXPECTED, indent=1) + "\n")
    print(f"{len(EXPECTED)} cases written to {OUT}")


# ------------------------------------------------------------- Hasenpfeffer
#: A Hasenpfeffer deal worked by hand (docs/rules.md): N holds the joker, the widow is TD.
HP_DEAL = {"N": ["JK", "AS", "KS", "QS", "9H", "TC"], "E": ["JS", "TS", "9S", "AH", "KH", "QH"],
           "S": ["JH", "TH", "AD", "KD", "QD", "JD"], "W": ["JC", "AC", "KC", "QC", "9C", "9D"]}
HP_WIDOW = ["TD"]
#: Everyone passes; N, holding the joker, must bid 3, names spades, takes TD and
#: puts it away, and leads: N takes four tricks with trump, E the last two (N+S +4,
#: E+W +2).
HP_ACTS: list[list[Any]] = [
    ["E", "pass"], ["S", "pass"], ["W", "pass"], ["N", "pass"], ["N", "bid", 3],
    ["N", "call", "S"], ["N", "discard", "TD"],
    ["N", "play", "JK"], ["E", "play", "JS"], ["S", "play", "JD"], ["W", "play", "JC"],
    ["N", "play", "AS"], ["E", "play", "TS"], ["S", "play", "JH"], ["W", "play", "9C"],
    ["N", "play", "KS"], ["E", "play", "9S"], ["S", "play", "TH"], ["W", "play", "9D"],
    ["N", "play", "QS"], ["E", "play", "QH"], ["S", "play", "QD"], ["W", "play", "QC"],
    ["N", "play", "9H"], ["E", "play", "AH"], ["S", "play", "KD"], ["W", "play", "KC"],
    ["E", "play", "KH"], ["S", "play", "AD"], ["W", "play", "AC"], ["N", "play", "TC"],
]


def hasenpfeffer_record(actions: list[list[Any]], final: bool = True) -> dict[str, Any]:
    """A one-hand Hasenpfeffer record of ``HP_DEAL`` with the engine's result."""
    return scripted_hand("hasenpfeffer", LABELS, "N", HP_DEAL, None, actions,
                         widow=list(HP_WIDOW), final=final)


def hasenpfeffer_cases() -> None:
    """A renege, a bid out of turn, a refused pass of the forced bid and a wrong score,
    each in the hand of ``HP_ACTS``."""
    base = hasenpfeffer_record(HP_ACTS)
    assert base["hands"][0]["result"]["points"] == {"N+S": 4, "E+W": 2}
    # renege: N leads AS; E holds TS and 9S and throws QH; E's 9S next trick proves it
    acts = copy.deepcopy(HP_ACTS)
    acts[12], acts[16], acts[20] = ["E", "play", "QH"], ["E", "play", "9S"], ["E", "play", "TS"]
    t = pretty(hasenpfeffer_record(acts))
    case("hasenpfeffer-renege.json", t,
         ("renege", "error", 0, 0, 12, at(t, '["E", "play", "QH"]')))
    # a bid out of turn: after E passes it is S's turn, W bids
    acts = [["E", "pass"], ["W", "bid", 3]]
    t = pretty(hasenpfeffer_record(acts, final=False))
    case("hasenpfeffer-bid-out-of-turn.json", t,
         ("out-of-turn", "error", 0, 0, 1, at(t, '["W", "bid", 3]')))
    # everyone passed: S bids the forced 3, but N holds the joker
    acts = copy.deepcopy(HP_ACTS[:4]) + [["S", "bid", 3]]
    t = pretty(hasenpfeffer_record(acts, final=False))
    case("hasenpfeffer-forced-bid-wrong-seat.json", t,
         ("out-of-turn", "error", 0, 0, 4, at(t, '["S", "bid", 3]')))
    # everyone passed: N, holding the joker, passes again
    acts = copy.deepcopy(HP_ACTS[:4]) + [["N", "pass"]]
    t = pretty(hasenpfeffer_record(acts, final=False))
    case("hasenpfeffer-forced-bid-pass.json", t,
         ("illegal-action", "error", 0, 0, 4, at(t, '["N", "pass"]', nth=1)))
    # a wrong score: the makers' four tricks written as 3 points
    r = hasenpfeffer_record(HP_ACTS)
    r["hands"][0]["result"]["points"] = {"N+S": 3, "E+W": 2}
    t = pretty(r)
    case("hasenpfeffer-wrong-score.json", t,
         ("result-mismatch", "error", 0, 0, None, at(t, '"points": {', shift=10)))


# ------------------------------------------------------------ double deck
#: A double-deck bid euchre deal: N and E hold the two copies of every heart and
#: diamond, S and W of every spade and club (tests/engine/test_double_deck.py).
DD_DEAL = {"N": "JH AH KH QH TH 9H JD AD KD QD TD 9D".split(),
           "E": "JH2 AH2 KH2 QH2 TH2 9H2 JD2 AD2 KD2 QD2 TD2 9D2".split(),
           "S": "JS AS KS QS TS 9S JC AC KC QC TC 9C".split(),
           "W": "JS2 AS2 KS2 QS2 TS2 9S2 JC2 AC2 KC2 QC2 TC2 9C2".split()}
#: W deals; N bids 6 and names hearts, the others pass.
DD_BIDS: list[list[Any]] = [["N", "bid", 6], ["E", "pass"], ["S", "pass"], ["W", "pass"],
                            ["N", "call", "H"]]


def double_deck_plays(renege: bool) -> list[list[Any]]:
    """The play of ``DD_DEAL`` after ``DD_BIDS``: every seat plays the first legal
    card in the order a record lists cards (trump first, high first).  With
    ``renege``, to N's lead of the right bower E throws its 9 of diamonds (the
    second copy) although it holds trumps, and plays on by the same order."""
    game = Machine(load_variant("double-deck-bid"), LABELS, LABELS.index("W"))
    deck = game.deck
    game.deal([[deck.parse(c) for c in DD_DEAL[s]] for s in LABELS])
    for action in DD_BIDS:
        game.apply(action_from_json(game, action))
    out: list[list[Any]] = []
    while not game.hand_over:
        seat = game.to_act
        legal = 0
        for a in game.legal_actions():
            legal |= 1 << a.arg  # type: ignore[operator]
        card = deck.sorted_cards(legal, game.trump)[0]
        if renege and len(out) == 1:  # E, second to the first trick
            card = deck.parse("9D2")
        out.append([LABELS[seat], "play", deck.names[card]])
        game.apply(action_from_json(game, out[-1]), allow_renege=True)
    return out


def double_deck_record(plays: list[list[Any]]) -> dict[str, Any]:
    return scripted_hand("double-deck-bid", LABELS, "W", DD_DEAL, None, DD_BIDS + plays)


def double_deck_cases() -> None:
    """A renege and a wrong score in a double-deck hand."""
    base = double_deck_record(double_deck_plays(False))
    assert base["hands"][0]["result"]["points"] == {"N+S": 12, "E+W": 0}, base["hands"][0]
    plays = double_deck_plays(True)
    at_renege = next(i for i, (a, b) in enumerate(zip(plays, double_deck_plays(False)))
                     if a != b)
    t = pretty(double_deck_record(plays))
    case("double-deck-renege.json", t,
         ("renege", "error", 0, 0, len(DD_BIDS) + at_renege,
          at(t, json.dumps(plays[at_renege]))))
    # a wrong score: the makers' twelve tricks written as 6 points
    r = copy.deepcopy(base)
    r["hands"][0]["result"]["points"] = {"N+S": 6, "E+W": 0}
    t = pretty(r)
    case("double-deck-wrong-score.json", t,
         ("result-mismatch", "error", 0, 0, None, at(t, '"points": {', shift=10)))


if __name__ == "__main__":
    main()
