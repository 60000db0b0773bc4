"""The information-state tensor's recent block written by the core from Saboteur 2's
move codes (core/info_state.cpp, the block the base game's tensor ends with) is, bit
for bit, the one info_state.py writes from the seat's history: for every seat at
every decision of random games of every player count, with and without open hands.
python_saboteur2's information-state tensor from the core is its observation tensor
followed by this block (tests/test_envs_openspiel_native_saboteur2.py)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pysaboteur.envs import openspiel_saboteur2  # noqa: E402
from pysaboteur.envs.actions_saboteur2 import (  # noqa: E402
    CARD_CODES,
    EDITION,
    X_MAX,
    X_MIN,
    Y_MAX,
    Y_MIN,
)
from pysaboteur.envs.info_state import InfoStateEncoder  # noqa: E402
from pysaboteur.envs.native_recent import recent_spec  # noqa: E402
from pysaboteur.envs.tensors_saboteur2 import ObservationEncoder2  # noqa: E402
from pysaboteur.native import core  # noqa: E402
from pysaboteur.native.engine import engine_for  # noqa: E402
from pysaboteur.rules.codes import codec_of  # noqa: E402

if core is None or engine_for(EDITION) is None:
    pytest.skip("these compare the native core's block with the reference", allow_module_level=True)


def play_and_compare(players: int, seed: int, open_hands: bool) -> int:
    """Plays a random game, comparing every seat's block at every decision; returns how
    many blocks held a move."""
    game = pyspiel.load_game(
        openspiel_saboteur2.SHORT_NAME, {"players": players, "open_hands": open_hands}
    )
    encoder = InfoStateEncoder(
        ObservationEncoder2(players), players, CARD_CODES, (X_MIN, X_MAX, Y_MIN, Y_MAX)
    )
    engine = engine_for(EDITION)
    assert engine is not None and core is not None
    recent = core.make_recent(engine.tables, recent_spec(encoder, EDITION))
    codec = codec_of(EDITION)
    block = np.full(recent.size, np.nan, np.float32)
    rng = random.Random(seed)
    state = game.new_initial_state()
    full = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
            continue
        moves = state.engine_game.moves
        codes = [codec.encode(move) for move in moves]
        assert None not in codes
        for seat in range(players):
            expected = encoder.encode(state.seat_observation(seat))[-recent.size :]
            core.encode_recent(recent, seat, [m.seat for m in moves], codes, open_hands, block)
            assert np.array_equal(block, expected), (seat, [str(m) for m in moves[-4:]])
        full += bool(moves)
        state.apply_action(rng.choice(state.legal_actions()))
    return full


def test_a_whole_game() -> None:
    assert play_and_compare(5, seed=3, open_hands=False) > 100


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 12), seed=st.integers(0, 2**32), open_hands=st.booleans())
def test_every_count(players: int, seed: int, open_hands: bool) -> None:
    assert play_and_compare(players, seed, open_hands) > 0
