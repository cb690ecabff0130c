"""One EGN deal as an ``ehh/1`` hand: its deal, actions, residue and notes.

:class:`DealReader` converts the deals of one EGN game (:mod:`.egn` reads the
game around them) under the game's rules: the cards as EGN spells them
(:class:`_Spelling`: ``N`` for 9, the bowers as ``R``/``L``, the generic suits),
the calls, the discard and the tricks as actions -- each play's seat from the
engine's first leader and the deck's trick winner, as EGN's own replayer deduces
them --, the hands a deal leaves out derived from the cards played, what
``ehh/1`` has no place for kept as the deal's ``x-egn`` residue, and EGN's
annotations and alternative lines as ``x-ehh-notes``.  A deal that cannot be
converted raises :class:`Cut`: the record stops before it.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from ..cards import NO_TRUMP, SUITS, CardError, Deck, same_colour
from ..engine.play import first_leader
from ..errors import EuchreError
from ..records.notation import UNKNOWN_CARD
from ..records.positions import JsonPath
from ..rules.ruleset import Lead, LonerLead, RuleSet
from .egn_document import (
    BIDDING_PHASE, CALL_SUITS, LABEL, PLAY_PHASE, SEATS, EgnProblem, as_int, egn_card,
)


class Cut(EuchreError):
    """Converting stops at this deal: the record ends before it."""

    def __init__(self, found: EgnProblem):
        super().__init__(found.message)
        self.found = found


class DealReader:
    """Converts deals one by one under one game's rules, recording in ``paths`` the
    EGN path each part of a hand came from (record path -> EGN path) and in
    ``found`` what it met on the way."""

    def __init__(self, rules: RuleSet, paths: dict[JsonPath, JsonPath], found: list[EgnProblem]):
        self.rules = rules
        self.deck = Deck.of(rules.deck.lowest, rules.deck.joker, rules.deck.copies)
        self.paths = paths
        self.found = found

    def deal(self, d: int, h: int, deal: Any) -> tuple[dict[str, Any], Any, list[Any]]:
        """The hand of deal ``d`` (the record's hand ``h``), its residue for
        ``x-egn`` and its notes; :class:`Cut` when it cannot be converted."""
        base: JsonPath = ("deals", d)
        if isinstance(deal, str):
            deal = self._unpacked(deal, d, base)
        if not isinstance(deal, dict):
            raise Cut(EgnProblem("schema", "a deal must be an object (or a condensed deal "
                              "string)", base, h))
        paths = self.paths
        paths[("hands", h)] = base
        paths[("hands", h, "result")] = base
        ist = deal.get("initialState")
        if not isinstance(ist, dict):
            raise Cut(EgnProblem("schema", "a deal needs 'initialState', an object",
                              base + ("initialState",), h))
        ipath = base + ("initialState",)
        dealer = ist.get("dealer")
        if type(dealer) is not int or not 0 <= dealer < 4:
            raise Cut(EgnProblem("schema", "'dealer' must be a seat number 0 to 3",
                              ipath + ("dealer",), h))
        paths[("hands", h, "dealer")] = ipath + ("dealer",)
        paths[("hands", h, "deal")] = ipath
        phases = deal.get("phases")
        if not isinstance(phases, list):
            raise Cut(EgnProblem("schema", "a deal needs 'phases', an array",
                                 base + ("phases",), h))
        bid_i = play_i = -1
        for i, ph in enumerate(phases):
            kind = ph.get("type") if isinstance(ph, dict) else None
            if kind == BIDDING_PHASE and bid_i < 0:
                bid_i = i
            elif kind == PLAY_PHASE and play_i < 0 and bid_i >= 0:
                play_i = i
            else:
                raise Cut(EgnProblem("schema", "each deal has one EUCHRE_BIDDING phase, then at "
                                  "most one TRICK_PLAY phase", base + ("phases", i), h))
        if bid_i < 0:
            raise Cut(EgnProblem("not-checked", "the deal records no bidding: nothing to check",
                              base + ("phases",), h, "info"))
        bidding: dict[str, Any] = phases[bid_i]
        play: dict[str, Any] = phases[play_i] if play_i >= 0 else {}
        bpath = base + ("phases", bid_i)
        ppath = base + ("phases", play_i)
        calls = bidding.get("calls")
        if not isinstance(calls, list):
            raise Cut(EgnProblem("schema", "a bidding phase needs 'calls', an array",
                              bpath + ("calls",), h))
        paths[("hands", h, "actions")] = bpath + ("calls",)
        spell = _Spelling(deal)
        up_text = ist.get("upCard")
        # trump, from the first call that is not a pass
        maker_i = next((i for i, c in enumerate(calls) if c != "Pass"), -1)
        contract: int | None = None
        if maker_i >= 0:
            call = calls[maker_i]
            if call == "Order":
                contract = spell.suit_of(up_text)
            elif isinstance(call, str) and call in CALL_SUITS:
                contract = NO_TRUMP if call == "n" else SUITS.index(CALL_SUITS[call])
            elif call == "x":
                raise Cut(EgnProblem("not-checked", "the trump named is not known ('x'): the "
                                  "hand cannot be replayed", bpath + ("calls", maker_i), h,
                                  "info"))
            else:
                raise Cut(EgnProblem("schema", f"{json.dumps(call)} is not an EGN call (Pass, "
                                  "Order, s, h, d, c, n or x)", bpath + ("calls", maker_i), h))
            spell.trump = contract
        upcard = self._card(spell, up_text, ipath + ("upCard",), h, "u", unknown_ok=False)
        paths[("hands", h, "deal", "upcard")] = ipath + ("upCard",)
        residue_spell: dict[str, list[str]] = spell.kept
        hands_json: dict[str, Any] = {}
        pc = ist.get("playerCards")
        if pc is not None:
            if not isinstance(pc, list) or len(pc) > 4:
                raise Cut(EgnProblem("schema", "'playerCards' must be an array of up to four "
                                  "hands", ipath + ("playerCards",), h))
            for s, cards in enumerate(pc):
                if not isinstance(cards, list):
                    raise Cut(EgnProblem("schema", "a hand in 'playerCards' must be an array of "
                                      "cards", ipath + ("playerCards", s), h))
                if not cards:
                    continue
                seat = SEATS[s]
                paths[("hands", h, "deal", "hands", seat)] = ipath + ("playerCards", s)
                hands_json[seat] = []
                for k, text in enumerate(cards):
                    where = ipath + ("playerCards", s, k)
                    paths[("hands", h, "deal", "hands", seat, k)] = where
                    hands_json[seat].append(self._card(spell, text, where, h, f"p{s}.{k}"))
        hand_deal: dict[str, Any] = {"hands": {s: hands_json.get(s) for s in SEATS},
                                     "upcard": upcard}
        actions: list[list[Any]] = []
        call_actions: list[int] = []
        alone = bidding.get("isAlone") is True or play.get("isAlone") is True
        maker = (dealer + 1 + maker_i) % 4 if maker_i >= 0 else None
        for i, call in enumerate(calls):
            seat = SEATS[(dealer + 1 + i) % 4]
            paths[("hands", h, "actions", len(actions))] = bpath + ("calls", i)
            call_actions.append(len(actions))
            extra = ["alone"] if alone and i == maker_i else []
            if call == "Pass":
                actions.append([seat, "pass"])
            elif call == "Order":
                actions.append([seat, "order_up", *extra])
                if i == maker_i and i < 4:
                    self._discard(actions, bidding, spell, dealer, maker, alone, bpath, h)
            elif isinstance(call, str) and call in CALL_SUITS:
                actions.append([seat, "call", CALL_SUITS[call], *extra])
                if i == maker_i:
                    self._stray_discard(bidding, maker_i, bpath, h)
            else:
                raise Cut(EgnProblem("schema", f"{json.dumps(call)} is not an EGN call (Pass, "
                                  "Order, s, h, d, c, n or x)", bpath + ("calls", i), h))
        if maker_i < 0:
            self._stray_discard(bidding, maker_i, bpath, h)
        defender = bidding.get("aloneDefender")
        lone_defender: int | None = None
        if defender is not None and defender != -1:
            if type(defender) is not int or not 0 <= defender < 4:
                raise Cut(EgnProblem("schema", "'aloneDefender' must be a seat number 0 to 3, or "
                                  "-1", bpath + ("aloneDefender",), h))
            lone_defender = defender
            paths[("hands", h, "actions", len(actions))] = bpath + ("aloneDefender",)
            actions.append([SEATS[defender], "defend_alone"])
        play_actions: list[int] = []
        if play_i >= 0 and contract is not None and maker is not None:
            self._plays(play, ppath, h, actions, play_actions, spell, dealer, maker, alone,
                        lone_defender, contract)
        elif play_i >= 0 and play.get("tricks"):
            raise Cut(EgnProblem("schema", "cards are played but nobody made trump",
                              ppath + ("tricks",), h))
        derived = self._derive_hands(hand_deal, actions, dealer, upcard)
        hand = {"dealer": SEATS[dealer], "deal": hand_deal, "actions": actions}
        residue = self._residue(deal, ist, bid_i, play_i, residue_spell)
        if derived:
            residue["derived"] = derived
        notes = _notes(h, deal, bid_i, play_i, call_actions, play_actions)
        return hand, residue, notes

    def _unpacked(self, text: str, d: int, base: JsonPath) -> Any:
        from .egn_bits import BitsError, unpack_deal
        try:
            return unpack_deal(text, d)
        except BitsError as exc:
            raise Cut(EgnProblem("schema", f"the condensed deal cannot be read: {exc}", base))

    def _card(self, spell: _Spelling, text: Any, where: JsonPath, h: int, key: str,
              unknown_ok: bool = True) -> str:
        """The ``ehh/1`` name of one EGN card (``??`` for an unknown one)."""
        name = spell.name(text)
        if name is None:
            raise Cut(EgnProblem("bad-card", f"{json.dumps(text)} is not an EGN card",
                              where, h, hint="a rank 9 (or N), T, J, Q, K, A (7, 8 with "
                              "min_rank) and a suit c, d, h, s; R and L for the bowers, B for "
                              "the joker, X for what is unknown"))
        if name == UNKNOWN_CARD:
            if not unknown_ok:
                raise Cut(EgnProblem("not-checked", f"the card {json.dumps(text)} is not known "
                                  "here: the hand cannot be replayed", where, h, "info"))
            spell.keep(key, text, name)
            return name
        try:
            self.deck.parse(name)
        except CardError:
            raise Cut(EgnProblem("bad-card", f"{json.dumps(text)} is not in this ruleset's deck "
                              f"({self.deck.size} cards)", where, h)) from None
        spell.keep(key, text, name)
        return name

    def _discard(self, actions: list[list[Any]], bidding: dict[str, Any], spell: _Spelling,
                 dealer: int, maker: int | None, alone: bool, bpath: JsonPath, h: int) -> None:
        """The dealer's discard, right after the order-up: as recorded, else ``??``
        where the dealer takes the upcard (not when sitting out for a lone partner)."""
        text = bidding.get("discard")
        if text is None:
            sits_out = alone and maker is not None and (maker + 2) % 4 == dealer
            if sits_out and not self.rules.alone.dealer_exchanges_when_partner_alone:
                return
            actions.append([SEATS[dealer], "discard", UNKNOWN_CARD])
            return
        self.paths[("hands", h, "actions", len(actions))] = bpath + ("discard",)
        actions.append([SEATS[dealer], "discard",
                        self._card(spell, text, bpath + ("discard",), h, "d")])

    def _stray_discard(self, bidding: dict[str, Any], maker_i: int, bpath: JsonPath,
                       h: int) -> None:
        """A ``discard`` where the dealer took no upcard (trump named in the second
        round, or by nobody) is an error, reported at it: the dealer has nothing to
        discard, and a record cannot hold the card (it was dropped unseen)."""
        if bidding.get("discard") is None:
            return
        when = "trump was named in the second round" if maker_i >= 0 else "nobody named trump"
        self.found.append(EgnProblem(
            "illegal-action", f"a discard, but {when}: the dealer took no upcard, so there "
            "is nothing to discard", bpath + ("discard",), h,
            hint="only a dealer who picks up the upcard (an order-up in the first round) "
                 "discards; remove 'discard' from this bidding"))

    def _plays(self, play: dict[str, Any], ppath: JsonPath, h: int, actions: list[list[Any]],
               play_actions: list[int], spell: _Spelling, dealer: int, maker: int, alone: bool,
               lone_defender: int | None, contract: int) -> None:
        """The play actions, each card at the seat the trick winners say played it."""
        tricks = play.get("tricks")
        if not isinstance(tricks, list):
            raise Cut(EgnProblem("schema", "a play phase needs 'tricks', an array",
                              ppath + ("tricks",), h))
        active = [True] * 4
        if alone:
            active[(maker + 2) % 4] = False
        if lone_defender is not None:
            active[(lone_defender + 2) % 4] = False
        n_active = sum(active)
        rules = self.rules
        lead = first_leader(4, dealer, maker, maker if alone else lone_defender, active,
                            rules.play.lead == Lead.MAKER,
                            rules.play.loner_lead == LonerLead.LEFT_OF_LONER)
        for t, trick in enumerate(tricks):
            tpath = ppath + ("tricks", t)
            if not isinstance(trick, list):
                raise Cut(EgnProblem("schema", "a trick must be an array of cards", tpath, h))
            last = t == len(tricks) - 1
            if len(trick) > n_active or (len(trick) < n_active and not last):
                raise Cut(EgnProblem("schema", f"a trick of {len(trick)} cards where "
                                  f"{n_active} play", tpath, h))
            seat = lead
            seats, cards = [], []
            for k, text in enumerate(trick):
                where = tpath + (k,)
                name = self._card(spell, text, where, h, f"t{t}.{k}", unknown_ok=False)
                self.paths[("hands", h, "actions", len(actions))] = where
                play_actions.append(len(actions))
                actions.append([SEATS[seat], "play", name])
                seats.append(seat)
                cards.append(self.deck.parse(name))
                seat = (seat + 1) % 4
                while not active[seat]:
                    seat = (seat + 1) % 4
            if len(cards) == n_active:
                lead = seats[self.deck.trick_winner(cards, contract)]

    def _derive_hands(self, hand_deal: dict[str, Any], actions: list[list[Any]], dealer: int,
                      upcard: str) -> list[str]:
        """Fill the dealt hands EGN did not give from the cards each seat played (as
        EGN's replayer does), so the solver can value the plays: a seat's hand is its
        cards played, the dealer's with the upcard taken and the discard given back,
        ``??`` for what was not played.  Not where the record contradicts itself (a
        card played twice, more cards than a hand) -- the validator says so from the
        plays -- nor for a seat that sits out.  Returns the seats filled."""
        size = self.rules.deal.hand_size
        played: dict[str, list[str]] = {}
        discard: str | None = None
        for a in actions:
            if a[1] == "play":
                played.setdefault(a[0], []).append(a[2])
            elif a[1] == "discard" and a[0] == SEATS[dealer]:
                discard = a[2]
        cards = [c for seat_cards in played.values() for c in seat_cards]
        if len(cards) != len(set(cards)) or (discard not in (None, UNKNOWN_CARD)
                                             and discard in cards):
            return []
        took = discard is not None  # the dealer took the upcard (else it is out of play)
        if any(upcard in mine and not (took and seat == SEATS[dealer])
               for seat, mine in played.items()):
            return []
        filled = []
        for seat, mine in played.items():
            if hand_deal["hands"].get(seat) is not None:
                continue
            have = list(mine)
            if seat == SEATS[dealer] and discard is not None:
                if discard != UNKNOWN_CARD:
                    have.append(discard)
                if upcard in have:
                    have.remove(upcard)
                    if discard == UNKNOWN_CARD:
                        have.append(UNKNOWN_CARD)
                elif discard != UNKNOWN_CARD or len(mine) < size:
                    continue  # where the upcard went is not told: leave the hand unknown
            if len(have) > size:
                continue
            hand_deal["hands"][seat] = have + [UNKNOWN_CARD] * (size - len(have))
            filled.append(seat)
        return filled

    @staticmethod
    def _residue(deal: dict[str, Any], ist: dict[str, Any], bid_i: int, play_i: int,
                 spelled: dict[str, list[str]]) -> dict[str, Any]:
        """What of the deal the record does not hold, for writing it back."""
        res: dict[str, Any] = {k: v for k, v in deal.items() if k not in ("initialState",
                                                                         "phases")}
        res["initialState"] = {k: v for k, v in ist.items()
                               if k not in ("dealer", "upCard", "playerCards")}
        present: list[str] = []
        if "playerCards" in ist:
            present.append("playerCards")
        phases = []
        for i, ph in enumerate(deal["phases"]):
            if i == bid_i:
                kept = {k: v for k, v in ph.items()
                        if k not in ("calls", "isAlone", "aloneDefender", "discard")}
                present += [k for k in ("isAlone", "aloneDefender", "discard") if k in ph]
            else:
                kept = {k: v for k, v in ph.items() if k != "tricks"}
            phases.append(kept)
        res["phases"] = phases
        if present:
            res["present"] = present
        if spelled:
            res["spelled"] = spelled
        return res


class _Spelling:
    """How a deal writes its cards: EGN's variants (``N`` for 9, ``R``/``L`` for the
    bowers, ``B`` for the joker, ``X`` unknown, the generic suits ``t``/``n``/``g``/``h``)
    and, for writing back, each card written otherwise than ``9c``/``Js``/``B``."""

    def __init__(self, deal: dict[str, Any]):
        self.trump: int | None = None
        self.kept: dict[str, list[str]] = {}
        self.generic = any(isinstance(c, str) and len(c) == 2 and c[1] in "tng"
                           for c in _deal_cards(deal))

    def _suits(self) -> dict[str, int]:
        """The generic letters' suits: ``t`` trump (spades where nothing says), ``n``
        its partner, ``g``, ``h`` the other two in C, D, H, S order."""
        t = self.trump if self.trump is not None and self.trump < 4 else 3
        others = [s for s in range(4) if s not in (t, same_colour(t))]
        return {"t": t, "n": same_colour(t), "g": others[0], "h": others[1]}

    def suit_of(self, text: Any) -> int | None:
        """The suit of an upcard (for an order-up)."""
        if not isinstance(text, str) or len(text) != 2:
            return None
        s = text[1]
        if self.generic and s in "tngh":
            return self._suits()[s]
        return SUITS.index(s.upper()) if s.upper() in SUITS else None

    def name(self, text: Any) -> str | None:
        """The ``ehh/1`` name, ``??`` for an unknown card, None for no card at all."""
        if not isinstance(text, str):
            return None
        if text == "B":
            return "JK"
        if text in ("R", "L"):
            if self.trump is None or self.trump >= 4:
                return None
            suit = self.trump if text == "R" else same_colour(self.trump)
            return "J" + SUITS[suit]
        if len(text) != 2:
            return None
        rank, letter = text[0], text[1]
        if rank not in "6789NTJQKAX" or letter not in "SsHhCcDdxtngh":
            return None
        if rank == "X" or letter == "x":
            return UNKNOWN_CARD
        rank = "9" if rank == "N" else rank
        if self.generic and letter in "tngh":
            return rank + SUITS[self._suits()[letter]]
        return rank + letter.upper()

    def keep(self, key: str, text: str, name: str) -> None:
        """Remember ``text`` for writing back where it is not the plain spelling."""
        if text != egn_card(name):
            self.kept[key] = [name, text]


def _deal_cards(deal: dict[str, Any]) -> Iterator[Any]:
    ist = deal.get("initialState")
    if isinstance(ist, dict):
        yield ist.get("upCard")
        for hand in _items(ist.get("playerCards")):
            if isinstance(hand, list):
                yield from hand
    for ph in _items(deal.get("phases")):
        if isinstance(ph, dict):
            yield ph.get("discard")
            for trick in _items(ph.get("tricks")):
                if isinstance(trick, list):
                    yield from trick


def _notes(h: int, deal: dict[str, Any], bid_i: int, play_i: int, call_actions: list[int],
           play_actions: list[int]) -> list[dict[str, Any]]:
    """EGN's annotations and alternative lines as ``x-ehh-notes`` of hand ``h``."""
    notes: list[dict[str, Any]] = []
    phases = deal["phases"]
    for i, key, at in ((bid_i, "callAnnotations", call_actions),
                       (play_i, "playAnnotations", play_actions)):
        if i < 0 or not isinstance(phases[i].get(key), dict):
            continue
        for k, texts in sorted(phases[i][key].items(), key=lambda kv: as_int(kv[0])):
            n = as_int(k)
            for text in texts if isinstance(texts, list) else ():
                if isinstance(text, str):
                    notes.append(_note(h, at[n] if 0 <= n < len(at) else None, text))
    for line in _items(deal.get("alternativeLines")):
        if not isinstance(line, dict):
            continue
        b = as_int(line.get("branchIndex"))
        moves = call_actions + play_actions
        words = []
        for ph in _items(line.get("phases")):
            if isinstance(ph, dict):
                words += [str(c) for c in _items(ph.get("calls"))]
                words += [" ".join(str(c) for c in t) for t in _items(ph.get("tricks"))
                          if isinstance(t, list)]
        notes.append(_note(h, moves[b] if 0 <= b < len(moves) else None,
                           "alternative line (not replayed): " + " | ".join(words)))
    return notes


def _items(value: Any) -> list[Any]:
    """``value`` if it is an array, else no items (a damaged record is reported by the
    checks that need the value; the walks that merely look at it skip it)."""
    return value if isinstance(value, list) else []


def _note(h: int, action: int | None, text: str) -> dict[str, Any]:
    note: dict[str, Any] = {"hand": h}
    if action is not None:
        note["action"] = action
    m = LABEL.match(text)
    if m:
        note["glyph"] = m.group(1)
        text = text[m.end():]
    note["comment"] = text
    return note
