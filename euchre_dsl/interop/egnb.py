"""Binary EGN (``.egnb``): EGN's protobuf forms, read with the optional ``protobuf``.

An ``.egnb`` file is one byte saying its form, then a protobuf message
(EGN's ``schemas/egn-common.proto`` with ``egn.proto`` or
``egn-expanded.proto``):

* ``0x01`` condensed (also a file with no such byte): metadata, and each deal
  bit-packed into a Base64URL string (:mod:`.egn_bits`);
* ``0x00`` expanded: the whole EGN structure as messages.

The message types are built here from EGN's published ``.proto`` text, as
descriptors in code (no generated module, no ``protoc``), and decoded with
``google.protobuf``, installed by the ``egn`` extra
(the ``egn`` extra: ``pip install '.[egn]'`` in a checkout).  The decoded message becomes EGN JSON
exactly as EGN's own converter maps it, so the game reads, validates and
hashes as its ``.egn`` does (:func:`~.egn.egn_items`).  A binary file has no
lines: problems name the file only.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from ..errors import EuchreError, Location, Problem, install_hint
from ..limits import MAX_HANDS, MAX_RECORD
from ..records.positions import Item
from .egn_bits import BitsError, unpack_deal

__all__ = ["EXTRA_MISSING", "EgnbError", "decode_egnb", "egnb_items", "read_egnb"]

EXTRA_MISSING = f"reading .egnb needs the protobuf package: {install_hint('egn')}"
_EXPANDED, _CONDENSED = 0x00, 0x01

# Field tables: (name, number, kind, label, type name or None, proto3 optional).
# kind: 'string', 'int32', 'bool', 'enum', 'message'; label: 'optional' or 'repeated'.
_O, _R = "optional", "repeated"
_COMMON: dict[str, list[tuple[str, int, str, str, str | None, bool]]] = {
    "Ruleset": [
        ("std", 1, "bool", _O, None, True), ("min_rank", 2, "int32", _O, None, True),
        ("winning_score", 3, "int32", _O, None, True), ("canadian", 4, "bool", _O, None, True),
        ("loner_lead", 5, "enum", _O, ".egn.Ruleset.LonerLead", True),
        ("farmers", 6, "bool", _O, None, True), ("partners_best", 7, "bool", _O, None, True),
        ("go_under", 8, "bool", _O, None, True), ("joker", 9, "bool", _O, None, True),
        ("allow_no_trump", 10, "bool", _O, None, True),
        ("fast_break", 11, "bool", _O, None, True),
        ("four_trick_tokens", 12, "bool", _O, None, True),
        ("loner_march_score", 13, "int32", _O, None, True),
        ("loner_euchred_score", 14, "int32", _O, None, True),
        ("defend_alone", 15, "bool", _O, None, True), ("num_players", 16, "int32", _O, None, True),
        ("num_deals", 17, "int32", _O, None, True),
    ],
    "Metadata": [
        ("game_id", 1, "string", _O, None, True), ("title", 2, "string", _O, None, True),
        ("description", 3, "string", _O, None, True),
        ("players", 4, "message", _R, ".egn.Player", False),
        ("initial_score", 5, "int32", _R, None, False),
        ("final_score", 8, "int32", _R, None, False), ("date", 6, "string", _O, None, True),
        ("ruleset", 7, "message", _O, ".egn.Ruleset", False),
    ],
    "Player": [("name", 1, "string", _O, None, False),
               ("player_with_id", 2, "message", _O, ".egn.PlayerWithId", False)],
    "PlayerWithId": [("name", 1, "string", _O, None, False),
                     ("ids", 2, "message", _R, ".egn.Id", False)],
    "Id": [("id", 1, "string", _O, None, False), ("source", 2, "string", _O, None, False)],
}
_ONEOFS = {"Player": ("player", ("name", "player_with_id")),
           "Phase": ("phase", ("bidding", "play"))}
_EXPANDED_TYPES: dict[str, list[tuple[str, int, str, str, str | None, bool]]] = {
    "CardList": [("cards", 1, "string", _R, None, False)],
    "AnnotationList": [("texts", 1, "string", _R, None, False)],
    "InitialState": [("dealer", 1, "int32", _O, None, True),
                     ("up_card", 2, "string", _O, None, True),
                     ("playerCards", 4, "message", _R, ".egn.CardList", False)],
    "BiddingPhase": [
        ("phase_number", 1, "int32", _O, None, True), ("calls", 2, "string", _R, None, False),
        ("is_alone", 3, "bool", _O, None, True), ("alone_defender", 4, "int32", _O, None, True),
        ("discard", 5, "string", _O, None, True),
        ("cardExchanges", 6, "message", _R, ".egn.BiddingPhase.CardExchange", False),
        ("callAnnotations", 7, "map", _R, ".egn.BiddingPhase.CallAnnotationsEntry", False),
    ],
    "BiddingPhase.CardExchange": [("sender", 1, "int32", _O, None, True),
                                  ("receiver", 2, "int32", _O, None, True),
                                  ("cards", 3, "string", _R, None, False)],
    "TrickPlayPhase": [
        ("phase_number", 1, "int32", _O, None, True),
        ("tricks", 3, "message", _R, ".egn.TrickPlayPhase.Trick", False),
        ("playAnnotations", 4, "map", _R, ".egn.TrickPlayPhase.PlayAnnotationsEntry", False),
    ],
    "TrickPlayPhase.Trick": [("cards", 1, "string", _R, None, False)],
    "Phase": [("bidding", 1, "message", _O, ".egn.BiddingPhase", False),
              ("play", 2, "message", _O, ".egn.TrickPlayPhase", False)],
    "AlternativeLine": [("branch_index", 1, "int32", _O, None, True),
                        ("phases", 2, "message", _R, ".egn.Phase", False)],
    "Deal": [("deal_number", 1, "int32", _O, None, True),
             ("initial_state", 2, "message", _O, ".egn.InitialState", False),
             ("phases", 3, "message", _R, ".egn.Phase", False),
             ("alternative_lines", 4, "message", _R, ".egn.AlternativeLine", False)],
    "EgnFile": [("file_type", 1, "string", _O, None, True),
                ("version", 2, "string", _O, None, True),
                ("metadata", 3, "message", _O, ".egn.Metadata", False),
                ("deals", 4, "message", _R, ".egn.Deal", False)],
}
_CONDENSED_TYPES: dict[str, list[tuple[str, int, str, str, str | None, bool]]] = {
    "EgnFile": [("file_type", 1, "string", _O, None, False),
                ("version", 2, "string", _O, None, False),
                ("metadata", 3, "message", _O, ".egn.Metadata", False),
                ("deals", 4, "string", _R, None, False)],
}
#: protobuf field names -> EGN JSON keys (EGN's converter's table)
_JSON_KEYS = {"file_type": "fileType", "game_id": "gameId", "initial_score": "initialScore",
              "final_score": "finalScore", "deal_number": "dealNumber",
              "initial_state": "initialState", "up_card": "upCard", "phase_number": "phaseNumber",
              "is_alone": "isAlone", "alone_defender": "aloneDefender",
              "branch_index": "branchIndex", "alternative_lines": "alternativeLines"}


class EgnbError(EuchreError, ValueError):
    """An ``.egnb`` file that cannot be decoded (or protobuf is not installed)."""


@lru_cache(maxsize=2)
def _message_class(expanded: bool) -> Any:
    """The ``egn.EgnFile`` message class of one form, built from the tables above."""
    try:
        from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
    except ImportError:
        raise EgnbError(EXTRA_MISSING) from None
    F = descriptor_pb2.FieldDescriptorProto
    kinds = {"string": F.TYPE_STRING, "int32": F.TYPE_INT32, "bool": F.TYPE_BOOL,
             "enum": F.TYPE_ENUM, "message": F.TYPE_MESSAGE, "map": F.TYPE_MESSAGE}
    fd = descriptor_pb2.FileDescriptorProto(name=f"egn-{'expanded' if expanded else 'condensed'}"
                                            ".proto", package="egn", syntax="proto3")
    tables = {**_COMMON, **(_EXPANDED_TYPES if expanded else _CONDENSED_TYPES)}
    made: dict[str, Any] = {}
    for name in tables:
        outer, _, inner = name.partition(".")
        if inner:
            msg = made[outer].nested_type.add(name=inner)
        else:
            msg = fd.message_type.add(name=name)
        made[name] = msg
    for name, fields in tables.items():
        msg = made[name]
        oneof = _ONEOFS.get(name)
        if oneof:
            msg.oneof_decl.add(name=oneof[0])
        for fname, number, kind, label, tname, optional in fields:
            f = msg.field.add(name=fname, number=number, type=kinds[kind],
                              label=F.LABEL_REPEATED if label == _R else F.LABEL_OPTIONAL)
            if tname:
                f.type_name = tname
            if oneof and fname in oneof[1]:
                f.oneof_index = 0
            elif optional:
                f.proto3_optional = True
                f.oneof_index = len(msg.oneof_decl)
                msg.oneof_decl.add(name="_" + fname)
            if kind == "map" and tname:
                entry = msg.nested_type.add(name=tname.rsplit(".", 1)[1])
                entry.options.map_entry = True
                entry.field.add(name="key", number=1, type=F.TYPE_INT32, label=F.LABEL_OPTIONAL)
                entry.field.add(name="value", number=2, type=F.TYPE_MESSAGE,
                                label=F.LABEL_OPTIONAL, type_name=".egn.AnnotationList")
    lead = made["Ruleset"].enum_type.add(name="LonerLead")
    lead.value.add(name="LEFT_OF_DEALER", number=0)
    lead.value.add(name="LEFT_OF_LONER", number=1)
    pool = descriptor_pool.DescriptorPool()
    pool.Add(fd)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("egn.EgnFile"))


def decode_egnb(data: bytes) -> dict[str, Any]:
    """The EGN game (JSON form) in the bytes of an ``.egnb`` file."""
    if not data:
        raise EgnbError("the file is empty")
    expanded = data[0] == _EXPANDED
    payload = data[1:] if data[0] in (_EXPANDED, _CONDENSED) and len(data) > 1 else data
    cls = _message_class(expanded)
    try:
        from google.protobuf.message import DecodeError
        msg = cls.FromString(payload)
    except DecodeError as exc:
        raise EgnbError(f"not an EGN binary ({'expanded' if expanded else 'condensed'}): "
                        f"{exc}") from None
    game = _to_json(msg)
    deals = game.get("deals")
    if not expanded and isinstance(deals, list) and len(deals) <= MAX_HANDS:
        # (more deals than a record may hold are left packed: the game is refused)
        try:
            game["deals"] = [unpack_deal(d, i) if isinstance(d, str) else d
                             for i, d in enumerate(deals)]
        except BitsError as exc:
            raise EgnbError(f"a condensed deal cannot be read: {exc}") from None
    return game


def _to_json(msg: Any) -> dict[str, Any]:
    """A message as EGN's converter maps it (protobufjs ``toObject`` with
    ``arrays``, then its key table): set fields, and every repeated one."""
    out: dict[str, Any] = {}
    for f in msg.DESCRIPTOR.fields:
        name = f.name
        value = getattr(msg, name)
        key = _JSON_KEYS.get(name, name)
        if f.message_type is not None and f.message_type.GetOptions().map_entry:
            if value:
                out[key] = {str(k): list(v.texts) for k, v in sorted(value.items())}
            continue
        if _repeated(f):
            items = [_value(f, v) for v in value]
            if name == "final_score" and not items:
                continue
            if name in ("playerCards", "tricks"):
                items = [v.get("cards", []) for v in items]
            elif name == "players":
                items = [_player(v) for v in items]
            elif name == "phases":
                items = [_phase(v) for v in items]
            out[key] = items
            continue
        if f.has_presence and not msg.HasField(name):
            continue
        if not f.has_presence and value == f.default_value:
            continue
        out[key] = _value(f, value)
    return out


def _repeated(f: Any) -> bool:
    """Is the field repeated (``is_repeated`` from protobuf 6; ``label`` before)?"""
    flag = getattr(f, "is_repeated", None)
    return bool(flag) if flag is not None else bool(f.label == f.LABEL_REPEATED)


def _value(f: Any, value: Any) -> Any:
    if f.message_type is not None:
        return _to_json(value)
    if f.enum_type is not None:  # an open enum: a number it does not name stays a number
        known = f.enum_type.values_by_number.get(value)
        return known.name if known is not None else value
    return value


def _player(p: dict[str, Any]) -> Any:
    if "player_with_id" in p:
        inner = p["player_with_id"]
        out: dict[str, Any] = {"name": inner.get("name", "")}
        if "ids" in inner:
            out["playerIds"] = [{"id": i.get("id", ""), "source": i.get("source", "")}
                                for i in inner["ids"]]
        return out
    return p.get("name", p)


def _phase(p: dict[str, Any]) -> Any:
    if "bidding" in p:
        return {**p["bidding"], "type": "EUCHRE_BIDDING"}
    if "play" in p:
        return {**p["play"], "type": "TRICK_PLAY"}
    return p


def read_egnb(path: str) -> Iterator[Item]:
    """Open an ``.egnb`` file now: its game as items, or one ``syntax`` problem when
    it cannot be decoded.  Raises ``OSError`` if unreadable and :class:`EgnbError`
    (a ``ValueError``: the reader's "cannot read this kind of file") naming the
    ``egn`` extra when protobuf is not installed."""
    try:
        _message_class(True)
    except EgnbError as exc:
        raise EgnbError(f"{path}: {exc}") from None
    return egnb_items(Path(path).read_bytes(), path)


def egnb_items(data: bytes, path: str | None) -> Iterator[Item]:
    """The game of the ``.egnb`` bytes ``data`` as items, or one ``syntax`` problem
    when it cannot be decoded (protobuf must be installed: :func:`read_egnb`)."""
    from .egn import egn_items
    if len(data) > MAX_RECORD:
        yield _bad(path, f"the file is {len(data) / (1 << 20):.1f} MB, more than the "
                   f"{MAX_RECORD >> 20} MB a record may be")
        return
    try:
        game = decode_egnb(data)
    except EgnbError as exc:
        yield _bad(path, str(exc))
        return
    yield from egn_items("", game, path, placed=False)


def _bad(path: str | None, message: str) -> Item:
    return Item(0, 1, "", None, Problem("syntax", message, location=Location(path), record=0))
