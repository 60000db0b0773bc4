"""Key (the Duel, docs/rules-duel.md, "Doors and keys"): a key token laid on a card
with a door of the other player's colour opens that card's doors to its owner for
the rest of the round.  Written ``key <x>,<y>``.

Only the Duel has key cards; the other editions refuse the move by its kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..duel_faces import COLOURS
from ..moves import Move
from ..reasons import Reason
from . import Kind, register_kind
from ._notations import register_cell_notation

if TYPE_CHECKING:
    from ..duel_maze import DuelMaze

KEY: Final = "key"


def key_error(maze: DuelMaze, seat: int, x: int, y: int) -> str | None:
    """Why the seat may not lay a key on the card at ``x, y``."""
    face = maze.faces.get((x, y))
    if face is None:
        return Reason("there is no face-up card at {x},{y}", x=x, y=y)
    other = COLOURS[1 - seat]
    if face.door_colour() != other:
        return Reason(
            "the card at {x},{y} has no {colour} door",
            x=x,
            y=y,
            colour=Reason.word(other, "colour"),
        )
    if (x, y) in maze.keys:
        return Reason("the card at {x},{y} already carries a key", x=x, y=y)
    if not maze.key_tokens_left():
        return Reason("no key token is left")
    return None


def list_keys(maze: DuelMaze, seat: int, moves: list[Move]) -> None:
    for x, y in sorted(maze.faces):
        if key_error(maze, seat, x, y) is None:
            moves.append(Move(seat, KEY, KEY, x, y))


class Key(Kind):
    name = KEY
    has_cell = True
    # Not a turn of the other editions: they refuse it as a kind they do not have.
    is_turn = False


register_kind(Key())
register_cell_notation(KEY)
