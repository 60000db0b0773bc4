"""The viewer's legal moves as a numbered list, grouped by kind and card."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from ..rules import Move
from ..rules.cards import parse_shape
from ..rules.duel_faces import DUEL_CARD_OF_FACE
from ..rules.faces import CARD_OF_FACE
from ..rules.moves import CLEAR, DISCARD
from .words import _


def printed_card(shape: str) -> str:
    """The printed code of the path card that lies as ``shape`` (``"NSW"`` -> ``"NES"``);
    a Duel face by the decks made known to the engine."""
    duel = DUEL_CARD_OF_FACE.get(shape)
    return duel if duel is not None else CARD_OF_FACE[parse_shape(shape)]


@dataclass(frozen=True)
class ChooseCards:
    """One entry of the list for every move that plays a set of cards of the hand:
    the discards of several cards, or the clears of one card in front of the seat.
    Choosing it asks for the cards, where listing every pair and triple of a hand
    took 50 to 70 lines (issue 20)."""

    kind: str  # "discard" or "clear"
    front: str  # a clear's card in front of the seat ("trapped"); "" for a discard
    fewest: int  # how many cards the move takes, at the fewest and at the most
    most: int


#: What a number of the person's list stands for: a move, or the question of its cards.
Entry = Move | ChooseCards


def _question(move: Move) -> tuple[str, str] | None:
    """The question ``move`` is answered by (its kind, its front card), if any."""
    if move.kind == DISCARD and move.also:
        return (DISCARD, "")
    if move.kind == CLEAR:
        return (CLEAR, move.front)
    return None


def menu_entries(legal: Sequence[Move]) -> list[Entry]:
    """The person's numbered list: the legal moves, the discards of several cards
    and the clears of each front card each replaced by one :class:`ChooseCards`,
    where the first of them stood."""
    entries: list[Entry | tuple[str, str]] = []
    sizes: dict[tuple[str, str], list[int]] = {}
    for move in legal:
        question = _question(move)
        if question is None:
            entries.append(move)
            continue
        if question not in sizes:
            entries.append(question)
            sizes[question] = []
        sizes[question].append(len(move.cards_played()))
    return [
        ChooseCards(*entry, min(sizes[entry]), max(sizes[entry]))
        if isinstance(entry, tuple) and not isinstance(entry, Move)
        else entry
        for entry in entries
    ]


def move_groups(
    numbered: Iterable[tuple[int, Entry]],
) -> list[tuple[str, list[tuple[int, str]]]]:
    """Numbered moves grouped by kind and card: ``(title, [(number, short text)])``.

    Discards of several cards are one entry of their own group, after the
    single discards, so that choosing the cards comes after the list.
    """
    groups: dict[str, list[tuple[int, str]]] = {}
    for number, move in numbered:
        if isinstance(move, ChooseCards):
            if move.kind == CLEAR:
                title = CLEAR
                short = _("{front}: choose the cards").format(front=move.front)
            else:
                # The kinds' titles are the notation's words; only this one is a phrase.
                if move.most == 2:
                    title = _("discard 2 cards")
                else:
                    title = _("discard 2 to {most} cards").format(most=move.most)
                short = _("choose the cards")
            groups.setdefault(title, []).append((number, short))
            continue
        notation = move.notation()
        if move.kind == "place":
            title = f"place {printed_card(move.card)}"
            short = notation.removeprefix("place ")
        elif move.kind in ("break", "fix"):
            title = move.card
            short = notation.removeprefix(move.card + " ")
        elif move.kind in ("map", "rockfall", "discard", "clear"):
            title = move.kind
            short = notation.removeprefix(move.kind + " ")
        else:
            # theft, pass, steal and the aimed cards: the kind, then its seat if any
            title = move.kind
            short = notation.removeprefix(move.kind + " ") if move.target >= 0 else notation
        groups.setdefault(title, []).append((number, short))
    return list(groups.items())


class MoveLine:
    """Numbered moves wrapped only between moves, so that a number stays with its move.

    (Rich wraps text at any white space, no-break spaces included.)
    """

    GAP = "   "

    def __init__(self, items: list[Text]) -> None:
        self.items = items

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = Text()
        for item in self.items:
            if line and line.cell_len + len(self.GAP) + item.cell_len > width:
                yield from line.render(console)
                yield Segment.line()
                line = Text()
            if line:
                line.append(self.GAP)
            line.append_text(item)
        yield from line.render(console)
        yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widths = [item.cell_len for item in self.items]
        total = sum(widths) + len(self.GAP) * max(len(widths) - 1, 0)
        return Measurement(max(widths, default=0), total)


def render_moves(numbered: Iterable[tuple[int, Entry]]) -> Table:
    """Numbered moves, one wrapped line of moves per kind and card."""
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for title, items in move_groups(numbered):
        moves = [
            Text(str(number), style="bold cyan") + Text(f" {short}") for number, short in items
        ]
        table.add_row(title, MoveLine(moves))
    return table
