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
    counts = [cards.count(value) for value in (1, 2, 3)]
    best = 0
    for threes in range(min(counts[2], amount // 3) + 1):
        for twos in range(min(counts[1], (amount - 3 * threes) // 2) + 1):
            rest = amount - 3 * threes - 2 * twos
            best = max(best, amount - rest + min(counts[0], rest))
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
    while owed and deck:
        owed = largest_total_at_most(deck, owed)
        if not owed:
            break
        card = deck.pop(0)
        drawn.append(card)
        owed = keep_or_send_down(card, owed, kept, deck)
    return kept, drawn
