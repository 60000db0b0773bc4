"""The tensors and masks built by the native core, for ``saboteur_v0`` and
``saboteur2_v0``: a game of the core (core/batch.cpp ``Table``, Saboteur 2's
core/table_saboteur2.cpp ``Table2``) dealt from the same seed as the environment's
:class:`~pysaboteur.rules.Game` and played move for move beside it, so that an
observation costs one call instead of a seat observation and its encoding
(:mod:`.tensors`, :mod:`.tensors_saboteur2`, which stay the reference and serve
without the core).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..native import core
from ..native.engine import engine_for
from ..native.playout import saboteur2_tables
from ..rules.options import Options
from .actions_saboteur2 import EDITION as SABOTEUR2
from .native_tensors import BASE, deal_spec, tensor_spec
from .native_tensors_saboteur2 import deal_spec_saboteur2, tensor_spec_saboteur2


class NativeTable:
    """One game of the core with the tensors of ``players`` seats (either edition's:
    both tables of the core answer the same calls)."""

    def __init__(self, table: Any, size: int, ids: int) -> None:
        self._table = table
        self.size = size
        self.ids = ids
        # The base game's table also writes the view of the game's end (Table.observe_over).
        self._observe_over = getattr(table, "observe_over", None)

    def start(self, seed: int) -> None:
        """A new game, as ``Game.new(players, options, seed)`` deals it."""
        self._table.start(seed)

    def observe(self, seat: int) -> np.ndarray:
        vector = np.empty(self.size, np.float32)
        self._table.observe(seat, vector)
        return vector

    def observe_game_over(self, seat: int) -> np.ndarray | None:
        """The observation of ``seat`` once the game is over, the rules' view of its end
        (the base game's, written by the core); None where the rules write it (Saboteur
        2's, whose end the core does not show)."""
        if self._observe_over is None:
            return None
        vector = np.empty(self.size, np.float32)
        self._observe_over(seat, vector)
        return vector

    def mask(self) -> np.ndarray:
        """The mask of the seat to move."""
        mask = np.empty(self.ids, np.int8)
        self._table.mask(mask)
        return mask

    def code_of(self, action: int) -> int:
        """The move code of a legal id of the seat to move, or -1."""
        return int(self._table.code_of(action))

    def play(self, code: int) -> None:
        self._table.play(code)


def native_table(players: int, options: Options) -> NativeTable | None:
    """The core's table for a base game, or None where the pure engine plays."""
    engine = engine_for(BASE)
    if core is None or engine is None:
        return None
    spec = tensor_spec(players)
    table = core.make_table(engine.tables, spec, deal_spec(BASE, players, options))
    return NativeTable(table, spec["size"], spec["action_count"])


def native_table_saboteur2(players: int, options: Options) -> NativeTable | None:
    """The core's table for a game of Saboteur 2, or None where the pure engine plays."""
    engine = engine_for(SABOTEUR2)
    if core is None or engine is None:
        return None
    spec = tensor_spec_saboteur2(players)
    table = core.make_table_saboteur2(
        engine.tables,
        saboteur2_tables(SABOTEUR2),
        spec,
        deal_spec_saboteur2(players, options),
    )
    return NativeTable(table, spec["size"], spec["action_count"])
