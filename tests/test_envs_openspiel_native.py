"""The OpenSpiel game's observation tensor and information-state tensor built by the
native core are, bit for bit, the ones tensors.py and info_state.py build from the
seat's observation: for every seat, at every decision of random games, through round
and game ends, for every player count and option; and without the core the observer
is the Python one."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
import openspiel_native_helpers as helpers  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from openspiel_native_helpers import TENSORS, dealt  # noqa: E402

from pysaboteur.envs import openspiel_game  # noqa: E402
from pysaboteur.envs.actions import CARD_CODES, X_MAX, X_MIN, Y_MAX, Y_MIN  # noqa: E402
from pysaboteur.envs.openspiel_native import native_info_state, native_observation  # noqa: E402
from pysaboteur.envs.tensors import ObservationEncoder  # noqa: E402
from pysaboteur.native import PURE_VARIABLE, core  # noqa: E402

if core is None:
    pytest.skip(
        "these compare the native core's tensors with the reference", allow_module_level=True
    )


reference = helpers.Reference(ObservationEncoder, CARD_CODES, (X_MIN, X_MAX, Y_MIN, Y_MAX))
info_state_encoder = reference.info_state


def play_and_compare(tensor: str, players: int, seed: int, **params: Any) -> dict[str, int]:
    return helpers.play_and_compare(
        openspiel_game.SHORT_NAME, reference, tensor, players, seed, **params
    )


@pytest.mark.parametrize("tensor", TENSORS)
def test_a_whole_game_every_seat_every_decision(tensor: str) -> None:
    counts = play_and_compare(tensor, 4, seed=5)
    assert counts["built"] > 4 * 100  # three rounds of decisions, each seat's tensor by the core
    assert counts["ended"] == 4  # the last: the game is over, the rules' view


@pytest.mark.parametrize("tensor", TENSORS)
def test_a_round_episode_ends_with_the_reference_view(tensor: str) -> None:
    helpers.observe_a_round_episode_s_end(openspiel_game.SHORT_NAME, reference, tensor)


def test_while_chance_deals_the_tensors_are_zero() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 5})
    state = game.new_initial_state()
    assert state.observation_tensor(0) == [0.0] * game.observation_tensor_size()
    assert state.information_state_tensor(0) == [0.0] * game.information_state_tensor_size()


def test_the_state_api_gives_the_core_information_state() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 5})
    rng = random.Random(2)
    state = dealt(game, rng)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(5):
        expected = info_state_encoder(5).encode(state.seat_observation(seat))
        tensor = np.asarray(state.information_state_tensor(seat), np.float32)
        assert np.array_equal(tensor, expected)


def test_the_recent_block_holds_the_last_two_turns_of_each_seat() -> None:
    # After 25 moves of 3 seats the block is full: 6 moves, newest first, the newest
    # the observing seat's own (it moved last).
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 3})
    observer = game.make_py_observer(TENSORS["info_state"])
    rng = random.Random(8)
    state = dealt(game, rng)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    encoder = info_state_encoder(3)
    observer.set_from(state, (state.current_player() - 1) % 3)
    assert observer.tensor is not None
    slots = observer.tensor[encoder.size - encoder.recent * encoder.move_size :]
    rows = slots.reshape(encoder.recent, encoder.move_size)
    assert [int(np.argmax(row[:3])) for row in rows] == [0, 2, 1, 0, 2, 1]
    assert [float(row[:3].sum()) for row in rows] == [1.0] * 6


def test_the_pure_engine_keeps_the_python_observers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PURE_VARIABLE, "1")
    assert native_observation(4) is None
    assert native_info_state(info_state_encoder(4)) is None
    helpers.assert_python_observers(openspiel_game.SHORT_NAME)


@settings(max_examples=30, deadline=None)
@given(
    tensor=st.sampled_from(sorted(TENSORS)),
    players=st.integers(3, 10),
    seed=st.integers(0, 2**32),
    episode=st.sampled_from(["game", "round"]),
    gold_draw=st.sampled_from(["players", "miners"]),
    next_round_start=st.sampled_from(["after-last", "rotate", "last-path"]),
    open_hands=st.booleans(),
)
def test_every_count_and_option(
    tensor: str,
    players: int,
    seed: int,
    episode: str,
    gold_draw: str,
    next_round_start: str,
    open_hands: bool,
) -> None:
    params = {
        "episode": episode,
        "gold_draw": gold_draw,
        "next_round_start": next_round_start,
        "open_hands": open_hands,
    }
    assert play_and_compare(tensor, players, seed, **params)["built"] > 0


@pytest.mark.parametrize("tensor", TENSORS)
def test_one_observer_for_two_states_that_part(tensor: str) -> None:
    helpers.observe_two_states_that_part(openspiel_game.SHORT_NAME, reference, tensor, 4, seed=11)


@pytest.mark.parametrize("tensor", TENSORS)
def test_a_resampled_state_has_the_reference_tensor(tensor: str) -> None:
    built = helpers.observe_resampled_states(
        openspiel_game.SHORT_NAME, reference, tensor, 5, seed=21, moves=30
    )
    assert built == 5 * 2 * 5  # a resampled game's round is loaded into the core too
