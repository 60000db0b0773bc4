"""Both editions' PettingZoo environments with their tensors built by the native core,
and their batches, stepped beside the same environment on the Python encoders (the
reference)."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import numpy as np


def play_both(
    module: ModuleType, players: int, seed: int, choices: int, steps: int, **options: Any
) -> dict[str, int]:
    """Steps a native and a reference raw env of ``module`` with the same random ids,
    every agent's observation and mask and every reward held equal at every step;
    returns how many episodes ended and how many steps were a thief's steal."""
    native = module.raw_env(players=players, **options)
    reference = module.raw_env(players=players, **options)
    assert native._native is not None
    reference._native = None
    native.reset(seed=seed)
    reference.reset(seed=seed)
    choose = random.Random(choices)
    counts = {"episodes": 0, "steals": 0}
    for _ in range(steps):
        assert native.agent_selection == reference.agent_selection
        for agent in native.possible_agents:  # every seat, not only the one to move
            seen, expected = native.observe(agent), reference.observe(agent)
            differ = np.flatnonzero(seen["observation"] != expected["observation"])
            assert not differ.size, (agent, differ.tolist())
            assert np.array_equal(seen["action_mask"], expected["action_mask"]), agent
        if all(native.terminations.values()):
            assert all(reference.terminations.values())
            counts["episodes"] += 1
            native.reset()
            reference.reset()
            continue
        counts["steals"] += native.game.phase == "steal"
        mask = native.observe(native.agent_selection)["action_mask"]
        action = choose.choice(np.flatnonzero(mask).tolist())
        native.step(action)
        reference.step(action)
        assert native.rewards == reference.rewards
    return counts


def step_an_illegal_id(module: ModuleType, players: int) -> None:
    """Steps an id the native mask leaves out (the caller expects the refusal)."""
    env = module.raw_env(players=players)
    env.reset(seed=4)
    mask = env.observe(env.agent_selection)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))


def step_side_by_side(
    module: ModuleType,
    games: int,
    players: int,
    seed: int,
    steps: int,
    choices: int,
    **options: Any,
) -> tuple[int, int]:
    """Steps a batch and one raw env of ``module`` per game with the same random legal
    ids, comparing everything after every step; returns (episodes ended, rounds ended)."""
    from pysaboteur.envs.batch import BatchEnv

    edition = module.raw_env.edition.name
    batch = BatchEnv(games, players=players, edition=edition, seed=seed, **options)
    envs = [module.raw_env(players=players, **options) for _ in range(games)]
    for index, env in enumerate(envs):
        env._native = None  # the reference: the Python encoders from the seat's observation
        env.reset(seed=seed + index)
    observations, masks, seats = batch.reset()
    choose = random.Random(choices)
    episodes = rounds = 0
    for _ in range(steps):
        actions = []
        for index, env in enumerate(envs):
            agent = env.agent_selection
            assert seats[index] == int(agent.split("_")[1])
            seen = env.observe(agent)
            assert np.array_equal(seen["observation"], observations[index])
            assert np.array_equal(seen["action_mask"], masks[index])
            actions.append(choose.choice(np.flatnonzero(masks[index]).tolist()))
        before = [env.game.round_number for env in envs]
        observations, masks, rewards, done, seats = batch.step(actions)
        for index, env in enumerate(envs):
            env.step(actions[index])
            expected = [env.rewards[agent] for agent in env.possible_agents]
            assert rewards[index].tolist() == expected
            game = env.game
            assert game is not None
            rounds += game.round_number != before[index] or game.is_over
            ended = all(env.terminations.values())
            assert bool(done[index]) == ended
            if ended:
                episodes += 1
                env.reset()
            assert batch.round_number(index) == env.game.round_number
    return episodes, rounds
