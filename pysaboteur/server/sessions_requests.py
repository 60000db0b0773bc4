"""Who a request comes from: the account its session cookie signs in, if any."""

from __future__ import annotations

from starlette.requests import Request

from .accounts import Account
from .history import take_seat
from .hub import Hub
from .protocol import ApiError
from .sessions import account_of_session, session_cookie


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def account_of(request: Request) -> Account | None:
    """The account the request's session cookie signs in, if any."""
    session = session_cookie(request)
    if session is None:
        return None
    hub = _hub(request)
    return await hub.store.read(account_of_session, hub.store.engine, session, hub.wall_clock())


async def signed_in(request: Request) -> Account:
    account = await account_of(request)
    if account is None:
        raise ApiError("not_signed_in", "sign in to your account first")
    return account


async def take_if_signed_in(request: Request, table_id: str, seat: int | None) -> None:
    """The seat just taken is the account's, if someone signed in took it."""
    if seat is None:
        return
    account = await account_of(request)
    if account is not None:
        hub = _hub(request)
        await hub.store.run(take_seat, hub.store.engine, table_id, seat, account.id)
