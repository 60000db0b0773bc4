"""Bribe (the Duel, docs/rules-duel.md, "Trolls and bribes"): one of the player's
counters laid on a troll his network touches opens that troll's side to him.  A
bribe is a move of its own, before the main move: it plays no card, draws none
and keeps the turn.  Written ``bribe <x>,<y>`` (a card has at most one troll).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..moves import Move, Notation, parse_cell, register_notation
from ..reasons import Reason
from . import Kind, register_kind

if TYPE_CHECKING:
    from ..duel_maze import DuelMaze

BRIBE: Final = "bribe"


def bribe_error(maze: DuelMaze, seat: int, x: int, y: int) -> str | None:
    """Why the seat may not bribe the troll of the card at ``x, y``."""
    from ..duel_maze import STEP_OF

    cell = (x, y)
    face = maze.faces.get(cell)
    if face is None or not face.troll:
        return Reason("there is no troll at {x},{y}", x=x, y=y)
    if seat in maze.bribes.get(cell, ()):
        return Reason("seat {seat} has already bribed the troll at {x},{y}", seat=seat, x=x, y=y)
    if not maze.counters_left(seat):
        return Reason("seat {seat} has no counter left", seat=seat)
    side = face.troll
    (dx, dy), back = STEP_OF[side]
    there = (x + dx, y + dy)
    other = maze.faces.get(there)
    network = maze.network_of(seat)
    touches = (cell, face.tunnel_at(side)) in network or (
        other is not None and (there, other.tunnel_at(back)) in network
    )
    if not touches:
        return Reason(
            "the troll at {x},{y} does not touch seat {seat}'s network", x=x, y=y, seat=seat
        )
    return None


def list_bribes(maze: DuelMaze, seat: int, moves: list[Move]) -> None:
    for x, y in sorted(cell for cell, face in maze.faces.items() if face.troll):
        if bribe_error(maze, seat, x, y) is None:
            moves.append(Move(seat, BRIBE, "", x, y))


class Bribe(Kind):
    name = BRIBE
    has_cell = True
    is_turn = False  # it keeps the turn (and the other editions have no bribes)


def _read(seat: int, words: list[str]) -> Move | None:
    if len(words) != 2:
        return None
    x, y = parse_cell(words[1])
    return Move(seat, BRIBE, "", x, y)


register_kind(Bribe())
register_notation(
    Notation(
        BRIBE,
        (BRIBE,),
        frozenset({"x", "y"}),
        lambda move: f"bribe {move.x},{move.y}",
        _read,
        None,
    )
)
