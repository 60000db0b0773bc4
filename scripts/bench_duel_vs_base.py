"""The Duel's moves a second against the base game's, interleaved in one process
(Duel, base, Duel, base ...), in CPU time: issue 19's figure (docs/engine.md, "The
Duel"). Each repetition plays the same games of both (``saboteur bench``'s loop,
``pysaboteur.bench.playouts``), by code and by ``Move``; the medians and the
median of the ratios are printed.

    .venv/bin/python scripts/bench_duel_vs_base.py --games 60 --repeat 5 --players 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pysaboteur.bench import playouts
from pysaboteur.rules import Options


def speed(edition: str, players: int, games: int, by_code: bool) -> float:
    tally = playouts(
        players, games, 0, Options(), edition, by_code=by_code, clock=time.process_time
    )
    return tally.moves / tally.seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--players", type=int, default=5, help="the base game's (default: 5)")
    args = parser.parse_args()
    for by_code in (True, False):
        speed("duel", 2, 2, by_code), speed("base", args.players, 2, by_code)  # warm up
    for by_code in (True, False):
        duel: list[float] = []
        base: list[float] = []
        for _ in range(args.repeat):
            duel.append(speed("duel", 2, args.games, by_code))
            base.append(speed("base", args.players, args.games, by_code))
        ratio = statistics.median(d / b for d, b in zip(duel, base, strict=True))
        way = "by code" if by_code else "by Move"
        print(
            f"{way}: Duel {statistics.median(duel):,.0f} moves/s, base game at "
            f"{args.players} {statistics.median(base):,.0f}; Duel / base {ratio:.2f}"
        )


if __name__ == "__main__":
    main()
