"""The batched environment plays the PettingZoo environment's games, bit for bit:
the same observation tensor and mask for the seat to move, the same rewards and the
same episode ends, stepped side by side on the same seeds and actions."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pysaboteur.native import core  # noqa: E402

if core is None:
    pytest.skip("the batched environment needs the native core", allow_module_level=True)

from native_env_helpers import step_side_by_side  # noqa: E402

from pysaboteur.envs import saboteur_v0  # noqa: E402
from pysaboteur.envs.batch import BatchEnv  # noqa: E402


def test_three_games_of_four_players_through_their_ends_and_the_next() -> None:
    episodes, rounds = step_side_by_side(saboteur_v0, 3, 4, seed=11, steps=500, choices=1)
    assert episodes >= 3 and rounds >= 9  # every game ended, and new ones began


def test_round_episodes_with_win_rewards() -> None:
    episodes, _ = step_side_by_side(
        saboteur_v0, 2, 5, seed=3, steps=300, choices=2, reward="win", episode="round"
    )
    assert episodes >= 4


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(3, 10),
    seed=st.integers(0, 2**40),
    choices=st.integers(0, 2**32),
    reward=st.sampled_from(["nuggets", "win"]),
    episode=st.sampled_from(["game", "round"]),
    gold_draw=st.sampled_from(["players", "miners"]),
    next_round_start=st.sampled_from(["after-last", "rotate", "last-path"]),
    open_hands=st.booleans(),
)
def test_any_count_options_and_seed_play_the_same_games(
    players: int,
    seed: int,
    choices: int,
    reward: str,
    episode: str,
    gold_draw: str,
    next_round_start: str,
    open_hands: bool,
) -> None:
    rules = {"gold_draw": gold_draw, "next_round_start": next_round_start, "open_hands": open_hands}
    step_side_by_side(
        saboteur_v0,
        2,
        players,
        seed,
        steps=450,
        choices=choices,
        reward=reward,
        episode=episode,
        rules=rules,
    )


def test_python_shuffle_is_randoms_own() -> None:
    for seed in (0, 1, 2**32 - 1, 2**32, 2**63 - 2, 987654321987):
        items = list(range(67))
        generator = random.Random(seed)
        generator.shuffle(items)
        generator.shuffle(items)
        assert core is not None
        assert core.python_shuffle(seed, list(range(67)), 2) == items


def test_an_illegal_id_refuses_the_whole_step() -> None:
    batch = BatchEnv(2, players=3, seed=5)
    observations, masks, _ = batch.reset()
    before = observations.copy()
    legal = int(np.flatnonzero(masks[0])[0])
    illegal = int(np.flatnonzero(masks[1] == 0)[0])
    with pytest.raises(ValueError, match="not legal in game 1"):
        batch.step([legal, illegal])
    assert np.array_equal(batch.observations, before)


def test_the_duel_is_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="base game and Saboteur 2, not"):
        BatchEnv(2, players=2, edition="duel")
