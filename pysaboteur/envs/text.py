"""The table as plain text, for ``render()``: drawn from an observation only.

Each cell of the maze is three characters by three lines: the card's open
sides as ``|`` and ``-`` around its centre, which is ``+`` for a connected
card, ``x`` for a dead end, ``S`` for the start, ``G`` for the gold, ``o`` for
a stone goal turned up and ``?`` for a goal still face down; ``.`` marks an
empty cell.
"""

from __future__ import annotations

from ..rules.cards import DEAD_END, GOAL_CELLS, E, N, S, W
from ..rules.observation import Observation
from .tensors import shape_of_code

_CENTRE = {"start": "S", "gold": "G", "stone-NE": "o", "stone-NW": "o"}


def _cell_lines(shape: int, centre: str) -> tuple[str, str, str]:
    north = " | " if shape & N else "   "
    middle = ("-" if shape & W else " ") + centre + ("-" if shape & E else " ")
    south = " | " if shape & S else "   "
    return north, middle, south


def maze_text(observation: Observation, margin: int = 1) -> str:
    """The maze of an observation, every card and the cells around them."""
    drawn: dict[tuple[int, int], tuple[str, str, str]] = {}
    for card in observation["maze"]:
        shape = shape_of_code(card["shape"])
        centre = _CENTRE.get(card["card"], "x" if shape & DEAD_END else "+")
        drawn[card["x"], card["y"]] = _cell_lines(shape, centre)
    for goal in observation["goals"]:
        if not goal["face_up"]:
            drawn[goal["x"], goal["y"]] = ("   ", "[?]", "   ")
    return grid_text(drawn, [*drawn, *GOAL_CELLS], margin)


def grid_text(
    drawn: dict[tuple[int, int], tuple[str, str, str]],
    spread: list[tuple[int, int]],
    margin: int,
) -> str:
    """The drawn cells (three lines each) on a grid over the cells of ``spread`` and
    ``margin`` more on every side, with the x labels above and y labels left; both
    editions draw their mazes through it."""
    xs = [x for x, _ in spread]
    ys = [y for _, y in spread]
    columns = range(min(xs) - margin, max(xs) + margin + 1)
    rows = range(min(ys) - margin, max(ys) + margin + 1)
    lines = ["     " + "".join(f"{x:^3}" for x in columns)]
    empty = ("   ", " . ", "   ")
    for y in rows:
        cells = [drawn.get((x, y), empty) for x in columns]
        for part in range(3):
            label = f"{y:>4} " if part == 1 else "     "
            lines.append((label + "".join(cell[part] for cell in cells)).rstrip())
    return "\n".join(lines)


def table_text(observation: Observation, recent: int = 5) -> str:
    """The maze, then whose turn it is, the piles, every seat and the latest moves."""
    phase = observation["phase"]
    to_move = observation["to_move"]
    if to_move is not None:
        turn = f"seat {to_move} to move"
    else:
        turn = "round over" if observation["winners"] is None else "game over"
    if phase == "gold":
        turn += f" (picking gold: {observation['gold_offer_size']} cards offered)"
    lines = [
        maze_text(observation),
        "",
        f"round {observation['round']} · {turn} · draw pile {observation['draw_pile']}"
        f" · discards {observation['discard_pile']} · gold deck {observation['gold_deck']}",
    ]
    for seat, (size, broken) in enumerate(
        zip(observation["hand_sizes"], observation["broken"], strict=True)
    ):
        tools = f", broken {' '.join(broken)}" if broken else ""
        lines.append(f"  seat {seat}: {size} card{'' if size == 1 else 's'}{tools}")
    moves = observation["history"][-1][-recent:] if observation["history"] else []
    if moves:
        lines.append("latest moves: " + " · ".join(moves))
    if observation["winners"] is not None:
        lines.append(f"nuggets {observation['nuggets']} · winners {observation['winners']}")
    return "\n".join(lines)


def observation_text(observation: Observation) -> str:
    """A seat's observation: the table, then what only the seat knows."""
    goals = [
        f"y={goal['y']} {goal['card'] or '?'}" for goal in observation["goals"] if goal["card"]
    ]
    offer = observation.get("gold_offer")
    lines = [
        table_text(observation),
        f"seat {observation['seat']} ({observation['role']}): hand {' '.join(observation['hand'])}",
        f"  goals known: {', '.join(goals) or 'none'} · nuggets {sum(observation['gold']['kept'])}"
        + (f" · offered {' '.join(map(str, offer))}" if offer else ""),
    ]
    return "\n".join(lines)
