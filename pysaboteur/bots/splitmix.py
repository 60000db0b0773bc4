"""The core's playout generator in Python: splitmix64 (core/playout.hpp ``SplitMix``).

A Saboteur 2 playout in Python draws from it what the core's draws from the same
seed, so the search decides the same whether its rounds are played out in the core
or here.

>>> hex(SplitMix(0).next())  # the reference outputs of splitmix64 from seed 0
'0xe220a8397b1dcdaf'
>>> SplitMix(0).random() == (0xE220A8397B1DCDAF >> 11) / 2**53
True
"""

from __future__ import annotations

from typing import Final

_MASK: Final = 2**64 - 1


class SplitMix:
    """splitmix64: uniform numbers in [0, 1) from a 64-bit seed, 53 bits each."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """The next number in [0, 1), as the core's ``uniform()``."""
        return (self.next() >> 11) * 2.0**-53
