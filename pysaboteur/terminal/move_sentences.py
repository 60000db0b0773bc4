"""Seats by name and moves in words, from the viewer's side: ``"You break the lamp of Bo (1)"``."""

from __future__ import annotations

from rich.text import Text

from ..rules import Move, Observation
from . import styles
from .recent_moves import mover


def seat_name(observation: Observation, seat: int) -> str:
    """The name of a seat at the table, ``"Seat 3"`` when the game has no names."""
    names = observation.get("names")
    return str(names[seat]) if names else f"Seat {seat}"


def who(observation: Observation, seat: int) -> str:
    """A seat as moves mention it: ``"Bo (1)"``, ``"seat 1"`` in a game without names,
    or ``"you"`` for the viewer."""
    if seat == observation.get("seat"):
        return "you"
    if not observation.get("names"):
        return f"seat {seat}"
    return f"{seat_name(observation, seat)} ({seat})"


def describe_move(observation: Observation, text: str) -> Text:
    """A move of the history (``"1 break-lamp @3"``) in words, from the viewer's side.

    Others' face-down discards and gold picks come as ``"1 discard"`` and ``"1 take"``.
    """
    seat = mover(text)
    rest = text.partition(" ")[2]
    actor = who(observation, seat)
    you = actor == "you"

    def verb(third_person: str, plain: str) -> str:
        return plain if you else third_person

    line = Text(actor[0].upper() + actor[1:] + " ", style="bold" if you else "")
    if rest == "discard":
        line.append(verb("discards", "discard") + " a card face down", style="dim")
        return line
    if rest == "take":
        line.append(verb("keeps", "keep") + " a gold card")
        return line
    move = Move.parse(text)
    if move.kind == "place":
        line.append(verb("places", "place") + " ")
        line.append(move.card, style=styles.TUNNEL)
        line.append(f" at {move.x},{move.y}")
    elif move.kind == "break":
        line.append(verb("breaks", "break") + " ")
        line.append_text(_tool_of(observation, move.tool, move.target, styles.TOOL))
    elif move.kind == "fix":
        line.append(verb("repairs", "repair") + " ")
        line.append_text(_tool_of(observation, move.tool, move.target, ""))
        line.append(f" ({move.card})", style="dim")
    elif move.kind == "rockfall":
        line.append(verb("drops", "drop") + " a ")
        line.append("rockfall", style="bold magenta")
        line.append(f" on {move.x},{move.y}")
    elif move.kind == "map":
        line.append(verb("looks", "look") + f" at the goal at {move.x},{move.y} with a map")
    elif move.kind == "discard":
        line.append(verb("discards", "discard") + f" {move.card}", style="dim")
    elif move.kind == "take":
        line.append(verb("keeps", "keep") + " a gold card of ")
        line.append(str(move.value), style=styles.GOLD)
    else:
        line.append(verb("passes", "pass") + " (no cards left)", style="dim")
    return line


def _tool_of(observation: Observation, tool: str, seat: int, style: str) -> Text:
    """``"your lamp"`` for the viewer's tool, ``"the lamp of Bo (1)"`` for another's."""
    if seat == observation.get("seat"):
        return Text("your ") + Text(tool, style=style)
    return Text("the ") + Text(tool, style=style) + Text(f" of {who(observation, seat)}")
