"""The state of the round in play, apart from the game that holds it.

Everything a round changes lives in one :class:`RoundState`, so that copying a
game (for search) copies exactly its fields: :meth:`RoundState.copy` follows
from the field list, and a field added later is copied with the others.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Final

from .maze import Maze
from .results import Result


@dataclass
class Swap:
    """A ``swap-hand``: who swapped with whom, and the two hands as they were."""

    move: int  # the move's index in the round
    seat: int
    other: int
    gave: tuple[str, ...]  # the seat's hand, now the other's
    got: tuple[str, ...]  # the other's hand, now the seat's


@dataclass(frozen=True)
class Look:
    """A seat looked at a dwarf card: its own new one or another seat's (Saboteur 2)."""

    move: int
    viewer: int
    seat: int
    role: str
    #: After a swap-hats, the dwarf card the seat gave up (it knew it): out for the round.
    laid_aside: str = ""


@dataclass
class RoundState:
    """What changes during one round."""

    roles: list[str]
    hands: list[list[str]]
    draw_pile: list[str]  # bottom first, so that pop() draws the top
    maze: Maze
    first: int
    to_move: int | None
    #: Broken tools in front of each seat, a bit per tool (:data:`cards.TOOL_BIT`).
    broken: list[int]
    #: Goals each seat has looked at with a map: goal index -> goal card.
    maps: list[dict[int, str]]
    discards: list[str] = field(default_factory=list)
    last_turn: int | None = None
    last_path: int | None = None
    finder: int | None = None
    #: Gold cards on offer (base game) while the gold is shared out.
    offer: list[int] = field(default_factory=list)
    #: What each seat has won this round (nuggets, or gold pieces).
    round_gold: list[int] = field(default_factory=list)
    # -- Saboteur 2 -------------------------------------------------------------------
    trapped: list[bool] = field(default_factory=list)
    #: Seats with a theft in front of them, in the order they played it.
    thieves: list[int] = field(default_factory=list)
    #: The dwarf cards not dealt, top first.
    reserve: list[str] = field(default_factory=list)
    #: Dwarf cards a ``swap-hats`` took away: out for the round.
    hats_out: list[str] = field(default_factory=list)
    swaps: list[Swap] = field(default_factory=list)
    looks: list[Look] = field(default_factory=list)
    #: Thieves still to steal at the round's end, in order.
    stealing: list[int] = field(default_factory=list)
    #: The round's result while its thefts are still to come.
    result: Result | None = None

    def copy(self) -> RoundState:
        """A copy sharing nothing mutable: every field, copied as its type says."""
        other = RoundState.__new__(RoundState)
        mine = self.__dict__
        other.__dict__.update(mine)  # the immutable fields, shared
        other.__dict__.update({name: copy(mine[name]) for name, copy in _COPIERS})
        return other


def copied_value(value: Any) -> Any:
    """A copy of a field's value that shares nothing mutable with it."""
    kind = type(value)
    if kind is int or kind is str or kind is bool or value is None:
        return value
    if kind is list:
        if value and isinstance(value[0], (list, dict, Swap)):
            return [copied_value(item) for item in value]
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    if isinstance(value, (Maze, Swap)):
        return value.copy() if isinstance(value, Maze) else Swap(**vars(value))
    if value is None or isinstance(value, (int, str, bool, tuple, Look)):
        return value
    if hasattr(value, "to_dict"):  # a result still being filled in by thefts
        return type(value)(**{name: copied_value(item) for name, item in vars(value).items()})
    raise TypeError(f"a game does not know how to copy a {type(value).__name__}")


def _copy_maze(maze: Maze) -> Maze:
    return maze.copy()


def _copier(annotation: str) -> Callable[[Any], Any] | None:
    """How to copy a field of this declared type; None when it is immutable."""
    if annotation.startswith(("list[list", "list[dict", "list[Swap", "Result")):
        return copied_value
    if annotation.startswith("list["):  # of numbers, strings or frozen looks
        return list
    if annotation.startswith("dict["):
        return dict
    if annotation == "Maze":
        return _copy_maze  # by its own class: the Duel's maze is a Maze too
    if annotation in ("int", "str", "bool", "int | None"):
        return None
    raise TypeError(f"RoundState cannot tell how to copy a field of type {annotation}")


#: Each mutable field of a round's state with the way to copy it, worked out once
#: from the declared types: a field added later is copied by its type too.
_COPIERS: Final = tuple(
    (item.name, copier)
    for item in fields(RoundState)
    if (copier := _copier(str(item.type))) is not None
)
