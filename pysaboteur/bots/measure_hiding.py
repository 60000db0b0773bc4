"""How well saboteurs hide, in base-game self-play on the arena's paired deals.

Plays ``--games`` games (three rounds each) dealt from seeds ``--seed`` on,
the miners by one bot and the saboteurs by another (the arena's teams mode,
the same deals and bot seeds), and prints the saboteurs' win rate with a 95%
interval clustered by game, the miners' belief AUC (today's beliefs) after 2
and 5 moves of the suspect, halfway and at round end, when saboteurs are first
suspected, how saboteurs first show themselves, public repairs between
saboteurs and wrongful breaks::

    nice -n 10 python -m pysaboteur.bots.measure_hiding --games 334 --seed 0 --jobs 2
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from .hiding_figures import report
from .hiding_trace import RoundTrace, play_traced_game


def traces_of(
    seeds: range, miners: str, saboteurs: str, players: int, jobs: int
) -> list[RoundTrace]:
    play = partial(play_traced_game, miners=miners, saboteurs=saboteurs, players=players)
    if jobs <= 1:
        games = [play(seed) for seed in seeds]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            games = list(pool.map(play, seeds, chunksize=4))
    return [trace for game in games for trace in game]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=334)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--miners", default="heuristic", help="the miners' bot spec")
    parser.add_argument("--saboteurs", default="heuristic", help="the saboteurs' bot spec")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    traces = traces_of(seeds, args.miners, args.saboteurs, args.players, args.jobs)
    print(f"miners {args.miners}, saboteurs {args.saboteurs}, {args.players} players, "
          f"seeds {args.seed}-{args.seed + args.games - 1}")  # fmt: skip
    for line in report(traces):
        print(line)


if __name__ == "__main__":
    main()
