"""What the Duel heuristic asks of the maze (:mod:`.heuristic_duel`): each seat's
*prospects*, the nuggets it has claimed and the gold its network is near, now and
after each move that changes the maze; and how far each seat's network lies from
each goal.

Gold near: each face-down goal's expected nuggets (:mod:`.duel_view`) and each
unclaimed nugget on a card, times ``NEAR`` per card still needed from the nearest
*front* of the network (an empty cell, or a face-down goal, that an open side of
the network faces); a seat with no counter left is near nothing. A move is tried on
a copy of the maze rebuilt from the observation, the rules' own
:class:`~pysaboteur.rules.duel_maze.DuelMaze`, with the automatic claims that follow.

The core answers all of it in one call a decision (core/duel_query.cpp, through
:mod:`pysaboteur.native.duel_query`); the Python here is the reference, and answers
under ``PYSABOTEUR_PURE=1`` or without the core (tests/test_duel_query.py: the same
numbers).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

from ..native.duel_query import native_prospects
from ..rules.duel_faces import read_face
from ..rules.duel_maze import GOAL_CELLS, STEPS, Cell, DuelMaze
from ..rules.kinds.bribe import BRIBE
from ..rules.kinds.key import KEY
from ..rules.moves import PLACE, ROCKFALL, Move
from ..rules.observation import Observation
from .duel_view import GoalBeliefs, observed_maze

#: Gold one card further away is worth this share of gold one card nearer.
NEAR: Final = 0.6
#: A nugget claimed now is worth this many points (prospects are worth less).
CLAIMED: Final = 3.0
#: The kinds of move that change the maze, and so the prospects.
MAZE_KINDS: Final = frozenset((PLACE, KEY, BRIBE, ROCKFALL))


class Prospects(NamedTuple):
    """One seat's outlook on a maze: nuggets claimed and gold within reach (a tuple:
    the core's answers make two for every move tried)."""

    claimed: float
    near: float

    @property
    def value(self) -> float:
        return CLAIMED * self.claimed + self.near


#: Something per seat: seat 0's, then seat 1's.
PerSeat = tuple[Prospects, Prospects]


@dataclass
class Outlook:
    """Both seats' prospects now and after each move asked about (in its order), and
    the cards from each seat's network to each goal (None: it has no front)."""

    now: PerSeat
    after: list[PerSeat]
    goal_distances: tuple[tuple[int | None, ...], tuple[int | None, ...]]


def outlook(
    observation: Observation, beliefs: GoalBeliefs, mover: int, changes: Sequence[Move]
) -> Outlook:
    """The :class:`Outlook` of the observation's maze, the ``changes`` (placements,
    keys, bribes, rockfalls) made by ``mover``: from the core where it answers."""
    answered = native_prospects(observation, beliefs.expected, NEAR, mover, changes)
    if answered is None:
        return outlook_in_python(observed_maze(observation), beliefs, mover, changes)
    now, distances, after = answered
    return Outlook(
        _per_seat(now),
        [_per_seat(numbers) for numbers in after],
        (_distances(distances[0]), _distances(distances[1])),
    )


def _per_seat(numbers: Sequence[float]) -> PerSeat:
    return Prospects(numbers[0], numbers[1]), Prospects(numbers[2], numbers[3])


def _distances(found: Sequence[int]) -> tuple[int | None, ...]:
    return tuple(None if distance < 0 else distance for distance in found)


def outlook_in_python(
    maze: DuelMaze, beliefs: GoalBeliefs, mover: int, changes: Sequence[Move]
) -> Outlook:
    """:func:`outlook` worked out on the bot's :class:`DuelMaze` (the reference)."""
    now = (prospects(maze, 0, beliefs), prospects(maze, 1, beliefs))
    after = []
    for move in changes:
        changed = after_move(maze, move, mover)
        after.append((prospects(changed, 0, beliefs), prospects(changed, 1, beliefs)))
    distances = []
    for seat in (0, 1):
        fronts = _fronts(maze, seat)
        distances.append(tuple(_distance(fronts, cell) if fronts else None for cell in GOAL_CELLS))
    return Outlook(now, after, (distances[0], distances[1]))


def after_move(maze: DuelMaze, move: Move, mover: int) -> DuelMaze:
    """The maze once the mover's move is carried out (goals stay face down: the bot
    does not know them; reaching one counts as reaching its expected gold)."""
    after = maze.copy()
    cell = move.cell
    if move.kind == PLACE:
        after.lay(read_face(move.card), move.card, cell)
    elif move.kind == KEY:
        after.keys[cell] = mover
        after.changed()
    elif move.kind == BRIBE:
        after.bribes.setdefault(cell, []).append(mover)
        after.changed()
    else:
        after.remove(*cell)
    after.claim(mover)
    after.claim(1 - mover)
    return after


def prospects(maze: DuelMaze, seat: int, beliefs: GoalBeliefs) -> Prospects:
    """The nuggets the seat has claimed this round, and the gold its network is near."""
    claimed = float(sum(maze.nuggets_at(cell) for cell, owner in maze.claims if owner == seat))
    if not maze.counters_left(seat):
        return Prospects(claimed, 0.0)
    fronts = _fronts(maze, seat)
    near = 0.0
    if fronts:
        for index, cell in enumerate(GOAL_CELLS):
            if not maze.revealed[index]:
                near += beliefs.expected[index] * NEAR ** _distance(fronts, cell)
        claimed_cells = {cell for cell, _ in maze.claims}
        for cell, face in maze.faces.items():
            if face.gold and cell not in claimed_cells:
                near += face.nuggets * NEAR ** (_distance(fronts, cell) + 1)
    return Prospects(claimed, near)


def _fronts(maze: DuelMaze, seat: int) -> list[Cell]:
    """The empty cells (or face-down goals) that an open side of the seat's network faces."""
    found = []
    for (x, y), sides in maze.open_sides(seat).items():
        for side, (dx, dy), _ in STEPS:
            if sides & side:
                there = (x + dx, y + dy)
                if there not in maze.faces:
                    found.append(there)
    return found


def _distance(fronts: list[Cell], cell: Cell) -> int:
    """Cards still needed to reach ``cell`` from the nearest front (0: it is reached)."""
    return min(abs(x - cell[0]) + abs(y - cell[1]) for x, y in fronts)
