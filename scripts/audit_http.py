"""HTTP to the audited server that survives a dropped keep-alive connection, and
moves made idempotent by their ``expect`` version.

A client that reuses a kept-alive connection can send a request just as the
server closes that connection for being idle (``timeout_keep_alive``, 5 s):
the request fails with ``httpx.ReadError`` or ``RemoteProtocolError`` though
the server did nothing wrong.  So requests that may be sent twice (every
``GET``, a table's start, a move with ``expect``) are sent again, on a
connection of their own; those that must not (a new table, a join) go on a
fresh connection from the start, which nothing idle can have closed.  Any
other failure is a :class:`HttpFailed`: the audit reports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx

Json = Any
#: Transport failures of a request on a connection the server may have closed.
DROPPED = (httpx.ReadError, httpx.WriteError, httpx.RemoteProtocolError, httpx.ConnectError)
#: Seconds an idle pooled connection is kept: well under the server's keep-alive
#: (5 s), so that the pool seldom offers one the server is closing.
POOL_IDLE = 2.0


class HttpFailed(Exception):
    """A request the server did not answer as it should (the audit's finding)."""


def refusal_code(response: httpx.Response) -> str | None:
    """The ``error.code`` of a refusal (docs/web-protocol.md), if the body has one."""
    try:
        body = response.json()
    except ValueError:
        return None
    error = body.get("error") if isinstance(body, dict) else None
    return error.get("code") if isinstance(error, dict) else None


def answered(response: httpx.Response) -> Json:
    """The JSON body of a success (``200``, ``201``); :class:`HttpFailed` with the
    refusal otherwise."""
    if not response.is_success:
        request = response.request
        raise HttpFailed(
            f"{request.method} {request.url.path} answered {response.status_code}: "
            f"{response.text[:200]}"
        )
    return response.json()


class AuditHttp:
    """The audit's HTTP client of one server (use ``async with``).

    ``attempts``: how many times an idempotent request is sent in all;
    ``transport``: for tests, what answers instead of the network.
    """

    def __init__(
        self,
        base_url: str,
        timeout: float = 60.0,
        attempts: int = 3,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self.base_url = base_url
        self.timeout = timeout
        self.attempts = attempts
        self.transport = transport
        self.pool = self._client(httpx.Limits(keepalive_expiry=POOL_IDLE))
        #: Requests sent again after a dropped connection (a figure of the run).
        self.resent = 0

    def _client(self, limits: httpx.Limits) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            base_url=self.base_url, timeout=self.timeout, limits=limits, transport=self.transport
        )

    async def __aenter__(self) -> AuditHttp:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.pool.aclose()

    async def _fresh(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """One request on a connection of its own, closed after it."""
        async with self._client(httpx.Limits(max_keepalive_connections=0)) as client:
            return await client.request(method, path, **kwargs)

    async def request(
        self, method: str, path: str, *, idempotent: bool, **kwargs: Any
    ) -> tuple[httpx.Response, int]:
        """The response and how many times the request was sent."""
        if not idempotent:
            try:
                return await self._fresh(method, path, **kwargs), 1
            except httpx.HTTPError as error:
                raise HttpFailed(f"{method} {path}: {error!r}") from error
        send: Callable[..., Any] = self.pool.request
        for attempt in range(1, self.attempts + 1):
            try:
                return await send(method, path, **kwargs), attempt
            except DROPPED as error:
                if attempt == self.attempts:
                    raise HttpFailed(f"{method} {path}: {error!r}, {attempt} times") from error
                self.resent += 1
                send = self._fresh
            except httpx.HTTPError as error:
                raise HttpFailed(f"{method} {path}: {error!r}") from error
        raise AssertionError("unreachable")  # pragma: no cover

    async def get(self, path: str, headers: dict[str, str] | None = None) -> httpx.Response:
        response, _ = await self.request("GET", path, idempotent=True, headers=headers)
        return response

    async def post_once(
        self, path: str, body: Json, headers: dict[str, str] | None = None
    ) -> httpx.Response:
        """A ``POST`` that must not be sent twice (a new table, a join)."""
        response, _ = await self.request("POST", path, idempotent=False, json=body, headers=headers)
        return response

    async def start(self, table: str, token: str) -> None:
        """Start ``table`` (a start sent again finds it started: ``already_started``)."""
        path = f"/api/tables/{table}/start"
        response, sent = await self.request("POST", path, idempotent=True, headers=bearer(token))
        if not (sent > 1 and refusal_code(response) == "already_started"):
            answered(response)

    async def move(self, table: str, token: str, move: str, expect: int) -> Json:
        """Play ``move``, chosen at version ``expect``; the seat's view after it.

        The move is idempotent by its ``expect``: sent again after a dropped
        connection, it is refused ``stale`` (``game_over`` if it ended the game)
        when the first one was accepted, and then the seat's own history must
        show it as the move after ``expect``.
        """
        path = f"/api/tables/{table}/moves"
        body = {"move": move, "expect": expect}
        response, sent = await self.request(
            "POST", path, idempotent=True, json=body, headers=bearer(token)
        )
        if sent > 1 and refusal_code(response) in ("stale", "game_over"):
            view = answered(await self.get(f"/api/tables/{table}/view", bearer(token)))
            played = [text for texts in view["observation"]["history"] for text in texts]
            if len(played) > expect and played[expect] == move:
                return view
            raise HttpFailed(f"move {move!r} sent {sent} times, refused and not played")
        return answered(response)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
