"""The end of a round and of the game: the table as the round ended, who won, the score."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..rules import MINERS, Observation
from . import styles
from .card_art import goal_kind
from .maze_view import cell_of
from .move_sentences import seat_name, who


def final_board(before: Observation, after: Observation) -> Observation:
    """The table as a round ended, which the next round's observation no longer holds.

    ``before`` is the observation before the round's last move, ``after`` the one
    after it.  The maze is the round's own as it ended, from its summary in
    ``after``: every goal face up, turned as it was reached or lying as printed.
    The roles are shown, and the rest of the table (hands, broken tools, piles)
    is as it stood before the last move.
    """
    number = before["round"]
    summary = after["rounds"][number - 1]
    board = before.copy()
    board["maze"] = summary["maze"]
    board["goals"] = [
        {**goal, "face_up": True, "card": card}
        for goal, card in zip(before["goals"], summary["goals"], strict=True)
    ]
    board["roles"] = summary["roles"]
    if "gold_pieces" in after:  # Saboteur 2: the totals once the round is paid and robbed
        board["gold_pieces"] = after["gold_pieces"]
    board["history"] = after["history"][:number]
    board["to_move"] = None
    return board


def _seat_table(**settings: Any) -> Table:
    """A table of the seats, one a row, opening with their number and name."""
    table = Table(**settings)
    table.add_column("seat", justify="right", style="cyan")
    table.add_column("name")
    return table


def render_round_end(observation: Observation, summary: dict[str, Any], number: int) -> Group:
    """Who won a round, every role (and the set-aside one), and the goals."""
    if "gold_reached" in summary:
        return _render_round_end_saboteur2(observation, summary, number)
    headline = Text(f"Round {number} is over: ", style="bold")
    if summary["winner"] == MINERS:
        headline.append("the gold-miners win", style=styles.ROLE["miner"])
        if summary["finder"] is not None:
            headline.append(f" — {who(observation, summary['finder'])} reached the gold")
    else:
        headline.append("the saboteurs win", style=styles.ROLE["saboteur"])
        headline.append(" — the cards ran out before anyone reached the gold")
    table = _seat_table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("role")
    if summary["gold"] is not None:
        table.add_column("gold", justify="right")
    for seat, role in enumerate(summary["roles"]):
        cells: list[Text | str] = [str(seat), seat_name(observation, seat), styles.role_text(role)]
        if summary["gold"] is not None:
            cells.append(str(summary["gold"][seat]))
        table.add_row(*cells)
    aside = summary["set_aside"]
    table.add_row("", Text("set aside", style="dim"), Text(styles.ROLE_NAME[aside], style="dim"))
    return Group(headline, table, _goals_line(observation, summary))


def _goals_line(observation: Observation, summary: dict[str, Any]) -> Text:
    goals = Text("Goals: ", style="bold")
    goal_cells = [cell_of(goal) for goal in observation["goals"]]
    goals.append(
        " · ".join(
            f"{x},{y} {goal_kind(card)}"
            for (x, y), card in zip(goal_cells, summary["goals"], strict=True)
        )
    )
    return goals


def _colours(colours: list[str]) -> Text:
    """``green``, ``green and blue`` in their colours."""
    text = Text()
    for index, colour in enumerate(colours):
        if index:
            text.append(" and ")
        text.append(colour, style=styles.DOOR[colour])
    return text


def _render_round_end_saboteur2(
    observation: Observation, summary: dict[str, Any], number: int
) -> Group:
    """Saboteur 2: who found the gold and which colours it was open to, every dwarf
    card, who was trapped, the winners, the gold pieces and the thefts."""
    headline = Text(f"Round {number} is over: ", style="bold")
    finder = summary["finder"]
    if summary["gold_reached"]:
        reached = who(observation, finder) if finder is not None else "someone"
        headline.append(f"{reached[0].upper()}{reached[1:]} reached the gold")
        open_to = summary["open_to"]
        headline.append(" — it was open to ")
        if open_to:
            headline.append_text(_colours(open_to))
        else:
            headline.append("neither colour (a door of the other colour on every route)")
    else:
        headline.append("the saboteurs win", style=styles.ROLE["saboteur"])
        headline.append(" — the cards ran out before anyone reached the gold")
    winners = summary["winners"]
    table = _seat_table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column("dwarf card")
    table.add_column("trapped")
    table.add_column("won")
    table.add_column("GP this round", justify="right")
    totals = observation.get("gold_pieces")
    if totals is not None:
        table.add_column("GP in all", justify="right")
    for seat, role in enumerate(summary["roles"]):
        trapped = Text("trapped", style=styles.TRAPPED) if summary["trapped"][seat] else Text("")
        won = Text("★ winner", style="bold yellow") if seat in winners else Text("")
        cells: list[Text | str] = [str(seat), seat_name(observation, seat)]
        cells += [styles.role_text(role), trapped, won, f"{summary['gold'][seat]:+d}"]
        if totals is not None:
            cells.append(str(totals[seat]))
        table.add_row(*cells)
    lines: list[RenderableType] = [headline, table]
    names = ", ".join(who(observation, seat) for seat in winners)
    lines.append(Text("Winners: ", style="bold") + Text(names or "nobody"))
    crystals = summary["crystals"]
    lines.append(
        Text("Crystals in the maze: ", style="bold")
        + Text(f"{crystals} (the geologists' pay)", style=styles.CRYSTAL)
    )
    thefts = Text("Thefts: ", style="bold")
    if summary["thefts"]:
        thefts.append(
            " · ".join(
                f"{who(observation, thief)} stole 1 GP from {who(observation, victim)}"
                for thief, victim in summary["thefts"]
            )
        )
    else:
        thefts.append("none", style="dim")
    lines += [thefts, _goals_line(observation, summary)]
    return Group(*lines)


def render_game_end(observation: Observation) -> Group:
    """The nuggets (Saboteur 2: gold pieces) of every seat and the winners."""
    winners = observation["winners"] or []
    table = _seat_table(title="Final score", box=box.ROUNDED, title_justify="left")
    base = observation.get("edition", "base") == "base"
    table.add_column("nuggets" if base else "gold pieces", justify="right")
    for seat, nuggets in enumerate(observation["nuggets"] or []):
        mark = Text(" ★ winner", style="bold yellow") if seat in winners else Text("")
        table.add_row(str(seat), Text(seat_name(observation, seat)) + mark, str(nuggets))
    names = ", ".join(who(observation, seat) for seat in winners)
    verdict = "win" if len(winners) > 1 or observation.get("seat") in winners else "wins"
    return Group(table, Text(f"{names[0].upper()}{names[1:]} {verdict}!", style="bold yellow"))
