"""The bot interface: a bot sees only its seat's view; bots are named by specs."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Sequence

import pytest

from euchre_dsl.engine.actions import DISCARD, GIVE, PLAY, PLAYING, Action
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.rules.ruleset import RuleSet
from euchre_dsl.sim.bots import (
    BotError, BotSpecError, CheckedBot, Param, RandomBot, make_bot, make_bots, parse_bot_spec,
    split_line_up,
)
from euchre_dsl.sim.deals import Deals
from euchre_dsl.sim.runner import play_game


@pytest.fixture(autouse=True)
def _checkout_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plug-in specs name this module as ``tests.sim.test_bots_interface``: the
    checkout must be importable whether this file runs alone or in the whole suite
    (where an earlier test happened to put it on the path)."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
from euchre_dsl.engine.view import SeatView


def snapshot(view: SeatView) -> dict[str, Any]:
    """Every card-bearing thing a view tells, copied at the decision."""
    return {
        "seat": view.seat, "hand": view.hand, "dealt": view.dealt,
        "discarded": view.discarded, "upcard": view.upcard, "played": view.played,
        "plays": view.plays, "trick": view.trick, "actions": view.actions,
        "unseen": view.unseen, "voids": view.voids,
    }


class Recorder:
    """A random player that keeps a snapshot of every view it is given."""

    PARAMS: tuple[Param, ...] = ()

    def __init__(self, rules: RuleSet, rng: random.Random) -> None:
        self.inner = RandomBot(rules, rng)
        self.views: list[dict[str, Any]] = []

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action:
        self.views.append(snapshot(view))
        return self.inner.act(view, legal)

    def play(self, view: SeatView, legal: int) -> int:
        self.views.append(snapshot(view))
        return self.inner.play(view, legal)


def hidden_from(game: Machine, seat: int, given_to_me: int) -> int:
    """Cards ``seat`` may not know now: other hands (less a face-up upcard they
    took), the widow and kitty, other seats' discards."""
    hidden = 0
    for s in range(game.n):
        if s != seat:
            hidden |= game.dealt[s] | game.sure[s]
    if (seat, "take_widow", None, False) not in game.hand_log:
        hidden |= game.widow
    for c in game.kitty:
        if c is not None:
            hidden |= 1 << c
    for card, who in game.discarded.items():
        if who != seat:
            hidden |= 1 << card
    if game.upcard is not None:
        hidden &= ~(1 << game.upcard)
    return hidden & ~game.played & ~given_to_me


def cards_told(snap: dict[str, Any]) -> int:
    m: int = snap["hand"] | snap["dealt"] | snap["discarded"] | snap["played"]
    for a in snap["actions"]:
        if a.verb in (DISCARD, GIVE, PLAY) and a.arg is not None:
            m |= 1 << a.arg
    return m


@pytest.mark.parametrize("variant", ["standard", "buck", "dirty-clubs", "columbus", "railroad",
                                     "three-hand", "british"])
def test_a_bot_never_sees_a_hidden_card(variant: str) -> None:
    rules = load_variant(variant)
    for seed in range(6):
        rng = random.Random(seed)
        game = Machine(rules, dealer=seed % rules.players.count)
        bots = [Recorder(rules, rng) for _ in range(rules.players.count)]
        for _ in range(4):
            if game.is_over:
                break
            game.deal_random(rng)
            while not game.hand_over:
                seat = game.to_act
                view = SeatView(game, seat)
                received = sum(1 << a[2] for a in game.hand_log if a[1] == GIVE
                               and a[2] is not None and (game.sure[seat] >> a[2]) & 1)
                given = sum(1 << a[2] for a in game.hand_log if a[1] == GIVE
                            and a[0] == seat and a[2] is not None)
                hidden = hidden_from(game, seat, received | given)
                if game.phase == PLAYING:
                    legal = game.deck.legal_plays(game.cand[seat], game.trick[0] if game.trick
                                                  else None, game.trump)  # type: ignore[arg-type]
                    card = bots[seat].play(view, legal)
                    snap = bots[seat].views[-1]
                    game.apply(Action(seat, PLAY, card))
                else:
                    game.apply(bots[seat].act(view, game.legal_actions()))
                    snap = bots[seat].views[-1]
                assert cards_told(snap) & hidden == 0, (variant, seed, snap)
                assert snap["unseen"] & hidden == hidden  # what is hidden is unseen
                assert snap["unseen"] & snap["hand"] == 0


def test_views_in_a_simulated_game_show_only_the_seats_own_hand() -> None:
    rules = load_variant("standard")
    rng = random.Random(11)
    bots = [Recorder(rules, rng) for _ in range(4)]
    deals = Deals(11)
    deals.start(0, 0)
    game = play_game(rules, bots, deals, Machine(rules))  # type: ignore[arg-type]
    assert game.is_over
    for seat, bot in enumerate(bots):
        assert bot.views and all(v["seat"] == seat for v in bot.views)
        for v in bot.views:
            others = [a for a in v["actions"] if a.verb == DISCARD and a.seat != seat]
            assert all(a.arg is None for a in others)  # another seat's discard is face down
            assert v["hand"] & ~v["dealt"] & ~(1 << v["upcard"]) == 0


def test_voids_come_from_the_tricks() -> None:
    rules = load_variant("standard")
    game = Machine(rules, dealer=3)
    d = game.deck

    def cards(text: str) -> list[int]:
        return [d.parse(c) for c in text.split()]

    game.deal([cards("AS KS QS JS TS"), cards("9C TC QC KC AC"),
               cards("9D TD QD KD AD"), cards("9H TH QH KH AH")], upcard=cards("9S")[0])
    game.apply(Action(0, "order_up"))
    game.apply(Action(3, DISCARD, d.parse("9H")))
    game.apply(Action(0, PLAY, d.parse("AS")))
    game.apply(Action(1, PLAY, d.parse("9C")))
    view = SeatView(game, 2)
    spades = 1 << 3
    assert view.voids == (0, spades, 0, 0)
    assert view.trick == (d.parse("AS"), d.parse("9C"))
    assert view.upcard_holder == 3
    assert view.actions[1] == Action(3, DISCARD, None)
    assert SeatView(game, 3).actions[1] == Action(3, DISCARD, d.parse("9H"))


# ----------------------------------------------------------------- specs
def test_specs_name_registered_bots_with_typed_parameters() -> None:
    spec = parse_bot_spec("random")
    assert spec.cls is RandomBot and spec.params == {}
    assert isinstance(make_bot("random", load_variant("standard"), random.Random(1)), RandomBot)


def test_a_users_own_class_is_named_by_module_and_class() -> None:
    spec = parse_bot_spec("tests.sim.test_bots_interface:Recorder")
    assert spec.cls.__name__ == "Recorder"  # (the test module may be imported twice)
    bot = make_bot(spec, load_variant("standard"), random.Random(1))
    assert isinstance(bot, CheckedBot) and type(bot.inner) is spec.cls  # held to the interface


@pytest.mark.parametrize("text, message", [
    ("nobody", "unknown bot 'nobody'"),
    ("", "an empty bot spec"),
    ("random:worlds=3", "bot 'random' has no parameter 'worlds'; it takes no parameters"),
    ("random:worlds", "'worlds' is not a parameter: write key=value"),
    ("no.such.module:Bot", "cannot import module 'no.such.module'"),
    ("nosuchmodule:Bot", "cannot import module 'nosuchmodule'"),
    ("tests.sim.test_bots_interface:Missing", "has no class 'Missing'"),
    ("tests.sim.test_bots_interface:", "name the class after the module"),
    ("tests.sim.test_bots_interface:snapshot", "has no class 'snapshot'"),
    ("tests.sim.test_bots_interface:Param", "is not a bot"),
    ("pimc:goal=maybe", "bot 'pimc', parameter 'goal': 'maybe' is not one of game, points"),
    # issue 27, finding 18: nan passes every range check, inf is no margin
    ("pimc:bias=nan", "bot 'pimc', parameter 'bias': 'nan' is not a finite number"),
    ("rule:margin=inf", "bot 'rule', parameter 'margin': 'inf' is not a finite number"),
    ("rule:margin=1e999", "'1e999' is not a finite number"),
    ("rule:alone_margin=-Infinity", "'-Infinity' is not a finite number"),
])
def test_bad_specs_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=None) as err:
        parse_bot_spec(text)
    assert message in str(err.value)
    if "unknown bot" in message:
        assert "random" in str(err.value)  # the valid choices are listed


def test_a_line_up_gives_one_bot_per_seat() -> None:
    assert split_line_up("random,tests.x:Bot:a=1,b=2,random") == [
        "random", "tests.x:Bot:a=1,b=2", "random"]
    rules = load_variant("standard")
    assert len(make_bots(["random"], rules, random.Random(0))) == 4
    with pytest.raises(BotSpecError, match="3 bots given for 4 seats"):
        make_bots(["random"] * 3, rules, random.Random(0))


# ----------------------------------------------------- issue 27, finding 9
PLAYING_CARD = "choosing a card to play (hand 1, trick 1)"
BIDDING = "choosing among order_up, pass (hand 1)"


@pytest.mark.parametrize("cls,message", [
    ("Raises", f"{PLAYING_CARD}, raised ValueError: no idea what to play"),
    ("OutsideTheDeck", f"{PLAYING_CARD}, returned 99 (int), which is not the index of one of "
                       "its legal cards (TC, JH, QH, 9S, QS)"),
    ("Negative", f"{PLAYING_CARD}, returned -1 (int), which is not the index of one of its "
                 "legal cards (TC, JH, QH, 9S, QS)"),
    ("Word", f"{PLAYING_CARD}, returned 'JH' (str), which is not the index of one of its legal "
             "cards (TC, JH, QH, 9S, QS)"),
    ("Nothing", f"{BIDDING}, returned None (NoneType), which is not one of the legal actions "
                "it was given"),
    ("Exits", f"{BIDDING}, called sys.exit(0)"),
])
def test_a_plug_in_bot_that_breaks_the_interface_is_named_with_its_seat_and_decision(
        cls: str, message: str) -> None:
    """It raised IndexError, "negative shift count", TypeError -- or, for sys.exit(0),
    ended the command with status 0, no summary and an empty output file."""
    rules = load_variant("standard")
    bots = make_bots([f"hostile_bots:{cls}"], rules, random.Random(1))
    with pytest.raises(BotError) as exc:
        play_game(rules, bots, Deals(7), Machine(rules, dealer=3))
    assert str(exc.value) == f"bot 'hostile_bots:{cls}' at seat N, {message}"


def test_a_plug_in_bot_that_fails_when_made_is_a_spec_error() -> None:
    with pytest.raises(BotSpecError, match="^bot 'hostile_bots:BrokenAtBirth' cannot be made: "
                                           "it raised RuntimeError: cannot start$"):
        make_bot("hostile_bots:BrokenAtBirth", load_variant("standard"), random.Random(1))


def test_only_plug_in_bots_are_checked() -> None:
    rules = load_variant("standard")
    assert isinstance(make_bot("hostile_bots:Raises", rules, random.Random(1)), CheckedBot)
    assert type(make_bot("random", rules, random.Random(1))) is RandomBot


def test_a_parameter_out_of_range_names_its_limits_as_typed() -> None:
    """A whole-number limit is written in full, not as 1.09951e+12."""
    rules = load_variant("standard")
    with pytest.raises(BotSpecError) as caught:
        make_bot(parse_bot_spec("pimc:budget=0"), rules, random.Random(0))
    assert str(caught.value).endswith("0 is out of range; it must be at least 1 and at most "
                                      "1,099,511,627,776")
    with pytest.raises(BotSpecError) as caught:
        make_bot(parse_bot_spec("pimc:bias=20"), rules, random.Random(0))
    assert str(caught.value).endswith("it must be at least -10 and at most 10")
