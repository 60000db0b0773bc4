"""The viewer's legal moves as a numbered list, grouped by kind and card."""

from __future__ import annotations

from collections.abc import Iterable

from rich.table import Table
from rich.text import Text

from ..rules import Move
from ..rules.cards import CARD_OF_SHAPE, parse_shape


def printed_card(shape: str) -> str:
    """The printed code of the path card that lies as ``shape`` (``"NSW"`` -> ``"NES"``)."""
    return CARD_OF_SHAPE[parse_shape(shape)]


def move_groups(numbered: Iterable[tuple[int, Move]]) -> list[tuple[str, list[tuple[int, str]]]]:
    """Numbered moves grouped by kind and card: ``(title, [(number, short text)])``."""
    groups: dict[str, list[tuple[int, str]]] = {}
    for number, move in numbered:
        notation = move.notation()
        if move.kind == "place":
            title = f"place {printed_card(move.card)}"
            short = notation.removeprefix("place ")
        elif move.kind in ("break", "fix"):
            title = move.card
            short = notation.removeprefix(move.card + " ")
        elif move.kind in ("map", "rockfall", "discard"):
            title = move.kind
            short = notation.removeprefix(move.kind + " ")
        else:
            title = move.kind
            short = notation
        groups.setdefault(title, []).append((number, short))
    return list(groups.items())


def render_moves(numbered: Iterable[tuple[int, Move]]) -> Table:
    """Numbered moves, one wrapped line of moves per kind and card."""
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for title, items in move_groups(numbered):
        line = Text()
        for index, (number, short) in enumerate(items):
            if index:
                line.append("   ")
            line.append(f"{number}", style="bold cyan")
            # A no-break space keeps each move whole when the line wraps.
            line.append("\u00a0" + short.replace(" ", "\u00a0"))
        table.add_row(title, line)
    return table
