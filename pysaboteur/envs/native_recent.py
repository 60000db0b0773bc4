"""What the native core needs to write the information-state tensor's ``recent`` block
itself (core/info_state.cpp): its columns and the fields each kind of move shows, read
from :mod:`.info_state` (the reference encoder) and the edition's codes, so that the
core has no copy of its own of the layout.
"""

from __future__ import annotations

from typing import Any, Final

from ..rules import moves
from ..rules.cards import TOOLS
from ..rules.codes import KIND_IDS, codec_of
from ..rules.editions import Edition
from ..rules.moves import Move
from .info_state import KINDS, InfoStateEncoder

# The fields of core/info_state.hpp RecentSpec::Field.
CARD: Final = 1
CELL: Final = 2
TARGET: Final = 4
TOOL: Final = 8
VALUE: Final = 16
FACE_DOWN: Final = 32

#: The fields a move of each kind shows (rules/codes.py names the same of its codes).
FIELDS: Final = {
    moves.PLACE: CARD | CELL,
    moves.ROCKFALL: CARD | CELL,
    moves.MAP: CARD | CELL,
    moves.BREAK: CARD | TARGET | TOOL,
    moves.FIX: CARD | TARGET | TOOL,
    # Cards that go face down: another seat sees them with open hands alone
    # (rules/observation.py, a seat's history).
    moves.DISCARD: CARD | FACE_DOWN,
    moves.CLEAR: CARD | FACE_DOWN,
    # A gold pick: its value, seen by its own seat alone until the game is over.
    moves.TAKE: VALUE,
    moves.PASS: 0,
    moves.THEFT: CARD,
    moves.STEAL: TARGET,
    # Saboteur 2's cards played in front of a seat.
    moves.TRAPPED: CARD | TARGET,
    moves.FREE_AT_LAST: CARD | TARGET,
    moves.HANDS_OFF: CARD | TARGET,
    moves.INSPECTION: CARD | TARGET,
    moves.SWAP_HAND: CARD | TARGET,
    moves.SWAP_HATS: CARD | TARGET,
}


def recent_spec(encoder: InfoStateEncoder, edition: Edition) -> dict[str, Any]:
    """The recent block of ``encoder`` for the core's codes of ``edition``."""
    codec = codec_of(edition)
    kind_column = [-1] * len(KIND_IDS)
    fields = [0] * len(KIND_IDS)
    for kind, ident in KIND_IDS.items():
        kind_column[ident] = KINDS.index(kind) if kind in KINDS else -1
        fields[ident] = FIELDS[kind]

    def column(move: Move) -> int:
        found = encoder.card_index(move)
        return -1 if found is None else found

    card_column = [column(Move(0, moves.DISCARD, card)) for card in codec.cards]
    place_column = [-1] * (2 * len(codec.cards))
    for card, ways in edition.orientations.items():
        for which, (_, face) in enumerate(ways):
            place_column[2 * codec.index[card] + which] = column(Move(0, moves.PLACE, face))
    x_min, x_max, y_min, y_max = encoder.window
    return {
        "players": encoder.players,
        "slots": encoder.recent,
        "move_size": encoder.move_size,
        "kinds": len(KINDS),
        "card_codes": encoder.card_codes,
        "tools": len(TOOLS),
        **{"x_min": x_min, "x_max": x_max, "y_min": y_min, "y_max": y_max},
        "kind_column": kind_column,
        "fields": fields,
        "card_column": card_column,
        "place_column": place_column,
    }
