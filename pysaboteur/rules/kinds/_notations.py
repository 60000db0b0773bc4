"""The notations several kinds share: ``<card> @<seat>`` and ``<card> <x>,<y>``."""

from __future__ import annotations

from ..moves import Move, Notation, parse_cell, parse_target, register_notation


def register_aimed_notation(kind: str) -> None:
    """``<kind> @<seat>``: the card is the kind's own, aimed at a seat."""

    def read(seat: int, words: list[str]) -> Move | None:
        if len(words) != 2:
            return None
        return Move(seat, kind, kind, target=parse_target(words[1]))

    register_notation(
        Notation(
            kind,
            (kind,),
            frozenset({"card", "target"}),
            lambda move: f"{move.card} @{move.target}",
            read,
            lambda move: move.card == kind,
        )
    )


def register_cell_notation(kind: str) -> None:
    """``<kind> <x>,<y>``: the card is the kind's own, played on a cell."""

    def read(seat: int, words: list[str]) -> Move | None:
        if len(words) != 2:
            return None
        x, y = parse_cell(words[1])
        return Move(seat, kind, kind, x, y)

    register_notation(
        Notation(
            kind,
            (kind,),
            frozenset({"card", "x", "y"}),
            lambda move: f"{kind} {move.x},{move.y}",
            read,
            lambda move: move.card == kind,
        )
    )
