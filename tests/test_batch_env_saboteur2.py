"""The batched environment plays saboteur2_v0's games, bit for bit: the same
observation tensor and mask for the seat to move (a thief's steal too), the same
rewards (gold pieces, or the winners') and the same episode ends, stepped side by side
on the same seeds and actions."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pysaboteur.native import core  # noqa: E402

if core is None:
    pytest.skip("the batched environment needs the native core", allow_module_level=True)

from native_env_helpers import step_side_by_side  # noqa: E402

from pysaboteur.envs import saboteur2_v0  # noqa: E402
from pysaboteur.envs.batch import BatchEnv  # noqa: E402


def test_two_games_of_five_players_through_their_ends_and_the_next() -> None:
    episodes, rounds = step_side_by_side(saboteur2_v0, 2, 5, seed=11, steps=700, choices=1)
    assert episodes >= 2 and rounds >= 6  # both games ended, and new ones began


def test_round_episodes_with_win_rewards() -> None:
    options = {"reward": "win", "episode": "round"}
    episodes, _ = step_side_by_side(saboteur2_v0, 2, 4, seed=3, steps=400, choices=2, **options)
    assert episodes >= 4


def test_the_default_reward_is_the_gold_pieces() -> None:
    assert BatchEnv(1, players=3, edition="saboteur2").reward == "gold"
    with pytest.raises(ValueError, match="reward must be one of gold, win"):
        BatchEnv(1, players=3, edition="saboteur2", reward="nuggets")


def test_sample_actions_are_legal_ids() -> None:
    batch = BatchEnv(4, players=12, edition="saboteur2", seed=7)
    batch.reset()
    for _ in range(200):
        actions = batch.sample_actions()
        assert all(batch.masks[index, action] for index, action in enumerate(actions))
        batch.step(actions)


@settings(max_examples=10, deadline=None)
@given(
    players=st.integers(2, 12),
    seed=st.integers(0, 2**40),
    choices=st.integers(0, 2**32),
    reward=st.sampled_from(["gold", "win"]),
    episode=st.sampled_from(["game", "round"]),
    next_round_start=st.sampled_from(["after-last", "rotate", "last-path"]),
    open_hands=st.booleans(),
)
def test_any_count_options_and_seed_play_the_same_games(
    players: int,
    seed: int,
    choices: int,
    reward: str,
    episode: str,
    next_round_start: str,
    open_hands: bool,
) -> None:
    rules = {"next_round_start": next_round_start, "open_hands": open_hands}
    options = {"reward": reward, "episode": episode, "rules": rules}
    step_side_by_side(saboteur2_v0, 2, players, seed, steps=300, choices=choices, **options)
