"""The WebSocket of docs/web-protocol.md: a hello, then views out and moves in.

The first message says who is watching (a seat's token, or nobody: a
spectator); a bad hello gets an error and the socket is closed.  After that,
every refused message gets an ``error`` and changes nothing, and the socket
stays open.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from ..i18n import requester_language
from .connections import Connection
from .hub import Hub, LiveTable
from .origins import check_origin
from .protocol import (
    CLOSE_CODES,
    ApiError,
    BackMessage,
    ClaimMessage,
    ClientMessage,
    HandToBotMessage,
    Hello,
    MoveMessage,
    PingMessage,
    RemoveMessage,
    SayMessage,
    SpectatorsTalkMessage,
    StartMessage,
    error_message,
    parse_message,
)
from .talk import Speaker
from .wire_json import dumps

router = APIRouter()
PONG = dumps({"type": "pong"})


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    hub: Hub = websocket.app.state.hub
    await websocket.accept()
    try:
        live, seat = await _hello(websocket, hub, table_id)
    except ApiError as error:
        with contextlib.suppress(Exception):
            await websocket.send_text(error_message(error, requester_language(websocket)))
            await websocket.close(CLOSE_CODES.get(error.code, 4400))
        return
    except (WebSocketDisconnect, TimeoutError):
        with contextlib.suppress(Exception):
            await websocket.close(4408)
        return
    connection = Connection(websocket, seat, hub.settings.max_queue)
    connection.start()
    connection.push(dumps({"type": "welcome", "seat": seat}))
    hub.attach(live, connection)
    if seat is not None:
        with contextlib.suppress(ApiError):  # a failed write is logged; `back` may retry
            await live.table.back(seat)  # returning gives the seat back from a bot at once
    # A spectator's talk is rate-limited by its address (talk.py).
    address = websocket.client.host if websocket.client is not None else "unknown"
    try:
        while True:
            data = _data(await websocket.receive())
            if data is None or connection not in live.table.connections:
                break  # closed, or its seat removed by the host (it was told why)
            try:
                message = parse_message(data, hub.settings.max_message)
                reply = await _handle(live, seat, message, address, requester_language(websocket))
            except ApiError as error:
                reply = error_message(error, requester_language(websocket))
            if reply is not None:
                connection.push(reply)
    except (WebSocketDisconnect, RuntimeError):
        pass  # the client went away
    finally:
        hub.detach(live, connection)
        await connection.stop()


def _data(message: Mapping[str, Any]) -> str | bytes | None:
    """A received message's text or bytes; None once the socket is closed."""
    if message["type"] == "websocket.disconnect":
        return None
    text: str | None = message.get("text")
    return text if text is not None else bytes(message.get("bytes") or b"")


async def _hello(websocket: WebSocket, hub: Hub, table_id: str) -> tuple[LiveTable, int | None]:
    """Who is at the other end: ``(table, seat)``, seat None for a spectator.  A page
    of another site is refused before anything it sends is read."""
    check_origin(websocket.headers, websocket.url.scheme)
    async with asyncio.timeout(hub.settings.hello_timeout):
        data = _data(await websocket.receive())
    if data is None:
        raise WebSocketDisconnect()
    hello = parse_message(data, hub.settings.max_message)
    if not isinstance(hello, Hello):
        raise ApiError("bad_request", 'the first message must be {"type": "hello", ...}')
    live = await hub.get(table_id)
    if hello.token is not None:
        return live, await live.table.identify(hello.token)
    if not live.table.spectators:
        raise ApiError("no_spectators", "this table does not allow spectators")
    return live, None


async def _handle(
    live: LiveTable, seat: int | None, message: ClientMessage, address: str = "", lang: str = "en"
) -> str | None:
    """Act on one message; the direct reply to this socket, if any (views go to all).
    ``lang`` is the socket's language (the bots' names at the start are in the host's)."""
    if isinstance(message, PingMessage):
        return PONG
    if isinstance(message, Hello):
        raise ApiError("bad_request", "this socket has already said hello")
    if isinstance(message, SayMessage | ClaimMessage):
        await live.table.say(Speaker(seat, address), message)  # spectators too
        return None
    if seat is None:
        raise ApiError("no_token", "spectators cannot act: join the table for a seat")
    table = live.table
    if isinstance(message, MoveMessage):
        await table.play(seat, message.move, message.expect)
    elif isinstance(message, StartMessage):
        await table.start(seat, lang)
    elif isinstance(message, RemoveMessage):
        await table.remove(seat, message.seat)
    elif isinstance(message, HandToBotMessage):
        await table.hand_to_bot(seat, message.seat)
    elif isinstance(message, SpectatorsTalkMessage):
        await table.set_spectators_talk(seat, message.allowed)
    elif isinstance(message, BackMessage) and not await table.back(seat):
        return live.views.text(seat)  # was not away: say so with the view as it is
    return None
