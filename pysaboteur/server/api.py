"""The HTTP API of docs/web-protocol.md: tables, seats, moves, records, replays."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response

from ..i18n import requester_language
from ..rules import dumps_record, game_to_record
from ..rules.reasons import Reason
from .config import EDITIONS, MAX_CREATE
from .history import release_seat
from .hub import Hub, LiveTable
from .origins import check_origin
from .protocol import (
    ApiError,
    CreateTable,
    JoinTable,
    M,
    MakeMove,
    SeatChoice,
    check_size,
    parse_json,
    validate,
)
from .rate_limit import RateLimit
from .ratings import mark_unrated
from .reach import lan_address, reach, url_of
from .sessions_requests import take_if_signed_in
from .store import OVER
from .table import Table
from .wire_json import JsonAnswer

NO_STORE = {"Cache-Control": "no-store"}
#: Methods that change nothing, which any page may send.
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


def same_origin(request: Request) -> None:
    """Refuse a change sent by another site's page (``bad_origin``, origins.py)."""
    if request.method not in SAFE_METHODS:
        check_origin(request.headers, request.url.scheme)


router = APIRouter(prefix="/api", dependencies=[Depends(same_origin)])


def answer(data: Any, status: int = 200) -> JsonAnswer:
    return JsonAnswer(data, status, headers=NO_STORE)


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def read_body(request: Request, model: type[M], limit: int | None = None) -> M:
    """The request's JSON body as ``model``; refused beyond the size limit (the
    server's ``max_message`` unless ``limit`` says more), unread."""
    # Only JSON: a form or text/plain body is what another site's page can send
    # without the browser asking first (CORS), so it is refused unread.
    media_type = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media_type != "application/json":
        came = (
            Reason("this one came as {media_type}", media_type=media_type[:60])
            if media_type
            else Reason("this one had none")
        )
        raise ApiError(
            "bad_media_type",
            "the body must be JSON, sent with Content-Type: application/json ({came})",
            came=came,
        )
    limit = max(limit or 0, hub_of(request).settings.max_message)
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        raise ApiError(
            "too_large", "{size} bytes is over the limit of {limit}", size=length, limit=limit
        )
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            check_size(bytes(body), limit)  # raises too_large
    return validate(model, parse_json(bytes(body)))


def bearer(request: Request) -> str | None:
    """The token of ``Authorization: Bearer <token>``, if any."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


async def seat_of(request: Request, live: LiveTable) -> int:
    return await live.table.identify(bearer(request))


@router.get("/reach")
async def who_can_open_this_server(request: Request) -> JSONResponse:
    """``{"others": "http://192.168.1.5:8000" | null, "local_only": bool}``: the
    origin others open (null: the page's own), and whether nobody else can."""
    settings = hub_of(request).settings
    found = reach(settings.host, bool(settings.forwarded_allow_ips), lan_address())
    others = None if found.others is None else url_of(found.others, request.url.port)
    return answer({"others": others, "local_only": found.local_only})


@router.get("/bots")
async def offered_bots(request: Request) -> JSONResponse:
    settings = hub_of(request).settings
    # Where an edition is played by fewer bots (the Duel), which: the first is its default.
    editions = {edition: list(settings.bots_for(edition)) for edition in EDITIONS}
    return answer(
        {"bots": list(settings.bots), "default": settings.default_bot, "editions": editions}
    )


def client_of(request: Request) -> str:
    """The client's address: the connecting host, or what a trusted proxy says
    (uvicorn applies ``--forwarded-allow-ips`` before the request gets here)."""
    return request.client.host if request.client is not None else "unknown"


def take_new_table(request: Request) -> str:
    """Count a new table for the request's client, or refuse it (``rate_limited``)."""
    limit: RateLimit = request.app.state.table_limit
    client = client_of(request)
    wait = limit.take(client)
    if wait is not None:
        raise ApiError(
            "rate_limited",
            "too many new tables from your address ({count} in {window}); try again in {wait}",
            headers={"Retry-After": str(wait)},
            count=limit.limit,
            window=_duration(limit.window),
            wait=_duration(wait),
        )
    return client


def _duration(seconds: float) -> str:
    """``600`` -> "10 minutes", ``90`` -> "90 seconds", ``1`` -> "1 second"."""
    if seconds >= 120 and seconds % 60 == 0:
        minutes = seconds / 60
        return Reason.counted(
            "{amount} minute", "{amount} minutes", int(minutes), amount=f"{minutes:g}"
        )
    # A fraction of a second counts as many ("1.5 seconds"), as in English.
    count = int(seconds) if seconds == int(seconds) else 2
    return Reason.counted("{amount} second", "{amount} seconds", count, amount=f"{seconds:g}")


@router.post("/tables")
async def create_table(request: Request) -> JSONResponse:
    create = await read_body(request, CreateTable, MAX_CREATE)
    client = take_new_table(request)
    try:
        live, token = await hub_of(request).create(create, requester_language(request))
    except Exception:
        request.app.state.table_limit.give_back(client)  # refused or failed: no table made
        raise
    table_id = live.table.id
    seat = None if token is None else 0
    if not create.rated:
        await live.table.store.run(mark_unrated, live.table.store.engine, table_id)
    await take_if_signed_in(request, table_id, seat)
    return answer(
        {"table": table_id, "seat": seat, "token": token, "invite": f"/t/{table_id}"}, 201
    )


@router.get("/tables/{table_id}")
async def table_facts(request: Request, table_id: str, after: int | None = None) -> JSONResponse:
    live = await hub_of(request).get(table_id)
    await live.table.at_least(after)
    return answer(live.views.facts())


@router.post("/tables/{table_id}/join")
async def join_table(request: Request, table_id: str) -> JSONResponse:
    live = await hub_of(request).get(table_id)
    join = await read_body(request, JoinTable)
    seat, token = await live.table.join(join.name)
    await take_if_signed_in(request, table_id, seat)
    return answer({"table": table_id, "seat": seat, "token": token}, 201)


@router.post("/tables/{table_id}/start")
async def start_table(request: Request, table_id: str) -> JSONResponse:
    live = await hub_of(request).get(table_id)
    await live.table.start(await seat_of(request, live), requester_language(request))
    return answer(live.views.facts())


async def _on_a_seat(
    request: Request, table_id: str, act: Callable[[Table, int, int], Awaitable[None]]
) -> JSONResponse:
    """The requester (the table checks it is the host) acts on the seat of the body
    ``{"seat": k}``; the table's facts after it."""
    live = await hub_of(request).get(table_id)
    by = await seat_of(request, live)
    choice = await read_body(request, SeatChoice)
    await act(live.table, by, choice.seat)
    return answer(live.views.facts())


@router.post("/tables/{table_id}/remove")
async def remove_seat(request: Request, table_id: str) -> JSONResponse:
    """The host removes a person from the lobby (body ``{"seat": k}``): an account
    that had the seat has it no more."""

    async def remove(table: Table, by: int, seat: int) -> None:
        await table.remove(by, seat)
        hub = hub_of(request)
        await hub.store.run(release_seat, hub.store.engine, table_id, seat)

    return await _on_a_seat(request, table_id, remove)


@router.post("/tables/{table_id}/hand_to_bot")
async def hand_to_bot(request: Request, table_id: str) -> JSONResponse:
    """The host hands a person's seat to a bot until they are back (body ``{"seat": k}``)."""
    return await _on_a_seat(request, table_id, Table.hand_to_bot)


@router.get("/tables/{table_id}/view")
async def view(request: Request, table_id: str, after: int | None = None) -> JSONResponse:
    live = await hub_of(request).get(table_id)
    await live.table.at_least(after)
    token = bearer(request)
    if token is None:
        if not live.table.spectators:
            raise ApiError("no_spectators", "this table does not allow spectators")
        return answer(live.views.view(None))
    return answer(live.views.view(await live.table.identify(token)))


@router.post("/tables/{table_id}/moves")
async def make_move(request: Request, table_id: str) -> JSONResponse:
    live = await hub_of(request).get(table_id)
    seat = await seat_of(request, live)
    move = await read_body(request, MakeMove)
    await live.table.play(seat, move.move, move.expect)
    return answer(live.views.view(seat))


@router.post("/tables/{table_id}/back")
async def come_back(request: Request, table_id: str) -> JSONResponse:
    live = await hub_of(request).get(table_id)
    await live.table.back(await seat_of(request, live))
    return answer(live.views.facts())


@router.get("/tables/{table_id}/record")
async def record(request: Request, table_id: str) -> Response:
    live = await hub_of(request).get(table_id)
    game = live.table.game
    if live.table.status != OVER or game is None:
        raise ApiError("not_over", "the record is ready when the game is over")
    # The seed is never shown (docs/server.md): the record spells out every deal
    # and the gold deck, which replay the game without it.
    data = game_to_record(game)
    data.pop("seed", None)
    return Response(
        dumps_record(data),
        media_type="application/json",
        headers={
            **NO_STORE,
            "Content-Disposition": f'attachment; filename="saboteur-{table_id}.json"',
        },
    )


@router.get("/tables/{table_id}/talk")
async def talk(request: Request, table_id: str) -> JSONResponse:
    """Every talk line of the table, for whoever may watch it (anyone once it is over,
    as for its replay)."""
    live = await hub_of(request).get(table_id)
    token = bearer(request)
    if token is not None:
        await live.table.identify(token)
    elif live.table.status != OVER and not live.table.spectators:
        raise ApiError("no_spectators", "this table does not allow spectators")
    lines = live.table.talk.lines
    return answer({"lines": lines, "spectators_talk": live.table.talk.spectators_talk})


@router.get("/tables/{table_id}/replay/{n}")
async def replay(request: Request, table_id: str, n: int) -> JSONResponse:
    live = await hub_of(request).get(table_id)
    return answer(live.replay().position(n))
