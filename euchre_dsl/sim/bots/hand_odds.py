"""How many tricks a hand may take: the rule bot's model of a hand's chances.

Each card's chance to win a trick is read from the deck's tables (how many
higher cards of its suit, or higher trumps, are still out), discounted for
ruffs, twins and passed suits and raised for long trumps
(:func:`card_chance`, :func:`hand_chances`); a hand's trick count is the
distribution of those independent chances (:func:`distribution`), with a
partner's tricks added (:func:`partner_tricks`, :func:`convolve`) and the best
discard chosen on it (:func:`best_after_discard`).  The constants are the
model's weights; :class:`~.rule.RuleBot` decides with them.
"""

from __future__ import annotations

from typing import Final, Sequence

from ...cards import Deck, card_list, count_cards, mask_cards

#: Chance that a trump wins a trick, by the number of higher trumps still out.
TRUMP_CHANCE: Final[tuple[float, ...]] = (1.0, 0.75, 0.55, 0.4, 0.28, 0.18, 0.12, 0.08)
#: Chance that a plain card wins a trick, by the number of higher cards of its
#: suit still out (a plain card is trumped more often than a trump is beaten).
PLAIN_CHANCE: Final[tuple[float, ...]] = (0.78, 0.22, 0.07, 0.03)
#: Chance a plain suit is still followed by everyone (not trumped) on its
#: second, third... round: a side king behind the seat's own ace is worth
#: far less than the ace.
ROUND_SURVIVAL: Final[tuple[float, ...]] = (1.0, 0.5, 0.2, 0.05)
#: How much of a plain card's chance survives, by the trumps the seat holds:
#: with none, the others hold every trump to ruff it and the lead is lost for
#: good; with four or more the seat draws trump first, and the card is seldom
#: ruffed at all (above the average ruffing :data:`PLAIN_CHANCE` assumes).
TRUMP_SUPPORT: Final[tuple[float, ...]] = (0.35, 0.5, 0.7, 0.9, 1.15)
#: What each trump beyond the second adds to every trump's chance, times the
#: chance of the seat's best trump: long trumps take the late tricks once the
#: high ones have drawn the rest (three low trumps draw nothing).
LENGTH_BONUS: Final = 0.35
#: How much less a higher trump counts when every opponent passed on the suit:
#: they would have made it holding the top trumps.
PASSED_TRUMP_DISCOUNT: Final = 0.5
#: How much an unseen copy of a card (a double deck's twin) counts against it, as
#: a share of a higher card: of two equal cards the first played wins, so the
#: twin beats the card whenever it falls earlier in the same trick.
TWIN_WEIGHT: Final = 0.5
#: The chance a low trump takes a trick by trumping a suit the seat is void in.
RUFF_CHANCE: Final = 0.6


#: The chance each card a partner holds beyond five adds a trick (every card
#: dealt, six or eight each: about a quarter of the tricks fall to any one seat).
PARTNER_EXTRA_CARD: Final = 0.25


def card_chance(deck: Deck, known: int, card: int, contract: int, opponents_extra: int,
                weak_opponents: float = 0.0) -> float:
    """The chance ``card`` wins a trick under ``contract``, from how many higher
    cards of its effective suit are neither in ``known`` nor the card itself (an
    unseen copy of the card counting ``TWIN_WEIGHT`` of one).

    ``weak_opponents`` (0 to 1) is the share of the opponents who passed when
    they could have made this contract: a higher trump is then less likely to
    be in their hands, and counts for less.
    """
    suit = deck.effective_suits[contract][card]
    higher = count_cards(deck.higher_masks[contract][card] & ~known)
    is_trump = contract < 4 and suit == contract or deck.powers[contract][suit][card] >= 100
    table = TRUMP_CHANCE if is_trump else PLAIN_CHANCE
    twins = 0
    if deck.copies > 1:
        for t in deck.twins(card):
            if t != card and not (known >> t) & 1:
                twins += 1
    if (is_trump and weak_opponents > 0) or twins:
        h = higher * (1 - PASSED_TRUMP_DISCOUNT * weak_opponents) if is_trump else float(higher)
        h += TWIN_WEIGHT * twins
        i = min(int(h), len(table) - 1)
        j = min(i + 1, len(table) - 1)
        chance = table[i] + (table[j] - table[i]) * (h - int(h))
    else:
        chance = table[min(higher, len(table) - 1)]
    if not is_trump and contract < 4:
        chance -= 0.08 * opponents_extra  # more players: more chances to be trumped
    return max(chance, 0.01)


def hand_chances(deck: Deck, hand: int, contract: int, out: int, opponents: int,
                 weak_opponents: float = 0.0, makes: bool = True) -> list[float]:
    """Per card of ``hand``, the chance it wins a trick (``out``: cards gone).

    The cards are not independent: for the side that makes trump (``makes``), a
    plain ace is worth less the fewer trumps the seat holds (the defenders hold
    them, to trump it, and the seat cannot win the lead back), and a trump is
    worth more beside a void it can trump into (:func:`_adjusted`).
    """
    known = hand | out
    extra = max(opponents - 2, 0)
    cards = card_list(hand)
    return _adjusted(deck, hand, cards, contract,
                     [card_chance(deck, known, c, contract, extra, weak_opponents)
                      for c in cards], makes)


def _adjusted(deck: Deck, hand: int, cards: list[int], contract: int, chances: list[float],
              makes: bool = True) -> list[float]:
    """:func:`hand_chances` from each card's own chance (``chances[i]``, of
    ``cards[i]``: ``hand``'s cards lowest first): long trumps raised, the spare low
    trumps counted as ruffs, and -- for the makers -- each plain card held to what
    the seat's trumps and its own higher cards of the suit leave it."""
    trumps = hand & deck.trump_masks[contract]
    n_trumps = count_cards(trumps)
    support = TRUMP_SUPPORT[min(n_trumps, len(TRUMP_SUPPORT) - 1)] \
        if contract < 4 and makes else 1.0
    # trumps spare for trumping in: one per void, the low ones, beyond the first
    ruffs = min(voids(deck, hand, contract), max(n_trumps - 1, 0))
    low_trumps = 0  # the lowest trumps, one per ruff, as a mask
    if contract < 4 and ruffs:
        for c in deck.trumps_low_first[contract]:
            if (trumps >> c) & 1:
                low_trumps |= 1 << c
                ruffs -= 1
                if not ruffs:
                    break
    higher = deck.higher_masks[contract]
    # long trumps take the late tricks, once the seat's high trumps have drawn the rest
    top = 0.0  # the best trump's chance
    for i in range(len(cards)):
        if (trumps >> cards[i]) & 1 and chances[i] > top:
            top = chances[i]
    length = LENGTH_BONUS * (n_trumps - 2) * top if n_trumps >= 3 else 0.0
    probs = []
    for i in range(len(cards)):
        c = cards[i]
        p = chances[i]
        if (trumps >> c) & 1:
            p = min(1.0, p + length)
            if (low_trumps >> c) & 1:
                p = max(p, RUFF_CHANCE)
        elif contract < 4:
            # the seat's own higher cards of the suit must be led first: the
            # card wins only if the suit goes round that many more times untrumped
            above = count_cards(higher[c] & hand)
            p = max(0.01, p * support * ROUND_SURVIVAL[min(above, len(ROUND_SURVIVAL) - 1)])
        probs.append(p)
    return probs


def drawn_by(deck: Deck, hand: int, out: int, card: int, contract: int) -> bool:
    """Do the seat's trumps above ``card`` outnumber every trump it cannot see?
    Then leading them draws ``card`` before it can take a trick."""
    if contract >= 4:
        return False
    trumps = deck.trump_masks[contract]
    power = deck.powers[contract][contract]
    above = sum(1 for c in mask_cards(hand & trumps) if power[c] > power[card])
    return above >= count_cards(trumps & ~hand & ~out)


def voids(deck: Deck, hand: int, contract: int) -> int:
    """Plain suits the hand holds none of."""
    if contract >= 4:
        return 0
    masks = deck.suit_masks[contract]
    n = 0
    for s in range(4):
        if s != contract and not hand & masks[s]:
            n += 1
    return n


def distribution(probs: Sequence[float]) -> list[float]:
    """The number of successes of independent trials with these chances."""
    dist = [0.0] * (len(probs) + 1)
    dist[0] = 1.0
    n = 0
    for p in probs:  # one trial more: updated in place, the highest count first
        n += 1
        dist[n] = dist[n - 1] * p
        for k in range(n - 1, 0, -1):
            dist[k] = dist[k] * (1 - p) + dist[k - 1] * p
        dist[0] *= 1 - p
    return dist


def partner_tricks(table: Sequence[float], hand_size: int) -> list[float]:
    """The tricks a partner takes holding ``hand_size`` cards: ``table`` is for five,
    and each card beyond them takes a trick with its own chance
    (``PARTNER_EXTRA_CARD``), independently -- a binomial count added to the
    table's, never one trick with a "chance" above 1 (which gave a twelve-card
    partner negative chances, and the double deck's auctions their over-bids)."""
    extra = max(0, hand_size - 5)
    return convolve(table, distribution([PARTNER_EXTRA_CARD] * extra))


def convolve(a: Sequence[float], b: Sequence[float]) -> list[float]:
    """The distribution of the sum of two independent counts.

    Each count's chance is summed in a local float, its terms in the order of
    ``a``'s index (as adding them into the list one by one would, so the sums
    are the same to the last bit): compiled, one float is boxed per count
    instead of one per term (the rule bot's readings convolve a partner's
    tricks into every hand they value)."""
    xs = list(a)
    ys = list(b)
    na = len(xs)
    nb = len(ys)
    out = [0.0] * (na + nb - 1)
    for n in range(na + nb - 1):
        acc = 0.0
        for i in range(max(0, n - nb + 1), min(n, na - 1) + 1):
            acc += xs[i] * ys[n - i]
        out[n] = acc
    return out


def shift(dist: Sequence[float], extra: float) -> list[float]:
    """``dist`` with one trick more (``extra`` > 0) or fewer (< 0), with chance
    ``|extra|``: the upcard a partner takes, or an opponent dealer's."""
    base = list(dist)
    if extra > 0:
        return [base[0] * (1 - extra)] + [base[k] * (1 - extra) + base[k - 1] * extra
                                          for k in range(1, len(base))] + [base[-1] * extra]
    e = -extra
    out = [base[0] + (base[1] * e if len(base) > 1 else 0.0)]
    for k in range(1, len(base)):
        out.append(base[k] * (1 - e) + (base[k + 1] * e if k + 1 < len(base) else 0.0))
    return out


def best_after_discard(deck: Deck, hand: int, contract: int, out: int, opponents: int,
                       kept: int) -> int:
    """The hand left after the most useful discard of a card not in ``kept`` (the
    upcard, when the variant does not let its taker discard it:
    :func:`~euchre_dsl.engine.bidding.kept_upcard`): the first best by
    :func:`kept_value`, the candidates lowest card first.

    Each candidate is valued as :func:`kept_value` values it, to the last bit, but
    each card's :func:`card_chance` is shared between the candidates: a discard
    changes a card's chance only by being a card above it, or a copy of it, that
    the seat no longer sees -- so a card has at most three chances, not one per
    candidate (the pimc bot's readings ask this for a dealer in every world)."""
    cards = card_list(hand)
    n = len(cards)
    known = hand | out
    extra = max(opponents - 2, 0)
    higher = deck.higher_masks[contract]
    # per card: its other copies (a double deck's twins), as a mask
    twins = [0] * n
    if deck.copies > 1:
        for i in range(n):
            for t in deck.twins(cards[i]):
                if t != cards[i]:
                    twins[i] |= 1 << t
    # per card: its chance with the discard seen, unseen above it, unseen as its copy
    seen = [card_chance(deck, known, c, contract, extra) for c in cards]
    above: list[float] = [-1.0] * n
    twin: list[float] = [-1.0] * n
    best = hand
    best_v = -1.0
    for d in cards:
        if (kept >> d) & 1:
            continue
        rest = hand & ~(1 << d)
        known_d = known & ~(1 << d)
        # each card of ``rest`` and its own chance (card_chance, the rest and out known)
        rest_cards: list[int] = []
        chances: list[float] = []
        for i in range(n):
            c = cards[i]
            if c == d:
                continue
            rest_cards.append(c)
            if (twins[i] >> d) & 1:
                if twin[i] < 0.0:
                    twin[i] = card_chance(deck, known_d, c, contract, extra)
                chances.append(twin[i])
            elif (higher[c] >> d) & 1:
                if above[i] < 0.0:
                    above[i] = card_chance(deck, known_d, c, contract, extra)
                chances.append(above[i])
            else:
                chances.append(seen[i])
        v = sum(_adjusted(deck, rest, rest_cards, contract, chances)) + \
            0.05 * voids(deck, rest, contract)
        if v > best_v:
            best, best_v = rest, v
    return best


def kept_value(deck: Deck, hand: int, contract: int, out: int, opponents: int) -> float:
    """What a hand left after a discard is worth: its expected tricks, and a little for
    each void (a trump to ruff with), the measure :func:`best_after_discard` takes the
    best discard by."""
    return sum(hand_chances(deck, hand, contract, out, opponents)) + \
        0.05 * voids(deck, hand, contract)
