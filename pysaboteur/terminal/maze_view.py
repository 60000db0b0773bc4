"""The maze as a grid of cards under rulers: x across the top, y down the left side.

Drawn from an observation's ``maze`` and ``goals`` only, so a goal is face down
(``?``) unless the viewer may know it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.segment import Segment
from rich.text import Text

from ..rules.observation import GoalView, MazeCard, Observation
from . import styles
from .card_art import (
    CELL_WIDTH,
    face_down_goal_texts,
    face_up_goal_texts,
    path_card_texts,
    start_card_texts,
)
from .card_art_duel import LEGEND_MARKS_DUEL
from .words import N_, _

RULER_WIDTH: Final = 4
#: The marks of the maze and what each means, in the order the legend lists them.
LEGEND_MARKS: Final = (
    ("S", N_("start")),
    ("■", N_("dead end")),
    ("?", N_("goal")),
    ("$", N_("gold")),
    ("▒", N_("stone")),
)
#: Saboteur 2's marks besides the base game's (card_art.py draws them).
LEGEND_MARKS_SABOTEUR2: Final = (
    ("S", N_("start")),
    ("■", N_("dead end")),
    ("╹", N_("stub")),
    ("━╸┃╺━", N_("bridge")),
    ("\u2571", N_("two curves")),
    ("H", N_("ladder")),
    ("G", N_("green door")),
    ("B", N_("blue door")),
    ("◆", N_("crystal")),
    ("?", N_("goal")),
    ("$", N_("gold")),
    ("▒", N_("stone")),
)


def legend(marks: tuple[tuple[str, str], ...]) -> str:
    """``"S start · ■ dead end · ..."`` in the person's language."""
    return " · ".join(f"{mark} {_(meaning)}" for mark, meaning in marks)


Cell = tuple[int, int]


def cell_of(entry: Mapping[str, Any]) -> Cell:
    """The cell of an observation's card or goal (``{"x": 8, "y": 0, ...}``)."""
    return entry["x"], entry["y"]


def _cell_texts(
    cell: Cell,
    placed: dict[Cell, MazeCard],
    goals: dict[Cell, GoalView],
    highlight: bool,
) -> list[Text]:
    entry = placed.get(cell)
    goal = goals.get(cell)
    if entry is None and goal is not None:
        return face_down_goal_texts(goal["card"])
    if entry is None:
        dot = " " * (CELL_WIDTH // 2) + "·" + " " * (CELL_WIDTH // 2)
        blank = " " * CELL_WIDTH
        return [Text(line, style=styles.EMPTY_CELL) for line in (blank, dot, blank)]
    if entry["card"] == "start":
        return start_card_texts(entry["shape"])
    if goal is not None:
        return face_up_goal_texts(entry["card"], entry["shape"])
    x, y = cell
    back = styles.HIGHLIGHT if highlight else styles.CARD_BACKS[(x + y) % 2]
    return path_card_texts(entry["shape"], back)


def _duel_cell(
    cell: Cell,
    placed: dict[Cell, MazeCard],
    goals: dict[Cell, GoalView],
    observation: Observation,
    highlight: bool,
) -> list[Text]:
    from .table_panels_duel import duel_cell_texts  # it reads move words, which read this

    back = styles.HIGHLIGHT if highlight else styles.CARD_BACKS[(cell[0] + cell[1]) % 2]
    texts = duel_cell_texts(cell, placed, goals, observation, back)
    return texts if texts is not None else _cell_texts(cell, {}, {}, False)


def maze_bounds(observation: Observation) -> tuple[range, range]:
    """The columns and rows to draw: every card and goal, plus one empty ring around."""
    cells = [cell_of(entry) for entry in (*observation["maze"], *observation["goals"])]
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return range(min(xs) - 1, max(xs) + 2), range(min(ys) - 1, max(ys) + 2)


class Lines:
    """Lines laid out already, drawn as they are: never wrapped, so cheap to measure and draw."""

    def __init__(self, lines: list[Text]) -> None:
        self.lines = lines
        self.width = max((line.cell_len for line in lines), default=0)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines:
            yield from line.render(console)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.width, self.width)


def render_maze(observation: Observation, highlight: Iterable[Cell] = ()) -> Lines:
    """The maze with rulers; the cells in ``highlight`` on a brighter back."""
    placed = {cell_of(card): card for card in observation["maze"]}
    goals = {cell_of(goal): goal for goal in observation["goals"]}
    marked = set(highlight)
    duel = observation.get("edition", "base") == "duel"
    columns, rows = maze_bounds(observation)
    ruler = Text(" " * RULER_WIDTH, style="dim")
    for x in columns:
        ruler.append(f"{x:^{CELL_WIDTH}}", style="bold cyan" if x == 0 else "cyan")
    lines = [ruler]
    for y in rows:
        row_cells = [
            _duel_cell((x, y), placed, goals, observation, (x, y) in marked)
            if duel
            else _cell_texts((x, y), placed, goals, (x, y) in marked)
            for x in columns
        ]
        for line_index in range(3):
            label = f"{y:>{RULER_WIDTH - 1}} " if line_index == 1 else " " * RULER_WIDTH
            line = Text(label, style="bold cyan" if y == 0 else "cyan")
            for texts in row_cells:
                line.append_text(texts[line_index])
            lines.append(line)
    return Lines(lines)


def maze_width(observation: Observation) -> int:
    """How many columns the maze takes, rulers included (its panel adds two for the frame)."""
    columns, _ = maze_bounds(observation)
    return RULER_WIDTH + CELL_WIDTH * len(columns)


def legend_lines(marks: str, width: int) -> Lines:
    """A legend's marks packed into lines no wider than ``width``, dim."""
    lines: list[str] = []
    for mark in marks.split(" · "):
        if lines and len(lines[-1]) + 3 + len(mark) <= width:
            lines[-1] += " · " + mark
        else:
            lines.append(mark)
    return Lines([Text(line, style="dim") for line in lines])


def render_maze_panel(observation: Observation, highlight: Iterable[Cell] = ()) -> Panel:
    """The maze in a frame titled with the round, the legend of its marks below.

    Saboteur 2 has more marks than fit under the frame, so its legend lies
    inside the frame, wrapped to the maze's width.
    """
    maze = render_maze(observation, highlight)
    title = _("Maze · round {round} of 3").format(round=observation["round"])
    edition = observation.get("edition", "base")
    if edition == "base":
        body: RenderableType = maze
        subtitle: Text | None = Text(legend(LEGEND_MARKS), style="dim")
    else:
        marks = LEGEND_MARKS_DUEL if edition == "duel" else LEGEND_MARKS_SABOTEUR2
        body = Group(maze, legend_lines(legend(marks), maze.width))
        subtitle = None
    return Panel(body, title=title, subtitle=subtitle, box=box.ROUNDED, expand=False, padding=0)
