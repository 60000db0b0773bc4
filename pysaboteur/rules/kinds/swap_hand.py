"""Swap hands (Saboteur 2): the seat exchanges its whole hand with another seat's
(either may be empty).  The card is discarded first; then the other seat draws
one card and the seat that played it draws none (docs/rules-saboteur2.md).
Everyone sees who swapped with whom; each of the two now knows the other's old
hand, and nobody else does."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import SWAP_HAND, Move
from ..reasons import Reason
from ..round_state import Swap
from . import Kind, register_kind
from ._notations import register_aimed_notation

if TYPE_CHECKING:
    from ..game import Game


class SwapHand(Kind):
    name = SWAP_HAND
    has_target = True

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        for other in range(game.players):
            if other != seat:
                moves.append(Move(seat, SWAP_HAND, SWAP_HAND, target=other))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if move.target == move.seat:
            return Reason("swap hands is played with another seat")
        return None

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        seat, other = move.seat, move.target
        hands = state.hands
        state.discards.append(SWAP_HAND)
        # Each hand changes owner sorted: the order its cards arrived in would tell the
        # new owner which copies its old owner had discarded face down.
        gave, got = sorted(hands[seat]), sorted(hands[other])
        state.swaps.append(Swap(len(game.moves) - 1, seat, other, tuple(gave), tuple(got)))
        hands[seat], hands[other] = got, gave
        if state.draw_pile:
            hands[other].append(state.draw_pile.pop())
        return 0


register_kind(SwapHand())
register_aimed_notation(SWAP_HAND)
