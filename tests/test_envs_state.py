"""The PettingZoo environments' ``state()`` for centralised critics: every seat's
observation tensor, seat by seat, in every edition (built by the core where it
builds the tensors, by the reference else: the same)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np

from pysaboteur.envs import saboteur2_v0, saboteur_duel_v0, saboteur_v0
from pysaboteur.rules import seat_observation


@pytest.mark.parametrize(
    ("module", "players"), [(saboteur_v0, 4), (saboteur2_v0, 4), (saboteur_duel_v0, 2)]
)
def test_state_is_every_seat_observation_tensor(module: Any, players: int) -> None:
    env = module.env(players=players)
    env.reset(seed=5)
    for _ in range(6):  # a few moves in, so hands and the maze have changed
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    raw = env.unwrapped
    state = raw.state()
    assert state.shape == raw.state_space.shape == (players * raw.encoder.size,)
    assert raw.state_space.contains(state)
    fresh = type(raw.encoder)(players)
    for seat in range(players):
        part = state[seat * raw.encoder.size : (seat + 1) * raw.encoder.size]
        assert np.array_equal(part, fresh.encode(seat_observation(raw.game, seat)))
    # What the agents see is one part of it: an agent's observation is its seat's.
    assert np.array_equal(
        env.observe("seat_1")["observation"], state[raw.encoder.size :][: raw.encoder.size]
    )
