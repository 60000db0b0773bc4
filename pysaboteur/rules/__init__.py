"""The rules of Saboteur: the game, its moves, observations and records.

Pure logic with no dependency beyond the standard library.
"""

from .cards import GOAL_CELLS, MINER, SABOTEUR, START_CELL
from .game import GOLD, MINERS, OVER, PLAY, SABOTEURS, Deal, Game, IllegalMove, RoundResult
from .moves import Move
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
    "Game",
    "IllegalMove",
    "Move",
    "Observation",
    "Options",
    "RecordError",
    "RoundResult",
    "dumps_record",
    "game_from_record",
    "game_to_record",
    "load_record",
    "public_observation",
    "save_record",
    "seat_observation",
    "table_observation",
]
