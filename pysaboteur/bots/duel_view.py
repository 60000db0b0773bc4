"""What a Duel bot makes of its observation: the maze as the engine's own
:class:`~pysaboteur.rules.duel_maze.DuelMaze` (so that networks, barriers and
claims are worked out by the rules themselves) and beliefs over the face-down
goals.

Beliefs over a face-down goal: every goal card not seen yet is equally likely
to lie there, so its expected gold is the mean of the unseen goals' nuggets.
What is seen: the goals of finished rounds, the goals face up now and the goals
this seat looked at with a map (docs/rules-duel.md, "What each player sees").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..rules.duel_deck import shipped_deck
from ..rules.duel_faces import read_face
from ..rules.duel_maze import GOAL_CELLS, START_CELLS, Cell, DuelMaze
from ..rules.observation import Observation

#: The code the bot's maze gives a goal it does not know (never turned up by the bot).
UNKNOWN_GOAL = "?"


def observed_maze(observation: Observation) -> DuelMaze:
    """The round's maze as the seat sees it: every face-up card and every token."""
    view: dict[str, Any] = dict(observation)
    cards = {(card["x"], card["y"]): card for card in view["maze"]}
    starts = tuple(cards[cell]["shape"] for cell in START_CELLS)
    goals = [UNKNOWN_GOAL if goal["card"] is None else goal["card"] for goal in view["goals"]]
    maze = DuelMaze(goals, starts)
    for cell, card in cards.items():
        maze.faces[cell] = read_face(card["shape"])
        maze.names[cell] = card["card"]
    maze.revealed = [bool(goal["face_up"]) for goal in view["goals"]]
    tokens = view["duel"]
    maze.keys = {(key["x"], key["y"]): key["seat"] for key in tokens["keys"]}
    maze.bribes = {(bribe["x"], bribe["y"]): list(bribe["seats"]) for bribe in tokens["bribes"]}
    maze.claims = [((claim["x"], claim["y"]), claim["seat"]) for claim in tokens["claims"]]
    maze.changed()
    return maze


@dataclass(frozen=True)
class GoalBeliefs:
    """The expected nuggets of each of the round's goals, as one seat knows them."""

    expected: tuple[float, ...]  # in the order of GOAL_CELLS
    known: tuple[bool, ...]  # face up or seen with a map

    def value_at(self, cell: Cell) -> float:
        return self.expected[GOAL_CELLS.index(cell)]


def goal_beliefs(observation: Observation) -> GoalBeliefs:
    """What each goal is worth to the seat: its nuggets when known, else the mean
    nuggets of the goals it has not seen (from the shipped deck's list)."""
    view: dict[str, Any] = dict(observation)
    unseen = Counter(shipped_deck().goal_cards)
    for finished in view["rounds"]:
        unseen.subtract(finished["goals"])
    goals = view["goals"]
    for goal in goals:
        if goal["card"] is not None:
            unseen[goal["card"]] -= 1
    # The mean over the unseen goals, one by one: whole numbers summed, so exactly
    # the mean of the list of them.
    pool = [(_nuggets(code), count) for code, count in unseen.items() if count > 0]
    cards = sum(count for _, count in pool)
    mean = sum(nuggets * count for nuggets, count in pool) / cards if cards else 0.0
    expected = tuple(
        float(_nuggets(goal["card"])) if goal["card"] is not None else mean for goal in goals
    )
    return GoalBeliefs(expected, tuple(goal["card"] is not None for goal in goals))


@cache
def _nuggets(code: str) -> int:
    """The nuggets of a face (asked of the same few goals at every decision)."""
    return read_face(code).nuggets
