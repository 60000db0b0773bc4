"""Open tables: the ones their hosts list on the lobby page, for anyone to join or watch.

A host lists a table when making it (``"listed": true``) or with the switch of
its lobby (``POST /api/tables/{id}/listed``) until the game starts.  The lobby
(``GET /api/lobby``) reads the listed tables in their lobby or in play from the
database, so that it shows every process's tables, and keeps what it read for
:data:`FRESH_FOR` seconds: however many pages ask, the database is asked once
a second at most.  It says only what the table's join page says to anyone
with the link: the edition, the seats, the names taken and how many are free,
the host's language, the clock; never a token, a seed nor anything of a game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from sqlalchemy import select

from .api import answer, bearer, hub_of, read_body, same_origin
from .protocol import ApiError, ListedChoice
from .store import HUMAN, LOBBY, OPEN, PLAYING, Change, SeatRow, Store, TableRow
from .table import HOST, Table

router = APIRouter(prefix="/api", dependencies=[Depends(same_origin)])
#: Seconds the lobby's list is kept before the database is read again.
FRESH_FOR = 1.0
#: The most tables the lobby lists (the newest first).
MOST_LISTED = 200

Entry = dict[str, Any]


def open_tables(store: Store, most: int = MOST_LISTED) -> list[Entry]:
    """The listed tables in their lobby or in play, the newest first."""
    with store.engine.connect() as db:
        tables = db.execute(
            select(
                TableRow.id,
                TableRow.status,
                TableRow.edition,
                TableRow.players,
                TableRow.language,
                TableRow.clock,
                TableRow.spectators,
            )
            .where(TableRow.listed.is_(True), TableRow.status.in_([LOBBY, PLAYING]))
            .order_by(TableRow.created_at.desc(), TableRow.id)
            .limit(most)
        ).all()
        ids = [row.id for row in tables]
        seats = db.execute(
            select(SeatRow.table_id, SeatRow.kind, SeatRow.name)
            .where(SeatRow.table_id.in_(ids))
            .order_by(SeatRow.table_id, SeatRow.seat)
        ).all()
    names: dict[str, list[str]] = {table_id: [] for table_id in ids}
    free: dict[str, int] = dict.fromkeys(ids, 0)
    for seat in seats:
        if seat.kind == OPEN:
            free[seat.table_id] += 1
        elif seat.kind == HUMAN and seat.name is not None:
            names[seat.table_id].append(seat.name)
    return [
        {
            "table": row.id,
            "status": row.status,
            "edition": row.edition,
            "players": row.players,
            # Seats nobody holds: none once the game is on (bots took them).
            "free": free[row.id] if row.status == LOBBY else 0,
            "names": names[row.id],
            "language": row.language,
            "clock": row.clock,
            "spectators": row.spectators,
        }
        for row in tables
    ]


@dataclass
class LobbyList:
    """The lobby's list, read again once it is older than :data:`FRESH_FOR`."""

    store: Store
    clock: Callable[[], float] = time.monotonic
    _read_at: float = field(default=-FRESH_FOR)
    _entries: list[Entry] = field(default_factory=list)

    async def entries(self) -> list[Entry]:
        now = self.clock()
        if now - self._read_at >= FRESH_FOR:
            self._entries = await self.store.read(open_tables, self.store)
            self._read_at = now
        return self._entries


async def set_listed(table: Table, seat: int, listed: bool) -> None:
    """The host lists the table on the lobby page, or takes it off, before the start."""
    if seat != HOST:
        raise ApiError("not_host", "only the host (seat 0) may list the table")

    def decide() -> Change | None:
        table.check_in_lobby()
        return None if table.listed == listed else {"kind": "listed", "listed": listed}

    await table.commit(decide)


@router.get("/lobby")
async def lobby(request: Request) -> JSONResponse:
    """``{"tables": [...]}``: the open tables, as :func:`open_tables` says them."""
    state = request.app.state
    listing = getattr(state, "lobby_list", None)
    if listing is None:
        listing = state.lobby_list = LobbyList(hub_of(request).store)
    return answer({"tables": await listing.entries()})


@router.post("/tables/{table_id}/listed")
async def list_table(request: Request, table_id: str) -> JSONResponse:
    """The host's switch (body ``{"listed": bool}``); the table's facts after it."""
    live = await hub_of(request).get(table_id)
    seat = await live.table.identify(bearer(request))
    choice = await read_body(request, ListedChoice)
    await set_listed(live.table, seat, choice.listed)
    return answer(live.views.facts())
