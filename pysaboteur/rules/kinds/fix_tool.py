"""Repairs: ``fix-pick`` ... ``fix-lamp-cart`` mend one broken tool of any seat;
a card that shows two tools mends the one its player names (docs/rules.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import FIX_TOOLS, TOOL_BIT
from ..moves import FIX, Move, Notation, parse_target, register_notation
from ..reasons import Reason, joined
from . import Kind, register_kind

if TYPE_CHECKING:
    from ..game import Game


class FixTool(Kind):
    name = FIX
    has_target = True

    def list_moves(self, game: Game, seat: int, card: str, moves: list[Move]) -> None:
        broken = game.state.broken
        for tool in FIX_TOOLS[card]:
            bit = TOOL_BIT[tool]
            for target, bits in enumerate(broken):
                if bits & bit:
                    moves.append(Move(seat, FIX, card, 0, 0, target, tool))

    def why_illegal(self, game: Game, move: Move) -> str | None:
        if not game.state.broken[move.target] & TOOL_BIT[move.tool]:
            return Reason(
                "seat {target} has no broken {tool}",
                target=move.target,
                tool=Reason.word(move.tool, "tool"),
            )
        return None

    def apply(self, game: Game, move: Move) -> int:
        state = game.state
        state.broken[move.target] &= ~TOOL_BIT[move.tool]
        state.discards += (move.card, f"break-{move.tool}")
        return 1


def _write(move: Move) -> str:
    if len(FIX_TOOLS.get(move.card, ())) == 1:
        return f"{move.card} @{move.target}"
    return f"{move.card} {move.tool} @{move.target}"


def _read(seat: int, words: list[str]) -> Move | None:
    if len(words) not in (2, 3):
        return None
    head = words[0]
    shown = FIX_TOOLS[head]
    if len(words) == 3:
        tool = words[1]
        if tool not in shown:
            raise ValueError(
                Reason(
                    "{card} shows {tools}, not {tool!r}",
                    card=head,
                    tools=joined([Reason.word(each, "tool") for each in shown]),
                    tool=tool,
                )
            )
    elif len(shown) == 1:
        tool = shown[0]
    else:
        raise ValueError(
            Reason(
                "{card} repairs one of {first} or {second}: name which",
                card=head,
                first=Reason.word(shown[0], "tool"),
                second=Reason.word(shown[1], "tool"),
            )
        )
    return Move(seat, FIX, head, target=parse_target(words[-1]), tool=tool)


register_kind(FixTool())
register_notation(
    Notation(
        FIX,
        tuple(FIX_TOOLS),
        frozenset({"card", "target", "tool"}),
        _write,
        _read,
        lambda move: move.tool in FIX_TOOLS.get(move.card, ()),
    )
)
