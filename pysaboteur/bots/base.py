"""The bot protocol and the registry that makes bots from their text spec."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..rules import Move, Observation


class Bot(Protocol):
    """Chooses a move for one seat from what that seat may know."""

    name: str

    def choose(self, observation: Observation, legal_moves: Sequence[Move]) -> Move:
        """One of ``legal_moves``; ``observation`` is the seat's own."""
        ...


BotFactory = Callable[[dict[str, str], int | None], Bot]
_REGISTRY: dict[str, BotFactory] = {}


def register(name: str, factory: BotFactory) -> None:
    _REGISTRY[name] = factory


def available_bots() -> list[str]:
    return sorted(_REGISTRY)


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from its spec: a name, then optional ``key=value`` settings after a colon.

    >>> make_bot("random", seed=1).name
    'random'
    """
    name, _, settings_text = spec.partition(":")
    if name not in _REGISTRY:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(available_bots())}")
    settings: dict[str, str] = {}
    for item in filter(None, settings_text.split(",")):
        key, equals, value = item.partition("=")
        if not equals or not key:
            raise ValueError(f"bot setting {item!r} should be key=value")
        settings[key] = value
    return _REGISTRY[name](settings, seed)
