#!/usr/bin/env python3
"""How fast the search's rollouts are: the Python playout ismcts used before the
native core played them, and the core's, on the same sampled games, interleaved
(every repetition runs every policy once, in turn) and in CPU time, medians of
the repetitions; then whole ismcts decisions with each.

    nice .venv/bin/python scripts/bench_search.py --players 5 --positions 40 --repeats 5
    nice .venv/bin/python scripts/bench_search.py --edition saboteur2 --iterations 10

Policies, base game:
  python, one table round + value model   what ismcts did (rollout.play_on for
                                          `players` moves, then value.miners_win_chance)
  python, whole round                     rollout.play_on to the round's end
  native, whole round                     native.playout.native_play_out (core/playout.cpp)

Saboteur 2 (its search always played whole rounds, scored by the seat's gold pieces):
  python, whole round                     ismcts_saboteur2.playout_move to the round's
                                          end, paid by the rules, thefts included
  native, whole round                     native.playout.native_saboteur2_play_out
                                          (core/playout_saboteur2.cpp, payout_saboteur2.cpp)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from pysaboteur.bots import ismcts_saboteur2, make_bot
from pysaboteur.bots.rollout import play_on, playout_move
from pysaboteur.bots.value import miners_win_chance
from pysaboteur.native.playout import native_play_out, native_saboteur2_play_out
from pysaboteur.rules import Game, seat_observation
from pysaboteur.rules.determinize import Determinizer

Rollout = Callable[[Game, int], object]


def positions(players: int, count: int, seed: int, edition: str) -> list[Game]:
    """Sampled games as ismcts meets them: a round some moves in, drawn from the view
    of the seat to move."""
    found: list[Game] = []
    number = seed
    while len(found) < count:
        game = Game.new(players, seed=number, edition=edition)
        rng = random.Random(number)
        policy = ismcts_saboteur2.playout_move if edition == "saboteur2" else playout_move
        for _ in range(rng.randrange(0, 30)):
            if game.phase != "play" or game.round_number != 1:
                break
            game.play(policy(game, rng))
        number += 1
        if game.phase != "play" or game.to_move is None:
            continue
        observation = seat_observation(game, game.to_move)
        found.append(Determinizer(observation).sample(rng))
    return found


def table_round_and_value(game: Game, seed: int) -> object:
    played = game.copy()
    winner = play_on(played, random.Random(seed), played.players)
    return winner if winner is not None else miners_win_chance(played)


def whole_round_python(game: Game, seed: int) -> object:
    return play_on(game.copy(), random.Random(seed))


def whole_round_native(game: Game, seed: int) -> object:
    played = native_play_out(game, seed)
    if played is None:
        raise SystemExit(f"the native core does not play {game.edition.name} here")
    return played.winner


def whole_round_python_saboteur2(game: Game, seed: int) -> int:
    """The round played out and paid by the rules; the moves played."""
    played = game.copy()
    rng = random.Random(seed)
    number = played.round_number
    moves = 0
    while not played.is_over and played.round_number == number:
        played.play(ismcts_saboteur2.playout_move(played, rng))
        moves += 1
    return moves


def whole_round_native_saboteur2(game: Game, seed: int) -> int:
    """The round played out and paid by the core; the moves played."""
    played = native_saboteur2_play_out(game, seed)
    if played is None:
        raise SystemExit("the native core does not play saboteur2 here")
    return played[1]


POLICIES: dict[str, dict[str, Rollout]] = {
    "base": {
        "python, one table round + value model": table_round_and_value,
        "python, whole round": whole_round_python,
        "native, whole round": whole_round_native,
    },
    "saboteur2": {
        "python, whole round": whole_round_python_saboteur2,
        "native, whole round": whole_round_native_saboteur2,
    },
}
#: What ismcts played out before the core did, per edition.
TODAY: dict[str, str] = {
    "base": "python, one table round + value model",
    "saboteur2": "python, whole round",
}


def rollouts_per_second(games: list[Game], policy: Rollout, per_game: int) -> float:
    started = time.process_time()
    for index, game in enumerate(games):
        for seed in range(per_game):
            policy(game, index * per_game + seed)
    return len(games) * per_game / (time.process_time() - started)


def decision_seconds(
    spec: str, decisions: list[tuple[object, object]], walk_in_core: bool = True
) -> float:
    """CPU seconds per ismcts decision over the given (observation, legal moves);
    ``walk_in_core`` False walks the trees through games of the rules."""
    started = time.process_time()
    for observation, legal in decisions:
        bot = make_bot(spec, seed=1)
        bot.walk_in_core = walk_in_core  # type: ignore[attr-defined]
        bot.choose(observation, legal)  # type: ignore[arg-type]
    return (time.process_time() - started) / len(decisions)


def decision_points(
    players: int, count: int, seed: int, edition: str
) -> list[tuple[object, object]]:
    """Real positions (heuristic play) where ismcts searches: several candidates."""
    points: list[tuple[object, object]] = []
    heuristic = make_bot("heuristic", seed=seed)
    number = seed
    while len(points) < count:
        game = Game.new(players, seed=number, edition=edition)
        rng = random.Random(number)
        for _ in range(rng.randrange(2, 30)):
            seat = game.to_move
            if game.phase != "play" or game.round_number != 1 or seat is None:
                break
            game.play(heuristic.choose(seat_observation(game, seat), game.legal_moves()))
        number += 1
        if game.phase == "play" and game.to_move is not None and len(game.legal_moves()) > 6:
            points.append((seat_observation(game, game.to_move), game.legal_moves()))
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--per-position", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--decisions", type=int, default=8, help="ismcts decisions (0: none)")
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--edition", choices=sorted(POLICIES), default="base")
    parser.add_argument(
        "--count-moves",
        choices=("python", "native"),
        help="Saboteur 2 only: play `per-position` whole rounds of that policy from each "
        "position once, print the moves played and stop (under callgrind, two counts' "
        "difference gives the instructions a move)",
    )
    args = parser.parse_args()

    policies = POLICIES[args.edition]
    games = positions(args.players, args.positions, args.seed, args.edition)
    if args.count_moves:
        if args.edition != "saboteur2":
            raise SystemExit("--count-moves counts Saboteur 2's playouts")
        policy = policies[f"{args.count_moves}, whole round"]
        played = 0
        for index, game in enumerate(games):
            for seed in range(args.per_position):
                moves = policy(game, index * args.per_position + seed)
                assert isinstance(moves, int)
                played += moves
        print(played)
        return
    rates: dict[str, list[float]] = {name: [] for name in policies}
    for _ in range(args.repeats):
        for name, policy in policies.items():
            rates[name].append(rollouts_per_second(games, policy, args.per_position))
    print(
        f"rollouts per second (CPU), {args.edition}, {args.players} players, "
        f"{args.positions} sampled positions x {args.per_position}, "
        f"median of {args.repeats} interleaved repetitions:"
    )
    today = statistics.median(rates[TODAY[args.edition]])
    for name, values in rates.items():
        median = statistics.median(values)
        spread = f"{min(values):.0f}-{max(values):.0f}"
        print(f"  {name:40s} {median:9.0f}/s  ({spread})  x{median / today:.1f} of today's")
    whole = statistics.median(rates["python, whole round"])
    native = statistics.median(rates["native, whole round"])
    print(f"  native / python on the same work (whole rounds): x{native / whole:.1f}")

    if args.decisions:
        points = decision_points(args.players, args.decisions, args.seed + 10_000, args.edition)
        specs = {
            "python": (f"ismcts:iterations={args.iterations},playout=python", True),
            "native": (f"ismcts:iterations={args.iterations}", True),
        }
        if args.edition == "base":  # the walk through games, the core's walk's reference
            specs["native, walk through games"] = (f"ismcts:iterations={args.iterations}", False)
        seconds: dict[str, list[float]] = {name: [] for name in specs}
        for _ in range(args.repeats):
            for name, (spec, in_core) in specs.items():
                seconds[name].append(decision_seconds(spec, points, in_core))
        print(
            f"ismcts decisions, {args.iterations} iterations, {len(points)} positions, "
            f"median of {args.repeats}:"
        )
        for name, values in seconds.items():
            median = statistics.median(values)
            print(
                f"  playout={name:28s} {median * 1000:7.1f} ms per decision, "
                f"{args.iterations / median:6.0f} iterations/s"
            )
        ratio = statistics.median(seconds["python"]) / statistics.median(seconds["native"])
        print(f"  decisions x{ratio:.1f} faster with the native playout")
        if "native, walk through games" in seconds:
            walk = statistics.median(seconds["native, walk through games"])
            print(
                f"  x{walk / statistics.median(seconds['native']):.1f} faster walking in the core"
            )


if __name__ == "__main__":
    main()
