"""The web table's application: the HTTP API, the WebSocket and the client's pages."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from starlette.responses import Response
from starlette.types import ASGIApp

from ..i18n import requester_language
from ..i18n.validation import field_problem
from . import (
    accounts_api,
    api,
    history_api,
    lobby,
    notifications_api,
    pages,
    rematch,
    rules_api,
    sockets,
)
from .config import Settings
from .hub import Hub
from .log_masking import mask_tokens_in_logs
from .protocol import ApiError
from .rate_limit import RateLimit
from .security_headers import SecurityHeaders
from .store import Store
from .wire_json import JsonAnswer

log = logging.getLogger(__name__)


class SaboteurApp(FastAPI):
    """FastAPI with the security headers around everything it answers, its own
    error handler's 500s too (Starlette puts those outside any added middleware)."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())


def create_app(
    settings: Settings | None = None, *, clock: Callable[[], float] | None = None
) -> FastAPI:
    """The application; ``clock`` stands in for the wall clock and the rate
    limit's clock (tests), by default ``time.time`` and ``time.monotonic``."""
    settings = settings or Settings()
    mask_tokens_in_logs()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.database_url)
        hub = Hub(settings, store, clock or time.time)
        app.state.hub = hub
        await hub.start()
        expiry = None
        if settings.lobby_expiry > 0:
            expiry = asyncio.create_task(hub.expire_lobbies_regularly())
        try:
            yield
        finally:
            if expiry is not None:
                expiry.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await expiry
            await hub.stop()
            store.close()

    app = SaboteurApp(
        title="pysaboteur",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        default_response_class=JsonAnswer,
    )
    app.state.table_limit = RateLimit(
        settings.tables_per_client, settings.table_window, clock or time.monotonic
    )
    app.include_router(api.router)
    app.include_router(lobby.router)
    app.include_router(rematch.router)
    app.include_router(accounts_api.router)
    app.include_router(history_api.router)
    app.include_router(notifications_api.router)
    app.include_router(rules_api.router)
    app.include_router(sockets.router)
    app.include_router(pages.router)
    _add_error_handlers(app)
    return app


def _add_error_handlers(app: FastAPI) -> None:
    def refusal(request: Request, error: ApiError) -> JsonAnswer:
        # Said in the requester's language (its "lang" cookie, else Accept-Language).
        body = error.body(requester_language(request))
        return JsonAnswer(body, error.status, headers={**api.NO_STORE, **error.headers})

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JsonAnswer:
        return refusal(request, error)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JsonAnswer:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:])
        return refusal(request, ApiError("bad_request", field_problem(where, first)))

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JsonAnswer:
        code = "not_found" if error.status_code == 404 else "bad_request"
        response = refusal(request, ApiError(code, str(error.detail)))
        response.status_code = error.status_code
        return response

    @app.exception_handler(ClientDisconnect)
    async def gone(request: Request, _error: ClientDisconnect) -> Response:
        # The client's mistake (or its network's), not the server's: nothing to
        # answer, nothing changed (bodies are read whole before anything is done).
        client = request.client.host if request.client is not None else "a client"
        log.info("%s went away in the middle of its request %s", client, request.url.path)
        return Response(status_code=400)

    @app.exception_handler(Exception)
    async def crash(request: Request, error: Exception) -> JsonAnswer:
        log.exception("unexpected error", exc_info=error)
        # The server closes the connection after a crash's answer: saying so keeps a
        # client from sending its next request on it, to have it cut off.
        failed = ApiError(
            "server_error",
            "the server failed; the request changed nothing",
            headers={"Connection": "close"},
        )
        return refusal(request, failed)
