"""Saboteur 2's OpenSpiel observation and information-state tensors built by the
native core, as :mod:`.openspiel_native` builds the base game's: the game's own round
of the core encoded by core/tensors_saboteur2.cpp (the writer ``saboteur2_v0``'s
tables use) and core/info_state.cpp, given the round's moves as codes and seats and
each seat's gold pieces. While the thieves steal at a round's end the rules play
without the core's round: the round as it ended is then loaded from the game's state
into a round of the core (once per state) and encoded with the thieves still to
steal, as the batch encodes its steals. :mod:`.tensors_saboteur2` and
:mod:`.info_state` stay the reference (and serve without the core, and at an
episode's end).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..native import core
from ..native.engine import engine_for
from ..rules import Game
from ..rules.game import STEAL
from ..rules.round_state import RoundState
from .actions_saboteur2 import EDITION
from .info_state import InfoStateEncoder
from .native_tensors_saboteur2 import tensor_spec_saboteur2
from .openspiel_native import NativeObservation, native_encoder


class NativeObservation2(NativeObservation):
    """The core's encoder of Saboteur 2's observation tensor (with ``recent``, its
    information-state tensor) of one player count."""

    edition = EDITION

    def __init__(self, tensors: Any, codec: Any, recent: Any = None) -> None:
        super().__init__(tensors, codec, recent)
        # The round of the core loaded from the state of a round whose thieves steal, by
        # that state (held, so that no other state can come to have its identity): the
        # steals change only the gold pieces and who steals next, which the call is given.
        self._ended: tuple[RoundState, Any] | None = None

    @staticmethod
    def make_tensors(tables: Any, players: int) -> Any:
        assert core is not None
        return core.make_tensors_saboteur2(tables, tensor_spec_saboteur2(players))

    def _round_of(self, game: Game) -> Any | None:
        if game.phase != STEAL:
            return super()._round_of(game)
        state = game.state
        ended = self._ended
        if ended is None or ended[0] is not state:
            engine = engine_for(EDITION)
            if engine is None or game.edition.name != EDITION.name:
                return None
            ended = self._ended = (state, engine.load(game, phase="over"))
        return ended[1]

    def _observe(self, core_round: Any, game: Game, seat: int, out: np.ndarray) -> None:
        core_round.observe_saboteur2(
            self._tensors,
            seat,
            self._seats,
            self._codes,
            game.round_number,
            game.gold_pieces,
            game.options.open_hands,
            out,
            self._recent,
            game.state.stealing if game.phase == STEAL else [],
        )


def native_observation_saboteur2(players: int) -> NativeObservation | None:
    """The core's encoder for a ``players``-player game of Saboteur 2, or None where
    the pure engine plays."""
    return native_encoder(NativeObservation2, players)


def native_info_state_saboteur2(encoder: InfoStateEncoder) -> NativeObservation | None:
    """The core's information-state encoder equal to ``encoder`` (Saboteur 2's, over its
    observation tensor), or None where the pure engine plays."""
    return native_encoder(NativeObservation2, encoder.players, encoder)
