"""The OpenSpiel game's observation tensor built by the native core is, bit for bit, the
one tensors.py builds from the seat's observation: for every seat, at every decision of
random games, through round and game ends, for every option; and without the core the
observer is the Python one."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pysaboteur.envs import openspiel_game  # noqa: E402
from pysaboteur.envs.openspiel_native import native_observation  # noqa: E402
from pysaboteur.envs.tensors import ObservationEncoder  # noqa: E402
from pysaboteur.native import PURE_VARIABLE, core  # noqa: E402

if core is None:
    pytest.skip(
        "these compare the native core's tensors with the reference", allow_module_level=True
    )


class Counted:
    """The core's encoder, counting the tensors it built for the observer."""

    def __init__(self, native: Any) -> None:
        self.native = native
        self.built = 0

    def encode(self, game: Any, seat: int, out: Any) -> bool:
        made = bool(self.native.encode(game, seat, out))
        self.built += made
        return made


def play_and_compare(players: int, seed: int, **params: Any) -> tuple[int, int]:
    """Plays a random game, comparing every seat's tensor at every decision; returns
    how many tensors the core built and how many the reference built at the end."""
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": players, **params})
    observer = game.make_py_observer()
    native = observer._native
    assert native is not None
    counted = observer._native = Counted(native)
    reference = ObservationEncoder(players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    built = ended = 0
    while True:
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
            continue
        for seat in range(players):
            observer.set_from(state, seat)
            expected = reference.encode(state.seat_observation(seat))
            assert np.array_equal(observer.tensor, expected), (seat, str(state))
            if state.is_terminal():  # the rules' view of the end: the reference's
                ended += 1
                continue
            assert counted.built == built + 1  # the observer's tensor was the core's
            direct = np.full(observer.tensor.size, np.nan, np.float32)
            assert native.encode(state.engine_game, seat, direct)
            assert np.array_equal(direct, expected)
            built += 1
        if state.is_terminal():
            return built, ended
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_whole_game_every_seat_every_decision() -> None:
    built, ended = play_and_compare(4, seed=5)
    assert built > 4 * 100  # three rounds of decisions, each seat's tensor by the core
    assert ended == 4  # the last: the game is over, the rules' view


def test_a_round_episode_ends_with_the_reference_view() -> None:
    # The round's end shows the round as it ended: the core's round is the next one.
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 3, "episode": "round"})
    observer = game.make_py_observer()
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.engine_game.round_number == 2
    for seat in range(3):
        observer.set_from(state, seat)
        expected = ObservationEncoder(3).encode(state.seat_observation(seat))
        assert np.array_equal(observer.tensor, expected)


def test_while_chance_deals_the_tensor_is_zero() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 5})
    state = game.new_initial_state()
    assert state.observation_tensor(0) == [0.0] * game.observation_tensor_size()


def test_the_pure_engine_keeps_the_python_observer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PURE_VARIABLE, "1")
    assert native_observation(4) is None
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 4})
    assert game.make_py_observer()._native is None


def test_perfect_recall_keeps_the_information_state_tensor_of_python() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 4})
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    assert recall._native is None


@settings(max_examples=20, deadline=None)
@given(
    players=st.integers(3, 10),
    seed=st.integers(0, 2**32),
    episode=st.sampled_from(["game", "round"]),
    gold_draw=st.sampled_from(["players", "miners"]),
    next_round_start=st.sampled_from(["after-last", "rotate", "last-path"]),
    open_hands=st.booleans(),
)
def test_every_count_and_option(
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
    built, _ = play_and_compare(players, seed, **params)
    assert built > 0


def test_one_observer_for_two_states_that_part() -> None:
    # The encoder keeps the round's codes read so far: a clone played otherwise,
    # observed in turn with the original, is read again, not counted on.
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 4})
    observer = game.make_py_observer()
    rng = random.Random(11)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, chances)[0])
    for _ in range(10):
        state.apply_action(rng.choice(state.legal_actions()))
    other = state.clone()
    for _ in range(12):
        for one in (state, other):
            one.apply_action(rng.choice(one.legal_actions()))
            for seat in range(4):
                observer.set_from(one, seat)
                expected = ObservationEncoder(4).encode(one.seat_observation(seat))
                assert np.array_equal(observer.tensor, expected)


def test_a_resampled_state_has_the_reference_tensor() -> None:
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, {"players": 5})
    observer = game.make_py_observer()
    rng = random.Random(21)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, chances)[0])
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    draws = random.Random(4).random
    for _ in range(3):
        sampled = state.resample_from_infostate(0, draws)
        for seat in range(5):
            observer.set_from(sampled, seat)
            expected = ObservationEncoder(5).encode(sampled.seat_observation(seat))
            assert np.array_equal(observer.tensor, expected)
