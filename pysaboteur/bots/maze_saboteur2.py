"""What a Saboteur 2 bot reads off the maze: how many cards a route still needs
to each goal, for each colour of door.

A Saboteur 2 card may hold several tunnels (a bridge), stubs that lead nowhere
and doors of a colour (docs/rules-saboteur2.md, section 4).  The base game's
:func:`~.maze_view.goal_distances` sees only open sides, so it would walk
across a bridge from one tunnel into the other and through a stub; this search
walks tunnel by tunnel instead, as the engine's start network does.

A route is *open to* a colour when it passes no door of the other colour, and
the gold counts for a team only along such a route (``Maze.gold_open_to``; where
routes begin and which door closes one is :mod:`pysaboteur.rules.routes_saboteur2`,
shared with the engine), so the distance is asked for a colour: ``"green"`` and
``"blue"`` skip the other colour's doors, ``None`` (any route) skips none, which
is what decides whether the round ends.  As in the base game an empty cell costs one card (whatever
card would fit there) and a card already lying there costs nothing if the
route may pass its tunnel, connected to the start or not.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Final

from ..native.maze_query import native_routes_saboteur2
from ..rules.cards import cell_key, parse_shape
from ..rules.faces import LADDER_SIDES, TUNNEL_AT
from ..rules.maze import GOAL_KEYS, SIDE_STEPS, Maze
from ..rules.moves import PLACE, Move
from ..rules.routes_saboteur2 import door_closes, route_starts
from .maze_view import FAR

#: Routes that leave this box are never the shortest way to a goal.
_INSIDE: Final = frozenset(cell_key(x, y) for x in range(-6, 14) for y in range(-9, 10))
_OPEN_GROUND: Final = _INSIDE - set(GOAL_KEYS)
#: The modes of :func:`route_distances`: any route, then open to each colour.
MODES: Final[tuple[str | None, ...]] = (None, "green", "blue")


def route_distances(
    cells: dict[int, int], ladders: set[int], revealed: list[bool], colour: str | None
) -> list[int]:
    """Cards still to lay before a route open to ``colour`` reaches each goal.

    0 for a goal already face up (or reached by the cards lying there), ``FAR``
    where no route can reach it.  A 0-1 breadth-first search from the start
    and every ladder (always joined to the start) over ``(cell, tunnel)``.
    """
    goal_index = {key: index for index, key in enumerate(GOAL_KEYS) if not revealed[index]}
    result = [0 if up else FAR for up in revealed]
    remaining = len(goal_index)
    if not remaining:
        return result
    seen: set[int] = set()  # cell key * 16 + the sides of the tunnel entered
    queue = deque((key, sides, 0) for key, sides in route_starts(cells, ladders))
    while queue:
        key, sides, cost = queue.popleft()
        state = key << 4 | sides
        if state in seen:
            continue
        seen.add(state)
        for side, step, back in SIDE_STEPS:
            if not sides & side:
                continue
            neighbour = key + step
            if neighbour in goal_index:
                index = goal_index.pop(neighbour)
                result[index] = cost
                remaining -= 1
                if not remaining:
                    return result
                continue
            other = cells.get(neighbour)
            if other is None:
                if neighbour in _OPEN_GROUND and (neighbour << 4 | 15) not in seen:
                    queue.append((neighbour, 15, cost + 1))
                continue
            tunnel = TUNNEL_AT[other << 4 | back]
            if not tunnel or (neighbour << 4 | tunnel) in seen:
                continue  # a wall, a stub or a dead end; or a tunnel already walked
            if colour is not None and door_closes(other, colour):  # no call for any route
                continue
            queue.appendleft((neighbour, tunnel, cost))
    return result


def maze_distances(maze: Maze, colour: str | None) -> list[int]:
    return route_distances(maze.cells, maze.ladders, maze.revealed, colour)


def distances_after(
    maze: Maze, move: Move, modes: tuple[str | None, ...] = MODES
) -> list[list[int]]:
    """:func:`route_distances` for each mode once a placement or a rockfall is made.

    A card that reaches a goal gives it distance 0 without turning it up:
    what lies behind a stone does not matter for the move that reaches it.
    """
    cells = dict(maze.cells)
    ladders = maze.ladders
    key = cell_key(move.x, move.y)
    if move.kind == PLACE:
        face = parse_shape(move.card)
        cells[key] = face
        if LADDER_SIDES[face]:
            ladders = {*ladders, key}
    else:
        cells.pop(key, None)
        if key in ladders:
            ladders = ladders - {key}
    return [route_distances(cells, ladders, maze.revealed, mode) for mode in modes]


def routes_now_and_after(
    maze: Maze, moves: Sequence[Move]
) -> tuple[list[list[int]], list[list[list[int]]]]:
    """:func:`maze_distances` in each of the ``MODES`` and :func:`distances_after` of
    each placement or rockfall in ``moves``: from the core in one call where it is
    built, else here."""
    found = native_routes_saboteur2(maze, moves)
    if found is not None:
        return found
    return [maze_distances(maze, mode) for mode in MODES], [distances_after(maze, m) for m in moves]
