"""Writing records: the canonical bytes do not change (golden digests of seeded runs made
before the writer was sped up), and a hand's cards are listed as ``Deck.sorted_cards``
lists them."""

from __future__ import annotations

import hashlib
import io
import random

import pytest

from euchre_dsl.cards import Deck
from euchre_dsl.history.writer import card_names, write_jsonl
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.runner import simulate

#: sha256 of ``write_jsonl(simulate(variant, 40 games, seed 11))``, as written by the
#: writer before it listed cards by a precomputed order (commit 3c82f8c).
GOLDEN = {
    "standard": "4d6fff0ddeb429ee6f5753ee76ac99bcc8393c41db08d59623d4fab8b1c7acac",
    "columbus": "f6a6155e39e25b0fff5522d028a53224c121bbfb60a95049f02d1bbdfeb085ff",
    "british": "398fe322bd5b22594394d7d9662b6e2e6782161f45c727613d0e33a0633b2fb3",
    "dirty-clubs-6": "9f8d321cd332459f7b287d8fd0ac12fdfe99ea3e7a1e95ca69aa6bebe49aff1f",
}


@pytest.mark.parametrize("variant", sorted(GOLDEN))
def test_seeded_records_keep_their_bytes(variant: str) -> None:
    out = io.StringIO()
    write_jsonl(simulate(load_variant(variant), variant, 40, 11), out)
    assert hashlib.sha256(out.getvalue().encode()).hexdigest() == GOLDEN[variant]


@pytest.mark.parametrize("lowest,joker", [("9", False), ("9", True), ("7", False),
                                          ("2", True)])
def test_cards_are_listed_as_sorted_cards_lists_them(lowest: str, joker: bool) -> None:
    deck = Deck.of(lowest, joker)
    rng = random.Random(lowest + str(joker))
    for _ in range(500):
        mask = rng.getrandbits(deck.size)
        assert card_names(deck, mask) == [deck.names[c] for c in deck.sorted_cards(mask)]
    assert card_names(deck, 0) == []
