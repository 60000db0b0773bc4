"""The statistics the arena reports: proportions with intervals, AUC, paired differences,
and means with Student t intervals (Saboteur 2's gold pieces)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from statistics import NormalDist

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
    low, high = wilson_bounds(wins / trials, trials, z)
    return Proportion(wins, trials, low, high)


def wilson_bounds(p: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson interval of a rate ``p`` seen over ``trials`` (which may be an
    effective number of trials, not a whole one)."""
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # At 0 or n wins the bound is exactly 0 or 1; rounding would leave it a hair off.
    low = 0.0 if p == 0 else centre - half
    high = 1.0 if p == 1 else centre + half
    return low, high


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
    low, high = bonett_price_bounds(only_a, only_b, pairs, z)
    return PairedDifference(pairs, only_a, only_b, (only_a - only_b) / pairs, low, high)


def bonett_price_bounds(
    only_a: float, only_b: float, pairs: float, z: float = Z95
) -> tuple[float, float]:
    """The Bonett-Price interval of a paired difference; the counts may be effective
    (divided by a design effect), not whole."""
    a = (only_a + 1) / (pairs + 2)
    b = (only_b + 1) / (pairs + 2)
    centre = a - b
    half = z * math.sqrt((a + b - centre * centre) / (pairs + 2))
    return max(-1.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Mean:
    """The mean of ``n`` values with its 95% Student t interval (``low``/``high``).

    With fewer than two values there is no spread to measure: the interval is NaN.
    """

    n: int
    mean: float
    sd: float  # the sample standard deviation (n - 1 in the denominator)
    low: float
    high: float


def mean_interval(values: Sequence[float], confidence: float = 0.95) -> Mean:
    """The mean with its t interval: ``mean ± t(n - 1) · sd / sqrt(n)``.

    Gold pieces per round are small whole numbers, far from normal, but the mean
    of the hundreds of rounds a run plays is close to normal (central limit
    theorem), and the t quantile keeps small samples honest.  A bootstrap would
    give much the same interval, at the cost of randomness in the report.
    """
    n = len(values)
    if n == 0:
        return Mean(0, math.nan, math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n == 1:
        return Mean(1, mean, math.nan, math.nan, math.nan)
    sd = math.sqrt(math.fsum((value - mean) ** 2 for value in values) / (n - 1))
    half = t_quantile(0.5 + confidence / 2, n - 1) * sd / math.sqrt(n)
    return Mean(n, mean, sd, mean - half, mean + half)


@lru_cache(maxsize=4096)  # a report asks for the same few quantiles again and again
def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom.

    Newton's method on the distribution function (the arena needs no SciPy), from
    the normal quantile.  Above the median the distribution function is concave
    and the normal quantile lies below the t quantile, so every step stays below
    the root and the steps only grow towards it: no overshoot, even for df = 1.
    """
    if not 0 < p < 1 or df < 1:
        raise ValueError(f"no t quantile for p={p}, df={df}")
    if p < 0.5:
        return -t_quantile(1 - p, df)
    t = NormalDist().inv_cdf(p)
    for _ in range(200):
        step = (t_cdf(t, df) - p) / _t_density(t, df)
        t -= step
        if abs(step) <= 1e-13 * max(1.0, abs(t)):
            break
    return t


def _t_density(t: float, df: int) -> float:
    log_scale = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
    return math.exp(log_scale - (df + 1) / 2 * math.log1p(t * t / df))


def t_cdf(t: float, df: int) -> float:
    """Student's t distribution function, from the regularized incomplete beta function."""
    tail = 0.5 * _incomplete_beta(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t > 0 else tail


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """I_x(a, b), by the continued fraction of Numerical Recipes (section 6.4), with the
    symmetry I_x(a, b) = 1 - I_{1-x}(b, a) where the fraction converges slowly."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1 - front * _beta_fraction(b, a, 1 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    result = d
    for m in range(1, 1000):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            result *= c * d
        if abs(c * d - 1) < 1e-15:
            break
    return result


@dataclass(frozen=True)
class ClusteredMean:
    """A mean over values that come in correlated clusters (the rounds of one deal),
    with a cluster-robust 95% interval.

    ``design_effect`` is the variance of the mean with clusters over the variance
    if every value were independent: how many times more rounds the correlation
    costs (1 when rounds of a deal are as unlike as rounds of different deals).
    """

    clusters: int
    n: int
    mean: float
    low: float
    high: float
    design_effect: float


def clustered_mean(
    clusters: Sequence[Sequence[float]],
    confidence: float = 0.95,
    bounds: tuple[float, float] | None = None,
) -> ClusteredMean:
    """The mean of every value, and its interval from the cluster-robust (CR1,
    "sandwich") standard error of a ratio estimator: with cluster sums ``y_g``,
    sizes ``n_g`` and mean ``m = Σy_g / Σn_g``,

        se² = G / (G - 1) · Σ (y_g - m·n_g)² / (Σ n_g)²,

    and ``m ± t(G - 1) · se``, clipped to ``bounds``.  Only the clusters count as
    independent, so the interval is honest when the rounds of one game (or the
    cells played on one deal) are alike.  Deterministic, unlike a bootstrap.
    """
    sizes = [len(cluster) for cluster in clusters if cluster]
    sums = [math.fsum(cluster) for cluster in clusters if cluster]
    count, n = len(sizes), sum(sizes)
    if n == 0:
        return ClusteredMean(0, 0, math.nan, math.nan, math.nan, math.nan)
    mean = math.fsum(sums) / n
    if count < 2:
        return ClusteredMean(count, n, mean, math.nan, math.nan, math.nan)
    spread = math.fsum((y - mean * size) ** 2 for y, size in zip(sums, sizes, strict=True))
    se = math.sqrt(count / (count - 1) * spread) / n
    half = t_quantile(0.5 + confidence / 2, count - 1) * se
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(bounds[0], low), min(bounds[1], high)
    squares = math.fsum((value - mean) ** 2 for cluster in clusters for value in cluster)
    naive = squares / (n - 1) / n if n > 1 else 0.0
    effect = se * se / naive if naive > 0 else math.nan
    return ClusteredMean(count, n, mean, low, high, effect)


@dataclass(frozen=True)
class ByDeal:
    """A 95% interval that counts deals, not rounds, as independent.

    ``design_effect`` is measured by :func:`clustered_mean` (NaN with fewer than
    two deals or no spread at all); ``effective`` is the number of independent
    trials (or pairs) the values are worth: ``n / design_effect``, where a design
    effect below 1 (negatively correlated rounds) is not counted on, and one deal
    is worth one trial.  The interval is the Wilson (or Bonett-Price) interval at
    that effective size (Kish's effective sample size), which stays inside the
    bounds and does not collapse to a point when every round ended alike.
    """

    deals: int
    n: int
    design_effect: float
    effective: float
    low: float
    high: float


def effective_size(clustered: ClusteredMean) -> float:
    if clustered.clusters < 2:
        return float(clustered.clusters)  # one deal: one draw, whatever its rounds
    effect = clustered.design_effect if clustered.design_effect > 1 else 1.0  # NaN too
    return clustered.n / effect


def rate_by_deal(clusters: Sequence[Sequence[float]]) -> ByDeal:
    """A win rate over rounds (values 0 or 1) grouped by deal."""
    clustered = clustered_mean(clusters)
    if not clustered.n:
        return ByDeal(0, 0, math.nan, 0.0, 0.0, 1.0)
    effective = effective_size(clustered)
    low, high = wilson_bounds(clustered.mean, effective)
    return ByDeal(clustered.clusters, clustered.n, clustered.design_effect, effective, low, high)


def paired_by_deal(clusters: Sequence[Sequence[float]]) -> ByDeal:
    """A paired difference over pairs (values -1, 0 or 1: A won alone, neither or
    both, B alone) grouped by deal."""
    clustered = clustered_mean(clusters)
    if not clustered.n:
        return ByDeal(0, 0, math.nan, 0.0, math.nan, math.nan)
    effective = effective_size(clustered)
    scale = effective / clustered.n
    only_a = sum(1 for cluster in clusters for value in cluster if value > 0)
    only_b = sum(1 for cluster in clusters for value in cluster if value < 0)
    low, high = bonett_price_bounds(only_a * scale, only_b * scale, effective)
    return ByDeal(clustered.clusters, clustered.n, clustered.design_effect, effective, low, high)


def mean_by_deal(clusters: Sequence[Sequence[float]], confidence: float = 0.95) -> ByDeal:
    """A mean (gold pieces, or their difference) grouped by deal: ``mean ± t(deals - 1)
    · se``, with the cluster-robust ``se`` but never below the independent one (a
    design effect below 1 is not counted on).  NaN bounds with fewer than two deals."""
    clustered = clustered_mean(clusters, confidence)
    effective = effective_size(clustered)
    if clustered.clusters < 2:
        return ByDeal(clustered.clusters, clustered.n, math.nan, effective, math.nan, math.nan)
    widest = max(clustered.mean - clustered.low, _independent_half(clusters, confidence))
    return ByDeal(
        clustered.clusters,
        clustered.n,
        clustered.design_effect,
        effective,
        clustered.mean - widest,
        clustered.mean + widest,
    )


def _independent_half(clusters: Sequence[Sequence[float]], confidence: float) -> float:
    """The half-width of the t interval over deals if every value were independent."""
    values = [value for cluster in clusters for value in cluster]
    n = len(values)
    mean = math.fsum(values) / n
    sd = math.sqrt(math.fsum((value - mean) ** 2 for value in values) / (n - 1)) if n > 1 else 0.0
    deals = sum(1 for cluster in clusters if cluster)
    return t_quantile(0.5 + confidence / 2, deals - 1) * sd / math.sqrt(n)
