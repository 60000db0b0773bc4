"""The HTTP API of an account's your-turn settings (``notifications.py``).

Only the signed-in account reads or changes its own: no request names another
account, and no other answer of the server carries an e-mail address.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from ..i18n import requester_language
from .api import answer, hub_of, read_body, same_origin
from .notifications import (
    LONGEST_EMAIL,
    NotificationSettings,
    checked_email,
    checked_language,
    choose,
    settings_of,
)
from .protocol import ApiError, Strict
from .sessions_requests import signed_in

router = APIRouter(prefix="/api", dependencies=[Depends(same_origin)])


class NotificationChoice(Strict):
    #: "(Your turn)" in the page's title while it is the person's turn.
    title: bool = True
    #: The browser's notification (the page asks the browser's permission itself).
    browser: bool = False
    #: The address e-mails go to; null or empty: none.
    email: str | None = Field(None, max_length=LONGEST_EMAIL + 64)
    #: E-mail me when it is my turn at a turn-based table.
    email_turns: bool = False


def _answer(chosen: NotificationSettings, email_available: bool) -> JSONResponse:
    body: dict[str, Any] = {"settings": chosen.to_dict(), "email_available": email_available}
    return answer(body)


@router.get("/account/notifications")
async def my_notifications(request: Request) -> JSONResponse:
    """The signed-in account's settings, and whether this server sends e-mail at all."""
    account = await signed_in(request)
    hub = hub_of(request)
    chosen = await hub.store.read(settings_of, hub.store.engine, account.id)
    return _answer(chosen, hub.mails.enabled)


@router.post("/account/notifications")
async def choose_notifications(request: Request) -> JSONResponse:
    """Keep the account's choice; its e-mails are written in the request's language."""
    account = await signed_in(request)
    body = await read_body(request, NotificationChoice)
    hub = hub_of(request)
    email = checked_email(body.email)
    if body.email_turns and email is None:
        raise ApiError("bad_request", "email: give the address to send the e-mails to")
    if body.email_turns and not hub.mails.enabled:
        raise ApiError("bad_request", "email_turns: this server sends no e-mail")
    chosen = NotificationSettings(
        title=body.title,
        browser=body.browser,
        email=email,
        email_turns=body.email_turns,
        language=checked_language(requester_language(request)),
    )
    await hub.store.run(choose, hub.store.engine, account.id, chosen)
    return _answer(chosen, hub.mails.enabled)
