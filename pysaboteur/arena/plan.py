"""``saboteur arena --plan DIFF``: how many rounds a difference in win rate needs.

A power calculation for the comparison the arena makes: two bots played on the
same deals, in the same place, and a two-sided test at the 5% level.

- Paired (what the arena does): McNemar's test on the pairs, with the sample
  size of Connor (1987),
  ``n = (z(1 - alpha/2) * sqrt(psi) + z(power) * sqrt(psi - d^2))^2 / d^2`` pairs,
  where ``d`` is the difference and ``psi`` the share of *discordant* pairs (one
  bot won, the other lost).  Pairing helps exactly when psi is small.
- Clustered by deal: the pairs of one deal (its three rounds) are correlated, so
  the pairs are multiplied by the design effect, the variance of the difference
  clustered by deal over its variance with independent pairs.
- Unpaired, for comparison: two independent proportions ``p1 = p - d/2`` and
  ``p2 = p + d/2`` with mean ``pm``, ``n = (z(1 - alpha/2) * sqrt(2 pm (1 - pm))
  + z(power) * sqrt(p1 (1 - p1) + p2 (1 - p2)))^2 / d^2`` rounds per bot.

Without a pilot run, psi is that of independent rounds at the baseline rate
(``2*p*(1-p)``, the most pairing can need) and the design effect is 1; with
``--pilot DIR`` both are measured on a finished run's head-to-head comparisons.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist

from rich.console import Console

from .results import read_results
from .summary import ROUNDS_PER_GAME, summarise

ALPHA = 0.05


@dataclass(frozen=True)
class Plan:
    difference: float
    power: float
    discordant: float  # psi
    design_effect: float
    pairs: int  # before the design effect
    clustered_pairs: int
    games: int  # deals (three rounds each) that give the clustered pairs
    unpaired: int  # rounds per bot, unpaired, independent


def _z(p: float) -> float:
    return NormalDist().inv_cdf(p)


def paired_pairs(difference: float, discordant: float, power: float) -> int:
    """Connor's (1987) pairs for McNemar's test.

    >>> paired_pairs(0.05, 0.5, 0.8)
    1568
    """
    d = abs(difference)
    if not 0 < d <= 1 or not d * d < discordant <= 1:
        raise ValueError(f"a difference of {d} cannot come from {discordant} discordant pairs")
    top = _z(1 - ALPHA / 2) * math.sqrt(discordant) + _z(power) * math.sqrt(discordant - d * d)
    return math.ceil(top * top / (d * d))


def unpaired_rounds(difference: float, rate: float, power: float) -> int:
    """Rounds per bot for two independent proportions ``rate`` and ``rate + difference``.

    >>> unpaired_rounds(0.05, 0.5, 0.8)
    1569
    """
    d = abs(difference)
    first, second = rate - d / 2, rate + d / 2  # centred on the rate, so p(1-p) is at worst
    if not (first > 0 and second < 1):
        raise ValueError(f"win rates around {rate} cannot differ by {d}")
    mean = (first + second) / 2
    top = _z(1 - ALPHA / 2) * math.sqrt(2 * mean * (1 - mean)) + _z(power) * math.sqrt(
        first * (1 - first) + second * (1 - second)
    )
    return math.ceil(top * top / (d * d))


def make_plan(
    difference: float,
    power: float,
    rate: float,
    discordant: float | None = None,
    design_effect: float = 1.0,
) -> Plan:
    psi = 2 * rate * (1 - rate) if discordant is None else discordant
    pairs = paired_pairs(difference, psi, power)
    clustered = math.ceil(
        pairs * max(design_effect, 1.0) if design_effect == design_effect else pairs
    )
    return Plan(
        difference,
        power,
        psi,
        design_effect,
        pairs,
        clustered,
        math.ceil(clustered / ROUNDS_PER_GAME),
        unpaired_rounds(difference, rate, power),
    )


def print_plan(
    difference: float, power: float, rate: float, pilot: Path | None, console: Console
) -> int:
    console.print(
        f"[bold]saboteur arena --plan[/]: to tell a difference of {100 * difference:.1f} points "
        f"in win rate, two-sided at the 5% level with {100 * power:.0f}% power"
    )
    if pilot is None:
        plan = make_plan(difference, power, rate)
        console.print(
            f"assumed: independent rounds at {100 * rate:.0f}% (discordant pairs "
            f"{plan.discordant:.3f}), design effect 1 (give --pilot DIR to measure both)"
        )
        _print(plan, "", console)
        return 0
    summary = summarise(read_results(pilot))
    for match in summary.head_to_head:
        psi = (match.difference.only_a + match.difference.only_b) / match.difference.pairs
        effect = match.by_deal.design_effect if match.by_deal is not None else 1.0
        if psi <= difference * difference:
            console.print(f"{match.a} vs {match.b}, {match.role}: too few discordant pairs")
            continue
        plan = make_plan(difference, power, rate, psi, effect)
        _print(plan, f"{match.a} vs {match.b}, {match.role} (pilot {pilot}): ", console)
    return 0


def _print(plan: Plan, label: str, console: Console) -> None:
    effect = "-" if math.isnan(plan.design_effect) else f"{plan.design_effect:.2f}"
    if not plan.design_effect > 1:
        effect += ", counted as 1"
    console.print(
        f"{label}paired on the same deals (McNemar, Connor 1987), discordant share "
        f"{plan.discordant:.3f}: {plan.pairs:,} pairs; clustered by deal (design effect "
        f"{effect}): {plan.clustered_pairs:,} pairs = {plan.games:,} games at "
        f"{ROUNDS_PER_GAME} pairs a game; unpaired (two proportions): "
        f"{plan.unpaired:,} rounds per bot"
    )
