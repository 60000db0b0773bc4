"""What the whole-game tests share: where every card of a game is, and a chooser
that plays games far enough to reach the gold.

A chooser that only chooses uniformly almost never reaches the gold, so the gold
phase, the miners' rounds and the saboteurs' pay would go untested; this one
heads for the goals as often as it is told to.  In Saboteur 2 a uniform choice
is mostly discards (a hand offers dozens of them), so its chooser also picks a
kind of move first, now and then, so that every action card is played.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

from pysaboteur.rules import GOAL_CELLS, Game, Move
from pysaboteur.rules.cards import TOOL_BIT, TOOLS
from pysaboteur.rules.maze import GOAL_KEYS, START_KEY


def card_places(game: Game) -> Counter[str]:
    """Every playing card of the round, wherever it is.

    Saboteur 2's places are counted too (they are empty in the base game): the
    cards removed face down for the round, and a ``trapped`` or a ``theft``
    lying in front of a seat.
    """
    state = game.state
    places: Counter[str] = Counter()
    for hand in state.hands:
        places.update(hand)
    places.update(state.draw_pile)
    card_of_face = game.edition.card_of_face
    places.update(
        card_of_face[face]
        for key, face in state.maze.cells.items()
        if key != START_KEY and key not in GOAL_KEYS
    )
    places.update(
        f"break-{tool}" for bits in state.broken for tool in TOOLS if bits & TOOL_BIT[tool]
    )
    places.update(state.discards)
    places.update(game.deal.removed)
    places.update("trapped" for trapped in state.trapped if trapped)
    places.update("theft" for _seat in state.thieves)
    return places


def dwarf_places(game: Game) -> Counter[str]:
    """Saboteur 2's dwarf cards of the round: in front of the seats, in the reserve,
    or laid aside by a ``swap-hats``."""
    state = game.state
    return Counter(state.roles) + Counter(state.reserve) + Counter(state.hats_out)


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


class Saboteur2Chooser(NamedTuple):
    rng: random.Random
    greed: float  # how often it heads for the goals
    variety: float  # how often it picks a kind of move first, then a move of that kind

    def __call__(self, game: Game) -> Move:
        legal = game.legal_moves()
        roll = self.rng.random()
        if roll < self.greed:
            move = towards_gold(game, legal)
            if move is not None:
                return move
        elif roll < self.greed + self.variety:
            kinds = sorted({move.kind for move in legal})
            kind = self.rng.choice(kinds)
            return self.rng.choice([move for move in legal if move.kind == kind])
        return self.rng.choice(legal)


class DuelChooser(NamedTuple):
    rng: random.Random
    variety: float  # how often it picks a kind of move first, then a move of that kind
    builds: float  # how often it places a card when it may (the maze grows, goals turn)

    def __call__(self, game: Game) -> Move:
        legal = list(game.legal_moves())
        roll = self.rng.random()
        places = [move for move in legal if move.kind == "place"]
        if roll < self.builds and places:
            return self.rng.choice(places)
        if roll < self.builds + self.variety:
            kind = self.rng.choice(sorted({move.kind for move in legal}))
            return self.rng.choice([move for move in legal if move.kind == kind])
        return self.rng.choice(legal)
