"""Reading an observation's history: who made a move, what came since, which cells changed.

History moves are strings in the record notation, except that others' face-down
discards and gold picks come as ``"1 discard"`` and ``"1 take"``, which
:meth:`Move.parse` cannot read; so these functions read the words themselves.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rules import Observation
from ..rules.moves import read_seen_move
from .maze_view import Cell


def mover(move: str) -> int:
    """The seat that made a move of the history."""
    return read_seen_move(move).seat


def moves_since_own_turn(observation: Observation) -> list[str]:
    """The moves of this round made after the viewer's last move in it."""
    history = observation["history"][-1] if observation["history"] else []
    viewer = observation.get("seat")
    start = 0
    for index, text in enumerate(history):
        if mover(text) == viewer:
            start = index + 1
    return list(history[start:])


def changed_cells(moves: Iterable[str]) -> list[Cell]:
    """The cells that placements and rockfalls among ``moves`` changed."""
    cells = []
    for text in moves:
        words = text.split(" ")
        if len(words) >= 3 and words[1] in ("place", "rockfall"):
            x, _, y = words[-1].partition(",")
            cells.append((int(x), int(y)))
    return cells
