"""An environment with its tensors built by the native core, stepped beside the same
environment built by the reference (tensors and masks from the seat's observation):
every agent's observation and mask compared at every step, through round and game
ends, and the rewards after every move."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np


def play_both(make: Callable[[], Any], seed: int, choices: int, steps: int) -> int:
    """Steps a native and a reference raw env made by ``make`` with the same ids;
    returns the episodes ended."""
    native, reference = make(), make()
    assert native._native is not None, "the core builds this environment's tensors"
    reference._native = None
    native.reset(seed=seed)
    reference.reset(seed=seed)
    choose = random.Random(choices)
    episodes = 0
    for _ in range(steps):
        assert native.agent_selection == reference.agent_selection
        for agent in native.possible_agents:  # every seat, not only the one to move
            seen, expected = native.observe(agent), reference.observe(agent)
            assert np.array_equal(seen["observation"], expected["observation"]), agent
            assert np.array_equal(seen["action_mask"], expected["action_mask"]), agent
        if all(native.terminations.values()):
            assert all(reference.terminations.values())
            episodes += 1
            native.reset()
            reference.reset()
            continue
        mask = native.observe(native.agent_selection)["action_mask"]
        action = choose.choice(np.flatnonzero(mask).tolist())
        native.step(action)
        reference.step(action)
        assert native.rewards == reference.rewards
    return episodes
