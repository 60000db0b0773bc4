"""The editions of Saboteur the engine plays, found by name with :func:`find_edition`."""

from .base import BaseGame
from .duel import Duel
from .edition import EDITIONS, Deal, Edition, find_edition
from .saboteur2 import Saboteur2

__all__ = ["EDITIONS", "BaseGame", "Deal", "Duel", "Edition", "Saboteur2", "find_edition"]
