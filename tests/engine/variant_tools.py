"""Helpers for the variant tests: build deals from card names, drive a hand by script.

Cards are read with :meth:`Deck.parse`, so a deal is written the way a
player says it (``"JC JS AH KH QH"``).  Seats are named by their labels.
"""

from __future__ import annotations

from euchre_dsl.cards import parse_suit
from euchre_dsl.engine.actions import (
    BID, CALL, CALL_PARTNER, DECLINE, DEFEND_ALONE, DISCARD, DROP, GIVE, MISDEAL, ORDER_UP,
    PASS, PLAY, STAY, SWAP, TAKE_WIDOW, Action,
)
from euchre_dsl.engine.machine import Machine
from euchre_dsl.rules.registry import compile_data, load_variant
from euchre_dsl.rules.ruleset import RuleSet


def game_for(variant: str | RuleSet | dict, dealer: int = 0,
             start_scores: list[int] | None = None) -> Machine:
    """A new game of a shipped variant (by id), a rule set, or an inline variant object."""
    if isinstance(variant, str):
        rules = load_variant(variant)
    elif isinstance(variant, dict):
        rules = compile_data(variant)
    else:
        rules = variant
    return Machine(rules, dealer=dealer, start_scores=start_scores)


def cards(game: Machine, text: str) -> list[int]:
    """Card indices for space-separated card names."""
    return [game.deck.parse(name) for name in text.split()]


def deal(game: Machine, hands: dict[str, str], upcard: str | None = None,
         widow: str | None = None) -> None:
    """Deal the named hands (every seat must be given)."""
    assert set(hands) == set(game.labels), "give every seat's hand"
    game.deal([cards(game, hands[label]) for label in game.labels],
              game.deck.parse(upcard) if upcard else None,
              cards(game, widow) if widow else None)


def seat(game: Machine, label: str) -> int:
    return game.labels.index(label)


def action(game: Machine, step: str) -> Action:
    """One scripted step: ``"B pass"``, ``"C bid 3"``, ``"C call H"``, ``"N call S alone"``,
    ``"D discard 9H"``, ``"A stay"``, ``"A drop"``, ``"C take_widow"``, ``"D order_up"``,
    ``"B decline"``, ``"E defend_alone"``, ``"A play JH"``; house rules: ``"S give AH"``,
    ``"N swap 9C 9D 9H"``, ``"E misdeal"`` (a faulty deal), ``"E misdeal AC 9D TD 9H TS"``
    (a shown hand), ``"N call_partner AS"``, ``"N call_partner alone"``."""
    words = step.split()
    who, verb, rest = seat(game, words[0]), words[1], words[2:]
    alone = "alone" in rest
    rest = [w for w in rest if w != "alone"]
    if verb in (PLAY, DISCARD, GIVE):
        return Action(who, verb, game.deck.parse(rest[0]))
    if verb in (SWAP, MISDEAL):
        return Action(who, verb, game.deck.mask(cards(game, " ".join(rest))) if rest else None)
    if verb == CALL:
        return Action(who, CALL, parse_suit(rest[0]), alone)
    if verb == CALL_PARTNER:  # "A call_partner AS", "A call_partner alone"
        return Action(who, CALL_PARTNER, game.deck.parse(rest[0]) if rest else None, alone)
    if verb == BID:
        return Action(who, BID, int(rest[0]))
    if verb in (PASS, ORDER_UP, STAY, DROP, TAKE_WIDOW, DECLINE, DEFEND_ALONE):
        return Action(who, verb, None, alone)
    raise ValueError(f"unknown step {step!r}")


def run(game: Machine, script: str) -> None:
    """Apply ``;``-separated steps in order."""
    for step in script.split(";"):
        if step.strip():
            game.apply(action(game, step))


def play(game: Machine, names: str, allow_renege: bool = False) -> None:
    """Play the named cards in order, each by the seat on turn."""
    for name in names.split():
        game.play(game.to_act, game.deck.parse(name), allow_renege)


def finish(game: Machine, allow_renege: bool = False) -> None:
    """Finish the hand with the first legal action each time (when the cards do not matter)."""
    while not game.hand_over:
        game.apply(game.legal_actions()[0], allow_renege)


def verbs(game: Machine) -> set[str]:
    """The kinds of action allowed now."""
    return {a.verb for a in game.legal_actions()}


def attributes(game: Machine) -> dict[str, object]:
    """Every attribute of a game, compiled or not: to compare two whole states."""
    names = getattr(type(game), "__mypyc_attrs__", None)
    if names is None:
        return dict(vars(game))
    return {n: getattr(game, n) for n in names if not n.startswith("__")}
