"""What the action cards aimed at one seat share: their notation ``<card> @<seat>``."""

from __future__ import annotations

from ..moves import Move, Notation, parse_target, register_notation


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
