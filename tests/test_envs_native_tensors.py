"""saboteur_v0 with its tensors built by the native core gives every agent exactly the
observation and mask that tensors.py and actions.py build from the seat's observation,
at every step, through round and game ends, for every option."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from native_env_helpers import play_both, step_an_illegal_id  # noqa: E402

from pysaboteur.envs import saboteur_v0  # noqa: E402
from pysaboteur.envs.tensors import ObservationEncoder  # noqa: E402
from pysaboteur.native import core  # noqa: E402

if core is None:
    pytest.skip(
        "these compare the native core's tensors with the reference", allow_module_level=True
    )


def test_a_whole_game_and_the_next_seat_by_seat() -> None:
    assert play_both(saboteur_v0, 4, seed=2, choices=3, steps=400)["episodes"] >= 1


def test_round_episodes_end_with_the_rules_view_of_the_round() -> None:
    counts = play_both(saboteur_v0, 3, seed=8, choices=1, steps=250, episode="round", reward="win")
    assert counts["episodes"] >= 2


@pytest.mark.parametrize("players", range(3, 11))
def test_the_game_s_end_is_the_core_s_view_as_the_rules_show_it(players: int) -> None:
    # Every seat's last observation of a game, at its end: written by the core from the
    # last round as it ended, equal to the encoding of the rules' seat observation.
    env = saboteur_v0.raw_env(players=players, rules={"open_hands": players % 2 == 0})
    env.reset(seed=players)
    native = env._native
    assert native is not None
    with pytest.raises(RuntimeError, match="game over"):
        native.observe_game_over(0)
    choose = random.Random(players)
    while not env.game.is_over:
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(choose.choice(np.flatnonzero(mask).tolist()))
    encoder = ObservationEncoder(players)
    for seat, agent in enumerate(env.possible_agents):
        view = native.observe_game_over(seat)
        assert view is not None
        assert np.array_equal(view, encoder.encode(env.seat_view(agent)))
        assert np.array_equal(env.observe(agent)["observation"], view)


def test_an_illegal_id_is_refused_by_the_native_mask() -> None:
    with pytest.raises(ValueError, match="is not legal"):
        step_an_illegal_id(saboteur_v0, 5)


@settings(max_examples=10, deadline=None)
@given(
    players=st.integers(3, 10),
    seed=st.integers(0, 2**40),
    choices=st.integers(0, 2**32),
    episode=st.sampled_from(["game", "round"]),
    gold_draw=st.sampled_from(["players", "miners"]),
    next_round_start=st.sampled_from(["after-last", "rotate", "last-path"]),
    open_hands=st.booleans(),
)
def test_every_count_and_option(
    players: int,
    seed: int,
    choices: int,
    episode: str,
    gold_draw: str,
    next_round_start: str,
    open_hands: bool,
) -> None:
    rules = {"gold_draw": gold_draw, "next_round_start": next_round_start, "open_hands": open_hands}
    play_both(saboteur_v0, players, seed, choices, steps=300, episode=episode, rules=rules)
