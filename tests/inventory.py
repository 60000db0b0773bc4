"""What the whole-game tests share: where every card of a game is, and a chooser
that plays games far enough to reach the gold.

A chooser that only chooses uniformly almost never reaches the gold, so the gold
phase, the miners' rounds and the saboteurs' pay would go untested; this one
heads for the goals as often as it is told to.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

from pysaboteur.rules import GOAL_CELLS, Game, Move
from pysaboteur.rules.cards import CARD_OF_SHAPE, TOOL_BIT, TOOLS
from pysaboteur.rules.maze import GOAL_KEYS, START_KEY


def card_places(game: Game) -> Counter[str]:
    """Every playing card of the round, wherever it is."""
    places: Counter[str] = Counter()
    for hand in game.hands:
        places.update(hand)
    places.update(game.draw_pile)
    places.update(
        CARD_OF_SHAPE[shape]
        for key, shape in game.maze.cells.items()
        if key != START_KEY and key not in GOAL_KEYS
    )
    places.update(
        f"break-{tool}" for bits in game.broken for tool in TOOLS if bits & TOOL_BIT[tool]
    )
    places.update(game.discards)
    return places


def gold_places(game: Game) -> Counter[int]:
    """Every gold card of the game: in the gold deck, offered or kept by a seat."""
    places = Counter(game.gold_deck) + Counter(game.offer)
    for kept in game.gold_kept:
        places.update(kept)
    return places


def towards_gold(game: Game, legal: list[Move]) -> Move | None:
    """A connected card placed as near a face-down goal as any, else a self-repair."""
    targets = [cell for index, cell in enumerate(GOAL_CELLS) if not game.maze.revealed[index]]
    places = [m for m in legal if m.kind == "place" and not m.card.startswith("x")]
    if places:
        return min(places, key=lambda m: min(abs(m.x - x) + abs(m.y - y) for x, y in targets))
    return next((m for m in legal if m.kind == "fix" and m.target == m.seat), None)


class Chooser(NamedTuple):
    rng: random.Random
    greed: float  # how often it heads for the goals rather than choosing uniformly

    def __call__(self, game: Game) -> Move:
        legal = game.legal_moves()
        if self.rng.random() < self.greed:
            move = towards_gold(game, legal)
            if move is not None:
                return move
        return self.rng.choice(legal)
