"""The replay of a called-partner hand shows the partner only once the card is played."""

from __future__ import annotations

from euchre_dsl.display.replay import replay_record
from euchre_dsl.rules.registry import load_variant
from euchre_dsl.sim.runner import simulate


def test_the_partner_appears_at_the_play_of_the_called_card() -> None:
    record = next(simulate(load_variant("five-hand-call-partner"), "five-hand-call-partner",
                           1, 3))
    assert record is not None
    view = replay_record(record)
    shown = 0
    for hand in view.hands:
        result = hand.result
        if result is None or result.called is None or result.partner is None:
            continue
        card = view.deck.names[result.called]
        played = next(i for i, s in enumerate(hand.steps)
                      if s.verb == "play" and s.card == result.called)
        assert all(s.partner is None for s in hand.steps[:played]), card
        assert all(s.partner == result.partner for s in hand.steps[played:]), card
        assert any(s.called == result.called for s in hand.steps[:played])
        shown += 1
    assert shown
