"""Rockfall: take one tunnel card out of the maze, never the start or a goal
(docs/rules.md, "Action cards")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import cell_key
from ..moves import ROCKFALL, Move
from ..reasons import Reason
from . import Kind, register_kind
from ._notations import register_cell_notation

if TYPE_CHECKING:
    from ..game import Game


class Rockfall(Kind):
    name = ROCKFALL
    has_cell = True

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        for x, y in game.state.maze.tunnel_cells():
            moves.append(Move(seat, ROCKFALL, ROCKFALL, x, y))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        maze = game.state.maze
        if (move.x, move.y) == (0, 0):
            return Reason("rockfall cannot remove the start card")
        if maze.goal_index(move.x, move.y) is not None:
            return Reason("rockfall cannot remove a goal card")
        if not maze.is_tunnel(move.x, move.y):
            return Reason("there is no tunnel card at {x},{y}", x=move.x, y=move.y)
        return None

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        removed = state.maze.cells[cell_key(move.x, move.y)]
        state.maze.remove(move.x, move.y)
        state.discards += (ROCKFALL, game.edition.card_of_face[removed])
        return 1


register_kind(Rockfall())
register_cell_notation(ROCKFALL)
