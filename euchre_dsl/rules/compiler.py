"""The one compiler: located variant source to a checked, frozen :class:`RuleSet`.

Both front ends (YAML and the rules language) hand it a
:class:`~euchre_dsl.rules.source.VariantSource`.  It resolves ``extends``, checks
every key against the option table in :mod:`euchre_dsl.rules.ruleset` (unknown
keys get a "did you mean"), checks each value's type and range, then checks
that the options make sense together.  All problems found are reported at
once, each at its file, line and column.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import fields, replace
from typing import Any, Callable

from ..cards import Deck, ascii_upper
from ..errors import EuchreError, Problem
from ..limits import clip
from .ruleset import (
    AllPass, DefendAlone, FarmersEffect, FarmersHand, JokerUpcard, PartnerCall, Rubber, RuleSet,
    SECTIONS, MakerTarget, ScoringModel, Sides, TrickCount,
)
from .source import VariantSource, merge

IDENTITY_KEYS = ("id", "name", "description", "source")
TOP_KEYS = IDENTITY_KEYS + ("extends",) + tuple(SECTIONS)

#: The words a yes-or-no option reads, in any letter case (the JSON Schema offers the same).
YES_NO: dict[str, bool] = {"yes": True, "no": False, "on": True, "off": False,
                           "true": True, "false": False}


def compile_source(src: VariantSource,
                   resolve_parent: Callable[[str, VariantSource], VariantSource] | None = None,
                   ) -> RuleSet:
    """Compile located source data; raise :class:`EuchreError` listing every problem.

    ``resolve_parent(name, child)`` loads the source an ``extends:`` names,
    already merged with its own parents.

    Every independent problem is found in one pass, as a compiler does: what
    the front end went on past (``src.problems``), an unknown parent, unknown
    keys, bad values and contradictions, sorted by place.  A contradiction is
    reported only when it is certain: none of the options it reads had a bad
    value (or an unsure one), and, when the parent could not be loaded, every
    one of them is set in this file (else it would be judged on defaults the
    parent may not share).
    """
    problems: list[Problem] = list(src.problems)
    unsure: set[tuple[str, ...]] = set(src.unsure)
    own = {p for p, loc in src.key_locations.items() if loc.file == src.file}
    src, parent_known = _resolve_extends(src, resolve_parent, problems)
    ruleset = _build(src, problems, unsure)
    if ruleset is not None:
        def certain(reads: set[tuple[str, ...]]) -> bool:
            return not reads & unsure and (parent_known or reads <= own)

        problems.extend(check_semantics(ruleset, src, certain))
    if problems:
        raise EuchreError(sorted(problems, key=lambda p: _place(p, src.file)))
    assert ruleset is not None
    return ruleset


def _place(p: Problem, file: str | None) -> tuple[bool, str, int, int]:
    """Sort key: the compiled file's problems first, by line and column, then the others'."""
    loc = p.location
    return (loc.file != file, loc.file or "", loc.line or 0, loc.column or 0)


def _resolve_extends(src: VariantSource, resolve_parent: Any,
                     problems: list[Problem]) -> tuple[VariantSource, bool]:
    """The source merged over its parent's, and whether the parent is known (no
    parent at all counts as known: the defaults are the parent)."""
    parent_name = src.data.get("extends")
    if parent_name is None:
        return src, True
    if not isinstance(parent_name, str):
        problems.append(_err(src, ("extends",), "'extends' takes the name of a variant or a file",
                             value=True))
        return src.without("extends"), False
    if resolve_parent is None:
        problems.append(_err(src, ("extends",), f"cannot look up parent variant "
                             f"'{clip(parent_name)}' here", value=True))
        return src.without("extends"), False
    try:
        parent = resolve_parent(parent_name, src)
    except EuchreError as exc:
        problems.extend(exc.problems)
        return src.without("extends"), False
    # the parent's identity is not inherited: a house variant that extends
    # ``standard`` is not "Standard euchre"; its identity is its own or, given none, unset
    return merge(parent.without(*IDENTITY_KEYS), src.without("extends")), True


def _err(src: VariantSource, path: tuple[str, ...], message: str, hint: str | None = None,
         value: bool = False) -> Problem:
    loc = src.value_at(path) if value else src.key_at(path)
    return Problem("invalid-variant", message, location=loc, hint=hint)


def _close(word: str, options: list[str]) -> list[str]:
    """The option ``word`` is likely a misspelling of, if any."""
    import difflib  # here: only a misspelt word needs it (start-up of every command)

    return difflib.get_close_matches(word, options, n=1, cutoff=0.6)


def _suggest(word: str, options: list[str]) -> str | None:
    close = _close(word, options)
    if close:
        return f"did you mean '{close[0]}'?"
    return None


def _elsewhere(key: str) -> str | None:
    """Where an option of this name lives, when it was put in the wrong place."""
    homes = [name for name, cls in SECTIONS.items() if key in {f.name for f in fields(cls)}]
    if homes:
        return f"'{key}' is an option of the '{homes[0]}' section ({homes[0]}.{key})"
    return None


#: An id is one word: what follows ``variant`` in a rules file, a file-name stem.
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]*")


def _build(src: VariantSource, problems: list[Problem],
           unsure: set[tuple[str, ...]]) -> RuleSet | None:
    """The rule set of ``src``, every bad key or value reported and left at its
    default (added to ``unsure``, so no contradiction is drawn from it)."""
    data = src.data
    for key in data:
        if key not in TOP_KEYS:
            hint = _elsewhere(key) or _suggest(key, list(TOP_KEYS)) or \
                f"top-level keys are: {', '.join(TOP_KEYS)}"
            problems.append(_err(src, (key,), f"unknown key '{clip(key)}'", hint=hint))
    identity: dict[str, Any] = {}
    for key in IDENTITY_KEYS:
        if key in data:
            if not isinstance(data[key], (str, int)) or isinstance(data[key], bool):
                problems.append(_err(src, (key,), f"'{key}' must be text", value=True))
            else:
                identity[key] = str(data[key]).strip()
    if "id" in identity and not _ID.fullmatch(identity["id"]):
        word = re.sub(r"[^A-Za-z0-9_.+-]+", "-", identity["id"]).strip("-") or "my-variant"
        problems.append(_err(src, ("id",), f"the id '{clip(identity['id'])}' is not one word",
                             hint=f"an id is letters, digits and '-' or '_', like '{clip(word)}'; "
                                  "a name with spaces goes in 'name'", value=True))
        del identity["id"]
    sections: dict[str, Any] = {}
    for name, cls in SECTIONS.items():
        raw = data.get(name, {})
        if raw is None:
            raw = {}
        known = {f.name: f for f in fields(cls)}
        if not isinstance(raw, dict):
            problems.append(_err(src, (name,), f"'{name}' must be a mapping of options",
                                 value=True))
            unsure.update((name, k) for k in known)
            raw = {}
        values: dict[str, Any] = {}
        for key, value in raw.items():
            path = (name, key)
            f = known.get(key)
            if f is None:
                close = _suggest(key, list(known))
                hint = close or _elsewhere(key) or \
                    f"options of '{name}' are: {', '.join(known)}"
                problems.append(_err(src, path, f"unknown option '{name}.{clip(key)}'",
                                     hint=hint))
                unsure.update((name, k) for k in _close(key, list(known)))
                continue
            ok, converted, why = _convert(value, str(f.type), f.metadata)
            if not ok:
                problems.append(_err(src, path, f"'{name}.{key}': {why}",
                                     hint=_value_hint(str(f.type), f.metadata), value=True))
                unsure.add(path)
                continue
            values[key] = converted
        try:
            sections[name] = cls(**values)
        except TypeError as exc:  # pragma: no cover - guarded by the checks above
            problems.append(_err(src, (name,), str(exc)))
            return None
    return RuleSet(**identity, **sections)


def _value_hint(type_name: str, meta: Any) -> str | None:
    """What an option accepts, for the hint of a bad value (its words, its range)."""
    choices = meta.get("choices")
    if choices:
        return f"write one of: {', '.join(choices)}"
    if "bool" in type_name:
        return "write yes or no"
    lo, hi = meta.get("minimum"), meta.get("maximum")
    if "int" in type_name and lo is not None and hi is not None:
        return f"write a whole number from {lo} to {hi:,}"
    return None


def typed_value(section: str, option: str, value: Any) -> Any:
    """``value`` as the option's type reads it ("no" -> False, 9 -> "9"), or unchanged when
    the option is unknown or the value is not valid for it."""
    cls = SECTIONS.get(section)
    f = {f.name: f for f in fields(cls)}.get(option) if cls else None
    if f is None:
        return value
    ok, converted, _ = _convert(value, str(f.type), f.metadata)
    return converted if ok else value


def _shown(value: Any) -> str:
    """A value as a variant file writes it, for messages: ``true``, ``10``, ``'pub'``."""
    if isinstance(value, str):
        return f"'{clip(value)}'"
    try:
        return clip(json.dumps(value, ensure_ascii=False))
    except (TypeError, ValueError):
        return clip(repr(value))


def _convert(value: Any, type_name: str, meta: Any) -> tuple[bool, Any, str]:
    """Check and convert one option value against its declared type and range."""
    choices = meta.get("choices")
    optional = "None" in type_name
    if (optional and isinstance(value, str) and value.lower() == "none"
            and "none" not in (choices or ())):
        value = None  # the word for "not set", in either form
    if value is None:
        if optional:
            return True, None, ""
        return False, None, "a value is required"
    if "bool" in type_name:
        if isinstance(value, bool):
            return True, value, ""
        if isinstance(value, str) and value.lower() in YES_NO:
            return True, YES_NO[value.lower()], ""
        return False, None, f"expected yes or no, got {_shown(value)}"
    if type_name.startswith("tuple"):
        if (isinstance(value, list) and value
                and all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value)):
            hi = meta.get("maximum")
            big = [v for v in value if hi is not None and v > hi]
            if big:
                return False, None, f"{big[0]} is too large (at most {hi:,})"
            return True, tuple(value), ""
        return False, None, f"expected a list of positive whole numbers, got {_shown(value)}"
    if "int" in type_name and isinstance(value, int) and not isinstance(value, bool):
        lo, hi = meta.get("minimum"), meta.get("maximum")
        if lo is not None and value < lo:
            return False, None, f"{value} is too small (at least {lo})"
        if hi is not None and value > hi:
            return False, None, f"{clip(str(value))} is too large (at most {hi:,})"
        return True, value, ""
    if "str" in type_name:
        number = isinstance(value, int) and not isinstance(value, bool)
        if number and choices:
            value = str(value)
        if isinstance(value, str):
            if meta.get("card"):
                value = ascii_upper(value)
            if choices and value not in choices:
                # case-insensitive match for suit letters and words
                for c in choices:
                    if c.lower() == value.lower():
                        return True, c, ""
                sugg = _suggest(value, list(choices))
                extra = f"; {sugg}" if sugg else ""
                said = value if number else f"'{clip(value)}'"
                return False, None, f"{said} is not one of {', '.join(choices)}{extra}"
            if "int" in type_name and value != MakerTarget.BID:
                return False, None, f"expected a number or 'bid', got {_shown(value)}"
            return True, value, ""
    if choices:
        return False, None, f"expected one of {', '.join(choices)}, got {_shown(value)}"
    expected = "a whole number" if "int" in type_name else "a word"
    if "int" in type_name and "str" in type_name:
        expected = "a number or 'bid'"
    return False, None, f"expected {expected}, got {_shown(value)}"


def check_semantics(r: RuleSet, src: VariantSource,
                    certain: Callable[[set[tuple[str, ...]]], bool] | None = None
                    ) -> list[Problem]:
    """Options that are each fine but make no sense together.

    ``certain(reads)`` says whether a contradiction drawn from the options in
    ``reads`` is sure to hold (see :func:`compile_source`); the others are not
    reported."""
    out: list[Problem] = []

    def bad(path: tuple[str, ...], message: str, hint: str | None = None,
            also: tuple[tuple[str, ...], ...] = (),
            near: tuple[tuple[str, ...], ...] = (),
            reads: tuple[tuple[str, ...], ...] = ()) -> None:
        """Report options that contradict: name each with its value and where it is set
        (``also``), and point at the one the compiled file itself set last, ``near`` ones
        included (else one it inherited, else the file).  ``reads``: other options the
        check depends on."""
        paths = (path,) + also
        if certain is not None and not certain(set(paths + near + reads)):
            return
        if also:
            message += " (" + "; ".join(_setting(r, src, p) for p in paths) + ")"
        written = [p for p in paths + near if p in src.key_locations]
        own = [p for p in written if src.key_locations[p].file == src.file]
        at = max(own, key=lambda p: (src.key_locations[p].line or 0,
                                     src.key_locations[p].column or 0)) if own else \
            (written[0] if written else path)
        out.append(_err(src, at, message, hint=hint, value=at in src.value_locations))

    if r.deck.copies > 1 and r.deck.joker:
        bad(("deck", "copies"), "a double deck is played without jokers",
            hint="set deck.joker: no or deck.copies: 1", also=(("deck", "joker"),))
        r = replace(r, deck=replace(r.deck, copies=1))  # check the rest on one pack
    deck = Deck.of(r.deck.lowest, r.deck.joker, r.deck.copies)
    hands = r.players.count + (1 if r.deal.widow else 0)
    needed = hands * r.deal.hand_size + r.deal.widow_cards + (1 if r.deal.upcard else 0)
    if needed > deck.size:
        extra = (f", {r.deal.widow_cards} widow cards" if r.deal.widow_cards else "") + \
            (" and an upcard" if r.deal.upcard else "")
        bad(("deck", "lowest"), f"the deck has {deck.size} cards but the deal needs {needed} "
            f"({hands} hands of {r.deal.hand_size}{extra})",
            hint="add lower ranks with deck.lowest, or deal fewer cards",
            also=(("players", "count"), ("deal", "hand_size")),
            near=(("deck", "joker"), ("deal", "widow"), ("deal", "widow_cards"),
                  ("deal", "upcard")))
    if r.deal.widow and r.deal.widow_cards:
        bad(("deal", "widow_cards"), "a game has either a whole spare hand (widow) or a small "
            "widow for the maker (widow_cards), not both",
            hint="set deal.widow: no or deal.widow_cards: 0", also=(("deal", "widow"),))
    if r.deal.upcard and r.bidding.auction and r.bidding.auction_takes_upcard:
        # the winner may turn the upcard down (never recorded) and then owe discards of its
        # own: its record would read as discards after taking the upcard
        for path, then, value in ((("deal", "widow_cards"), "take the small widow",
                                   r.deal.widow_cards > 0),
                                  (("alone", "call_for_best"), "call for a partner's best "
                                   "alone", r.alone.call_for_best and r.alone.allowed)):
            if value:
                bad(path, f"the auction's winner may turn the upcard down and then {then}, "
                    "but a record does not show a turned-down upcard, so its discard would "
                    "read as one after taking the upcard",
                    hint=f"set bidding.auction_takes_upcard: no or {'.'.join(path)}: "
                    f"{'0' if path[1] == 'widow_cards' else 'no'}",
                    also=(("bidding", "auction_takes_upcard"),),
                    near=(("bidding", "auction"), ("deal", "upcard")),
                    reads=(("alone", "allowed"),))
    _check_forced_bid(r, bad, deck)
    if sum(r.deal.packets) != r.deal.hand_size:
        bad(("deal", "packets"), f"packets {list(r.deal.packets)} add up to "
            f"{sum(r.deal.packets)}, but each hand has {r.deal.hand_size} cards",
            also=(("deal", "hand_size"),))
    if r.players.sides == Sides.PARTNERS:
        if r.players.count % r.players.teams:
            bad(("players", "teams"), f"{r.players.count} players cannot form "
                f"{r.players.teams} equal partnerships", also=(("players", "count"),),
                reads=(("players", "sides"),))
        elif r.players.count // r.players.teams < 2:
            bad(("players", "teams"), "each partnership needs at least two players",
                hint="use 'sides: individual' for everyone for themselves",
                also=(("players", "count"),), reads=(("players", "sides"),))
    if r.scoring.model == ScoringModel.COUNTDOWN and r.players.sides != Sides.INDIVIDUAL:
        bad(("scoring", "model"), "countdown scoring is for individual games",
            hint="set players.sides: individual", also=(("players", "sides"),))
    if r.bidding.order_up_round and not r.deal.upcard:
        bad(("bidding", "order_up_round"), "there is no upcard to order up",
            hint="set deal.upcard: yes or bidding.order_up_round: no",
            also=(("deal", "upcard"),))
    if r.bidding.forced_trump and not r.deal.upcard:
        bad(("bidding", "forced_trump"), "a forced trump needs an upcard",
            also=(("deal", "upcard"),))
    if r.bidding.auction:
        if r.bidding.auction_min > r.bidding.auction_max:
            bad(("bidding", "auction_min"), f"the lowest bid ({r.bidding.auction_min}) is above "
                f"the highest ({r.bidding.auction_max})", also=(("bidding", "auction_max"),),
                reads=(("bidding", "auction"),))
        if r.bidding.auction_max > r.deal.hand_size:
            bad(("bidding", "auction_max"), f"a bid of {r.bidding.auction_max} tricks is "
                f"impossible with {r.deal.hand_size} cards each", also=(("deal", "hand_size"),),
                reads=(("bidding", "auction"),))
    elif not (r.bidding.order_up_round or r.bidding.naming_round):
        bad(("bidding", "order_up_round"), "no way to make trump: enable order_up_round, "
            "naming_round or auction", also=(("bidding", "naming_round"),
                                            ("bidding", "auction")))
    if r.scoring.maker_target == MakerTarget.BID and not r.bidding.auction:
        bad(("scoring", "maker_target"), "'bid' needs an auction to bid in",
            hint="set bidding.auction: yes or give a number", also=(("bidding", "auction"),))
    if isinstance(r.scoring.maker_target, int) and not 1 <= r.scoring.maker_target <= r.deal.hand_size:
        bad(("scoring", "maker_target"), f"the makers cannot need {r.scoring.maker_target} of "
            f"{r.deal.hand_size} tricks", also=(("deal", "hand_size"),))
    _check_trick_count(r, bad)
    if r.bidding.stick_the_dealer and r.bidding.all_pass != AllPass.THROW_IN:
        bad(("bidding", "stick_the_dealer"), "stick the dealer and playing at no-trump when "
            "everyone passes both say what happens when everyone passes",
            hint="keep only one of them",
            also=(("bidding", "all_pass"),))
    if r.bidding.stick_the_dealer and not r.bidding.naming_round:
        bad(("bidding", "stick_the_dealer"), "stick the dealer needs a naming round",
            also=(("bidding", "naming_round"),))
    if r.alone.defend_alone != DefendAlone.OFF and r.players.sides != Sides.PARTNERS:
        bad(("alone", "defend_alone"), "defending alone needs partnerships",
            also=(("players", "sides"),))
    if r.alone.defend_alone == DefendAlone.VS_LONE_MAKER and not r.alone.allowed:
        bad(("alone", "defend_alone"), "defending alone against a lone maker can never happen "
            "when nobody may go alone", hint="allow going alone, or use no defending alone",
            also=(("alone", "allowed"),))
    if r.alone.allowed and r.players.sides != Sides.PARTNERS:
        bad(("alone", "allowed"), "going alone needs a partner to leave out",
            hint="set alone.allowed: no for individual games", also=(("players", "sides"),))
    if r.participation.stay_drop and r.players.sides != Sides.INDIVIDUAL:
        bad(("participation", "stay_drop"), "staying in or dropping out is for individual games",
            also=(("players", "sides"),))
    if r.partner.call != PartnerCall.OFF:
        if r.players.count < 3:
            bad(("partner", "call"), f"a called partner needs at least three players: with "
                f"{r.players.count}, the partner is the maker's only opponent and nobody "
                "defends", hint="set players.count to 3 or more, or partner.call: off",
                also=(("players", "count"),))
        if r.players.sides != Sides.INDIVIDUAL:
            bad(("partner", "call"), "a called partner is for individual games: the partner "
                "of a hand is whoever holds the called card", hint="set players.sides: "
                "individual", also=(("players", "sides"),))
        aces = 4 * r.deck.copies
        if r.partner.call == PartnerCall.ACE and not r.partner.own_card and \
                not r.partner.alone and r.deal.hand_size >= aces:
            bad(("partner", "alone"), f"a maker holding all {aces} aces would have no ace to "
                "call: it may neither call its own nor announce playing "
                "alone", hint="set partner.alone: yes or partner.own_card: yes",
                also=(("partner", "own_card"),), near=(("partner", "call"),),
                reads=(("deal", "hand_size"), ("deck", "copies")))
        if r.scoring.model != ScoringModel.TABLE or r.participation.stay_drop:
            bad(("partner", "call"), "a called partner needs table scoring and everyone "
                "playing", hint="set scoring.model: table and participation.stay_drop: no",
                also=(("scoring", "model"), ("participation", "stay_drop")))
    if r.participation.three_hands_rule and not r.participation.stay_drop:
        bad(("participation", "three_hands_rule"), "the three-hands rule needs stay_drop",
            also=(("participation", "stay_drop"),))
    if r.participation.last_player_cannot_drop and not r.participation.stay_drop:
        bad(("participation", "last_player_cannot_drop"), "last_player_cannot_drop needs "
            "stay_drop", reads=(("participation", "stay_drop"),))
    joker_can_turn = r.deck.joker and r.deal.upcard
    if joker_can_turn and r.bidding.joker_upcard is None:
        bad(("deck", "joker"), "the joker can be turned up, but bidding.joker_upcard does not "
            "say what happens then", hint="set bidding.joker_upcard: dealer_names, fixed_suit "
            "or agreed_suit", reads=(("deal", "upcard"), ("bidding", "joker_upcard")))
    if r.bidding.joker_upcard is not None and not joker_can_turn:
        bad(("bidding", "joker_upcard"), "bidding.joker_upcard only matters when a joker can be "
            "turned up", hint="remove it, or set deck.joker: yes and deal.upcard: yes",
            reads=(("deck", "joker"), ("deal", "upcard")))
    if r.bidding.joker_upcard == JokerUpcard.AGREED_SUIT and r.bidding.joker_upcard_suit is None:
        bad(("bidding", "joker_upcard"), "joker_upcard: agreed_suit needs the agreed suit",
            hint="set bidding.joker_upcard_suit: C, D, H or S",
            reads=(("bidding", "joker_upcard_suit"),))
    if r.bidding.joker_upcard_suit is not None and \
            r.bidding.joker_upcard != JokerUpcard.AGREED_SUIT:
        bad(("bidding", "joker_upcard_suit"), "joker_upcard_suit is only used with "
            "joker_upcard: agreed_suit", reads=(("bidding", "joker_upcard"),))
    if r.deal.widow and r.deal.upcard:
        bad(("deal", "widow"), "a widow game turns no card up", hint="set deal.upcard: no",
            also=(("deal", "upcard"),))
    if r.bidding.no_trump and not r.bidding.naming_round:
        bad(("bidding", "no_trump"), "no-trump is called in the naming round, which is off",
            also=(("bidding", "naming_round"),))
    _check_an_end(r, bad)
    _check_event(r, bad)
    _check_house_rules(r, bad, deck.size - needed)
    return out


def _check_forced_bid(r: RuleSet, bad: Callable[..., None], deck: Deck) -> None:
    """The forced bid of the holder of a card: an auction to bid in, a card of the
    deck, a bid the auction allows."""
    b = r.bidding
    if b.forced_bid_card is None:
        return
    if not b.auction:
        bad(("bidding", "forced_bid_card"), "a forced bid needs an auction to bid in",
            hint="set bidding.auction: yes", also=(("bidding", "auction"),))
    if b.forced_bid_card not in deck.spellings:
        bad(("bidding", "forced_bid_card"), f"'{clip(b.forced_bid_card)}' is not a card of "
            f"this deck", hint="write a card as records spell it, like JK (the joker, with "
            "deck.joker: yes), JS or AH", reads=(("deck", "joker"), ("deck", "lowest")))
    elif not b.auction_min <= b.forced_bid <= b.auction_max:
        bad(("bidding", "forced_bid"), f"a forced bid of {b.forced_bid} is outside the "
            f"auction's bids ({b.auction_min} to {b.auction_max})",
            also=(("bidding", "auction_min"), ("bidding", "auction_max")),
            reads=(("bidding", "forced_bid_card"),))


#: The table scoring's points for a hand, every one of which may be all a hand scores.
_TABLE_POINTS = ("make", "march", "alone_make", "alone_march", "euchred", "euchred_march",
                 "alone_euchred", "lone_defender_euchre", "lone_defender_march")


def _check_an_end(r: RuleSet, bad: Callable[..., None]) -> None:
    """A game that no hand can bring nearer its end never ends (issue 27, finding 18):
    table scoring to a target with no positive points, countdown scoring where no
    trick counts down and nobody can win outright.  A fixed number of deals ends
    any game."""
    s = r.scoring
    if r.game.deals is not None:
        return
    if s.model == ScoringModel.COUNTDOWN:
        if s.per_trick <= 0 and not s.instant_win:
            bad(("scoring", "per_trick"), "no hand can bring a score down to 0: a trick "
                f"counts {s.per_trick} and nobody wins outright, so the game never ends",
                hint="count tricks down (scoring.per_trick above 0), allow the instant win "
                     "or end after game.deals", reads=(("scoring", "model"),
                                                      ("scoring", "instant_win"),
                                                      ("game", "deals")))
        return
    points = [(k, getattr(s, k)) for k in _TABLE_POINTS]
    if all(v <= 0 for _, v in points) and s.trick_count == TrickCount.OFF:
        bad(("game", "target"), f"no hand can score a point toward the target of "
            f"{r.game.target}: every result of the scoring table is 0 or less, so the game "
            "never ends", hint="give the makers (scoring.make and the rest) points, or end "
            "after game.deals", near=tuple(("scoring", k) for k, _ in points),
            reads=(("scoring", "model"), ("game", "deals")))


def _check_event(r: RuleSet, bad: Callable[..., None]) -> None:
    """A fixed number of deals needs that number; an event's sizes must fill whole
    tables, and a round-robin rotation needs pairs of partners and enough of them."""
    if r.game.fixed_deals and r.game.deals is None:
        bad(("game", "fixed_deals"), "every deal of the game is played, but the game has no "
            "number of deals", hint="set game.deals (8 for a progressive round)",
            reads=(("game", "deals"),))
    e, p = r.event, r.players
    if e.rounds is None:
        return
    for n in e.players:
        if n % p.count:
            bad(("event", "players"), f"{n} players do not fill whole tables of {p.count}",
                hint=f"use a multiple of {p.count}", reads=(("players", "count"),))
    # The event's schedule (euchre event schedule, event simulate) seats every round by
    # the circle method, whatever the rotation: pairs of partners, a new partner each
    # round.  ('any' only stops the standings checking who partnered whom.)
    if p.sides != Sides.PARTNERS or p.count != 2 * p.teams:
        bad(("event", "rounds"), "an event's schedule seats pairs of partners, but the table "
            "does not play in partnerships of two", hint="use players.sides: partners with "
            "two to a side, or event.rounds: none (not an event)",
            reads=(("players", "sides"), ("players", "count"), ("players", "teams"),
                   ("event", "rotation")))
        return
    for n in e.players:
        if e.rounds > n - 1:
            bad(("event", "rounds"), f"{n} players have only {n - 1} different partners, "
                f"too few for {e.rounds} rounds: the schedule gives everyone a new partner "
                "each round", hint=f"play at most {n - 1} rounds, or list only larger events "
                "in event.players", also=(("event", "players"),),
                reads=(("event", "rotation"),))


def _check_trick_count(r: RuleSet, bad: Callable[..., None]) -> None:
    """Trick-count scoring is a table-scoring rule about a contract's tricks; a shoot is
    a lone maker's contract under it."""
    s = r.scoring
    if s.trick_count != TrickCount.OFF and s.model != ScoringModel.TABLE:
        bad(("scoring", "trick_count"), "trick-count scoring adds to table scores",
            hint="set scoring.model: table or scoring.trick_count: off",
            also=(("scoring", "model"),))
    if r.game.lose_at is not None and s.model != ScoringModel.TABLE:
        bad(("game", "lose_at"), "a losing score is a table-scoring rule",
            hint="remove game.lose_at, or set scoring.model: table",
            also=(("scoring", "model"),))
    if s.shoot and s.trick_count == TrickCount.OFF:
        bad(("scoring", "shoot"), "a shoot's points are part of trick-count scoring, which "
            "is off", hint="set scoring.trick_count: tricks or bid, or scoring.shoot: 0",
            also=(("scoring", "trick_count"),))
    if s.shoot and not (r.alone.allowed and r.players.sides == Sides.PARTNERS):
        bad(("scoring", "shoot"), "a shoot is a lone maker's contract, and nobody may go "
            "alone", hint="set alone.allowed: yes in a partnership game",
            also=(("alone", "allowed"), ("players", "sides")))


def _check_house_rules(r: RuleSet, bad: Callable[..., None], face_down: int) -> None:
    """The house-rule options of REFERENCE.md section 4: each needs what it acts on.
    ``face_down`` is the number of cards left undealt after the deal."""
    b, a, d, g = r.bidding, r.alone, r.deal, r.game
    partners = r.players.sides == Sides.PARTNERS
    if b.low_no_trump and not (b.no_trump or (b.auction and b.auction_no_trump)):
        bad(("bidding", "low_no_trump"), "low no-trump may be called wherever no-trump may, "
            "but no-trump may not be called", hint="set bidding.no_trump: yes",
            also=(("bidding", "no_trump"),),
            reads=(("bidding", "auction"), ("bidding", "auction_no_trump")))
    if b.dealer_forced_takeup:
        if not b.order_up_round or b.auction:
            bad(("bidding", "dealer_forced_takeup"), "the dealer can only be forced to take up "
                "in a first (order-up) round", also=(("bidding", "order_up_round"),),
                reads=(("bidding", "auction"),))
        if b.stick_the_dealer:
            bad(("bidding", "dealer_forced_takeup"), "a dealer forced to take up and stick the "
                "dealer both say what happens when everyone passes", hint="keep only one of "
                "them", also=(("bidding", "stick_the_dealer"),))
        if b.must_hold_trump_to_call:
            bad(("bidding", "dealer_forced_takeup"), "a dealer forced to take up may hold no "
                "trump, which must_hold_trump_to_call forbids", hint="keep only one of them",
                also=(("bidding", "must_hold_trump_to_call"),))
    for option, what in (("canadian_loner", "the Canadian loner rule"),
                         ("call_for_best", "call for best")):
        if getattr(a, option) and not (a.allowed and partners):
            bad(("alone", option), f"{what} needs partners and going alone",
                hint="set alone.allowed: yes in a partnership game",
                also=(("alone", "allowed"), ("players", "sides")))
    # the lone player puts away call_for_best_cards for each partner before the gifts
    helpers = max(r.players.count // r.players.teams - 1, 1) if partners else 1
    put_away = a.call_for_best_cards * helpers
    if put_away > 1 and put_away >= d.hand_size:
        each = f", {a.call_for_best_cards} for each of {helpers} partners" if helpers > 1 \
            else " for each partner's best"
        bad(("alone", "call_for_best_cards"), f"a lone player cannot put away "
            f"{put_away} of {d.hand_size} cards{each}",
            hint="pass fewer cards", also=(("deal", "hand_size"),),
            reads=(("alone", "call_for_best"), ("players", "count"), ("players", "teams")))
    if a.canadian_loner and not b.order_up_round:
        bad(("alone", "canadian_loner"), "the Canadian loner rule applies to ordering up, and "
            "there is no order-up round", also=(("bidding", "order_up_round"),))
    if d.farmers_hand != FarmersHand.OFF and d.farmers_hand_effect == FarmersEffect.SWAP and \
            face_down < 3:
        bad(("deal", "farmers_hand_effect"), f"a swap takes three face-down kitty cards, but "
            f"only {face_down} are left undealt", hint="use farmers_hand_effect: misdeal, or "
            "deal fewer cards", also=(("deal", "farmers_hand"),), reads=_DEAL_SIZE)
    for option in ("laps", "slam"):
        if getattr(g, option) and r.scoring.model != ScoringModel.TABLE:
            bad(("game", option), f"game.{option} is about points towards a target: it needs "
                "table scoring", also=(("scoring", "model"),))
    if g.laps and g.deals is not None:
        bad(("game", "laps"), "a game of a fixed number of deals has no target to lap",
            also=(("game", "deals"),))
    if g.rubber != Rubber.OFF:
        if r.scoring.model != ScoringModel.TABLE or r.players.side_count != 2:
            bad(("game", "rubber"), "a rubber is played between two sides with table scoring",
                also=(("players", "sides"), ("scoring", "model")),
                reads=(("players", "teams"), ("players", "count")))
        if g.slam:
            bad(("game", "slam"), "the rubber scheme already scores a game won against a "
                "scoreless side", hint="remove game.slam", also=(("game", "rubber"),))
        if g.deals is not None:
            bad(("game", "rubber"), "a rubber is made of games played to a target, not of a "
                "fixed number of deals", also=(("game", "deals"),))


#: The options that decide how many cards are dealt and how many are left over.
_DEAL_SIZE = (("deck", "lowest"), ("deck", "joker"), ("players", "count"), ("deal", "hand_size"),
              ("deal", "widow"), ("deal", "upcard"))


def _setting(r: RuleSet, src: VariantSource, path: tuple[str, ...]) -> str:
    """One option of a contradiction, in the vocabulary of the file being compiled
    (its phrase in a rules file, ``section.option: value`` in YAML) and where it
    is set: ``stick the dealer, line 9``; ``deal.upcard: yes, by default``."""
    from .describe import value_words  # here: an error's words (start-up of every command)
    from .phrases import render

    value = getattr(getattr(r, path[0]), path[1])
    dotted = ".".join(path)
    text = None
    if (src.file or "").endswith(".euchre"):
        text = render(dotted, value)
    if text is None:
        text = f"{dotted}: {value_words(value)}"
    loc = src.key_locations.get(path)
    if loc is None or loc.line is None:
        return f"{text}, by default" if loc is None else text
    if loc.file == src.file:
        return f"{text}, line {loc.line}"
    return f"{text}, {os.path.basename(loc.file or '')} line {loc.line}"

