"""EGN game records (``.egn``) and EMN matches (``.emn``) as ``ehh/1`` records, and back.

EGN (Euchre Game Notation, NextSuit Labs, Apache-2.0) records a game as JSON:
``metadata`` (players, initial score, a ``ruleset`` of toggles) and ``deals``,
each with its dealer and upcard, a bidding phase (``calls`` from the dealer's
left, ``isAlone``, ``discard``, ``aloneDefender``) and a play phase
(``tricks``: the cards in the order they hit the table, no seats).  EMN wraps
several EGN games with a registry of players and each game's seating.

Reading gives one ``ehh/1`` record per game.  EGN does not say who played
each card: the opening leader comes from the engine's one rule
(:func:`~euchre_dsl.engine.play.first_leader`) and each next leader from the
deck's trick winner (:meth:`~euchre_dsl.cards.Deck.trick_winner`), as EGN's
own replayer deduces them; nothing here judges legality, the validator does,
on the record, and every problem it finds is placed at the EGN text of the
call or card at fault (see :class:`EgnGame` and :func:`egn_items`).

What ``ehh/1`` has no place for is kept in the record's ``x-egn`` extension
(the EGN metadata as written, each deal's other keys, annotations,
alternative lines, card spellings such as ``Nc`` or ``R``), and the
annotations and alternative lines are also given as ``x-ehh-notes`` so the
replay shows them; none of it is replayed.  :func:`write_egn` builds EGN from
a record, with the ``x-egn`` details where the record still agrees with them,
so EGN -> ``ehh/1`` -> EGN keeps EGN's baseline hash
(:func:`baseline_hash`).

Older EGN (1.0, 1.1: ``player_cards``, ``calls_annotations``, ``kitty``,
``initialLead``...) is read as ``egn-upgrade`` would upgrade it; it is
written back, and hashed, in that upgraded form.

This module reads (:func:`read_game`, :func:`egn_items`); the rest is beside
it: :mod:`.egn_document` (EGN's names and the upgrade of old versions),
:mod:`.egn_hash` (the baseline hash), :mod:`.egn_limit` (the deals limit,
checked before a file is parsed), :mod:`.egn_write` (writing EGN),
:mod:`.egn_rules` (EGN's ruleset toggles as a variant), :mod:`.egnb` and
:mod:`.egn_bits` (the binary form).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterator

from ..cards import NO_TRUMP, SUITS, CardError, Deck, same_colour
from ..engine.play import first_leader
from ..errors import EuchreError, Location, Problem
from ..limits import MAX_HANDS, clip
from ..records.notation import FORMAT, UNKNOWN_CARD, result_to_json, winner_to_json
from ..records.positions import Item, JsonPath, Locate, Locator, no_positions
from ..replay.events import HandEnded, Started
from ..replay.variants import Variants
from ..replay.walk import walk_record
from ..rules.ruleset import Lead, LonerLead, RuleSet
from .egn_document import (
    BIDDING_PHASE, CALL_SUITS, EXTENSION, FINAL_FROM, FROM_EGN, FROM_REPLAY, GAME_TYPE, LABEL,
    MATCH_TYPE, NEWEST_VERSION, NOTES_KEY, PLAY_PHASE, RESULTS_FROM, SEATS, SIDES, Found,
    as_int, egn_card, is_match, raw_path, rules_of, too_many_deals, upgrade,
)
from .egn_rules import RulesetError, variant_for_ruleset
from .egn_hash import baseline_hash
from .egn_write import EgnWriteError, write_egn

__all__ = [
    "GAME_TYPE", "MATCH_TYPE", "EXTENSION", "NEWEST_VERSION", "SEATS", "SIDES", "EgnGame",
    "EgnWriteError", "egn_items", "baseline_hash", "write_egn",
    "upgrade", "is_match",
]


# ================================================================ reading
@dataclass
class EgnGame:
    """One EGN game converted: the record (``None`` when the game is not EGN at
    all), where each part of it came from, and what was met on the way."""

    record: dict[str, Any] | None
    #: record path -> path of the upgraded EGN game it came from
    paths: dict[JsonPath, JsonPath] = field(default_factory=dict)
    found: list[Found] = field(default_factory=list)

    def egn_path(self, path: JsonPath) -> tuple[JsonPath, bool]:
        """The EGN path a record path came from (its nearest mapped ancestor's), and
        whether the mapping was exact."""
        p = path
        while True:
            hit = self.paths.get(p)
            if hit is not None:
                return hit, p == path
            if not p:
                return (), False
            p = p[:-1]


class _Cut(EuchreError):
    """Converting stops at this deal: the record ends before it."""

    def __init__(self, found: Found):
        super().__init__(found.message)
        self.found = found


def read_game(game: Any, players_override: list[Any] | None = None) -> EgnGame:
    """Convert one EGN game (parsed JSON, any published version) to an ``ehh/1`` record.

    ``players_override``: the seats' players from an EMN match (names or player
    objects), used instead of the game's own.
    """
    out = EgnGame(None)
    if not isinstance(game, dict):
        out.found.append(Found("schema", "an EGN game must be a JSON object", ()))
        return out
    g = upgrade(game)
    ftype = g.get("fileType")
    if ftype is not None and ftype != GAME_TYPE:
        out.found.append(Found("schema", f"'fileType' is {json.dumps(ftype)}, not "
                                f"\"{GAME_TYPE}\"", ("fileType",)))
        return out
    meta = g.get("metadata")
    deals = g.get("deals")
    if not isinstance(meta, dict):
        out.found.append(Found("schema", "an EGN game needs 'metadata', an object",
                                ("metadata",)))
    if not isinstance(deals, list):
        out.found.append(Found("schema", "an EGN game needs 'deals', an array", ("deals",)))
    if out.found:
        return out
    assert isinstance(meta, dict) and isinstance(deals, list)
    if len(deals) > MAX_HANDS:
        out.found.append(too_many_deals(len(deals)))
        return out
    try:
        variant = variant_for_ruleset(meta.get("ruleset"))
    except RulesetError as exc:
        where: JsonPath = ("metadata", "ruleset") + ((exc.field,) if exc.field else ())
        out.found.append(Found("invalid-variant", f"EGN ruleset: {exc.message}", where))
        return out
    rules = rules_of(json.dumps(variant, sort_keys=True))
    record: dict[str, Any] = {"format": FORMAT, "variant": variant, "seats": list(SEATS)}
    paths = out.paths
    paths[("variant",)] = ("metadata", "ruleset")
    paths[("seats",)] = paths[("players",)] = ("metadata", "players")
    paths[("meta",)] = ("metadata",)
    players = players_override if players_override is not None else meta.get("players")
    names = _player_names(players, out)
    if names:
        record["players"] = names
    record["meta"] = _meta(g, meta)
    start = meta.get("initialScore")
    if start is not None:
        scores = _team_scores(start, ("metadata", "initialScore"), out)
        if scores is not None and any(scores.values()):
            record["start_scores"] = scores
            paths[("start_scores",)] = ("metadata", "initialScore")
    reader = _DealReader(rules, out)
    hands: list[dict[str, Any]] = []
    residues: list[Any] = []
    notes: list[dict[str, Any]] = []
    cut = False
    for d, deal in enumerate(deals):
        try:
            hand, residue, hand_notes = reader.deal(d, len(hands), deal)
        except _Cut as stop:
            out.found.append(stop.found)
            if d + 1 < len(deals) or stop.found.severity != "info":
                out.found.append(Found(
                    "not-checked", f"deals {d + 1} to {len(deals)} are not checked (the "
                    "record stops before this deal)", ("deals", d), len(hands), "info"))
            cut = True
            break
        hands.append(hand)
        residues.append(residue)
        notes.extend(hand_notes)
    record["hands"] = hands
    final = meta.get("finalScore")
    if final is not None and not cut:
        scores = _team_scores(final, ("metadata", "finalScore"), out)
        if scores is not None:
            record["final"] = {"scores": scores}
            paths[("final",)] = ("metadata", "finalScore")
            record["meta"][FINAL_FROM] = FROM_EGN
    record[EXTENSION] = {"version": g.get("version"), "metadata": dict(meta), "deals": residues}
    _add_outcomes(record, complete=not cut)
    if "fileType" not in g:
        record[EXTENSION]["noFileType"] = True
    if notes:
        record[NOTES_KEY] = notes
    out.record = record
    return out


#: The variants of the records read, compiled once each: the games of a match, and
#: the files of a folder, mostly share one (compiling it took 20 ms a game).
_VARIANTS = Variants()


def _add_outcomes(record: dict[str, Any], complete: bool) -> None:
    """Give the record every outcome EGN leaves to its replayer: each hand's
    ``result`` and, where EGN states no ``finalScore``, the game's ``final``, as the
    engine's replay of the record computes them (and say so in ``meta``); beside a
    stated ``finalScore``, the replay's winner.

    A hand is given its result only while the replay is sound: from the first hand
    that breaks a rule (or cannot be replayed) on, nothing more is computed, and no
    ``final`` is -- the validator reports the fault, and a score built past it would
    be a guess.  A game that stops in an unfinished last hand gets the score before
    that hand and no winner.  ``complete`` False: the record stops before EGN's last deal (a deal
    that could not be converted), so its end is not the game's.
    """
    results: list[dict[str, Any]] = []
    game = None
    sound = True  # no rule broken so far
    ended = False  # a hand was left unfinished: the record stops in it
    for event in walk_record(record, variants=_VARIANTS):
        if isinstance(event, Started):
            game = event.game
        elif isinstance(event, HandEnded):
            res = event.game.last_result
            if event.finished and res is not None and sound and not ended:
                results.append(result_to_json(event.game, res))
            else:
                ended = True
        elif isinstance(event, Problem) and event.severity == "error":
            sound = False
    hands = record["hands"]
    for hand, result in zip(hands, results):
        hand["result"] = result
    if results:
        record["meta"][RESULTS_FROM] = FROM_REPLAY
    if not (sound and complete) or game is None:
        return
    if "final" in record:  # EGN's finalScore, kept as stated (and checked): the winner
        record["final"]["winner"] = winner_to_json(game)
        return
    record["final"] = {"scores": dict(zip(game.side_names, game.scores)),
                       "winner": winner_to_json(game)}
    record["meta"][FINAL_FROM] = FROM_REPLAY


def _player_names(players: Any, out: EgnGame) -> dict[str, str]:
    if players is None:
        return {}
    if not isinstance(players, list):
        out.found.append(Found("schema", "'players' must be an array", ("metadata", "players")))
        return {}
    names: dict[str, str] = {}
    for i, p in enumerate(players[:4]):
        name = p.get("name") if isinstance(p, dict) else p
        if isinstance(name, str) and name:
            names[SEATS[i]] = name
    return names


def _meta(g: dict[str, Any], meta: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, word in (("title", "title"), ("description", "description"), ("date", "date"),
                      ("gameId", "egn-game-id")):
        v = meta.get(key)
        if isinstance(v, str) and v:
            out[word] = v
    v = g.get("version")
    if isinstance(v, str):
        out["egn-version"] = v
    out["egn-baseline"] = baseline_hash(g)
    return out


def _team_scores(value: Any, where: JsonPath, out: EgnGame) -> dict[str, int] | None:
    if (not isinstance(value, list) or len(value) != 2
            or not all(type(v) is int for v in value)):
        out.found.append(Found("schema", "a team score is an array of two whole numbers "
                                "[team 0/2, team 1/3]", where))
        return None
    return {SIDES[0]: value[0], SIDES[1]: value[1]}


class _DealReader:
    """Converts deals one by one under one game's rules."""

    def __init__(self, rules: RuleSet, out: EgnGame):
        self.rules = rules
        self.deck = Deck.of(rules.deck.lowest, rules.deck.joker, rules.deck.copies)
        self.out = out

    def deal(self, d: int, h: int, deal: Any) -> tuple[dict[str, Any], Any, list[Any]]:
        """The hand of deal ``d`` (the record's hand ``h``), its residue for
        ``x-egn`` and its notes; :class:`_Cut` when it cannot be converted."""
        base: JsonPath = ("deals", d)
        if isinstance(deal, str):
            deal = self._unpacked(deal, d, base)
        if not isinstance(deal, dict):
            raise _Cut(Found("schema", "a deal must be an object (or a condensed deal "
                              "string)", base, h))
        paths = self.out.paths
        paths[("hands", h)] = base
        paths[("hands", h, "result")] = base
        ist = deal.get("initialState")
        if not isinstance(ist, dict):
            raise _Cut(Found("schema", "a deal needs 'initialState', an object",
                              base + ("initialState",), h))
        ipath = base + ("initialState",)
        dealer = ist.get("dealer")
        if type(dealer) is not int or not 0 <= dealer < 4:
            raise _Cut(Found("schema", "'dealer' must be a seat number 0 to 3",
                              ipath + ("dealer",), h))
        paths[("hands", h, "dealer")] = ipath + ("dealer",)
        paths[("hands", h, "deal")] = ipath
        phases = deal.get("phases")
        if not isinstance(phases, list):
            raise _Cut(Found("schema", "a deal needs 'phases', an array", base + ("phases",), h))
        bid_i = play_i = -1
        for i, ph in enumerate(phases):
            kind = ph.get("type") if isinstance(ph, dict) else None
            if kind == BIDDING_PHASE and bid_i < 0:
                bid_i = i
            elif kind == PLAY_PHASE and play_i < 0 and bid_i >= 0:
                play_i = i
            else:
                raise _Cut(Found("schema", "each deal has one EUCHRE_BIDDING phase, then at "
                                  "most one TRICK_PLAY phase", base + ("phases", i), h))
        if bid_i < 0:
            raise _Cut(Found("not-checked", "the deal records no bidding: nothing to check",
                              base + ("phases",), h, "info"))
        bidding: dict[str, Any] = phases[bid_i]
        play: dict[str, Any] = phases[play_i] if play_i >= 0 else {}
        bpath = base + ("phases", bid_i)
        ppath = base + ("phases", play_i)
        calls = bidding.get("calls")
        if not isinstance(calls, list):
            raise _Cut(Found("schema", "a bidding phase needs 'calls', an array",
                              bpath + ("calls",), h))
        paths[("hands", h, "actions")] = bpath + ("calls",)
        spell = _Spelling(deal, calls)
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
                raise _Cut(Found("not-checked", "the trump named is not known ('x'): the "
                                  "hand cannot be replayed", bpath + ("calls", maker_i), h,
                                  "info"))
            else:
                raise _Cut(Found("schema", f"{json.dumps(call)} is not an EGN call (Pass, "
                                  "Order, s, h, d, c, n or x)", bpath + ("calls", maker_i), h))
            spell.trump = contract
        upcard = self._card(spell, up_text, ipath + ("upCard",), h, "u", unknown_ok=False)
        paths[("hands", h, "deal", "upcard")] = ipath + ("upCard",)
        residue_spell: dict[str, list[str]] = spell.kept
        hands_json: dict[str, Any] = {}
        pc = ist.get("playerCards")
        if pc is not None:
            if not isinstance(pc, list) or len(pc) > 4:
                raise _Cut(Found("schema", "'playerCards' must be an array of up to four "
                                  "hands", ipath + ("playerCards",), h))
            for s, cards in enumerate(pc):
                if not isinstance(cards, list):
                    raise _Cut(Found("schema", "a hand in 'playerCards' must be an array of "
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
                raise _Cut(Found("schema", f"{json.dumps(call)} is not an EGN call (Pass, "
                                  "Order, s, h, d, c, n or x)", bpath + ("calls", i), h))
        if maker_i < 0:
            self._stray_discard(bidding, maker_i, bpath, h)
        defender = bidding.get("aloneDefender")
        lone_defender: int | None = None
        if defender is not None and defender != -1:
            if type(defender) is not int or not 0 <= defender < 4:
                raise _Cut(Found("schema", "'aloneDefender' must be a seat number 0 to 3, or "
                                  "-1", bpath + ("aloneDefender",), h))
            lone_defender = defender
            paths[("hands", h, "actions", len(actions))] = bpath + ("aloneDefender",)
            actions.append([SEATS[defender], "defend_alone"])
        play_actions: list[int] = []
        if play_i >= 0 and contract is not None and maker is not None:
            self._plays(play, ppath, h, actions, play_actions, spell, dealer, maker, alone,
                        lone_defender, contract)
        elif play_i >= 0 and play.get("tricks"):
            raise _Cut(Found("schema", "cards are played but nobody made trump",
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
            raise _Cut(Found("schema", f"the condensed deal cannot be read: {exc}", base))

    def _card(self, spell: _Spelling, text: Any, where: JsonPath, h: int, key: str,
              unknown_ok: bool = True) -> str:
        """The ``ehh/1`` name of one EGN card (``??`` for an unknown one)."""
        name = spell.name(text)
        if name is None:
            raise _Cut(Found("bad-card", f"{json.dumps(text)} is not an EGN card",
                              where, h, hint="a rank 9 (or N), T, J, Q, K, A (7, 8 with "
                              "min_rank) and a suit c, d, h, s; R and L for the bowers, B for "
                              "the joker, X for what is unknown"))
        if name == UNKNOWN_CARD:
            if not unknown_ok:
                raise _Cut(Found("not-checked", f"the card {json.dumps(text)} is not known "
                                  "here: the hand cannot be replayed", where, h, "info"))
            spell.keep(key, text, name)
            return name
        try:
            self.deck.parse(name)
        except CardError:
            raise _Cut(Found("bad-card", f"{json.dumps(text)} is not in this ruleset's deck "
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
        self.out.paths[("hands", h, "actions", len(actions))] = bpath + ("discard",)
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
        self.out.found.append(Found(
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
            raise _Cut(Found("schema", "a play phase needs 'tricks', an array",
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
                raise _Cut(Found("schema", "a trick must be an array of cards", tpath, h))
            last = t == len(tricks) - 1
            if len(trick) > n_active or (len(trick) < n_active and not last):
                raise _Cut(Found("schema", f"a trick of {len(trick)} cards where "
                                  f"{n_active} play", tpath, h))
            seat = lead
            seats, cards = [], []
            for k, text in enumerate(trick):
                where = tpath + (k,)
                name = self._card(spell, text, where, h, f"t{t}.{k}", unknown_ok=False)
                self.out.paths[("hands", h, "actions", len(actions))] = where
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

    def __init__(self, deal: dict[str, Any], calls: list[Any]):
        self.trump: int | None = None
        self.kept: dict[str, list[str]] = {}
        self.generic = any(isinstance(c, str) and len(c) == 2 and c[1] in "tng"
                           for c in _deal_cards(deal))
        self._calls = calls

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


# ================================================================ files
def egn_items(text: str, doc: Any, file: str | None, placed: bool = True) -> Iterator[Item]:
    """The records of one EGN game or EMN match ``doc`` parsed from ``text``: one
    :class:`~euchre_dsl.records.positions.Item` per game, whose problems (the
    validator's, and ``converted``: those met converting) are placed in ``text``
    (``placed`` False: at the file alone, for a binary file).

    Every game of a match is placed by one locator over the match's text: it
    scans the text once, then only the game a problem is in, so a match of
    thousands of games is placed in time linear in its size (a locator per game
    scanned the whole match for each one)."""
    loc: Locate = Locator(text, 1, file) if placed else no_positions(file)
    deep = _too_deep(doc)
    if deep is not None:
        bad = EgnGame(None, found=[Found("syntax", f"values are nested more than {_MAX_DEPTH} "
                                          "levels deep", deep)])
        yield _item(0, text, doc, (), bad, loc)
        return
    if is_match(doc):
        yield from _match_items(text, doc, loc)
        return
    yield _item(0, text, doc, (), read_game(doc), loc)


#: How deep EGN's JSON may nest (a game needs 7 levels; the walks below recurse).
_MAX_DEPTH = 64


def _too_deep(doc: Any) -> JsonPath | None:
    """The path of a value nested deeper than :data:`_MAX_DEPTH`, found without
    recursion (the upgrade, the hash and the conversion walk the document
    recursively), or None."""
    stack: list[tuple[Any, JsonPath]] = [(doc, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > _MAX_DEPTH:
            return path
        if isinstance(value, dict):
            stack.extend((v, path + (k,)) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, path + (i,)) for i, v in enumerate(value))
    return None


def _match_items(text: str, doc: dict[str, Any], loc: Locate) -> Iterator[Item]:
    games = doc.get("games")
    registry, found = _registry(doc.get("metadata"))
    if not isinstance(games, list):
        found.append(Found("schema", "an EMN match needs 'games', an array", ("games",)))
    if not isinstance(games, list) or (found and not games):
        yield _item(0, text, doc, (), EgnGame(None, found=found), loc)
        return
    for i, entry in enumerate(games):
        prefix: JsonPath = ("games", i)
        if not isinstance(entry, dict) or not isinstance(entry.get("gameData"), dict):
            bad = EgnGame(None, found=[Found("schema", "a game of a match needs 'gameData', "
                                              "an EGN game", ())])
            yield _item(i, text, entry, prefix, bad, loc)
            continue
        key = "playersOverride" if "playersOverride" in entry else "players"
        seated = entry.get(key)
        seating = _seating(seated, prefix + (key,), registry)
        players: list[Any] | None = None
        if isinstance(seated, list):
            players = [registry.get(pid, pid) if registry is not None and isinstance(pid, str)
                       else pid for pid in seated]
        converted = read_game(entry["gameData"], players)
        if converted.record is not None and isinstance(seated, list):
            converted.record[EXTENSION]["matchSeats"] = seated
        # the match's own problems come first: the registry's with the first game,
        # each game's seating with that game
        outer = (found if i == 0 else []) + seating
        yield _item(i, text, entry["gameData"], prefix + ("gameData",), converted, loc,
                    outer)


def _registry(meta: Any) -> tuple[dict[str, Any] | None, list[Found]]:
    """An EMN match's player registry (``metadata.players``: id -> player object),
    ``None`` when the match has none to check ids against, and its problems: not an
    array of players each with an ``id``, an id given twice."""
    players = meta.get("players") if isinstance(meta, dict) else None
    where: JsonPath = ("metadata", "players")
    if players is None:
        return None, []
    if not isinstance(players, list):
        return None, [Found("schema", "'players' must be an array of players, each an "
                             "object with an 'id'", where)]
    registry: dict[str, Any] = {}
    found: list[Found] = []
    for k, p in enumerate(players):
        pid = p.get("id") if isinstance(p, dict) else None
        if not isinstance(pid, str):
            return None, [Found("schema", "a player of the match must be an object with an "
                                 "'id', a string", where + (k,))]
        if pid in registry:
            found.append(Found("schema", f"the player id {_quoted(pid)} is given twice",
                                where + (k, "id")))
        registry[pid] = p
    return registry, found


def _seating(seated: Any, where: JsonPath, registry: dict[str, Any] | None) -> list[Found]:
    """The problems of one game's seating in a match (``players`` or
    ``playersOverride``: the ids of the players at North, East, South, West):
    not four ids, an id not in the registry, a player seated twice."""
    if seated is None:
        return []
    if not isinstance(seated, list) or len(seated) != 4 or not all(
            isinstance(pid, str) for pid in seated):
        return [Found("schema", f"'{where[-1]}' must be four player ids (North, East, South, "
                       "West)", where)]
    found = []
    for seat, pid in enumerate(seated):
        if registry is not None and pid not in registry:
            found.append(Found("schema", f"the player id {_quoted(pid)} is not one of the "
                                "match's players ('metadata.players')", where + (seat,)))
        elif pid in seated[:seat]:
            found.append(Found("schema", f"the player {_quoted(pid)} is seated twice (at "
                                f"{SEATS[seated.index(pid)]} and {SEATS[seat]})",
                                where + (seat,)))
    return found


def _quoted(text: str) -> str:
    """A string of the input in a message: in double quotes, cut to a few words."""
    return json.dumps(clip(text), ensure_ascii=False)


def _item(index: int, text: str, raw_game: Any, prefix: JsonPath, game: EgnGame,
          loc: Locate, outer: list[Found] | None = None) -> Item:
    """The item of one converted game, its places mapped back into the text by
    ``loc``, the locator of the whole file (shared by the games of a match);
    ``outer``: problems of the match around the game, at paths of the whole file,
    reported before the game's own."""
    def place(path: JsonPath, key: bool = False) -> Location:
        egn, exact = game.egn_path(path)
        return loc(prefix + raw_path(raw_game, egn), key and exact)

    def locator(text: str, line: int, file: str | None) -> Locate:
        return place

    converted = tuple(
        [Problem(f.code, f.message, f.severity, loc(f.path, False), f.hint, index, f.hand)
         for f in outer or ()]
        + [Problem(f.code, f.message, f.severity, loc(prefix + raw_path(raw_game, f.path),
                                                      False), f.hint, index, f.hand)
           for f in game.found])
    if game.record is None:
        first = converted[0] if converted else Problem("schema", "not an EGN game")
        return Item(index, 1, text, None, first, locator, -1, converted[1:])
    return Item(index, 1, text, game.record, None, locator, -1, converted)
