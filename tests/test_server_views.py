"""The text of a view: what orjson writes is what the standard library would (the same
value always, the same text for ASCII), and what it refuses is still written."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from pysaboteur.rules import Game, public_observation, seat_observation
from pysaboteur.server.views import serialised


def standard(message: object) -> str:
    return json.dumps(message, separators=(",", ":"))


def test_every_observation_of_a_game_is_written_as_the_standard_library_writes_it() -> None:
    for edition, players in (("base", 5), ("saboteur2", 9)):
        game = Game.new(players, seed=7, edition=edition)
        while not game.is_over:
            for message in (
                {"type": "view", "observation": public_observation(game)},
                {"type": "view", "observation": seat_observation(game, game.to_move or 0)},
            ):
                assert serialised(message) == standard(message)
            game.play(game.legal_moves()[-1])


def test_a_lone_surrogate_is_written_escaped_not_refused() -> None:
    message = {"name": "Ann\ud800"}
    assert serialised(message) == '{"name":"Ann\\ud800"}'


@given(
    st.dictionaries(
        st.text(),
        st.recursive(
            st.none()
            | st.booleans()
            | st.integers(min_value=-(2**63), max_value=2**63 - 1)
            | st.text(),
            lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
            max_leaves=10,
        ),
    )
)
def test_any_json_value_reads_back_the_same(message: dict[str, object]) -> None:
    assert json.loads(serialised(message)) == message
