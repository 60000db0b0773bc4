"""The Duel's tensors and masks built by the native core, for ``saboteur_duel_v0``:
read off the game's own round of the core (the one its engine keeps in step,
:func:`~pysaboteur.native.playout.core_round_of`), so an observation costs one call
instead of a seat observation and its encoding (:mod:`.tensors_duel`, which stays
the reference and serves without the core and at an episode's end).

What a face shows comes from the reference itself (:func:`.tensors_duel.write_face`,
one row a face and viewer), so the core's encoder names no card: a user's deck is
encoded as the shipped one is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..native import core
from ..native.duel import DuelEngine
from ..native.playout import core_round_of
from ..rules import Game
from ..rules.cards import TOOL_BIT, TOOLS
from ..rules.codes import KIND_IDS
from ..rules.duel_faces import COLOURS
from ..rules.kinds.bribe import BRIBE
from ..rules.kinds.clear import FRONT_CARDS
from ..rules.kinds.key import KEY
from ..rules.moves import CLEAR, DISCARD, ROCKFALL
from ..rules.native_engine import native_duel_engine
from .actions_duel import CELLS, DISCARD_SETS, FRONTS, SLOT_PAIRS, ActionSpaceDuel
from .tensors_duel import FACE_FEATURES, ObservationEncoderDuel, write_face

#: A code's cell (codes.py): cleared, a cell move's code names its block.
_CELL_BITS = 0xFFFF << 12


class NativeDuel:
    """The tensors and mask of the Duel's round in play, from its core round."""

    def __init__(
        self,
        game_of: Callable[[], Game | None],
        engine: DuelEngine,
        space: ActionSpaceDuel,
        encoder: ObservationEncoderDuel,
    ) -> None:
        assert core is not None
        self._game_of = game_of
        self.size = encoder.size
        self.ids = space.size
        self._tensors = tensor_tables(engine, encoder)
        self._actions = _action_tables(engine, space)
        self._listed: dict[int, int] | None = None  # the mover's ids and their codes

    def start(self, seed: int) -> None:
        """A new game: the core's round is the game's own, nothing to deal."""
        self._listed = None

    def play(self, code: int) -> None:
        """A move was played: the listing read before it is stale."""
        self._listed = None

    def observe(self, seat: int) -> np.ndarray:
        game, round_ = self._round()
        vector = np.empty(self.size, np.float32)
        nuggets = game.nuggets
        round_.observe(self._tensors, seat, game.round_number, nuggets[0], nuggets[1], vector)
        return vector

    def observe_game_over(self, seat: int) -> np.ndarray | None:
        """None: the view of the Duel's end is the rules' (:mod:`.tensors_duel`)."""
        return None

    def mask(self) -> np.ndarray:
        """The mask of the seat to move."""
        mask = np.empty(self.ids, np.int8)
        codes, ids = self._round()[1].listed_ids(self._actions, mask)
        listed = dict(zip(ids, codes, strict=True))  # as legal_actions(): an id's last move
        listed.pop(-1, None)  # the moves without an id
        self._listed = listed
        return mask

    def code_of(self, action: int) -> int:
        """The move code of a legal id of the seat to move, or -1."""
        if self._listed is None:
            self.mask()
        assert self._listed is not None
        return self._listed.get(action, -1)

    def _round(self) -> tuple[Game, Any]:
        game = self._game_of()
        round_ = None if game is None else core_round_of(game, "duel")
        if game is None or round_ is None:
            raise RuntimeError("the core builds the tensors of a Duel round in play only")
        return game, round_


class NativeDuelObservation:
    """The core's encoder of the Duel's observation tensor, for OpenSpiel's observer
    (:class:`.openspiel_core.SeatObserver`): the game's own core round encoded."""

    def __init__(self, tensors: Any) -> None:
        self._tensors = tensors

    def encode(self, game: Game, seat: int, out: np.ndarray) -> bool:
        """Write the tensor of ``seat`` into ``out`` while a round is in play; False,
        ``out`` untouched, where the core cannot (the game is over, or its engine is
        the rules' own)."""
        if game.phase != "play":
            return False
        round_ = core_round_of(game, "duel")
        if round_ is None:
            return False
        nuggets = game.nuggets
        round_.observe(self._tensors, seat, game.round_number, nuggets[0], nuggets[1], out)
        return True


#: Each deck's tensor tables for the core, by its engine (the engines are kept per deck).
_TENSORS: dict[DuelEngine, Any] = {}


def tensor_tables(engine: DuelEngine, encoder: ObservationEncoderDuel) -> Any:
    """What the core needs of the tensor's layout for ``engine``'s deck: the features
    each face shows, by viewer, written by the reference's own :func:`write_face`."""
    known = _TENSORS.get(engine)
    if known is not None:
        return known
    assert core is not None
    rows = []
    for mine in COLOURS:
        table = np.zeros((len(engine.faces), FACE_FEATURES), np.float32)
        for row, code, card in zip(table, engine.faces, engine.names, strict=True):
            write_face(row, code, card, mine)
        rows.append(table.ravel().tolist())
    slot_of_kind = {kind: index for index, kind in enumerate(encoder.kinds)}
    made = _TENSORS[engine] = core.make_duel_tensor_tables(
        face_rows=rows,
        kinds=len(encoder.kinds),
        card_slot=[slot_of_kind[card] for card in engine.codec.cards],
        tool_bits=[TOOL_BIT[tool] for tool in TOOLS],  # the tensor's order
    )
    return made


def _action_tables(engine: DuelEngine, space: ActionSpaceDuel) -> Any:
    """The space's layout for the core (core/actions_duel.hpp): each block's codes
    made by the space itself (``to_move``) and the codec, never written out twice."""
    assert core is not None
    encode = engine.codec.encode
    whole: dict[int, int] = {}
    at_cell: dict[int, int] = {}
    first_cells = [index * CELLS for index in range(len(space.faces))]
    first_cells += [space.cell_start[kind] for kind in (ROCKFALL, KEY, BRIBE)]
    for action in first_cells:  # the window's first cell of each block that names one
        code = encode(space.to_move(action, seat=0))
        if code is not None:
            at_cell[code & ~_CELL_BITS] = action
    for action in range(space.map_start, space.discard_start):
        code = encode(space.to_move(action, seat=0))
        if code is not None:
            whole[code] = action
    for action in range(space.break_start, space.size):  # breaks, repairs, pass: by seat
        for seat in (0, 1):
            code = encode(space.to_move(action, seat))
            if code is not None:
                whole[code] = action
    pairs = len(SLOT_PAIRS)
    clear_start = [
        space.clear_start + FRONTS.index(card) * pairs if card in FRONTS else -1
        for card in FRONT_CARDS
    ]
    return core.make_duel_action_tables(
        size=space.size,
        whole=list(whole.items()),
        at_cell=list(at_cell.items()),
        discard_kind=KIND_IDS[DISCARD],
        clear_kind=KIND_IDS[CLEAR],
        discard_start=space.discard_start,
        clear_start=clear_start + [-1] * (8 - len(clear_start)),
        discard_offset=[(_bits(slots), offset) for offset, slots in enumerate(DISCARD_SETS)],
        pair_offset=[(_bits(slots), offset) for offset, slots in enumerate(SLOT_PAIRS)],
    )


def _bits(slots: tuple[int, ...]) -> int:
    return sum(1 << slot for slot in slots)


def native_duel(
    game_of: Callable[[], Game | None], space: ActionSpaceDuel, encoder: ObservationEncoderDuel
) -> NativeDuel | None:
    """The core's tensors for a Duel of ``space``'s deck, or None where the pure engine plays."""
    engine = native_duel_engine(space.deck)
    if core is None or engine is None:
        return None
    assert isinstance(engine, DuelEngine)
    return NativeDuel(game_of, engine, space, encoder)


def native_duel_observation(deck: Any) -> NativeDuelObservation | None:
    """The core's encoder for a Duel of ``deck`` (a deck, its file or dict; None: the
    shipped one), or None where the pure engine plays."""
    encoder = ObservationEncoderDuel(2, deck)
    engine = native_duel_engine(encoder.deck)
    if core is None or engine is None:
        return None
    assert isinstance(engine, DuelEngine)
    return NativeDuelObservation(tensor_tables(engine, encoder))
