"""Play again: a finished game's seats offered a new game at a new table.

Whoever sat at the finished game may propose the next one (``POST
/api/tables/{id}/rematch``): a new table with the same edition, seats and
options, dealt afresh when it starts, whose host (seat 0) is the proposer.  Every
other person of the finished game has a seat kept for them there, *invited*: it
holds their name and the digest of the token they already have, so accepting
needs no new join, and no stranger may take it meanwhile.  An invited seat is
nobody's until accepted (``Table.seat_of`` passes it by): it opens no socket and
sees nothing.  Declining opens it to anyone; a seat still invited when the host
starts is played by a bot, like an open one.

The finished table keeps a link to the next one (its ``rematch`` change:
``{"table": id, "by": seat}``), stored like every change, so every process and
every restart knows it, and every socket there — spectators' too — is told
where the next game is.  The new table names the one it follows (``rematch_of``).
"""

from __future__ import annotations

import hmac
import logging

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse

from .api import answer, bearer, hub_of, same_origin
from .hub import Hub, LiveTable
from .protocol import ApiError
from .store import HUMAN, INVITED, LOBBY, OPEN, OVER, Change, StoredSeat, StoredTable
from .table import HOST, Table
from .tokens import hash_token

log = logging.getLogger(__name__)
router = APIRouter(prefix="/api", dependencies=[Depends(same_origin)])


def next_table(old: Table, proposer: int, table_id: str, now: float) -> StoredTable:
    """The table of the next game: the proposer its host, the finished game's other
    people invited in their order, the seats bots played open."""
    people = [index for index, seat in enumerate(old.seats) if seat.kind == HUMAN]
    others = [index for index in people if index != proposer]
    seats = [StoredSeat(HOST, old.seats[proposer].name, HUMAN, old.seats[proposer].token_hash)]
    seats += [
        StoredSeat(new, old.seats[index].name, INVITED, old.seats[index].token_hash)
        for new, index in enumerate(others, start=1)
    ]
    seats += [StoredSeat(new, None, OPEN) for new in range(len(seats), old.players)]
    return StoredTable(
        id=table_id,
        created_at=now,
        status=LOBBY,
        players=old.players,
        edition=old.edition,
        options=old.options.to_dict(),
        bots=old.bots,
        spectators=old.spectators,
        spectators_talk=old.talk.spectators_talk,
        clock=old.clock,
        bot_pause=old.bot_pause,
        away_after=old.away_after,
        seats=seats,
        listed=old.listed,
        language=old.language,
        rematch_of=old.id,
    )


def not_invited_error() -> ApiError:
    return ApiError("not_invited", "this token was not invited to this table's game")


def invited_seat(table: Table, token: str | None) -> int | None:
    """The seat kept at ``table`` for the holder of ``token`` (still invited, or
    taken already: accepting twice is accepting once); None if there is none."""
    if not token:
        raise ApiError("no_token", "this needs your seat's token")
    digest = hash_token(token)
    for index, seat in enumerate(table.seats):
        if seat.kind not in (INVITED, HUMAN) or seat.token_hash is None:
            continue
        if hmac.compare_digest(digest, seat.token_hash):
            return index
    return None


async def propose(hub: Hub, live: LiveTable, seat: int) -> str:
    """``seat`` of the finished ``live`` table proposes the next game; its table's id
    (the one proposed already, if somebody was first)."""
    old = live.table
    if old.status != OVER:
        raise ApiError("not_over", "the game is still being played")
    if old.rematch is not None:
        return str(old.rematch["table"])
    stored = next_table(old, seat, await hub.free_id(), hub.wall_clock())
    fresh = await hub.add_stored(stored)

    def link() -> Change | None:
        if old.rematch is not None:
            return None  # somebody else's proposal, through another process, was first
        return {"kind": "rematch", "table": stored.id, "by": seat}

    try:
        linked = await old.commit(link)
    except ApiError:
        linked = None
        if old.rematch is None:
            await _close_unlinked(fresh)
            raise
    if linked is None:
        await _close_unlinked(fresh)
    assert old.rematch is not None
    return str(old.rematch["table"])


async def _close_unlinked(live: LiveTable) -> None:
    """A new table nobody will find (its link lost the race): closed at once."""
    try:
        await live.table.commit(lambda: {"kind": "expire"})
    except ApiError:
        log.warning("table %s, proposed but not linked, stays in its lobby", live.table.id)


async def answer_invitation(table: Table, token: str | None, accept: bool) -> int:
    """The invited person accepts (sits down again) or declines (their seat opens);
    their seat's number."""
    if invited_seat(table, token) is None:
        await table.catch_up()  # invited a moment ago through another process, perhaps
    found: list[int] = []

    def decide() -> Change | None:
        seat = invited_seat(table, token)
        if seat is None:
            raise not_invited_error()
        found[:] = [seat]
        if table.status != LOBBY:
            raise ApiError("already_started", "the game at this table has already started")
        if table.seats[seat].kind == HUMAN:
            if accept:
                return None  # accepted already
            raise not_invited_error()  # a seat taken is left as any seat: not by declining
        return {"kind": "accept" if accept else "decline", "seat": seat}

    await table.commit(decide)
    return found[0]


@router.post("/tables/{table_id}/rematch")
async def play_again(request: Request, table_id: str) -> JSONResponse:
    """``{"table": next id, "by": proposer}``: proposed now, or by somebody before."""
    hub = hub_of(request)
    live = await hub.get(table_id)
    seat = await live.table.identify(bearer(request))
    next_id = await propose(hub, live, seat)
    assert live.table.rematch is not None
    return answer({"table": next_id, "by": live.table.rematch["by"]}, 201)


@router.post("/tables/{table_id}/accept")
async def accept(request: Request, table_id: str) -> JSONResponse:
    """An invited person sits down again with the token they have: ``{"table", "seat"}``."""
    live = await hub_of(request).get(table_id)
    seat = await answer_invitation(live.table, bearer(request), accept=True)
    return answer({"table": table_id, "seat": seat})


@router.post("/tables/{table_id}/decline")
async def decline(request: Request, table_id: str) -> JSONResponse:
    """An invited person will not play: their seat opens to anyone."""
    live = await hub_of(request).get(table_id)
    seat = await answer_invitation(live.table, bearer(request), accept=False)
    return answer({"table": table_id, "seat": seat})
