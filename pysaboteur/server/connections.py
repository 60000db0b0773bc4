"""One open WebSocket: who is watching through it, and its own queue of messages.

Each socket has its own queue and writer task, so a slow client only ever
delays itself.  A client that falls :attr:`limit` messages behind is closed
at once (it reconnects and gets the current view) rather than holding memory.
"""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket

from .protocol import CLOSE_TOO_SLOW


class Connection:
    def __init__(self, websocket: WebSocket, seat: int | None, limit: int) -> None:
        self.websocket = websocket
        self.seat = seat  # None for a spectator
        self.limit = limit
        self._queue: asyncio.Queue[str | int] = asyncio.Queue()
        self._closing = False
        self._writer: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._writer = asyncio.create_task(self._write())

    def push(self, text: str) -> None:
        """Queue a message; never waits."""
        if self._closing:
            return
        if self._queue.qsize() >= self.limit:
            # Too far behind: drop what waits and close; the client reconnects.
            while not self._queue.empty():
                self._queue.get_nowait()
            self.close(CLOSE_TOO_SLOW)
            return
        self._queue.put_nowait(text)

    def close(self, code: int) -> None:
        """Close the socket after the messages already queued."""
        if not self._closing:
            self._closing = True
            self._queue.put_nowait(code)

    async def stop(self) -> None:
        """Stop writing (the socket is gone)."""
        self._closing = True
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer

    async def _write(self) -> None:
        try:
            while True:
                item = await self._queue.get()
                if isinstance(item, int):
                    await self.websocket.close(item)
                    return
                await self.websocket.send_text(item)
        except Exception:
            # Any failure to send means the client is gone: the reader sees the
            # disconnect and cleans up.
            return
