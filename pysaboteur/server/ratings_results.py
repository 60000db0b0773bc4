"""What each seat did in each round of a finished game: role, won or not, gold.

Read from the game's own logs (the engine's results), in every edition's terms:
Saboteur 2 names its winners; the base game's side that won decides; the Duel
has no sides, so whoever took the most nuggets that round won it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..rules import MINER, Game
from ..rules.results import MINERS, SABOTEURS

#: The role of a seat in an edition that deals none (the Duel).
NO_ROLE = "player"


@dataclass(frozen=True)
class SeatRound:
    seat: int
    round: int  # 1 for the first
    role: str
    won: bool
    gold: int


def round_results(game: Game) -> list[SeatRound]:
    """Every seat's every round of ``game`` (over)."""
    rows: list[SeatRound] = []
    for number, log in enumerate(game.rounds, start=1):
        result: Any = log.result
        if result is None:
            continue
        gold = [int(amount) for amount in getattr(result, "nuggets", result.gold)]
        roles = list(getattr(log.deal, "roles", None) or [NO_ROLE] * game.players)
        for seat in range(game.players):
            won = _won(result, roles[seat], gold, seat)
            rows.append(SeatRound(seat, number, roles[seat], won, gold[seat]))
    return rows


def _won(result: Any, role: str, gold: list[int], seat: int) -> bool:
    winners = getattr(result, "winners", None)
    if winners is not None:
        return bool(seat in winners)
    winner: str = result.winner
    if winner in (MINERS, SABOTEURS):
        return (role == MINER) == (winner == MINERS)
    return gold[seat] == max(gold)


def final_scores(rows: list[SeatRound], players: int) -> list[float]:
    """Each seat's gold over the whole game: what the game is won by."""
    totals = [0.0] * players
    for row in rows:
        totals[row.seat] += row.gold
    return totals
