"""Which pages may act here: a browser's ``Origin`` against the request it came with.

A page of any site can make its visitor's browser POST here or open the table's
WebSocket here, and browsers do not ask first for either; they say which site's
page it was with ``Origin``.  That origin must be this server as the request
reached it: the same scheme (a page of ``https://`` opens ``wss://``), host and
port.  Requests with no ``Origin`` (programs, old browsers) pass.

Behind a proxy the scheme is the one the proxy was asked with: uvicorn applies a
trusted proxy's ``X-Forwarded-Proto`` (``--forwarded-allow-ips``) to the request
before it gets here.  The host is the request's ``Host``, which the proxy passes
on as the browser sent it (docs/server.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

from .protocol import ApiError

#: The scheme of the page that makes a request of each scheme.
PAGE_SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}
DEFAULT_PORTS = {"http": 80, "https": 443}
#: The most characters of a refused origin said back.
SAID_BACK = 100


def names_this_server(origin: str, scheme: str, host: str) -> bool:
    """Whether ``Origin: origin`` names the server a request of ``scheme`` reached as
    ``Host: host``."""
    page = PAGE_SCHEMES.get(scheme)
    theirs, mine = urlsplit(origin), urlsplit("//" + host)
    if page is None or theirs.scheme != page or not theirs.hostname or not mine.hostname:
        return False  # another scheme, "null" (a sandboxed page, a file) or nonsense
    default = DEFAULT_PORTS[page]
    try:
        ports = (theirs.port or default, mine.port or default)
    except ValueError:  # a port that is not a number
        return False
    return theirs.hostname == mine.hostname and ports[0] == ports[1]


def foreign_origin(headers: Mapping[str, str], scheme: str) -> str | None:
    """The request's ``Origin`` if it is another site's (or scheme's); None if it is
    this server's own, or there is none."""
    origin = headers.get("origin")
    if origin is None or names_this_server(origin, scheme, headers.get("host", "")):
        return None
    return origin[:SAID_BACK]


def check_origin(headers: Mapping[str, str], scheme: str) -> None:
    """Refuse a change, or a table's WebSocket (``ws``, ``wss``), that another
    site's page sent or opened (``bad_origin``).  A socket, too: that page could
    make its visitors' browsers watch tables, or talk at them as spectators from
    so many addresses that no limit by address would hold."""
    origin = foreign_origin(headers, scheme)
    if origin is None:
        return
    if scheme in ("ws", "wss"):
        raise ApiError(
            "bad_origin",
            "the table's socket is open only to this server's own pages, not to {origin}",
            origin=origin,
        )
    raise ApiError(
        "bad_origin",
        "changes are accepted only from this server's own pages, not from {origin}",
        origin=origin,
    )
