"""Inspection (Saboteur 2): look at another seat's dwarf card; only the inspecting
seat sees it, everyone sees whose card was looked at (docs/rules-saboteur2.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import INSPECTION, Move
from ..reasons import Reason
from ..round_state import Look
from . import Kind, register_kind
from ._notations import register_aimed_notation

if TYPE_CHECKING:
    from ..game import Game


class Inspection(Kind):
    name = INSPECTION
    has_target = True

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        for other in range(game.players):
            if other != seat:
                moves.append(Move(seat, INSPECTION, INSPECTION, target=other))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if move.target == move.seat:
            return Reason("inspection looks at another seat's dwarf card")
        return None

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        state.looks.append(
            Look(len(game.moves) - 1, move.seat, move.target, state.roles[move.target])
        )
        state.discards.append(INSPECTION)
        return 1


register_kind(Inspection())
register_aimed_notation(INSPECTION)
