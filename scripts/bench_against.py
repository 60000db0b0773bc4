"""Compare `saboteur bench` of this checkout against another checkout of pysaboteur,
interleaved in one run (A B A B ...), and print each side's moves per second and
the ratio's median.

    .venv/bin/python scripts/bench_against.py /path/to/other/checkout --players 5 --games 600

The other checkout is imported through PYTHONPATH, so it needs no install of its own.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SPEED = re.compile(r"moves per second\s+([\d,]+)")


def moves_per_second(checkout: Path, bench_args: list[str]) -> float:
    command = [sys.executable, "-m", "pysaboteur.cli", "bench", "--no-breakdown", *bench_args]
    env = {**os.environ, "PYTHONPATH": str(checkout), "COLUMNS": "200"}
    output = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    match = SPEED.search(output)
    if match is None:
        raise SystemExit(f"no speed in the output of {checkout}:\n{output}")
    return float(match[1].replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="the checkout to compare against")
    parser.add_argument("--repeat", type=int, default=7, help="pairs of runs (default: 7)")
    args, bench_args = parser.parse_known_args()
    ours: list[float] = []
    theirs: list[float] = []
    for number in range(args.repeat):
        ours.append(moves_per_second(HERE, bench_args))
        theirs.append(moves_per_second(args.other.resolve(), bench_args))
        pair = f"pair {number + 1}: this {ours[-1]:,.0f}  other {theirs[-1]:,.0f} moves/s"
        print(pair, flush=True)
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    print(f"median: this {statistics.median(ours):,.0f}  other {statistics.median(theirs):,.0f}")
    print(
        f"ratio this/other: median {statistics.median(ratios):.3f} "
        f"(min {min(ratios):.3f}, max {max(ratios):.3f})"
    )


if __name__ == "__main__":
    main()
