"""Gold (rules section 7): how many cards the finder draws, who picks next, and
how saboteurs are paid."""

from __future__ import annotations

from .cards import MINER

#: Nuggets each saboteur is paid, by the number of saboteurs in play.
SABOTEUR_PAY = {1: 4, 2: 3, 3: 3, 4: 2}


def finder_draw_count(gold_draw: str, players: int, roles: list[str]) -> int:
    """How many gold cards the finder draws under the ``gold_draw`` option."""
    if gold_draw == "miners":
        return roles.count(MINER)
    return 9 if players == 10 else players


def next_miner_counter_clockwise(seat: int, roles: list[str]) -> int:
    """The nearest miner counter-clockwise (decreasing seat) of ``seat``, itself excluded.

    Every round has a miner in play, so this always finds one.
    """
    players = len(roles)
    for step in range(1, players + 1):
        other = (seat - step) % players
        if roles[other] == MINER:
            return other
    raise AssertionError("a round always has a miner in play")


def first_picker(finder: int, roles: list[str]) -> int:
    """The finder picks first, unless a saboteur found the gold."""
    return finder if roles[finder] == MINER else next_miner_counter_clockwise(finder, roles)


def largest_total_at_most(cards: list[int], amount: int) -> int:
    """The largest sum of some of ``cards`` (values 1 to 3) that is not over ``amount``."""
    return _largest_total(cards.count(1), cards.count(2), cards.count(3), amount)


def _largest_total(ones: int, twos: int, threes: int, amount: int) -> int:
    """:func:`largest_total_at_most` of cards counted by value."""
    if ones >= amount:  # the usual case, the gold deck being mostly ones
        return amount
    best = 0
    for three in range(min(threes, amount // 3) + 1):
        for two in range(min(twos, (amount - 3 * three) // 2) + 1):
            rest = amount - 3 * three - 2 * two
            best = max(best, amount - rest + min(ones, rest))
    return best


def keep_or_send_down(card: int, owed: int, kept: list[int], sent_down: list[int]) -> int:
    """A saboteur still owed ``owed`` nuggets has drawn ``card``: it keeps the card,
    appended to ``kept``, unless the card is worth more than it is owed; then the card
    goes to the bottom of the gold deck, appended to ``sent_down`` (the deck itself,
    top first, or a list of the cards sent down). Returns what it is owed after."""
    if card <= owed:
        kept.append(card)
        return owed - card
    sent_down.append(card)
    return owed


def pay_saboteur(deck: list[int], amount: int) -> tuple[list[int], list[int]]:
    """Pay one saboteur from ``deck`` (top first), changing it in place.

    The saboteur draws from the top one card at a time; a card that would take
    it over what it is owed goes to the bottom. When the rest of the deck can
    no longer make the exact amount, what it is owed becomes the largest total
    that the deck can still make. Returns the cards kept and every card drawn.
    """
    kept: list[int] = []
    drawn: list[int] = []
    owed = amount
    # The deck's cards by value, kept up to date: counting the deck again for every
    # card drawn was most of a round's pay-out.
    left = [0, deck.count(1), deck.count(2), deck.count(3)]
    while owed and deck:
        owed = _largest_total(left[1], left[2], left[3], owed)
        if not owed:
            break
        card = deck.pop(0)
        drawn.append(card)
        still_owed = keep_or_send_down(card, owed, kept, deck)
        if still_owed != owed:  # kept, not sent down
            left[card] -= 1
        owed = still_owed
    return kept, drawn
