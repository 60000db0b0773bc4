"""``python_saboteur2``'s observation tensor and information-state tensor built by the
native core (from the game's own round of the core) are, bit for bit, the ones
tensors_saboteur2.py and info_state.py build from the seat's observation: for every
seat, at every decision of seeded random games of every player count 2-12, through
round and game ends, with each rule option, in states a search clones and resamples,
the thieves' steals at a round's end included; the end of an episode is the
reference's; without the core the observer is the Python one."""

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

from pysaboteur.envs import openspiel_saboteur2  # noqa: E402
from pysaboteur.envs.actions_saboteur2 import (  # noqa: E402
    CARD_CODES,
    EDITION,
    X_MAX,
    X_MIN,
    Y_MAX,
    Y_MIN,
)
from pysaboteur.envs.openspiel_native_saboteur2 import (  # noqa: E402
    native_info_state_saboteur2,
    native_observation_saboteur2,
)
from pysaboteur.envs.tensors_saboteur2 import ObservationEncoder2  # noqa: E402
from pysaboteur.native import PURE_VARIABLE, core  # noqa: E402
from pysaboteur.native.engine import engine_for  # noqa: E402

if core is None or engine_for(EDITION) is None:
    pytest.skip(
        "these compare the native core's tensors with the reference", allow_module_level=True
    )

NAME = openspiel_saboteur2.SHORT_NAME


reference = helpers.Reference(ObservationEncoder2, CARD_CODES, (X_MIN, X_MAX, Y_MIN, Y_MAX))
info_state_encoder = reference.info_state


def play_and_compare(tensor: str, players: int, seed: int, **params: Any) -> dict[str, int]:
    return helpers.play_and_compare(NAME, reference, tensor, players, seed, **params)


@pytest.mark.parametrize("tensor", TENSORS)
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (5, 3), (12, 7)])
def test_a_whole_game_every_seat_every_decision(tensor: str, players: int, seed: int) -> None:
    counts = play_and_compare(tensor, players, seed)
    assert counts["built"] > players * 3 * 25  # three rounds of decisions, by the core
    assert counts["ended"] == players  # the last: the game is over, the rules' view


@pytest.mark.parametrize("tensor", TENSORS)
def test_the_thieves_steals_come_from_the_core(tensor: str) -> None:
    # A game whose thieves steal (twice): between a round's play and the next deal the
    # rules play the steals without the core's round, and the round as it ended is
    # loaded into the core for their tensors.
    assert play_and_compare(tensor, 4, seed=0)["stealing"] == 4 * 2


def stealing(game: Any) -> bool:
    return bool(game.phase == "steal")


@pytest.mark.parametrize("tensor", TENSORS)
@pytest.mark.parametrize(("players", "seed"), [(4, 0), (7, 0), (12, 2)])
def test_steals_of_clones_and_resampled_states(tensor: str, players: int, seed: int) -> None:
    built = helpers.observe_where(NAME, reference, tensor, players, seed, stealing)
    assert built >= players * (2 + players)  # at least one steal: the state, its clone, resampled


@settings(max_examples=16, deadline=None)
@given(
    tensor=st.sampled_from(sorted(TENSORS)),
    players=st.integers(2, 12),
    seed=st.integers(0, 2**32),
    episode=st.sampled_from(["game", "round"]),
    next_round_start=st.sampled_from(["after-last", "rotate", "last-path"]),
    open_hands=st.booleans(),
)
def test_every_count_and_option(
    tensor: str, players: int, seed: int, episode: str, next_round_start: str, open_hands: bool
) -> None:
    params = {"episode": episode, "next_round_start": next_round_start, "open_hands": open_hands}
    assert play_and_compare(tensor, players, seed, **params)["built"] > 0


@pytest.mark.parametrize("tensor", TENSORS)
def test_a_round_episode_ends_with_the_reference_view(tensor: str) -> None:
    helpers.observe_a_round_episode_s_end(NAME, reference, tensor)


@pytest.mark.parametrize("tensor", TENSORS)
def test_one_observer_for_two_states_that_part(tensor: str) -> None:
    helpers.observe_two_states_that_part(NAME, reference, tensor, 5, seed=11)


@pytest.mark.parametrize("tensor", TENSORS)
@pytest.mark.parametrize(("players", "moves"), [(3, 20), (6, 45)])
def test_resampled_states_have_the_reference_tensor(tensor: str, players: int, moves: int) -> None:
    built = helpers.observe_resampled_states(NAME, reference, tensor, players, seed=21, moves=moves)
    assert built == players * 2 * players  # a resampled game's round is loaded into the core too


def test_the_state_api_gives_the_core_tensors() -> None:
    game = pyspiel.load_game(NAME, {"players": 5})
    rng = random.Random(2)
    state = dealt(game, rng)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(5):
        observation = state.seat_observation(seat)
        tensor = np.asarray(state.observation_tensor(seat), np.float32)
        assert np.array_equal(tensor, reference("observation", 5).encode(observation))
        info = np.asarray(state.information_state_tensor(seat), np.float32)
        assert np.array_equal(info, info_state_encoder(5).encode(observation))


def test_the_pure_engine_keeps_the_python_observers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PURE_VARIABLE, "1")
    assert native_observation_saboteur2(4) is None
    assert native_info_state_saboteur2(info_state_encoder(4)) is None
    helpers.assert_python_observers(NAME)
