#!/usr/bin/env python
"""Measure the learning environments: speed, and how often moves fall outside the window.

    scripts/bench_env.py --players 5 --steps 20000        # PettingZoo steps per second
    scripts/bench_env.py --coverage --bot heuristic --games 100 --players 3,4,5,7,10
    scripts/bench_env.py --edition saboteur2 --players 2,5,12   # the same for saboteur2_v0
    scripts/bench_env.py --edition saboteur2 --coverage --bot random --players 2,5,12
    scripts/bench_env.py --edition duel --players 2    # saboteur_duel_v0 (speed only)
    scripts/bench_env.py --compare batch,pettingzoo,connect_four --players 5 --repeat 5
    scripts/bench_env.py --edition saboteur2 --compare batch,pettingzoo,pettingzoo-python

Speed: the wrapped ``saboteur_v0.env()`` (``saboteur2_v0.env()`` with
``--edition saboteur2``) stepped the way training code steps it,
``env.last()`` (observation tensor and action mask) then a uniformly random
legal id from the mask, on one core.  Dead steps at the ends of episodes are
made but not counted; the games follow one another (``reset()`` between them).

Compare: the environments named, measured in one run, interleaved (each repetition
runs every one in turn) and by the CPU time of this process, with the medians and
their ratios to the first: ``batch`` is ``pysaboteur.envs.batch.BatchEnv`` of
``--num-envs`` games (its steps are the games' steps, observations and masks
included), stepped with a uniformly random legal id per game (``sample_actions``);
``pettingzoo`` is the wrapped ``saboteur_v0.env()`` as above (with ``--edition
saboteur2``, ``saboteur2_v0.env()`` and the batch of its games), ``pettingzoo-python``
the same with its tensors and masks built by the Python encoders, as without the
core; ``connect_four`` is
PettingZoo's own ``connect_four_v3.env()`` stepped the same way (it needs pygame).

Coverage: bots of one kind play whole games on the engine; at every position
the legal moves are counted, and those at cells outside the window of
``pysaboteur.envs.actions`` (placements and rockfalls) are reported, as are the
moves the bots chose there (the window of ``pysaboteur.envs.actions_saboteur2`` for Saboteur 2).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from pysaboteur.bots import make_bot
from pysaboteur.envs import actions, actions_saboteur2, saboteur2_v0, saboteur_duel_v0, saboteur_v0
from pysaboteur.rules import Game, seat_observation

EDITIONS = {"base": saboteur_v0, "saboteur2": saboteur2_v0, "duel": saboteur_duel_v0}
WINDOWS = {"base": actions.cell_index, "saboteur2": actions_saboteur2.cell_index}


def steps_per_second(
    players: int, steps: int, seed: int, edition: str = "base"
) -> tuple[float, float, int]:
    """Steps per second of random masked play, by the clock and by the process's CPU
    time (the same on an idle machine; the CPU figure discounts other programs), and the
    games it took."""
    env = EDITIONS[edition].env(players=players)
    started = time.perf_counter()
    cpu, games = aec_steps(env, steps, seed)
    return steps / (time.perf_counter() - started), steps / cpu, games


def aec_steps(env: Any, steps: int, seed: int) -> tuple[float, int]:
    """CPU seconds for ``steps`` steps of an AEC env stepped as training code steps it:
    ``env.last()``, then a uniformly random legal id of its mask; and the games it took."""
    choose = random.Random(seed).randrange
    env.reset(seed=seed)
    made = games = 0
    started = time.process_time()
    while made < steps:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                games += 1
                env.reset()
            continue
        # A bool view: NumPy finds the non-zeros of a bool array several times faster.
        legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
        env.step(int(legal[choose(len(legal))]))
        made += 1
    return time.process_time() - started, games


def batch_steps(
    players: int, steps: int, seed: int, games: int, edition: str = "base"
) -> tuple[float, int]:
    """CPU seconds for ``steps`` game steps of a ``BatchEnv`` of ``games`` games, and
    the episodes that ended."""
    from pysaboteur.envs.batch import BatchEnv

    env = BatchEnv(games, players=players, edition=edition, seed=seed)
    env.reset()
    made = ended = 0
    started = time.process_time()
    while made < steps:
        _, _, _, done, _ = env.step(env.sample_actions())
        ended += int(done.sum())
        made += games
    return time.process_time() - started, ended


def connect_four() -> Any:
    from pettingzoo.classic import connect_four_v3  # type: ignore[import-untyped]

    return connect_four_v3.env()


def python_tensors(env: Any) -> Any:
    """The wrapped env with its tensors and masks built by the Python encoders, as
    without the core (the game still plays through the core)."""
    env.unwrapped._native = None
    return env


def compare(
    names: list[str],
    players: int,
    steps: int,
    seed: int,
    repeat: int,
    games: int,
    edition: str = "base",
) -> None:
    """Steps per CPU second of each named environment, interleaved ``repeat`` times."""
    module = EDITIONS[edition]
    runs: dict[str, Callable[[int], tuple[float, int]]] = {
        "batch": lambda r: batch_steps(players, steps * 10, seed + r, games, edition),
        "pettingzoo": lambda r: aec_steps(module.env(players=players), steps, seed + r),
        "pettingzoo-python": lambda r: aec_steps(
            python_tensors(module.env(players=players)), steps, seed + r
        ),
        "connect_four": lambda r: aec_steps(connect_four(), steps, seed + r),
    }
    counts = dict.fromkeys(runs, steps) | {"batch": steps * 10}
    unknown = set(names) - runs.keys()
    if unknown:
        raise SystemExit(f"no environment named {', '.join(sorted(unknown))}: {', '.join(runs)}")
    rates: dict[str, list[float]] = {name: [] for name in names}
    for repetition in range(repeat):
        for name in names:
            seconds, _ = runs[name](repetition)
            rates[name].append(counts[name] / seconds)
    medians = {name: statistics.median(values) for name, values in rates.items()}
    for name in names:
        shown = ", ".join(f"{rate:,.0f}" for rate in rates[name])
        ratios = ", ".join(
            f"{medians[name] / medians[other]:.2f}x {other}" for other in names if other != name
        )
        print(f"{name}: median {medians[name]:,.0f} steps per CPU second ({shown}); {ratios}")


def coverage(
    players: int, bot: str, games: int, seed: int, edition: str = "base"
) -> dict[str, int]:
    """Legal placements and rockfalls inside and outside the window, and chosen ones."""
    cell_index = WINDOWS[edition]
    tally = dict.fromkeys(
        ["legal", "legal outside", "chosen", "chosen outside", "positions", "positions cut"], 0
    )
    for number in range(games):
        game = Game.new(players, seed=seed + number, edition=edition)
        seats = [make_bot(bot, (seed + number) * 100 + seat) for seat in range(players)]
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            legal = game.legal_moves()
            outside = 0
            for move in legal:
                if move.kind in ("place", "rockfall"):
                    tally["legal"] += 1
                    outside += cell_index(move.x, move.y) is None
            tally["legal outside"] += outside
            tally["positions"] += 1
            tally["positions cut"] += outside > 0
            move = seats[seat].choose(seat_observation(game, seat), legal)
            if move.kind in ("place", "rockfall"):
                tally["chosen"] += 1
                tally["chosen outside"] += cell_index(move.x, move.y) is None
            game.play(move)
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", default="5", help="player count, or several: 3,4,5")
    parser.add_argument("--steps", type=int, default=20000, help="steps to time (speed)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--coverage", action="store_true", help="measure the window instead")
    parser.add_argument("--bot", default="heuristic", help="the bot that plays (coverage)")
    parser.add_argument("--games", type=int, default=100, help="games per player count")
    parser.add_argument("--edition", default="base", choices=sorted(EDITIONS))
    parser.add_argument(
        "--compare", help="environments to measure side by side: batch,pettingzoo,connect_four"
    )
    parser.add_argument("--repeat", type=int, default=5, help="interleaved repetitions (compare)")
    parser.add_argument("--num-envs", type=int, default=64, help="games in the batch (compare)")
    arguments = parser.parse_args()
    for players in [int(text) for text in arguments.players.split(",")]:
        if arguments.compare:
            print(
                f"{players} players, {arguments.steps} steps a run (the batch: ten times as many):"
            )
            compare(
                arguments.compare.split(","),
                players,
                arguments.steps,
                arguments.seed,
                arguments.repeat,
                arguments.num_envs,
                arguments.edition,
            )
        elif arguments.coverage:
            if arguments.edition not in WINDOWS:
                parser.error(
                    f"--coverage measures the base game and Saboteur 2, not the {arguments.edition}"
                )
            t = coverage(players, arguments.bot, arguments.games, arguments.seed, arguments.edition)
            print(
                f"{players} players, {arguments.bot}, {arguments.games} games: "
                f"{t['legal outside']} of {t['legal']} legal placements and rockfalls outside "
                f"the window ({t['legal outside'] / max(t['legal'], 1):.3%}), at "
                f"{t['positions cut']} of {t['positions']} positions; chosen outside: "
                f"{t['chosen outside']} of {t['chosen']}"
            )
        else:
            rate, cpu_rate, games = steps_per_second(
                players, arguments.steps, arguments.seed, arguments.edition
            )
            print(
                f"{players} players: {rate:,.0f} steps per second ({1e6 / rate:.0f} µs per step;"
                f" {cpu_rate:,.0f} per CPU second), {arguments.steps} steps, {games} games"
            )


if __name__ == "__main__":
    main()
