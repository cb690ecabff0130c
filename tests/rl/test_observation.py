"""The observation tensor: it never reveals a hidden card, and its layout is whole."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("gymnasium")

from euchre_dsl.engine.machine import Machine  # noqa: E402
from euchre_dsl import Action, IllegalAction, load_variant, shipped_ids  # noqa: E402
from euchre_dsl.cards import mask_cards  # noqa: E402
from euchre_dsl.engine.actions import DISCARD, GIVE  # noqa: E402
from euchre_dsl.rl.observation import LAYOUT_VERSION, Encoder  # noqa: E402
from euchre_dsl.rl.episode import Episode  # noqa: E402
from euchre_dsl.engine.view import SeatView  # noqa: E402


def known_to(game: Machine, seat: int) -> int:
    """Cards ``seat`` has seen: its own, the upcard, every card played, its own
    discards and the cards it gave or was given."""
    view = SeatView(game, seat)
    known = view.dealt | view.hand | view.discarded | game.played
    if game.upcard is not None:
        known |= 1 << game.upcard
    for s, verb, arg, _ in view.seen_log():
        if verb in (DISCARD, GIVE) and arg is not None:
            known |= 1 << arg
    return known


def redealt(game: Machine, actions: list[Action], seat: int,
            rng: random.Random) -> Machine | None:
    """The same hand replayed with every card ``seat`` has not seen dealt anew: a
    permutation of the hidden cards applied to the deal and to every action of the
    hand (``actions``, declines included: the hand log leaves them out).
    ``None`` when the permutation makes an action illegal (a renege shown by a
    show-out, say); the caller draws another."""
    hidden = [c for c in range(game.deck.size) if not (known_to(game, seat) >> c) & 1]
    moved = hidden[:]
    rng.shuffle(moved)
    perm = dict(zip(hidden, moved))

    def p(c: int) -> int:
        return perm.get(c, c)

    world = Machine(game.rules, game.labels, game.dealer, game.scores)
    world.deals = game.deals
    world.drop_streak = list(game.drop_streak)
    hands = [[p(c) for c in mask_cards(m)] for m in game.dealt]
    upcard = game.upcard
    widow = [p(c) for c in mask_cards(game.widow)] if game.rules.deal.widow else None
    kitty = [p(c) for c in game.kitty] if game.kitty else None
    world.deal(hands, upcard, widow, kitty)  # type: ignore[arg-type]
    try:
        for s, verb, arg, alone in actions:
            card = verb in (DISCARD, GIVE) and arg is not None  # other args are no cards
            world.act(s, verb, p(arg) if card else arg, alone)  # type: ignore[arg-type]
    except IllegalAction:
        return None
    return world


@pytest.mark.parametrize("variant", shipped_ids())
def test_an_observation_never_reveals_a_hidden_card(variant: str) -> None:
    rules = load_variant(variant)
    table = Episode(rules, episode="game")
    enc = table.encoder
    rng = random.Random(variant)
    table.reset(seed=11)
    checked = changed = 0
    actions: list[Action] = []
    hand = (table.unit, table.hand)
    for step in range(400):
        if table.done:
            table.reset()
        if (table.unit, table.hand) != hand:
            actions, hand = [], (table.unit, table.hand)
        g = table.game
        if step % 3 == 0:
            for seat in range(g.n):
                mine = enc.bits(SeatView(g, seat))
                for _ in range(30):
                    world = redealt(g, actions, seat, rng)
                    if world is not None:
                        break
                if world is None:
                    continue
                assert enc.bits(SeatView(world, seat)) == mine, \
                    f"seat {seat} of {variant} sees a difference in the hidden cards"
                checked += 1
                changed += any(world.sure[s] != g.sure[s] for s in range(g.n))
        index = rng.choice(list(mask_cards(table.legal_mask())))
        actions.append(table.space.action(g, index))
        table.step(index)
    assert checked > 100 and changed > 50  # the test re-dealt real differences


def test_the_seat_s_own_cards_are_seen() -> None:
    """The check above is not vacuous: a different hand of one's own is seen."""
    rules = load_variant("standard")
    enc = Encoder(rules)
    a, b = Machine(rules, dealer=0), Machine(rules, dealer=0)
    deck = a.deck
    hands = [[deck.parse(c) for c in h.split()] for h in
             ("9C TC JC QC KC", "AC 9D TD JD QD", "KD AD 9H TH JH", "QH KH AH 9S TS")]
    a.deal(hands, upcard=deck.parse("JS"))
    hands[1], hands[0] = hands[0], hands[1]
    b.deal(hands, upcard=deck.parse("JS"))
    assert enc.bits(SeatView(a, 0)) != enc.bits(SeatView(b, 0))
    assert enc.bits(SeatView(a, 2)) == enc.bits(SeatView(b, 2))


@pytest.mark.parametrize("variant", shipped_ids())
def test_the_segments_tile_the_vector(variant: str) -> None:
    enc = Encoder(load_variant(variant))
    at = 0
    for seg in enc.describe():
        assert seg.offset == at and seg.size >= 0 and seg.meaning
        at += seg.size
    assert at == enc.size
    assert LAYOUT_VERSION == 1


def test_an_observation_is_an_int8_vector_of_the_bits() -> None:
    table = Episode(load_variant("standard"))
    table.reset(seed=2)
    seat = table.to_act
    bits = table.observation_bits(seat)
    arr = table.observe(seat)
    assert arr.dtype.name == "int8" and arr.shape == (table.encoder.size,)
    assert sum(int(v) << i for i, v in enumerate(arr)) == bits
    hand = table.encoder.segments[0]
    assert hand.name == "hand"
    assert {i for i in range(hand.size) if arr[i]} == set(mask_cards(table.game.sure[seat]))


@pytest.mark.parametrize("variant", ["standard", "buck", "six-hand"])
def test_the_tricks_and_history_segments_hold_the_hand(variant: str) -> None:
    """Decoded back, the segments give every play (trick, leader, seat, card) and
    every public action outside the play, in order."""
    rules = load_variant(variant)
    table = Episode(rules)
    enc = table.encoder
    rng = random.Random(7)
    table.reset(seed=5)
    while not table.game.trick_winners and not table.done or len(table.game.trick) < 2:
        if table.done:
            table.reset()
        table.step(rng.choice(list(mask_cards(table.legal_mask()))))
    g = table.game
    me = g.to_act
    bits = enc.bits(SeatView(g, me))
    seg = {s.name: s for s in enc.describe()}
    n, d = enc.n, enc.d
    per = g.active.count(True)
    plays = [(s, c) for s, verb, c, _ in g.hand_log if verb == "play"]
    for i, (seat, card) in enumerate(plays):
        t, pos = divmod(i, per)
        base = seg["tricks"].offset + t * enc.trick_size
        r = (seat - me) % n
        assert (bits >> (base + n + r * d + card)) & 1
        assert ((bits >> (base + r)) & 1) == (pos == 0)
    tricks = (bits >> seg["tricks"].offset) & ((1 << seg["tricks"].size) - 1)
    assert tricks.bit_count() == len(plays) + -(-len(plays) // per)
    public = [a for a in SeatView(g, me).seen_log() if a[1] != "play"]
    history = (bits >> seg["history"].offset) & ((1 << seg["history"].size) - 1)
    assert history.bit_count() == 2 * len(public)
    for slot, (seat, *_rest) in enumerate(public):
        assert (history >> (slot * enc.slot_size + (seat - me) % n)) & 1
