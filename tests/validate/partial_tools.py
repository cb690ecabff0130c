"""Helpers for the partial-information tests: games with reneges, one player's view.

A *renegade* game is played by seeded random decisions, except that now and
then the seat on turn plays off suit while it could follow: a real renege,
which the validator must find.  :func:`one_seat_view` hides every hand but
one seat's (and the others' discards), as a record written by that player.
:func:`proofs` says, without the engine, where a hidden renege was made, in
the order the renege is proven: off suit while holding a card everyone knows
of (the upcard it took, a card passed to it face up: made and proven there),
or the play where a seat showed out of a suit it plays a card of later (made
at the show-out, proven by the later card; effective suits from cards.py, so
the bowers count as trump).
"""

from __future__ import annotations

import copy
import random
from typing import Any

from history_tools import play_game

from euchre_dsl.cards import mask_cards
from euchre_dsl.engine.actions import PLAYING
from euchre_dsl.engine.machine import Machine
from euchre_dsl.records.shape import CONTRACT_CODES
from euchre_dsl.rules.registry import load_variant


def renegade_game(variant: str, seed: int, p: float = 0.15, max_hands: int = 40
                  ) -> dict[str, Any]:
    """A game of random decisions where a seat that could follow suit sometimes does not."""
    def renege(game: Machine, rng: random.Random) -> bool:
        if game.phase == PLAYING and game.trick and rng.random() < p:
            seat = game.to_act
            held = game.cand[seat]
            follow = held & game.deck.suit_masks[game.trump][  # type: ignore[index]
                game.deck.effective_suits[game.trump][game.trick[0]]]  # type: ignore[index]
            if follow and held & ~follow:
                game.play(seat, rng.choice(list(mask_cards(held & ~follow))), True)
                return True
        return False

    return play_game(variant, seed, max_hands, "renegade game", renege)


def one_seat_view(record: dict[str, Any], seat: str) -> dict[str, Any]:
    """The record as ``seat`` could write it: the other hands ``null``, their discards
    ``"??"``, the widow unknown unless ``seat`` took it."""
    out = copy.deepcopy(record)
    for hand in out["hands"]:
        deal = hand["deal"]
        deal["hands"] = {s: (cards if s == seat else None) for s, cards in deal["hands"].items()}
        took = any(a[0] == seat and a[1] == "take_widow" for a in hand["actions"])
        if deal.get("widow") is not None and not took:
            deal["widow"] = None
        for a in hand["actions"]:
            if a[1] == "discard" and a[0] != seat:
                a[2] = "??"
    return out


def proofs(record: dict[str, Any], seats: set[str]) -> list[tuple[int, int, str]]:
    """``(hand, action, seat)`` where a renege by one of ``seats`` (hidden hands) was
    made, in the order they are proven: off suit while still holding the upcard it
    took (known to all), or the show-out of a suit the seat plays a card of later."""
    deck = Machine(load_variant(record["variant"])).deck
    out = []
    for h, hand in enumerate(record["hands"]):
        trump = hand.get("result", {}).get("trump")
        if trump is None:
            continue
        eff = deck.effective_suits[CONTRACT_CODES[trump]]
        plays = [(i, a[0], a[2], eff[deck.parse(a[2])]) for i, a in enumerate(hand["actions"])
                 if a[1] == "play"]
        # cards all know a seat holds: the upcard it took (the first to discard took
        # it) and cards passed to it face up in a call for best (it plays them later)
        known: dict[str, set[str]] = {}
        up = hand["deal"].get("upcard")
        taker = next((a[0] for a in hand["actions"] if a[1] == "discard"), None)
        if taker is not None and up is not None:
            known[taker] = {up}
        given = {a[2] for a in hand["actions"] if a[1] == "give" and a[2] != "??"}
        for _, seat, card, _ in plays:
            if card in given:
                known.setdefault(seat, set()).add(card)
        players = len({seat for _, seat, _, _ in plays})
        void: dict[str, dict[int, int]] = {}  # seat -> suit shown out of -> where
        led = None
        for k, (i, seat, card, suit) in enumerate(plays):
            if k % players == 0:
                led = suit
            shown = void.setdefault(seat, {})
            if suit in shown:
                at = shown.pop(suit)
                if seat in seats:
                    out.append((h, at, seat))
            if suit != led:
                if any(eff[deck.parse(c)] == led for c in known.get(seat, ())):
                    if seat in seats:  # it holds a card all know of: proven now
                        out.append((h, i, seat))
                else:
                    shown.setdefault(led, i)  # type: ignore[arg-type]
            known.get(seat, set()).discard(card)
    return out
