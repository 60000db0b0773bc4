"""How well saboteurs hide, in base-game self-play on the arena's paired deals.

Plays ``--games`` games (three rounds each) dealt from seeds ``--seed`` on,
the miners by one bot and the saboteurs by another (the arena's teams mode,
the same deals and bot seeds), and prints the saboteurs' win rate with a 95%
interval clustered by game, the miners' belief AUC (today's beliefs) after 2
and 5 moves of the suspect, halfway and at round end, when saboteurs are first
suspected, how saboteurs first show themselves, public repairs between
saboteurs and wrongful breaks::

    nice -n 10 python -m pysaboteur.arena.measure_hiding --games 334 --seed 0 --jobs 2
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

from ..bots.beliefs import RoleBeliefs
from ..bots.clue_beliefs import ClueBeliefs
from ..rules.results import SABOTEURS
from .hiding_figures import report
from .hiding_trace import RoundTrace, play_traced_game
from .stats import paired_difference

#: The miners' beliefs the figures are read with: today's, or the ones that read maps.
BELIEFS: dict[str, type[RoleBeliefs]] = {"plain": RoleBeliefs, "clues": ClueBeliefs}


def traces_of(
    seeds: range,
    miners: str,
    saboteurs: str,
    players: int,
    jobs: int,
    beliefs: str = "plain",
    evidence: float = 1.0,
) -> list[RoundTrace]:
    """The traced rounds of the games dealt from ``seeds``, watched by the miners'
    ``beliefs`` with that evidence weight (:class:`~pysaboteur.bots.beliefs.RoleBeliefs`)."""
    play = partial(
        play_traced_game,
        miners=miners,
        saboteurs=saboteurs,
        players=players,
        believer=partial(BELIEFS[beliefs], evidence=evidence),
    )
    if jobs <= 1:
        games = [play(seed) for seed in seeds]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            games = list(pool.map(play, seeds, chunksize=4))
    return [trace for game in games for trace in game]


def winners(traces: list[RoundTrace]) -> dict[str, str]:
    """Who won each round, by ``seed:round``: what a paired comparison needs."""
    return {f"{trace.game_seed}:{trace.round}": trace.winner for trace in traces}


def paired_lines(mine: dict[str, str], theirs: dict[str, str]) -> list[str]:
    """The saboteurs' rounds won here and not there, and the reverse, on the same deals."""
    common = sorted(set(mine) & set(theirs))
    only_here = sum(mine[k] == SABOTEURS != theirs[k] for k in common)
    only_there = sum(theirs[k] == SABOTEURS != mine[k] for k in common)
    diff = paired_difference(only_here, only_there, len(common))
    return [
        f"paired on {len(common)} rounds: saboteurs won {only_here} only here, "
        f"{only_there} only there; difference {100 * diff.mean:+.1f} points "
        f"(95%: {100 * diff.low:+.1f} to {100 * diff.high:+.1f})"
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=334)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--miners", default="heuristic", help="the miners' bot spec")
    parser.add_argument("--saboteurs", default="heuristic", help="the saboteurs' bot spec")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--beliefs", choices=sorted(BELIEFS), default="plain", help="the beliefs measured"
    )
    parser.add_argument("--winners", type=Path, help="write who won each round (JSON) here")
    parser.add_argument("--paired", type=Path, help="compare with the winners written by a run")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    traces = traces_of(seeds, args.miners, args.saboteurs, args.players, args.jobs, args.beliefs)
    print(f"miners {args.miners}, saboteurs {args.saboteurs}, {args.players} players, "
          f"seeds {args.seed}-{args.seed + args.games - 1}, {args.beliefs} beliefs")  # fmt: skip
    for line in report(traces):
        print(line)
    if args.winners:
        args.winners.write_text(json.dumps(winners(traces)))
    if args.paired:
        for line in paired_lines(winners(traces), json.loads(args.paired.read_text())):
            print(line)


if __name__ == "__main__":
    main()
