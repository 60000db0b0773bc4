"""saboteur_duel_v0 with its tensors and masks built by the native core gives both
seats exactly the observation and mask that tensors_duel.py and actions_duel.py build
from the seat's observation, at every step, through round and game ends, with the
shipped deck and a user's, open hands or not."""

from __future__ import annotations

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


def duel_env(**options: Any) -> Any:
    return lambda: saboteur_duel_v0.raw_env(**options)


def test_two_whole_games_seat_by_seat() -> None:
    assert play_both(duel_env(), seed=5, choices=2, steps=500) >= 2


def test_round_episodes_with_a_user_deck() -> None:
    env = duel_env(episode="round", reward="win", deck=DECKS["user"])
    assert play_both(env, seed=9, choices=4, steps=300) >= 3


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
    env = duel_env(episode=episode, rules=rules, deck=DECKS[deck])
    play_both(env, seed, choices, steps=200)
