"""Other sites' pages are kept away: every answer carries the security headers
(security_headers.py), and changes and table sockets are taken only from this
server's own pages, the same scheme, host and port (origins.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest
from server_helpers import Server, error_of, running_server
from starlette.types import Message, Receive, Scope, Send
from websockets.exceptions import ConnectionClosed

from pysaboteur.server import rules_api
from pysaboteur.server.config import WEB_DIR
from pysaboteur.server.origins import names_this_server
from pysaboteur.server.security_headers import SecurityHeaders

POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
SECURITY = {
    "content-security-policy": POLICY,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}


def security_of(response: httpx.Response) -> dict[str, list[str]]:
    """Each security header of ``response`` with every value it was sent with."""
    return {name: response.headers.get_list(name) for name in SECURITY}


ONCE_EACH = {name: [value] for name, value in SECURITY.items()}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("server"), web_dir=WEB_DIR) as running:
        yield running


def test_every_kind_of_answer_has_the_security_headers(server: Server) -> None:
    table = server.create(players=3)["table"]
    answers = {
        ("GET", "/"): 200,
        ("GET", f"/t/{table}"): 200,
        ("GET", f"/replay/{table}"): 200,
        ("GET", "/rules"): 200,
        ("GET", "/static/css/saboteur.css"): 200,
        ("GET", "/static/js/lobby.js"): 200,
        ("GET", "/static/favicon.svg"): 200,
        ("GET", "/static/nothing.js"): 404,
        ("GET", "/locales/tr.json"): 200,
        ("GET", "/api/bots"): 200,
        ("GET", "/api/rules/saboteur2"): 200,
        ("GET", f"/api/tables/{table}"): 200,
        ("GET", "/api/tables/nope"): 404,
        ("GET", f"/api/tables/{table}/record"): 409,
        ("POST", f"/api/tables/{table}/start"): 401,
        ("DELETE", "/api/bots"): 405,
        ("GET", "/no/such/page"): 404,
    }
    for (method, path), status in answers.items():
        response = server.call(method, path)
        assert response.status_code == status, (method, path, response.text)
        assert security_of(response) == ONCE_EACH, (method, path)
    created = server.call("POST", "/api/tables", body={"name": "Ana"})
    refused = server.call("POST", "/api/tables", content=b"{")
    assert (created.status_code, error_of(refused)) == (201, (400, "bad_request"))
    assert security_of(created) == security_of(refused) == ONCE_EACH


def test_a_crash_has_the_security_headers_too(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    def crash(name: str) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(rules_api, "rules_of", crash)
    response = server.call("GET", "/api/rules/base")
    assert error_of(response) == (500, "server_error")
    assert security_of(response) == ONCE_EACH
    # The server closes the connection after a crash, and says so: the client's next
    # request goes on a new one, and is answered.
    assert response.headers["connection"] == "close"
    assert server.call("GET", "/api/bots").status_code == 200


def sent_through_the_middleware(scope_type: str, start: Message) -> Message:
    """The first message an ASGI app that sends ``start`` sends through
    :class:`SecurityHeaders`, for a request of ``scope_type``."""
    sent: list[Message] = []

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        await send(start)

    async def receive() -> Message:
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        sent.append(message)

    asyncio.run(SecurityHeaders(app)({"type": scope_type}, receive, send))
    return sent[0]


def test_the_headers_replace_any_an_answer_set() -> None:
    start = {
        "type": "http.response.start",
        "status": 200,
        "headers": [(b"x-frame-options", b"SAMEORIGIN"), (b"content-type", b"text/plain")],
    }
    sent = sent_through_the_middleware("http", start)
    assert sent["status"] == 200
    assert sent["headers"] == [(b"content-type", b"text/plain")] + [
        (name.encode(), value.encode()) for name, value in SECURITY.items()
    ]


def test_a_socket_is_passed_through_untouched() -> None:
    accept = {"type": "websocket.accept", "headers": [(b"x-a", b"1")]}
    assert sent_through_the_middleware("websocket", accept) is accept


# -- origins -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("origin", "scheme", "host", "same"),
    [
        ("http://127.0.0.1:8000", "http", "127.0.0.1:8000", True),
        ("http://127.0.0.1:8000", "ws", "127.0.0.1:8000", True),
        ("https://play.example", "https", "play.example", True),
        ("https://play.example", "wss", "play.example:443", True),
        ("http://PLAY.example:80", "http", "play.example", True),
        ("https://127.0.0.1:8000", "http", "127.0.0.1:8000", False),  # another scheme
        ("http://127.0.0.1:8000", "wss", "127.0.0.1:8000", False),
        ("https://play.example", "ws", "play.example", False),
        ("http://play.example", "https", "play.example", False),
        ("http://127.0.0.1:8001", "http", "127.0.0.1:8000", False),  # another port
        ("http://localhost:8000", "http", "127.0.0.1:8000", False),  # another name
        ("http://play.example.evil.example", "http", "play.example", False),
        ("https://play.example:8443", "https", "play.example", False),
        ("null", "http", "play.example", False),  # a sandboxed page or a file
        ("file://", "http", "play.example", False),
        ("http://play.example:x", "http", "play.example", False),
        ("http://play.example", "http", "", False),  # no Host
        ("http://play.example", "ftp", "play.example", False),
    ],
)  # fmt: skip
def test_an_origin_must_name_the_scheme_host_and_port_asked(
    origin: str, scheme: str, host: str, same: bool
) -> None:
    assert names_this_server(origin, scheme, host) is same


def own_origin(server: Server) -> str:
    return server.url.rstrip("/")


def foreign_origins(server: Server) -> list[str]:
    own = own_origin(server)
    port = own.rsplit(":", 1)[1]
    return [own.replace("http://", "https://"), "http://evil.example", f"http://localhost:{port}"]


def test_a_change_from_another_origin_or_scheme_is_refused(server: Server) -> None:
    for origin in foreign_origins(server):
        response = server.http.post("/api/tables", json={"name": "E"}, headers={"Origin": origin})
        assert error_of(response) == (403, "bad_origin"), origin
        assert response.json()["error"]["message"] == (
            f"changes are accepted only from this server's own pages, not from {origin}"
        )
    long = "http://" + "a" * 300
    response = server.http.post("/api/tables", json={"name": "E"}, headers={"Origin": long})
    assert response.json()["error"]["message"].endswith(f"not from {long[:100]}")


def test_a_change_from_the_own_origin_or_none_passes(server: Server) -> None:
    own = server.http.post(
        "/api/tables", json={"name": "Ana"}, headers={"Origin": own_origin(server)}
    )
    assert own.status_code == 201
    assert server.http.post("/api/tables", json={"name": "Ana"}).status_code == 201


def test_a_read_from_another_origin_passes(server: Server) -> None:
    # Reads change nothing, and the browser keeps another site's page from reading them.
    response = server.http.get("/api/bots", headers={"Origin": "http://evil.example"})
    assert response.status_code == 200


def refused_socket(
    server: Server, table: str, origin: str, headers: dict[str, str] | None = None
) -> tuple[object, int]:
    """What a socket opened with ``Origin: origin`` heard before it said hello (it is
    refused before its hello is read), and how it was closed."""
    socket = server.socket(table, hello=False, origin=origin, headers=headers)
    error = socket.receive()
    with pytest.raises(ConnectionClosed) as closed:
        socket.receive()
    assert closed.value.rcvd is not None
    return error, closed.value.rcvd.code


def test_a_socket_from_another_origin_or_scheme_is_refused_at_hello(server: Server) -> None:
    table = server.create(players=3)["table"]
    for origin in foreign_origins(server):
        error, code = refused_socket(server, table, origin)
        assert error == {
            "type": "error",
            "error": {
                "code": "bad_origin",
                "message": "the table's socket is open only to this server's own pages, "
                f"not to {origin}",
            },
        }
        assert code == 4403


def test_a_socket_from_the_own_origin_or_none_is_welcome(server: Server) -> None:
    created = server.create(players=3)
    table, token = created["table"], created["token"]
    own = server.socket(table, token, origin=own_origin(server))
    assert own.receive() == {"type": "welcome", "seat": 0}
    program = server.socket(table)
    assert program.receive() == {"type": "welcome", "seat": None}


def test_behind_a_trusted_proxy_the_scheme_it_was_asked_with_counts(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    folder = tmp_path_factory.mktemp("proxied")
    with running_server(folder, forwarded_allow_ips="127.0.0.1") as server:
        secure = own_origin(server).replace("http://", "https://")
        proxied = {"X-Forwarded-Proto": "https"}
        response = server.http.post(
            "/api/tables", json={"name": "Ana"}, headers={**proxied, "Origin": secure}
        )
        assert response.status_code == 201
        table, token = response.json()["table"], response.json()["token"]
        plain = server.http.post(
            "/api/tables", json={"name": "Ana"}, headers={**proxied, "Origin": own_origin(server)}
        )
        assert error_of(plain) == (403, "bad_origin")
        socket = server.socket(table, token, origin=secure, headers=proxied)
        assert socket.receive() == {"type": "welcome", "seat": 0}
        _, code = refused_socket(server, table, own_origin(server), proxied)
        assert code == 4403  # a page of http:// opening what the proxy says was wss://
