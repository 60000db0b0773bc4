"""How likely the miners are to win the round from a position: a small logistic
model that search bots use to judge positions without playing them out.

It reads a *complete* game (a sample drawn by determinization), so it may use
where the gold really is.  Its weights were fitted to heuristic self-play by
``scripts/fit_value.py``, which prints the constants below; run it again after
changing the heuristic bot.
"""

from __future__ import annotations

import math
from typing import Final

from ..rules.cards import MINER, SABOTEUR
from ..rules.game import GOLD, Game
from .maze_view import FAR, goal_distances

FEATURE_NAMES: Final = (
    "bias",
    "distance to the gold",
    "turns left per seat",
    "distance per turn left",
    "share of miners who can build",
    "share of saboteurs who can build",
    "saboteurs per seat",
)

#: Fitted by ``scripts/fit_value.py --games 30 --seed 9000`` (30 games per
#: player count): held-out log loss 0.432, accuracy 0.776 on 3,184 positions.
WEIGHTS: Final = (4.745, 0.027, 0.033, -2.149, 0.656, 1.182, -14.512)


def features(game: Game) -> list[float]:
    """The model's inputs for the round in play."""
    gold = game.maze.goals.index("gold")
    distance = min(goal_distances(game.maze)[gold], FAR)
    players = game.players
    turns = (len(game.draw_pile) + sum(len(hand) for hand in game.hands)) / players
    miners = [seat for seat, role in enumerate(game.roles) if role == MINER]
    saboteurs = [seat for seat, role in enumerate(game.roles) if role == SABOTEUR]
    able_miners = sum(1 for seat in miners if not game.broken[seat]) / len(miners)
    able_saboteurs = (
        sum(1 for seat in saboteurs if not game.broken[seat]) / len(saboteurs) if saboteurs else 0.0
    )
    return [
        1.0,
        float(distance),
        turns,
        distance / (turns + 1.0),
        able_miners,
        able_saboteurs,
        len(saboteurs) / players,
    ]


def miners_win_chance(game: Game) -> float:
    """The chance that the miners win the round in play (1 once the gold is reached)."""
    if game.phase == GOLD:
        return 1.0
    score = sum(weight * value for weight, value in zip(WEIGHTS, features(game), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))
