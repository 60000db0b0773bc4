"""What the native core needs to build Saboteur 2's observation tensor and action mask
itself (core/tensors_saboteur2.cpp) and to deal and play its games
(core/table_saboteur2.cpp): read from :mod:`.tensors_saboteur2`,
:mod:`.actions_saboteur2` and the edition, so that the core has no copy of its own of
the layout, the scales, the planes of each face, the ids or the deal.
"""

from __future__ import annotations

from typing import Any, Final

from ..rules.cards import TOOLS
from ..rules.codes import codec_of
from ..rules.editions.saboteur2 import DWARF_CARDS, HAND_SIZE, REMOVED_PER_ROUND
from ..rules.faces import FACES as FACE_PARTS
from ..rules.faces import face_code
from ..rules.options import NEXT_ROUND_START_CHOICES, Options
from . import tensors_saboteur2 as tensors
from .actions_saboteur2 import (
    AIMED,
    AIMED_START,
    CARD_CODES,
    CELLS,
    CLEAR_START,
    DISCARD_SETS,
    DISCARD_START,
    EDITION,
    FACES,
    MAP_START,
    PASS_ACTION,
    PLACE_START,
    ROCKFALL_START,
    SLOT_PAIRS,
    THEFT_ACTION,
    X_MAX,
    X_MIN,
    Y_MAX,
    Y_MIN,
    action_count,
)

#: The columns of ``plays`` a placement counts, by what the face shows.
_PLACE_COLUMNS: Final = ("tunnel", "dead end", "ladder", "blue", "green", "crystal")


def _face_plays(face: int) -> int:
    """The bits of the ``plays`` columns a card lying as ``face`` counts when placed."""
    parts = FACE_PARTS[face]
    assert parts is not None
    shows = (
        bool(parts.tunnels),
        not parts.tunnels,
        parts.ladder,
        parts.door == "blue",
        parts.door == "green",
        parts.crystal,
    )
    return sum(1 << column for column, on in enumerate(shows) if on)


def _face_planes(face: int) -> int:
    """The bits of the maze planes a card lying as ``face`` lights (0: no such face)."""
    if FACE_PARTS[face] is None:
        return 0
    return sum(1 << (offset // CELLS) for offset in tensors.planes_of(face_code(face)))


def _slot_sets(sets: tuple[tuple[int, ...], ...]) -> list[int]:
    """Per set of hand slots, as bits, its index in ``sets`` (-1: none)."""
    index = [-1] * 64
    for number, slots in enumerate(sets):
        index[sum(1 << slot for slot in slots)] = number
    return index


def tensor_spec_saboteur2(players: int) -> dict[str, Any]:
    """The tensor's blocks, scales and planes, and the action ids of ``players`` seats."""
    assert tuple(DWARF_CARDS) == tensors.ROLES == EDITION.role_codes
    codec = codec_of(EDITION)
    blocks = tensors.layout(players)
    place_first = [0] * (2 * len(codec.cards))
    for card, ways in EDITION.orientations.items():
        for which, (_, code) in enumerate(ways):
            place_first[2 * codec.index[card] + which] = PLACE_START + FACES.index(code) * CELLS
    aim_first = [[-1, -1, -1] for _ in codec.cards]
    steal_first = -1
    for row, (_, card, tool) in enumerate(AIMED):
        first = AIMED_START + row * players
        if not card:
            steal_first = first  # the thief's victim: no card
        else:
            aim_first[codec.index[card]][TOOLS.index(tool) if tool else 0] = first
    planes = tensors.MAZE_PLANES
    return {
        "players": players,
        **{"x_min": X_MIN, "x_max": X_MAX, "y_min": Y_MIN, "y_max": Y_MAX},
        **{block.name: block.offset for block in blocks},
        "size": sum(block.size for block in blocks),
        "seat_width": len(tensors.SEAT_FEATURES),
        "look_width": len(tensors.LOOK_FEATURES),
        "play_width": len(tensors.PLAY_FEATURES) + len(tensors.AIMED_FEATURES) * players,
        "card_codes": len(CARD_CODES),
        "ladder_plane": planes.index("ladder"),
        "face_down_plane": planes.index("face-down goal"),
        "gold_plane": planes.index("gold chance"),
        "crystal_plane": planes.index("crystal"),
        "hand_index": [CARD_CODES.index(card) for card in codec.cards],
        "face_planes": [_face_planes(face) for face in range(len(FACE_PARTS))],
        "face_plays": [
            _face_plays(face) if FACE_PARTS[face] is not None else 0
            for face in range(len(FACE_PARTS))
        ],
        "play_scale": list(tensors.PLAY_SCALE),
        "aimed_scale": list(tensors.AIMED_SCALE),
        "hand_scale": float(HAND_SIZE),
        "in_play": tensors.IN_PLAY,
        "discard_scale": float(len(EDITION.playing_cards)),
        "reserve_scale": tensors.RESERVE,
        "gold_scale": tensors.GOLD_PIECES,
        "crystals": tensors.CRYSTALS,
        "outside": tensors.OUTSIDE,
        "action_count": action_count(players),
        "place_first": place_first,
        "rockfall_start": ROCKFALL_START,
        "map_start": MAP_START,
        "discard_start": DISCARD_START,
        "clear_start": CLEAR_START,
        "pass_action": PASS_ACTION,
        "theft_action": THEFT_ACTION,
        "steal_first": steal_first,
        "aim_first": aim_first,
        "discard_set": _slot_sets(DISCARD_SETS),
        "slot_pair": _slot_sets(SLOT_PAIRS),
        "pairs": len(SLOT_PAIRS),
    }


def deal_spec_saboteur2(players: int, options: Options) -> dict[str, Any]:
    """What dealing a game of Saboteur 2 needs: the dwarf cards and the playing cards in
    the order the edition shuffles them, the cards removed each round, the options."""
    codec = codec_of(EDITION)
    roles = EDITION.role_codes
    return {
        "players": players,
        "hand_size": EDITION.hand_size(players),
        "rounds": EDITION.rounds,
        "role_pool": [roles.index(role) for role in EDITION.role_pool(players)],
        "playing_cards": [codec.index[card] for card in EDITION.playing_cards],
        "removed": REMOVED_PER_ROUND,
        "next_round_start": NEXT_ROUND_START_CHOICES.index(options.next_round_start),
        "open_hands": options.open_hands,
    }
