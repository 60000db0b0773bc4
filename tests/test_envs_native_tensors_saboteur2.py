"""saboteur2_v0 with its tensors built by the native core gives every agent exactly the
observation and mask that tensors_saboteur2.py and actions_saboteur2.py build from the
seat's observation, at every step (the thieves' steals too), through round and game
ends, for every player count and option."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from hypothesis import given, settings
from hypothesis import strategies as st
from native_env_helpers import play_both, step_an_illegal_id

from pysaboteur.envs import saboteur2_v0
from pysaboteur.native import core

if core is None:
    pytest.skip(
        "these compare the native core's tensors with the reference", allow_module_level=True
    )


def test_a_whole_game_and_the_next_seat_by_seat() -> None:
    # This game has every kind of move, two thieves' steals among them.
    counts = play_both(saboteur2_v0, 5, seed=2, choices=3, steps=700)
    assert counts == {"episodes": 3, "steals": 2}


def test_round_episodes_with_win_rewards() -> None:
    counts = play_both(saboteur2_v0, 3, seed=8, choices=1, steps=400, episode="round", reward="win")
    assert counts["episodes"] >= 2


def test_an_illegal_id_is_refused_by_the_native_mask() -> None:
    with pytest.raises(ValueError, match="is not legal"):
        step_an_illegal_id(saboteur2_v0, 5)


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 12),
    seed=st.integers(0, 2**40),
    choices=st.integers(0, 2**32),
    episode=st.sampled_from(["game", "round"]),
    next_round_start=st.sampled_from(["after-last", "rotate", "last-path"]),
    open_hands=st.booleans(),
)
def test_every_count_and_option(
    players: int,
    seed: int,
    choices: int,
    episode: str,
    next_round_start: str,
    open_hands: bool,
) -> None:
    rules = {"next_round_start": next_round_start, "open_hands": open_hands}
    play_both(saboteur2_v0, players, seed, choices, steps=250, episode=episode, rules=rules)
