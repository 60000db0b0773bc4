"""The server audit's findings, each pinned by a test: hostile or broken clients
get quiet, clear refusals (never a 500, a traceback or a dropped socket), and
nothing secret reaches the log or a download."""

from __future__ import annotations

import json
import logging
import random
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from server_helpers import WAIT, Server, error_of, play_to_the_end, running_server

from pysaboteur.cli import build_parser
from pysaboteur.rules import game_from_record
from pysaboteur.server import Settings

DEEP = "[" * 2000 + "]" * 2000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("server")) as running:
        yield running


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=1)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def lines(self) -> list[str]:
        """Every record as a handler would write it, tracebacks included."""
        formatter = logging.Formatter("%(name)s %(levelname)s %(message)s")
        return [formatter.format(record) for record in self.records]


#: uvicorn's loggers do not propagate to the root: each is listened to.
LOGGERS = ("", "uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi", "pysaboteur")


@contextmanager
def captured_logs(level: int = 1) -> Iterator[Records]:
    handler = Records()
    loggers = [logging.getLogger(name) for name in LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        if logger.name.startswith("pysaboteur") or logger.name == "root":
            logger.setLevel(level)
    try:
        yield handler
    finally:
        for logger, old in zip(loggers, levels, strict=True):
            logger.removeHandler(handler)
            logger.setLevel(old)


def raw_connection(server: Server) -> socket.socket:
    """A bare TCP connection to the server, to send what no HTTP client would."""
    port = int(server.url.rsplit(":", 1)[1].strip("/"))
    return socket.create_connection(("127.0.0.1", port), timeout=WAIT)


def read_all(connection: socket.socket) -> bytes:
    """What the server sends until it closes the connection (or the wait ends)."""
    data = b""
    try:
        while chunk := connection.recv(65536):
            data += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    return data


# 1. A client that goes away in the middle of its body is no server error.


def test_a_client_gone_mid_body_is_not_a_server_error(server: Server) -> None:
    with captured_logs() as logs:
        connection = raw_connection(server)
        connection.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 1000\r\n\r\n" + b'{"name": "Ana", '
        )
        time.sleep(0.2)  # the server is reading the body
        connection.close()
        deadline = time.monotonic() + WAIT
        while not any("went away" in line or "Traceback" in line for line in logs.lines()):
            assert time.monotonic() < deadline, "the server never noticed the client leave"
            time.sleep(0.02)
        time.sleep(0.2)  # anything else it would log about it
    lines = zip(logs.records, logs.lines(), strict=True)
    assert [line for record, line in lines if record.levelno >= logging.WARNING] == []
    assert not any("Traceback" in line for line in logs.lines())


# 2. Deeply nested JSON is a bad request, over HTTP and over the WebSocket.


def test_deeply_nested_json_is_a_bad_request(server: Server) -> None:
    tables = len(server.live_table_ids())
    response = server.call("POST", "/api/tables", content=DEEP)
    assert error_of(response) == (400, "bad_request")
    nested = json.dumps({"name": "Ana", "options": {"a": json.loads("[" * 50 + "]" * 50)}})
    assert error_of(server.call("POST", "/api/tables", content=nested)) == (400, "bad_request")
    assert len(server.live_table_ids()) == tables
    assert server.create()["table"]  # and the server carries on


def test_deeply_nested_json_on_the_socket_gets_an_error(server: Server) -> None:
    created = server.create()
    socket = server.socket(created["table"], created["token"])
    assert socket.receive()["type"] == "welcome"
    socket.send(DEEP)
    error = socket.until(lambda m: m["type"] == "error")
    assert error["error"]["code"] == "bad_request"
    socket.send({"type": "ping"})
    assert socket.until(lambda m: m["type"] != "view") == {"type": "pong"}


# 3. Odd static names are not found, never a server error.


@pytest.mark.parametrize(
    "path", ["/static/a%00b", "/static/" + "a" * 300, "/static/" + "ab/" * 1500, "/static/%00"]
)
def test_odd_static_names_are_not_found(server: Server, path: str) -> None:
    response = server.http.get(path)
    assert response.status_code in (400, 404), (response.status_code, response.text[:200])


# 4. Headers are bounded in size and in time.


def test_a_huge_header_is_refused(server: Server) -> None:
    connection = raw_connection(server)
    try:
        connection.sendall(b"GET /api/bots HTTP/1.1\r\nHost: x\r\nX-Big: ")
        with pytest.raises((BrokenPipeError, ConnectionResetError)):
            for _ in range(512):  # up to 8 MB: the server stops listening long before
                connection.sendall(b"a" * 16384)
            connection.sendall(b"\r\n\r\n")
            answer = read_all(connection)
            assert not answer.startswith(b"HTTP/1.1 200"), answer[:100]
            raise BrokenPipeError  # refused with an answer: as good as a closed pipe
    finally:
        connection.close()


def test_slow_headers_are_cut_off(tmp_path: Path) -> None:
    with running_server(tmp_path, header_timeout=1.0) as server:
        connection = raw_connection(server)
        connection.settimeout(5.0)
        try:
            connection.sendall(b"GET /api/bots HTTP/1.1\r\nHost: x\r\n")  # and no more
            started = time.monotonic()
            read_all(connection)
            assert time.monotonic() - started < 4.0, "the server waited for the headers"
        finally:
            connection.close()


def test_the_header_options() -> None:
    parser = build_parser()
    args = parser.parse_args(["serve"])
    assert args.max_header_bytes == Settings().max_header_bytes == 16384
    assert args.header_timeout == Settings().header_timeout == 10.0
    args = parser.parse_args(["serve", "--max-header-bytes", "4096", "--header-timeout", "2"])
    assert (args.max_header_bytes, args.header_timeout) == (4096, 2.0)


# 5. Forwarded headers are believed only from proxies the operator names.


def test_by_default_no_proxy_is_trusted(tmp_path: Path) -> None:
    assert Settings().forwarded_allow_ips == ""
    assert build_parser().parse_args(["serve"]).forwarded_allow_ips == ""
    with running_server(tmp_path, tables_per_client=1, forwarded_allow_ips="") as server:

        def create_from(client: str) -> Any:
            return server.http.post(
                "/api/tables", json={"name": "Ana"}, headers={"X-Forwarded-For": client}
            )

        assert create_from("10.0.0.1").status_code == 201
        assert error_of(create_from("10.0.0.2")) == (429, "rate_limited")


# 6. No seat token reaches the log, at any level.


def test_no_token_reaches_the_log(tmp_path: Path) -> None:
    tokens: list[str] = []
    # uvicorn sets its loggers up as the server starts: listen once it has.
    with (
        running_server(tmp_path, log_level="trace", bots=("random",)) as server,
        captured_logs() as logs,
    ):
        created = server.create(players=3)
        table, host = created["table"], created["token"]
        guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
        tokens += [host, guest]
        # Tokens where a careless client might put them: the query, the path, a header.
        server.http.get(f"/api/tables/{table}/view?token={host}")
        server.http.get(f"/t/{table}/{guest}")
        server.http.get(f"/api/tables/{table}/view", headers={"Authorization": f"Bearer {guest}x"})
        people = {0: server.socket(table, host), 1: server.socket(table, guest)}
        for person in people.values():
            assert person.receive()["type"] == "welcome"
        server.ok("POST", f"/api/tables/{table}/start", host)
        chooser = random.Random(1)
        play_to_the_end(people, lambda _seat, view: chooser.choice(view["legal"])["text"])
        server.call("GET", f"/api/tables/{table}/view", host)
    lines = logs.lines()
    assert len(lines) > 20  # the server did log, at length
    assert any("/api/tables" in line for line in lines)  # the access log among it
    leaks = [line for line in lines for token in tokens if token in line]
    assert leaks == []


# 7. Changes come only as JSON, and only from the server's own pages.


def test_a_text_plain_join_is_refused(server: Server) -> None:
    table = server.create(players=3)["table"]
    response = server.http.post(
        f"/api/tables/{table}/join",
        content=json.dumps({"name": "Eve"}),
        headers={"Content-Type": "text/plain"},
    )
    assert error_of(response) == (415, "bad_media_type")
    assert all(seat["name"] != "Eve" for seat in server.facts(table)["seats"])


def test_another_sites_changes_are_refused(server: Server) -> None:
    table = server.create(players=3)["table"]
    for origin in ("https://evil.example", "null", "http://127.0.0.1:1"):
        response = server.http.post(
            f"/api/tables/{table}/join", json={"name": "Eve"}, headers={"Origin": origin}
        )
        assert error_of(response) == (403, "bad_origin"), origin
    assert error_of(
        server.http.post("/api/tables", json={"name": "E"}, headers={"Origin": "http://x.org"})
    ) == (403, "bad_origin")
    assert all(seat["name"] != "Eve" for seat in server.facts(table)["seats"])
    own = server.url.rstrip("/")
    response = server.http.post(
        f"/api/tables/{table}/join", json={"name": "Bo"}, headers={"Origin": own}
    )
    assert response.status_code == 201


# 8. A downloaded record has no seed, and replays all the same.


def test_the_downloaded_record_has_no_seed(server: Server) -> None:
    created = server.create(players=3, all_bots=True, name=None)
    table = created["table"]
    server.wait_for(lambda: server.facts(table)["status"] == "over", "the bots' game to end")
    record = server.ok("GET", f"/api/tables/{table}/record")
    assert "seed" not in record
    game = game_from_record(record)  # replays every deal and move, checks the result
    assert game.is_over
