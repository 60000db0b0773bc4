"""A paired check of a Saboteur 2 bot against random play, per role.

For each game seed, one seat (the seed modulo the players) is played twice on
the same deals: once by ``random`` like every other seat, once by the bot.
Per round the focus seat's role (as the round ended), its gold pieces from the
round (thefts included) and whether it won are counted::

    python -m pysaboteur.bots.measure_saboteur2 --players 5 --games 100 --bot heuristic
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from ..rules import Game, seat_observation
from .base import make_bot


def rounds_of(players: int, seed: int, focus: int, spec: str) -> list[tuple[str, int, bool]]:
    game = Game.new(players, edition="saboteur2", seed=seed)
    bots = [make_bot(spec if seat == focus else "random", seed=seed * 100 + seat)
            for seat in range(players)]  # fmt: skip
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        game.play(bots[seat].choose(seat_observation(game, seat), game.legal_moves()))
    found = []
    for log in game.rounds:
        result = log.result
        assert result is not None and log.final is not None
        won = focus in getattr(result, "winners", [])
        found.append((log.final.roles[focus], result.gold[focus], won))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    table: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for seed in range(args.seed, args.seed + args.games):
        focus = seed % args.players
        for label, spec in (("random", "random"), (args.bot, args.bot)):
            for role, gold, won in rounds_of(args.players, seed, focus, spec):
                table[role][label + " gp"].append(gold)
                table[role][label + " win"].append(float(won))
                table["all"][label + " gp"].append(gold)
                table["all"][label + " win"].append(float(won))
    print(f"| role | rounds | random GP | {args.bot} GP | random wins | {args.bot} wins |")
    print("|---|---|---|---|---|---|")
    for role in sorted(table, key=lambda r: (r == "all", r)):
        row = table[role]
        n = len(row["random gp"])

        def mean(key: str, row: dict[str, list[float]] = row) -> float:
            return sum(row[key]) / len(row[key])

        print(
            f"| {role} | {n} | {mean('random gp'):.2f} | {mean(args.bot + ' gp'):.2f} "
            f"| {100 * mean('random win'):.1f}% | {100 * mean(args.bot + ' win'):.1f}% |"
        )


if __name__ == "__main__":
    main()
