"""Players that are programs.

A bot sees only its seat's observation and that seat's legal moves, never the
game itself, and returns one of the legal moves.  Bots are made from a text
spec (``"random"``) so that every front end creates them the same way.
"""

from .base import Bot, available_bots, make_bot
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .process_bot import ProcessBot
from .random_bot import RandomBot

__all__ = [
    "Bot",
    "HeuristicBot",
    "IsmctsBot",
    "ProcessBot",
    "RandomBot",
    "available_bots",
    "make_bot",
]
