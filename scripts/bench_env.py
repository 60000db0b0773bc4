#!/usr/bin/env python
"""Measure the learning environments: speed, and how often moves fall outside the window.

    scripts/bench_env.py --players 5 --steps 20000        # PettingZoo steps per second
    scripts/bench_env.py --coverage --bot heuristic --games 100 --players 3,4,5,7,10
    scripts/bench_env.py --edition saboteur2 --players 2,5,12   # the same for saboteur2_v0
    scripts/bench_env.py --edition saboteur2 --coverage --bot random --players 2,5,12

Speed: the wrapped ``saboteur_v0.env()`` (``saboteur2_v0.env()`` with
``--edition saboteur2``) stepped the way training code steps it,
``env.last()`` (observation tensor and action mask) then a uniformly random
legal id from the mask, on one core.  Dead steps at the ends of episodes are
made but not counted; the games follow one another (``reset()`` between them).

Coverage: bots of one kind play whole games on the engine; at every position
the legal moves are counted, and those at cells outside the window of
``pysaboteur.envs.actions`` (placements and rockfalls) are reported, as are the
moves the bots chose there (the window of ``pysaboteur.envs.actions_saboteur2`` for Saboteur 2).
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from pysaboteur.bots import make_bot
from pysaboteur.envs import actions, actions_saboteur2, saboteur2_v0, saboteur_v0
from pysaboteur.rules import Game, seat_observation

EDITIONS = {"base": saboteur_v0, "saboteur2": saboteur2_v0}
WINDOWS = {"base": actions.cell_index, "saboteur2": actions_saboteur2.cell_index}


def steps_per_second(
    players: int, steps: int, seed: int, edition: str = "base"
) -> tuple[float, float, int]:
    """Steps per second of random masked play, by the clock and by the process's CPU
    time (the same on an idle machine; the CPU figure discounts other programs), and the
    games it took."""
    env = EDITIONS[edition].env(players=players)
    choose = random.Random(seed).randrange
    env.reset(seed=seed)
    made = games = 0
    started = time.perf_counter()
    cpu_started = time.process_time()
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
    cpu = time.process_time() - cpu_started
    return made / (time.perf_counter() - started), made / cpu, games


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
    arguments = parser.parse_args()
    for players in [int(text) for text in arguments.players.split(",")]:
        if arguments.coverage:
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
