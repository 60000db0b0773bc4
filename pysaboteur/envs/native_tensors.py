"""What the native core needs to build the base game's observation tensor and action
mask itself (core/tensors.cpp) and to deal games (core/batch.cpp): read from
:mod:`.tensors`, :mod:`.actions` and the edition, so that the core has no copy of
its own of the layout, the scales, the ids or the deal.
"""

from __future__ import annotations

from typing import Any, Final

from ..rules.cards import BREAK_TOOL, GOLD_CARDS, MINER, TOOLS, shape_code
from ..rules.codes import codec_of
from ..rules.editions import Edition, find_edition
from ..rules.gold import finder_draw_count
from ..rules.options import NEXT_ROUND_START_CHOICES, Options
from .actions import (
    BREAK_CARDS,
    BREAK_START,
    CARD_CODES,
    CELLS,
    DISCARD_START,
    MAP_START,
    PASS_ACTION,
    PLACE_SHAPES,
    PLACE_START,
    REPAIRS,
    ROCKFALL_START,
    TAKE_START,
    X_MAX,
    X_MIN,
    Y_MAX,
    Y_MIN,
    action_count,
    fix_start,
)
from .tensors import (
    AIMED_SCALE,
    ALL_CARDS,
    GOLD_DECK,
    HAND_SCALE,
    NUGGETS,
    OFFER_SCALE,
    OUTSIDE_SCALE,
    PLAY_FEATURES,
    PLAY_SCALE,
    SEAT_FEATURES,
    layout,
)

BASE: Final = find_edition("base")


def tensor_spec(players: int) -> dict[str, Any]:
    """The tensor's blocks, scales and the action ids of a ``players``-player base game."""
    codec = codec_of(BASE)
    offsets = {block.name: block.offset for block in layout(players)}
    size = sum(block.size for block in layout(players))
    place_first = [0] * (2 * len(codec.cards))
    for card, ways in BASE.orientations.items():
        for which, (face, _) in enumerate(ways):
            shape = PLACE_SHAPES.index(shape_code(face))
            place_first[2 * codec.index[card] + which] = PLACE_START + shape * CELLS
    aim_first = [[0, 0, 0] for _ in codec.cards]
    for row, card in enumerate(BREAK_CARDS):
        aim_first[codec.index[card]][TOOLS.index(BREAK_TOOL[card])] = BREAK_START + row * players
    for row, (card, tool) in enumerate(REPAIRS):
        aim_first[codec.index[card]][TOOLS.index(tool)] = fix_start(players) + row * players
    return {
        "players": players,
        **{"x_min": X_MIN, "x_max": X_MAX, "y_min": Y_MIN, "y_max": Y_MAX},
        **offsets,
        "size": size,
        "seat_width": len(SEAT_FEATURES),
        "play_width": len(PLAY_FEATURES) + 2 * players,
        "play_columns": len(PLAY_FEATURES),
        "card_codes": len(CARD_CODES),
        "hand_index": [CARD_CODES.index(card) for card in codec.cards],
        "play_scale": [float(scale) for scale in PLAY_SCALE],
        "aimed_scale": float(AIMED_SCALE),
        "hand_scale": HAND_SCALE,
        "all_cards": ALL_CARDS,
        "gold_deck": GOLD_DECK,
        "offer": OFFER_SCALE,
        "nuggets": NUGGETS,
        "outside": OUTSIDE_SCALE,
        "action_count": action_count(players),
        "place_first": place_first,
        "place_start": PLACE_START,
        "rockfall_start": ROCKFALL_START,
        "map_start": MAP_START,
        "take_start": TAKE_START,
        "pass_action": PASS_ACTION,
        "break_start": BREAK_START,
        "discard_id": [DISCARD_START + CARD_CODES.index(card) for card in codec.cards],
        "aim_first": aim_first,
    }


def deal_spec(edition: Edition, players: int, options: Options) -> dict[str, Any]:
    """What dealing a game of ``edition`` needs: the role pool, the cards in the order
    the edition shuffles them, the gold deck, and the options that shape the rounds."""
    codec = codec_of(edition)
    gold_draw = -1 if options.gold_draw == "miners" else finder_draw_count("players", players, [])
    return {
        "players": players,
        "hand_size": edition.hand_size(players),
        "rounds": edition.rounds,
        "role_pool": [role == MINER for role in edition.role_pool(players)],
        "playing_cards": [codec.index[card] for card in edition.playing_cards],
        "gold_cards": list(GOLD_CARDS),
        "gold_draw": gold_draw,
        "next_round_start": NEXT_ROUND_START_CHOICES.index(options.next_round_start),
        "open_hands": options.open_hands,
    }
