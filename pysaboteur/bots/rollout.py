"""A fast playout policy for search: crude rules of thumb that play a whole
round in a few milliseconds, so that a search can afford hundreds of playouts.

It plays inside a *sampled* game (see ``pysaboteur.rules.determinize``), so it
may read that game's state directly: each seat knows its own role, the goals
it has mapped and the tools in front of everyone.  It does not know the other
seats' roles: breaks and repairs aim at the seats that the sampled roles make
opponents or partners only some of the time, as a real player guesses.
"""

from __future__ import annotations

import random
from typing import Final

from ..rules.cards import DEAD_END, GOAL_CELLS, MINER, E, N, S, W, parse_shape
from ..rules.game import GOLD, MINERS, PLAY, Game
from ..rules.moves import BREAK, DISCARD, FIX, MAP, PLACE, ROCKFALL, Move

#: How often a playout seat aims a broken tool or a repair at the right seat.
GUESS_RIGHT: Final = 0.7
_SIDE_STEPS: Final = ((N, 0, -1), (E, 1, 0), (S, 0, 1), (W, -1, 0))


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


def _reach(x: int, y: int, shape: int, tx: int, ty: int) -> int:
    """How far from the target the nearest open side of a card at ``x, y`` leads."""
    best = 99
    for side, dx, dy in _SIDE_STEPS:
        if shape & side:
            best = min(best, abs(x + dx - tx) + abs(y + dy - ty))
    return best


def playout_move(game: Game, rng: random.Random) -> Move:
    """One move for the seat to move, by the rules of thumb."""
    moves = game.legal_moves()
    if len(moves) == 1:
        return moves[0]
    if game.phase == GOLD:
        return max(moves, key=lambda move: move.value)
    seat = game.to_move
    assert seat is not None
    miner = game.roles[seat] == MINER
    tx, ty = GOAL_CELLS[target_goal(game, seat)]
    best_score = -1e9
    best: list[Move] = []
    roles = game.roles
    for move in moves:
        kind = move.kind
        if kind == PLACE:
            shape = parse_shape(move.card)
            near = abs(move.x - tx) + abs(move.y - ty)
            if miner:
                score = -50.0 if shape & DEAD_END else 20.0 - _reach(move.x, move.y, shape, tx, ty)
                if (
                    near == 1
                    and not shape & DEAD_END
                    and _reach(move.x, move.y, shape, tx, ty) == 0
                ):
                    score = 100.0  # this card reaches the goal
            elif shape & DEAD_END:
                score = 10.0 - near if near <= 4 else -1.0
            else:
                score = 1.0 if _reach(move.x, move.y, shape, tx, ty) >= near else -20.0
        elif kind == BREAK:
            opponent = (roles[move.target] == MINER) != miner
            if move.target == seat or rng.random() > (GUESS_RIGHT if opponent else 1 - GUESS_RIGHT):
                continue
            score = 4.0 if miner else 6.0
        elif kind == FIX:
            score = (
                12.0
                if move.target == seat
                else (3.0 if (roles[move.target] == MINER) == miner else -1.0)
            )
        elif kind == MAP:
            gold_known = any(card == "gold" for card in game.maps[seat].values())
            score = -1.0 if gold_known else (15.0 if miner else 5.0)
        elif kind == ROCKFALL:
            near = abs(move.x - tx) + abs(move.y - ty)
            score = (6.0 - near) if not miner and near <= 3 else -5.0
        elif kind == DISCARD:
            score = 0.5 if move.card.startswith("x") and miner else rng.random() * 0.4
        else:
            score = 0.0
        if score > best_score:
            best_score = score
            best = [move]
        elif score == best_score:
            best.append(move)
    return rng.choice(best)


def play_on(game: Game, rng: random.Random, limit: int = 400) -> str | None:
    """Play the round in progress on by the rules of thumb, at most ``limit`` moves.

    Returns the round's winner (``MINERS`` or ``SABOTEURS``) if it ended, else
    ``None``.  The gold picks that follow a miners' win are not played: the
    winner is known.
    """
    number = game.round_number
    for _ in range(limit):
        if game.phase != PLAY or game.round_number != number:
            break
        game.play(playout_move(game, rng))
    if game.phase == GOLD:
        return MINERS
    result = game.rounds[number - 1].result
    return result.winner if result is not None else None
