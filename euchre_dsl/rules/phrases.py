"""Plain-words phrases of the rules language, each the spelling of one option value.

``stick the dealer`` is ``bidding.stick_the_dealer = yes``; ``game to 7`` is
``game.target = 7``.  A phrase never means anything an option cannot say: every
entry below names one option of the table in :mod:`euchre_dsl.rules.ruleset`
and either a fixed value or one slot filled from the text.  The same table
reads phrases (:mod:`euchre_dsl.rules.dsl`), writes them (``euchre variant
show``, the ``.euchre`` writer) and documents them (``docs/options.md``).

Matching ignores case, hyphens (``order-up`` is ``order up``), commas and the
articles *a*, *an*, *the*.  Options without a phrase are still written with the
generic ``section.option = value``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from ..cards import SUIT_NAMES, SUITS
from ..errors import EuchreError
from ..limits import clip
from .ruleset import SECTIONS

#: Slot kinds: what a ``{slot}`` in a phrase accepts.
SLOT_WORDS = {
    "number": "a whole number",
    "rank": "a card rank (2 to 9)",
    "suit": "a suit (clubs, diamonds, hearts, spades)",
    "text": "text in double quotes",
    "packets": "packet sizes like 3-2",
    "card": "a card as records spell it (JK or joker, JS, AH)",
}

#: The value of a phrase that takes its value from its slot.
SLOT = object()

_ARTICLES = {"a", "an", "the"}


@dataclass(frozen=True)
class Phrase:
    """One way to write one option value: ``pattern`` sets ``path`` to ``value``."""

    pattern: str
    path: str
    value: Any = SLOT

    @property
    def slot(self) -> str | None:
        """The slot kind of the pattern, or None for a fixed-value phrase."""
        for part in self.pattern.split():
            if part.startswith("{"):
                return part[1:-1]
        return None

    @property
    def skeleton(self) -> tuple[str, ...]:
        """The normalized words, with the slot written ``{kind}``."""
        return tuple(normalize_words(self.pattern.split()))

    def shown(self) -> str:
        """The pattern as the docs show it: ``game to <number>``."""
        return " ".join(f"<{p[1:-1]}>" if p.startswith("{") else p for p in self.pattern.split())


def _bool(path: str, yes: Sequence[str], no: Sequence[str]) -> list[Phrase]:
    return [Phrase(p, path, True) for p in yes] + [Phrase(p, path, False) for p in no]


def _choice(path: str, spellings: dict[Any, Sequence[str]]) -> list[Phrase]:
    return [Phrase(p, path, value) for value, ps in spellings.items() for p in ps]


def _slot(path: str, *patterns: str) -> list[Phrase]:
    return [Phrase(p, path) for p in patterns]


#: Every phrase; the first one for a given option value is how it is written back.
PHRASES: tuple[Phrase, ...] = tuple(
    [Phrase("id {text}", "id"), Phrase("name {text}", "name"), Phrase("description {text}", "description"),
     Phrase("source {text}", "source")]
    # deck
    + _slot("deck.lowest", "cards {rank} to ace")
    + _bool("deck.joker", ["with the joker", "with the benny"], ["no joker"])
    + _choice("deck.copies", {1: ["a single deck"], 2: ["a double deck"]})
    + _slot("deck.copies", "{number} copies of each card")
    # players
    + _slot("players.count", "{number} players")
    + _choice("players.sides", {"partners": ["partnerships", "partners"],
                                "individual": ["everyone for themselves",
                                               "every player for themselves"]})
    + _slot("players.teams", "{number} partnerships", "{number} teams")
    # deal
    + _slot("deal.hand_size", "{number} cards each")
    + _slot("deal.packets", "deal {packets}", "deal in packets of {packets}")
    + _bool("deal.upcard", ["an upcard", "turn up a card"], ["no upcard"])
    + _bool("deal.widow", ["a widow", "deal a widow"], ["no widow"])
    + [Phrase("no small widow", "deal.widow_cards", 0)]
    + _slot("deal.widow_cards", "a small widow of {number}", "the maker's widow has {number}")
    + _choice("deal.farmers_hand", {
        "off": ["no farmer's hand"],
        "three_nines_or_three_tens": ["farmer's hand on three nines or three tens"],
        "three_nines_or_tens": ["farmer's hand on three nines and tens"],
        "only_nines_and_tens": ["farmer's hand on only nines and tens"],
        "no_ace_no_face": ["farmer's hand on no ace no face"],
        "any_hand": ["farmer's hand on any hand"]})
    + _choice("deal.farmers_hand_effect", {
        "swap": ["a farmer's hand swaps with the kitty"],
        "misdeal": ["a farmer's hand is a misdeal"]})
    + _choice("deal.farmers_hand_redeal", {
        "same_dealer": ["after a farmer's misdeal the same dealer deals"],
        "pass_deal": ["after a farmer's misdeal the deal passes"]})
    + _bool("deal.ace_no_face", ["ace no face is a misdeal"],
            ["ace no face is not a misdeal"])
    + _choice("deal.ace_no_face_redeal", {
        "same_dealer": ["after ace no face the same dealer deals"],
        "pass_deal": ["after ace no face the deal passes"]})
    + _choice("deal.misdeal", {"same_dealer": ["after a misdeal the same dealer deals"],
                               "pass_deal": ["after a misdeal the deal passes"]})
    # bidding
    + _bool("bidding.order_up_round", ["an order-up round"], ["no order-up round"])
    + _bool("bidding.naming_round", ["a naming round"], ["no naming round"])
    + _choice("bidding.turned_down_suit", {"barred": ["the turned-down suit may not be named"],
                                           "allowed": ["the turned-down suit may be named"]})
    + _bool("bidding.no_trump", ["no-trump may be called"], ["no-trump may not be called"])
    + _bool("bidding.low_no_trump", ["low no-trump may be called"],
            ["low no-trump may not be called"])
    + _bool("bidding.stick_the_dealer", ["stick the dealer", "screw the dealer",
                                         "hang the dealer"],
            ["no stick the dealer", "the dealer may pass"])
    + _bool("bidding.std_may_name_turned_down",
            ["a stuck dealer may name the turned-down suit"],
            ["a stuck dealer may not name the turned-down suit"])
    + _bool("bidding.std_may_call_no_trump", ["a stuck dealer may call no-trump"],
            ["a stuck dealer may not call no-trump"])
    + _bool("bidding.dealer_forced_takeup", ["the dealer must take up the upcard"],
            ["the dealer need not take up the upcard"])
    + _bool("bidding.must_hold_trump_to_call", ["the maker must hold a trump"],
            ["the maker need not hold a trump"])
    + _bool("bidding.must_hold_trump_left_counts", ["the left bower counts as a held trump"],
            ["the left bower does not count as a held trump"])
    + _choice("bidding.all_pass", {"throw_in": ["if everyone passes, throw the hand in"],
                                   "no_trump": ["if everyone passes, play at no-trump"]})
    + _slot("bidding.forced_trump", "forced trump {suit}", "a {suit} upcard is trump")
    + [Phrase("no forced trump", "bidding.forced_trump", None)]
    + _bool("bidding.forced_dealer_takes", ["the dealer takes a forced upcard"],
            ["the dealer leaves a forced upcard"])
    + _bool("bidding.auction", ["an auction", "bid for tricks"], ["no auction"])
    + _slot("bidding.auction_min", "the lowest bid is {number}")
    + _slot("bidding.auction_max", "the highest bid is {number}")
    + [Phrase("no forced bid", "bidding.forced_bid_card", None)]
    + _slot("bidding.forced_bid_card", "if everyone passes, the holder of {card} must bid")
    + _slot("bidding.forced_bid", "the forced bid is {number}")
    + _bool("bidding.auction_no_trump", ["the high bidder may name no-trump"],
            ["the high bidder may not name no-trump"])
    + _bool("bidding.auction_takes_upcard", ["the high bidder may take the upcard"],
            ["the high bidder may not take the upcard"])
    + _choice("bidding.widow_order", {
        "right_of_dealer": ["the widow is offered from the dealer's right"],
        "left_of_dealer": ["the widow is offered from the dealer's left"]})
    + _bool("bidding.dealer_may_discard_upcard", ["the upcard may be discarded"],
            ["the upcard may not be discarded"])
    + _choice("bidding.joker_upcard", {
        "dealer_names": ["a turned-up joker lets the dealer name trump"],
        "fixed_suit": ["a turned-up joker proposes hearts"],
        "agreed_suit": ["a turned-up joker proposes the agreed suit"]})
    + _slot("bidding.joker_upcard_suit", "the agreed suit is {suit}")
    # alone
    + _bool("alone.allowed", ["going alone", "the maker may go alone"], ["no going alone"])
    + _bool("alone.dealer_exchanges_when_partner_alone",
            ["the dealer exchanges when the partner goes alone"],
            ["the dealer does not exchange when the partner goes alone"])
    + _choice("alone.defend_alone", {"off": ["no defending alone"],
                                     "vs_lone_maker": ["defend alone against a lone maker",
                                                       "defend alone against a loner"],
                                     "vs_any_maker": ["defend alone against any maker"]})
    + _choice("alone.defend_order", {
        "left_of_maker": ["ask defenders from the maker's left"],
        "left_of_dealer": ["ask defenders from the dealer's left"]})
    + _bool("alone.canadian_loner", ["canadian loner"], ["no canadian loner"])
    + _bool("alone.call_for_best", ["call for best"], ["no call for best"])
    + _slot("alone.call_for_best_cards", "call for best passes {number} cards")
    + _bool("alone.call_for_best_upcard", ["a sitting dealer may give the upcard"],
            ["a sitting dealer may not give the upcard"])
    # participation
    + _bool("participation.stay_drop", ["stay or drop"],
            ["everyone plays every hand", "no dropping out"])
    + _choice("participation.order", {"left_of_maker": ["ask to stay from the maker's left"],
                                      "left_of_dealer": ["ask to stay from the dealer's left"]})
    + _bool("participation.three_hands_rule", ["the three-hands rule"], ["no three-hands rule"])
    + _bool("participation.last_player_cannot_drop", ["the last player asked must play"],
            ["the last player asked may drop"])
    # play
    + _choice("play.lead", {"left_of_dealer": ["left of the dealer leads"],
                            "maker": ["the maker leads"]})
    + _choice("play.loner_lead", {
        "first_active_left_of_dealer": ["against a loner, left of the dealer leads"],
        "left_of_loner": ["against a loner, left of the loner leads"]})
    # scoring
    + _choice("scoring.model", {"table": ["table scoring"], "countdown": ["countdown scoring"]})
    + _slot("scoring.maker_target", "the makers need {number} tricks")
    + [Phrase("the makers need their bid", "scoring.maker_target", "bid")]
    + _slot("scoring.make", "a make scores {number}")
    + _slot("scoring.march", "a march scores {number}")
    + _slot("scoring.alone_make", "a lone make scores {number}")
    + _slot("scoring.alone_march", "a lone march scores {number}")
    + _slot("scoring.euchred", "a euchre scores {number}")
    + _slot("scoring.euchred_march", "a defenders' march scores {number}")
    + _slot("scoring.alone_euchred", "a euchre of a loner scores {number}")
    + _slot("scoring.lone_defender_euchre", "a lone defender's euchre scores {number}")
    + _slot("scoring.lone_defender_march", "a lone defender's march scores {number}")
    + _choice("scoring.trick_count", {"off": ["no trick-count scoring"],
                                      "tricks": ["made contracts score their tricks"],
                                      "bid": ["made contracts score the bid"]})
    + _bool("scoring.defenders_score_tricks", ["defenders score their tricks"],
            ["defenders score nothing"])
    + _slot("scoring.shoot", "a shoot scores {number}")
    + [Phrase("no shoot", "scoring.shoot", 0)]
    + _slot("scoring.start", "count down from {number}", "start at {number}")
    + _slot("scoring.per_trick", "each trick counts {number}")
    + _slot("scoring.bucked", "bucked adds {number}")
    + _slot("scoring.maker_set", "a set maker adds {number}")
    + _bool("scoring.maker_set_credits_tricks", ["a set maker still counts tricks"],
            ["a set maker counts no tricks"])
    + _bool("scoring.instant_win", ["taking every trick wins the game"], ["no instant win"])
    + _bool("scoring.instant_win_requires_opponent", ["an instant win needs an opponent in play"],
            ["an instant win needs no opponent in play"])
    + _choice("scoring.renege", {"award": ["a renege pays the offended side"],
                                 "offender": ["a renege costs the offender"],
                                 "none": ["no renege penalty"]})
    + _slot("scoring.renege_points", "a renege penalty is {number}")
    + _slot("scoring.renege_alone_points", "a renege against a loner pays {number}")
    # partner
    + _choice("partner.call", {"off": ["no called partner"],
                               "ace": ["the maker calls an ace for a partner"],
                               "any_card": ["the maker calls any card for a partner"]})
    + _bool("partner.own_card", ["the maker may call an own card"],
            ["the maker may not call an own card"])
    + _bool("partner.alone", ["the maker may call no partner"],
            ["the maker must call a partner"])
    + _choice("partner.reveal", {"when_played": ["the partner is revealed when the card is played"],
                                 "at_once": ["the partner is revealed at once"]})
    + _bool("partner.alone_if_buried", ["a maker without a partner scores as a loner"],
            ["a maker without a partner scores as with one"])
    + _bool("partner.partner_scores", ["the partner scores with the maker"],
            ["only the maker scores"])
    # game
    + _slot("game.target", "game to {number}", "play to {number}")
    + _slot("game.deals", "the game ends after deal {number}")
    + [Phrase("no deal limit", "game.deals", None)]
    + _slot("game.lose_at", "a side at minus {number} loses")
    + [Phrase("no losing score", "game.lose_at", None)]
    + _choice("game.tie", {"play_on": ["a level finish plays on"],
                           "tie": ["a level finish is a tie"]})
    + _bool("game.laps", ["laps"], ["no laps"])
    + _bool("game.slam", ["slam"], ["no slam"])
    + _choice("game.rubber", {"off": ["no rubber"], "uspcc": ["uspcc rubbers"],
                              "somerset1888": ["somerset rubbers"]})
    + _bool("game.fixed_deals", ["every deal is played"], ["the target ends the game"])
    # event
    + _slot("event.rounds", "an event of {number} rounds")
    + [Phrase("not an event", "event.rounds", None)]
    + _choice("event.rotation", {"round_robin": ["partners rotate round robin"],
                                 "any": ["partners rotate freely"]})
    + _slot("event.alone_march_loner", "a lone march scores {number} to the loner")
    + _slot("event.alone_march_partner", "a lone march scores {number} to the partner")
    + _choice("event.tie_break", {"games_won": ["ties go to games won"],
                                  "lone_marches": ["ties go to lone marches"],
                                  "shared": ["ties are shared"]})
)


def normalize_words(words: Iterable[str]) -> list[str]:
    """Lower case, hyphens split, articles dropped: how phrase words are compared."""
    out: list[str] = []
    for word in words:
        if word.startswith("{"):
            out.append(word)
            continue
        for part in word.lower().replace(",", " ").replace("-", " ").split():
            if part not in _ARTICLES:
                out.append(part)
    return out


@dataclass(frozen=True)
class PhraseItem:
    """One piece of a written phrase: ``kind`` is word, number, text, packets or list."""

    kind: str
    value: Any
    line: int | None = None
    column: int | None = None

    @property
    def text(self) -> str:
        if self.kind == "text":
            escaped = str(self.value).replace("\\", "\\\\").replace('"', '\\"')
            return '"' + escaped.replace("\n", "\\n").replace("\t", "\\t") + '"'
        if self.kind == "packets":
            return "-".join(str(v) for v in self.value)
        if self.kind == "list":
            return "[" + ", ".join(str(v) for v in self.value) + "]"
        return str(self.value)


def split_items(items: Sequence[PhraseItem]) -> list[PhraseItem]:
    """Words split as :func:`normalize_words` does; other items kept as they are."""
    out: list[PhraseItem] = []
    for item in items:
        if item.kind != "word":
            out.append(item)
            continue
        for part in normalize_words([item.value]):
            out.append(PhraseItem("word", part, item.line, item.column))
    return out


class PhraseError(EuchreError):
    """A phrase that means nothing, with where and what was expected."""

    def __init__(self, message: str, item: PhraseItem, hint: str | None = None,
                 path: tuple[str, ...] | None = None):
        super().__init__(message)
        self.message = message
        self.item = item
        self.hint = hint
        self.path = path  # the option the phrase meant to set, when that is clear


def _fill(kind: str, item: PhraseItem) -> tuple[bool, Any]:
    """Whether ``item`` can fill a slot of ``kind``, and the value it gives."""
    if kind == "number":
        return item.kind == "number", item.value
    if kind == "text":
        return item.kind == "text", item.value
    if kind == "rank":
        if item.kind == "number":
            return True, str(item.value)
        return item.kind == "word", item.value
    if kind == "suit":
        if item.kind != "word":
            return False, None
        word = str(item.value).lower()
        for letter, name in zip(SUITS, SUIT_NAMES):
            if word in (letter.lower(), name, name[:-1]):
                return True, letter
        return False, None
    if kind == "packets":
        return item.kind in ("packets", "list"), item.value
    if kind == "card":
        return item.kind == "word", item.value
    return False, None  # pragma: no cover - every slot kind is listed above


def match(items: Sequence[PhraseItem]) -> tuple[Phrase, Any, PhraseItem]:
    """The phrase ``items`` (at least one) spell, its value, and the item the value
    came from.

    Raises :class:`PhraseError` with the closest phrase as a suggestion.
    """
    if not items:
        raise ValueError("match() needs at least one item of a phrase")
    words = split_items(items)
    near: tuple[Phrase, PhraseItem] | None = None
    for phrase in PHRASES:
        skeleton = phrase.skeleton
        if len(skeleton) != len(words) or not all(
                part.startswith("{") or (item.kind == "word" and item.value == part)
                for part, item in zip(skeleton, words)):
            continue
        if phrase.slot is None:
            return phrase, phrase.value, words[0]
        index = next(i for i, part in enumerate(skeleton) if part.startswith("{"))
        ok, value = _fill(phrase.slot, words[index])
        if ok:
            return phrase, value, words[index]
        if near is None:
            near = (phrase, words[index])
    if near is not None:
        phrase, failed = near
        lead = " ".join(p for p in phrase.pattern.split() if not p.startswith("{"))
        got = clip(failed.text) if failed.kind == "text" else f"'{clip(failed.text)}'"
        raise PhraseError(f"'{lead}' needs {SLOT_WORDS[phrase.slot or '']}, got {got}",
                          failed, hint=_slot_hint(phrase),
                          path=tuple(phrase.path.split(".")))
    written = clip(" ".join(i.text for i in items))
    close = _closest(words)
    raise PhraseError(f"unknown rule '{written}'", items[0], hint=suggest(words),
                      path=tuple(close.path.split(".")) if close is not None else None)


#: How each slot kind is written, for hints.
_SLOT_HOW = {
    "number": "write the number in digits",
    "rank": "write a rank from 2 to 9",
    "suit": "write a suit: clubs, diamonds, hearts or spades",
    "text": "put the text in double quotes",
    "packets": "write the packet sizes joined by '-'",
    "card": "write a card as records spell it, like JK (the joker) or JS",
}


def _slot_hint(phrase: Phrase) -> str:
    """How to fill the phrase's slot, shown with the value the option has by default
    (a real setting, not a placeholder): ``write the number in digits, as in the
    default rule: a march scores 2``."""
    how = _SLOT_HOW[phrase.slot or "number"]
    section, _, option = phrase.path.partition(".")
    if section not in SECTIONS or not option:  # an identity phrase (name, source): no default
        return how
    default = getattr(SECTIONS[section](), option, None)
    shown = render(phrase.path, default)
    return f"{how}, as in the default rule: {shown}" if shown else how


_EXAMPLES = {"number": "10", "rank": "9", "suit": "clubs", "text": '"..."', "packets": "3-2", "card": "JK"}


def example(phrase: Phrase) -> str:
    """The phrase with a sample value in its slot: ``game to 10``."""
    return " ".join(_EXAMPLES[p[1:-1]] if p.startswith("{") else p
                    for p in phrase.pattern.split())


def _closest(words: Sequence[PhraseItem]) -> Phrase | None:
    """The phrase the words most nearly spell, if one is close."""
    shown = " ".join(i.value if i.kind == "word" else "{" + _kind_of(i) + "}" for i in words)
    if len(shown) > 200:  # far longer than any phrase: nothing is close
        return None
    by_text = {" ".join(p.skeleton): p for p in PHRASES}
    close = difflib.get_close_matches(shown, list(by_text), n=1, cutoff=0.75)
    return by_text[close[0]] if close else None


def suggest(words: Sequence[PhraseItem]) -> str:
    """A did-you-mean for words that match no phrase, or where to look them up."""
    close = _closest(words)
    if close is not None:
        return f"did you mean '{example(close)}'?"
    return ("write it as section.option = value (like bidding.stick_the_dealer = yes); "
            "'euchre variant docs' lists every option and its phrases")


def _kind_of(item: PhraseItem) -> str:
    if item.kind == "list":
        return "packets"
    return item.kind


def render(path: str, value: Any) -> str | None:
    """The first phrase that writes ``path = value``, or None when there is none."""
    for phrase in PHRASES:
        if phrase.path != path:
            continue
        if phrase.slot is None:
            if phrase.value == value and type(phrase.value) is type(value):
                return phrase.pattern
            continue
        text = _render_slot(phrase.slot, value)
        if text is not None:
            return " ".join(text if p.startswith("{") else p for p in phrase.pattern.split())
    return None


def _render_slot(kind: str, value: Any) -> str | None:
    if kind == "number" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if kind == "rank" and isinstance(value, str):
        return value
    if kind == "suit" and isinstance(value, str) and value in SUITS:
        return SUIT_NAMES[SUITS.index(value)]
    if kind == "text" and isinstance(value, str):
        return PhraseItem("text", value).text
    if kind == "card" and isinstance(value, str) and value.isalnum():
        return value
    if kind == "packets" and isinstance(value, (list, tuple)) and value:
        return PhraseItem("packets" if len(value) > 1 else "list", value).text
    return None


def phrases_for(path: str) -> list[Phrase]:
    """Every phrase of one option, in table order."""
    return [p for p in PHRASES if p.path == path]
