"""saboteur_duel_v0 with its tensors and masks built by the native core gives both
seats exactly the observation and mask that tensors_duel.py and actions_duel.py build
from the seat's observation, at every step, through round and game ends, with the
shipped deck and a user's, open hands or not."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from duel_decks import user_deck  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from native_env_helpers import play_both  # noqa: E402

from pysaboteur.envs import saboteur_duel_v0  # noqa: E402
from pysaboteur.native import core  # noqa: E402
from pysaboteur.rules.duel_codes import duel_codec  # noqa: E402

if core is None:
    pytest.skip(
        "these compare the native core's tensors with the reference", allow_module_level=True
    )

DECKS: dict[str, Any] = {"shipped": None, "user": user_deck()}


def play_duels(seed: int, choices: int, steps: int, **options: Any) -> int:
    """Episodes ended, the native and the reference Duel stepped side by side."""
    return play_both(saboteur_duel_v0, 2, seed, choices, steps, **options)["episodes"]


def test_two_whole_games_seat_by_seat() -> None:
    assert play_duels(seed=5, choices=2, steps=500) >= 2


def test_round_episodes_with_a_user_deck() -> None:
    assert play_duels(9, 4, 300, episode="round", reward="win", deck=DECKS["user"]) >= 3


def test_an_illegal_id_is_refused_by_the_native_mask() -> None:
    env = saboteur_duel_v0.raw_env()
    env.reset(seed=4)
    assert env._native is not None
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="is not legal"):
        env.step(illegal)


def test_a_legal_id_plays_the_move_the_reference_names() -> None:
    env = saboteur_duel_v0.raw_env()
    env.reset(seed=12)
    assert env._native is not None
    ids = env.legal_actions()  # by the reference: decoded moves, by id
    codec = duel_codec(env.action_ids.deck)
    assert {action: env._native.code_of(action) for action in ids} == {
        action: codec.encode(move) for action, move in ids.items()
    }


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**40),
    choices=st.integers(0, 2**32),
    episode=st.sampled_from(["game", "round"]),
    deck=st.sampled_from(sorted(DECKS)),
    open_hands=st.booleans(),
)
def test_every_deck_and_option(
    seed: int, choices: int, episode: str, deck: str, open_hands: bool
) -> None:
    rules = {"open_hands": open_hands}
    play_duels(seed, choices, 200, episode=episode, rules=rules, deck=DECKS[deck])


@pytest.mark.parametrize(
    ("seed", "params"), [(3, {}), (8, {"open_hands": True, "episode": "round"})]
)
def test_the_openspiel_observer_is_the_core_while_a_round_is_in_play(
    seed: int, params: dict[str, Any]
) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from pysaboteur.envs import openspiel_duel
    from pysaboteur.envs.tensors_duel import ObservationEncoderDuel

    game = pyspiel.load_game(openspiel_duel.SHORT_NAME, params)
    observer = game.make_py_observer()
    native = observer._native
    assert native is not None
    reference = ObservationEncoderDuel()
    choose = random.Random(seed)
    state = game.new_initial_state()
    built = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(choose.choices(outcomes, chances)[0])
            continue
        for seat in (0, 1):
            observer.set_from(state, seat)
            expected = reference.encode(state.seat_observation(seat))
            assert np.array_equal(observer.tensor, expected), (seat, str(state))
            direct = np.full(observer.tensor.size, np.nan, np.float32)
            assert native.encode(state.engine_game, seat, direct)
            assert np.array_equal(direct, expected)
            built += 1
        state.apply_action(choose.choice(state.legal_actions()))
    assert built > 2 * 30  # a round's decisions at least, each seat's tensor by the core
