"""The rules of Saboteur, in two editions (the base game and Saboteur 2): the
game, its moves, observations and records (docs/engine.md; the rules themselves
in docs/rules.md and docs/rules-saboteur2.md).

Pure logic with no dependency beyond the standard library.
"""

from .cards import GOAL_CELLS, MINER, SABOTEUR, START_CELL
from .editions import EDITIONS, Edition, find_edition
from .game import GOLD, MINERS, OVER, PLAY, SABOTEURS, Deal, Game, IllegalMove, RoundResult
from .moves import Move, MoveView, NotationError, read_seen_move
from .observation import Observation, public_observation, seat_observation, table_observation
from .options import Options
from .records import (
    RecordError,
    dumps_record,
    game_from_record,
    game_to_record,
    load_record,
    save_record,
)

__all__ = [
    "EDITIONS",
    "GOAL_CELLS",
    "GOLD",
    "MINER",
    "MINERS",
    "OVER",
    "PLAY",
    "SABOTEUR",
    "SABOTEURS",
    "START_CELL",
    "Deal",
    "Edition",
    "Game",
    "IllegalMove",
    "Move",
    "MoveView",
    "NotationError",
    "Observation",
    "Options",
    "RecordError",
    "RoundResult",
    "dumps_record",
    "find_edition",
    "game_from_record",
    "game_to_record",
    "load_record",
    "public_observation",
    "read_seen_move",
    "save_record",
    "seat_observation",
    "table_observation",
]
