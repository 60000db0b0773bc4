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

from ..i18n import NP_
from ..rules import Observation
from . import styles
from .card_art import card_label, card_picture, goal_kind
from .card_art_duel import duel_card_picture
from .maze_view import Cell, cell_of
from .move_sentences import describe_move, seat_name, tool_name
from .table_panels_duel import render_goals_duel, render_players_duel, render_status_duel
from .words import N_, _, pgettext, upper


def render_players(observation: Observation) -> Table:
    """Every seat: whose turn it is (▶), cards in hand, broken tools, and roles where known.

    In Saboteur 2 also what lies in front of each seat (a trap, a theft), its
    gold pieces, and the viewer's own dwarf card and the ones it inspected.
    """
    if observation.get("edition", "base") == "duel":
        return render_players_duel(observation)
    if observation.get("edition", "base") != "base":
        return _render_players_saboteur2(observation)
    roles: Sequence[str | None] = observation.get("roles") or [None] * observation["players"]
    table = Table(box=box.SIMPLE_HEAD, padding=0, pad_edge=False, show_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(_("name"), overflow="ellipsis", no_wrap=True, max_width=12)
    table.add_column(_("hand"), justify="right", no_wrap=True)
    table.add_column(_("broken"))
    show_roles = any(roles)
    if show_roles:
        table.add_column(_("role"), no_wrap=True)
    gold = observation.get("gold_so_far")
    if gold is not None:
        table.add_column(_("gold"), justify="right", no_wrap=True)
    for seat in range(observation["players"]):
        cells: list[Text | str] = [*_seat_cells(observation, seat), _broken(observation, seat)]
        if show_roles:
            role = roles[seat]
            cells.append(styles.role_text(role) if role else "")
        if gold is not None:
            cells.append(str(gold[seat]))
        table.add_row(*cells)
    return table


def _seat_cells(observation: Observation, seat: int) -> list[Text | str]:
    """A seat's first cells: the turn mark and number, the name, the hand's size."""
    viewer = observation.get("seat")
    name = Text(seat_name(observation, seat), style="bold" if seat == viewer else "")
    if seat == viewer and name.plain.lower() != _("you").lower():
        name.append(" " + _("(you)"))
    turn = Text("▶", style="bold green") if seat == observation["to_move"] else Text(" ")
    return [turn + Text(f"{seat:>2}", style="cyan"), name, str(observation["hand_sizes"][seat])]


def _broken(observation: Observation, seat: int) -> Text:
    broken = observation["broken"][seat]
    if not broken:
        return Text("-", style="dim")
    return Text(" ".join(tool_name(tool) for tool in broken), style=styles.TOOL)


def known_roles(observation: Observation) -> list[tuple[str, str] | None]:
    """Each seat's dwarf card as the viewer knows it: ``(role, how)`` or ``None``.

    ``how`` is ``""`` when the role is certain now (the viewer's own, or any in
    a replay's merged view), ``"seen"`` for one the viewer inspected, which a
    later ``swap-hats`` may have changed.
    """
    roles = observation.get("roles")
    if roles:
        return [(role, "") if role else None for role in roles]
    known: list[tuple[str, str] | None] = [None] * observation["players"]
    for look in observation.get("looks") or []:
        known[look["seat"]] = (look["role"], "seen")
    viewer = observation.get("seat")
    if viewer is not None and observation.get("role"):
        known[viewer] = (observation["role"], "")
    return known


def _render_players_saboteur2(observation: Observation) -> Table:
    table = Table(box=box.SIMPLE_HEAD, padding=0, pad_edge=False, show_edge=False)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(_("name"), overflow="ellipsis", no_wrap=True, max_width=12)
    table.add_column(_("hand"), justify="right", no_wrap=True)
    table.add_column(_("in front"))
    table.add_column(_("role"), no_wrap=True)
    # TRANSLATORS: short for "gold pieces", a column of numbers.
    table.add_column(_("GP"), justify="right", no_wrap=True)
    roles = known_roles(observation)
    for seat in range(observation["players"]):
        front = in_front(observation, seat)
        role = roles[seat]
        role_cell = Text("?", style="dim")
        if role is not None:
            role_cell = styles.role_text(role[0])
            if role[1]:
                role_cell.append(" " + _("(seen)"), style="dim")
        gold = str(observation["gold_pieces"][seat])
        table.add_row(*_seat_cells(observation, seat), front, role_cell, gold)
    return table


def in_front(observation: Observation, seat: int) -> Text:
    """The cards lying in front of a seat: broken tools, a trap, a theft; ``-`` for none."""
    parts = [Text(tool_name(tool), style=styles.TOOL) for tool in observation["broken"][seat]]
    if observation.get("trapped") and observation["trapped"][seat]:
        parts.append(Text(_("TRAPPED"), style=styles.TRAPPED))
    if seat in (observation.get("thieves") or []):
        parts.append(Text(_("theft"), style=styles.THEFT))
    return Text(" ").join(parts) if parts else Text("-", style="dim")


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
    if observation.get("edition", "base") == "duel":
        return render_goals_duel(observation)
    known = {cell: (card, how) for cell, card, how in known_goals(observation)}
    lines = [Text(_("Goals"), style="bold")]
    for goal in observation["goals"]:
        cell = cell_of(goal)
        line = Text(f"{cell[0]:>3},{cell[1]:<3}", style="cyan")
        lines.append(line)
        if goal["face_up"]:
            card, how = goal["card"] or "", N_("face up")
        elif cell in known:
            card, how = known[cell]
            if how == "map":
                how = N_("from your map") if observation.get("seat") is not None else N_("mapped")
            else:
                how = N_("deduced")
        else:
            line.append(_("? face down"), style="dim")
            continue
        kind = goal_kind(card)
        line.append(goal_word(kind) + " ", style="bold yellow" if kind == "gold" else "bold")
        line.append(f"({_(how)})", style="dim")
    return Text("\n").join(lines)


def render_status(observation: Observation) -> Text:
    """One line: who the viewer is, their role and gold, the round, the piles."""
    if observation.get("edition", "base") == "duel":
        return render_status_duel(observation)
    line = Text()
    seat = observation.get("seat")
    saboteur2 = observation.get("edition", "base") != "base"
    if seat is not None:
        name = seat_name(observation, seat)
        line.append(_("{name} (seat {seat})").format(name=name, seat=seat), style="bold")
        role = observation.get("role")
        if role:
            line.append(" · ")
            line.append(upper(styles.role_name(role)), style=styles.ROLE[role])
        if saboteur2:
            gold_pieces = observation["gold_pieces"][seat]
            line.append(" · " + _("your GP {count}").format(count=gold_pieces))
        else:
            gold = observation.get("gold")
            if gold is not None:
                line.append(" · " + _("your gold {count}").format(count=sum(gold["kept"])))
        line.append(" · ")
    parts = [
        _("round {round}/3").format(round=observation["round"]),
        _("draw pile {count}").format(count=observation["draw_pile"]),
        _("discards {count}").format(count=observation["discard_pile"]),
    ]
    if saboteur2:
        # What swap-hats draws from. (The 10 cards removed each round are always 10.)
        parts.append(_("dwarf reserve {count}").format(count=observation["reserve"]))
    else:
        parts.append(_("gold deck {count}").format(count=observation["gold_deck"]))
    line.append(" · ".join(parts))
    return line


def goal_word(kind: str) -> str:
    """``gold`` or ``stone``, what a goal card holds, in the person's language."""
    return pgettext("goal", NP_GOAL[kind])


#: What a goal card holds, as the goals' panel and the round's end say it.
NP_GOAL = {"gold": NP_("goal", "gold"), "stone": NP_("goal", "stone")}


def render_recent(
    observation: Observation, moves: Sequence[str], title: str, first: int | None = None
) -> RenderableType:
    """A list of moves in words; ``first`` is the first one's place in the round in play."""
    lines = [
        describe_move(observation, text, None if first is None else first + offset)
        for offset, text in enumerate(moves)
    ]
    body = Text("\n").join(lines) if lines else Text(_("nothing yet"), style="dim")
    return Group(Text(title, style="bold"), body)


def hand_letter(index: int) -> str:
    """The letter of the card at ``index`` (from 0) of a hand: ``a``, ``b``, ...

    Hands go by letters so that a number always means a move of the move list.
    """
    return chr(ord("a") + index)


def render_hand(observation: Observation) -> RenderableType:
    """The viewer's own hand, lettered from a; only ``observation["hand"]`` is read."""
    hand = observation.get("hand") or []
    if not hand:
        return Panel(Text(_("no cards left"), style="dim"), title=_("Your hand"), box=box.ROUNDED)
    table = Table.grid(padding=(0, 2))
    for _card in hand:
        table.add_column(justify="center", no_wrap=True)
    duel = observation.get("edition", "base") == "duel"
    pictures = [duel_card_picture(card) if duel else card_picture(card) for card in hand]
    for line in range(3):
        table.add_row(*[picture[line] for picture in pictures])
    labels = []
    for index, card in enumerate(hand):
        label = Text(f"{hand_letter(index)} ", style="bold cyan")
        # Saboteur 2's long codes break before their marks, to keep the hand narrow.
        text = card.replace("/", "\n/", 1) if "/" in card or duel else card_label(card)
        label.append(text, style="bold")
        labels.append(label)
    table.add_row(*labels)
    return Panel(table, title=_("Your hand"), box=box.ROUNDED, expand=False)


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
    return Panel(table, title=_("Hands"), box=box.ROUNDED, expand=False)
