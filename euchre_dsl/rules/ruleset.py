"""The typed, immutable rule set: every rule choice a variant can make.

This module *is* the option table.  Each option is a dataclass field whose
metadata carries its one-line meaning (``doc``) and, where the value is a word,
its allowed ``choices``.  The YAML loader, the DSL compiler, ``euchre variant
schema`` and the generated option reference all read these fields; no option
is described anywhere else.

The engine reads a :class:`RuleSet` and never a variant's name: Buck Euchre,
Dirty Clubs and Columbus are combinations of the options below.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, Union

from ..limits import MAX_EVENT_PLAYERS, MAX_HANDS


# The words an option may take.  The engine compares option values with these
# members (a misspelt member fails type checking); each option's ``choices``
# are derived from its enum, so the two cannot disagree.  Values stay plain
# strings as read from the YAML or the rules language.

class Sides(StrEnum):
    PARTNERS = "partners"
    INDIVIDUAL = "individual"


class FarmersHand(StrEnum):
    """The farmer's-hand trigger (``off``: no farmer's hand)."""

    OFF = "off"
    THREE_NINES_OR_THREE_TENS = "three_nines_or_three_tens"
    THREE_NINES_OR_TENS = "three_nines_or_tens"
    ONLY_NINES_AND_TENS = "only_nines_and_tens"
    NO_ACE_NO_FACE = "no_ace_no_face"
    ANY_HAND = "any_hand"


#: The ace-no-face claim, spelled like a farmer's-hand trigger where the engine
#: treats both as conditions on a hand.
ACE_NO_FACE = "ace_no_face"


class FarmersEffect(StrEnum):
    SWAP = "swap"
    MISDEAL = "misdeal"


class Redeal(StrEnum):
    """Who deals after a void deal."""

    SAME_DEALER = "same_dealer"
    PASS_DEAL = "pass_deal"


class TurnedDownSuit(StrEnum):
    BARRED = "barred"
    ALLOWED = "allowed"


class AllPass(StrEnum):
    THROW_IN = "throw_in"
    NO_TRUMP = "no_trump"


class WidowOrder(StrEnum):
    RIGHT_OF_DEALER = "right_of_dealer"
    LEFT_OF_DEALER = "left_of_dealer"


class JokerUpcard(StrEnum):
    DEALER_NAMES = "dealer_names"
    FIXED_SUIT = "fixed_suit"
    AGREED_SUIT = "agreed_suit"


class DefendAlone(StrEnum):
    OFF = "off"
    VS_LONE_MAKER = "vs_lone_maker"
    VS_ANY_MAKER = "vs_any_maker"


class FirstAsked(StrEnum):
    """Who is asked first (to defend alone; to stay or drop)."""

    LEFT_OF_MAKER = "left_of_maker"
    LEFT_OF_DEALER = "left_of_dealer"


class Lead(StrEnum):
    LEFT_OF_DEALER = "left_of_dealer"
    MAKER = "maker"


class LonerLead(StrEnum):
    FIRST_ACTIVE_LEFT_OF_DEALER = "first_active_left_of_dealer"
    LEFT_OF_LONER = "left_of_loner"


class ScoringModel(StrEnum):
    TABLE = "table"
    COUNTDOWN = "countdown"


class MakerTarget(StrEnum):
    """The word ``maker_target`` may take besides a number."""

    BID = "bid"


class TrickCount(StrEnum):
    """Trick-count scoring (the bid-euchre family): what a made contract scores."""

    OFF = "off"
    TRICKS = "tricks"
    BID = "bid"


class Renege(StrEnum):
    AWARD = "award"
    OFFENDER = "offender"
    DEDUCT = "deduct"
    NONE = "none"


class Tie(StrEnum):
    PLAY_ON = "play_on"
    TIE = "tie"


class PartnerCall(StrEnum):
    """What a maker may call to find a partner (``off``: no partner is called)."""

    OFF = "off"
    ACE = "ace"
    ANY_CARD = "any_card"


class Reveal(StrEnum):
    """When the holder of a called card is known to the table."""

    WHEN_PLAYED = "when_played"
    AT_ONCE = "at_once"


class Rubber(StrEnum):
    OFF = "off"
    USPCC = "uspcc"
    SOMERSET1888 = "somerset1888"


class Rotation(StrEnum):
    """How partners change from round to round of an event."""

    ROUND_ROBIN = "round_robin"
    ANY = "any"


class TieBreak(StrEnum):
    """What separates players level on points at the end of an event."""

    GAMES_WON = "games_won"
    LONE_MARCHES = "lone_marches"
    SHARED = "shared"


def words(enum: type[StrEnum]) -> tuple[str, ...]:
    """An option's allowed words, as plain strings, from its enum."""
    return tuple(m.value for m in enum)


def opt(default: Any, doc: str, choices: tuple[str, ...] | None = None,
        minimum: int | None = None, maximum: int | None = None, card: bool = False) -> Any:
    """Declare an option: default value, one-line meaning, allowed words/range (``card``:
    the value names a card, kept in upper case as records spell it)."""
    meta: dict[str, Any] = {"doc": doc}
    if card:
        meta["card"] = True
    if choices is not None:
        meta["choices"] = choices
    if minimum is not None:
        meta["minimum"] = minimum
    if maximum is not None:
        meta["maximum"] = maximum
    if isinstance(default, list):
        default = tuple(default)  # frozen rules hold tuples
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class DeckRules:
    """What is in the pack."""

    lowest: str = opt("9", "Lowest rank in each suit: 9 gives 24 cards, 8 gives 28, 7 gives 32; "
                      "lower ranks for Dirty Clubs with more players.",
                      choices=("2", "3", "4", "5", "6", "7", "8", "9"))
    joker: bool = opt(False, "Add the joker (the Benny) as the highest trump.")
    copies: int = opt(1, "Copies of each card: 2 is a double deck (two packs shuffled "
                      "together; equal cards rank by order of play, the first played wins).  "
                      "In records a second copy is written with a 2 after it: JH2.",
                      minimum=1, maximum=2)


@dataclass(frozen=True)
class PlayerRules:
    """Who plays and who scores together."""

    count: int = opt(4, "Number of players at the table.", minimum=2, maximum=7)
    sides: str = opt("partners", "'partners': fixed partnerships score together; "
                     "'individual': everyone scores for themselves.",
                     choices=words(Sides))
    teams: int = opt(2, "Number of partnerships when sides are partners; seat i plays "
                     "for team i mod teams (4 players: partners opposite).", minimum=2, maximum=3)

    @property
    def side_count(self) -> int:
        """How many sides score: the partnerships, or with individual scores every player."""
        return self.teams if self.sides == Sides.PARTNERS else self.count


@dataclass(frozen=True)
class DealRules:
    """What each player gets, and what is turned up or set aside."""

    hand_size: int = opt(5, "Cards dealt to each player.", minimum=1, maximum=12)
    packets: tuple[int, ...] = opt([3, 2], "Packet sizes of the deal rounds (each player gets "
                                   "the same packets); only affects how a simulator deals.")
    upcard: bool = opt(True, "Turn the next card face up after the deal.")
    widow: bool = opt(False, "Deal an extra face-down hand (the widow) that one player may take.")
    widow_cards: int = opt(0, "Deal this many cards face down to a small widow (a kitty) that "
                           "the maker takes into hand once trump is named, then discards as "
                           "many (Hasenpfeffer: 1); 0: none.  Not with 'widow', a whole "
                           "spare hand, nor an auction upcard the winner may decline.",
                           minimum=0, maximum=8)
    farmers_hand: str = opt("off", "Farmer's hand, the trigger: before any bid, from the dealer's "
                            "left, a player whose dealt hand qualifies may claim it. "
                            "'three_nines_or_three_tens' (three 9s or three 10s), "
                            "'three_nines_or_tens' (three cards that are 9s or 10s), "
                            "'only_nines_and_tens' (every card a 9 or 10), 'no_ace_no_face' "
                            "(every card ranked 10 or lower) or 'any_hand' (every hand: with "
                            "the swap effect this is going under).",
                            choices=words(FarmersHand))
    farmers_hand_effect: str = opt("swap", "Farmer's hand, the effect: 'swap' (the claimant "
                                   "shows three qualifying cards and exchanges them for the "
                                   "three face-down kitty cards; the kitty is swapped once, a "
                                   "later claim is a misdeal) or 'misdeal' (the claimant shows "
                                   "the hand and the deal is void).",
                                   choices=words(FarmersEffect))
    farmers_hand_redeal: str = opt("same_dealer", "Who deals after a farmer's-hand misdeal: "
                                   "'same_dealer' or 'pass_deal' (the deal passes left).",
                                   choices=words(Redeal))
    ace_no_face: bool = opt(False, "Before any bid, a player whose hand has an ace and no king, "
                            "queen, jack or joker may show it and call a misdeal.")
    ace_no_face_redeal: str = opt("pass_deal", "Who deals after an ace-no-face misdeal: "
                                  "'same_dealer' or 'pass_deal' (the deal passes left).",
                                  choices=words(Redeal))
    misdeal: str = opt("same_dealer", "Who deals after a misdeal of the cards themselves (a "
                       "wrong count, an exposed card, an imperfect pack), called by any player "
                       "before the hand ends: 'same_dealer' or 'pass_deal'.",
                       choices=words(Redeal))

    @property
    def widow_size(self) -> int:
        """Cards in the widow: a whole hand ('widow'), the small widow, or none."""
        return self.hand_size if self.widow else self.widow_cards


@dataclass(frozen=True)
class BiddingRules:
    """How trump is made."""

    order_up_round: bool = opt(True, "First round: each player in turn may accept the upcard's "
                               "suit (order up, assist, take up).")
    naming_round: bool = opt(True, "A round in which each player in turn may name a trump suit.")
    turned_down_suit: str = opt("barred", "In the naming round, may the suit of the turned-down "
                                "upcard be named?", choices=words(TurnedDownSuit))
    no_trump: bool = opt(False, "No-trump may be called in the naming round.")
    low_no_trump: bool = opt(False, "Low no-trump (every suit ranked 9 high to ace low, no "
                             "trump) may be called wherever no-trump may.")
    stick_the_dealer: bool = opt(False, "If everyone else passes the naming round, the dealer "
                                 "may not pass and must name trump.")
    std_may_name_turned_down: bool = opt(False, "A stuck dealer may name the turned-down suit.")
    std_may_call_no_trump: bool = opt(True, "A stuck dealer may call no-trump (where no-trump "
                                      "may be called).")
    dealer_forced_takeup: bool = opt(False, "If everyone else passes the first round, the "
                                     "dealer may not pass and must take up the upcard.")
    must_hold_trump_to_call: bool = opt(False, "Whoever makes trump (orders up, takes up, names "
                                        "a suit) must hold a card of that trump, the upcard "
                                        "not counted; no-trump needs none.  A stuck dealer "
                                        "holding none of the suits that may be named names any.")
    must_hold_trump_left_counts: bool = opt(True, "For must_hold_trump_to_call, the left bower "
                                            "counts as a trump held ('no' is the natural-trump "
                                            "rule).")
    all_pass: str = opt("throw_in", "When nobody makes trump: 'throw_in' (the deal passes left) "
                        "or 'no_trump' (played at no-trump, everyone plays, nobody may drop).",
                        choices=words(AllPass))
    forced_trump: Union[str, None] = opt(None, "An upcard of this suit makes it trump at once: "
                                         "no bidding, no maker, nobody may drop (Dirty Clubs: C).",
                                         choices=("C", "D", "H", "S"))
    forced_dealer_takes: bool = opt(True, "On a forced-trump upcard the dealer takes it and "
                                    "discards.")
    auction: bool = opt(False, "A round of numeric bids (tricks) replaces order-up and naming "
                        "when the upcard does not force trump.")
    auction_min: int = opt(1, "Lowest numeric bid.", minimum=1, maximum=12)
    auction_max: int = opt(5, "Highest numeric bid; it ends the auction at once.",
                           minimum=1, maximum=12)
    forced_bid_card: Union[str, None] = opt(None, "When everyone passes the auction, the "
                                            "holder of this card (spelt as in records: JK, "
                                            "joker, JS...) must bid 'forced_bid' (Hasenpfeffer: "
                                            "the joker, 3); when nobody holds it, 'all_pass' "
                                            "applies.", card=True)
    forced_bid: int = opt(3, "The bid the holder of 'forced_bid_card' must make.", minimum=1,
                          maximum=12)
    auction_no_trump: bool = opt(True, "The auction winner may name no-trump.")
    auction_takes_upcard: bool = opt(True, "The auction winner may take the upcard, whatever its "
                                     "suit, and discard.")
    widow_order: str = opt("right_of_dealer", "Widow offer order: starting at the dealer's right "
                           "then clockwise (dealer, dealer's left), or starting at the dealer's "
                           "left.", choices=words(WidowOrder))
    dealer_may_discard_upcard: bool = opt(False, "Whoever takes the upcard may discard the upcard "
                                          "itself.")
    joker_upcard: Union[str, None] = opt(None, "When the joker is turned up: 'dealer_names' (the "
                                         "dealer makes trump at once, names a suit, takes the "
                                         "joker and discards; British), 'fixed_suit' (the joker "
                                         "proposes hearts; Railroad, about.com) or "
                                         "'agreed_suit' (it proposes joker_upcard_suit). "
                                         "Required when a joker can be turned up.",
                                         choices=words(JokerUpcard))
    joker_upcard_suit: Union[str, None] = opt(None, "The suit a turned-up joker proposes under "
                                              "joker_upcard: agreed_suit.",
                                              choices=("C", "D", "H", "S"))


@dataclass(frozen=True)
class AloneRules:
    """Lone hands, for the makers and the defenders."""

    allowed: bool = opt(True, "The maker may go alone, announced with the bid.")
    dealer_exchanges_when_partner_alone: bool = opt(
        False, "When the dealer's partner orders up alone, the sitting-out dealer still takes "
        "the upcard and discards (OpenSpiel does).")
    defend_alone: str = opt("off", "May a defender play alone: 'off', 'vs_lone_maker' (only "
                            "against a lone maker) or 'vs_any_maker'.",
                            choices=words(DefendAlone))
    canadian_loner: bool = opt(False, "A partner of the dealer who orders up in the first "
                               "round must go alone (the dealer sits out).")
    call_for_best: bool = opt(False, "Before the opening lead a lone player (a lone maker, and "
                              "a lone defender) discards one card face down for each partner, "
                              "then each partner gives the lone player a card of their choice "
                              "face down (the maker's exchange comes before defending alone); "
                              "not with an auction upcard the winner may decline.")
    call_for_best_cards: int = opt(1, "For call_for_best, the cards each partner passes (the "
                                   "lone player first puts away as many): 1 in euchre, 1 or 2 "
                                   "in the bid-euchre shoot.", minimum=1, maximum=4)
    call_for_best_upcard: bool = opt(True, "A sitting-out dealer who did not take the ordered-up "
                                     "upcard may give it as the best card.")
    defend_order: str = opt("left_of_maker", "Who is asked first whether to defend alone (the "
                            "first to accept plays alone): the first opponent clockwise from the "
                            "maker, or from the dealer's left (OpenSpiel).",
                            choices=words(FirstAsked))


@dataclass(frozen=True)
class ParticipationRules:
    """Staying in or dropping out after trump is fixed (Buck family)."""

    stay_drop: bool = opt(False, "After trump is fixed each non-maker, in 'order', stays in or "
                          "drops out; the maker, and everyone in a hand whose trump was fixed "
                          "without a maker, must play.")
    order: str = opt("left_of_maker", "Who is asked first whether to stay in: the player left of "
                     "the maker, or the first player left of the dealer (then clockwise).",
                     choices=words(FirstAsked))
    three_hands_rule: bool = opt(False, "Nobody may drop out three hands running (Jack Thomson): "
                                 "a player who dropped out of the last two played hands must "
                                 "play and is not asked.")
    last_player_cannot_drop: bool = opt(False, "When everyone else asked has dropped out, the "
                                        "last player asked must play and is not asked.")


@dataclass(frozen=True)
class PlayRules:
    """The play of the cards."""

    lead: str = opt("left_of_dealer", "Who leads the first trick: the first active player left of "
                    "the dealer, or the maker.", choices=words(Lead))
    loner_lead: str = opt("first_active_left_of_dealer", "Who leads when someone plays alone: the "
                          "first active player left of the dealer, or the player left of the "
                          "loner.", choices=words(LonerLead))


@dataclass(frozen=True)
class ScoringRules:
    """Points for a hand."""

    model: str = opt("table", "'table': the makers' result earns points from the table below "
                     "and the game is won by reaching the target; 'countdown': everyone starts "
                     "at 'start' and counts down to 0 (Buck Euchre).",
                     choices=words(ScoringModel))
    maker_target: Union[int, str] = opt(3, "Tricks the makers need: a number, or 'bid' for the "
                                        "auction winner's bid.")
    make: int = opt(1, "Makers take the target but not all tricks.")
    march: int = opt(2, "Makers (with partner) take every trick.")
    alone_make: int = opt(1, "Lone maker takes the target but not all tricks.")
    alone_march: int = opt(4, "Lone maker takes every trick.")
    euchred: int = opt(2, "Defenders, to each defending side, when the makers are euchred.")
    euchred_march: int = opt(2, "Defenders when they take every trick.")
    alone_euchred: int = opt(2, "Defenders when a lone maker is euchred.")
    lone_defender_euchre: int = opt(4, "A lone defender's side when it euchres the makers.")
    lone_defender_march: int = opt(4, "A lone defender's side when it takes every trick.")
    trick_count: str = opt("off", "Trick-count scoring (bid euchre, Pepper; table model): "
                           "makers who take their target score the tricks they took "
                           "('tricks') or their bid ('bid'), and set makers lose their target "
                           "(minus the bid); 'off': the make/march/euchre points above.",
                           choices=words(TrickCount))
    defenders_score_tricks: bool = opt(True, "Trick-count scoring: each defending side scores "
                                       "the tricks it took, whether or not the makers made "
                                       "it.")
    shoot: int = opt(0, "Trick-count scoring: a lone maker (shoot, moon, pepper) must take "
                     "every trick; made, the makers score this, set, they lose it.  0: a lone "
                     "maker has the usual target and score.", minimum=0)
    start: int = opt(25, "Countdown: everyone's starting score.")
    per_trick: int = opt(1, "Countdown: taken off for each trick won.")
    bucked: int = opt(5, "Countdown: added for a player who stayed in and took no trick.")
    maker_set: int = opt(5, "Countdown: added for a maker below target.")
    maker_set_credits_tricks: bool = opt(False, "Countdown: a set maker still gets 'per_trick' "
                                         "for tricks taken.")
    instant_win: bool = opt(True, "Countdown: taking all tricks wins the game at once.")
    instant_win_requires_opponent: bool = opt(True, "The instant win needs at least one opponent "
                                              "in play.")
    renege: str = opt("award", "Renege penalty, for the hand's first renege: 'award' (every "
                      "offended side scores 'renege_points' instead of the hand's score), "
                      "'offender' (the offending side's own result for the hand is replaced by "
                      "the penalty, 'renege_points' against it; every other side is scored as "
                      "played), 'deduct' (the offending side loses the penalty instead of the "
                      "hand's score; nobody else scores) or 'none'.",
                      choices=words(Renege))
    renege_points: int = opt(2, "Points of the renege penalty.")
    renege_alone_points: int = opt(4, "Renege penalty with a lone hand: under 'award' when the "
                                   "offended side is a lone maker, under 'deduct' when anyone "
                                   "played alone.")


@dataclass(frozen=True)
class PartnerRules:
    """A called partner (call-ace euchre): the maker names a card, and its holder plays
    with the maker for this hand only.  Players score individually."""

    call: str = opt("off", "What the maker calls, after trump is fixed (and any discard): "
                    "'off' (nothing), 'ace' (an ace, of any suit) or 'any_card' (any card of "
                    "the pack).  Whoever holds it is the maker's partner for the hand; if "
                    "nobody holds it (undealt or discarded) the maker plays alone.",
                    choices=words(PartnerCall))
    own_card: bool = opt(False, "The maker may call a card of their own hand: the maker then "
                         "plays alone while the others think a partner is hidden.")
    alone: bool = opt(True, "The maker may call no card and announce playing alone.")
    reveal: str = opt("when_played", "When the partner is known to the other players: "
                      "'when_played' (the holder keeps quiet until the called card is played) "
                      "or 'at_once' (the holder says so as soon as it is called).",
                      choices=words(Reveal))
    alone_if_buried: bool = opt(True, "A maker left without a partner because the called "
                                "card was not in play, or was the maker's own, scores as a "
                                "lone hand (alone_make, alone_march); 'no': as with a partner "
                                "(make, march).")
    partner_scores: bool = opt(True, "The partner scores what the maker scores; 'no': only the "
                               "maker scores the makers' points.")


@dataclass(frozen=True)
class GameRules:
    """When the game ends and who wins."""

    target: int = opt(10, "Table scoring: points to win (reach or pass).", minimum=1)
    deals: Union[int, None] = opt(None, "End the game after this many deals (OpenSpiel: 1); "
                                  "the higher score wins.  At most 10,000, the most hands "
                                  "a record holds.", minimum=1, maximum=MAX_HANDS)
    fixed_deals: bool = opt(False, "With game.deals: every one of those deals is played "
                            "whatever the score (a round of a progressive event); reaching "
                            "the target ends nothing.")
    lose_at: Union[int, None] = opt(None, "Table scoring: a side whose score falls to minus "
                                    "this or below loses at once, and the best of the other "
                                    "scores wins (trick-count games, where a set loses "
                                    "points).", minimum=1)
    tie: str = opt("play_on", "Several sides finish level on the same hand: 'play_on' (another "
                   "hand) or 'tie'.", choices=words(Tie))
    laps: bool = opt(False, "Across games of a match: the winner's points beyond the target "
                     "start the next game.")
    slam: bool = opt(False, "Across games of a match: a game won while every losing side has "
                     "0 points or fewer counts as two games won.")
    rubber: str = opt("off", "Play rubbers (best of three games): 'uspcc' (a game earns the "
                      "winner 3, 2 or 1 rubber points as the loser's score is 0 or fewer, 1-2, "
                      "or 3 or more; the rubber ends when a side has won two games) or "
                      "'somerset1888' (three games are always played, a fourth when the third "
                      "laps under game.laps; a game earns 2 if the loser has 0 or fewer, else "
                      "1; the rubber goes to the winner of two of the first three).  The "
                      "rubber winner scores a 2-point bonus: margin = 2 + own - opponents' "
                      "rubber points.", choices=words(Rubber))

    @property
    def ends_at_target(self) -> bool:
        """Does the game end at its target, points past it worth nothing?  Not with a
        fixed number of deals (every point counts) nor with laps (they carry over)."""
        return self.deals is None and not self.laps


@dataclass(frozen=True)
class EventRules:
    """A club event (progressive euchre): rounds of one game each, individual totals."""

    # The engine plays one round at one table as one game (its length is
    # game.deals with game.fixed_deals); only the event layer reads these.

    rounds: Union[int, None] = opt(None, "Rounds of a progressive event, each one game at "
                                   "every table with new partners; none: not an event.",
                                   minimum=1)
    players: tuple[int, ...] = opt([8, 12], "How many players the event may have, each a "
                                   "whole number of tables (at most 1,000).",
                                   maximum=MAX_EVENT_PLAYERS)
    rotation: str = opt("round_robin", "How partners change: 'round_robin' (nobody partners "
                        "the same player twice; the schedule pairs everyone by the circle "
                        "method) or 'any' (the standings do not check partners; the schedule "
                        "still gives a new partner each round, so at most players - 1 rounds).",
                        choices=words(Rotation))
    alone_march_loner: Union[int, None] = opt(None, "A lone maker's march: points to the "
                                              "loner's own total (none: the side's points, "
                                              "scoring.alone_march).")
    alone_march_partner: Union[int, None] = opt(None, "A lone maker's march: points to each "
                                                "partner who sat out (none: the side's "
                                                "points).")
    tie_break: str = opt("games_won", "Players level on points: 'games_won' (more rounds won "
                         "ranks higher), 'lone_marches' (more lone marches made) or 'shared' "
                         "(they share the place).", choices=words(TieBreak))


SECTIONS: dict[str, type] = {
    "deck": DeckRules,
    "players": PlayerRules,
    "deal": DealRules,
    "bidding": BiddingRules,
    "alone": AloneRules,
    "participation": ParticipationRules,
    "play": PlayRules,
    "scoring": ScoringRules,
    "partner": PartnerRules,
    "game": GameRules,
    "event": EventRules,
}


@dataclass(frozen=True)
class RuleSet:
    """A compiled variant: identity plus one frozen section per area of the rules."""

    id: str = "custom"
    name: str = ""
    description: str = ""
    source: str = ""
    deck: DeckRules = field(default_factory=DeckRules)
    players: PlayerRules = field(default_factory=PlayerRules)
    deal: DealRules = field(default_factory=DealRules)
    bidding: BiddingRules = field(default_factory=BiddingRules)
    alone: AloneRules = field(default_factory=AloneRules)
    participation: ParticipationRules = field(default_factory=ParticipationRules)
    play: PlayRules = field(default_factory=PlayRules)
    scoring: ScoringRules = field(default_factory=ScoringRules)
    partner: PartnerRules = field(default_factory=PartnerRules)
    game: GameRules = field(default_factory=GameRules)
    event: EventRules = field(default_factory=EventRules)

    def to_dict(self) -> dict[str, Any]:
        """Plain data in the YAML variant form (every option spelled out)."""
        out: dict[str, Any] = {"id": self.id, "name": self.name,
                               "description": self.description, "source": self.source}
        for section in SECTIONS:
            sec = getattr(self, section)
            out[section] = {f.name: _plain(getattr(sec, f.name)) for f in fields(sec)}
        return out


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def option_table() -> list[tuple[str, Any, dict[str, Any], type]]:
    """Every option as ``(path, default, metadata, section class)``, in declaration order."""
    rows = []
    for section, cls in SECTIONS.items():
        for f in fields(cls):
            rows.append((f"{section}.{f.name}", f.default, dict(f.metadata), cls))
    return rows
