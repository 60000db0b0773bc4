"""Away seats: when a person offline for too long is played by a bot.

A person's seat is offline while no socket of its token is open.  A table's
``away_after`` (seconds, chosen by its host; ``None``: never) says how long a
seat may stay offline during the game before a bot plays it; the bot plays it
until the person returns (a socket of the seat says hello again, or sends
``back``).  Only the offline moments the server itself saw count: it keeps
them in memory, so after a restart every seat is offline from the restart.

This module is the policy (which seats, and when next); :class:`~.table.Table`
applies it under its lock, and the driver wakes at :func:`next_away_at`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .protocol import ApiError
from .store import HUMAN

if TYPE_CHECKING:
    from .table import Seat

#: The choices a host has: never, 30 s, 1 min, 2 min, 5 min.
AWAY_CHOICES: tuple[float | None, ...] = (None, 30.0, 60.0, 120.0, 300.0)
DEFAULT_AWAY_AFTER = 120.0


def check_away_after(value: float | None) -> float | None:
    """A new table's ``away_after``, one of :data:`AWAY_CHOICES`."""
    if value not in AWAY_CHOICES:
        offered = ", ".join("null" if each is None else f"{each:g}" for each in AWAY_CHOICES)
        raise ApiError(
            "bad_request",
            "away_after: one of {offered} (seconds), not {value!r}",
            offered=offered,
            value=value,
        )
    return None if value is None else float(value)


def _away_at(seat: Seat, away_after: float) -> float | None:
    """When a bot starts playing ``seat``, if it stays offline (None: it will not)."""
    if seat.kind != HUMAN or seat.away or seat.offline_since is None:
        return None
    return seat.offline_since + away_after


def offline_too_long(seats: Sequence[Seat], away_after: float | None, now: float) -> list[int]:
    """The people's seats offline for ``away_after`` seconds or more at ``now``,
    not yet played by a bot."""
    if away_after is None:
        return []
    due = []
    for index, seat in enumerate(seats):
        moment = _away_at(seat, away_after)
        if moment is not None and moment <= now:
            due.append(index)
    return due


def next_away_at(seats: Sequence[Seat], away_after: float | None) -> float | None:
    """The next moment a seat offline now will be played by a bot (None: no seat will)."""
    if away_after is None:
        return None
    moments = [m for m in (_away_at(seat, away_after) for seat in seats) if m is not None]
    return min(moments, default=None)
