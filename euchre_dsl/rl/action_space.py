"""The fixed action space of a variant: every verb and argument as one integer.

A learner needs a ``Discrete(n)`` space that never changes during training, so
every action a variant can ever offer gets an id, fixed by its rule set:

* ``play c``, ``discard c`` and (with call for best) ``give c``: one id per
  card of the deck, in card order; ``play c`` is id ``c``, so the play phase's
  legal mask *is* the engine's mask of legal cards;
* ``pass``, ``order_up`` (with partner, alone), ``call`` of each contract
  the variant lets be named (with partner, alone), ``bid v`` for each number
  of the auction, ``defend_alone``, ``decline``, ``stay``, ``drop``,
  ``take_widow``, ``misdeal`` (the whole hand shown), with a called partner
  ``call_partner c`` for each card and ``call_partner alone``, and with a
  farmer's hand swapped with the kitty, ``swap`` of each three cards.

Which actions are legal is never decided here: the mask lists the ids of the
engine's own :meth:`~euchre_dsl.engine.machine.Machine.legal_actions` (in the play,
its mask of legal cards), and an id is turned back into the engine's action
from that list, so an action is accepted exactly when the engine lists it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from ..cards import CONTRACTS, LOW_NO_TRUMP, NO_TRUMP, Deck, contract_name, mask_cards
from ..engine.actions import (
    BID, CALL, CALL_PARTNER, DECLINE, DEFEND_ALONE, DISCARD, DROP, GIVE, MISDEAL, ORDER_UP,
    PASS, PLAY, PLAYING, STAY, SWAP, TAKE_WIDOW, Action, IllegalAction,
)
from ..engine.machine import Machine
from ..engine.play import legal_plays
from ..engine.state import rank_masks
from ..rules.ruleset import DefendAlone, FarmersEffect, FarmersHand, PartnerCall, RuleSet

_DEFEND_OFF: Final = DefendAlone.OFF
_FARMERS_OFF: Final = FarmersHand.OFF
_SWAP_EFFECT: Final = FarmersEffect.SWAP
_CALL_OFF: Final = PartnerCall.OFF
_CALL_ACE: Final = PartnerCall.ACE

#: An action's key in the table of ids: (verb, argument, alone).  ``misdeal``'s
#: argument (the hand shown) is always the whole hand, so its key has none.
Key = tuple[str, int, bool]


class ActionSpace:
    """The ids of one variant's actions, and the engine's actions behind them."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        deck = Deck.of(rules.deck.lowest, rules.deck.joker, rules.deck.copies)
        self.deck = deck
        d = deck.size
        #: Cards in the deck: ``play c`` is id ``c``, ``discard c`` id ``cards + c``.
        self.cards = d
        names: list[str] = [f"play {deck.names[c]}" for c in range(d)]
        names += [f"discard {deck.names[c]}" for c in range(d)]
        keys: list[Key] = [(PLAY, c, False) for c in range(d)]
        keys += [(DISCARD, c, False) for c in range(d)]
        b, alone_rules, deal = rules.bidding, rules.alone, rules.deal
        if alone_rules.call_for_best:
            keys += [(GIVE, c, False) for c in range(d)]
            names += [f"give {deck.names[c]}" for c in range(d)]
        alones = (False, True) if alone_rules.allowed else (False,)

        def add(verb: str, arg: int, alone: bool, name: str) -> None:
            keys.append((verb, arg, alone))
            names.append(name + (" alone" if alone else ""))

        add(PASS, -1, False, "pass")
        if b.order_up_round and not b.auction:
            for alone in alones:
                add(ORDER_UP, -1, alone, "order_up")
        callable_contracts = [c for c in CONTRACTS
                              if c < NO_TRUMP or c == NO_TRUMP and (b.no_trump or b.auction and
                                                                    b.auction_no_trump)
                              or c == LOW_NO_TRUMP and b.low_no_trump]
        for c in callable_contracts:
            for alone in alones:
                add(CALL, c, alone, f"call {contract_name(c)}")
        if b.auction:
            for v in range(b.auction_min, b.auction_max + 1):
                add(BID, v, False, f"bid {v}")
        if alone_rules.defend_alone != _DEFEND_OFF:
            add(DEFEND_ALONE, -1, False, "defend_alone")
        add(DECLINE, -1, False, "decline")
        if rules.participation.stay_drop:
            add(STAY, -1, False, "stay")
            add(DROP, -1, False, "drop")
        if deal.widow:
            add(TAKE_WIDOW, -1, False, "take_widow")
        if deal.farmers_hand != _FARMERS_OFF or deal.ace_no_face:
            add(MISDEAL, -1, False, "misdeal (shows the hand)")
        if rules.partner.call != _CALL_OFF:  # a called partner: each callable card, or alone
            callable_ = rank_masks(deck).aces if rules.partner.call == _CALL_ACE else \
                deck.full_mask
            for c in mask_cards(callable_):
                add(CALL_PARTNER, c, False, f"call_partner {deck.names[c]}")
            add(CALL_PARTNER, -1, True, "call_partner")
        if deal.farmers_hand != _FARMERS_OFF and deal.farmers_hand_effect == _SWAP_EFFECT:
            for three in combinations(range(d), 3):
                mask = (1 << three[0]) | (1 << three[1]) | (1 << three[2])
                add(SWAP, mask, False, "swap " + " ".join(deck.names[c] for c in three))
        #: Every action's words, by id (``play JH``, ``call NT alone``, ...).
        self.names: tuple[str, ...] = tuple(names)
        self.keys: tuple[Key, ...] = tuple(keys)
        self.ids: dict[Key, int] = {k: i for i, k in enumerate(keys)}
        #: The number of ids: the size of the ``Discrete`` space.
        self.size = len(keys)

    def __reduce__(self) -> tuple[type[ActionSpace], tuple[RuleSet]]:
        """``pickle`` and ``copy``: the space of the same rules, built again (a compiled
        class is otherwise remade with no arguments, which this one cannot be)."""
        return ActionSpace, (self.rules,)

    # ------------------------------------------------------------------ ids
    def id_of(self, action: Action | tuple[int, str, int | None, bool]) -> int:
        """The id of one of the engine's actions."""
        verb = action[1]
        arg = action[2]
        key: Key = (verb, -1 if arg is None or verb == MISDEAL else arg, action[3])
        found = self.ids.get(key)
        if found is None:
            raise KeyError(f"{verb} {arg} is not in this variant's action space")
        return found

    def legal(self, game: Machine) -> tuple[int, dict[int, Action] | None]:
        """The legal ids now, as a mask (bit ``i`` for id ``i``), and the engine's action
        for each id outside the play (``None`` in the play: id ``c`` plays card ``c``).

        Both come from the engine: in the play its mask of legal cards, otherwise
        :meth:`Machine.legal_actions`."""
        if game.phase == PLAYING:
            return legal_plays(game, game.to_act), None
        mask = 0
        table: dict[int, Action] = {}
        for a in game.legal_actions():
            i = self.id_of(a)
            mask |= 1 << i
            table[i] = a
        return mask, table

    def action(self, game: Machine, index: int) -> Action:
        """The engine's action for id ``index`` by the seat on turn; raises
        :class:`IllegalAction` naming the legal ids when the engine does not list it."""
        mask, table = self.legal(game)
        if 0 <= index < self.size and (mask >> index) & 1:
            if table is None:
                return Action(game.to_act, PLAY, index)
            return table[index]
        raise IllegalAction("illegal-action", self.refusal(game, index, mask))

    def refusal(self, game: Machine, index: int, mask: int) -> str:
        """Why ``index`` cannot be taken now, with every legal id and its words."""
        what = f"action {index} ({self.names[index]})" if 0 <= index < self.size else \
            f"action {index} (not an id: the ids are 0 to {self.size - 1})"
        legal = ", ".join(f"{i} ({self.names[i]})" for i in mask_cards(mask))
        who = game.labels[game.to_act] if not game.hand_over else "nobody"
        if not mask:
            return f"{what} is not legal: nobody is to act now ({game.phase_words()})"
        return (f"{what} is not legal for {who} now ({game.phase_words()}); "
                f"the legal actions are {legal}")
