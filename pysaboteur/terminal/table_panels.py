"""The panels around the maze: the seats, the goals, the status line, recent moves, the hands.

Each is a function of an observation only, so that tests can check what each shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..rules import Observation
from . import styles
from .card_art import card_label, card_picture, goal_kind
from .maze_view import Cell, cell_of
from .move_sentences import describe_move, seat_name


def render_players(observation: Observation) -> Table:
    """Every seat: whose turn it is (▶), cards in hand, broken tools, and roles where known."""
    roles: Sequence[str | None] = observation.get("roles") or [None] * observation["players"]
    viewer = observation.get("seat")
    table = Table(box=box.SIMPLE_HEAD, padding=0, pad_edge=False, show_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("name", overflow="ellipsis", no_wrap=True, max_width=12)
    table.add_column("hand", justify="right", no_wrap=True)
    table.add_column("broken")
    show_roles = any(roles)
    if show_roles:
        table.add_column("role", no_wrap=True)
    gold = observation.get("gold_so_far")
    if gold is not None:
        table.add_column("gold", justify="right", no_wrap=True)
    for seat in range(observation["players"]):
        name = Text(seat_name(observation, seat), style="bold" if seat == viewer else "")
        if seat == viewer and name.plain.lower() != "you":
            name.append(" (you)")
        broken = observation["broken"][seat]
        tools = Text(" ".join(broken), style=styles.TOOL) if broken else Text("-", style="dim")
        turn = Text("▶", style="bold green") if seat == observation["to_move"] else Text(" ")
        cells: list[Text | str] = [
            turn + Text(f"{seat:>2}", style="cyan"),
            name,
            str(observation["hand_sizes"][seat]),
            tools,
        ]
        if show_roles:
            role = roles[seat]
            cells.append(styles.role_text(role) if role else "")
        if gold is not None:
            cells.append(str(gold[seat]))
        table.add_row(*cells)
    return table


def known_goals(observation: Observation) -> list[tuple[Cell, str, str]]:
    """Goals the viewer knows and the table does not: ``(cell, card, how)``.

    A goal is known from a map; when the other two are known to be stone, the
    last one must be the gold, and when the gold is known the others are stone.
    """
    goals = observation["goals"]
    hidden = [goal for goal in goals if not goal["face_up"]]
    mapped = [goal for goal in hidden if goal["card"] is not None]
    known = [(cell_of(goal), str(goal["card"]), "map") for goal in mapped]
    unknown = [cell_of(goal) for goal in hidden if goal["card"] is None]
    cards = {str(goal["card"]) for goal in goals if goal["card"] is not None}
    if unknown and "gold" in cards:
        known += [(cell, "stone", "deduced") for cell in unknown]
    elif len(unknown) == 1 and len(cards) == 2:
        known.append((unknown[0], "gold", "deduced"))
    return sorted(known)


def render_goals(observation: Observation) -> Text:
    """The goals in words, one a line: face up, known from a map, or unknown."""
    known = {cell: (card, how) for cell, card, how in known_goals(observation)}
    lines = [Text("Goals", style="bold")]
    for goal in observation["goals"]:
        cell = cell_of(goal)
        line = Text(f"{cell[0]:>3},{cell[1]:<3}", style="cyan")
        lines.append(line)
        if goal["face_up"]:
            card, how = goal["card"], "face up"
        elif cell in known:
            card, how = known[cell]
            if how == "map":
                how = "from your map" if observation.get("seat") is not None else "mapped"
        else:
            line.append("? face down", style="dim")
            continue
        kind = goal_kind(card)
        line.append(f"{kind} ", style="bold yellow" if kind == "gold" else "bold")
        line.append(f"({how})", style="dim")
    return Text("\n").join(lines)


def render_status(observation: Observation) -> Text:
    """One line: who the viewer is, their role and gold, the round, the piles."""
    line = Text()
    seat = observation.get("seat")
    if seat is not None:
        line.append(f"{seat_name(observation, seat)} (seat {seat})", style="bold")
        role = observation.get("role")
        if role:
            line.append(" · ")
            line.append(styles.ROLE_NAME[role].upper(), style=styles.ROLE[role])
        gold = observation.get("gold")
        if gold is not None:
            line.append(f" · your gold {sum(gold['kept'])}")
        line.append(" · ")
    line.append(f"round {observation['round']}/3 · draw pile {observation['draw_pile']}")
    line.append(f" · discards {observation['discard_pile']} · gold deck {observation['gold_deck']}")
    return line


def render_recent(observation: Observation, moves: Sequence[str], title: str) -> RenderableType:
    """A list of moves in words."""
    lines = [describe_move(observation, text) for text in moves]
    body = Text("\n").join(lines) if lines else Text("nothing yet", style="dim")
    return Group(Text(title, style="bold"), body)


def render_hand(observation: Observation) -> RenderableType:
    """The viewer's own hand, numbered from 1; only ``observation["hand"]`` is read."""
    hand = observation.get("hand") or []
    if not hand:
        return Panel(Text("no cards left", style="dim"), title="Your hand", box=box.ROUNDED)
    table = Table.grid(padding=(0, 2))
    for _ in hand:
        table.add_column(justify="center", no_wrap=True)
    pictures = [card_picture(card) for card in hand]
    for line in range(3):
        table.add_row(*[picture[line] for picture in pictures])
    labels = []
    for number, card in enumerate(hand, start=1):
        label = Text(f"{number} ", style="bold cyan")
        label.append(card_label(card), style="bold")
        labels.append(label)
    table.add_row(*labels)
    return Panel(table, title="Your hand", box=box.ROUNDED, expand=False)


def render_open_hands(observation: Observation) -> RenderableType | None:
    """Other seats' hands, when the observation holds them (open hands, or a replay)."""
    hands = observation.get("hands")
    if not hands:
        return None
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(style="cyan", justify="right")
    table.add_column()
    table.add_column()
    viewer = observation.get("seat")
    for seat, hand in enumerate(hands):
        if seat == viewer:
            continue
        table.add_row(str(seat), seat_name(observation, seat), " ".join(hand) or "-")
    return Panel(table, title="Hands", box=box.ROUNDED, expand=False)
