"""Choosing among candidate moves tried on the same sampled games (paired comparison)."""

from __future__ import annotations

import math

from ..rules.moves import Move


def clear_winner(
    shortlist: list[Move], advantage: dict[Move, list[float]], count: int, margin: float
) -> Move:
    """The first candidate (the heuristic's choice), unless another beats it clearly.

    ``advantage[move]`` holds the sum and the sum of squares, over ``count`` samples,
    of how much more ``move`` scored than the first candidate on the same sample.  A
    move beats it clearly when its mean advantage is over ``margin`` and over two
    standard errors; of those, the one with the largest mean wins.
    """
    best = shortlist[0]
    best_mean = 0.0
    if count < 2:
        return best
    for move in shortlist[1:]:
        total, squares = advantage[move]
        mean = total / count
        spread = math.sqrt(max(squares / count - mean * mean, 0.0) / (count - 1))
        if mean > margin and mean > 2.0 * spread and mean > best_mean:
            best, best_mean = move, mean
    return best
