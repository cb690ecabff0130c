"""The learned bidder (``pimc:bidding=learned``): its weights, its spec, the variants it
bids and refuses, its choices and their features, and its training script at a tiny size."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from euchre_dsl.engine.actions import CALL, ORDER_UP, PASS, PLAYING
from euchre_dsl.engine.machine import Machine
from euchre_dsl.engine.play import legal_plays
from euchre_dsl.engine.view import SeatView
from euchre_dsl.rules.registry import load_variant, shipped_ids
from euchre_dsl.sim.bots import BotSpecError, make_bot, parse_bot_spec
from euchre_dsl.sim.bots.learned_bidding import (
    FEATURES, KINDS, LearnedBidder, LearnedBiddingError, UnsupportedVariant, features,
    load_model, mismatch, WEIGHTS,
)
from euchre_dsl.sim.bots.pimc import PimcBot
from euchre_dsl.sim.bots.rule import RuleBot, TableRead
from tests.bench_tools import load_bench

SPEC = "pimc:bidding=learned,worlds=4,bid_worlds=4"


def start(hands: list[str], upcard: str, dealer: int = 0) -> Machine:
    game = Machine(load_variant("standard"), dealer=dealer)
    d = game.deck
    game.deal([[d.parse(c) for c in h.split()] for h in hands], upcard=d.parse(upcard))
    return game


def test_the_shipped_weights_load_and_are_small() -> None:
    model = load_model()
    assert set(model.weights) == set(KINDS)
    assert all(len(w) == len(FEATURES) for w in model.weights.values())
    assert mismatch(load_variant("standard"), model.trained_on) is None
    assert WEIGHTS.stat().st_size < 20_000  # plain JSON beside the module


def test_bad_weights_are_refused_naming_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "w.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(LearnedBiddingError, match="w.json: cannot read"):
        load_model(bad)
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    data["weights"]["order"] = data["weights"]["order"][:-1]
    bad.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LearnedBiddingError, match="'order' must be 18 numbers"):
        load_model(bad)


def test_the_spec_parses_and_checks_its_value() -> None:
    spec = parse_bot_spec("pimc:bidding=learned")
    assert spec.params == {"bidding": "learned"}
    bot = make_bot(spec, load_variant("standard"), random.Random(0))
    assert isinstance(bot, PimcBot) and isinstance(bot.bidder, LearnedBidder)
    plain = make_bot("pimc", load_variant("standard"), random.Random(0))
    assert isinstance(plain, PimcBot) and plain.bidder is None
    with pytest.raises(BotSpecError, match="'magic' is not one of search, learned"):
        parse_bot_spec("pimc:bidding=magic")


def play_hand(spec: str, variant: str, seed: int) -> list[object]:
    rules = load_variant(variant)
    bots = [make_bot(spec, rules, random.Random(f"{seed}:{s}")) for s in range(rules.players.count)]
    game = Machine(rules, dealer=seed % rules.players.count)
    game.deal_random(random.Random(seed))
    while not game.hand_over:
        s = game.to_act
        if game.phase == PLAYING:
            game.play(s, bots[s].play(SeatView(game, s), legal_plays(game, s)))
        else:
            game.apply(bots[s].act(SeatView(game, s), game.legal_actions()))
    return list(game.hand_log)


@pytest.mark.parametrize("variant", shipped_ids())
def test_every_variant_is_played_or_refused_by_name(variant: str) -> None:
    rules = load_variant(variant)
    differs = mismatch(rules, load_model().trained_on)
    if differs is None:
        actions = play_hand(SPEC, variant, 3)
        assert actions
        return
    with pytest.raises(UnsupportedVariant) as err:
        make_bot(SPEC, rules, random.Random(0))
    text = str(err.value)
    assert f"variant {variant!r}" in text and differs in text and "standard euchre" in text
    assert "bidding=search" in text


def test_standard_is_bid_and_a_seed_replays_the_same_hand() -> None:
    assert play_hand(SPEC, "standard", 5) == play_hand(SPEC, "standard", 5)


def test_the_features_of_an_order_up() -> None:
    # dealer N (0); E (seat 1, the dealer's left) holds both black jacks and the ace of
    # spades, the jack of spades turned: an opponent (the dealer) takes the right bower
    game = start(["9H TH QH 9D TD", "JC AS KS AH AD", "9C TC QC KC AC",
                  "QS TS 9S JD QD"], "JS")
    view = SeatView(game, 1)
    rule = RuleBot(game.rules, random.Random(0))
    order = next(a for a in game.legal_actions() if a.verb == ORDER_UP and not a.alone)
    x = dict(zip(FEATURES, features(view, order, rule, TableRead(view))))
    assert x["trumps"] == 3 and x["left"] == 1 and x["right"] == 0 and x["ace"] == 1
    assert x["king_queen"] == 1 and x["side_aces"] == 2 and x["voids"] == 1
    assert x["up_opponent"] == 1 and x["up_partner"] == 0 and x["up_bower"] == -1
    assert x["seat1"] == 1 and x["seat2"] == 0 and x["throws_in"] == 0


def test_a_strong_hand_orders_up_and_a_trumpless_one_passes() -> None:
    rules = load_variant("standard")
    bot = make_bot("pimc:bidding=learned", rules, random.Random(0))
    # E, the dealer's left, holds the right and left bowers, the ace and king of hearts
    game = start(["9S TS QS 9D TD", "JH JD AH KH AC", "9C TC QC KC AS",
                  "KS JS JC QD KD"], "QH")
    order = bot.act(SeatView(game, 1), game.legal_actions())
    assert order.verb == ORDER_UP
    game = start(["9H TH QH 9D TD", "9C TC QC KC AC", "JH JD AH KH AS",
                  "KS JS JC QD KD"], "9S")
    assert bot.act(SeatView(game, 1), game.legal_actions()).verb == PASS


def test_the_hint_gives_the_choice_first_with_values() -> None:
    rules = load_variant("standard")
    bot = make_bot("pimc:bidding=learned", rules, random.Random(0))
    assert isinstance(bot, PimcBot)
    # the right bower, A-K-10 of hearts: strong, but not both bowers (with them the
    # pass is no option: the table truths)
    game = start(["9S TS QS 9D TD", "JH TH AH KH AC", "9C TC QC KC AS",
                  "KS JS JC QD KD"], "QH")
    view = SeatView(game, 1)
    values = bot.option_values(view, game.legal_actions())
    assert values[0][0] == bot.act(view, game.legal_actions())
    assert [v for _a, v in values[1:]] == sorted((v for _a, v in values[1:]), reverse=True)
    assert any(a.verb == PASS and v == 0.0 for a, v in values)


def test_the_training_script_at_a_tiny_size(tmp_path: Path) -> None:
    bench = load_bench("learned_bidding")
    rows = tmp_path / "dd.jsonl"
    assert bench.main(["data", "--target", "dd", "--deals", "6", "-o", str(rows)]) == 0
    lines = [json.loads(line) for line in rows.read_text(encoding="utf-8").splitlines()]
    assert lines and all(k in KINDS and len(x) == len(FEATURES) for k, x, _y in lines)
    assert bench.main(["data", "--target", "dd", "--deals", "6", "-o",
                       str(tmp_path / "again.jsonl")]) == 0
    assert (tmp_path / "again.jsonl").read_bytes() == rows.read_bytes()  # seeded
    out = tmp_path / "w.json"
    assert bench.main(["fit", "--dd", str(rows), "-o", str(out)]) == 0
    model = load_model(out)
    assert set(model.weights) == set(KINDS)


def test_a_call_is_one_of_the_kinds() -> None:
    game = start(["9S TS QS 9D TD", "JH JD AH KH AC", "9C TC QC KC AS",
                  "KS JS JC QD KD"], "AD")
    for _ in range(4):  # everyone passes the clubs
        game.apply(next(a for a in game.legal_actions() if a.verb == PASS))
    legal = game.legal_actions()
    assert any(a.verb == CALL for a in legal) and LearnedBidder.decides(legal)
    bot = make_bot("pimc:bidding=learned", game.rules, random.Random(0))
    chosen = bot.act(SeatView(game, game.to_act), legal)
    assert chosen.verb == CALL and chosen.arg == game.deck.suit(game.deck.parse("AH"))
