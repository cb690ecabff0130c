"""The one walk of a record: replay it through the engine, meeting its problems and events.

:func:`walk_record` replays one ``ehh/1`` record (a plain dict, as :mod:`json`
gives it) hand by hand and yields, in order, the
:class:`~euchre_dsl.errors.Problem` objects it finds -- with the spec's codes,
the record, hand and action where each happened, and, through a locator from
:mod:`~euchre_dsl.records.reader`, the line and column in the file -- and the
events of the walk (:mod:`.events`).  The validator
(:class:`~euchre_dsl.validate.validator.Validator`) keeps only the problems;
the replay display, the analyzer, the event standings and the OpenSpiel
conversion read the events.

The rules themselves are the engine's: every action goes to the matching verb
method of :class:`~euchre_dsl.engine.machine.Machine`, whose
:class:`~euchre_dsl.engine.actions.IllegalAction` already carries the code and
says what went wrong; this module checks the record's shape, turns labels and
card names into seats and card indices, adds where it happened (hand, trick,
what was led) and compares the claims (``result``, ``final``) with what the
replay computed.  Notes (severity ``info``: ``not-checked``, ``unknown-cards``)
say what could not be checked; they are never errors.

Recovery, so that one mistake gives one problem: after an error inside a hand
the rest of that hand is skipped and the next hand starts from the scores the
broken hand claims (else the ones computed so far).  A hand that was replayed
keeps the replay's scores: a claim the replay rejects is never adopted, so a
wrong sum is one problem and the correct claims after it are not blamed.  A
record never stops the file.

Speed: validation replays many hands, so the per-action work is kept small:
cards are looked up in the deck's table of spellings, seats in a dict, the
engine's verb methods are called directly, and positions are computed only
for records that have a problem.  The play of the cards, most of the actions,
runs in :func:`walk_plays`, one small loop.
"""

from __future__ import annotations

import json
from typing import Any, Generator, Iterator

from ..engine.actions import PLAY, PLAYING, Action, IllegalAction
from ..engine.machine import Machine
from ..errors import EuchreError, Problem
from ..limits import MAX_HANDS, clip
from ..records.notation import FORMAT, Broken, json_kind, read_plays
from ..records.positions import JsonPath, Locate, no_positions
from ..records.shape import HAND_KEYS, REQUIRED_HAND, REQUIRED_TOP, TOP_KEYS, shown_location
from ..rules.ruleset import RuleSet, ScoringModel
from .events import Acted, Dealt, Event, HandEnded, Started
from .result_claims import ClaimChecks
from .variants import Variants

_HAND_KEYS = frozenset(HAND_KEYS)


def walk_plays(game: Machine, actions: list[Any], i: int, seat_of: dict[str, int],
                 short: list[int], reneges: list[tuple[int, str, int]]
                 ) -> tuple[int, IllegalAction | None]:
    """Replay ``play`` actions from ``actions[i]`` while the hand is in its play phase.

    Returns ``(index, error)``: the index of the first action not replayed --
    the end of the list, the first action after the hand ended, or one that is
    not a plain well-formed ``play`` (left to the general path, which checks
    and reports it) -- and the engine's :class:`IllegalAction` if that action
    broke a rule.  Reneges are replayed (``allow_renege``: the engine scores
    the variant's penalty) and appended to ``reneges`` as ``(index, message,
    offence)``: the action that proved it, the engine's words, and how many cards
    of the hand had been played before the play that broke the rule.

    The one loop of the play phase: a whole-hand replay entry point of the
    engine can replace its body.
    """
    play = game.play
    playing = PLAYING
    seen = game.last_renege
    # Read the well-formed plays ahead (notation.read_plays, as the fast check reads
    # them); the engine replays the clean ones in one call (Machine.replay_plays) and
    # each other one goes through play(), which judges and explains it.
    seats: list[int] = []
    cards: list[int] = []
    end = read_plays(actions, i, short, seat_of, game.deck, seats, cards)
    start = i
    while i < end:
        i += game.replay_plays(seats, cards, i - start)
        if game.phase != playing or i == end:
            break
        try:
            play(seats[i - start], cards[i - start], True)
        except IllegalAction as exc:
            return i, exc
        i += 1
        if game.last_renege is not seen:
            seen = game.last_renege
            reneges.append((i - 1, seen, game.last_renege_at))  # type: ignore[arg-type]
        if game.phase != playing:
            break
    return i, None


def walk_record(record: Any, *, index: int = 0, file: str | None = None,
                locate: Locate | None = None, steps: bool = False,
                variants: Variants | None = None) -> Iterator[Event]:
    """The one walk of a record: replay it through the engine, yielding what it meets.

    Lazy, hand by hand: nothing is replayed before it is asked for, so the
    first hand of a long record comes at once and memory does not grow with
    the record.  Yields, in order: the problems of the record's shape (each a
    :class:`~euchre_dsl.errors.Problem`); :class:`~.events.Started` when the
    record can be replayed; per hand, with ``steps``, :class:`~.events.Dealt`
    and an :class:`~.events.Acted` after each action, then always
    :class:`~.events.HandEnded` after the hand's problems; last the problems of
    the record's ``final`` claims and its notes.  The problems are exactly the
    validator's (:meth:`~euchre_dsl.validate.validator.Validator.validate`), in
    the same order, with or without steps.

    ``index``, ``file`` and ``locate`` are as for the validator's; ``variants`` keeps compiled variants between records (a
    :class:`~euchre_dsl.validate.validator.Validator` is one).
    """
    check = RecordWalk(variants or Variants(), record, index, file,
                       locate or no_positions(file), steps)
    return check.walk()


class RecordWalk(ClaimChecks):
    """The state of walking one record: its shape, then the replay of its hands."""

    def __init__(self, variants: Variants, record: Any, index: int, file: str | None,
                 locate: Locate, steps: bool):
        super().__init__(record, index, file, locate)
        self.variants = variants
        self.steps = steps  # yield Dealt and Acted events
        self.finished = False  # the hand being walked was replayed to its end
        self.reneges: list[tuple[int, str, int]] = []  # found by the last play(s), to report
        self.claims_finished = False  # 'final' names a winner
        self.stopped = -1  # where the replay of the current hand stopped (an action index)

    # ---------------------------------------------------------- the record
    def taken(self) -> list[Problem]:
        """The problems found since the last event, handed over to be yielded."""
        found = self.problems
        if found:  # else the same empty list: nothing to hand over, nothing to allocate
            self.problems = []
        return found

    def walk(self) -> Iterator[Event]:
        rec = self.record
        if type(rec) is not dict:
            self.schema(f"a game record must be a JSON object, not {json_kind(rec)}", ())
            yield from self.taken()
            return
        complete = self.check_keys(rec, TOP_KEYS, REQUIRED_TOP, (), "the game record",
                                   extension_keys=True)
        if "format" in rec and rec["format"] != FORMAT:
            self.schema(f"format must be \"{FORMAT}\", not {json.dumps(rec['format'])}",
                        ("format",))
        rules = self.load_rules() if "variant" in rec else None
        labels = self.check_seats(rules)
        hands = rec.get("hands")
        if "hands" in rec and type(hands) is not list:
            self.schema(f"'hands' must be an array of hand objects, not {json_kind(hands)}",
                        ("hands",))
            hands = None
        elif type(hands) is list and len(hands) > MAX_HANDS:
            self.schema(f"the record has {len(hands):,} hands, more than the {MAX_HANDS:,} a "
                        "record may hold; its hands are not replayed", ("hands",),
                        hint="a game takes a few dozen hands: split a long session into "
                             "one record per game")
            hands = None
        if labels is not None:
            self.check_players(labels)
        self.check_meta()
        if not complete or rules is None or labels is None or hands is None:
            yield from self.taken()
            return
        yield from self.replay(rules, labels, hands)

    def load_rules(self) -> RuleSet | None:
        variant = self.record["variant"]
        path: JsonPath = ("variant",)
        if not isinstance(variant, (str, dict)):
            self.schema("'variant' must be a variant id, a path to a variant file, or an inline "
                        f"variant object, not {json_kind(variant)}", path)
            return None
        try:
            return self.variants.rules_for(variant, self.file)
        except EuchreError as exc:
            where = f"variant '{clip(variant)}'" if isinstance(variant, str) else \
                "the inline variant"
            for p in exc.problems:
                code = p.code if p.code in ("unknown-variant", "invalid-variant") \
                    else "invalid-variant"
                at = f" at {shown_location(p.location)}" if p.location.line is not None else ""
                message = p.message if code == "unknown-variant" else \
                    f"{where} has an error{at}: {p.message}"
                self.add(code, message, path, hint=p.hint)
            return None

    # ---------------------------------------------------------- the replay
    def replay(self, rules: RuleSet, labels: list[str], hands: list[Any]) -> Iterator[Event]:
        first = hands[0] if hands else None
        first_dealer = first.get("dealer") if type(first) is dict else None
        dealer = labels.index(first_dealer) if type(first_dealer) is str and \
            first_dealer in labels else 0
        game = Machine(rules, labels, dealer)
        self.bind(game, labels)
        self.side_of = {name: i for i, name in enumerate(game.side_names)}
        if "start_scores" in self.record:
            start = self.side_scores(self.record["start_scores"], ("start_scores",),
                                     "'start_scores'")
            if start is not None:
                game.set_scores([start.get(i, v) for i, v in enumerate(game.scores)])
        final = self.record.get("final")
        self.claims_finished = type(final) is dict and final.get("winner") is not None
        yield from self.taken()
        yield Started(game)
        rotation_known = True
        for h, hand in enumerate(hands):
            if game.is_over:  # each hand after the end is its own problem, at that hand
                self.add("game-over", f"hand {h + 1} is recorded after the game was won: "
                         f"{self.standing()}", ("hands", h), h,
                         hint="a game ends with the hand that wins it")
                yield from self.taken()
                yield HandEnded(h, False, game)  # shown (by replay) with its problem only
                continue
            self.finished = False
            rotation_known = yield from self.hand(h, hand, h == len(hands) - 1,
                                                  rotation_known and h > 0)
            yield from self.taken()
            yield HandEnded(h, self.finished, game)
        self.check_final()
        if self.unknown_hands:
            self.add("unknown-cards", f"{self.unknown_hands} hand(s) have cards that are not "
                     "recorded; there, only what the known cards prove is checked", (),
                     severity="info")
        yield from self.taken()

    def hand(self, h: int, hand: Any, last: bool, check_rotation: bool
             ) -> Generator[Event, None, bool]:
        """Replay one hand, yielding its events; leaves the game between hands (or, for
        the last hand, where it stops).  Returns whether the dealer rotation is known
        for the next hand."""
        game = self.game
        path: JsonPath = ("hands", h)
        if type(hand) is not dict:
            self.schema(f"hand {h + 1} must be an object, not {json_kind(hand)}", path, h)
            self.skip_hand(h, None)
            return False
        if not (hand.keys() <= _HAND_KEYS and "dealer" in hand and "deal" in hand
                and "actions" in hand):
            if not self.check_keys(hand, HAND_KEYS, REQUIRED_HAND, path, f"hand {h + 1}", h):
                self.skip_hand(h, hand)
                return False
        dealer = hand["dealer"]
        seat = self.seat_of.get(dealer) if type(dealer) is str else None
        if seat is None:
            self.schema(f"hand {h + 1}: the dealer must be a seat ({', '.join(self.labels)}), "
                        f"not {json.dumps(dealer)}", path + ("dealer",), h)
            self.skip_hand(h, hand)
            return False
        rotation = game.dealer
        wrong_dealer = seat != rotation and check_rotation
        if wrong_dealer:
            self.add("wrong-dealer", f"hand {h + 1} is dealt by {dealer}, but the deal "
                     f"passes left: {self.labels[rotation]} deals it",
                     path + ("dealer",), h,
                     hint="every hand, a thrown-in one too, is dealt by the player left "
                          "of the previous dealer")
        else:
            game.set_dealer(seat)
        self.stopped = -1  # the action the replay of this hand stopped at
        try:
            deal = self.read_deal(h, hand["deal"])
            kitty = deal[3]
            if kitty is not None:  # checked first: the engine takes only a sound kitty
                before = len(self.problems)
                self.check_kitty(h, deal)
                if len(self.problems) != before:
                    kitty = None
            if wrong_dealer:
                game.set_dealer(self.dealer_followed(deal, kitty, hand["actions"], seat))
            try:
                game.deal(*deal[:3], kitty=kitty)
            except ValueError as exc:
                twice = self.second_holder(deal) if "dealt twice" in str(exc) else ()
                self.add("bad-deal", f"hand {h + 1}: {exc}", path + ("deal",) + twice, h)
                raise Broken from None
            if self.steps:
                yield from self.taken()
                yield Dealt(h, game)
            actions = hand["actions"]
            if type(actions) is not list:
                self.schema(f"hand {h + 1}: 'actions' must be an array, not {json_kind(actions)}",
                            path + ("actions",), h)
                raise Broken
            yield from self.replay_actions(h, actions)
        except Broken:
            rest = hand.get("actions")
            if type(rest) is list:
                self.check_notation(h, rest, self.stopped + 1)
            self.skip_hand(h, hand)
            return True
        if not game.hand_over:
            warn = last and not self.claims_finished
            to_act = self.labels[game.to_act]
            tricks = len(game.trick_winners)
            where = f"after {tricks} trick(s), {to_act} to play" if game.phase == PLAYING \
                else f"{to_act} to act"
            self.add("incomplete-hand", f"hand {h + 1}: the actions stop before the hand is over "
                     f"({where})", path + ("actions",), h,
                     severity="warning" if warn else "error",
                     hint=None if warn else "record every action to the last card")
            if not last:
                self.skip_hand(h, hand)
            return True
        self.finished = True
        self.end_uncertain = False
        self.check_result(h, hand)
        return True

    def dealer_followed(self, deal: tuple[Any, ...], kitty: list[int | None] | None,
                        actions: Any, recorded: int) -> int:
        """After a ``wrong-dealer``: the dealer whose turn order the hand's actions follow.

        One mistake must give one problem (issue 27, finding 15).  When only the
        dealer's name is wrong, the actions and the later hands follow the
        rotation's dealer, who is kept: the actions are not blamed for being out
        of turn, nor the next hand for its (right) dealer.  When the table really
        dealt out of turn, the first action is in turn under the recorded dealer
        only, who is then taken, and the later hands rotate from there.
        """
        rotation = self.game.dealer
        first = actions[0] if type(actions) is list and actions else None
        label = first[0] if type(first) is list and first else None
        who = self.seat_of.get(label, -1) if type(label) is str else -1
        if who < 0 or self.first_to_act(deal, kitty, rotation) == who:
            return rotation
        return recorded if self.first_to_act(deal, kitty, recorded) == who else rotation

    def first_to_act(self, deal: tuple[Any, ...], kitty: list[int | None] | None,
                     dealer: int) -> int:
        """Who acts first after this deal by ``dealer`` (-1: the deal is impossible);
        the engine decides it, on a copy of the game."""
        probe = self.game.clone()
        probe.set_dealer(dealer)
        try:
            probe.deal(deal[0], deal[1], deal[2], kitty=kitty)
        except (ValueError, IllegalAction):
            return -1
        return probe.to_act

    def check_notation(self, h: int, actions: list[Any], start: int) -> None:
        """After the replay of a hand stopped, the notation of its remaining actions:
        an unknown verb, a seat or card that does not exist is wrong whatever the
        state of the game, so it is reported in the same pass (issue 9, finding 4);
        what depends on the state (turn, legality) is not guessed at."""
        for k in range(max(start, 0), len(actions)):
            try:
                self.read_action(h, k, actions[k])
            except Broken:
                pass

    def second_holder(self, deal: tuple[Any, ...]) -> JsonPath:
        """Where in the deal a card is given a second time (the place that is wrong),
        in the order the engine takes them: hands by seat, upcard, widow, kitty;
        ``()`` (the whole deal) when no card is given twice."""
        hands, upcard, widow, kitty = deal
        seen = 0
        places: list[tuple[JsonPath, list[Any] | None]] = [
            (("hands", label), cards) for label, cards in zip(self.labels, hands)]
        places += [(("upcard",), None if upcard is None else [upcard]), (("widow",), widow),
                   (("kitty",), kitty)]
        for at, cards in places:
            for k, c in enumerate(cards or ()):
                if c is None:
                    continue
                if (seen >> c) & 1:
                    return at if at == ("upcard",) else at + (k,)
                seen |= 1 << c
        return ()

    def skip_hand(self, h: int, hand: dict[str, Any] | None) -> None:
        """Give up a hand that cannot be replayed; go on from its claimed scores."""
        self.game.abandon_hand()
        scoring = self.game.rules.scoring
        self.end_uncertain = scoring.model == ScoringModel.COUNTDOWN and scoring.instant_win
        result = hand.get("result") if hand is not None else None
        scores = result.get("scores") if type(result) is dict else None
        claimed = None
        if scores is not None:
            claimed = self.side_scores(scores, ("hands", h, "result", "scores"),
                                       "result.scores", h)
        if claimed is not None and len(claimed) == len(self.game.side_names):
            self.game.set_scores([claimed[i] for i in range(len(claimed))])
            self.scores_uncertain = False
        else:
            self.scores_uncertain = True
        if result is not None:
            self.add("not-checked", f"hand {h + 1}: its result is not checked, the hand could "
                     "not be replayed", ("hands", h, "result"), h, severity="info")

    # ---------------------------------------------------------- the actions
    def replay_actions(self, h: int, actions: list[Any]) -> Iterator[Event]:
        """Replay a hand's actions; raises :class:`Broken` after an error that stops it.

        Without steps the plays go through :func:`walk_plays` (the whole-hand
        fast path); with steps every action goes through the general path, one
        :class:`~.events.Acted` after each (the engine judges both the same).
        """
        game = self.game
        seat_of, short, reneges = self.seat_of, self.short, self.reneges
        steps = self.steps
        n = len(actions)
        i = 0
        while i < n:
            self.stopped = i
            if game.phase == PLAYING and not steps:
                i, err = walk_plays(game, actions, i, seat_of, short, reneges)
                self.stopped = i
                if reneges:
                    self.report_reneges(h, actions)
                if err is not None:
                    self.illegal(h, i, err)
                if i >= n:
                    return
            if game.hand_over:
                extra = n - i
                self.add("extra-action", f"hand {h + 1} is over, but {extra} more action"
                         f"{'s follow' if extra > 1 else ' follows'}: "
                         f"{clip(json.dumps(actions[i], ensure_ascii=False))}",
                         ("hands", h, "actions", i), h, i,
                         hint="a hand ends when its last trick is played or all pass")
                return
            try:
                seat, verb, arg, alone = self.read_action(h, i, actions[i])
            except Broken:
                if steps:
                    yield from self.taken()
                    yield Acted(h, i, None, True, game)
                raise
            seen = game.last_renege
            try:
                game.act(seat, verb, arg, alone, True)
            except IllegalAction as exc:
                if steps:
                    yield from self.taken()
                    yield Acted(h, i, Action(seat, verb, arg, alone), True, game)
                self.illegal(h, i, exc)
            if game.last_renege is not seen:
                reneges.append((i, game.last_renege,  # type: ignore[arg-type]
                                game.last_renege_at))
                self.report_reneges(h, actions)
            if steps:
                yield from self.taken()
                yield Acted(h, i, Action(seat, verb, arg, alone), False, game)
            i += 1

    def where(self, h: int) -> str:
        """Where the hand stands, for messages: the hand, and in play the trick so far."""
        g = self.game
        if g.phase != PLAYING:
            return f"hand {h + 1}"
        out = f"hand {h + 1}, trick {len(g.trick_winners) + 1}"
        if g.trick:
            plays = [f"{self.labels[s]} {self.names[c]}" for s, c in zip(g.trick_seats, g.trick)]
            plays[0] = plays[0].replace(" ", " led ", 1)
            out += f" ({', '.join(plays)})"
        return out

    def illegal(self, h: int, i: int, exc: IllegalAction) -> None:
        self.add(exc.code, f"{self.where(h)}: {exc.message}", ("hands", h, "actions", i), h, i)
        raise Broken

    def report_reneges(self, h: int, actions: list[Any]) -> None:
        """Report each renege at the play that broke the rule: the one where the seat
        did not follow suit, which a later play may be what proves."""
        for i, message, offence in self.reneges:
            at = self.play_index(actions, i, offence)
            if at != i:
                who, card = actions[at][0], self.game.deck.parse(actions[at][2])
                trick = offence // max(sum(self.game.active), 1) + 1
                proof = message.split(": ", 1)[-1]
                message = (f"{who} reneged in trick {trick} with {self.names[card]}: proven "
                           f"by action {i + 1}, where {who} {proof}")
            self.add("renege", f"hand {h + 1}: {message}", ("hands", h, "actions", at), h, at,
                     hint="the variant's renege penalty is applied to the hand's score")
        self.reneges.clear()

    @staticmethod
    def play_index(actions: list[Any], upto: int, nth: int) -> int:
        """The index of the hand's ``nth`` play (0-based) among ``actions[:upto + 1]``,
        all replayed; ``upto`` itself when there are fewer."""
        count = 0
        for k in range(upto + 1):
            a = actions[k]
            if type(a) is list and len(a) == 3 and a[1] == PLAY:
                if count == nth:
                    return k
                count += 1
        return upto

