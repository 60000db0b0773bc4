"""``random.Random.shuffle``, the same permutation from the same generator, at half
the cost: the deals of a game are most of what making it costs, and most of a
shuffle is the call of ``Random._randbelow`` for every card, written out here.

A seed deals the same cards as it always has (records and golden games depend on
it): tests/test_rules_shuffle.py compares this with ``Random.shuffle`` itself, so a
Python whose shuffle draws differently is caught there.
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


#: For each length shuffled so far, the steps of its shuffle: (last, its bound's bit
#: count), worked out once (a deal shuffles the same length every round).
_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def _steps(length: int) -> tuple[tuple[int, int], ...]:
    steps = _STEPS.get(length)
    if steps is None:
        steps = _STEPS[length] = tuple(
            (last, (last + 1).bit_length()) for last in range(length - 1, 0, -1)
        )
    return steps


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does."""
    getrandbits = rng.getrandbits
    for last, bits in _steps(len(items)):
        # Random._randbelow_with_getrandbits(last + 1): draw as many bits as the
        # bound has, again until the draw is not above ``last``.
        pick = getrandbits(bits)
        while pick > last:
            pick = getrandbits(bits)
        items[last], items[pick] = items[pick], items[last]
