"""The maze: placed cards, the start network, where a path card may go, goals.

The start network is made of *tunnels* (a card's connected groups of sides,
:mod:`.faces`), not of cards: a bridge holds two tunnels, and only the one
reached is in the network; a stub never joins it; a ladder's tunnel is in it
wherever the ladder lies.  ``network`` maps each cell with a tunnel in the
network to the sides of its tunnels that are; in the base game that is every
open side of a connected card.

This is the hot path of every simulation, so it works on packed cell keys and
side bit masks (see :mod:`.cards`) and keeps the start network up to date
incrementally instead of searching it again for every question.
"""

from __future__ import annotations

from typing import Final

from .cards import (
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
from .faces import FACES, LADDER_SIDES, TUNNEL_AT
from .reasons import Reason
from .routes_saboteur2 import door_closes, route_starts

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

#: For each 4-bit mask of sides, the ``SIDE_STEPS`` of just those sides.
_STEPS_OF: Final = tuple(
    tuple(steps for steps in SIDE_STEPS if steps[0] & sides) for sides in range(16)
)

START_KEY: Final = cell_key(*START_CELL)
GOAL_KEYS: Final = tuple(cell_key(x, y) for x, y in GOAL_CELLS)
_GOAL_KEY_SET: Final = frozenset(GOAL_KEYS)
#: Cells next to a goal, where no ladder may lie.
_NEXT_TO_GOALS: Final = frozenset(goal + step for goal in GOAL_KEYS for _, step, _ in SIDE_STEPS)


class Maze:
    """The cards in the maze of one round, and the start network through them."""

    __slots__ = ("_frontier", "_ladder_cells", "cells", "goals", "ladders", "network", "revealed")

    def __init__(self, goals: tuple[str, str, str] | list[str]) -> None:
        #: The goal card at each goal cell (``y = -2, 0, 2``).
        self.goals = tuple(goals)
        #: Face of every face-up card by cell key: start, tunnels, revealed goals.
        self.cells: dict[int, int] = {START_KEY: START_SHAPE}
        #: The sides of each cell's tunnels that are in the start network.
        self.network: dict[int, int] = {START_KEY: START_SHAPE}
        #: Cells holding a ladder (Saboteur 2): always in the network.
        self.ladders: set[int] = set()
        self.revealed = [False, False, False]
        self._frontier: list[tuple[int, int, int, int]] | None = None
        self._ladder_cells: list[tuple[int, int, int, int, int]] | None = None

    @classmethod
    def from_cells(cls, goals: list[str], cells: dict[int, int], revealed: list[bool]) -> Maze:
        """A maze holding ``cells`` (start and face-up goals included), its network found."""
        maze = cls(goals)
        maze.cells = dict(cells)
        maze.revealed = list(revealed)
        maze.ladders = {key for key, face in cells.items() if LADDER_SIDES[face]}
        maze._find_network()
        return maze

    @classmethod
    def restored(
        cls,
        goals: tuple[str, ...],
        cells: dict[int, int],
        network: dict[int, int],
        revealed: list[bool],
    ) -> Maze:
        """A maze as another engine held it (the native core): its cells and network
        as they are, nothing searched again."""
        maze = cls.__new__(cls)
        maze.goals = goals
        maze.cells = cells
        maze.network = network
        maze.ladders = {key for key, face in cells.items() if LADDER_SIDES[face]}
        maze.revealed = revealed
        maze._frontier = None
        maze._ladder_cells = None
        return maze

    def copy(self) -> Maze:
        other = Maze.__new__(Maze)
        other.goals = self.goals
        other.cells = self.cells.copy()
        other.network = self.network.copy()
        other.ladders = self.ladders.copy()
        other.revealed = self.revealed.copy()
        other._frontier = self._frontier
        other._ladder_cells = self._ladder_cells
        return other

    # -- questions -------------------------------------------------------------

    def frontier(self) -> list[tuple[int, int, int, int]]:
        """``(key, x, y, fits)`` for every empty cell where some path card fits.

        ``fits`` has bit ``s`` set for each open-side pattern ``s`` that a card
        may have there.  Ordered by ``x``, then ``y``.  (Ladders follow their
        own rule: :meth:`ladder_cells`.)
        """
        if self._frontier is None:
            self._frontier = self._compute_frontier()
        return self._frontier

    def _compute_frontier(self) -> list[tuple[int, int, int, int]]:
        cells = self.cells
        network = self.network
        goals = _GOAL_KEY_SET
        candidates = set()
        for key, sides in network.items():
            for _side, step, _back in _STEPS_OF[sides]:
                neighbour = key + step
                if neighbour not in cells and neighbour not in goals:
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
                    if neighbour in network and network[neighbour] & back:
                        reach |= side
                else:
                    must_wall |= side
            fits = FITS[must_open | must_wall << 4 | reach << 8]
            if fits:
                frontier.append((key, *cell_xy(key), fits))
        return frontier

    def ladder_cells(self) -> list[tuple[int, int, int, int, int]]:
        """``(key, x, y, must_open, must_wall)`` for every empty cell a ladder may go to.

        A ladder needs no connection: it must touch (lie next to) a placed path
        card or the start, lie next to no goal, and match every neighbour's sides.
        """
        if self._ladder_cells is None:
            self._ladder_cells = self._compute_ladder_cells()
        return self._ladder_cells

    def _compute_ladder_cells(self) -> list[tuple[int, int, int, int, int]]:
        cells = self.cells
        candidates = {
            key + step
            for key in cells
            if key not in GOAL_KEYS
            for _, step, _ in SIDE_STEPS
            if key + step not in cells
            and key + step not in _NEXT_TO_GOALS
            and key + step not in GOAL_KEYS
        }
        found = []
        for key in sorted(candidates):
            must_open = must_wall = 0
            for side, step, back in SIDE_STEPS:
                other = cells.get(key + step)
                if other is not None:
                    if other & back:
                        must_open |= side
                    else:
                        must_wall |= side
            found.append((key, *cell_xy(key), must_open, must_wall))
        return found

    def placement_error(self, shape: int, x: int, y: int) -> str | None:
        """Why a card lying as ``shape`` may not go at ``x, y`` (placement rules)."""
        key = cell_key(x, y)
        if key == START_KEY:
            return Reason("cell {x},{y} holds the start card", x=x, y=y)
        if key in GOAL_KEYS:
            return Reason("cell {x},{y} holds a goal card", x=x, y=y)
        if key in self.cells:
            return Reason("cell {x},{y} is not empty", x=x, y=y)
        ladder = LADDER_SIDES[shape]
        if ladder and key in _NEXT_TO_GOALS:
            return Reason("a ladder may not lie next to a goal card, as {x},{y} does", x=x, y=y)
        touches_network = touches_card = False
        for side, step, back in SIDE_STEPS:
            neighbour = key + step
            other = self.cells.get(neighbour)
            if other is None:
                continue
            touches_card = True
            where = "{},{}".format(*cell_xy(neighbour))
            if shape & side and not other & back:
                return Reason(
                    "side {side} meets a wall of the card at {cell}",
                    side=SIDE_NAMES[side],
                    cell=where,
                )
            if not shape & side and other & back:
                return Reason(
                    "side {side} is a wall against an open side of the card at {cell}",
                    side=SIDE_NAMES[side],
                    cell=where,
                )
            if shape & side and self.network.get(neighbour, 0) & back:
                touches_network = True
        if ladder:
            return None if touches_card else Reason("a ladder must lie next to a path card")
        if not touches_network:
            return Reason(
                "none of its open sides meets an open side of a card in the start network"
            )
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

    def crystals(self) -> int:
        """Crystals on the face-up cards of the maze, connected or not."""
        return sum(1 for face in self.cells.values() if (part := FACES[face]) and part.crystal)

    def gold_open_to(self, colour: str) -> bool:
        """Whether a route from the start (or from any ladder) reaches the gold
        through no door of another colour than ``colour``."""
        gold = GOAL_KEYS[self.goals.index("gold")]
        if gold not in self.cells:
            return False
        cells = self.cells
        passable: dict[int, int] = {}
        stack = route_starts(cells, self.ladders)
        for key, sides in stack:
            passable[key] = passable.get(key, 0) | sides
        while stack:
            here, sides = stack.pop()
            for side, step, back in SIDE_STEPS:
                if sides & side:
                    neighbour = here + step
                    other = cells.get(neighbour)
                    if other is None:
                        continue
                    tunnel = TUNNEL_AT[other << 4 | back]
                    if not tunnel or passable.get(neighbour, 0) & tunnel:
                        continue
                    if door_closes(other, colour):
                        continue
                    passable[neighbour] = passable.get(neighbour, 0) | tunnel
                    stack.append((neighbour, tunnel))
        return gold in passable

    # -- changes -----------------------------------------------------------------

    def place(self, shape: int, x: int, y: int) -> list[int]:
        """Lay a card (already checked) and return the goals it revealed, in order."""
        key = cell_key(x, y)
        cells = self.cells
        network = self.network
        cells[key] = shape
        self._frontier = None
        self._ladder_cells = None
        joined = LADDER_SIDES[shape]
        if joined:
            self.ladders.add(key)
        for side, step, back in _STEPS_OF[shape & 15]:
            neighbour = key + step
            if neighbour in network and network[neighbour] & back:
                joined |= TUNNEL_AT[shape << 4 | side]
        if not joined:
            return []  # a dead end never joins the network, so it reaches nothing
        network[key] = joined
        self._spread_from(key, joined)
        return self._reveal_reached_goals(key)

    def remove(self, x: int, y: int) -> None:
        """Take a tunnel card out (rockfall) and find the start network again."""
        key = cell_key(x, y)
        del self.cells[key]
        self.ladders.discard(key)
        self._frontier = None
        self._ladder_cells = None
        self._find_network()

    def _find_network(self) -> None:
        self.network = {START_KEY: START_SHAPE}
        self._spread_from(START_KEY, START_SHAPE)
        for key in self.ladders:
            sides = LADDER_SIDES[self.cells[key]]
            if not self.network.get(key, 0) & sides:
                self.network[key] = self.network.get(key, 0) | sides
                self._spread_from(key, sides)

    def _spread_from(self, key: int, sides: int) -> None:
        """Add every tunnel reachable from the ``sides`` of ``key`` to the network."""
        cells = self.cells
        network = self.network
        stack = [(key, sides)]
        while stack:
            here, open_sides = stack.pop()
            for _side, step, back in _STEPS_OF[open_sides]:
                neighbour = here + step
                other = cells.get(neighbour)
                if other is not None:
                    tunnel = TUNNEL_AT[other << 4 | back]
                    if tunnel:
                        # Not network.get(): a method call costs more on this hot path.
                        known = network[neighbour] if neighbour in network else 0  # noqa: SIM401
                        if not known & tunnel:
                            network[neighbour] = known | tunnel
                            stack.append((neighbour, tunnel))

    def _reveal_reached_goals(self, placed: int) -> list[int]:
        """Turn up every face-down goal that the network reaches (docs/rules.md).

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
        """The goal's side that a network tunnel reaches, or 0.

        If several do, the card just placed decides; failing that the first
        side in N, E, S, W order (a project ruling, see docs/rules.md).
        """
        reached = 0
        network = self.network
        for side, step, back in SIDE_STEPS:
            neighbour = goal + step
            if neighbour in network and network[neighbour] & back:
                if neighbour == placed:
                    return side
                reached = reached or side
        return reached

    def _turn_up(self, index: int, side: int) -> None:
        key = GOAL_KEYS[index]
        printed, turned_shape = GOAL_SHAPES[self.goals[index]]
        shape = printed if printed & side else turned_shape
        self.cells[key] = shape
        self.revealed[index] = True
        self.network[key] = shape
        self._spread_from(key, shape)
        self._frontier = None
        self._ladder_cells = None
