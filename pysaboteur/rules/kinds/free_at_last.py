"""Free at last (Saboteur 2): removes the ``trapped`` in front of any seat, the
player's own included; both cards go to the discard pile (docs/rules-saboteur2.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import FREE_AT_LAST, TRAPPED, Move
from ..reasons import Reason
from . import Kind, register_kind
from ._notations import register_aimed_notation

if TYPE_CHECKING:
    from ..game import Game


class FreeAtLast(Kind):
    name = FREE_AT_LAST
    has_target = True

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        for target, trapped in enumerate(game.state.trapped):
            if trapped:
                moves.append(Move(seat, FREE_AT_LAST, FREE_AT_LAST, target=target))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if not game.state.trapped[move.target]:
            return Reason("seat {target} is not trapped", target=move.target)
        return None

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        state.trapped[move.target] = False
        state.discards += (FREE_AT_LAST, TRAPPED)
        return 1


register_kind(FreeAtLast())
register_aimed_notation(FREE_AT_LAST)
