"""Clearing (Saboteur 2's third turn choice): discard two cards face down and
remove one card lying in front of oneself: a broken tool, a ``trapped`` or
one's own ``theft``; then draw one (docs/rules-saboteur2.md, "A turn").
Written ``clear <front> <card> <card>``; others see ``clear <front> ? ?``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import BREAK_TOOL, TOOL_BIT
from ..moves import CLEAR, THEFT, TRAPPED, Move, Notation, register_notation
from ..reasons import Reason
from . import Kind, register_kind
from .discard import card_sets, read_card, written_card

if TYPE_CHECKING:
    from ..game import Game

#: What may lie in front of a seat, in the order clears are listed.
FRONT_CARDS = (*BREAK_TOOL, TRAPPED, THEFT)


def front_of(game: Game, seat: int) -> list[str]:
    """The cards lying in front of ``seat`` that a clear could remove."""
    state = game.state
    lying = [card for card, tool in BREAK_TOOL.items() if state.broken[seat] & TOOL_BIT[tool]]
    if state.trapped and state.trapped[seat]:
        lying.append(TRAPPED)
    if seat in state.thieves:
        lying.append(THEFT)
    return lying


class Clear(Kind):
    name = CLEAR

    def list_turn(self, game: Game, seat: int, hand: list[str], moves: list[Move]) -> None:
        if len(hand) < 2:
            return
        lying = front_of(game, seat)
        if lying:
            pairs = card_sets(hand, 2)
            new = tuple.__new__  # the named tuple's constructor costs a call more for each
            append = moves.append
            for front in lying:
                for first, second in pairs:
                    append(new(Move, (seat, CLEAR, first, 0, 0, -1, "", 0, (second,), front)))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if move.front not in front_of(game, move.seat):
            return Reason(
                "seat {seat} has no {front} in front of it",
                seat=move.seat,
                front=Reason.word(move.front, "card"),
            )
        return None

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        seat, front = move.seat, move.front
        if front in BREAK_TOOL:
            state.broken[seat] &= ~TOOL_BIT[BREAK_TOOL[front]]
        elif front == TRAPPED:
            state.trapped[seat] = False
        else:
            state.thieves.remove(seat)
        state.discards += (*move.cards_played(), front)
        return 1


def _read(seat: int, words: list[str]) -> Move | None:
    if len(words) != 4:
        return None
    if words[1] not in FRONT_CARDS:
        raise ValueError(Reason("{word!r} cannot lie in front of a seat", word=words[1]))
    cards = sorted(read_card(word) for word in words[2:])
    return Move(seat, CLEAR, cards[0], also=(cards[1],), front=words[1])


def _write(move: Move) -> str:
    cards = " ".join(written_card(card) for card in (move.card, *move.also))
    return f"clear {move.front} {cards}"


def _well_formed(move: Move) -> bool:
    return (
        move.front in FRONT_CARDS
        and len(move.also) == 1
        and bool(move.card)
        and bool(move.also[0])
        and move.card <= move.also[0]
    )


register_kind(Clear())
register_notation(
    Notation(CLEAR, (CLEAR,), frozenset({"card", "also", "front"}), _write, _read, _well_formed)
)
