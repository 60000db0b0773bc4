"""Saboteur 2's gold pieces (docs/rules-saboteur2.md, "Winners" and "Gold pieces"):
who wins a round, what each winner is paid, what the geologists get, and the
order in which the thieves steal.

>>> winning_teams("green", ["blue"])
['blue']
>>> roles = ["blue", "boss", "profiteer", "saboteur"]
>>> winners = round_winners(roles, [False] * 4, ["blue"], True)
>>> winners, payout(roles, winners, [False] * 4, crystals=0)
([0, 1, 2], [3, 2, 1, 0])
"""

from __future__ import annotations

from typing import Final

from .cards import BLUE, BOSS, GEOLOGIST, GREEN, PROFITEER, SABOTEUR

#: Each winner's base share by the number of winners (5 or more: 1 each).
SHARE: Final = {1: 5, 2: 4, 3: 3, 4: 2}
#: How much less than the base share the boss and the profiteer get.
SHORTFALL: Final = {BOSS: 1, PROFITEER: 2}


def winning_teams(finder_role: str, open_to: list[str]) -> list[str]:
    """The gold-digger teams that win when ``finder_role`` reached the gold.

    A gold-digger wins for its own team if the gold is open to it, else for the
    other team if open to that one; any other finder wins for every team the
    gold is open to.
    """
    if finder_role in (GREEN, BLUE):
        other = BLUE if finder_role == GREEN else GREEN
        for team in (finder_role, other):
            if team in open_to:
                return [team]
        return []
    return [team for team in (GREEN, BLUE) if team in open_to]


def round_winners(
    roles: list[str], trapped: list[bool], teams: list[str], gold_reached: bool
) -> list[int]:
    """The seats that win: the winning teams and the boss (if a team won) and the
    profiteer; without the gold the saboteurs and the profiteer.  Geologists
    never win, and a seat still trapped is not a winner."""
    winning = {PROFITEER}
    if not gold_reached:
        winning.add(SABOTEUR)
    elif teams:
        winning.update((*teams, BOSS))
    return [seat for seat, role in enumerate(roles) if role in winning and not trapped[seat]]


def payout(roles: list[str], winners: list[int], trapped: list[bool], crystals: int) -> list[int]:
    """Gold pieces for each seat: the winners' shares, then the geologists' crystals.

    With two geologists in play the crystals are split in two, the remainder
    lost; a trapped geologist gets nothing, its half lost too.
    """
    paid = [0] * len(roles)
    if winners:
        share = SHARE.get(len(winners), 1)
        for seat in winners:
            paid[seat] = max(0, share - SHORTFALL.get(roles[seat], 0))
    geologists = [seat for seat, role in enumerate(roles) if role == GEOLOGIST]
    for seat in geologists:
        if not trapped[seat]:
            paid[seat] += crystals // len(geologists)
    return paid


def theft_order(thieves: list[int], trapped: list[bool]) -> list[int]:
    """The thieves that steal, in order: the one that played its theft last first,
    then the others clockwise (increasing seat) from it.  ``thieves`` are the
    seats with a theft in front, in the order they played it."""
    stealing = [seat for seat in thieves if not trapped[seat]]
    if not stealing:
        return []
    last = stealing[-1]
    players = len(trapped)
    return sorted(stealing, key=lambda seat: (seat - last) % players)
