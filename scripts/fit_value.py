"""Fit the weights of ``pysaboteur.bots.value`` to heuristic self-play.

Plays ``--games`` games of the heuristic bot against itself for each player
count from 3 to 10, records the model's features at every turn with the
round's winner, fits a logistic regression by gradient descent and prints the
weights to paste into ``pysaboteur/bots/value.py``, with the log loss and
accuracy on a held-out tenth of the games.

    .venv/bin/python scripts/fit_value.py --games 40
"""

from __future__ import annotations

import argparse
import math
import random

from pysaboteur.bots import make_bot
from pysaboteur.bots.value import FEATURE_NAMES, features
from pysaboteur.rules import Game, seat_observation

Sample = tuple[list[float], float]


def self_play(players: int, seed: int) -> list[Sample]:
    """Features at every turn of one game, each with 1.0 if the miners won that round."""
    game = Game.new(players, seed=seed)
    samples: list[Sample] = []
    while not game.is_over:
        number = game.round_number
        bots = [
            make_bot("heuristic", seed=seed * 100 + number * 10 + seat) for seat in range(players)
        ]
        round_samples: list[list[float]] = []
        while game.round_number == number and not game.is_over:
            if game.phase == "play":
                round_samples.append(features(game))
            seat = game.to_move
            assert seat is not None
            game.play(bots[seat].choose(seat_observation(game, seat), game.legal_moves()))
        result = game.rounds[number - 1].result
        assert result is not None
        won = 1.0 if result.winner == "miners" else 0.0
        samples += [(row, won) for row in round_samples]
    return samples


def fit(samples: list[Sample], iterations: int = 12, ridge: float = 1e-3) -> list[float]:
    """Logistic regression by Newton's method (a handful of features: exact solves)."""
    size = len(samples[0][0])
    weights = [0.0] * size
    for _ in range(iterations):
        gradient = [0.0] * size
        hessian = [[ridge if i == j else 0.0 for j in range(size)] for i in range(size)]
        for row, label in samples:
            p = _predict(weights, row)
            for i in range(size):
                gradient[i] += (p - label) * row[i]
                for j in range(size):
                    hessian[i][j] += p * (1 - p) * row[i] * row[j]
        step = _solve(hessian, gradient)
        weights = [w - d for w, d in zip(weights, step, strict=True)]
    return weights


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, size):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, size + 1):
                rows[r][c] -= factor * rows[col][c]
    result = [0.0] * size
    for r in reversed(range(size)):
        result[r] = (
            rows[r][size] - sum(rows[r][c] * result[c] for c in range(r + 1, size))
        ) / rows[r][r]
    return result


def _predict(weights: list[float], row: list[float]) -> float:
    score = sum(w * v for w, v in zip(weights, row, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, score))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--seed", type=int, default=7000)
    args = parser.parse_args()
    games = [
        (players, args.seed + index) for players in range(3, 11) for index in range(args.games)
    ]
    random.Random(args.seed).shuffle(games)
    held_out = games[: len(games) // 10]
    train = [s for players, seed in games[len(held_out) :] for s in self_play(players, seed)]
    test = [s for players, seed in held_out for s in self_play(players, seed)]
    weights = fit(train)
    loss = -sum(
        math.log(max(1e-9, p if label else 1 - p))
        for row, label in test
        for p in [_predict(weights, row)]
    ) / len(test)
    accuracy = sum((_predict(weights, row) > 0.5) == bool(label) for row, label in test) / len(test)
    for name, weight in zip(FEATURE_NAMES, weights, strict=True):
        print(f"{name:36s} {weight:+.3f}")
    print(f"WEIGHTS = ({', '.join(f'{w:.3f}' for w in weights)})")
    print(f"held out: {len(test)} positions, log loss {loss:.3f}, accuracy {accuracy:.3f}")


if __name__ == "__main__":
    main()
