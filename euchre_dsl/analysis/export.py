"""``euchre analyze --export DIR``: the analysis as tables, for pandas, polars or DuckDB.

Five tables: one row per hand, per play, per seat of a hand and per option of a
bidding decision, and the players' summary (:mod:`.players`, written at the end),
each written as ``DIR/<table>.parquet`` (the optional ``data`` extra,
pyarrow) or ``DIR/<table>.csv``.  Rows are streamed:
Parquet in row groups of :data:`BATCH` rows, so memory stays flat for large
inputs.  Columns are typed (the schemas below); sides and seats vary between
variants, so per-seat values (tricks, the side's points, what the seat's bidding
and play lost) are rows of ``seats``, numbers all.  A hand's ``unvalued`` counts the questions (plays,
the opening lead, bidding decisions) left out of the other tables because
their search passed ``euchre analyze --budget``.
"""

from __future__ import annotations

import csv
import os
from typing import IO, Any

from ..cards import show_cards
from ..errors import EuchreError, install_hint
from .players import PlayerSummary
from .report import HandAnalysis

#: Rows buffered per Parquet row group.
BATCH = 8192

#: Table name -> (column, type) in order; types: int, float, str, bool.
SCHEMAS: dict[str, tuple[tuple[str, str], ...]] = {
    "hands": (("file", "str"), ("record", "int"), ("hand", "int"), ("variant", "str"),
              ("variant_id", "str"), ("countdown", "bool"), ("dealer", "str"), ("trump", "str"), ("maker", "str"), ("makers", "str"),
              ("alone", "bool"), ("made_in", "str"), ("lone_defender", "str"),
              ("dropped", "str"), ("made", "bool"), ("reason", "str"), ("makers_points", "int"), ("makers_tricks", "int"),
              ("makers_dd", "int"), ("makers_dd_points", "int"), ("estimated", "bool"),
              ("makers_dd_mean", "float"), ("worlds", "int"), ("mistakes", "int"),
              ("makers_lost", "float"), ("defenders_lost", "float"), ("decisions", "int"),
              ("players", "str"), ("unvalued", "int")),
    "plays": (("file", "str"), ("record", "int"), ("hand", "int"), ("action", "int"),
              ("trick", "int"), ("seat", "str"), ("player", "str"), ("card", "str"),
              ("maker_side", "bool"), ("best", "float"), ("after", "float"),
              ("cost", "float"), ("estimated", "bool"), ("better", "str")),
    "seats": (("file", "str"), ("record", "int"), ("hand", "int"), ("variant_id", "str"),
              ("seat", "str"), ("player", "str"), ("side", "str"), ("dealer", "bool"),
              ("maker_side", "bool"), ("tricks", "int"), ("points", "int"),
              ("bidding_loss", "float"), ("play_loss", "float")),
    "decisions": (("file", "str"), ("record", "int"), ("hand", "int"), ("action", "int"),
                  ("seat", "str"), ("player", "str"), ("option", "str"), ("chosen", "bool"),
                  ("best", "bool"), ("net", "float"), ("ci_low", "float"),
                  ("ci_high", "float"), ("deals", "int"), ("mistake", "bool")),
    "players": (("variant", "str"), ("variant_id", "str"), ("countdown", "bool"),
                ("player", "str"), ("hands", "int"), ("bidding_hands", "int"),
                ("bidding_loss_per_hand", "float"), ("bidding_loss_low", "float"),
                ("bidding_loss_high", "float"), ("play_hands", "int"),
                ("play_loss_per_hand", "float"), ("play_loss_low", "float"),
                ("play_loss_high", "float"), ("moves", "int"), ("mistakes", "int"),
                ("loss_per_move", "float"), ("accuracy", "float")),
}
FORMATS = ("parquet", "csv")


class MissingExtra(EuchreError):
    """pyarrow is not installed (the ``data`` extra)."""


def hand_rows(h: HandAnalysis) -> dict[str, list[dict[str, Any]]]:
    """The rows ``h`` adds to each table."""
    side = None if h.maker is None else h.side_of[h.seats.index(h.maker)]
    hand = {
        "file": h.file, "record": h.record, "hand": h.hand, "variant": h.variant,
        "variant_id": h.variant_id, "countdown": h.countdown, "dealer": h.dealer, "trump": h.trump, "maker": h.maker, "makers": "+".join(h.makers),
        "alone": h.alone, "made_in": h.made_in, "lone_defender": h.lone_defender,
        "dropped": ",".join(h.dropped), "made": h.made, "reason": h.reason,
        "makers_points": None if side is None or not h.points else h.points[side],
        "makers_tricks": h.makers_tricks, "makers_dd": h.makers_dd,
        "makers_dd_points": h.makers_dd_points, "estimated": h.estimated,
        "makers_dd_mean": h.makers_dd_mean, "worlds": h.worlds, "mistakes": len(h.mistakes),
        "makers_lost": sum(p.cost for p in h.plays if p.maker_side),
        "defenders_lost": sum(p.cost for p in h.plays if not p.maker_side),
        "decisions": len(h.decisions),
        "players": ";".join(f"{k}:{v}" for k, v in h.players.items()),
        "unvalued": len(h.unvalued),
    }
    where = {"file": h.file, "record": h.record, "hand": h.hand}
    plays = [{**where, "action": p.action, "trick": p.trick, "seat": p.seat,
              "player": h.players.get(p.seat, p.seat), "card": p.card,
              "maker_side": p.maker_side, "best": p.best, "after": p.after, "cost": p.cost,
              "estimated": p.estimated, "better": ",".join(p.better)} for p in h.plays]
    decisions = []
    for d in h.decisions:
        best = d.best.option
        for o in d.options:
            decisions.append({**where, "action": d.action, "seat": d.seat,
                              "player": h.players.get(d.seat, d.seat),
                              "option": show_cards(o.option, False),
                              "chosen": o.option == d.chosen, "best": o.option == best,
                              "net": o.net, "ci_low": o.low, "ci_high": o.high,
                              "deals": d.deals, "mistake": d.mistake})
    makers = set(h.makers)
    seats = [{**where, "variant_id": h.variant_id, "seat": seat,
              "player": h.players.get(seat, seat), "side": h.sides[h.side_of[i]],
              "dealer": seat == h.dealer, "maker_side": seat in makers,
              "tricks": h.tricks[i] if h.tricks else None,
              "points": h.points[h.side_of[i]] if h.points else None,
              "bidding_loss": sum(d.loss for d in h.decisions if d.seat == seat),
              "play_loss": sum(p.points_loss for p in h.plays if p.seat == seat and p.mistake)}
             for i, seat in enumerate(h.seats)]
    return {"hands": [hand], "plays": plays, "seats": seats, "decisions": decisions}


def player_rows(players: PlayerSummary) -> list[dict[str, Any]]:
    """The ``players`` table: one row per player and variant (:mod:`.players`)."""
    rows = []
    for j in players.to_json():
        bid, play = j.pop("bidding_loss_ci95"), j.pop("play_loss_ci95")
        rows.append({**j, "bidding_loss_low": bid[0], "bidding_loss_high": bid[1],
                     "play_loss_low": play[0], "play_loss_high": play[1]})
    return rows


class Exporter:
    """Writes the tables into ``directory`` as hands are added; :meth:`close` finishes."""

    def __init__(self, directory: str, fmt: str = "parquet"):
        if fmt not in FORMATS:
            raise ValueError(f"unknown export format {fmt!r} (expected parquet or csv)")
        self.fmt = fmt
        if fmt == "parquet":
            try:
                import pyarrow  # noqa: F401
                import pyarrow.parquet  # noqa: F401
            except ImportError:
                raise MissingExtra(f"Parquet export needs pyarrow: {install_hint('data')}"
                                   " (or use --format csv)") from None
        if not os.path.isdir(directory):  # the folder, not the folders above it
            os.mkdir(directory)
        self.paths = {t: os.path.join(directory, f"{t}.{fmt}") for t in SCHEMAS}
        self.rows = {t: 0 for t in SCHEMAS}
        self._buffers: dict[str, list[dict[str, Any]]] = {t: [] for t in SCHEMAS}
        self._csv: dict[str, tuple[IO[str], Any]] = {}
        self._parquet: dict[str, Any] = {}
        self.players = PlayerSummary()
        if fmt == "csv":
            for t, cols in SCHEMAS.items():
                f = open(self.paths[t], "w", encoding="utf-8", newline="")  # noqa: SIM115
                w = csv.DictWriter(f, [c for c, _ in cols])
                w.writeheader()
                self._csv[t] = (f, w)

    def add(self, h: HandAnalysis) -> None:
        self.players.add(h)
        for t, rows in hand_rows(h).items():
            self.rows[t] += len(rows)
            if self.fmt == "csv":
                self._csv[t][1].writerows(rows)
                continue
            buf = self._buffers[t]
            buf.extend(rows)
            if len(buf) >= BATCH:
                self._flush(t)

    def _flush(self, t: str) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        schema = _arrow_schema(t)
        writer = self._parquet.get(t)
        if writer is None:
            writer = self._parquet[t] = pq.ParquetWriter(self.paths[t], schema)
        writer.write_table(pa.Table.from_pylist(self._buffers[t], schema=schema))
        self._buffers[t] = []

    def close(self) -> None:
        rows = player_rows(self.players)
        self.rows["players"] = len(rows)
        if self.fmt == "csv":
            self._csv["players"][1].writerows(rows)
        else:
            self._buffers["players"].extend(rows)
        if self.fmt == "csv":
            for f, _ in self._csv.values():
                f.close()
            return
        for t in SCHEMAS:
            if self._buffers[t] or t not in self._parquet:
                self._flush(t)
            self._parquet[t].close()


def _arrow_schema(table: str) -> Any:
    import pyarrow as pa

    kinds = {"int": pa.int64(), "float": pa.float64(), "str": pa.string(), "bool": pa.bool_()}
    return pa.schema([(c, kinds[k]) for c, k in SCHEMAS[table]])
