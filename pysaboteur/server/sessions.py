"""Signed-in browsers: sessions kept in the database, named by an HTTP-only cookie.

The cookie holds 256 random bits; the database holds only their SHA-256
digest, so a copy of the database signs nobody in.  Every process reads the
same rows, so a session made through one is known to all, and one revoked
(signing out, "sign out everywhere", the account deleted) is gone for all at
once.  Signing in always makes a new session and drops the one the browser
came with: a session id planted in a browser beforehand (fixation) is never
the one that gets signed in.  The cookie is ``HttpOnly`` (no script reads it),
``SameSite=Strict`` (no other site's page sends it) and ``Secure`` whenever
the page came over HTTPS (behind nginx, as ``X-Forwarded-Proto`` says).
"""

from __future__ import annotations

import secrets

from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Engine
from starlette.requests import Request
from starlette.responses import Response

from .accounts import Account
from .accounts_tables import AccountRow, SessionRow
from .tokens import hash_token

COOKIE = "saboteur_session"
#: Seconds a session lasts from signing in.
LIFETIME = 30 * 24 * 3600.0


def session_cookie(request: Request) -> str | None:
    return request.cookies.get(COOKIE) or None


def set_cookie(request: Request, response: Response, session: str) -> None:
    response.set_cookie(
        COOKIE,
        session,
        max_age=int(LIFETIME),
        path="/",
        secure=request.url.scheme == "https",
        httponly=True,
        samesite="strict",
    )


def clear_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        COOKIE, path="/", secure=request.url.scheme == "https", httponly=True, samesite="strict"
    )


def open_session(engine: Engine, account_id: str, now: float, replaced: str | None) -> str:
    """A new session of ``account_id``, its cookie's value; the session ``replaced``
    (the one the browser came with, whoever's it was) ends."""
    session = secrets.token_urlsafe(32)
    with engine.begin() as db:
        if replaced is not None:
            db.execute(delete(SessionRow).where(SessionRow.digest == hash_token(replaced)))
        db.execute(
            insert(SessionRow).values(
                digest=hash_token(session), account_id=account_id, created_at=now
            )
        )
    return session


def account_of_session(engine: Engine, session: str, now: float) -> Account | None:
    """The account signed in by ``session``, if it is a live session."""
    with engine.connect() as db:
        row = db.execute(
            select(AccountRow.id, AccountRow.name)
            .join(SessionRow, SessionRow.account_id == AccountRow.id)
            .where(SessionRow.digest == hash_token(session), SessionRow.created_at > now - LIFETIME)
        ).first()
    return None if row is None else Account(row.id, row.name)


def close_session(engine: Engine, session: str) -> None:
    with engine.begin() as db:
        db.execute(delete(SessionRow).where(SessionRow.digest == hash_token(session)))


def close_every_session(engine: Engine, account_id: str) -> int:
    """Sign the account out everywhere; how many sessions ended."""
    with engine.begin() as db:
        result = db.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
        return int(result.rowcount)
