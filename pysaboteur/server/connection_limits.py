"""The server's defences at the connection layer, below the app: deadlines for a
request's headers and body, a bound on the headers' size however their bytes
arrive, a cap on each client address's open connections, and the limit of open
files raised as far as the system allows.

Without them one client could stop the server: a thousand connections each
holding half a request body use up its file descriptors, and nothing in uvicorn
times a body out.  Everything here is per process: with several server
processes each one counts its own connections.

uvicorn may run its server in spawned processes, to which it sends its
``Config`` pickled: so the protocol is a class of this module's top level, and
its limits travel on :class:`ServerConfig`.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
from collections import Counter
from dataclasses import dataclass
from typing import Any, cast

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.server import ServerState

from .client_counts import ClientCounts, Lease, TrustedProxies

# uvicorn's own logger for its connections: what is logged here follows
# ``--log-level`` and goes where uvicorn's messages go.
log = logging.getLogger("uvicorn.error")

#: The answer to a connection over its address's cap, written before anything is
#: read: it costs the server no parsing.  No words of its own: the pages say
#: "the server answered 429" in their visitor's language.
REFUSAL = (
    b"HTTP/1.1 429 Too Many Requests\r\n"
    b"content-length: 0\r\nconnection: close\r\nretry-after: 5\r\n\r\n"
)
#: Seconds between two log lines counting what the limits cut off.
TALLY_EVERY = 60.0


@dataclass(frozen=True)
class ConnectionLimits:
    """What one connection may do (``saboteur serve``'s options, docs/server.md)."""

    #: Seconds to send a request's line and headers, from the connection's
    #: opening or from the last answer.
    header_timeout: float = 10.0
    #: Seconds to send a request's whole body once its headers are in.
    body_timeout: float = 10.0
    #: The largest request line plus headers, in bytes.
    max_header_bytes: int = 16384
    #: Connections one client address may hold open at once; 0: any number.
    max_connections_per_client: int = 100
    #: ``--forwarded-allow-ips``: the proxies, exempt from the cap.
    trusted_proxies: str = ""


class Tally:
    """What the limits cut off, logged at info once a minute while it happens
    (each cut at debug): an attack shows in the log without flooding it."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self._flush: asyncio.TimerHandle | None = None

    def count(self, loop: asyncio.AbstractEventLoop, what: str, client: Any) -> None:
        log.debug("connection limits: %s (%s)", what, client)
        self.counts[what] += 1
        if self._flush is None:
            self._flush = loop.call_later(TALLY_EVERY, self.flush)

    def flush(self) -> None:
        self._flush = None
        if self.counts:
            what = ", ".join(f"{what} {count}" for what, count in sorted(self.counts.items()))
            log.info("connection limits in the last %g s: %s", TALLY_EVERY, what)
            self.counts.clear()


class Guard:
    """A server process's limits and what they keep count of."""

    def __init__(self, limits: ConnectionLimits) -> None:
        self.limits = limits
        self.clients = ClientCounts(
            limits.max_connections_per_client, TrustedProxies(limits.trusted_proxies)
        )
        self.tally = Tally()


class ServerConfig(uvicorn.Config):
    """uvicorn's configuration with the connection limits on it (its protocol is
    :class:`GuardedH11Protocol`).  It pickles with the limits and without the
    counts: each process that loads it counts its own connections."""

    def __init__(self, app: Any, limits: ConnectionLimits, **options: Any) -> None:
        super().__init__(app, http=GuardedH11Protocol, **options)
        self.limits = limits
        self._guard: Guard | None = None

    @property
    def guard(self) -> Guard:
        if self._guard is None:
            self._guard = Guard(self.limits)
        return self._guard

    def load(self) -> None:
        if not self.loaded:  # once in each server process
            log_open_file_limit(raise_open_file_limit())
        super().load()

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_guard"] = None
        return state


def raise_open_file_limit() -> tuple[int, int] | None:
    """Raise this process's soft limit of open files to its hard limit (every
    connection is a file); the soft limit before and after, or None where
    there is no such limit (Windows).

    The soft limit is often 1,024, a few hundred visitors; the hard limit is
    what the system lets a process have.
    """
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        # macOS refuses an unlimited soft limit: then the one we have stays.
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def log_open_file_limit(limits: tuple[int, int] | None) -> None:
    if limits is None:
        return
    before, after = limits
    if after != before:
        log.info("open files: the limit is raised from %d to %d", before, after)
    else:
        log.info("open files: the limit is %d", after)


class Phase(enum.Enum):
    """What a connection's deadline is waiting for."""

    HEADERS = "a request's headers"
    BODY = "a request's body"


class HeaderBoundConnection(h11.Connection):
    """h11's server connection refusing a request whose line and headers exceed
    ``max_header_bytes``.

    h11 bounds only an event still incomplete (its receive buffer): headers
    that arrive whole in one read pass unchecked, so each request is measured
    again once parsed.
    """

    def __init__(self, max_header_bytes: int) -> None:
        super().__init__(h11.SERVER, max_incomplete_event_size=max_header_bytes)
        self.max_header_bytes = max_header_bytes

    def next_event(self) -> Any:
        event = super().next_event()
        if isinstance(event, h11.Request) and header_bytes(event) > self.max_header_bytes:
            # uvicorn answers a RemoteProtocolError with 400 and closes.
            raise h11.RemoteProtocolError("request headers too large", error_status_hint=431)
        return event


def header_bytes(request: h11.Request) -> int:
    """The size of ``request``'s line and headers as sent (to the spaces h11 trims)."""
    # "GET /path HTTP/1.1\r\n", each header "name: value\r\n", a last "\r\n".
    line = len(request.method) + len(request.target) + len(request.http_version) + 11
    return line + sum(len(name) + len(value) + 4 for name, value in request.headers)


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol under the server's :class:`ConnectionLimits`.

    - A connection over its address's cap is answered 429 and closed before
      anything is read.  It keeps its place in the count for its whole life,
      as a WebSocket too (see :class:`KeepsLease`).
    - One deadline at a time: for a request's headers (``header_timeout``) from
      the opening or the last answer, then for its body (``body_timeout``).
      uvicorn bounds only the wait between requests, and restarts that wait
      with every byte: a client dribbling a byte at a time held a connection
      (and a file) for ever.
    - Headers over ``max_header_bytes`` are refused (400) however they arrive.
    """

    def __init__(
        self,
        config: uvicorn.Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if not isinstance(config, ServerConfig):
            raise TypeError("GuardedH11Protocol runs under a ServerConfig")
        self.guard = config.guard
        self.limits = config.limits
        self.conn = HeaderBoundConnection(self.limits.max_header_bytes)
        self._lease: Lease | None = None  # None: refused, never served
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting_for: Phase | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        client = get_remote_addr(transport)
        self._lease = self.guard.clients.admit(client)
        if self._lease is None:
            self.guard.tally.count(self.loop, "connections over the cap refused", client)
            transport.write(REFUSAL)
            transport.close()
            return
        super().connection_made(transport)
        self._follow()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._lease is None:
            return  # refused at the door: uvicorn never knew of it
        self._lease.release()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._disarm()
        super().handle_websocket_upgrade(event)
        # The transport now speaks to the WebSocket's protocol and will never
        # tell this one that the connection is lost: the WebSocket's keeper
        # gives the lease back.
        socket = cast(asyncio.Protocol, self.transport.get_protocol())
        assert self._lease is not None
        self.transport.set_protocol(KeepsLease(socket, self._lease))

    def _served_here(self) -> bool:
        return not self.transport.is_closing() and self.transport.get_protocol() is self

    def _follow(self) -> None:
        """Set the deadline for what the connection is waiting for now."""
        waiting_for = None
        if self._served_here():
            state = self.conn.their_state
            if state is h11.IDLE:
                waiting_for = Phase.HEADERS
            elif state is h11.SEND_BODY:
                waiting_for = Phase.BODY
        if waiting_for is None:
            self._disarm()
        elif waiting_for is not self._waiting_for:  # a deadline runs on, bytes or not
            self._disarm()
            seconds = self.limits.header_timeout
            if waiting_for is Phase.BODY:
                seconds = self.limits.body_timeout
            self._deadline = self.loop.call_later(seconds, self._too_slow)
            self._waiting_for = waiting_for

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = None
        self._waiting_for = None

    def _too_slow(self) -> None:
        waiting_for = self._waiting_for
        self._deadline = None
        self._waiting_for = None
        if not self._served_here():
            return
        if waiting_for is Phase.HEADERS:
            self.guard.tally.count(self.loop, "headers too slow, closed", self.client)
        else:
            self.guard.tally.count(self.loop, "bodies too slow, cut off", self.client)
            self._cut_off_body()
        self.transport.close()

    def _cut_off_body(self) -> None:
        """Tell the app the client is gone, and the client 408 if nothing was answered yet."""
        if self.cycle is not None:
            # The app's next receive() hears http.disconnect, and whatever it
            # answers now goes nowhere (uvicorn drops a disconnected cycle's sends).
            self.cycle.disconnected = True
            self.cycle.message_event.set()
        if self.conn.our_state is h11.SEND_RESPONSE:
            headers = [(b"content-length", b"0"), (b"connection", b"close")]
            answer = h11.Response(status_code=408, headers=headers, reason=b"Request Timeout")
            self.transport.write(self.conn.send(answer) or b"")
            self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")


class KeepsLease(asyncio.Protocol):
    """The protocol a connection was upgraded to (a WebSocket), holding the
    connection's place in its address's count until the connection is lost."""

    def __init__(self, inner: asyncio.Protocol, lease: Lease) -> None:
        self.inner = inner
        self.lease = lease

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lease.release()
        self.inner.connection_lost(exc)
