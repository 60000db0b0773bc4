"""Routes through Saboteur 2's doors (docs/rules-saboteur2.md, section 4): where a
route begins and which card it may not enter, for everyone who walks the maze
tunnel by tunnel — the engine asking whether the gold is open to a colour
(:meth:`.maze.Maze.gold_open_to`), the bots counting the cards a route still
needs (``bots/maze_saboteur2.py``), the search bot's playouts.

A route is *open to* a colour when it passes no door of the other colour: a door
of one's own colour is a door like any card.  ``None`` asks for any route, which
no door closes (whether the round ends does not depend on the doors).

A route begins at the start card and at every ladder, which is always joined to
the start; it goes from tunnel to tunnel, never across a bridge from one tunnel
into the other and never out of a stub (:data:`.faces.TUNNEL_AT`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from .cards import START_CELL, START_SHAPE, cell_key
from .faces import FACES, LADDER_SIDES

#: The start card's cell (as :data:`.maze.START_KEY`, which imports this module).
_START_KEY: Final = cell_key(*START_CELL)


def route_starts(cells: dict[int, int], ladders: Iterable[int]) -> list[tuple[int, int]]:
    """``(cell key, sides)`` where every route begins: the start card, then each ladder."""
    return [(_START_KEY, START_SHAPE), *((key, LADDER_SIDES[cells[key]]) for key in ladders)]


def door_closes(face: int, colour: str | None) -> bool:
    """Whether the card lying as ``face`` closes routes open to ``colour``: it holds
    a door of the other colour.  No door closes a route asked for ``None``."""
    if colour is None:
        return False
    part = FACES[face]
    return part is not None and part.door != "" and part.door != colour


__all__ = ["door_closes", "route_starts"]
