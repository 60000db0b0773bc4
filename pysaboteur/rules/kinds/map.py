"""Map: look at one face-down goal card; only the player sees it, everyone sees
which goal was looked at (docs/rules.md, "Action cards")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import GOAL_CELLS
from ..moves import MAP, Move
from ..reasons import Reason
from . import Kind, register_kind
from ._notations import register_cell_notation

if TYPE_CHECKING:
    from ..game import Game


class Map(Kind):
    name = MAP
    has_cell = True

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        revealed = game.state.maze.revealed
        for index, (x, y) in enumerate(GOAL_CELLS):
            if not revealed[index]:
                moves.append(Move(seat, MAP, MAP, x, y))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        maze = game.state.maze
        index = maze.goal_index(move.x, move.y)
        if index is None:
            return Reason("there is no goal card at {x},{y}", x=move.x, y=move.y)
        if maze.revealed[index]:
            return Reason("the goal at {x},{y} is already face up", x=move.x, y=move.y)
        return None

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        index = state.maze.goal_index(move.x, move.y)
        assert index is not None
        state.maps[move.seat][index] = state.maze.goals[index]
        state.discards.append(MAP)
        return 1


register_kind(Map())
register_cell_notation(MAP)
