"""A whole position on one screen, and any drawing as plain text.

The view is a function of an observation dict (a seat's, a spectator's, or a
replay's merged one), never of the game, so the terminal cannot show what the
viewer may not know.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from io import StringIO
from typing import Final

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.table import Table

from ..rules import Observation
from .maze_view import Cell, maze_width, render_maze_panel
from .table_panels import (
    render_goals,
    render_hand,
    render_open_hands,
    render_players,
    render_recent,
    render_status,
)
from .words import _

SIDE_WIDTH: Final = 28  # the narrowest the panels right of the maze may be
#: Saboteur 2's seats show more (what lies in front, the dwarf card, gold pieces).
SIDE_WIDTH_SABOTEUR2: Final = 46


def render_view(
    observation: Observation,
    *,
    recent: Sequence[str] = (),
    recent_title: str | None = None,
    recent_first: int | None = None,
    highlight: Iterable[Cell] = (),
    width: int = 100,
) -> RenderableType:
    """A whole position: status, maze, table, goals, recent moves and the viewer's hand.

    The table, goals and recent moves stand right of the maze where the width
    allows, and below it otherwise.  ``recent_first`` is the first recent move's
    place in the round in play (see :func:`describe_move`); ``recent_title`` is
    "Since your last turn" unless given, and ``""`` leaves the recent moves out.
    """
    if recent_title is None:
        recent_title = _("Since your last turn")
    players = render_players(observation)
    goals = render_goals(observation)
    recent_moves = (
        render_recent(observation, recent, recent_title, recent_first) if recent_title else None
    )
    maze = render_maze_panel(observation, highlight)
    parts: list[RenderableType] = [render_status(observation)]
    maze_panel_width = maze_width(observation) + 2
    base = observation.get("edition", "base") == "base"
    side_width = SIDE_WIDTH if base else SIDE_WIDTH_SABOTEUR2
    if maze_panel_width + 1 + side_width <= width:
        layout = Table.grid(padding=(0, 1))
        layout.add_column()
        layout.add_column(max_width=width - maze_panel_width - 1)
        side = [players, goals] if recent_moves is None else [players, goals, "", recent_moves]
        layout.add_row(maze, Group(*side))
        parts.append(layout)
    else:
        below = Table.grid(padding=(0, 3))
        below.add_row(players, goals if recent_moves is None else Group(goals, "", recent_moves))
        parts += [maze, below]
    hands = [render_hand(observation)] if "hand" in observation else []
    others = render_open_hands(observation)
    if others is not None:
        hands.append(others)
    parts.append(Columns(hands, padding=(0, 1)))  # side by side where they fit
    return Group(*parts)


def to_text(renderable: RenderableType, width: int = 100) -> str:
    """A renderable as plain text, as a terminal of ``width`` columns would show it."""
    buffer = StringIO()
    console = Console(file=buffer, width=width, color_system=None, highlight=False)
    console.print(renderable)
    return buffer.getvalue()
