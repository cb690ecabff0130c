"""An EGN ``ruleset`` as a variant, and a variant as an EGN ``ruleset``.

EGN (Euchre Game Notation) tags each game with a small ``ruleset`` object of
house-rule toggles (``metadata.ruleset``).  Each toggle EGN defines that our
option table can say becomes that option over ``standard``; the result is
the shipped variant it equals where one does (``standard`` itself for a
ruleset of plain defaults), else an inline ``extends: standard`` variant.  A
toggle we cannot express is refused with the field named, never guessed:
``farmers``, ``go_under`` and ``partners_best`` (EGN leaves their exchanges
to house rules and records them loosely), ``fast_break`` and
``four_trick_tokens`` (no option scores them), ``joker`` (EGN does not say
what a turned-up joker does), a table other than four.

EGN's rules differ from ``standard``'s in two places: ``std`` (stick the
dealer) is on unless the ruleset turns it off, and the dealer who takes the
upcard "takes the up-card into their hand, and discards one card" (EGN's
base rules): any card of the six, the upcard too
(``bidding.dealer_may_discard_upcard``).  So no EGN ruleset is plain
``standard``; the shipped variants are still compared, in case one matches.  Back the other way,
:func:`ruleset_of_variant` writes the toggles of a variant EGN can describe
and refuses one it cannot, naming the option.
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from typing import Any

from ..engine.machine import Machine
from ..engine.scoring import contract_points, contract_target
from ..errors import EuchreError
from ..rules.registry import compile_data, load_variant, shipped_ids
from ..rules.ruleset import DefendAlone, LonerLead, RuleSet

__all__ = ["RulesetError", "variant_for_ruleset", "ruleset_of_variant", "EGN_DEFAULTS"]

#: EGN's default for every toggle it defines (docs/alternate-rules.md of the EGN
#: repository); ``num_deals`` 0 means no deal limit.
EGN_DEFAULTS: dict[str, Any] = {
    "std": True, "min_rank": 9, "winning_score": 10, "num_deals": 0, "canadian": False,
    "loner_lead": "LEFT_OF_DEALER", "loner_march_score": 4, "loner_euchred_score": 2,
    "defend_alone": False, "farmers": False, "partners_best": False, "go_under": False,
    "joker": False, "num_players": 4, "allow_no_trump": False, "fast_break": False,
    "four_trick_tokens": False,
}

#: Toggles we refuse when on, and why.
_REFUSED: dict[str, str] = {
    "farmers": "EGN leaves what a farmer's hand does to house rules and records its "
               "exchange without saying which rule made it",
    "go_under": "EGN leaves what going under does to house rules and records its exchange "
                "without saying which rule made it",
    "partners_best": "calling for partner's best is recorded in EGN as card exchanges this "
                     "reader does not replay",
    "fast_break": "no option of ours scores a fast break",
    "four_trick_tokens": "no option of ours keeps four-trick tokens",
    "joker": "EGN does not say what happens when the joker is turned up",
}
_BOOLS = ("std", "canadian", "defend_alone", "farmers", "partners_best", "go_under", "joker",
          "allow_no_trump", "fast_break", "four_trick_tokens")
_INTS = ("min_rank", "winning_score", "num_deals", "loner_march_score", "loner_euchred_score",
         "num_players")
_LONER_LEADS = {"LEFT_OF_DEALER": "first_active_left_of_dealer",
                "LEFT_OF_LONER": "left_of_loner"}
#: Option sections the identity of a variant does not count in.
_IDENTITY = ("id", "name", "description", "source")


class RulesetError(EuchreError, ValueError):
    """A ruleset we cannot express: ``field`` is the ruleset key at fault (None: the
    ruleset itself)."""

    def __init__(self, field: str | None, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


def _options(rules: RuleSet) -> dict[str, Any]:
    data = rules.to_dict()
    return {k: v for k, v in data.items() if k not in _IDENTITY}


@lru_cache(maxsize=None)
def _shipped_options() -> tuple[tuple[str, str], ...]:
    """Each shipped variant's options (as canonical JSON text), for exact matches."""
    out = []
    for vid in shipped_ids():
        out.append((vid, json.dumps(_options(load_variant(vid)), sort_keys=True)))
    return tuple(out)


def variant_for_ruleset(ruleset: Any) -> str | dict[str, Any]:
    """The record's ``variant`` for an EGN ruleset (``None``: EGN's defaults).

    Raises :class:`RulesetError` for a ruleset that is not an object, a toggle of
    the wrong type, an unknown toggle, or one we cannot express.  The answer for
    a ruleset is worked out once (it compiles a variant, some 50 ms): the games
    of a match, and the deals of a long session, mostly share one.
    """
    try:
        text = json.dumps(ruleset)
    except (TypeError, ValueError):  # not JSON (a value built in memory)
        text = ""
    answer = _cached_answer(text) if 0 < len(text) <= _CACHED_TEXT else _answer(ruleset)
    if isinstance(answer, RulesetError):
        raise RulesetError(answer.field, answer.message)
    return copy.deepcopy(answer)


#: Rulesets longer than this (as JSON) are not kept: a real one is ~100 characters.
_CACHED_TEXT = 4096


@lru_cache(maxsize=64)
def _cached_answer(text: str) -> str | dict[str, Any] | RulesetError:
    return _answer(json.loads(text))


def _answer(ruleset: Any) -> str | dict[str, Any] | RulesetError:
    try:
        return _variant_for(ruleset)
    except RulesetError as exc:
        return exc


def _variant_for(ruleset: Any) -> str | dict[str, Any]:
    if ruleset is None:
        ruleset = {}
    if not isinstance(ruleset, dict):
        raise RulesetError(None, "the ruleset must be an object of rule toggles")
    r = dict(EGN_DEFAULTS)
    for key, value in ruleset.items():
        if key not in EGN_DEFAULTS:
            raise RulesetError(key, f"'{key}' is not a rule toggle EGN defines")
        if key in _BOOLS and type(value) is not bool:
            raise RulesetError(key, f"'{key}' must be true or false")
        if key in _INTS and type(value) is not int:
            raise RulesetError(key, f"'{key}' must be a whole number")
        if key == "loner_lead" and (type(value) is not str or value not in _LONER_LEADS):
            raise RulesetError(key, "'loner_lead' must be LEFT_OF_DEALER or LEFT_OF_LONER")
        r[key] = value
    for key, why in _REFUSED.items():
        if r[key]:
            raise RulesetError(key, f"'{key}: true' cannot be checked: {why}")
    if r["num_players"] != 4:
        raise RulesetError("num_players", f"'num_players: {r['num_players']}' cannot be "
                           "checked: EGN does not say who partners whom or how a table of "
                           "other than four scores")
    if not 2 <= r["min_rank"] <= 9:
        raise RulesetError("min_rank", f"'min_rank: {r['min_rank']}': the lowest rank must be "
                           "2 to 9")
    overrides: dict[str, dict[str, Any]] = {}

    def put(section: str, option: str, value: Any) -> None:
        overrides.setdefault(section, {})[option] = value

    put("bidding", "dealer_may_discard_upcard", True)
    if r["min_rank"] != 9:
        put("deck", "lowest", str(r["min_rank"]))
    if r["std"]:
        put("bidding", "stick_the_dealer", True)
    if r["allow_no_trump"]:
        put("bidding", "no_trump", True)
    if r["canadian"]:
        put("alone", "canadian_loner", True)
    if r["defend_alone"]:
        put("alone", "defend_alone", "vs_lone_maker")
    if r["loner_lead"] != "LEFT_OF_DEALER":
        put("play", "loner_lead", _LONER_LEADS[r["loner_lead"]])
    if r["loner_march_score"] != 4:
        put("scoring", "alone_march", r["loner_march_score"])
    if r["loner_euchred_score"] != 2:
        put("scoring", "alone_euchred", r["loner_euchred_score"])
    deals, target = r["num_deals"], r["winning_score"]
    if "num_deals" in ruleset and "winning_score" in ruleset and deals and target:
        raise RulesetError("num_deals", "a ruleset sets 'winning_score' or 'num_deals', "
                           "not both")
    if deals < 0 or target < 0:
        raise RulesetError("num_deals" if deals < 0 else "winning_score",
                           "a game limit cannot be negative")
    if deals:
        put("game", "deals", deals)
    elif target == 0:
        raise RulesetError("winning_score", "'winning_score: 0' needs 'num_deals' (a game "
                           "must end somehow)")
    elif target != 10:
        put("game", "target", target)
    variant: dict[str, Any] = {"extends": "standard", "id": "egn-ruleset",
                               "name": "EGN ruleset", **overrides}
    try:
        compiled = compile_data(variant)
    except EuchreError as exc:
        raise RulesetError(None, "the ruleset does not make a valid variant: "
                           + "; ".join(p.message for p in exc.problems)) from None
    mine = json.dumps(_options(compiled), sort_keys=True)
    for vid, theirs in _shipped_options():
        if theirs == mine:
            return vid
    return variant


def ruleset_of_variant(rules: RuleSet) -> dict[str, Any]:
    """The EGN ruleset of compiled rules; :class:`RulesetError` naming the first
    option EGN cannot describe.  Toggles at EGN's defaults are written only for
    ``std``, ``canadian`` and ``loner_lead`` (as EGN's own tools do)."""
    base = _options(load_variant("standard"))
    mine = _options(rules)
    r: dict[str, Any] = {
        "std": rules.bidding.stick_the_dealer,
        "canadian": rules.alone.canadian_loner,
        "loner_lead": "LEFT_OF_LONER" if rules.play.loner_lead == LonerLead.LEFT_OF_LONER
        else "LEFT_OF_DEALER",
    }
    described = {("bidding", "stick_the_dealer"), ("alone", "canadian_loner"),
                 ("play", "loner_lead"), ("deck", "lowest"),
                 ("bidding", "dealer_may_discard_upcard"),
                 ("bidding", "no_trump"), ("alone", "defend_alone"), ("scoring", "alone_march"),
                 ("scoring", "alone_euchred"), ("game", "deals"), ("game", "target")}
    for section, options in mine.items():
        for option, value in options.items():
            if (section, option) not in described and value != base[section][option]:
                raise RulesetError(None, f"EGN has no rule toggle for {section}.{option} "
                                   f"({value!r}); it can describe only four-hand euchre with "
                                   "its listed toggles")
    if rules.deck.lowest != "9":
        r["min_rank"] = int(rules.deck.lowest)
    if rules.bidding.no_trump:
        r["allow_no_trump"] = True
    if rules.alone.defend_alone == DefendAlone.VS_LONE_MAKER:
        r["defend_alone"] = True
    elif rules.alone.defend_alone != DefendAlone.OFF:
        raise RulesetError(None, f"EGN defends alone only against a lone maker, not "
                           f"{rules.alone.defend_alone!r}")
    # what a lone hand scores, asked of the engine's scoring (EGN's defaults: 4 and 2)
    side_of = Machine(rules).side_of
    march = contract_points(rules, side_of, 0, True, rules.deal.hand_size)[side_of[0]]
    euchred = contract_points(rules, side_of, 0, True,
                              contract_target(rules, rules.bidding.auction_min, True) - 1
                              )[side_of[1]]
    if march != 4:
        r["loner_march_score"] = march
    if euchred != 2:
        r["loner_euchred_score"] = euchred
    if rules.game.deals is not None:
        r["num_deals"] = rules.game.deals
    elif rules.game.target != 10:
        r["winning_score"] = rules.game.target
    return r
