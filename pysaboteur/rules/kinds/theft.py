"""Theft (Saboteur 2, docs/rules-saboteur2.md, "Action cards" and "Gold pieces").

A seat plays ``theft`` face up in front of itself, if none lies there yet.  At
the end of the round, once the winners are paid, every thief not trapped steals
one gold piece from another seat of its choice that has one: the seat that
played its theft last first, then the others clockwise from it.  Each choice is
a ``steal @<seat>`` move of the thief (not a turn); a thief with nobody to rob
steals nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..editions.saboteur2 import next_thief
from ..moves import STEAL, THEFT, Move, Notation, parse_target, register_notation
from ..reasons import Reason
from ..results import GoldPiecesResult
from . import Kind, register_kind

if TYPE_CHECKING:
    from ..game import Game


class Theft(Kind):
    name = THEFT

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        if seat not in game.state.thieves:
            moves.append(Move(seat, THEFT, THEFT))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if move.seat in game.state.thieves:
            return Reason("seat {seat} already has a theft in front of it", seat=move.seat)
        return None

    def apply(self, game: Game, move: Move) -> int:
        game.state.thieves.append(move.seat)
        return 1


class Steal(Kind):
    name = STEAL
    phase = "steal"
    is_turn = False
    has_target = True

    def list_turn(self, game: Game, seat: int, hand: list[str], moves: list[Move]) -> None:
        for victim, pieces in enumerate(game.gold_pieces):
            if victim != seat and pieces:
                moves.append(Move(seat, STEAL, target=victim))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if not 0 <= move.target < game.players:
            return Reason(
                "there is no seat {seat} in a {players}-player game",
                seat=move.target,
                players=game.players,
            )
        if move.target == move.seat:
            return Reason("a thief steals from another seat")
        if not game.gold_pieces[move.target]:
            return Reason("seat {target} has no gold pieces to steal", target=move.target)
        return None

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        thief, victim = move.seat, move.target
        game.gold_pieces[victim] -= 1
        game.gold_pieces[thief] += 1
        state.round_gold[victim] -= 1
        state.round_gold[thief] += 1
        assert isinstance(state.result, GoldPiecesResult)
        state.result.thefts.append([thief, victim])
        state.stealing.pop(0)
        next_thief(game)
        return 0


def _read_theft(seat: int, words: list[str]) -> Move | None:
    return Move(seat, THEFT, THEFT) if len(words) == 1 else None


def _read_steal(seat: int, words: list[str]) -> Move | None:
    return Move(seat, STEAL, target=parse_target(words[1])) if len(words) == 2 else None


register_kind(Theft())
register_kind(Steal())
register_notation(
    Notation(
        THEFT, (THEFT,), frozenset({"card"}), lambda move: THEFT, _read_theft,
        lambda move: move.card == THEFT,
    )
)  # fmt: skip
register_notation(
    Notation(
        STEAL, (STEAL,), frozenset({"target"}), lambda move: f"steal @{move.target}",
        _read_steal, None,
    )
)  # fmt: skip
