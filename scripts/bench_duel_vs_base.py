"""The Duel's moves a second against the base game's, interleaved in one process
(Duel, base, Duel, base ...), in CPU time: issue 19's figure (docs/engine.md, "The
Duel"). Each repetition plays the same games of both (``saboteur bench``'s loop,
``pysaboteur.bench.playouts``), by code and by ``Move``; the medians and the
median of the ratios are printed. ``saboteur bench --edition duel --beside base``
gives the same table, after the engines side by side.

    .venv/bin/python scripts/bench_duel_vs_base.py --games 60 --repeat 5 --players 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pysaboteur.bench_editions import Side, compare_editions
from pysaboteur.rules import Options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--players", type=int, default=5, help="the base game's (default: 5)")
    args = parser.parse_args()
    found = compare_editions(
        Side("duel", 2), Side("base", args.players), args.games, 0, Options(), args.repeat
    )
    for way in ("by code", "by Move"):
        duel, base = found[way]
        ratio = statistics.median(d / b for d, b in zip(duel, base, strict=True))
        print(
            f"{way}: Duel {statistics.median(duel):,.0f} moves/s, base game at "
            f"{args.players} {statistics.median(base):,.0f}; Duel / base {ratio:.2f}"
        )


if __name__ == "__main__":
    main()
