"""Gold picks (base game, docs/rules.md, "Gold"): once the gold is reached the
finder looks at the gold cards drawn, keeps one and passes the rest on to the
next miner counter-clockwise, until none is left.  Picks are not turns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..editions.base import next_picker, offer_gold
from ..moves import TAKE, Move, Notation, register_notation
from ..reasons import Reason
from ..results import MINERS, RoundResult
from . import Kind, register_kind

if TYPE_CHECKING:
    from ..game import Game


class Take(Kind):
    name = TAKE
    phase = "gold"
    is_turn = False

    def list_turn(self, game: Game, seat: int, hand: list[str], moves: list[Move]) -> None:
        for value in sorted(set(game.state.offer), reverse=True):
            moves.append(Move(seat, TAKE, value=value))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if move.value not in game.state.offer:
            return Reason("no gold card of value {value} is offered", value=move.value)
        return None

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        seat = move.seat
        state.offer.remove(move.value)
        game.gold_kept[seat].append(move.value)
        state.round_gold[seat] += move.value
        if state.offer:
            offer_gold(game, next_picker(game, seat))
        else:
            game.end_round(RoundResult(MINERS, state.finder, list(state.round_gold)))
        return 0


def _read(seat: int, words: list[str]) -> Move | None:
    if len(words) != 2:
        return None
    if words[1] not in ("1", "2", "3"):
        raise ValueError(Reason("a gold card's value is 1, 2 or 3"))
    return Move(seat, TAKE, value=int(words[1]))


register_kind(Take())
register_notation(
    Notation(
        TAKE,
        (TAKE,),
        frozenset({"value"}),
        lambda move: f"take {move.value}" if move.value else TAKE,
        _read,
        lambda move: move.value in (1, 2, 3),
    )
)
