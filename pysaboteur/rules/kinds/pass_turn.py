"""Passing: only with an empty hand; the seat still draws while the pile lasts
(docs/rules.md, "Rulings")."""

from __future__ import annotations

from ..moves import PASS, Move, Notation, register_notation
from . import Kind, register_kind


class Pass(Kind):
    name = PASS  # legal_moves offers it alone, to a seat with an empty hand


def _read(seat: int, words: list[str]) -> Move | None:
    return Move(seat, PASS) if len(words) == 1 else None


register_kind(Pass())
register_notation(Notation(PASS, (PASS,), frozenset(), lambda move: PASS, _read, None))
