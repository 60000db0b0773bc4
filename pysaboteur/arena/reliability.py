"""How well calibrated the miners' beliefs are: a reliability diagram from traced rounds.

Every move of the play gives, for every seat, each miner's belief that it is a
saboteur (:mod:`.hiding_trace`); binned by that belief, the share of real
saboteurs in each bin should match the bin's mean belief.  The beliefs after
consecutive moves of a round are correlated, so the counts say how much was
seen, not how many independent cases::

    nice -n 10 python -m pysaboteur.arena.reliability --games 40 --saboteurs heuristic:hide=1 \\
        --out docs/images/beliefs-reliability.png

``--fit 1,2,3`` watches the same play with the plain beliefs at each evidence
weight (:class:`~pysaboteur.bots.beliefs.RoleBeliefs`: the posterior to that
power) and prints each weight's log loss and Brier score: the weight with the
least log loss is the one that makes the beliefs calibrated; the diagram then
shows every weight fitted.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from pathlib import Path

from ..rules.cards import SABOTEUR
from .hiding_trace import RoundTrace
from .measure_hiding import BELIEFS, traces_of

Case = tuple[float, bool]  # a miner's belief that a seat is a saboteur, and whether it is


def cases(traces: Sequence[RoundTrace], by_miner: bool = False) -> list[Case]:
    """Every belief after every move of the play, with the truth: the miners' mean in
    every seat, or (``by_miner``) each miner's own in every other seat."""
    found: list[Case] = []
    for trace in traces:
        for move in trace.moves:
            if not by_miner:
                found += [
                    (belief, trace.roles[seat] == SABOTEUR)
                    for seat, belief in enumerate(move.suspicion)
                ]
                continue
            for miner, beliefs in move.by_miner.items():
                found += [
                    (belief, trace.roles[seat] == SABOTEUR)
                    for seat, belief in enumerate(beliefs)
                    if seat != miner
                ]
    return found


def reliability(
    traces: Sequence[RoundTrace], bins: int = 10, by_miner: bool = False
) -> list[tuple[float, float, int]]:
    """(mean belief, share of saboteurs, count) per bin of belief with any cases."""
    sums = [[0.0, 0.0, 0] for _ in range(bins)]
    for belief, saboteur in cases(traces, by_miner):
        cell = sums[min(bins - 1, int(belief * bins))]
        cell[0] += belief
        cell[1] += saboteur
        cell[2] += 1
    return [(b / n, s / n, int(n)) for b, s, n in sums if n]


#: Beliefs are kept this far from 0 and 1 in the log loss (a certain mistake is finite).
CLIP = 1e-6


def log_loss(found: Sequence[Case]) -> float:
    """The mean negative log-likelihood of the truth under the beliefs."""
    total = 0.0
    for belief, saboteur in found:
        chance = min(1 - CLIP, max(CLIP, belief if saboteur else 1 - belief))
        total -= math.log(chance)
    return total / len(found)


def brier(found: Sequence[Case]) -> float:
    """The mean squared distance of the beliefs from the truth."""
    return sum((belief - saboteur) ** 2 for belief, saboteur in found) / len(found)


def plot(
    curves: dict[str, list[tuple[float, float, int]]],
    title: str,
    out: Path,
    belief: str = "miners' mean belief",
) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(5, 5))
    axes.plot([0, 1], [0, 1], color="grey", linestyle=":", label="perfectly calibrated")
    for label, points in curves.items():
        axes.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=label)
    axes.set_xlabel(f"{belief} that the seat is a saboteur")
    axes.set_ylabel("share of those seats that are saboteurs")
    axes.set_title(title, fontsize=9)
    axes.legend(loc="upper left", fontsize=8)
    figure.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, dpi=100)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--saboteurs", default="heuristic")
    parser.add_argument("--miners", default="heuristic")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--fit", help="evidence weights to compare (1,2,3), with each miner's own beliefs"
    )
    parser.add_argument("--out", type=Path, default=Path("docs/images/beliefs-reliability.png"))
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    rounds = f"{3 * args.games} rounds"
    if args.fit:
        try:
            weights = [float(text) for text in args.fit.split(",")]
        except ValueError:
            parser.error(f"--fit takes evidence weights separated by commas, got {args.fit}")
        if not all(weight > 0 for weight in weights):
            parser.error("--fit: every evidence weight is above 0")
        fitted = {}
        curves = {}
        for weight in weights:
            traces = traces_of(
                seeds, args.miners, args.saboteurs, 5, args.jobs, "plain", evidence=weight
            )
            found = cases(traces, by_miner=True)
            fitted[weight] = log_loss(found)
            label = f"evidence {weight:g}"
            curves[label] = reliability(traces, by_miner=True)
            print(f"{label}: log loss {fitted[weight]:.4f}  Brier {brier(found):.4f}"
                  f"  ({len(found):,} beliefs)")  # fmt: skip
            _print_bins(label, curves[label])
        print(f"least log loss: evidence {min(fitted, key=lambda weight: fitted[weight]):g}")
        title = f"5 players, miners {args.miners}, saboteurs {args.saboteurs}, {rounds}"
        plot(curves, title, args.out, belief="a miner's belief")
        return
    curves = {}
    for name in sorted(BELIEFS):
        traces = traces_of(seeds, args.miners, args.saboteurs, 5, args.jobs, name)
        curves[name] = reliability(traces)
        _print_bins(name, curves[name])
    title = f"5 players, miners {args.miners}, saboteurs {args.saboteurs}, {rounds}"
    plot(curves, title, args.out)


def _print_bins(label: str, points: list[tuple[float, float, int]]) -> None:
    for belief, share, count in points:
        print(f"{label}: belief {belief:.3f}  saboteurs {share:.3f}  n={count}")


if __name__ == "__main__":
    main()
