"""``saboteur bench --beside EDITION``: two editions' moves a second in one run.

The same loop as the headline (``bench.playouts``: list the legal moves, play one
at random), each edition's games and the other's in turn, several times, in CPU
time, by ``Move`` and by code; the table gives the medians and the median of the
ratios of each turn (issue 19 asks the Duel for as many moves a second as the base
game: docs/engine.md, "The Duel"). Interleaved so that a busy machine slows both
alike; the clock is CPU time, not the wall.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from .bench import playouts
from .rules import Options
from .rules.editions import find_edition

#: How each turn plays its moves: by ``Move`` (what ``Game.play`` readers do) and by code.
WAYS = (("by Move", False), ("by code", True))


@dataclass(frozen=True)
class Side:
    """One edition in the comparison, and its player count."""

    edition: str
    players: int
    deck: str | None = None

    @property
    def name(self) -> str:
        return f"{find_edition(self.edition).title}, {self.players} players"


def moves_a_second(side: Side, games: int, seed: int, options: Options, by_code: bool) -> float:
    """Moves a second (CPU time) of ``games`` random games of one side."""
    tally = playouts(
        side.players, games, seed, options, side.edition, side.deck,
        by_code=by_code, clock=time.process_time,
    )  # fmt: skip
    return tally.moves / tally.seconds if tally.seconds else 0.0


def compare_editions(
    first: Side, second: Side, games: int, seed: int, options: Options, repeats: int = 5
) -> dict[str, tuple[list[float], list[float]]]:
    """Per way of playing, the first side's and the second's moves a second, turn by
    turn (the table's ratio is the first's over the second's)."""
    for _, by_code in WAYS:  # warm both (imports, the codes' first meetings)
        moves_a_second(first, 2, seed, options, by_code)
        moves_a_second(second, 2, seed, options, by_code)
    found: dict[str, tuple[list[float], list[float]]] = {way: ([], []) for way, _ in WAYS}
    for _ in range(repeats):
        for way, by_code in WAYS:
            found[way][0].append(moves_a_second(first, games, seed, options, by_code))
            found[way][1].append(moves_a_second(second, games, seed, options, by_code))
    return found


def print_editions(
    console: Console,
    first: Side,
    second: Side,
    games: int,
    seed: int,
    options: Options,
    repeats: int = 5,
) -> None:
    found = compare_editions(first, second, games, seed, options, repeats)
    table = Table(title=f"editions side by side (interleaved, {repeats} runs each, CPU time)")
    table.add_column("way")
    table.add_column(first.name, justify="right")
    table.add_column(second.name, justify="right")
    table.add_column("ratio", justify="right")
    for way, (ours, theirs) in found.items():
        ratio = statistics.median(a / b if b else 0.0 for a, b in zip(ours, theirs, strict=True))
        table.add_row(
            way,
            f"{statistics.median(ours):,.0f} moves/s",
            f"{statistics.median(theirs):,.0f} moves/s",
            f"{ratio:.2f}",
        )
    console.print(table)
