"""Other sites' pages are kept away: every answer carries the security headers
(security_headers.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest
from server_helpers import Server, error_of, running_server
from starlette.types import Message, Receive, Scope, Send

from pysaboteur.server import rules_api
from pysaboteur.server.config import WEB_DIR
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
