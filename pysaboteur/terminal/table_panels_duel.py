"""The Duel's panels around the maze: the two players with their counters and
nuggets, the six goals as the pyramid they lie in, the status line, and the
maze's cards with the tokens on them.  Each is a function of an observation only.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from ..rules import Observation
from ..rules.duel_faces import COLOURS, read_face
from . import styles
from .card_art_duel import duel_card_texts, duel_goal_back_texts
from .move_sentences import seat_name, tool_name
from .words import _, pgettext, upper

Cell = tuple[int, int]


def _tokens(observation: Observation) -> dict[str, Any]:
    view: dict[str, Any] = dict(observation)
    tokens: dict[str, Any] = view.get("duel") or {}
    return tokens


def _nuggets(observation: Observation, seat: int) -> int:
    """The seat's nuggets so far in the game (a Duel observation always has them)."""
    return (observation["nuggets"] or [0, 0])[seat]


def duel_cell_texts(
    cell: Cell,
    placed: dict[Cell, Any],
    goals: dict[Cell, Any],
    observation: Observation,
    back: str,
) -> list[Text] | None:
    """A cell of the Duel's maze with its tokens; None for an empty cell."""
    entry = placed.get(cell)
    goal = goals.get(cell)
    if entry is None:
        return duel_goal_back_texts(goal["card"]) if goal is not None else None
    tokens = _tokens(observation)
    key = next((k["seat"] for k in tokens["keys"] if (k["x"], k["y"]) == cell), None)
    claim = next((c["seat"] for c in tokens["claims"] if (c["x"], c["y"]) == cell), None)
    bribes = next((tuple(b["seats"]) for b in tokens["bribes"] if (b["x"], b["y"]) == cell), ())
    start = entry["card"].removeprefix("start-") if entry["card"].startswith("start-") else ""
    return duel_card_texts(
        entry["shape"],
        back,
        start=start,
        key=key,
        claim=claim,
        bribes=bribes,
        goal=goal is not None,
    )


def colour_text(seat: int) -> Text:
    """A seat's colour as the table names it (green, blue), in that colour."""
    colour = COLOURS[seat]
    return Text(pgettext("colour", colour), style=styles.DOOR[colour])


def render_players_duel(observation: Observation) -> Table:
    """Both players: turn, hand, broken tools, colour, counters left, nuggets."""
    from .table_panels import _broken, _seat_cells

    tokens = _tokens(observation)
    table = Table(box=box.SIMPLE_HEAD, padding=0, pad_edge=False, show_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(_("name"), overflow="ellipsis", no_wrap=True, max_width=12)
    table.add_column(_("hand"), justify="right", no_wrap=True)
    table.add_column(_("broken"))
    table.add_column(_("colour"), no_wrap=True)
    # TRANSLATORS: a column of numbers: the dwarf counters a player has left this round.
    table.add_column(_("counters"), justify="right", no_wrap=True)
    # TRANSLATORS: a column of numbers: nuggets claimed this round / in the whole game.
    table.add_column(_("nuggets"), justify="right", no_wrap=True)
    claimed = [0, 0]
    for claim in tokens["claims"]:
        claimed[claim["seat"]] += claim["nuggets"]
    for seat in (0, 1):
        table.add_row(
            *_seat_cells(observation, seat),
            _broken(observation, seat),
            colour_text(seat),
            str(tokens["counters_left"][seat]),
            f"{claimed[seat]}/{_nuggets(observation, seat)}",
        )
    return table


#: The goals' places in the pyramid, as rows of the panel: (row, column) by cell.
_PYRAMID = {(5, -2): (0, 0), (7, -1): (1, 1), (5, 0): (2, 0), (9, 0): (2, 2), (7, 1): (3, 1),
            (5, 2): (4, 0)}  # fmt: skip


def render_goals_duel(observation: Observation) -> Text:
    """The six goals as they lie (5,-2 … 9,0): ``?`` face down, else their nuggets,
    ``(map)`` for one the viewer looked at."""
    tokens = _tokens(observation)
    looked = (
        {tuple(cell) for cell in tokens["mapped"][observation["seat"]]}
        if (observation.get("seat") is not None)
        else set()
    )
    rows = [[""] * 3 for _ in range(5)]
    styled: list[list[str]] = [[""] * 3 for _ in range(5)]
    for goal in observation["goals"]:
        row, column = _PYRAMID[(goal["x"], goal["y"])]
        if goal["card"] is None:
            rows[row][column], styled[row][column] = "?", "dim"
        else:
            nuggets = read_face(goal["card"]).nuggets
            mark = "" if goal["face_up"] or (goal["x"], goal["y"]) not in looked else "*"
            rows[row][column] = f"${nuggets}{mark}"
            styled[row][column] = "bold yellow" if nuggets else "bold"
    lines = [Text(_("Goals"), style="bold")]
    for row, cells in enumerate(rows):
        line = Text()
        for column, text in enumerate(cells):
            line.append(f"{text:^6}", style=styled[row][column])
        lines.append(line)
    if looked:
        lines.append(Text(_("* seen with your map"), style="dim"))
    return Text("\n").join(lines)


def render_status_duel(observation: Observation) -> Text:
    """One line: the viewer, his colour and nuggets, the round, piles and key tokens."""
    line = Text()
    seat = observation.get("seat")
    tokens = _tokens(observation)
    if seat is not None:
        line.append(
            _("{name} (seat {seat})").format(name=seat_name(observation, seat), seat=seat),
            style="bold",
        )
        line.append(" · ")
        line.append(upper(pgettext("colour", COLOURS[seat])), style=styles.DOOR[COLOURS[seat]])
        line.append(" · " + _("your nuggets {count}").format(count=_nuggets(observation, seat)))
        line.append(" · ")
    parts = [
        _("round {round}/3").format(round=observation["round"]),
        _("draw pile {count}").format(count=observation["draw_pile"]),
        _("discards {count}").format(count=observation["discard_pile"]),
        _("key tokens {count}").format(count=tokens["key_tokens_left"]),
    ]
    line.append(" · ".join(parts))
    return line


def broken_words(observation: Observation, seat: int) -> str:
    return " ".join(tool_name(tool) for tool in observation["broken"][seat])
