"""OpenSpiel interop: decoding histories, encoding records, and a differential test
against the real OpenSpiel engine (``pyspiel``, installed by CI as a test dependency).

The differential tests play seeded random games on both sides and require the
two engines to agree on every action's legality, every trick winner and every
score.  Counters make sure the rule corners where OpenSpiel differs from
standard euchre (lone defenders, a stuck dealer, the dealer exchanging for a
partner who goes alone) were actually reached.
"""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from typing import Any

import pytest

from euchre_dsl.cards import Deck
from euchre_dsl.engine.machine import Machine, HandResult
from euchre_dsl.errors import EuchreError
from euchre_dsl.interop.openspiel import (
    VARIANT_PARAMS, OpenSpielHistoryError, OpenSpielParams, card_from_openspiel,
    card_to_openspiel, convert_items, decode_history, history_to_record, params_for_rules,
    record_to_histories,
)
from euchre_dsl.records.reader import iter_jsonl
from euchre_dsl.records.writer import game_record, hand_record
from euchre_dsl.rules.registry import compile_data, load_variant
from euchre_dsl.validate.validator import Validator

DECK = Deck("9", False)

# A finished game of euchre(allow_lone_defender=true,stick_the_dealer=true): East deals,
# South orders up the ten of diamonds alone, East discards the jack of clubs, West
# defends alone and takes four tricks (OpenSpiel returns [-4, 4, -4, 4]).
LONE_VS_LONE = [1, 18, 2, 9, 4, 19, 17, 21, 15, 8, 1, 12, 0, 13, 14, 23, 3, 22, 7, 20, 6, 5,
                26, 8, 29, 29, 17, 9, 23, 7, 20, 14, 12, 1, 2, 21]


def _fail(history: list[Any], params: OpenSpielParams = VARIANT_PARAMS) -> OpenSpielHistoryError:
    with pytest.raises(OpenSpielHistoryError) as info:
        decode_history(history, params)
    return info.value


# ------------------------------------------------------------------ encoding
def test_card_ids_are_rank_major_with_suits_c_d_h_s() -> None:
    assert [DECK.names[card_from_openspiel(i)] for i in (0, 1, 2, 3, 8, 23)] == \
        ["9C", "9D", "9H", "9S", "JC", "AS"]
    assert all(card_to_openspiel(card_from_openspiel(i)) == i for i in range(24))


def test_game_strings() -> None:
    assert OpenSpielParams.parse("euchre") == OpenSpielParams(False, True)
    assert OpenSpielParams.parse(VARIANT_PARAMS.game_string()) == VARIANT_PARAMS
    assert OpenSpielParams.parse("euchre(stick_the_dealer=False)") == OpenSpielParams(False, False)
    with pytest.raises(ValueError, match="unknown euchre parameter 'lone'"):
        OpenSpielParams.parse("euchre(lone=true)")
    with pytest.raises(ValueError, match="takes true or false"):
        OpenSpielParams.parse("euchre(stick_the_dealer=1)")
    with pytest.raises(ValueError, match="not an OpenSpiel euchre game string"):
        OpenSpielParams.parse("bridge")


def test_the_shipped_variant_is_the_both_true_game() -> None:
    assert VARIANT_PARAMS.variant() == "openspiel"
    assert params_for_rules(load_variant("openspiel")) == VARIANT_PARAMS
    # standard euchre is OpenSpiel's game with both parameters off, hand by hand
    assert params_for_rules(load_variant("standard")) == OpenSpielParams(False, False)
    inline = OpenSpielParams(False, False).ruleset()
    assert not inline.bidding.stick_the_dealer and inline.alone.defend_alone == "off"
    assert inline.game.deals == 1 and inline.alone.dealer_exchanges_when_partner_alone


def test_variants_openspiel_cannot_play_are_refused_by_name() -> None:
    with pytest.raises(EuchreError) as info:
        params_for_rules(load_variant("defenders-bonus"))
    message = info.value.problems[0].message
    assert info.value.problems[0].code == "unsupported-rules"
    assert "alone.defend_alone is \"vs_lone_maker\"" in message
    assert "scoring.alone_make is 2 (OpenSpiel: 1)" in message


# ------------------------------------------------------------------ decoding
def test_decoding_puts_actions_in_ehh_order() -> None:
    record = history_to_record(LONE_VS_LONE)
    assert record["variant"] == "openspiel" and record["seats"] == ["N", "E", "S", "W"]
    hand = record["hands"][0]
    assert hand["dealer"] == "E"
    assert hand["deal"]["upcard"] == "TD"
    assert hand["deal"]["hands"]["E"] == ["KS", "AH", "KH", "QD", "JC"]
    # OpenSpiel: Diamonds, discard JC, Alone, (W) Alone; ehh/1 carries "alone" on the
    # order-up and the discard right after it
    assert hand["actions"][:4] == [["S", "order_up", "alone"], ["E", "discard", "JC"],
                                   ["W", "defend_alone"], ["S", "play", "KD"]]
    assert len(hand["actions"]) == 3 + 10  # two cards a trick
    assert hand["result"]["tricks"] == {"N": 0, "E": 0, "S": 1, "W": 4}
    assert hand["result"]["points"] == {"N+S": 0, "E+W": 4}
    assert record["final"] == {"scores": {"N+S": 0, "E+W": 4}, "winner": "E+W"}
    assert Validator().validate(record) == []


def test_declined_decisions_are_not_recorded() -> None:
    # same deal: South orders up with partner, both defenders decline (30, 30)
    history = LONE_VS_LONE[:22] + [26, 8, 30, 30, 30]
    decoded = _fail(history)
    assert "the history stops after 27 actions" in decoded.message
    assert "S's card in trick 1" in decoded.message  # dealer+1 leads


@pytest.mark.parametrize("history, position, words", [
    ([4], 0, "expected the dealer (a chance outcome 0-3), got 4"),
    ([0, 31], 1, "got 31 (no such action: ids are 0-30)"),
    ([0, 5, 5], 2, "5 (card TD) was already dealt at position 1"),
    ([0, "9C"], 1, "\"9C\" is not an action id"),
    ([0, True], 1, "true is not an action id"),
    (LONE_VS_LONE[:22] + [29], 22, "expected S's bid (24 Pass, 25-28 a trump suit), got 29"),
    (LONE_VS_LONE[:22] + [25], 22, "in the first round a player may only order up the upcard"),
    (LONE_VS_LONE[:22] + [26, 26], 23, "E's discard after the order-up (a card 0-23), got 26"),
    (LONE_VS_LONE[:22] + [26, 5], 23, "E may not discard the upcard TD itself"),
    (LONE_VS_LONE[:22] + [24] * 4 + [26], 26, "diamonds were turned down and may not be named"),
    (LONE_VS_LONE[:24] + [28], 24, "S's decision as maker (29 Alone, 30 Partner), got 28"),
    (LONE_VS_LONE[:26] + [0], 26, "S played 9C, which N holds"),
    (LONE_VS_LONE + [0], 36, "the game is over after 36 actions, but the history goes on"),
    (LONE_VS_LONE[:30], 30, "the history stops after 30 actions, where W's card in trick 3"),
])
def test_bad_histories_name_the_position(history: list[Any], position: int, words: str) -> None:
    err = _fail(history)
    assert err.position == position
    assert words in err.message


def test_a_renege_is_refused() -> None:
    # trick 1: S leads KD (trump); W holds JD, AD and must follow: AS is a renege
    err = _fail(LONE_VS_LONE[:27] + [23])
    assert err.position == 27 and "W reneged in trick 1" in err.message


def test_wrong_game_parameters_get_a_hint() -> None:
    stuck = LONE_VS_LONE[:22] + [24] * 8
    err = _fail(stuck)
    assert err.position == 29 and "the dealer must name trump" in err.message
    assert err.hint is not None and "stick_the_dealer=false" in err.hint
    record = history_to_record(stuck, OpenSpielParams(True, False))
    assert record["hands"][0]["result"]["trump"] is None
    assert record["final"] == {"scores": {"N+S": 0, "E+W": 0}, "winner": ["N+S", "E+W"]}
    assert record["variant"]["bidding"] == {"stick_the_dealer": False}

    no_defence = LONE_VS_LONE[:25] + LONE_VS_LONE[26:]  # as if allow_lone_defender=false
    err = _fail(no_defence)
    assert err.position == 25 and "W's decision as a defender" in err.message
    assert err.hint is not None and "allow_lone_defender=false" in err.hint
    err = _fail(LONE_VS_LONE, OpenSpielParams(False, True))
    assert err.position == 25 and "allow_lone_defender=true" in (err.hint or "")


def test_json_lines_problems_carry_line_and_column() -> None:
    lines = [json.dumps(LONE_VS_LONE),
             "",
             json.dumps({"history": LONE_VS_LONE[:5] + [99] + LONE_VS_LONE[6:]}),
             "[1, 2,",
             json.dumps({"moves": []}),
             json.dumps({"history": LONE_VS_LONE[:22] + [24] * 8, "game": "euchre(stick_the_"
                         "dealer=false,allow_lone_defender=true)"}),
             json.dumps({"history": [], "game": "euchre(x=1)"})]
    data = io.BytesIO("\n".join(lines).encode())
    out = list(convert_items(iter_jsonl(data, "h.jsonl"), "h.jsonl"))
    assert [c.line for c in out] == [1, 3, 4, 5, 6, 7]
    assert out[0].record is not None and out[0].problem is None
    p = out[1].problem
    assert p is not None and p.code == "bad-history" and p.record == 1
    assert (p.location.file, p.location.line) == ("h.jsonl", 3)
    assert lines[2][p.location.column - 1:].startswith("99")  # type: ignore[operator]
    assert p.message.startswith("history[5]: expected dealt card 5 of 20, to E")
    assert out[2].problem is not None and out[2].problem.code == "syntax"
    assert out[3].problem is not None and out[3].problem.code == "schema"
    assert out[4].record is not None  # the line's own game string wins
    assert out[5].problem is not None and "unknown euchre parameter 'x'" in \
        out[5].problem.message


# ------------------------------------------------------------------ encoding records
def _engine_hand(rules_id: str, rng: random.Random) -> tuple[HandResult, dict[str, Any]]:
    """One hand of our engine with random legal decisions, as a one-hand record;
    bidders pass three times in four (stuck dealers and all-pass deals come up)."""
    game = Machine(load_variant(rules_id), dealer=rng.randrange(4))
    game.deal_random(rng)
    dealt = [game.hand_of(s) for s in range(4)]
    upcard, dealer = game.upcard, game.dealer
    while not game.hand_over:
        legal = game.legal_actions()
        passes = [a for a in legal if a.verb == "pass"]
        game.apply(passes[0] if passes and rng.random() < 0.75 else rng.choice(legal))
    hand = hand_record(game, dealer, dealt, upcard, None)
    return game.results[0], game_record(game, rules_id, [hand])


def test_unconvertible_records_are_refused_with_codes() -> None:
    rng = random.Random(5)
    _, record = _engine_hand("openspiel", rng)
    hidden = json.loads(json.dumps(record))
    hidden["hands"][0]["deal"]["hands"]["N"][0] = "??"
    with pytest.raises(EuchreError) as info:
        record_to_histories(hidden)
    assert info.value.problems[0].code == "unknown-card"

    broken = json.loads(json.dumps(record))
    broken["hands"][0]["actions"].pop()
    with pytest.raises(EuchreError) as info:
        record_to_histories(broken)  # invalid records: the validator's problems
    assert "result-mismatch" in {p.code for p in info.value.problems}

    house = {"extends": "openspiel", "id": "house", "scoring": {"make": 2}}
    game = Machine(compile_data(house), dealer=0)
    game.deal_random(rng)
    dealt, upcard = [game.hand_of(s) for s in range(4)], game.upcard
    while not game.hand_over:
        game.apply(rng.choice(game.legal_actions()))
    valid = game_record(game, house, [hand_record(game, 0, dealt, upcard, None)])
    with pytest.raises(EuchreError) as info:
        record_to_histories(valid)
    assert [p.code for p in info.value.problems] == ["unsupported-rules"]
    assert "variant 'house': scoring.make is 2 (OpenSpiel: 1)" in info.value.problems[0].message


def test_a_standard_partner_loner_without_exchange_is_refused() -> None:
    # East deals; West (the dealer's partner) orders up alone; standard: East sits out
    rules = load_variant("standard")
    game = Machine(rules, dealer=1)
    hands = [[DECK.parse(c) for c in h.split()] for h in
             ("9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS")]
    upcard = DECK.parse("JS")
    game.deal(hands, upcard)
    game.pass_(2)
    game.order_up(3, alone=True)
    while not game.hand_over:
        game.apply(game.legal_actions()[0])
    masks = [DECK.mask(h) for h in hands]
    record = game_record(game, "standard", [hand_record(game, 1, masks, upcard, None)])
    with pytest.raises(EuchreError) as info:
        record_to_histories(record)
    problem = info.value.problems[0]
    assert problem.code == "unsupported-rules" and problem.action == 1
    assert "OpenSpiel's dealer always takes it and discards" in problem.message


# ------------------------------------------------------------------ differential
@pytest.fixture(scope="module")
def pyspiel() -> Any:
    return pytest.importorskip("pyspiel")


PASS = 24


def _random_openspiel_game(game: Any, rng: random.Random) -> Any:
    """A random game; bidders pass three times in four, so that stuck dealers and
    all-pass deals come up often."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        legal = state.legal_actions()
        if PASS in legal and rng.random() < 0.75:
            state.apply_action(PASS)
        else:
            state.apply_action(rng.choice(legal))
    return state


def _openspiel_outcome(state: Any) -> tuple[tuple[int, ...], tuple[int, int]]:
    """Trick winners and, per side (N+S, E+W), the points the winning side scores."""
    winners = tuple(t.winner() for t in state.tricks()) if state.num_cards_played() else ()
    returns = state.returns()
    return winners, (max(int(returns[0]), 0), max(int(returns[1]), 0))


def _per_seat_deal(history: list[int]) -> list[list[int]]:
    """The dealer, each seat's dealt cards (as sets; ehh/1 keeps no deal order), the rest."""
    return [history[:1], *(sorted(history[1 + k:21:4]) for k in range(4)), history[21:]]


@pytest.mark.parametrize("params, games, seed", [
    (VARIANT_PARAMS, 2000, 1),
    (OpenSpielParams(False, True), 700, 2),  # OpenSpiel's defaults
    (OpenSpielParams(True, False), 700, 3),
    (OpenSpielParams(False, False), 700, 4),
], ids=lambda v: v.game_string() if isinstance(v, OpenSpielParams) else str(v))
def test_openspiel_games_convert_validate_and_agree(pyspiel: Any, params: OpenSpielParams,
                                                   games: int, seed: int) -> None:
    game = pyspiel.load_game(params.game_string())
    rng = random.Random(seed)
    validator = Validator()
    seen: Counter[str] = Counter()
    for _ in range(games):
        state = _random_openspiel_game(game, rng)
        history = state.history()
        decoded = decode_history(history, params)
        record = decoded.record()
        assert validator.validate(record) == [], history
        result = decoded.game.results[0]
        winners, points = _openspiel_outcome(state)
        assert result.trick_winners == winners, history
        assert result.points == points, history
        assert tuple(record["hands"][0]["result"]["points"].values()) == points
        back_params, backs = record_to_histories(record, validator=validator)
        assert back_params == params
        assert _per_seat_deal(backs[0]) == _per_seat_deal(history)
        seen.update(_corners(state, result))
    assert seen["games"] == games
    if params.allow_lone_defender:
        for corner in ("lone defender", "lone maker vs lone defender", "lone defender euchre",
                       "lone defender loses"):
            assert seen[corner] > 0, corner
    assert seen["dealer named after seven passes"] > 0
    assert seen["thrown in"] == 0 if params.stick_the_dealer else seen["thrown in"] > 0
    for corner in ("partner alone, dealer exchanged", "lone maker march", "march", "euchre"):
        assert seen[corner] > 0, corner


def _corners(state: Any, result: HandResult) -> list[str]:
    """The rule corners one OpenSpiel game reached."""
    out = ["games"]
    if result.maker is None:
        return out + ["thrown in"]
    if state.num_passes() == 7 and result.maker == state.dealer():
        out.append("dealer named after seven passes")
    if result.lone_defender is not None:
        out.append("lone defender")
        out.append("lone defender euchre" if max(result.points) == 4 and
                   result.points[result.maker % 2] == 0 else "lone defender loses")
        if result.alone:
            out.append("lone maker vs lone defender")
    if result.alone and result.maker == (state.dealer() + 2) % 4 and state.num_passes() < 4:
        out.append("partner alone, dealer exchanged")
    made = sum(t for s, t in enumerate(result.tricks) if s % 2 == result.maker % 2)
    if made == 5:
        out.append("lone maker march" if result.alone else "march")
    elif made < 3:
        out.append("euchre")
    return out


@pytest.mark.parametrize("variant, hands, seed", [("openspiel", 600, 11), ("standard", 500, 12)])
def test_our_hands_replay_in_openspiel(pyspiel: Any, variant: str, hands: int,
                                       seed: int) -> None:
    rng = random.Random(seed)
    validator = Validator()
    game = pyspiel.load_game(params_for_rules(load_variant(variant)).game_string())
    seen: Counter[str] = Counter()
    for _ in range(hands):
        result, record = _engine_hand(variant, rng)
        try:
            params, histories = record_to_histories(record, validator=validator)
        except EuchreError as exc:
            # standard only: the dealer's partner ordered up alone and the dealer sat out
            assert variant == "standard"
            assert [p.code for p in exc.problems] == ["unsupported-rules"]
            assert result.alone and result.maker == (result.dealer + 2) % 4
            seen["refused"] += 1
            continue
        assert params == OpenSpielParams.parse(str(game))
        state = game.new_initial_state()
        for action in histories[0]:
            state.apply_action_with_legality_check(action)
        assert state.is_terminal()
        assert _openspiel_outcome(state) == (result.trick_winners, result.points)
        seen.update(_corners(state, result))
    assert seen["games"] + seen["refused"] == hands
    for corner in ("partner alone, dealer exchanged", "lone defender", "dealer named after "
                   "seven passes") if variant == "openspiel" else ("refused", "thrown in"):
        assert seen[corner] > 0, corner
