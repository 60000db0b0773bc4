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
    """The package's bots, those registered by hand and the installed entry points."""
    from .plugins import entry_point_names

    return sorted({*_REGISTRY, *entry_point_names()})


def registered_factories() -> dict[str, BotFactory]:
    """Every bot registered in this process, to register again in another (a Ray
    worker imports the package afresh and knows only its own bots)."""
    return dict(_REGISTRY)


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """A bot from its spec: a name, then optional ``key=value`` settings after a colon.

    The name may also be an outside bot's ``module:Class`` or an entry point of the
    ``pysaboteur.bots`` group (:mod:`.plugins`).

    >>> make_bot("random", seed=1).name
    'random'
    """
    from .plugins import resolve

    name, factory, settings_text = resolve(spec, _REGISTRY)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(available_bots())}")
    settings: dict[str, str] = {}
    for item in filter(None, settings_text.split(",")):
        key, equals, value = item.partition("=")
        if not equals or not key:
            raise ValueError(f"bot setting {item!r} should be key=value")
        settings[key] = value
    bot: Bot = factory(settings, seed)
    return bot
