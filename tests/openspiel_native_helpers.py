"""Both editions' OpenSpiel games with their tensors built by the native core, played
at random with every seat's tensor held equal to the Python encoders' (the reference)
at every decision."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from pysaboteur.envs.aec import Encoder
from pysaboteur.envs.info_state import InfoStateEncoder

#: The observer of each tensor: without and with perfect recall.
TENSORS = {
    "observation": pyspiel.IIGObservationType(perfect_recall=False),
    "info_state": pyspiel.IIGObservationType(perfect_recall=True),
}


class Reference:
    """An edition's Python encoders, which the core's tensors equal: ``observation``
    (by player count), and the information state over it."""

    def __init__(
        self,
        observation: Callable[[int], Encoder],
        card_codes: Sequence[str],
        window: tuple[int, int, int, int],
    ) -> None:
        self._observation = observation
        self._card_codes = card_codes
        self._window = window

    def info_state(self, players: int) -> InfoStateEncoder:
        return InfoStateEncoder(self._observation(players), players, self._card_codes, self._window)

    def __call__(self, tensor: str, players: int) -> Encoder:
        if tensor == "observation":
            return self._observation(players)
        return self.info_state(players)


class Counted:
    """The core's encoder, counting the tensors it built for the observer."""

    def __init__(self, native: Any) -> None:
        self.native = native
        self.built = 0

    def encode(self, game: Any, seat: int, out: Any) -> bool:
        made = bool(self.native.encode(game, seat, out))
        self.built += made
        return made


def dealt(game: Any, rng: random.Random) -> Any:
    """A new state of ``game`` with every chance outcome drawn."""
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, chances)[0])
    return state


def play_and_compare(
    name: str, reference: Reference, tensor: str, players: int, seed: int, **params: Any
) -> dict[str, int]:
    """Plays a random game of the OpenSpiel game ``name``, comparing every seat's tensor
    at every decision; returns how many tensors the core built, how many of those while
    Saboteur 2's thieves were stealing, and how many the reference built at the end."""
    game = pyspiel.load_game(name, {"players": players, **params})
    observer = game.make_py_observer(TENSORS[tensor])
    native = observer._native
    assert native is not None
    counted = observer._native = Counted(native)
    encoder = reference(tensor, players)
    rng = random.Random(seed)
    state = dealt(game, rng)
    counts = {"built": 0, "stealing": 0, "ended": 0}
    while True:
        for seat in range(players):
            observer.set_from(state, seat)
            expected = encoder.encode(state.seat_observation(seat))
            assert np.array_equal(observer.tensor, expected), (seat, str(state))
            if state.is_terminal():  # the rules' view of the end: the reference's
                counts["ended"] += 1
                continue
            assert counted.built == counts["built"] + 1  # the observer's tensor was the core's
            direct = np.full(observer.tensor.size, np.nan, np.float32)
            assert native.encode(state.engine_game, seat, direct)
            assert np.array_equal(direct, expected)
            counts["built"] += 1
            counts["stealing"] += state.engine_game.phase == "steal"
        if state.is_terminal():
            return counts
        state.apply_action(rng.choice(state.legal_actions()))


def observe_two_states_that_part(
    name: str, reference: Reference, tensor: str, players: int, seed: int
) -> None:
    """The encoder keeps the round's codes read so far: a clone played otherwise,
    observed in turn with the original, is read again, not counted on."""
    game = pyspiel.load_game(name, {"players": players})
    observer = game.make_py_observer(TENSORS[tensor])
    rng = random.Random(seed)
    state = dealt(game, rng)
    for _ in range(10):
        state.apply_action(rng.choice(state.legal_actions()))
    other = state.clone()
    for _ in range(12):
        for one in (state, other):
            one.apply_action(rng.choice(one.legal_actions()))
            for seat in range(players):
                observer.set_from(one, seat)
                expected = reference(tensor, players).encode(one.seat_observation(seat))
                assert np.array_equal(observer.tensor, expected)


def observe_resampled_states(
    name: str, reference: Reference, tensor: str, players: int, seed: int, moves: int
) -> int:
    """Every seat's tensor of states resampled for each seat after ``moves`` random
    moves equals the reference's; returns how many the core built."""
    game = pyspiel.load_game(name, {"players": players})
    observer = game.make_py_observer(TENSORS[tensor])
    counted = observer._native = Counted(observer._native)
    rng = random.Random(seed)
    state = dealt(game, rng)
    for _ in range(moves):
        state.apply_action(rng.choice(state.legal_actions()))
    draws = random.Random(seed + 1).random
    for player in range(players):
        for _ in range(2):
            sampled = state.resample_from_infostate(player, draws)
            for seat in range(players):
                observer.set_from(sampled, seat)
                expected = reference(tensor, players).encode(sampled.seat_observation(seat))
                assert np.array_equal(observer.tensor, expected)
    return counted.built


def observe_where(
    name: str,
    reference: Reference,
    tensor: str,
    players: int,
    seed: int,
    chosen: Callable[[Any], bool],
) -> int:
    """At every decision of a random game where ``chosen(engine game)`` holds, every
    seat's tensor of the state, of a clone observed after the state and of a state
    resampled for each seat equals the reference's, and was built by the core; returns
    how many the core built."""
    game = pyspiel.load_game(name, {"players": players})
    observer = game.make_py_observer(TENSORS[tensor])
    counted = observer._native = Counted(observer._native)
    encoder = reference(tensor, players)
    rng = random.Random(seed)
    draws = random.Random(seed + 1).random
    state = dealt(game, rng)
    while not state.is_terminal():
        if chosen(state.engine_game):
            clone = state.clone()
            sampled = [state.resample_from_infostate(player, draws) for player in range(players)]
            for one in (state, clone, *sampled):
                for seat in range(players):
                    built = counted.built
                    observer.set_from(one, seat)
                    expected = encoder.encode(one.seat_observation(seat))
                    assert np.array_equal(observer.tensor, expected)
                    assert counted.built == built + 1
        state.apply_action(rng.choice(state.legal_actions()))
    return counted.built


def observe_a_round_episode_s_end(name: str, reference: Reference, tensor: str) -> None:
    """The end of a round episode shows the round as it ended (the core's round is the
    next one): the reference's view."""
    game = pyspiel.load_game(name, {"players": 3, "episode": "round"})
    observer = game.make_py_observer(TENSORS[tensor])
    rng = random.Random(3)
    state = dealt(game, rng)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.engine_game.round_number == 2
    for seat in range(3):
        observer.set_from(state, seat)
        expected = reference(tensor, 3).encode(state.seat_observation(seat))
        assert np.array_equal(observer.tensor, expected)


def assert_python_observers(name: str) -> None:
    """The game's observers have no core encoder (the pure engine plays)."""
    game = pyspiel.load_game(name, {"players": 4})
    for kind in TENSORS.values():
        assert game.make_py_observer(kind)._native is None
