"""Broken tools: ``break-pick``, ``break-lamp``, ``break-cart`` on any seat
(docs/rules.md, "Action cards"). A seat with a broken tool cannot place path cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import BREAK_TOOL, TOOL_BIT
from ..moves import BREAK, Move, Notation, parse_target, register_notation
from ..reasons import Reason
from . import Kind, register_kind

if TYPE_CHECKING:
    from ..game import Game

_BREAK_BIT = {card: TOOL_BIT[tool] for card, tool in BREAK_TOOL.items()}


class BreakTool(Kind):
    name = BREAK
    has_target = True

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        bit = _BREAK_BIT[card]
        tool = BREAK_TOOL[card]
        for target, bits in enumerate(game.state.broken):
            if not bits & bit:
                moves.append(Move(seat, BREAK, card, 0, 0, target, tool))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if game.state.broken[move.target] & TOOL_BIT[move.tool]:
            return Reason(
                "seat {target} already has a broken {tool}",
                target=move.target,
                tool=Reason.word(move.tool, "tool"),
            )
        return None

    def apply(self, game: Game, move: Move) -> int:
        game.state.broken[move.target] |= TOOL_BIT[move.tool]
        return 1


def _read(seat: int, words: list[str]) -> Move | None:
    if len(words) != 2:
        return None
    return Move(seat, BREAK, words[0], target=parse_target(words[1]), tool=BREAK_TOOL[words[0]])


register_kind(BreakTool())
register_notation(
    Notation(
        BREAK,
        tuple(BREAK_TOOL),
        frozenset({"card", "target", "tool"}),
        lambda move: f"{move.card} @{move.target}",
        _read,
        lambda move: BREAK_TOOL.get(move.card) == move.tool,
    )
)
