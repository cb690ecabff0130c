"""The fields of a game's state, listed once; ``state.py``'s set-up copy, new game, new
hand, copy and position key are generated from these lists.

A :class:`~euchre_dsl.engine.state.State` is compiled by mypyc into a native class,
whose attributes are C slots: setting them by name in a loop (``setattr``) costs
several times a written-out assignment, and a validator or simulator starts a hand
and copies games millions of times.  So the methods stay written out -- but
generated from the tables below, between the ``BEGIN GENERATED`` and ``END
GENERATED`` lines of ``state.py``; ``tests/engine/test_fields.py`` fails when they
differ.  To add, remove or change a field, edit its table and run::

    python -m euchre_dsl.engine.fields

Each field's type says how it is copied: a ``list`` is sliced, a ``dict`` copied,
anything else (ints, tuples, strings, ``None``) shared.  A *reused* container is kept
by a new hand when it is already empty (most are, when a hand ends) instead of being
replaced by a new empty one; a list with an entry per seat (``[0] * n``) is cleared in
place.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import NamedTuple

__all__ = ["Field", "SETUP_FIELDS", "GAME_FIELDS", "HAND_FIELDS", "NOT_POSITION", "generated",
           "main"]


class Field(NamedTuple):
    """One attribute: its name, type, the expression it starts from, and why it is there."""

    name: str
    type: str
    start: str
    doc: str = ""
    reused: bool = False  # a container a new hand keeps when it is empty

    @property
    def seat_value(self) -> str | None:
        """The value each seat's entry starts from, for a list with one per seat
        (``[0] * n``): a new hand clears such a list in place."""
        found = re.fullmatch(r"\[(.+)\] \* n", self.start)
        return found.group(1) if found else None


#: What never changes in a game and is derived from the rules (``State._setup`` computes
#: each; a game made ``like`` another takes them all, and so does a clone).
SETUP_FIELDS = (
    "deck", "n", "labels", "partners", "side_of", "sides", "side_names", "hand_size",
    "forced_suit", "joker_proposes", "has_claims", "swaps", "ranks", "must_hold_trump",
    "menus_shared", "menus", "defends_alone", "packets", "widowed", "turns_up", "auction",
    "order_up_round", "upcard_protected", "alone_allowed", "stay_drop", "three_hands_rule",
    "lead_maker", "left_of_loner", "bid_target", "fixed_target", "calls_partner",
    "widow_cards", "forced_card", "deal_plans", "pack",
)

#: What a game holds from its first deal to its end (``State._start_game``; the
#: arguments ``dealer`` and ``start_scores`` are in scope).
GAME_FIELDS = (
    Field("scores", "list[int]", "self.first_scores(start_scores)"),
    Field("dealer", "int", "dealer"),
    Field("deals", "int", "0", "deals completed (thrown-in ones included)"),
    Field("winners", "list[int] | None", "None"),
    Field("results", "list[HandResult]", "[]"),
    Field("drop_streak", "list[int]", "[0] * self.n"),
    Field("phase", "Phase", "DEAL"),
)

#: What one hand holds (``State.reset_hand``; ``n``, the number of seats, is in scope).
HAND_FIELDS = (
    Field("cand", "list[int]", "[0] * n", "cards each seat may hold"),
    Field("sure", "list[int]", "[0] * n", "cards each seat certainly holds"),
    Field("count", "list[int]", "[0] * n", "how many cards each seat holds"),
    Field("upcard", "int | None", "None"),
    Field("widow", "int", "0"),
    Field("widow_known", "bool", "True"),
    Field("widow_holder", "int | None", "None", "who took the small widow (widow_cards) into "
          "hand"),
    Field("trump", "int | None", "None"),
    Field("maker", "int | None", "None"),
    Field("alone", "bool", "False"),
    Field("lone_defender", "int | None", "None"),
    Field("active", "list[bool]", "[True] * n"),
    Field("forced", "bool", "False", "trump fixed with no maker: nobody may drop"),
    Field("stuck_dealer", "bool", "False",
          "the dealer named trump because stick the dealer barred a pass"),
    Field("to_act", "int", "(self.dealer + 1) % n"),
    Field("passes", "int", "0"),
    Field("round_seats", "list[int]", "[]", reused=True),
    Field("high_bid", "int", "0"),
    Field("high_bidder", "int | None", "None"),
    Field("taker", "int | None", "None", "who must (or may) discard"),
    Field("upcard_holder", "int | None", "None",
          "who took the upcard into hand (public knowledge, unlike the discard)"),
    Field("turned_down", "int | None", "None"),
    Field("defend_queue", "list[int]", "[]", reused=True),
    Field("window_opened", "bool", "False", "the defend-alone window was offered this hand"),
    Field("dropped", "list[bool]", "[False] * n"),
    Field("stay_queue", "list[int]", "[]", reused=True),
    Field("must_play", "dict[int, str]", "{}", "seats not asked to stay or drop, and why",
          reused=True),
    Field("trick", "list[int]", "[]", reused=True),
    Field("trick_seats", "list[int]", "[]", reused=True),
    Field("tricks", "list[int]", "[0] * n"),
    Field("trick_winners", "list[int]", "[]", reused=True),
    Field("played", "int", "0", "mask of cards played this hand"),
    Field("void", "list[int]", "[0] * n", "effective suits a seat showed out of (bits)"),
    Field("full_info", "bool", "False",
          "every card's place is known (set when play starts): plays take the fast path"),
    Field("eff", "tuple[int, ...]", "()",
          "under the trump being played, each card's effective suit (set when play starts)"),
    Field("follow", "tuple[int, ...]", "()", "and each effective suit's cards"),
    Field("n_active", "int", "n", "seats playing this hand"),
    Field("next_seat", "tuple[int, ...]", "()", "the next active seat clockwise of each"),
    Field("dealt", "tuple[int, ...]", "()", "the known cards of each hand as dealt, before "
          "any exchange"),
    Field("shown_out", "list[int]", "[0] * n",
          "cards ruled out of a seat's hand only because it showed out: playing one later "
          "proves a renege, not an impossible card"),
    Field("renege_by", "int | None", "None"),
    Field("renege_note", "str | None", "None"),
    Field("renege_at", "int", "0",
          "cards played before renege_by's offence: the first offence counts"),
    Field("shown_at", "dict[tuple[int, int], tuple[int, int]]", "{}",
          "(seat, effective suit) -> (cards played before, trick number) when the seat "
          "first showed out of that suit; a later card of it proves a renege there",
          reused=True),
    Field("unplaced", "int", "0", "cards dealt to nobody known: unknown hands, widow, kitty"),
    Field("discarded", "dict[int, int]", "{}", "card put away -> who put it away",
          reused=True),
    Field("last_renege", "str | None", "None",
          "message of the latest renege (each is reported)"),
    Field("last_renege_at", "int", "0",
          "cards played in the hand before the latest renege's offence: which play broke "
          "the rule, when a later play proved it"),
    Field("kitty", "list[int | None]", "[]",
          "the undealt face-down cards, top of the stock first", reused=True),
    Field("claims_done", "bool", "False"),
    Field("claim_order", "list[int]", "[]", "seats still to be asked for a claim, on turn "
          "first", reused=True),
    Field("swapped", "int | None", "None", "who exchanged with the kitty"),
    Field("misdealt", "str | None", "None", "a void deal: who deals next"),
    Field("best_queue", "list[tuple[int, str]]", "[]", "call for best: (seat, discard|give)",
          reused=True),
    Field("best_seat", "int | None", "None", "the lone player being served"),
    Field("best_served", "list[int]", "[]", reused=True),
    Field("upcard_untaken", "bool", "False",
          "accepted upcard left out by a sitting-out dealer"),
    Field("partner_called", "bool", "False",
          "the maker has called a partner's card, or announced playing alone"),
    Field("called", "int", "-1", "the card the maker called (-1: none)"),
    Field("partner", "int | None", "None",
          "who played the called card: the maker's partner, revealed"),
    Field("hand_log", "list[ActionTuple]", "[]",
          "actions of the current (or last) hand as plain tuples: the cheap log the hot "
          "paths append to; Machine.hand_actions gives them as Actions", reused=True),
)

#: Fields that say how a position was reached, not what it is: left out of
#: ``State.position_key``.
NOT_POSITION = frozenset(("results", "hand_log"))

_INDENT = "    "
_BODY = _INDENT * 2


def _copy(field: Field) -> str:
    """The expression that copies ``other``'s value of the field, one level deep."""
    value = f"other.{field.name}"
    if field.type.startswith("list[") and field.type.endswith("| None"):
        return f"None if {value} is None else {value}[:]"
    if field.type.startswith("list["):
        return f"{value}[:]"
    if field.type.startswith("dict["):
        return f"dict({value})"
    return value


def _frozen(field: Field) -> str:
    """A hashable expression equal for equal values of the field."""
    value = f"self.{field.name}"
    if field.type.startswith("list[") and field.type.endswith("| None"):
        return f"None if {value} is None else tuple({value})"
    if field.type.startswith("list["):
        return f"tuple({value})"
    if field.type.startswith("dict["):
        return f"frozenset({value}.items())"
    return value


def _comment(doc: str) -> list[str]:
    if not doc:
        return []
    words, lines, line = doc.split(), [], ""
    for word in words:
        if len(_BODY) + 2 + len(line) + len(word) + 1 > 88 and line:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    return [f"{_BODY}# {text}" for text in lines]


def generated() -> str:
    """The generated methods of ``State``, as they stand between the markers."""
    out = [f"{_INDENT}# BEGIN GENERATED by `python -m euchre_dsl.engine.fields` from its "
           "tables",
           "",
           f"{_INDENT}def _share_setup(self, like: State) -> None:",
           f'{_BODY}"""The setup of :meth:`_setup`, taken from a game of the same rules (all of it',
           f'{_BODY}immutable, or the shared menu cache)."""']
    out += [f"{_BODY}self.{name} = like.{name}" for name in SETUP_FIELDS]
    out += ["",
            f"{_INDENT}def _start_game(self, dealer: int, start_scores: Sequence[int] | None"
            ") -> None:",
            f'{_BODY}"""What a game holds from its first deal to its end: every per-game '
            'attribute."""']
    for f in GAME_FIELDS:
        out += _comment(f.doc)
        out.append(f"{_BODY}self.{f.name}: {f.type} = {f.start}")
    out += ["",
            f"{_INDENT}def reset_hand(self, reuse: bool = True) -> None:",
            f'{_BODY}"""The state of a hand not yet dealt: every per-hand attribute is '
            'created here.',
            "",
            f"{_BODY}With ``reuse`` the last hand's lists of one entry per seat are cleared in",
            f"{_BODY}place, and a list or dict of the last hand that is empty is kept rather",
            f"{_BODY}than replaced by a new empty one (a validator or simulator resets a hand",
            f"{_BODY}millions of times: no list is made or freed).  Nothing outside the game",
            f"{_BODY}holds them: :meth:`copy_state` copies each, and what a game shows of them",
            f'{_BODY}is a copy."""',
            f"{_BODY}n = self.n"]
    per_seat = [f for f in HAND_FIELDS if f.seat_value is not None]
    out.append(f"{_BODY}if reuse:")
    out += [f"{_BODY}{_INDENT}{f.name} = self.{f.name}" for f in per_seat]
    out.append(f"{_BODY}{_INDENT}for s in range(n):")
    out += [f"{_BODY}{_INDENT * 2}{f.name}[s] = {f.seat_value}" for f in per_seat]
    out.append(f"{_BODY}else:")
    for f in per_seat:
        out += [f"{_INDENT}{line}" for line in _comment(f.doc)]
        out.append(f"{_BODY}{_INDENT}self.{f.name}: {f.type} = {f.start}")
    for f in HAND_FIELDS:
        if f.seat_value is not None:
            continue
        out += _comment(f.doc)
        if f.reused:
            out.append(f"{_BODY}if not reuse or self.{f.name}:")
            out.append(f"{_BODY}{_INDENT}self.{f.name}: {f.type} = {f.start}")
        else:
            out.append(f"{_BODY}self.{f.name}: {f.type} = {f.start}")
    out += ["",
            f"{_INDENT}def copy_state(self, other: State) -> None:",
            f'{_BODY}"""Take every changing attribute of ``other`` (same rule set), one level '
            'deep.',
            "",
            f"{_BODY}The state holds ints, tuples and flat lists or dicts of them, so copying",
            f"{_BODY}lists and dicts makes the two independent; the rule set, deck, rank",
            f"{_BODY}masks and menu cache are shared.  ``tests/engine/test_state.py``",
            f'{_BODY}checks that no attribute is left out."""',
            f"{_BODY}self.labels = other.labels"]
    out += [f"{_BODY}self.{f.name} = {_copy(f)}" for f in GAME_FIELDS + HAND_FIELDS]
    kept = [f for f in GAME_FIELDS + HAND_FIELDS if f.name not in NOT_POSITION]
    out += ["",
            f"{_INDENT}def position_key(self) -> tuple[object, ...]:",
            f'{_BODY}"""Everything that decides the rest of the game, hashable: equal for two',
            f"{_BODY}games of the same rules exactly when every per-game and per-hand field is",
            f"{_BODY}equal, leaving out how the position was reached (the hand's log and the",
            f'{_BODY}results of past hands).  For searches that meet a position twice."""',
            f"{_BODY}return ("]
    out += [f"{_BODY}{_INDENT}{_frozen(f)}," for f in kept]
    out += [f"{_BODY})", "", f"{_INDENT}# END GENERATED"]
    return "\n".join(out) + "\n"


_BLOCK = re.compile(r"    # BEGIN GENERATED.*?    # END GENERATED\n", re.S)


def main() -> int:
    """Rewrite the generated block of ``state.py`` from the tables."""
    path = Path(__file__).with_name("state.py")
    text = path.read_text(encoding="utf-8")
    new, found = _BLOCK.subn(lambda _: generated(), text)
    if found != 1:
        print(f"{path}: expected one generated block, found {found}", file=sys.stderr)
        return 1
    if new != text:
        path.write_text(new, encoding="utf-8")
        print(f"{path}: regenerated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
