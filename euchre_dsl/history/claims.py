"""Claims a record makes -- ``result`` of each hand, ``final`` -- against the replay.

Each claimed value is compared with what the engine computed; a difference is
a ``result-mismatch`` that says both values.  The replay keeps its own truth:
a claimed running score it has just rejected is never adopted, so each wrong
claim is one problem and the correct claims after it are not blamed.  Only
where the replay has no truth of its own (a hand it could not score) does it
go on from the scores the record claims.
"""

from __future__ import annotations

import json
from typing import Any

from ..cards import ascii_upper, contract_name
from ..engine.game import contract_words
from .notation import CONTRACT_CODES, is_int, json_kind, result_to_json
from .positions import JsonPath
from .shape import ShapeChecks

RESULT_KEYS = ("trump", "maker", "tricks", "points", "scores")
FINAL_KEYS = ("scores", "winner")
_INT_ONLY = {int}


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
        expected = result_to_json(game, res)
        if claimed == expected and self.all_ints(claimed) and not self.scores_uncertain:
            return
        path: JsonPath = ("hands", h, "result")
        if type(claimed) is not dict:
            self.schema(f"hand {h + 1}: 'result' must be an object, not {json_kind(claimed)}",
                        path, h)
            return
        self.check_keys(claimed, RESULT_KEYS, (), path, f"the result of hand {h + 1}", h)
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

    @staticmethod
    def all_ints(result: dict[str, Any]) -> bool:
        """``True`` when every count in a result equal to the expected one is an int
        (``1.0`` and ``true`` compare equal to ``1`` but are not integers)."""
        return {*map(type, result["tricks"].values()), *map(type, result["points"].values()),
                *map(type, result["scores"].values())} == _INT_ONLY

    def check_trump(self, h: int, value: Any, trump: int | None, path: JsonPath) -> None:
        code = ascii_upper(value) if type(value) is str else value
        if code is not None and (type(code) is not str or code not in CONTRACT_CODES):
            self.schema(f"hand {h + 1}: result.trump must be C, D, H, S, NT or null, not "
                        f"{json.dumps(value)}", path, h)
            return
        if code != contract_name(trump):
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
        if value != expected:
            got = "nobody made trump" if expected is None else f"{expected} made trump"
            said = "nobody" if value is None else value
            self.add("result-mismatch", f"hand {h + 1}: the result says the maker was {said}, "
                     f"but in the replay {got}", path, h)

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
            expected = None if game.winners is None else {game.side_names[w]
                                                          for w in game.winners}
            if winner != expected:
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
