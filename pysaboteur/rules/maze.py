"""The maze: placed cards, the start network, where a path card may go, goals.

This is the hot path of every simulation, so it works on packed cell keys and
side bit masks (see :mod:`.cards`) and keeps the start network up to date
incrementally instead of searching it again for every question.
"""

from __future__ import annotations

from typing import Final

from .cards import (
    DEAD_END,
    GOAL_CELLS,
    GOAL_SHAPES,
    SIDE_NAMES,
    START_CELL,
    START_SHAPE,
    E,
    N,
    S,
    W,
    cell_key,
    cell_xy,
)

#: (side, step to the neighbour across it, the neighbour's side that faces back)
SIDE_STEPS: Final = ((N, -1, S), (E, 256, W), (S, 1, N), (W, -256, E))


def _fitting_sides(must_open: int, must_wall: int, reach: int) -> int:
    """Bit ``s`` set for every open-side pattern ``s`` a card may have here."""
    fits = 0
    for sides in range(1, 16):
        if sides & must_open == must_open and not sides & must_wall and sides & reach:
            fits |= 1 << sides
    return fits


#: ``FITS[must_open | must_wall << 4 | reach << 8]``: which side patterns fit a
#: cell whose neighbours demand those open sides and walls, and whose
#: neighbours in the start network face it on the sides in ``reach``.
FITS: Final = tuple(
    _fitting_sides(index & 15, index >> 4 & 15, index >> 8) for index in range(4096)
)

START_KEY: Final = cell_key(*START_CELL)
GOAL_KEYS: Final = tuple(cell_key(x, y) for x, y in GOAL_CELLS)


class Maze:
    """The cards in the maze of one round, and the start network through them."""

    __slots__ = ("_frontier", "cells", "goals", "network", "revealed")

    def __init__(self, goals: tuple[str, str, str] | list[str]) -> None:
        #: The goal card at each goal cell (``y = -2, 0, 2``).
        self.goals = tuple(goals)
        #: Shape of every face-up card by cell key: start, tunnels, revealed goals.
        self.cells: dict[int, int] = {START_KEY: START_SHAPE}
        #: Keys of the connected cards reachable from the start.
        self.network: set[int] = {START_KEY}
        self.revealed = [False, False, False]
        self._frontier: list[tuple[int, int, int, int]] | None = None

    @classmethod
    def from_cells(cls, goals: list[str], cells: dict[int, int], revealed: list[bool]) -> Maze:
        """A maze holding ``cells`` (start and face-up goals included), its network found."""
        maze = cls(goals)
        maze.cells = dict(cells)
        maze.revealed = list(revealed)
        maze._spread_from(START_KEY)
        return maze

    def copy(self) -> Maze:
        other = Maze.__new__(Maze)
        other.goals = self.goals
        other.cells = self.cells.copy()
        other.network = self.network.copy()
        other.revealed = self.revealed.copy()
        other._frontier = self._frontier
        return other

    # -- questions -------------------------------------------------------------

    def frontier(self) -> list[tuple[int, int, int, int]]:
        """``(key, x, y, fits)`` for every empty cell where some path card fits.

        ``fits`` has bit ``s`` set for each open-side pattern ``s`` (dead end or
        not) that a card may have there.  Ordered by ``x``, then ``y``.
        """
        if self._frontier is None:
            self._frontier = self._compute_frontier()
        return self._frontier

    def _compute_frontier(self) -> list[tuple[int, int, int, int]]:
        cells = self.cells
        network = self.network
        candidates = set()
        for key in network:
            shape = cells[key]
            for side, step, _ in SIDE_STEPS:
                if shape & side:
                    neighbour = key + step
                    if neighbour not in cells and neighbour not in GOAL_KEYS:
                        candidates.add(neighbour)
        frontier = []
        for key in sorted(candidates):
            must_open = must_wall = reach = 0
            for side, step, back in SIDE_STEPS:
                neighbour = key + step
                other = cells.get(neighbour)
                if other is None:
                    continue
                if other & back:
                    must_open |= side
                    if neighbour in network:
                        reach |= side
                else:
                    must_wall |= side
            fits = FITS[must_open | must_wall << 4 | reach << 8]
            if fits:
                frontier.append((key, *cell_xy(key), fits))
        return frontier

    def placement_error(self, shape: int, x: int, y: int) -> str | None:
        """Why a card lying as ``shape`` may not go at ``x, y`` (rules section 4)."""
        key = cell_key(x, y)
        if key == START_KEY:
            return f"cell {x},{y} holds the start card"
        if key in GOAL_KEYS:
            return f"cell {x},{y} holds a goal card"
        if key in self.cells:
            return f"cell {x},{y} is not empty"
        touches_network = False
        for side, step, back in SIDE_STEPS:
            neighbour = key + step
            other = self.cells.get(neighbour)
            if other is None:
                continue
            where = "{},{}".format(*cell_xy(neighbour))
            if shape & side and not other & back:
                return f"side {SIDE_NAMES[side]} meets a wall of the card at {where}"
            if not shape & side and other & back:
                return (
                    f"side {SIDE_NAMES[side]} is a wall against an open side of the card at {where}"
                )
            if shape & side and neighbour in self.network:
                touches_network = True
        if not touches_network:
            return "none of its open sides meets an open side of a card in the start network"
        return None

    def tunnel_cells(self) -> list[tuple[int, int]]:
        """Cells of the tunnel cards (dead ends included) that rockfall can remove."""
        return sorted(
            cell_xy(key) for key in self.cells if key != START_KEY and key not in GOAL_KEYS
        )

    def is_tunnel(self, x: int, y: int) -> bool:
        key = cell_key(x, y)
        return key in self.cells and key != START_KEY and key not in GOAL_KEYS

    def goal_index(self, x: int, y: int) -> int | None:
        key = cell_key(x, y)
        return GOAL_KEYS.index(key) if key in GOAL_KEYS else None

    # -- changes -----------------------------------------------------------------

    def place(self, shape: int, x: int, y: int) -> list[int]:
        """Lay a card (already checked) and return the goals it revealed, in order."""
        key = cell_key(x, y)
        self.cells[key] = shape
        self._frontier = None
        if shape & DEAD_END:
            return []  # a dead end never joins the network, so it reaches nothing
        self.network.add(key)
        self._spread_from(key)
        return self._reveal_reached_goals(key)

    def remove(self, x: int, y: int) -> None:
        """Take a tunnel card out (rockfall) and find the start network again."""
        del self.cells[cell_key(x, y)]
        self._frontier = None
        self.network = {START_KEY}
        self._spread_from(START_KEY)

    def _spread_from(self, key: int) -> None:
        """Add every connected card reachable from ``key`` to the network."""
        cells = self.cells
        network = self.network
        stack = [key]
        while stack:
            here = stack.pop()
            shape = cells[here]
            for side, step, back in SIDE_STEPS:
                if shape & side:
                    neighbour = here + step
                    if neighbour not in network:
                        other = cells.get(neighbour)
                        if other is not None and other & back and not other & DEAD_END:
                            network.add(neighbour)
                            stack.append(neighbour)

    def _reveal_reached_goals(self, placed: int) -> list[int]:
        """Turn up every face-down goal that the network reaches (rules section 4).

        A stone goal joins the network once turned up, and may carry it on to
        another goal, so this repeats until nothing more is reached.
        """
        revealed: list[int] = []
        progress = True
        while progress:
            progress = False
            for index, key in enumerate(GOAL_KEYS):
                if self.revealed[index]:
                    continue
                side = self._reaching_side(key, placed)
                if side:
                    self._turn_up(index, side)
                    revealed.append(index)
                    progress = True
        return revealed

    def _reaching_side(self, goal: int, placed: int) -> int:
        """The goal's side that a network card reaches with an open side, or 0.

        If several do, the card just placed decides; failing that the first
        side in N, E, S, W order (a project ruling, see docs/rules-notes.md).
        """
        reached = 0
        for side, step, back in SIDE_STEPS:
            neighbour = goal + step
            if neighbour in self.network and self.cells[neighbour] & back:
                if neighbour == placed:
                    return side
                reached = reached or side
        return reached

    def _turn_up(self, index: int, side: int) -> None:
        key = GOAL_KEYS[index]
        printed, turned_shape = GOAL_SHAPES[self.goals[index]]
        self.cells[key] = printed if printed & side else turned_shape
        self.revealed[index] = True
        self.network.add(key)
        self._spread_from(key)
        self._frontier = None
