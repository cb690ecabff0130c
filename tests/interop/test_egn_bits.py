"""EGN's condensed deals (euchre_dsl/interop/egn_bits.py): decoded as EGN decodes them."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from euchre_dsl.interop import egnb
from euchre_dsl.interop.egn_bits import BitsError, unpack_deal
from euchre_dsl.interop.egnb import EgnbError, decode_egnb

HERE = Path(__file__).parent / "egn"


def condensed_deals(name: str) -> list[str]:
    """The packed deal strings of a published condensed .egnb (protobuf field 4)."""
    data = (HERE / name).read_bytes()
    message = egnb._message_class(False).FromString(data[1:])
    return list(message.deals)


@pytest.mark.parametrize("name", ["VWEC Finals", "Six Points in Two Hands"])
def test_published_deals_unpack_to_the_json_deals(name: str) -> None:
    text = json.loads((HERE / f"{name}.egn").read_text())
    for i, packed in enumerate(condensed_deals(f"{name}.egnb")):
        deal = unpack_deal(packed, i)
        plain = text["deals"][i]
        assert deal["initialState"]["dealer"] == plain["initialState"]["dealer"]
        assert deal["initialState"]["upCard"] == plain["initialState"]["upCard"]
        for got, want in zip(deal["phases"], plain["phases"]):
            assert got.get("calls") == want.get("calls")
            assert got.get("tricks") == want.get("tricks")
            assert bool(got.get("isAlone")) == bool(want.get("isAlone"))


def test_a_version_1_deal_by_hand() -> None:
    """Header 0001, dealer 2 (2 bits), upcard 20 = As (5 bits; the deck runs 9s 9h 9c
    9d Ts ... As Ah Ac Ad), one phase, bidding: the first seat orders up, not alone,
    no annotations; no lines; end marker."""
    bits = "0001" + "10" + "10100" + "001" + "0" + "1" + "0" + "0" + "0" + "1010"
    packed = base64.urlsafe_b64encode(int(bits.ljust(32, "0"), 2).to_bytes(4, "big"))
    deal = unpack_deal(packed.decode().rstrip("="), 3)
    assert deal == {"dealNumber": 3, "initialState": {"dealer": 2, "upCard": "As"},
                    "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"],
                                "isAlone": False}]}


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
               max_size=40))
def test_any_packed_text_decodes_or_is_a_bits_error(text: str) -> None:
    try:
        deal = unpack_deal(text)
    except BitsError:
        return
    assert set(deal) >= {"dealNumber", "initialState", "phases"}


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=120))
def test_any_bytes_decode_or_are_an_egnb_error(data: bytes) -> None:
    for head in (b"\x00", b"\x01", b""):
        try:
            game = decode_egnb(head + data)
        except EgnbError:
            continue
        assert isinstance(game, dict)
