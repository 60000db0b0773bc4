"""The heuristic bots' maze questions, answered by the core (core/maze_query.cpp,
core/routes_saboteur2.cpp): how many cards the start network (Saboteur 2: a route,
for each colour of door) still needs to reach each goal, now and after each
candidate placement or rockfall, all in one call.

:mod:`pysaboteur.bots.maze_view` and :mod:`pysaboteur.bots.maze_saboteur2` stay the
reference and answer where the core is not built or ``PYSABOTEUR_PURE`` is set (the
functions here then say None). An observation has no round of the core behind it,
so the maze goes over as its cells, and the core finds the network again as
``Maze.from_cells`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..rules.cards import GOAL_CARDS, cell_key, parse_shape
from ..rules.editions import find_edition
from ..rules.maze import Maze
from ..rules.moves import PLACE, Move
from . import core
from .engine import engine_for
from .playout import saboteur2_tables

_BASE: Final = find_edition("base")
_SABOTEUR2: Final = find_edition("saboteur2")
#: The face of a change that takes the card out (a rockfall).
REMOVED: Final = -1


def _cells_and_changes(maze: Maze, changes: Sequence[Move]) -> tuple[list[int], ...]:
    """The maze's cell keys and faces, then the cell key and the face laid (or
    REMOVED) of each placement or rockfall, as the core takes them."""
    keys = [cell_key(move.x, move.y) for move in changes]
    faces = [parse_shape(move.card) if move.kind == PLACE else REMOVED for move in changes]
    return list(maze.cells), list(maze.cells.values()), keys, faces


def native_distances(
    maze: Maze, changes: Sequence[Move]
) -> tuple[list[int], list[list[int]]] | None:
    """``maze_view.goal_distances(maze)`` and ``maze_view.distances_after(maze, move)``
    for each placement or rockfall in ``changes``; None where the core does not answer."""
    engine = engine_for(_BASE)
    if engine is None:
        return None
    assert core is not None
    goals = [GOAL_CARDS.index(goal) for goal in maze.goals]
    now, after = core.maze_distances(
        engine.tables, goals, maze.revealed, *_cells_and_changes(maze, changes)
    )
    return now, after


def native_routes_saboteur2(
    maze: Maze, changes: Sequence[Move]
) -> tuple[list[list[int]], list[list[list[int]]]] | None:
    """``maze_saboteur2.maze_distances(maze, mode)`` for each of its ``MODES``, and
    ``maze_saboteur2.distances_after(maze, move)`` for each placement or rockfall in
    ``changes``; None where the core does not answer."""
    engine = engine_for(_SABOTEUR2)
    if engine is None:
        return None
    assert core is not None
    saboteur2 = saboteur2_tables(_SABOTEUR2)
    now, after = core.saboteur2_route_distances(
        engine.tables, saboteur2, maze.revealed, *_cells_and_changes(maze, changes)
    )
    return now, after
