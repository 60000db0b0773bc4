"""A Duel round as dealt reaches the core by its cards alone (``core.deal_duel_round``,
the core laying the starts itself; a game's rounds start so from the cards' numbers):
the round it makes is the one the whole state makes (``core.make_duel_round``, the
way every later round loads), field by field and in its listing, for every round of
a game and for a user's deck."""

from __future__ import annotations

from typing import Any

import pytest
from duel_decks import user_deck

from pysaboteur.native import core
from pysaboteur.native import duel as native_duel
from pysaboteur.rules import Game, Options
from pysaboteur.rules.duel_round_log import DuelRoundLog

pytestmark = pytest.mark.skipif(core is None, reason="the native core is not built here")

FIELDS = (
    "to_move", "phase", "end", "last_turn", "last_path", "hands", "pile", "broken",
    "discards", "maps", "revealed", "cells", "keys", "bribes", "claims", "network",
)  # fmt: skip


def fields(core_round: Any) -> dict[str, Any]:
    return {name: getattr(core_round, name) for name in FIELDS}


def loaded_the_long_way(game: Any) -> Any:
    """The core's round from the whole state, as a round in play loads."""
    as_dealt = native_duel._as_dealt
    native_duel._as_dealt = lambda state, maze: False
    try:
        return game._engine.load(game)
    finally:
        native_duel._as_dealt = as_dealt


@pytest.mark.parametrize("deck", [None, user_deck()], ids=["shipped", "user"])
@pytest.mark.parametrize("seed", [0, 1, 7])
def test_a_dealt_round_is_the_round_its_state_loads(seed: int, deck: Any) -> None:
    game: Any = Game.new(2, Options(), seed, edition="duel", deck=deck)
    rounds = 0
    while not game.is_over:
        if not game.moves:  # a round as dealt
            # The game's own round, dealt from the cards' numbers before its state
            # was made (``DuelEngine.deal_numbers``), and the round its state loads.
            started = fields(game._core_round())
            dealt = game._engine.load(game)
            assert native_duel._as_dealt(game.state, game.duel_maze)
            long_way = loaded_the_long_way(game)
            assert started == fields(dealt) == fields(long_way)
            assert dealt.legal().tolist() == long_way.legal().tolist()
            rounds += 1
        game.play(game.legal_moves().codes[0])
    assert rounds == 3


def test_a_round_with_a_move_played_is_not_as_dealt() -> None:
    game: Any = Game.new(2, Options(), 3, edition="duel")
    game.play(game.legal_moves().codes[-1])  # a discard
    assert not native_duel._as_dealt(game.state, game.duel_maze)


def test_a_round_dealt_in_the_core_has_the_fields_of_a_round_log() -> None:
    # DuelRoundLog.dealt_when_read makes its fields itself, not by RoundLog's
    # __init__: the same fields, the same values once the deal is read.
    game: Any = Game.new(2, Options(), 5, edition="duel")
    pending = game.rounds[-1]
    made = DuelRoundLog(pending.deal)
    made.codec = pending.codec
    assert vars(pending).keys() == vars(made).keys()
    assert {name: value for name, value in vars(pending).items() if name != "_deal_from"} == {
        name: value for name, value in vars(made).items() if name != "_deal_from"
    }
    assert pending == made
