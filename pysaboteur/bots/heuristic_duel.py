"""The heuristic bot's Duel player: digs for gold on its own network, lets its
counters claim it, bribes and keys when that opens the way to gold, and breaks
the other player's tools when the other is close to gold.

Every move that changes the maze (a path card, a key, a bribe, a rockfall) is
tried on the bot's own copy of the maze, worked out by the rules' own
:class:`~pysaboteur.rules.duel_maze.DuelMaze`, and scored by what it does to
both players' *prospects*: the nuggets each would claim at once, plus the gold
each network is near (goals by their expected nuggets, :mod:`.duel_view`, and
unclaimed gold on path cards), discounted by the cards still needed to reach
it.  The score is the bot's prospects less the other's, since the Duel is won
by having more nuggets than the other player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..rules.duel_faces import COLOURS, read_face
from ..rules.duel_maze import GOAL_CELLS, STEPS, Cell, DuelMaze
from ..rules.kinds.bribe import BRIBE
from ..rules.kinds.key import KEY
from ..rules.moves import BREAK, CLEAR, DISCARD, FIX, MAP, PASS, PLACE, ROCKFALL, Move
from ..rules.observation import Observation, viewer_seat
from .duel_view import GoalBeliefs, goal_beliefs, observed_maze

#: Gold one card further away is worth this share of gold one card nearer.
NEAR: Final = 0.6
#: A nugget claimed now is worth this many points (prospects are worth less).
CLAIMED: Final = 3.0
#: A bribe's counter and the card the troll takes at scoring.
BRIBE_COST: Final = 1.5
#: A main move that keeps every card in hand but changes nothing.
DISCARD_ONE: Final = -0.4


@dataclass
class Prospects:
    """One seat's outlook on a maze: nuggets claimed and gold within reach."""

    claimed: float
    near: float

    @property
    def value(self) -> float:
        return CLAIMED * self.claimed + self.near


class DuelHeuristic:
    """Scores every legal Duel move and plays the best; ties by its own generator."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        if len(legal_moves) == 1:
            return legal_moves[0]
        scored = self.scores(observation, legal_moves)
        best = max(score for score, _ in scored)
        return self._rng.choice([move for score, move in scored if score >= best - 1e-9])

    def scores(
        self, observation: Observation, legal_moves: Sequence[Move]
    ) -> list[tuple[float, Move]]:
        seat = viewer_seat(observation)
        assert seat is not None  # a bot plays a seat
        maze = observed_maze(observation)
        beliefs = goal_beliefs(observation)
        broken = observation["broken"]
        now = [prospects(maze, each, beliefs) for each in (0, 1)]
        baseline = now[seat].value - now[1 - seat].value
        scored = []
        for move in legal_moves:
            kind = move.kind
            if kind in (PLACE, KEY, BRIBE, ROCKFALL):
                after = _after(maze, move)
                mine, theirs = (prospects(after, each, beliefs) for each in (seat, 1 - seat))
                score = mine.value - theirs.value - baseline
                if kind == BRIBE:
                    score -= BRIBE_COST
                elif kind == KEY:
                    score -= 0.2  # keep a key for a door that matters
                elif kind == ROCKFALL:
                    score -= 0.3
            elif kind == BREAK:
                # Best just before the other reaches gold; a second broken tool adds little.
                already = len(broken[1 - seat])
                score = (0.6 + now[1 - seat].near) / (1 + 2 * already)
            elif kind == FIX:
                score = 1.0 + now[seat].near if len(broken[seat]) == 1 else 0.8
            elif kind == CLEAR:
                score = (0.6 + now[seat].near if len(broken[seat]) == 1 else 0.4) - 0.8
            elif kind == MAP:
                index = GOAL_CELLS.index(move.cell)
                score = 0.3 + 0.3 * beliefs.expected[index] * _closeness(maze, seat, move.cell)
            elif kind == DISCARD:
                score = DISCARD_ONE - 0.1 * len(move.also) - _keep_value(move, broken[seat])
            else:
                assert kind == PASS
                score = 0.0
            scored.append((score, move))
        return scored

    def saboteur_probabilities(self, observation: Observation) -> list[float]:
        """The Duel has no saboteurs: nobody is one."""
        return [0.0, 0.0]


def _after(maze: DuelMaze, move: Move) -> DuelMaze:
    """The maze once the move is carried out (goals stay face down: the bot does not
    know them; reaching one counts as reaching its expected gold)."""
    after = maze.copy()
    cell = move.cell
    if move.kind == PLACE:
        after.lay(read_face(move.card), move.card, cell)
    elif move.kind == KEY:
        after.keys[cell] = move.seat
        after.changed()
    elif move.kind == BRIBE:
        after.bribes.setdefault(cell, []).append(move.seat)
        after.changed()
    else:
        after.remove(*cell)
    after.claim(move.seat)
    after.claim(1 - move.seat)
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


def _closeness(maze: DuelMaze, seat: int, cell: Cell) -> float:
    fronts = _fronts(maze, seat)
    return NEAR ** _distance(fronts, cell) if fronts else 0.0


def _keep_value(move: Move, broken: list[str]) -> float:
    """What the discarded cards would have been worth kept (a repair when broken most)."""
    value = 0.0
    for card in move.cards_played():
        if card.startswith("fix-"):
            value += 1.0 if any(tool in card for tool in broken) else 0.3
        elif card in (KEY, MAP, ROCKFALL) or card.startswith("break-"):
            value += 0.4
        else:
            value += 0.2 + 0.2 * read_face(card).nuggets
    return value


__all__ = ["COLOURS", "DuelHeuristic", "prospects"]
