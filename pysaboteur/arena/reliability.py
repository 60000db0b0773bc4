"""How well calibrated the miners' beliefs are: a reliability diagram from traced rounds.

Every move of the play gives, for every seat, the miners' mean belief that it
is a saboteur (:mod:`.hiding_trace`); binned by that belief, the share of real
saboteurs in each bin should match the bin's mean belief.  The beliefs after
consecutive moves of a round are correlated, so the counts say how much was
seen, not how many independent cases::

    nice -n 10 python -m pysaboteur.arena.reliability --games 40 --saboteurs heuristic:hide=1 \\
        --out docs/images/beliefs-reliability.png
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from ..rules.cards import SABOTEUR
from .hiding_trace import RoundTrace
from .measure_hiding import BELIEFS, traces_of


def reliability(traces: Sequence[RoundTrace], bins: int = 10) -> list[tuple[float, float, int]]:
    """(mean belief, share of saboteurs, count) per bin of belief with any cases."""
    sums = [[0.0, 0.0, 0] for _ in range(bins)]
    for trace in traces:
        for move in trace.moves:
            for seat, belief in enumerate(move.suspicion):
                cell = sums[min(bins - 1, int(belief * bins))]
                cell[0] += belief
                cell[1] += trace.roles[seat] == SABOTEUR
                cell[2] += 1
    return [(b / n, s / n, int(n)) for b, s, n in sums if n]


def plot(curves: dict[str, list[tuple[float, float, int]]], title: str, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(5, 5))
    axes.plot([0, 1], [0, 1], color="grey", linestyle=":", label="perfectly calibrated")
    for label, points in curves.items():
        axes.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=label)
    axes.set_xlabel("miners' mean belief that the seat is a saboteur")
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
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("docs/images/beliefs-reliability.png"))
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    curves = {}
    for name in sorted(BELIEFS):
        traces = traces_of(seeds, "heuristic", args.saboteurs, 5, args.jobs, name)
        curves[name] = reliability(traces)
        for belief, share, count in curves[name]:
            print(f"{name}: belief {belief:.3f}  saboteurs {share:.3f}  n={count}")
    title = f"5 players, miners heuristic, saboteurs {args.saboteurs}, {3 * args.games} rounds"
    plot(curves, title, args.out)


if __name__ == "__main__":
    main()
