"""How likely the miners are to win the round from a position: a small logistic
model that search bots use to judge positions without playing them out.

It reads a *complete* game (a sample drawn by determinization), so it may use
where the gold really is and what every hand holds.  Its weights were fitted
to heuristic self-play by ``scripts/fit_value.py``, which prints the constants
below; run it again after changing the heuristic bot.
"""

from __future__ import annotations

import math
from typing import Final

from ..rules.cards import DEAD_END, FIX_TOOLS, MINER, SABOTEUR, TUNNEL_SHAPE
from ..rules.game import GOLD, Game
from ..rules.moves import ROCKFALL
from .maze_view import FAR, goal_distances

FEATURE_NAMES: Final = (
    "bias",
    "distance to the gold",
    "turns left per seat",
    "distance per turn left",
    "distance per building miner-turn left",
    "share of miners who can build",
    "share of saboteurs who can build",
    "saboteurs per seat",
    "miners' tunnel cards per miner",
    "saboteurs' blocking cards per seat",
    "miners' repairs per broken miner",
    "share of miners who know the gold",
    "nearer goals that are stone",
)

#: Fitted by ``scripts/fit_value.py --games 30 --seed 9000`` (30 games per
#: player count): held-out log loss 0.415, accuracy 0.830 on 3,461 positions
#: (the first seven features alone: 0.428 and 0.826).
WEIGHTS: Final = (
    4.240, 0.011, -0.001, -1.741, -0.541, -0.992, 1.121,
    -10.413, 0.263, -0.568, 0.516, -0.736, 0.156,
)  # fmt: skip


def _blocking(card: str) -> bool:
    """A card a saboteur blocks with: a dead end, a broken tool or a rockfall."""
    if card in TUNNEL_SHAPE:
        return bool(TUNNEL_SHAPE[card] & DEAD_END)
    return card.startswith("break-") or card == ROCKFALL


def features(game: Game) -> list[float]:
    """The model's inputs for the round in play."""
    gold = game.maze.goals.index("gold")
    distances = goal_distances(game.maze)
    distance = min(distances[gold], FAR)
    players = game.players
    turns = (len(game.draw_pile) + sum(len(hand) for hand in game.hands)) / players
    miners = [seat for seat, role in enumerate(game.roles) if role == MINER]
    saboteurs = [seat for seat, role in enumerate(game.roles) if role == SABOTEUR]
    builders = sum(1 for seat in miners if not game.broken[seat])
    broken_miners = len(miners) - builders
    able_saboteurs = (
        sum(1 for seat in saboteurs if not game.broken[seat]) / len(saboteurs) if saboteurs else 0.0
    )
    tunnels = sum(
        1
        for seat in miners
        for card in game.hands[seat]
        if card in TUNNEL_SHAPE and not TUNNEL_SHAPE[card] & DEAD_END
    )
    blocks = sum(1 for seat in saboteurs for card in game.hands[seat] if _blocking(card))
    repairs = sum(1 for seat in miners for card in game.hands[seat] if card in FIX_TOOLS)
    knowing = sum(1 for seat in miners if "gold" in game.maps[seat].values())
    # Stones no farther than the gold draw miners who do not know better.
    decoys = sum(
        1
        for index, card in enumerate(game.maze.goals)
        if card != "gold" and not game.maze.revealed[index] and distances[index] <= distance
    )
    # Cards still to draw and play, per seat: the saboteurs win when they run out.
    miner_turns = turns * builders / players
    return [
        1.0,
        float(distance),
        turns,
        distance / (turns + 1.0),
        distance / (miner_turns + 1.0),
        builders / len(miners),
        able_saboteurs,
        len(saboteurs) / players,
        tunnels / len(miners),
        blocks / players,
        min(repairs / broken_miners, 2.0) if broken_miners else 2.0,
        knowing / len(miners),
        float(decoys),
    ]


def miners_win_chance(game: Game) -> float:
    """The chance that the miners win the round in play (1 once the gold is reached)."""
    if game.phase == GOLD:
        return 1.0
    score = sum(weight * value for weight, value in zip(WEIGHTS, features(game), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))
