"""Connections: a socket's own queue (a slow client delays only itself, and is
closed when it falls too far behind), and the connection layer's limits (a
request's deadlines, the headers' size, each address's cap, the open files)."""

from __future__ import annotations

import asyncio
import logging
import pickle
import select
import socket
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import h11
import pytest
from hypothesis import given
from hypothesis import strategies as st
from server_helpers import WAIT, Server, running_server, settings_for

from pysaboteur.cli import build_parser
from pysaboteur.server import Settings
from pysaboteur.server.client_counts import ClientCounts, TrustedProxies
from pysaboteur.server.connection_limits import (
    REFUSAL,
    GuardedH11Protocol,
    HeaderBoundConnection,
    ServerConfig,
    Tally,
    header_bytes,
    raise_open_file_limit,
)
from pysaboteur.server.connections import Connection
from pysaboteur.server.protocol import CLOSE_TOO_SLOW
from pysaboteur.server.serve import connection_limits, uvicorn_config


class SlowSocket:
    """Stands for a WebSocket whose client reads only when told to."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: int | None = None
        self.reading = asyncio.Event()

    async def send_text(self, text: str) -> None:
        await self.reading.wait()
        self.sent.append(text)

    async def close(self, code: int) -> None:
        self.closed = code


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def test_messages_go_out_in_order() -> None:
    async def scenario() -> SlowSocket:
        socket = SlowSocket()
        socket.reading.set()
        connection = Connection(socket, seat=None, limit=5)  # type: ignore[arg-type]
        connection.start()
        for number in range(12):
            connection.push(str(number))
            if number % 3 == 0:
                await asyncio.sleep(0)  # the writer keeps up
        connection.close(1000)
        await asyncio.sleep(0.01)
        await connection.stop()
        return socket

    socket = run(scenario())
    assert socket.sent == [str(number) for number in range(12)] and socket.closed == 1000


def test_a_client_too_far_behind_is_closed_and_costs_nothing_more() -> None:
    async def scenario() -> SlowSocket:
        socket = SlowSocket()  # not reading
        connection = Connection(socket, seat=None, limit=3)  # type: ignore[arg-type]
        connection.start()
        connection.push("0")
        for _ in range(3):
            await asyncio.sleep(0)  # the writer takes "0" and waits for the client
        for number in range(1, 10):
            connection.push(str(number))
        socket.reading.set()
        await asyncio.sleep(0.01)
        await connection.stop()
        return socket

    socket = run(scenario())
    # "0" was being sent when the client stopped reading; 1-3 waited; 4 overflowed.
    assert socket.sent == ["0"] and socket.closed == CLOSE_TOO_SLOW


# -- the connection layer's limits (connection_limits.py) ------------------------------

#: Long enough that no connection a test holds is closed for idling.
PATIENT = {"keep_alive": 60, "header_timeout": 60.0}
#: A request whose body (4,000 bytes promised, within max_message) is never all sent.
POST_HEAD = (
    b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    b"Content-Length: 4000\r\n\r\n"
)


def connect(server: Server) -> socket.socket:
    port = int(server.url.rsplit(":", 1)[1].strip("/"))
    return socket.create_connection(("127.0.0.1", port), timeout=WAIT)


def until_closed(connection: socket.socket, dribble: bool = False) -> bytes:
    """Everything the server sends until it closes the connection; with
    ``dribble``, one more byte of body every 50 ms meanwhile.  The test fails if
    the server keeps the connection open for the whole of ``WAIT``."""
    received = b""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        readable, _, _ = select.select([connection], [], [], 0.05)
        try:
            if readable:
                chunk = connection.recv(65536)
                if not chunk:
                    return received
                received += chunk
            elif dribble:
                connection.sendall(b" ")
        except (ConnectionResetError, BrokenPipeError):
            return received
    raise AssertionError(f"the server kept the connection open; it sent {received[:200]!r}")


def one_response(connection: socket.socket) -> bytes:
    """One whole response (to its ``Content-Length``); less if the server closes first."""
    received = b""
    while b"\r\n\r\n" not in received:
        chunk = connection.recv(65536)
        if not chunk:
            return received
        received += chunk
    head, _, body = received.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length and (chunk := connection.recv(65536)):
        body += chunk
    return head + b"\r\n\r\n" + body


def served(server: Server) -> socket.socket:
    """A new connection with a request answered on it, left open (so it counts);
    while the server refuses new connections (it has not yet seen one close),
    try again."""
    deadline = time.monotonic() + WAIT
    while True:
        connection = connect(server)
        try:
            connection.sendall(b"GET /api/bots HTTP/1.1\r\nHost: x\r\n\r\n")
            answer = one_response(connection)
        except (ConnectionResetError, BrokenPipeError):
            answer = b""
        if answer.startswith(b"HTTP/1.1 200"):
            return connection
        assert answer in (REFUSAL, b""), answer[:200]
        connection.close()
        assert time.monotonic() < deadline, "the server never took a new connection"
        time.sleep(0.02)


def refused(server: Server) -> bool:
    """Whether a new connection is refused, at once and without a word from the client."""
    connection = connect(server)
    try:
        return until_closed(connection) == REFUSAL
    finally:
        connection.close()


def test_a_body_dribbled_past_its_deadline_is_answered_408_and_closed(tmp_path: Path) -> None:
    with running_server(tmp_path, body_timeout=0.5) as server:
        tables = len(server.live_table_ids())
        connection = connect(server)
        try:
            connection.sendall(POST_HEAD + b'{"name": "Ana", ')
            answer = until_closed(connection, dribble=True)
        finally:
            connection.close()
        assert answer == (
            b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"
        )
        assert len(server.live_table_ids()) == tables  # the app acted on nothing
        assert server.create()["table"]  # and the server carries on


def test_a_body_dribbled_after_an_early_answer_is_closed(tmp_path: Path) -> None:
    with running_server(tmp_path, body_timeout=0.5, **PATIENT) as server:
        connection = connect(server)
        try:
            # Over max_message: answered at once, before the body is read.
            connection.sendall(POST_HEAD.replace(b"4000", b"100000") + b"{")
            answer = until_closed(connection, dribble=True)
        finally:
            connection.close()
        assert answer.startswith(b"HTTP/1.1 413 ") and answer.count(b"HTTP/1.1") == 1


def test_a_connection_over_the_cap_is_refused_until_one_closes(tmp_path: Path) -> None:
    with running_server(tmp_path, max_connections_per_client=3, **PATIENT) as server:
        held = [served(server) for _ in range(3)]
        assert refused(server)
        held.pop(0).close()
        held.append(served(server))  # once the server has seen the close
        assert refused(server)
        for connection in held:
            connection.close()


def test_a_websocket_counts_against_the_cap_until_it_closes(tmp_path: Path) -> None:
    with running_server(tmp_path, max_connections_per_client=2, **PATIENT) as server:
        table = server.create()["table"]
        server.http.close()  # its keep-alive connection would count too
        websocket = server.socket(table, hello=False)
        other = served(server)
        assert refused(server)
        websocket.close()
        third = served(server)
        assert refused(server)
        other.close()
        third.close()


def test_a_trusted_proxy_is_not_capped(tmp_path: Path) -> None:
    changes = {"max_connections_per_client": 1, "forwarded_allow_ips": "127.0.0.1", **PATIENT}
    with running_server(tmp_path, **changes) as server:
        # served() would wait in vain for a place under a cap of one.
        held = [served(server) for _ in range(4)]
        for connection in held:
            connection.close()


def test_a_huge_header_in_one_write_is_refused(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        connection = connect(server)
        try:
            connection.sendall(
                b"GET /api/bots HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n"
            )
            answer = until_closed(connection)
        finally:
            connection.close()
        assert answer.startswith(b"HTTP/1.1 400 "), answer[:100]


def request_bytes(target: bytes, headers: list[tuple[bytes, bytes]]) -> bytes:
    lines = [b"GET " + target + b" HTTP/1.1"] + [name + b": " + value for name, value in headers]
    return b"\r\n".join(lines) + b"\r\n\r\n"


def test_headers_whole_in_one_read_are_measured() -> None:
    request = request_bytes(b"/api/bots", [(b"Host", b"x"), (b"X-Big", b"a" * 100_000)])
    lenient = h11.Connection(h11.SERVER, max_incomplete_event_size=16384)
    lenient.receive_data(request)
    assert isinstance(lenient.next_event(), h11.Request)  # what h11 alone lets through
    bounded = HeaderBoundConnection(16384)
    bounded.receive_data(request)
    with pytest.raises(h11.RemoteProtocolError):
        bounded.next_event()


header_names = st.text("abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=20)
header_values = st.text("abcdefghijklmnopqrstuvwxyz0123456789-=;,", min_size=1, max_size=200)


@given(
    target=st.text("abcdefghijklmnopqrstuvwxyz/?=&", min_size=1, max_size=200),
    headers=st.lists(st.tuples(header_names, header_values), max_size=20),
)
def test_a_request_measures_as_many_bytes_as_were_sent(
    target: str, headers: list[tuple[str, str]]
) -> None:
    raw = [(b"host", b"x")] + [(name.encode(), value.encode()) for name, value in headers]
    sent = request_bytes(b"/" + target.encode(), raw)
    connection = h11.Connection(h11.SERVER)
    connection.receive_data(sent)
    request = connection.next_event()
    assert isinstance(request, h11.Request)
    assert header_bytes(request) == len(sent)
    exact = HeaderBoundConnection(len(sent))  # a request at the limit passes; one over does not
    exact.receive_data(sent)
    assert isinstance(exact.next_event(), h11.Request)
    tight = HeaderBoundConnection(len(sent) - 1)
    tight.receive_data(sent)
    with pytest.raises(h11.RemoteProtocolError):
        tight.next_event()


def test_the_cap_counts_each_address_and_ipv6_by_its_64() -> None:
    counts = ClientCounts(2, TrustedProxies("10.0.0.0/8, 192.0.2.7"))
    first, second = counts.admit(("198.51.100.1", 1)), counts.admit(("198.51.100.1", 2))
    assert first is not None and second is not None
    assert counts.admit(("198.51.100.1", 3)) is None
    assert counts.admit(("198.51.100.2", 1)) is not None  # another address: its own count
    assert counts.admit(("::ffff:198.51.100.1", 4)) is None  # the same client, over IPv6
    assert counts.admit(("2001:db8::1", 1)) and counts.admit(("2001:db8::ffff:2", 1))
    assert counts.admit(("2001:db8::3:3", 1)) is None  # the same /64
    assert counts.admit(("2001:db8:0:1::1", 1)) is not None  # the next /64
    assert all(counts.admit(("10.9.8.7", port)) for port in range(5))  # trusted
    assert all(counts.admit(("192.0.2.7", port)) for port in range(5))
    first.release()
    first.release()  # given back once only
    assert counts.open["198.51.100.1"] == 1
    second.release()
    assert "198.51.100.1" not in counts.open
    assert all(ClientCounts(0, TrustedProxies("")).admit(("198.51.100.1", p)) for p in range(5))
    assert all(ClientCounts(1, TrustedProxies("*")).admit(("198.51.100.1", p)) for p in range(5))


def test_what_the_limits_cut_off_is_counted_in_the_log() -> None:
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("uvicorn.error")
    old_level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)

    async def scenario() -> None:
        tally = Tally()
        loop = asyncio.get_running_loop()
        for what in ("bodies too slow, cut off", "headers too slow, closed") * 2:
            tally.count(loop, what, ("198.51.100.1", 1))
        tally.count(loop, "bodies too slow, cut off", ("198.51.100.1", 2))
        tally.flush()
        tally.flush()  # nothing new: no line

    try:
        run(scenario())
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)
    assert [record.getMessage() for record in records] == [
        "connection limits in the last 60 s: bodies too slow, cut off 3, headers too slow, closed 2"
    ]


def test_the_file_limit_is_raised_to_the_hard_limit_as_the_server_loads(tmp_path: Path) -> None:
    program = f"""
import resource
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
from pysaboteur.server import create_app
from pysaboteur.server.config import Settings
from pysaboteur.server.serve import uvicorn_config
settings = Settings(database_url="sqlite:///{tmp_path / "saboteur.db"}", bot_workers=0)
uvicorn_config(create_app(settings), settings).load()
print(resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard))
"""
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.strip() == "True", done.stderr


def test_raise_open_file_limit_says_what_it_was_and_is() -> None:
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert raise_open_file_limit() == (soft, hard)
    assert resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard)


def test_the_config_pickles_with_its_limits_and_without_its_counts(tmp_path: Path) -> None:
    settings = replace(settings_for(tmp_path), body_timeout=3.0, max_connections_per_client=7)
    config = uvicorn_config("pysaboteur.server.app:create_app", settings)
    assert config.guard.clients.admit(("198.51.100.1", 1)) is not None
    copy = pickle.loads(pickle.dumps(config))
    assert isinstance(copy, ServerConfig) and copy.http is GuardedH11Protocol
    assert copy.limits == config.limits == connection_limits(settings)
    assert copy.limits.body_timeout == 3.0 and copy.limits.max_connections_per_client == 7
    assert copy.guard.clients.open == {} and config.guard.clients.open == {"198.51.100.1": 1}


def test_the_connection_options() -> None:
    parser = build_parser()
    args = parser.parse_args(["serve"])
    assert args.body_timeout == Settings().body_timeout == 10.0
    assert args.max_connections_per_client == Settings().max_connections_per_client == 100
    args = parser.parse_args(
        ["serve", "--body-timeout", "2.5", "--max-connections-per-client", "0"]
    )
    assert (args.body_timeout, args.max_connections_per_client) == (2.5, 0)
