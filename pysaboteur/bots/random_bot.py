"""The random bot: a uniform choice among the legal moves."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..rules import Move, Observation
from .base import register


class RandomBot:
    """Plays a legal move chosen uniformly at random, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        return self._rng.choice(legal_moves)


def _make(settings: dict[str, str], seed: int | None) -> RandomBot:
    if settings:
        raise ValueError(f"the random bot takes no settings, got {', '.join(settings)}")
    return RandomBot(seed)


register("random", _make)
