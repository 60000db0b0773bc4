"""The base game's OpenSpiel observation tensor built by the native core: the game's
own round of the core (the one its engine keeps in step, :func:`core_round_of`)
encoded by core/tensors.cpp, given the round's moves as codes and where the game
stands, instead of a seat observation and its encoding in Python (:mod:`.tensors`,
which stays the reference and serves without the core and at an episode's end).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..native import core
from ..native.engine import engine_for
from ..native.playout import core_round_of
from ..rules import Game
from .native_tensors import BASE, tensor_spec


class NativeObservation:
    """The core's encoder of one player count's observation tensor."""

    def __init__(self, tensors: Any, codec: Any) -> None:
        self._tensors = tensors
        self._encode_move = codec.encode

    def encode(self, game: Game, seat: int, out: np.ndarray) -> bool:
        """Write the tensor of ``seat`` into ``out`` while a round is in play (or its
        gold is picked); False, ``out`` untouched, where the core cannot (the game is
        over, or its engine is the rules' own)."""
        if game.phase == "over":
            return False
        core_round = core_round_of(game)
        if core_round is None:
            return False
        moves = game.moves
        codes = list(map(self._encode_move, moves))
        if None in codes:
            return False
        core_round.observe(
            self._tensors,
            seat,
            [move.seat for move in moves],
            codes,
            game.round_number,
            sum(game.gold_kept[seat]),
            game.options.open_hands,
            out,
        )
        return True


_TENSORS: dict[int, Any] = {}


def native_observation(players: int) -> NativeObservation | None:
    """The core's encoder for a ``players``-player base game, or None where the pure
    engine plays (the core not built, or ``PYSABOTEUR_PURE`` set: read for every
    observer, as for every game)."""
    engine = engine_for(BASE)
    if core is None or engine is None:
        return None
    tensors = _TENSORS.get(players)
    if tensors is None:  # an observer is made per bot or per state: the layout once
        tensors = _TENSORS[players] = core.make_tensors(engine.tables, tensor_spec(players))
    return NativeObservation(tensors, engine.codec)
