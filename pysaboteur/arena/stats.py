"""The statistics the arena reports: proportions with intervals, AUC, paired differences."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The standard normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Proportion:
    """``wins`` out of ``trials``, with its Wilson score interval."""

    wins: int
    trials: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.trials if self.trials else math.nan


def wilson(wins: int, trials: int, z: float = Z95) -> Proportion:
    """The Wilson score interval for ``wins`` successes in ``trials`` trials.

    Unlike the textbook ``p ± z·sqrt(p(1-p)/n)`` it stays inside [0, 1] and does
    not collapse to a point at 0 or n wins.  No trials: the interval is [0, 1].
    """
    if not 0 <= wins <= trials:
        raise ValueError(f"{wins} wins out of {trials} trials")
    if trials == 0:
        return Proportion(0, 0, 0.0, 1.0)
    p = wins / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # At 0 or n wins the bound is exactly 0 or 1; rounding would leave it a hair off.
    low = 0.0 if wins == 0 else centre - half
    high = 1.0 if wins == trials else centre + half
    return Proportion(wins, trials, low, high)


def auc(positives: Sequence[float], negatives: Sequence[float]) -> float:
    """The probability that a random positive scores above a random negative; ties
    count half (the Mann-Whitney form of the area under the ROC curve)."""
    if not positives or not negatives:
        raise ValueError("AUC needs at least one positive and one negative")
    above = sum(
        1.0 if positive > negative else 0.5 if positive == negative else 0.0
        for positive in positives
        for negative in negatives
    )
    return above / (len(positives) * len(negatives))


@dataclass(frozen=True)
class PairedDifference:
    """How much more often A wins than B when both play the same deal in the same place.

    ``only_a``: pairs A won and B lost; ``only_b``: the reverse; ``pairs``: all
    pairs, including those both won or both lost.  ``mean`` is the difference of
    the two win rates; ``low``/``high`` its 95% interval.
    """

    pairs: int
    only_a: int
    only_b: int
    mean: float
    low: float
    high: float

    @property
    def verdict(self) -> int:
        """1 if A is stronger with 95% confidence, -1 if B is, 0 if it cannot be told."""
        return 1 if self.low > 0 else -1 if self.high < 0 else 0


def paired_difference(only_a: int, only_b: int, pairs: int, z: float = Z95) -> PairedDifference:
    """The difference of paired win rates with the Bonett-Price adjusted Wald interval.

    Pairs that both won or both lost say nothing about which is stronger; the
    difference is ``(only_a - only_b) / pairs``.  The interval (Bonett and Price,
    2012) adds one to each discordant count and two to the pairs, which keeps it
    honest when one side wins every discordant pair or there are few of them.
    Pairing the same deal played two ways removes the deal's luck from the
    comparison: common random numbers.
    """
    if only_a < 0 or only_b < 0 or only_a + only_b > pairs:
        raise ValueError(f"{only_a} + {only_b} discordant pairs out of {pairs}")
    if pairs == 0:
        return PairedDifference(0, 0, 0, math.nan, math.nan, math.nan)
    a = (only_a + 1) / (pairs + 2)
    b = (only_b + 1) / (pairs + 2)
    centre = a - b
    half = z * math.sqrt((a + b - centre * centre) / (pairs + 2))
    return PairedDifference(
        pairs,
        only_a,
        only_b,
        (only_a - only_b) / pairs,
        max(-1.0, centre - half),
        min(1.0, centre + half),
    )
