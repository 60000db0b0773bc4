"""A fast playout policy for search: the heuristic bot's rules of thumb,
boiled down so that a search can afford hundreds of playouts a second.

It plays inside a *sampled* game (see ``pysaboteur.rules.determinize``), so it
may read that game's state directly: each seat knows its own role, the goals
it has mapped and the tools in front of everyone.  It does not know the other
seats' roles: breaks and repairs aim at the seats that the sampled roles make
opponents or partners only some of the time, as a real player guesses.

Each move, one search back from the goal the seat digs towards
(:func:`~.maze_view.cards_to_goal`) judges every placement at once: miners
lay the card that brings the network a card nearer, saboteurs block at once
(as the heuristic's do) with a dead end or a wall in the cell the shortest
way must cross, or a rockfall on the card at its tip.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from ..rules.cards import DEAD_END, MINER, cell_key, parse_shape
from ..rules.game import GOLD, MINERS, PLAY, Game
from ..rules.maze import GOAL_KEYS, SIDE_STEPS, START_KEY
from ..rules.moves import BREAK, DISCARD, FIX, MAP, PLACE, ROCKFALL, Move
from .maze_view import FAR, cards_to_goal

#: How often a playout seat aims a broken tool or a repair at the right seat.
GUESS_RIGHT: Final = 0.7


def target_goal(game: Game, seat: int) -> int:
    """The goal a seat digs towards: the gold if it knows it, else the nearest open one."""
    for index, card in game.maps[seat].items():
        if card == "gold" and not game.maze.revealed[index]:
            return index
    open_goals = [
        index
        for index in (1, 0, 2)  # the middle goal first: it is the nearest to the start
        if not game.maze.revealed[index] and game.maps[seat].get(index, "gold") == "gold"
    ]
    return open_goals[0] if open_goals else 1


def _after(need: dict[int, int], cells: dict[int, int], key: int, shape: int) -> int:
    """The network's need once a connected card of ``shape`` lies at ``key``."""
    best = FAR
    for side, step, back in SIDE_STEPS:
        if shape & side:
            neighbour = key + step
            other = cells.get(neighbour)
            if other is not None and not other & back and neighbour not in GOAL_KEYS:
                continue  # a wall across this side
            best = min(best, need.get(neighbour, FAR))
    return best


def playout_move(
    game: Game, rng: random.Random, fields: dict[int, dict[int, int]] | None = None
) -> Move:
    """One move for the seat to move, by the rules of thumb.

    ``fields`` may keep :func:`~.maze_view.cards_to_goal` by goal between
    moves that leave the maze as it was; the caller empties it when it changes.
    """
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if game.phase == GOLD:
        return max(moves, key=lambda move: move.value)
    best_score = -1e9
    best: list[Move] = []
    for move, score in zip(moves, move_scores(game, moves, rng.random, fields), strict=True):
        if score is None:
            continue
        if score > best_score:
            best_score = score
            best = [move]
        elif score == best_score:
            best.append(move)
    return rng.choice(best)


def move_scores(
    game: Game,
    moves: Sequence[Move],
    chance: Callable[[], float],
    fields: dict[int, dict[int, int]] | None = None,
) -> list[float | None]:
    """The rules of thumb's score of each move (None: a break the seat passes over,
    its guess saying the target is no opponent); ``chance`` draws in [0, 1), in the
    order of the moves. The core scores the same (core/playout.cpp)."""
    seat = game.to_move
    assert seat is not None
    miner = game.roles[seat] == MINER
    maze = game.maze
    cells = maze.cells
    goal = target_goal(game, seat)
    if fields is None:
        fields = {}
    if goal not in fields:
        fields[goal] = cards_to_goal(maze, goal)
    need = fields[goal]
    distance = min((need.get(key, FAR) for key in maze.network), default=FAR)
    gold_known = any(card == "gold" for card in game.maps[seat].values())
    roles = game.roles
    scores: list[float | None] = []
    for move in moves:
        kind = move.kind
        score: float | None
        if kind == PLACE:
            shape = parse_shape(move.card)
            key = cell_key(move.x, move.y)
            on_the_way = need.get(key, FAR) == distance  # the shortest way crosses this cell
            dead_end = shape & DEAD_END
            progress = not dead_end and _after(need, cells, key, shape) < distance
            if miner:
                if progress:
                    score = 30.0 if distance == 1 else 20.0
                else:
                    score = -20.0 if dead_end else -1.0
            elif progress:
                score = -20.0
            elif on_the_way:
                score = (18.0 if dead_end else 14.0) - distance  # block nearest the gold
            else:
                score = -5.0 if dead_end else -1.0
        elif kind == ROCKFALL:
            key = cell_key(move.x, move.y)
            if miner:
                # Clear a dead end lying where the shortest way would go.
                score = (
                    16.0 if cells[key] & DEAD_END and _cleared(need, cells, key, distance) else -5.0
                )
            else:
                score = (
                    (15.0 - distance) if key in maze.network and need.get(key) == distance else -5.0
                )
        elif kind == BREAK:
            opponent = (roles[move.target] == MINER) != miner
            if move.target == seat or chance() > (GUESS_RIGHT if opponent else 1 - GUESS_RIGHT):
                score = None
            else:
                score = 4.0 if miner else 12.0
        elif kind == FIX:
            if move.target == seat:
                score = 25.0 if miner else 3.0
            else:
                score = 6.0 if (roles[move.target] == MINER) == miner else -1.0
        elif kind == MAP:
            score = -1.0 if gold_known else (10.0 if miner else 2.0)
        elif kind == DISCARD:
            score = chance() * 0.5 + (0.5 if move.card.startswith("x") and miner else 0.0)
        else:
            score = 0.0
        scores.append(score)
    return scores


def _cleared(need: dict[int, int], cells: dict[int, int], key: int, distance: int) -> bool:
    """Whether emptying the cell at ``key`` would open a way at least as short as ``distance``."""
    through = min(need.get(key + step, FAR) for _, step, _ in SIDE_STEPS) + 1
    return key != START_KEY and through <= distance


def play_on(game: Game, rng: random.Random, limit: int = 400) -> str | None:
    """Play the round in progress on by the rules of thumb, at most ``limit`` moves.

    Returns the round's winner (``MINERS`` or ``SABOTEURS``) if it ended, else
    ``None``.  The gold picks that follow a miners' win are not played: the
    winner is known.
    """
    number = game.round_number
    fields: dict[int, dict[int, int]] = {}
    for _ in range(limit):
        if game.phase != PLAY or game.round_number != number:
            break
        move = playout_move(game, rng, fields)
        game.play(move)
        if move.kind in (PLACE, ROCKFALL):
            fields.clear()
    if game.phase == GOLD:
        return MINERS
    result = game.rounds[number - 1].result
    return result.winner if result is not None else None
