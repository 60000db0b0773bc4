"""Swap hats (Saboteur 2): the chosen seat (the player's own included) gives up
its dwarf card face down, out for the round, and takes the top card of the role
reserve, which only it sees.  Not playable once the reserve is empty
(docs/rules-saboteur2.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import SWAP_HATS, Move
from ..reasons import Reason
from ..round_state import Look
from . import Kind, register_kind
from ._notations import register_aimed_notation

if TYPE_CHECKING:
    from ..game import Game


class SwapHats(Kind):
    name = SWAP_HATS
    has_target = True

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        if game.state.reserve:
            for target in range(game.players):
                moves.append(Move(seat, SWAP_HATS, SWAP_HATS, target=target))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if not game.state.reserve:
            return Reason("the role reserve is empty: no new dwarf card can be drawn")
        return None

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        target = move.target
        old = state.roles[target]
        state.hats_out.append(old)
        state.roles[target] = state.reserve.pop(0)
        state.looks.append(Look(len(game.moves) - 1, target, target, state.roles[target], old))
        state.discards.append(SWAP_HATS)
        return 1


register_kind(SwapHats())
register_aimed_notation(SWAP_HATS)
