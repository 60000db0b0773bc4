"""What the observation tensors of both editions (:mod:`.tensors`,
:mod:`.tensors_saboteur2`) are built from: named blocks laid end to end, an encoder
that knows them, the goal cards, and the maze window.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..rules.cards import GOAL_CELLS
from ..rules.observation import GoalView, Observation


@dataclass(frozen=True)
class Block:
    """A named part of the vector: ``vector[offset : offset + size].reshape(shape)``."""

    name: str
    offset: int
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


def stack_blocks(parts: Sequence[tuple[str, tuple[int, ...], str]]) -> tuple[Block, ...]:
    """The blocks of ``(name, shape, meaning)`` parts, each right after the one before."""
    blocks = []
    offset = 0
    for name, shape, meaning in parts:
        block = Block(name, offset, shape, meaning)
        blocks.append(block)
        offset += block.size
    return tuple(blocks)


@dataclass(frozen=True)
class Window:
    """The cells of the maze that action ids and maze planes name, row by row."""

    x_min: int
    x_max: int
    y_min: int
    y_max: int

    @property
    def width(self) -> int:
        return self.x_max - self.x_min + 1

    @property
    def height(self) -> int:
        return self.y_max - self.y_min + 1

    def index(self, x: int, y: int) -> int | None:
        """The cell's index in the window, or None outside it."""
        if self.x_min <= x <= self.x_max and self.y_min <= y <= self.y_max:
            return (y - self.y_min) * self.width + (x - self.x_min)
        return None

    def cell(self, index: int) -> tuple[int, int]:
        """The ``(x, y)`` of a window cell index."""
        row, column = divmod(index, self.width)
        return column + self.x_min, row + self.y_min


def action_mask(size: int, actions: Any) -> np.ndarray:
    """An int8 vector of ``size`` with 1 at each of ``actions``."""
    mask = np.zeros(size, dtype=np.int8)
    mask[list(actions)] = 1
    return mask


class BlockEncoder:
    """The bookkeeping an edition's observation encoder shares: its blocks and size,
    and one round tally per observing seat (see the editions' ``RoundTally``)."""

    def __init__(self, players: int, blocks: tuple[Block, ...]) -> None:
        self.players = players
        self.blocks = blocks
        self.size = sum(block.size for block in self.blocks)
        self.shape = (self.size,)
        self._at = {block.name: block.offset for block in self.blocks}
        self._zeros = bytes(4 * self.size)  # a float32 vector of zeros
        #: One tally per observing seat: a seat's history shows its own discards'
        #: cards, so the seats' histories differ and each is read on its own.
        self._tallies: dict[int, Any] = {}

    def reset(self) -> None:
        """Forget the game read so far (for a new game)."""
        self._tallies = {}

    def block(self, vector: np.ndarray, name: str) -> np.ndarray:
        """A named block of a vector (or of a batch of vectors), in its shape."""
        block = next(block for block in self.blocks if block.name == name)
        part = vector[..., block.offset : block.offset + block.size]
        return part.reshape(*vector.shape[:-1], *block.shape)


def put_goals(
    put: array[float],
    goals: Sequence[GoalView],
    goal_at: int,
    goal_cells: Sequence[int],
    face_down_plane: int,
    gold_plane: int,
) -> None:
    """Write the goals: per goal a row of face up, known, gold, stone at ``goal_at``,
    and on the maze planes face-down goals and the chance that each is the gold."""
    known = [goal["card"] for goal in goals]
    gold_known = "gold" in known
    unknown = known.count(None)
    for index, goal in enumerate(goals):
        cell = goal_cells[index]
        goal_card = known[index]
        row = goal_at + 4 * index
        if goal["face_up"]:
            put[row] = 1.0
        else:
            put[face_down_plane + cell] = 1.0
        if goal_card is not None:
            put[row + 1] = 1.0
            put[row + (2 if goal_card == "gold" else 3)] = 1.0
            if goal_card == "gold":
                put[gold_plane + cell] = 1.0
        elif not gold_known:
            put[gold_plane + cell] = 1.0 / unknown


def finished_round_view(observation: Observation, number: int) -> Observation:
    """What both editions' round-end views share: the observation with finished round
    ``number``'s maze and goals turned up, the seat's role then, nobody to move and
    the cards collected (the editions clear their own further parts)."""
    finished = observation["rounds"][number - 1]
    players = observation["players"]
    view = observation.copy()
    if observation["seat"] is not None:  # a seat's, not a spectator's
        view["role"] = finished["roles"][observation["seat"]]
    view["round"] = number
    view["phase"] = "over"
    view["to_move"] = None
    view["maze"] = finished["maze"]
    view["goals"] = [
        {"x": x, "y": y, "face_up": True, "card": card}
        for (x, y), card in zip(GOAL_CELLS, finished["goals"], strict=True)
    ]
    view["broken"] = [[] for _ in range(players)]
    view["hand_sizes"] = [0] * players
    view["hands"] = [[] for _ in range(players)] if observation["hands"] is not None else None
    view["hand"] = []
    view["draw_pile"] = 0
    view["discard_pile"] = 0
    view["history"] = observation["history"][:number]
    return view
