"""The headers that keep other sites' pages away from the table's: on every answer.

- ``Content-Security-Policy``: the pages run only the server's own scripts and
  styles (the client has no inline script, no ``style=`` markup, no ``eval``),
  connect only to the server itself (its WebSocket too: ``'self'`` covers
  ``ws:``/``wss:`` of the page's own host), and no other site may frame them
  (``frame-ancestors 'none'``: the host's controls cannot be clickjacked).
- ``X-Frame-Options: DENY``: the same for browsers that know no CSP.
- ``X-Content-Type-Options: nosniff``: a file is only what its type says.
- ``Referrer-Policy: same-origin``: a page's address (a table's, its replay's)
  holds the table's id, which links to other sites are not told.

A pure ASGI middleware wrapped around the whole application (``app.py``), so
that refusals, crashes and static files get them as pages do.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The client's pages need nothing else (docs/server.md).
POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
HEADERS: dict[str, str] = {
    "Content-Security-Policy": POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
_RAW = [
    (name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in HEADERS.items()
]
_NAMES = {name for name, _ in _RAW}


class SecurityHeaders:
    """Adds :data:`HEADERS` to every HTTP answer of ``app`` (in place of any it set)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    item for item in message.get("headers", []) if item[0].lower() not in _NAMES
                ]
                message = {**message, "headers": kept + _RAW}
            await send(message)

        await self.app(scope, receive, send_with_headers)
