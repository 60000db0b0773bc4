"""Bots from outside the package: ``module:Class`` specs and the ``pysaboteur.bots``
entry-point group.

A bot spec is ``NAME[:key=value,...]``.  Outside bots are named two more ways:

- ``package.module:Factory[:key=value,...]``: imported wherever the bot is made
  (in each worker process or Ray task), so nothing has to be registered by hand;
- ``NAME`` of an entry point in the ``pysaboteur.bots`` group of an installed
  distribution (``[project.entry-points."pysaboteur.bots"] mybot = "pkg.mod:MyBot"``).

Either way the object named is a *factory*: called as ``factory(settings, seed)``
with the spec's settings (text values) and the seat's seed, it returns a bot (an
object with ``name`` and ``choose(observation, legal_moves)``).  A class whose
``__init__`` takes ``(settings, seed)`` is such a factory.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from functools import cache
from importlib.metadata import entry_points
from typing import Any

GROUP = "pysaboteur.bots"

Factory = Callable[[dict[str, str], "int | None"], Any]


def resolve(spec: str, registry: dict[str, Factory]) -> tuple[str, Factory | None, str]:
    """The bot's name, its factory (None if there is none) and its settings text.

    A name registered in this process, or of an entry point, comes first (so that
    ``ismcts:iterations`` is a setting gone wrong, not a module); else the spec
    may name an outside ``module:Class``.
    """
    head, _, rest = spec.partition(":")
    factory = registry.get(head) or outside_factory(head)
    if factory is not None:
        return head, factory, rest
    name, settings = split_spec(spec)
    return name, (outside_factory(name) if ":" in name else None), settings


def split_spec(spec: str) -> tuple[str, str]:
    """The bot's name and its settings text, read as an outside bot's.

    The name of an outside bot holds one colon (``module:Class``): the part after
    the first colon is the class when it is a dotted identifier with no ``=``.

    >>> split_spec("ismcts:iterations=50")
    ('ismcts', 'iterations=50')
    >>> split_spec("my_bots.strong:StrongBot:depth=2")
    ('my_bots.strong:StrongBot', 'depth=2')
    >>> split_spec("my_bots:Plain")
    ('my_bots:Plain', '')
    """
    name, colon, rest = spec.partition(":")
    if not colon:
        return name, ""
    attribute, _, settings = rest.partition(":")
    if attribute and "=" not in attribute and all(p.isidentifier() for p in attribute.split(".")):
        return f"{name}:{attribute}", settings
    return name, rest


def entry_point_names() -> list[str]:
    return sorted({point.name for point in entry_points(group=GROUP)})


@cache  # a bot is made for every seat of every round: import and scan once
def outside_factory(name: str) -> Factory | None:
    """The factory ``name`` points to (``module:Attr`` or an entry point), or None."""
    if ":" in name:
        module_name, _, attribute = name.partition(":")
        try:
            found: Any = importlib.import_module(module_name)
        except ImportError as error:
            raise ValueError(f"bot {name!r}: cannot import {module_name} ({error})") from None
        for part in attribute.split("."):
            found = getattr(found, part, None)
            if found is None:
                raise ValueError(f"bot {name!r}: {module_name} has no {attribute}")
        return _checked(name, found)
    for point in entry_points(group=GROUP, name=name):
        return _checked(name, point.load())
    return None


def _checked(name: str, found: Any) -> Factory:
    if not callable(found):
        raise ValueError(f"bot {name!r} is not a factory (a callable taking settings, seed)")
    return found  # type: ignore[no-any-return]


def bot_parameters(bot: object) -> dict[str, Any]:
    """Every parameter of a made bot, defaults included, for a run's record.

    A bot that knows its parameters says so with ``parameters()``; otherwise they
    are read from its ``__init__`` (each keyword's value on the bot, if it keeps
    one under that name, else its default).
    """
    own = getattr(bot, "parameters", None)
    if callable(own):
        return dict(own())
    found: dict[str, Any] = {}
    for parameter in inspect.signature(type(bot).__init__).parameters.values():
        if parameter.name in ("self", "seed") or parameter.kind in (
            parameter.VAR_POSITIONAL,
            parameter.VAR_KEYWORD,
        ):
            continue
        value = getattr(bot, parameter.name, parameter.default)
        if value is inspect.Parameter.empty:
            continue
        found[parameter.name] = value if _plain(value) else repr(value)
    return found


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str)
