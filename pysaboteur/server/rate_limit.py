"""A per-client rate limit, kept in memory: at most so many events in any window.

The server runs as one process per database, so one process sees every
request and the counts need no sharing.  Each client's events of the last
window are kept (a sliding window: no burst at a window's edge); clients
quiet for a whole window are forgotten.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable


class RateLimit:
    """At most ``limit`` events per client in any ``window`` seconds; 0 for no limit."""

    def __init__(
        self, limit: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._events: dict[str, deque[float]] = {}
        self._next_sweep = clock() + window

    @property
    def clients(self) -> int:
        """Clients remembered: those with an event in about the last two windows."""
        return len(self._events)

    def take(self, client: str) -> int | None:
        """Count an event of ``client`` if it is within the limit: None then; else
        it is not counted, and the answer is the whole seconds until it would be."""
        if self.limit <= 0:
            return None
        now = self.clock()
        self._sweep(now)
        events = self._events.setdefault(client, deque())
        while events and events[0] <= now - self.window:
            events.popleft()
        if len(events) >= self.limit:
            return max(1, math.ceil(events[0] + self.window - now))
        events.append(now)
        return None

    def give_back(self, client: str) -> None:
        """Uncount ``client``'s latest event (what it was for did not happen)."""
        events = self._events.get(client)
        if events:
            events.pop()

    def _sweep(self, now: float) -> None:
        """Forget the clients with no event in the last window, once a window:
        memory stays in proportion to the clients of the last two windows."""
        if now < self._next_sweep:
            return
        self._next_sweep = now + self.window
        quiet = [
            key
            for key, events in self._events.items()
            if not events or events[-1] <= now - self.window
        ]
        for key in quiet:
            del self._events[key]
