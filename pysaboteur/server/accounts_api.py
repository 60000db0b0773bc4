"""The HTTP API of accounts: sign up, sign in and out, delete; claim a seat, and
take an account's seat to another device.

Every answer about an account is the signed-in account's own: no request names
another account, so none can read or act for one (docs/server.md, "Accounts").
"""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import Field, field_validator

from .accounts import (
    LONGEST_PASSWORD,
    SHORTEST_PASSWORD,
    Account,
    create_account,
    delete_account,
    find_account,
    hash_password,
    password_hash_of,
    password_matches,
)
from .api import _duration as duration
from .api import answer, bearer, client_of, hub_of, read_body, same_origin
from .history import claim_seat, seat_of_account
from .hub import Hub
from .protocol import ApiError, Strict, _check_name
from .sessions import (
    clear_cookie,
    close_every_session,
    close_session,
    open_session,
    session_cookie,
    set_cookie,
)
from .sessions_limit import LoginLimit
from .sessions_requests import account_of, signed_in
from .store import OVER

router = APIRouter(prefix="/api", dependencies=[Depends(same_origin)])


class Credentials(Strict):
    name: str
    password: str = Field(max_length=LONGEST_PASSWORD)

    _name = field_validator("name")(_check_name)


class NewAccount(Credentials):
    password: str = Field(min_length=SHORTEST_PASSWORD, max_length=LONGEST_PASSWORD)


class Password(Strict):
    password: str = Field(max_length=LONGEST_PASSWORD)


def _account_answer(account: Account | None, status: int = 200) -> JSONResponse:
    body = None if account is None else {"id": account.id, "name": account.name}
    return answer({"account": body}, status)


def _signed_out(request: Request, **said: int) -> JSONResponse:
    """``{"account": null, ...said}``, the browser's session cookie taken back."""
    response = answer({"account": None, **said})
    clear_cookie(request, response)
    return response


async def _sign_in(request: Request, account: Account, status: int) -> JSONResponse:
    hub = hub_of(request)
    session = await hub.store.run(
        open_session, hub.store.engine, account.id, hub.wall_clock(), session_cookie(request)
    )
    response = _account_answer(account, status)
    set_cookie(request, response, session)
    return response


@router.post("/accounts")
async def sign_up(request: Request) -> JSONResponse:
    body = await read_body(request, NewAccount)
    hub = hub_of(request)
    password_hash = await asyncio.to_thread(hash_password, body.password)
    account = await hub.store.run(
        create_account, hub.store.engine, body.name, password_hash, hub.wall_clock()
    )
    return await _sign_in(request, account, 201)


def login_limit(hub: Hub) -> LoginLimit:
    settings = hub.settings
    return LoginLimit(
        settings.login_failures_per_account,
        settings.login_failures_per_address,
        settings.login_window,
    )


@router.post("/session")
async def sign_in(request: Request) -> JSONResponse:
    body = await read_body(request, Credentials)
    hub = hub_of(request)
    engine, limit, address = hub.store.engine, login_limit(hub), client_of(request)
    wait = await hub.store.read(limit.wait, engine, body.name, address, hub.wall_clock())
    if wait is not None:
        seconds = max(1, int(wait + 0.999))
        raise ApiError(
            "rate_limited",
            "too many wrong passwords; try again in {wait}",
            headers={"Retry-After": str(seconds)},
            wait=duration(seconds),
        )
    found = await hub.store.read(find_account, engine, body.name)
    password_hash = None if found is None else found[1]
    if found is None or not await asyncio.to_thread(password_matches, password_hash, body.password):
        await hub.store.run(limit.failed, engine, body.name, address, hub.wall_clock())
        raise ApiError("bad_login", "no account has this name and password")
    await hub.store.run(limit.succeeded, engine, body.name)
    return await _sign_in(request, found[0], 200)


@router.get("/session")
async def who_am_i(request: Request) -> JSONResponse:
    return _account_answer(await account_of(request))


@router.delete("/session")
async def sign_out(request: Request) -> JSONResponse:
    session = session_cookie(request)
    hub = hub_of(request)
    if session is not None:
        await hub.store.run(close_session, hub.store.engine, session)
    return _signed_out(request)


@router.delete("/sessions")
async def sign_out_everywhere(request: Request) -> JSONResponse:
    account = await signed_in(request)
    hub = hub_of(request)
    ended = await hub.store.run(close_every_session, hub.store.engine, account.id)
    return _signed_out(request, sessions_ended=ended)


@router.post("/account/delete")
async def delete(request: Request) -> JSONResponse:
    """Delete the signed-in account and all it owns; its password asked again."""
    account = await signed_in(request)
    body = await read_body(request, Password)
    hub = hub_of(request)
    password_hash = await hub.store.read(password_hash_of, hub.store.engine, account.id)
    if not await asyncio.to_thread(password_matches, password_hash, body.password):
        raise ApiError("bad_login", "that is not your account's password")
    await hub.store.run(delete_account, hub.store.engine, account.id)
    return _signed_out(request)


@router.post("/tables/{table_id}/claim")
async def claim(request: Request, table_id: str) -> JSONResponse:
    """The signed-in account claims the seat of the request's token, after the game."""
    account = await signed_in(request)
    hub = hub_of(request)
    live = await hub.get(table_id)
    seat = await live.table.identify(bearer(request))
    if live.table.status != OVER:
        raise ApiError("not_over", "a seat is claimed once the game is over")
    await hub.store.run(claim_seat, hub.store.engine, table_id, seat, account.id)
    return answer({"table": table_id, "seat": seat, "account": account.id})


@router.get("/tables/{table_id}/my_seat")
async def my_seat(request: Request, table_id: str) -> JSONResponse:
    """``{"seat": k | null}``: the signed-in account's seat at the table, if it has one
    a person still sits in (so that a page without its token can take it back)."""
    account = await signed_in(request)
    hub = hub_of(request)
    live = await hub.get(table_id)
    seat = await hub.store.read(seat_of_account, hub.store.engine, table_id, account.id)
    if seat is not None and not live.table.held_by_a_person(seat):
        seat = None
    return answer({"seat": seat})


@router.post("/tables/{table_id}/take_seat")
async def take_seat_here(request: Request, table_id: str) -> JSONResponse:
    """The signed-in account takes its seat to this device (a link followed from an
    e-mail, another browser): ``{"table", "seat", "token"}``, a new token for the
    seat; the page that had it is told and stops acting for it."""
    account = await signed_in(request)
    hub = hub_of(request)
    live = await hub.get(table_id)
    seat = await hub.store.read(seat_of_account, hub.store.engine, table_id, account.id)
    if seat is None:
        raise ApiError("no_owned_seat", "your account has no seat at this table")
    token = await live.table.hand_over(seat)
    return answer({"table": table_id, "seat": seat, "token": token})
