"""What a bot reads off the maze: where the gold may be, and how many cards the
start network still needs to reach each goal.

Distances count empty cells a path would cross, ignoring which shapes fit
there: a cheap, honest estimate that bots and beliefs share.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from ..native.maze_query import native_distances
from ..rules.cards import DEAD_END, GOAL_CARDS, cell_key, parse_shape
from ..rules.maze import GOAL_KEYS, SIDE_STEPS, Maze
from ..rules.moves import PLACE, Move
from ..rules.observation import Observation

#: Search no further than this box around the start and goals: paths that
#: leave it are never the shortest way to a goal.
_INSIDE = frozenset(cell_key(x, y) for x in range(-6, 14) for y in range(-9, 10))
#: Cells a path may be built through: inside the box, not a goal's cell.
_OPEN_GROUND = _INSIDE - set(GOAL_KEYS)


def _neighbours(key: int) -> tuple[tuple[int, int, int], ...]:
    """(side, the neighbour across it, the neighbour's side facing back) for a cell."""
    return tuple((side, key + step, back) for side, step, back in SIDE_STEPS)


_NEIGHBOURS = {key: _neighbours(key) for key in _INSIDE}
#: The distance of a goal the network cannot reach at all.
FAR = 20
_PLACEHOLDER_GOAL = GOAL_CARDS[1]


def observed_maze(observation: Observation) -> Maze:
    """The maze as an observation shows it.

    Goals the observer does not know get a stone as a stand-in: a goal still
    face down has never been reached, so its identity never mattered to the
    maze so far.
    """
    goals = [goal["card"] or _PLACEHOLDER_GOAL for goal in observation["goals"]]
    cells = {
        cell_key(card["x"], card["y"]): parse_shape(card["shape"]) for card in observation["maze"]
    }
    return Maze.from_cells(goals, cells, [goal["face_up"] for goal in observation["goals"]])


def gold_chances(goal_cards: Iterable[str | None], face_up: Iterable[bool]) -> list[float]:
    """The chance that each goal is the gold one, from the goal cards one knows."""
    known = list(goal_cards)
    if "gold" in known:
        return [1.0 if card == "gold" else 0.0 for card in known]
    open_goals = [
        index for index, (card, up) in enumerate(zip(known, face_up, strict=True))
        if card is None and not up
    ]  # fmt: skip
    return [1.0 / len(open_goals) if index in open_goals else 0.0 for index in range(len(known))]


def observed_gold_chances(observation: Observation) -> list[float]:
    """Gold chances with everything the observer knows (its maps included)."""
    goals = observation["goals"]
    return gold_chances([goal["card"] for goal in goals], [goal["face_up"] for goal in goals])


def public_gold_chances(maze: Maze) -> list[float]:
    """Gold chances from what the maze shows everyone: face-up goals only."""
    return gold_chances(
        [maze.goals[index] if up else None for index, up in enumerate(maze.revealed)],
        maze.revealed,
    )


def goal_distances(maze: Maze) -> list[int]:
    """Cards still to place before the start network reaches each goal (0: face up).

    A breadth-first search from the network in which an empty cell costs one
    card and a connected card already lying there costs nothing, if its side
    towards the path is open: cut-off tunnels count as the help they are.
    Dead ends cannot be passed.
    """
    cells = maze.cells
    goal_index = {key: index for index, key in enumerate(GOAL_KEYS) if not maze.revealed[index]}
    result = [0 if up else FAR for up in maze.revealed]
    remaining = len(goal_index)
    cost = dict.fromkeys(maze.network, 0)
    queue: deque[int] = deque(maze.network)
    while queue and remaining:
        key = queue.popleft()
        here = cost[key]
        shape = cells.get(key)  # None: an empty cell a card would go in
        around = _NEIGHBOURS.get(key) or _neighbours(key)  # a card beyond the box
        for side, neighbour, back in around:
            if shape is not None and not shape & side:
                continue
            if neighbour in goal_index:
                index = goal_index.pop(neighbour)
                result[index] = here  # the card here opens towards the goal
                remaining -= 1
                continue
            if neighbour in cost:
                continue
            other = cells.get(neighbour)
            if other is None:
                if neighbour in _OPEN_GROUND:
                    cost[neighbour] = here + 1
                    queue.append(neighbour)
            elif other & back and not other & DEAD_END:
                cost[neighbour] = here
                queue.appendleft(neighbour)
    return result


def average_distance(distances: list[int], chances: list[float]) -> float:
    """Distances to the goals averaged over where the gold may be."""
    return sum(chance * distance for chance, distance in zip(chances, distances, strict=True))


def expected_distance(maze: Maze, chances: list[float]) -> float:
    """The distance to the gold, averaged over where the gold may be."""
    return average_distance(goal_distances(maze), chances)


def distances_after(maze: Maze, move: Move) -> list[int]:
    """:func:`goal_distances` once a path card or a rockfall ``move`` is made."""
    after = maze.copy()
    if move.kind == PLACE:
        after.place(parse_shape(move.card), move.x, move.y)
    else:
        after.remove(move.x, move.y)
    return goal_distances(after)


def distances_now_and_after(maze: Maze, moves: Sequence[Move]) -> tuple[list[int], list[list[int]]]:
    """:func:`goal_distances` of ``maze`` and :func:`distances_after` of each placement
    or rockfall in ``moves``: from the core in one call where it is built, else here."""
    found = native_distances(maze, moves)
    if found is not None:
        return found
    return goal_distances(maze), [distances_after(maze, move) for move in moves]


def cards_to_goal(maze: Maze, goal: int) -> dict[int, int]:
    """For each cell, the cards still to place for a path through it to reach goal ``goal``.

    Only cells at most one card farther than the network's own are sure to be
    found: the search stops there.

    A breadth-first search back from the goal: an empty cell counts one card
    (the card that would lie there), a connected card already lying there
    counts nothing if its sides let the path through.  A cell missing from the
    result cannot lead to the goal at all.  With this one search a playout
    judges every placement in constant time: a card laid in a cell brings the
    network to the smallest value among the cells its open sides face.
    """
    cells = maze.cells
    target = GOAL_KEYS[goal]
    # Face-down goals block the way; turned-up stones are tunnel like any card.
    other_goals = {key for index, key in enumerate(GOAL_KEYS) if index != goal} - set(cells)
    need = {target: 0}
    network = maze.network
    reached = FAR  # the network's own need once found: cells much farther do not matter
    queue: deque[int] = deque([target])
    while queue:
        key = queue.popleft()
        here = need[key]
        if key in network and here < reached:
            reached = here
        if here > reached + 1:
            break
        shape = None if key == target else cells.get(key)
        for side, neighbour, back in _NEIGHBOURS.get(key) or _neighbours(key):
            if shape is not None and not shape & side:
                continue  # the path cannot leave this card on that side
            other = cells.get(neighbour)
            if other is None:
                if (
                    neighbour in _OPEN_GROUND
                    and neighbour not in other_goals
                    and need.get(neighbour, FAR) > here + 1
                ):
                    need[neighbour] = here + 1
                    queue.append(neighbour)
            elif other & back and not other & DEAD_END and need.get(neighbour, FAR) > here:
                need[neighbour] = here
                queue.appendleft(neighbour)
    return need
