"""Claims a record makes -- ``result`` of each hand, ``final`` -- against the replay.

Each claimed value is compared with what the engine computed; a difference is
a ``result-mismatch`` that says both values.  The replay keeps its own truth:
a claimed running score it has just rejected is never adopted, so each wrong
claim is one problem and the correct claims after it are not blamed.  Only
where the replay has no truth of its own (a hand it could not score) does it
go on from the scores the record claims.

The comparison itself -- does a claim agree with the replay? -- is the functions
at the top of this module, and only they: the full checker below asks them first
and explains a disagreement after, and the validator's fast paths
(:mod:`.fast_check` on a parsed record, :mod:`.fast_bytes` on its bytes) call them
on the values they read, so a record is clean by one definition.
"""

from __future__ import annotations

import json
from typing import Any

from ..cards import ascii_upper, contract_name
from ..engine.machine import Machine, HandResult, contract_words
from ..records.notation import CONTRACT_CODES, is_int, json_kind
from ..records.positions import JsonPath
from ..records.shape import ShapeChecks

RESULT_KEYS = ("trump", "maker", "tricks", "points", "scores")
#: A hand whose maker called a partner's card (``partner.call``) may say who it was.
PARTNER_KEY = "partner"
FINAL_KEYS = ("scores", "winner")


# ================================================ the comparison of claims
def trump_agrees(claimed: Any, trump: int | None) -> bool:
    """``result.trump`` as written (``"H"``, ``"NT"``, ``None`` thrown in) is the replay's."""
    return bool(claimed == contract_name(trump))


def maker_agrees(claimed: Any, maker: int | None, labels: tuple[str, ...]) -> bool:
    """``result.maker`` (a seat label, ``None`` for nobody) is the replay's maker."""
    if maker is None:
        return claimed is None
    return bool(claimed == labels[maker])


def values_agree(claimed: list[int], named: int, values: tuple[int, ...]) -> bool:
    """Counts read in the order of ``values`` (seats or sides) agree with them: each
    one whose bit is set in ``named`` (a claim may leave seats or sides out; the full
    checker compares those it names) is exactly its value."""
    for j in range(len(values)):
        if (named >> j) & 1 and claimed[j] != values[j]:
            return False
    return True


def counts_agree(claimed: Any, keys: tuple[str, ...], values: tuple[int, ...]) -> bool:
    """An object of counts (``result.tricks``, ``.points``, ``.scores``) names only
    ``keys``, each count an ``int`` (``1.0`` and ``true`` compare equal to ``1`` but
    are not integers) equal to its value in ``dict(zip(keys, values))``."""
    if type(claimed) is not dict:
        return False
    read: list[int] = []
    named = 0
    found = 0
    for j in range(len(keys)):
        v = claimed.get(keys[j])
        read.append(0)
        if v is None and keys[j] not in claimed:
            continue
        if type(v) is not int:
            return False
        read[j] = v
        named |= 1 << j
        found += 1
    return found == len(claimed) and values_agree(read, named, values)


def result_agrees(claimed: Any, res: HandResult, labels: tuple[str, ...],
                  side_names: tuple[str, ...]) -> bool:
    """A hand's claimed ``result`` agrees with the replay with nothing to say about it:
    it names only ``result_to_json``'s five keys (and ``partner`` where a partner was
    called), any of them left out (each is optional in ``ehh/1``), each one given
    exactly the replay's value, every count an integer."""
    if type(claimed) is not dict:
        return False
    found = 0
    if PARTNER_KEY in claimed:
        if res.called is None or not maker_agrees(claimed[PARTNER_KEY], res.partner, labels):
            return False
        found += 1
    if "trump" in claimed:
        if not trump_agrees(claimed["trump"], res.trump):
            return False
        found += 1
    if "maker" in claimed:
        if not maker_agrees(claimed["maker"], res.maker, labels):
            return False
        found += 1
    if "tricks" in claimed:
        if not counts_agree(claimed["tricks"], labels, res.tricks):
            return False
        found += 1
    if "points" in claimed:
        if not counts_agree(claimed["points"], side_names, res.points):
            return False
        found += 1
    if "scores" in claimed:
        if not counts_agree(claimed["scores"], side_names, res.scores):
            return False
        found += 1
    return found == len(claimed)


def scores_agree(claimed: dict[int, int], scores: list[int]) -> bool:
    """Claimed scores (side index -> score; some sides may be left out) are the replay's."""
    for side, v in claimed.items():
        if v != scores[side]:
            return False
    return True


def winners_agree(named: int, winners: list[int] | None) -> bool:
    """The sides a claim names as winners (a bit per side) are exactly the replay's;
    ``winners`` ``None`` (the game is not over) agrees with no side named."""
    won = 0
    if winners is not None:
        for w in winners:
            won |= 1 << w
    return named == won


def claimed_side_values(obj: Any, side_of: dict[str, int]) -> dict[int, int] | None:
    """An object side name -> integer as side index -> value (``ShapeChecks.side_scores``
    without its messages); ``None`` where that reports a problem."""
    if type(obj) is not dict:
        return None
    out: dict[int, int] = {}
    for k, v in obj.items():
        side = side_of.get(k)
        if side is None or type(v) is not int:
            return None
        out[side] = v
    return out


def final_agrees(final: Any, game: Machine, side_of: dict[str, int]) -> bool:
    """The record's ``final`` claims agree with the replay, with nothing to say about
    them (what :meth:`ClaimChecks.check_final` accepts without a word)."""
    if type(final) is not dict:
        return False
    for k in final:
        if k != "scores" and k != "winner":
            return False
    if "scores" in final:
        scores = claimed_side_values(final["scores"], side_of)
        if scores is None or not scores_agree(scores, game.scores):
            return False
    if "winner" in final:
        w = final["winner"]
        if w is None:
            return winners_agree(0, game.winners)
        items = [w] if type(w) is str else w if type(w) is list else None
        if items is None or not items or game.winners is None:
            return False
        named = 0
        for x in items:
            side = side_of.get(x) if type(x) is str else None
            if side is None:
                return False
            named |= 1 << side
        return winners_agree(named, game.winners)
    return True


class ClaimChecks(ShapeChecks):
    """Checks of ``result`` and ``final`` (the game has been replayed up to them)."""

    def standing(self) -> str:
        """Who has won, or that nobody has yet, with the scores: for messages."""
        g = self.game
        scores = ", ".join(f"{name} {v}" for name, v in zip(g.side_names, g.scores))
        if g.winners is None:
            return f"the game is not over ({scores})"
        won = " and ".join(g.side_names[w] for w in g.winners)
        verb = "tie" if len(g.winners) > 1 else "wins"
        return f"{won} {verb} ({scores})"

    # --------------------------------------------------------- hand result
    def check_result(self, h: int, hand: dict[str, Any]) -> None:
        """Compare the hand's claimed result with the replay.

        The replay's scores stand; claimed ones are taken only where the
        replay's are uncertain (an earlier hand could not be scored)."""
        if "result" not in hand:
            return
        claimed = hand["result"]
        game = self.game
        res = game.last_result
        assert res is not None
        if not self.scores_uncertain and result_agrees(claimed, res, game.labels,
                                                       game.side_names):
            return
        path: JsonPath = ("hands", h, "result")
        if type(claimed) is not dict:
            self.schema(f"hand {h + 1}: 'result' must be an object, not {json_kind(claimed)}",
                        path, h)
            return
        self.check_keys(claimed, RESULT_KEYS + (PARTNER_KEY,), (), path,
                        f"the result of hand {h + 1}", h)
        if PARTNER_KEY in claimed:
            self.check_partner(h, claimed[PARTNER_KEY], res, path + (PARTNER_KEY,))
        if "trump" in claimed:
            self.check_trump(h, claimed["trump"], res.trump, path + ("trump",))
        if "maker" in claimed:
            self.check_maker(h, claimed["maker"], res.maker, path + ("maker",))
        if "tricks" in claimed:
            self.check_tricks(h, claimed["tricks"], res.tricks, path + ("tricks",))
        if "points" in claimed:
            points = self.side_scores(claimed["points"], path + ("points",), "result.points", h)
            if points is not None:
                self.compare_sides(h, "result.points", points, list(res.points),
                                   path + ("points",))
        if "scores" in claimed:
            scores = self.side_scores(claimed["scores"], path + ("scores",), "result.scores", h)
            if scores is not None:
                if self.scores_uncertain:
                    self.add("not-checked", f"hand {h + 1}: result.scores is not checked, an "
                             "earlier hand could not be scored", path + ("scores",), h,
                             severity="info")
                    merged = [scores.get(i, v) for i, v in enumerate(game.scores)]
                    if merged != game.scores:
                        game.set_scores(merged)
                    if len(scores) == len(game.scores):
                        self.scores_uncertain = False
                else:
                    self.compare_sides(h, "result.scores", scores, game.scores,
                                       path + ("scores",))

    def check_trump(self, h: int, value: Any, trump: int | None, path: JsonPath) -> None:
        code = ascii_upper(value) if type(value) is str else value
        if code is not None and (type(code) is not str or code not in CONTRACT_CODES):
            self.schema(f"hand {h + 1}: result.trump must be C, D, H, S, NT or null, not "
                        f"{json.dumps(value)}", path, h)
            return
        if not trump_agrees(code, trump):
            said = contract_words(CONTRACT_CODES[code]) if code is not None else \
                "nothing (thrown in)"
            got = contract_words(trump) if trump is not None else \
                "no trump: the hand was thrown in"
            self.add("result-mismatch", f"hand {h + 1}: the result says trump was {said}, "
                     f"but the replay gives {got}", path, h)

    def check_maker(self, h: int, value: Any, maker: int | None, path: JsonPath) -> None:
        if value is not None and (type(value) is not str or value not in self.seat_of):
            self.schema(f"hand {h + 1}: result.maker must be a seat or null, not "
                        f"{json.dumps(value)}", path, h)
            return
        expected = None if maker is None else self.labels[maker]
        if not maker_agrees(value, maker, self.game.labels):
            got = "nobody made trump" if expected is None else f"{expected} made trump"
            said = "nobody" if value is None else value
            self.add("result-mismatch", f"hand {h + 1}: the result says the maker was {said}, "
                     f"but in the replay {got}", path, h)

    def check_partner(self, h: int, value: Any, res: HandResult, path: JsonPath) -> None:
        """``result.partner``: who played the card the maker called (``null``: nobody)."""
        if value is not None and (type(value) is not str or value not in self.seat_of):
            self.schema(f"hand {h + 1}: result.partner must be a seat or null, not "
                        f"{json.dumps(value)}", path, h)
            return
        if res.called is None:
            self.add("result-mismatch", f"hand {h + 1}: the result names a partner, but no "
                     "partner's card was called in this hand", path, h)
            return
        if not maker_agrees(value, res.partner, self.game.labels):
            card = self.game.card_name(res.called)
            got = f"{self.labels[res.partner]} played {card}" if res.partner is not None \
                else f"nobody played {card}: the maker was alone"
            said = "nobody" if value is None else value
            self.add("result-mismatch", f"hand {h + 1}: the result says the maker's partner "
                     f"was {said}, but the called card decides it: {got}", path, h)

    def check_tricks(self, h: int, value: Any, tricks: tuple[int, ...], path: JsonPath) -> None:
        if type(value) is not dict:
            self.schema(f"hand {h + 1}: result.tricks must be an object seat -> tricks, not "
                        f"{json_kind(value)}", path, h)
            return
        said, got = [], []
        for label, v in value.items():
            seat = self.seat_of.get(label)
            if seat is None:
                self.schema(f"hand {h + 1}: result.tricks names '{label}', which is not a seat",
                            path + (label,), h, key=True)
            elif not is_int(v):
                self.schema(f"hand {h + 1}: result.tricks for {label} must be an integer, not "
                            f"{json_kind(v)}", path + (label,), h)
            elif v != tricks[seat]:
                said.append(f"{label} {v}")
                got.append(f"{label} {tricks[seat]}")
        if said:
            self.add("result-mismatch", f"hand {h + 1}: the result says tricks won were "
                     f"{', '.join(said)}, but the replay gives {', '.join(got)}", path, h)

    def compare_sides(self, h: int | None, what: str, claimed: dict[int, int],
                      actual: list[int], path: JsonPath) -> None:
        names = self.game.side_names
        said = [f"{names[i]} {v}" for i, v in claimed.items() if v != actual[i]]
        if said:
            got = [f"{names[i]} {actual[i]}" for i, v in claimed.items() if v != actual[i]]
            prefix = "" if h is None else f"hand {h + 1}: "
            self.add("result-mismatch", f"{prefix}{what} says {', '.join(said)}, "
                     f"but the replay gives {', '.join(got)}", path, h)

    # ---------------------------------------------------------------- final
    def check_final(self) -> None:
        if "final" not in self.record:
            return
        final = self.record["final"]
        path: JsonPath = ("final",)
        if type(final) is not dict:
            self.schema(f"'final' must be an object, not {json_kind(final)}", path)
            return
        self.check_keys(final, FINAL_KEYS, (), path, "'final'")
        game = self.game
        scores = None
        if "scores" in final:
            scores = self.side_scores(final["scores"], path + ("scores",), "final.scores")
        winner = self.read_winner(final)
        if self.scores_uncertain:
            self.add("not-checked", "'final' is not checked: a hand could not be replayed and "
                     "claimed no scores", path, severity="info")
            return
        if scores is not None:
            self.compare_sides(None, "final.scores", scores, game.scores, path + ("scores",))
        if winner and game.winners is None and self.end_uncertain:
            self.add("not-checked", "final.winner is not checked: the last hand could not be "
                     "replayed, and taking every trick wins the game outright without "
                     "changing the scores", path + ("winner",), severity="info")
        elif winner is not False:
            named = 0
            if isinstance(winner, set):
                for name in winner:
                    named |= 1 << self.side_of[name]
            if not winners_agree(named, game.winners):
                said = "the game is not over" if winner is None else \
                    f"{' and '.join(sorted(winner))} won"  # type: ignore[arg-type]
                self.add("result-mismatch", f"final.winner says {said}, but after the recorded "
                         f"hands {self.standing()}", path + ("winner",))

    def read_winner(self, final: dict[str, Any]) -> set[str] | None | bool:
        """The claimed winning sides (``None``: unfinished); ``False`` if absent or malformed."""
        if "winner" not in final:
            return False
        w = final["winner"]
        if w is None:
            return None
        items = [w] if type(w) is str else w if type(w) is list else None
        if items is None or not items or any(x not in self.side_of for x in items
                                             if type(x) is str) or \
                any(type(x) is not str for x in items):
            self.schema(f"final.winner must be a side ({', '.join(self.game.side_names)}), an "
                        f"array of sides for a tie, or null, not {json.dumps(w)}",
                        ("final", "winner"))
            return False
        return set(items)
