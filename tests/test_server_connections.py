"""A socket's own queue: a slow client delays only itself, and is closed when it
falls too far behind."""

from __future__ import annotations

import asyncio
from typing import Any

from pysaboteur.server.connections import Connection
from pysaboteur.server.protocol import CLOSE_TOO_SLOW


class SlowSocket:
    """Stands for a WebSocket whose client reads only when told to."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None
        self.reading = asyncio.Event()

    async def send_text(self, text: str) -> None:
        await self.reading.wait()
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.closed = code


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def test_messages_go_out_in_order() -> None:
    async def scenario() -> SlowSocket:
        socket = SlowSocket()
        socket.reading.set()
        connection = Connection(socket, seat=None, limit=5)  # type: ignore[arg-type]
        connection.start()
        for number in range(12):
            connection.push(str(number))
            if number % 3 == 0:
                await asyncio.sleep(0)  # the writer keeps up
        connection.close(1000)
        await asyncio.sleep(0.01)
        await connection.stop()
        return socket

    socket = run(scenario())
    assert socket.sent == [str(number) for number in range(12)] and socket.closed == 1000


def test_a_client_too_far_behind_is_closed_and_costs_nothing_more() -> None:
    async def scenario() -> SlowSocket:
        socket = SlowSocket()  # not reading
        connection = Connection(socket, seat=None, limit=3)  # type: ignore[arg-type]
        connection.start()
        connection.push("0")
        for _ in range(3):
            await asyncio.sleep(0)  # the writer takes "0" and waits for the client
        for number in range(1, 10):
            connection.push(str(number))
        socket.reading.set()
        await asyncio.sleep(0.01)
        await connection.stop()
        return socket

    socket = run(scenario())
    # "0" was being sent when the client stopped reading; 1-3 waited; 4 overflowed.
    assert socket.sent == ["0"] and socket.closed == CLOSE_TOO_SLOW
