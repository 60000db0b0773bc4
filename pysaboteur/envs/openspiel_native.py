"""The base game's OpenSpiel observation and information-state tensors built by the
native core: the game's own round of the core (the one its engine keeps in step,
:func:`core_round_of`) encoded by core/tensors.cpp (and core/info_state.cpp, the
recent block), given the round's moves as codes and seats and where the game stands,
instead of a seat observation and its encoding in Python (:mod:`.tensors` and
:mod:`.info_state`, which stay the reference and serve without the core and at an
episode's end).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..native import core
from ..native.engine import engine_for
from ..native.playout import core_round_of
from ..rules import Game, Move
from .info_state import InfoStateEncoder
from .native_recent import recent_spec
from .native_tensors import BASE, tensor_spec


class NativeObservation:
    """The core's encoder of one player count's observation tensor, or with ``recent``
    its information-state tensor (the observation, then the seat's last moves:
    :mod:`.info_state`), of the base game; :mod:`.openspiel_native_saboteur2` has
    Saboteur 2's."""

    #: The edition whose core rounds it encodes (as :func:`core_round_of` names it).
    edition = BASE

    def __init__(self, tensors: Any, codec: Any, recent: Any = None) -> None:
        self._tensors = tensors
        self._recent = recent
        self._encode_move = codec.encode
        # The round's moves as codes and seats, read so far: turning a move into its
        # code was most of a tensor's cost, and a round's moves only grow. The list
        # is held, so that no other list can come to have its identity.
        self._moves: list[Move] = []
        self._codes: list[int] = []
        self._seats: list[int] = []
        self._last: Move | None = None  # the last move read

    @staticmethod
    def make_tensors(tables: Any, players: int) -> Any:
        """The core's layout of the observation tensor of ``players`` seats."""
        assert core is not None
        return core.make_tensors(tables, tensor_spec(players))

    def encode(self, game: Game, seat: int, out: np.ndarray) -> bool:
        """Write the tensor of ``seat`` into ``out`` while a round is in play (or its
        gold is picked, or Saboteur 2's thieves steal); False, ``out`` untouched, where
        the core cannot (the game is over, or its engine is the rules' own)."""
        if game.phase == "over":
            return False
        core_round = self._round_of(game)
        if core_round is None or not self._read(game.moves):
            return False
        self._observe(core_round, game, seat, out)
        return True

    def _round_of(self, game: Game) -> Any | None:
        """The round of the core to encode: the game's own, or None where there is none."""
        return core_round_of(game, self.edition.name)

    def _observe(self, core_round: Any, game: Game, seat: int, out: np.ndarray) -> None:
        """The core's call that writes the tensor, given the moves read."""
        core_round.observe(
            self._tensors,
            seat,
            self._seats,
            self._codes,
            game.round_number,
            sum(game.gold_kept[seat]),
            game.options.open_hands,
            out,
            self._recent,
        )

    def _read(self, moves: list[Move]) -> bool:
        """Catch up with the round's ``moves``, or start again if they are another
        round's (another state's); False if the core has no code for one of them."""
        codes, seats = self._codes, self._seats
        read = len(codes)
        if (
            moves is not self._moves
            or len(moves) < read
            or (read and moves[read - 1] is not self._last)
        ):
            self._moves = moves
            codes.clear()
            seats.clear()
            read = 0
        for move in moves[read:]:
            code = self._encode_move(move)
            if code is None:
                self._moves = []  # read again next time
                codes.clear()
                seats.clear()
                return False
            codes.append(code)
            seats.append(move.seat)
        if moves:
            self._last = moves[-1]
        return True


#: Each edition's layouts for the core, made once (an observer is made per bot or per
#: state), by (edition, players).
_TENSORS: dict[tuple[str, int], Any] = {}
_RECENT: dict[tuple[str, int], Any] = {}


def native_encoder(
    kind: type[NativeObservation], players: int, info: InfoStateEncoder | None = None
) -> NativeObservation | None:
    """The core's encoder ``kind`` of ``players`` seats, with ``info`` (the reference
    information-state encoder over the observation tensor) its information-state
    tensor; None where the pure engine plays (the core not built, or
    ``PYSABOTEUR_PURE`` set: read for every observer, as for every game)."""
    edition = kind.edition
    engine = engine_for(edition)
    if core is None or engine is None:
        return None
    key = (edition.name, players)
    tensors = _TENSORS.get(key)
    if tensors is None:
        tensors = _TENSORS[key] = kind.make_tensors(engine.tables, players)
    recent = None
    if info is not None:
        recent = _RECENT.get(key)
        if recent is None:
            recent = _RECENT[key] = core.make_recent(engine.tables, recent_spec(info, edition))
    return kind(tensors, engine.codec, recent)


def native_observation(players: int) -> NativeObservation | None:
    """The core's encoder for a ``players``-player base game, or None where the pure
    engine plays."""
    return native_encoder(NativeObservation, players)


def native_info_state(encoder: InfoStateEncoder) -> NativeObservation | None:
    """The core's information-state encoder equal to ``encoder`` (the base game's, over
    its observation tensor), or None where the pure engine plays."""
    return native_encoder(NativeObservation, encoder.players, encoder)
