"""Trapped (Saboteur 2): played in front of another seat not trapped already.
A trapped seat cannot place path cards; still trapped at the round's end, it
is no winner, gets no gold and does not steal (docs/rules-saboteur2.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import TRAPPED, Move
from ..reasons import Reason
from . import Kind, register_kind
from ._notations import register_aimed_notation

if TYPE_CHECKING:
    from ..game import Game


class Trapped(Kind):
    name = TRAPPED
    has_target = True

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        for target, trapped in enumerate(game.state.trapped):
            if target != seat and not trapped:
                moves.append(Move(seat, TRAPPED, TRAPPED, target=target))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if move.target == move.seat:
            return Reason("trapped is played in front of another seat")
        if game.state.trapped[move.target]:
            return Reason("seat {target} is trapped already", target=move.target)
        return None

    def apply(self, game: Game, move: Move) -> int:
        game.state.trapped[move.target] = True
        return 1


register_kind(Trapped())
register_aimed_notation(TRAPPED)
