"""How a round of the Duel ends and is scored (docs/rules-duel.md, "Scoring a round"):
each player keeps the cards his counters claimed, and pays each troll he bribed
one of them, always one with the fewest nuggets."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .duel_maze import Cell, DuelMaze


@dataclass
class DuelRoundResult:
    """A finished round of the Duel."""

    end: str  # "goals", "counters" or "cards": the first round end that held
    claims: list[list[str]]  # per seat, the cells of its claimed cards ("x,y"), in order
    bribes: list[list[str]]  # per seat, the cells of the trolls it bribed
    gold: list[int]  # per seat, the nuggets on its claimed cards
    paid: list[int]  # per seat, the nuggets it gave to trolls
    nuggets: list[int]  # gold - paid

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def winner(self) -> str:
        """The Duel has no sides: the round's end reason stands in (for readers of rounds)."""
        return self.end


def troll_payment(claimed: list[int], trolls: int) -> int:
    """What ``trolls`` bribed trolls take from claims of these nuggets: for each, one
    card with the fewest nuggets; nothing once no card is left."""
    return sum(sorted(claimed)[:trolls])


def score_round(maze: DuelMaze, end: str) -> DuelRoundResult:
    """The result of a round whose play ended (``end``) with this maze."""
    return scored(
        end,
        [(cell, seat, maze.nuggets_at(cell)) for cell, seat in maze.claims],
        [(cell, seat) for cell, seats in sorted(maze.bribes.items()) for seat in seats],
    )


def scored(
    end: str, claims: list[tuple[Cell, int, int]], bribes: list[tuple[Cell, int]]
) -> DuelRoundResult:
    """The result of a round from its claims (cell, seat, the card's nuggets) in the
    order they were made and its bribes (cell, seat) by cell."""
    cells: list[list[str]] = [[], []]
    claimed: list[list[int]] = [[], []]
    for (x, y), seat, nuggets in claims:
        cells[seat].append(f"{x},{y}")
        claimed[seat].append(nuggets)
    bribed: list[list[str]] = [[], []]
    for (x, y), seat in bribes:
        bribed[seat].append(f"{x},{y}")
    gold = [sum(each) for each in claimed]
    paid = [troll_payment(claimed[seat], len(bribed[seat])) for seat in (0, 1)]
    return DuelRoundResult(
        end, cells, bribed, gold, paid, [gold[seat] - paid[seat] for seat in (0, 1)]
    )
