"""A rule set in plain words: what ``euchre variant show`` and ``diff`` print.

Nothing here is written per variant.  Each option is said with its phrase
from :mod:`euchre_dsl.rules.phrases` ("stick the dealer", "game to 10") and
explained with its one-line meaning from the option table, so the text a
player checks against a rule book is generated from the same table the
engine reads.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, fields
from typing import Any, Callable

from ..cards import Deck
from .phrases import render
from .ruleset import (
    DefendAlone, FarmersHand, JokerUpcard, PartnerCall, Renege, RuleSet, SECTIONS, ScoringModel,
    Sides, TrickCount,
)

WIDTH = 88
RULE_WIDTH = 52


def value_words(value: Any) -> str:
    """An option value as it is written in a variant file: yes/no, none, [3, 2], words."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def rule_words(path: str, value: Any) -> str:
    """One option value as a rule: its phrase, or ``section.option = value``."""
    return render(path, value) or f"{path} = {value_words(value)}"


@dataclass(frozen=True)
class Rule:
    """One resolved option of a rule set, ready to print."""

    path: str
    value: Any
    words: str
    doc: str


def rules_of(r: RuleSet) -> list[Rule]:
    """Every option of ``r`` in table order."""
    out = []
    for section in SECTIONS:
        sec = getattr(r, section)
        for f in fields(sec):
            path = f"{section}.{f.name}"
            value = getattr(sec, f.name)
            out.append(Rule(path, value, rule_words(path, value), f.metadata.get("doc", "")))
    return out


def _countdown(r: RuleSet) -> bool:
    return r.scoring.model == ScoringModel.COUNTDOWN


def _partners_alone(r: RuleSet) -> bool:
    return r.players.sides == Sides.PARTNERS and r.alone.allowed


#: Options that only mean something when another option is set: shown by
#: ``describe`` only then (the rest of the table applies to every variant).  A
#: condition reads options, never a variant's name.
APPLIES: dict[str, Callable[[RuleSet], bool]] = {
    "players.teams": lambda r: r.players.sides == Sides.PARTNERS,
    "deal.farmers_hand_effect": lambda r: r.deal.farmers_hand != FarmersHand.OFF,
    "deal.farmers_hand_redeal": lambda r: r.deal.farmers_hand != FarmersHand.OFF,
    "deal.ace_no_face_redeal": lambda r: r.deal.ace_no_face,
    "bidding.turned_down_suit": lambda r: r.deal.upcard and r.bidding.naming_round,
    "bidding.low_no_trump": lambda r: r.bidding.no_trump or r.bidding.auction,
    "bidding.std_may_name_turned_down": lambda r: r.bidding.stick_the_dealer,
    "bidding.std_may_call_no_trump": lambda r: r.bidding.stick_the_dealer,
    "bidding.must_hold_trump_left_counts": lambda r: r.bidding.must_hold_trump_to_call,
    "bidding.forced_dealer_takes": lambda r: r.bidding.forced_trump is not None,
    "bidding.auction_min": lambda r: r.bidding.auction,
    "bidding.auction_max": lambda r: r.bidding.auction,
    "bidding.auction_no_trump": lambda r: r.bidding.auction,
    "bidding.auction_takes_upcard": lambda r: r.bidding.auction and r.deal.upcard,
    "bidding.widow_order": lambda r: r.deal.widow,
    "bidding.forced_bid_card": lambda r: r.bidding.auction,
    "bidding.forced_bid": lambda r: r.bidding.forced_bid_card is not None,
    "bidding.dealer_may_discard_upcard": lambda r: r.deal.upcard,
    "bidding.joker_upcard": lambda r: r.deck.joker and r.deal.upcard,
    "bidding.joker_upcard_suit": lambda r: r.bidding.joker_upcard == JokerUpcard.AGREED_SUIT,
    "alone.dealer_exchanges_when_partner_alone": _partners_alone,
    "alone.defend_alone": lambda r: r.players.sides == Sides.PARTNERS,
    "alone.canadian_loner": _partners_alone,
    "alone.call_for_best": _partners_alone,
    "alone.call_for_best_upcard": lambda r: _partners_alone(r) and r.alone.call_for_best,
    "alone.call_for_best_cards": lambda r: _partners_alone(r) and r.alone.call_for_best,
    "alone.defend_order": lambda r: r.alone.defend_alone != DefendAlone.OFF,
    "participation.order": lambda r: r.participation.stay_drop,
    "participation.three_hands_rule": lambda r: r.participation.stay_drop,
    "participation.last_player_cannot_drop": lambda r: r.participation.stay_drop,
    "play.loner_lead": lambda r: r.alone.allowed or r.alone.defend_alone != DefendAlone.OFF,
    **{f"scoring.{o}": (lambda r: not _countdown(r) and r.scoring.trick_count == TrickCount.OFF)
       for o in (
        "make", "march", "alone_make", "alone_march", "euchred", "euchred_march",
        "alone_euchred", "lone_defender_euchre", "lone_defender_march")},
    **{f"scoring.{o}": _countdown for o in (
        "start", "per_trick", "bucked", "maker_set", "maker_set_credits_tricks",
        "instant_win", "instant_win_requires_opponent")},
    "scoring.trick_count": lambda r: not _countdown(r),
    "scoring.defenders_score_tricks": lambda r: r.scoring.trick_count != TrickCount.OFF,
    "scoring.shoot": lambda r: r.scoring.trick_count != TrickCount.OFF and _partners_alone(r),
    "scoring.renege_points": lambda r: r.scoring.renege != Renege.NONE,
    "scoring.renege_alone_points": lambda r: r.scoring.renege != Renege.NONE,
    "game.target": lambda r: not _countdown(r),
    "game.fixed_deals": lambda r: r.game.deals is not None,
    **{f"event.{o}": (lambda r: r.event.rounds is not None) for o in (
        "players", "rotation", "alone_march_loner", "alone_march_partner", "tie_break")},
    "partner.call": lambda r: r.players.sides == Sides.INDIVIDUAL,
    **{f"partner.{o}": (lambda r: r.partner.call != PartnerCall.OFF) for o in (
        "own_card", "alone", "reveal", "alone_if_buried", "partner_scores")},
    "game.lose_at": lambda r: not _countdown(r),
}


def applies(r: RuleSet, path: str) -> bool:
    """Whether option ``path`` means anything in ``r`` (see :data:`APPLIES`)."""
    test = APPLIES.get(path)
    return True if test is None else bool(test(r))


def title(r: RuleSet) -> str:
    """``Name [id]``, or the id alone for a variant without a name."""
    return f"{r.name} [{r.id}]" if r.name else r.id


def summary(r: RuleSet) -> str:
    """One line a player reads first: cards, players, hand size."""
    deck = Deck.of(r.deck.lowest, r.deck.joker, r.deck.copies)
    ranks = f"{r.deck.lowest} to ace"
    joker = " and the joker" if r.deck.joker else ""
    if r.players.sides == Sides.PARTNERS:
        sides = f"{r.players.count} players in {r.players.teams} partnerships"
    else:
        sides = f"{r.players.count} players, each for themselves"
    twice = ", two of each card" if r.deck.copies > 1 else ""
    return f"{deck.size} cards ({ranks} in each suit{joker}{twice}); {sides}; {r.deal.hand_size} " \
           f"cards each"


def describe(r: RuleSet, only: set[str] | None = None) -> str:
    """The rule set, section by section, in words: every option that applies to it
    (:func:`applies`), or only the options in ``only`` (e.g. what differs from the
    parent)."""
    lines = [title(r)]
    if r.description:
        lines += textwrap.wrap(r.description, WIDTH)
    if r.source:
        lines.append(f"Source: {r.source}")
    lines += [summary(r), ""]
    current = None
    for rule in rules_of(r):
        if (only is not None and rule.path not in only) or \
                (only is None and not applies(r, rule.path)):
            continue
        section = rule.path.split(".")[0]
        if section != current:
            if current is not None:
                lines.append("")
            doc = (SECTIONS[section].__doc__ or "").strip().rstrip(".")
            lines.append(f"{section.capitalize()}: {doc[:1].lower()}{doc[1:]}")
            current = section
        lines.append(f"  {rule.words:<{RULE_WIDTH}} [{rule.path}]")
        lines += textwrap.wrap(rule.doc, WIDTH, initial_indent="      ",
                               subsequent_indent="      ")
    return "\n".join(lines) + "\n"


def differences(a: RuleSet, b: RuleSet) -> list[tuple[Rule, Rule]]:
    """The options on which ``a`` and ``b`` differ, in table order."""
    return [(x, y) for x, y in zip(rules_of(a), rules_of(b)) if x.value != y.value]


def describe_diff(a: RuleSet, b: RuleSet, label_a: str, label_b: str) -> str:
    """What differs between two rule sets, option by option, in words."""
    diffs = differences(a, b)
    if not diffs:
        return f"{label_a} and {label_b} have the same rules\n"
    count = "1 rule differs" if len(diffs) == 1 else f"{len(diffs)} rules differ"
    lines = [f"{count} between {label_a} and {label_b}:", ""]
    width = max(len(label_a), len(label_b)) + 1
    for x, y in diffs:
        lines.append(x.path)
        lines += textwrap.wrap(x.doc, WIDTH, initial_indent="    ", subsequent_indent="    ")
        lines.append(f"  {label_a + ':':<{width}} {x.words}")
        lines.append(f"  {label_b + ':':<{width}} {y.words}")
        lines.append("")
    return "\n".join(lines)
