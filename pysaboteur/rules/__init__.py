"""The rules of Saboteur, in three editions (the base game, Saboteur 2 and
Saboteur: The Duel): the game, its moves, observations and records
(docs/engine.md; the rules themselves in docs/rules.md, docs/rules-saboteur2.md
and docs/rules-duel.md).

Pure logic with no dependency beyond the standard library.
"""

from .cards import GOAL_CELLS, MINER, SABOTEUR, START_CELL
from .duel_deck import DeckError, DuelDeck, load_deck
from .duel_game import DuelGame
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
    "DeckError",
    "DuelDeck",
    "DuelGame",
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
    "load_deck",
    "load_record",
    "public_observation",
    "read_seen_move",
    "save_record",
    "seat_observation",
    "table_observation",
]
