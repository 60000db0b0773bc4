"""Hands off (Saboteur 2): removes the ``theft`` in front of any seat, itself
included; both cards go to the discard pile (docs/rules-saboteur2.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import HANDS_OFF, THEFT, Move
from ..reasons import Reason
from . import Kind, register_kind
from ._notations import register_aimed_notation

if TYPE_CHECKING:
    from ..game import Game


class HandsOff(Kind):
    name = HANDS_OFF
    has_target = True

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        for target in sorted(game.state.thieves):
            moves.append(Move(seat, HANDS_OFF, HANDS_OFF, target=target))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if move.target not in game.state.thieves:
            return Reason("seat {target} has no theft in front of it", target=move.target)
        return None

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        state.thieves.remove(move.target)
        state.discards += (HANDS_OFF, THEFT)
        return 1


register_kind(HandsOff())
register_aimed_notation(HANDS_OFF)
