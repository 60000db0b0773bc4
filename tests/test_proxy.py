"""The shipped nginx configuration (deploy/nginx/pysaboteur.conf) in front of real
``saboteur serve`` processes: two on one PostgreSQL database when
``PYSABOTEUR_TEST_POSTGRES`` names a server, else one on SQLite.

Whole games over HTTPS and WSS (a household of twelve phones behind one address,
a game moved over HTTP), the client's address and the browser's host reaching the
server, the server's headers passing through, and the proxy's own refusals:
bodies and headers too large, too many connections or requests from one address;
plain HTTP is sent to HTTPS.  Marked ``proxy`` (``-m 'not proxy'`` skips them).
"""

from __future__ import annotations

import os
import shutil
import socket
import ssl
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from proxy_helpers import Proxy, running_proxy
from proxy_stack import NGINX
from server_helpers import (
    WAIT,
    Server,
    Socket,
    View,
    error_of,
    new_postgres_database,
    play_to_the_end,
)
from websockets.exceptions import InvalidStatus

from pysaboteur.rules import game_from_record
from pysaboteur.server.config import database_url

pytestmark = [
    pytest.mark.proxy,
    pytest.mark.skipif(
        shutil.which(NGINX) is None, reason="nginx is not installed (scripts/test installs it)"
    ),
]

#: The PostgreSQL server of the storage tests, if one is named.
POSTGRES = os.environ.get("PYSABOTEUR_TEST_POSTGRES")
#: Server processes behind the proxy: two on a new PostgreSQL database, as a public
#: server runs, or one on SQLite (named on both upstream lines) without PostgreSQL.
PROCESSES = 2 if POSTGRES else 1
WEB = Path(__file__).parents[1] / "pysaboteur" / "web"
#: The limits per address that the shipped file sets.
CONNECTIONS, RATE, BURST = 100, 50, 1000


@pytest.fixture(scope="module")
def proxy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Proxy]:
    folder = tmp_path_factory.mktemp("proxy")
    options = ["--bot-pause", "0", "--bot-workers", "0", "--bots", "random", "--log-level", "info"]
    with ExitStack() as stack:
        if POSTGRES:
            url = stack.enter_context(new_postgres_database(POSTGRES))
        else:
            url = database_url(str(folder / "saboteur.db"), None)
        yield stack.enter_context(running_proxy(folder, url, PROCESSES, options))


def first_legal(_seat: int, view: View) -> str:
    return str(view["legal"][0]["text"])


def page_load(table: str) -> list[str]:
    """What a phone fetches to open the invite link: the page, then (at most) every
    file of the client, and its language's words."""
    static = sorted(path.relative_to(WEB).as_posix() for path in WEB.glob("[cj]s*/*.*"))
    files = ["favicon.svg", *static]
    return [f"/t/{table}", *(f"/static/{name}" for name in files), "/locales/en.json"]


def test_a_household_of_twelve_phones_behind_one_address_plays_a_whole_game(proxy: Proxy) -> None:
    home = proxy.new_address()
    phones = [proxy.client(home) for _ in range(12)]
    host = phones[0]
    created = host.create(edition="saboteur2", players=12, spectators=False)
    table = created["table"]
    # Every phone opens the invite link at the same moment, six requests at a time
    # as a browser does: all of them get through.
    paths = page_load(table)
    with ThreadPoolExecutor(6 * len(phones)) as pool:
        answers = pool.map(
            lambda job: job[0].http.get(job[1]).status_code,
            [(phone, path) for path in paths for phone in phones],
        )
        assert set(answers) == {200}
    tokens = [created["token"]]
    for number, phone in enumerate(phones[1:], start=2):
        joined = phone.ok("POST", f"/api/tables/{table}/join", body={"name": f"Phone {number}"})
        tokens.append(joined["token"])
    sockets = {seat: phone.socket(table, tokens[seat]) for seat, phone in enumerate(phones)}
    for opened in sockets.values():
        assert opened.receive()["type"] == "welcome"
    host.ok("POST", f"/api/tables/{table}/start", tokens[0])
    last = play_to_the_end(sockets, first_legal)
    assert last["observation"]["phase"] == "over"
    assert host.stored_moves(table) == last["version"]
    # With two processes, the table's sockets were spread over both: every move
    # reached the phones of one process from the other.
    opened = f'"WebSocket /ws/tables/{table}" [accepted]'
    held = [backend.log_text().count(opened) for backend in proxy.backends]
    assert sum(held) == len(phones) and all(held)


class MovesOverHttp(Socket):
    """A seat's socket whose moves go over HTTP (``POST …/moves``), as a page may send
    them; its views still come over the socket.  (Waiting on a ``GET`` of the view
    instead could ask a process that has not heard of the seat's own last move.)"""

    def __init__(self, opened: Socket, client: Server, table: str, token: str) -> None:
        super().__init__(opened.connection)
        self.client, self.moves, self.token = client, f"/api/tables/{table}/moves", token

    def send(self, message: Any) -> None:
        if isinstance(message, dict) and message["type"] == "move":
            body = {"move": message["move"], "expect": message["expect"]}
            self.client.ok("POST", self.moves, self.token, body)
        else:
            super().send(message)


def test_a_whole_game_moved_over_http_through_the_proxy(proxy: Proxy) -> None:
    client = proxy.client()
    created = client.create(players=3, bots="random")
    table, token = created["table"], created["token"]
    host = MovesOverHttp(client.socket(table, token), client, table, token)
    assert host.receive()["type"] == "welcome"
    client.ok("POST", f"/api/tables/{table}/start", token)
    end = play_to_the_end({0: host}, first_legal)
    assert end["observation"]["phase"] == "over"
    assert client.stored_moves(table) == end["version"]
    record = client.ok("GET", f"/api/tables/{table}/record")
    assert game_from_record(record).nuggets == end["observation"]["nuggets"]


def test_the_server_sees_each_clients_own_address_not_the_one_it_wrote(proxy: Proxy) -> None:
    client = proxy.client()
    forged = {"X-Forwarded-For": "198.51.100.7"}
    created = client.http.post("/api/tables", json={"name": "Ana"}, headers=forged)
    assert created.status_code == 201
    log = proxy.server_log()
    assert f'{client.source}:0 - "POST /api/tables HTTP/1.1" 201' in log
    assert "198.51.100.7" not in log


def test_a_page_of_the_host_the_browser_asked_for_may_make_changes(proxy: Proxy) -> None:
    client = proxy.client()
    mine = {"Origin": f"https://127.0.0.1:{proxy.https_port}"}
    created = client.http.post("/api/tables", json={"name": "Ana"}, headers=mine)
    assert created.status_code == 201
    elsewhere = {"Origin": "https://saboteur.example.org"}
    refused = client.http.post("/api/tables", json={"name": "Ana"}, headers=elsewhere)
    assert error_of(refused) == (403, "bad_origin")


def test_the_proxy_speaks_tls_1_3_with_its_certificate(proxy: Proxy) -> None:
    context = proxy.trust(ssl.TLSVersion.MAXIMUM_SUPPORTED)
    with (
        socket.create_connection(("127.0.0.1", proxy.https_port), timeout=WAIT) as plain,
        context.wrap_socket(plain, server_hostname="127.0.0.1") as tls,
    ):
        assert tls.version() == "TLSv1.3"


def test_plain_http_is_sent_to_https(proxy: Proxy) -> None:
    answer = httpx.get(f"http://127.0.0.1:{proxy.http_port}/t/abc?lang=tr")
    assert answer.status_code == 301
    assert answer.headers["location"] == "https://127.0.0.1/t/abc?lang=tr"


#: Headers about the connection each side made, not about the answer.
CONNECTION_HEADERS = {"date", "server", "connection", "keep-alive", "transfer-encoding"}


@pytest.mark.parametrize("path", ["/", "/static/js/api.js", "/api/bots", "/api/tables/nowhere"])
def test_the_servers_headers_pass_through_and_the_proxy_adds_hsts(proxy: Proxy, path: str) -> None:
    direct = httpx.get(proxy.backends[0].url + path)
    proxied = proxy.client().http.get(path)
    assert (proxied.status_code, proxied.content) == (direct.status_code, direct.content)

    def answer_headers(response: httpx.Response) -> list[tuple[str, str]]:
        return sorted(
            (name.lower(), value)
            for name, value in response.headers.multi_items()
            if name.lower() not in CONNECTION_HEADERS
        )

    added = ("strict-transport-security", "max-age=31536000")
    assert answer_headers(proxied) == sorted([*answer_headers(direct), added])


def json_body(size: int) -> bytes:
    """A table's creation whose JSON body is exactly ``size`` bytes."""
    start, end = b'{"name": "Ana", "padding": "', b'"}'
    return start + b"x" * (size - len(start) - len(end)) + end


def test_a_body_the_server_would_refuse_reaches_it_and_a_far_larger_one_does_not(
    proxy: Proxy,
) -> None:
    client = proxy.client()
    # A table's creation may be 16,384 bytes (a Duel deck file); the proxy lets 32 KiB by.
    over_the_servers_limit = client.call("POST", "/api/tables", content=json_body(20000))
    assert error_of(over_the_servers_limit) == (413, "too_large")
    over_the_proxys_limit = client.call("POST", "/api/tables", content=json_body(40000))
    assert over_the_proxys_limit.status_code == 413
    assert "413 Request Entity Too Large" in over_the_proxys_limit.text


def test_headers_over_the_proxys_limits_are_refused(proxy: Proxy) -> None:
    http = proxy.client().http
    assert http.get("/api/bots", headers={"X-Padding": "x" * 3000}).status_code == 200
    for headers in (
        {"X-Padding": "x" * 5000},  # one line over 4 KiB
        {f"X-Padding-{n}": "x" * 3500 for n in range(5)},  # 17.5 KiB in all
    ):
        refused = http.get("/api/bots", headers=headers)
        assert refused.status_code == 400
        assert "Request Header Or Cookie Too Large" in refused.text


def test_one_address_holds_at_most_100_connections_websockets_included(proxy: Proxy) -> None:
    crowd = proxy.client()
    table = crowd.create(spectators=True)["table"]
    watching = []
    for _ in range(CONNECTIONS):
        watching.append(crowd.socket(table))
        assert watching[-1].receive()["type"] == "welcome"
    with pytest.raises(InvalidStatus) as refused:
        crowd.socket(table)
    assert refused.value.response.status_code == 429
    neighbour = proxy.client().socket(table)
    assert neighbour.receive()["type"] == "welcome"
    watching[0].close()
    crowd.wait_for(lambda: opens(lambda: crowd.socket(table)), "a connection freed")


def opens(connect: Callable[[], Socket]) -> bool:
    try:
        opened = connect()
    except InvalidStatus:
        return False
    return opened.receive()["type"] == "welcome"


def test_one_address_sending_requests_far_faster_than_the_limit_is_refused(proxy: Proxy) -> None:
    client = proxy.client()
    requests = BURST + 300
    started = time.monotonic()
    with ThreadPoolExecutor(16) as pool:
        statuses = list(
            pool.map(lambda _: client.http.get("/static/favicon.svg").status_code, range(requests))
        )
    elapsed = time.monotonic() - started
    accepted = statuses.count(200)
    assert statuses.count(429) == requests - accepted
    # The burst always passes whole; beyond it, no more than the rate refills while
    # the requests were sent (a missing limit fails here unless the machine took
    # longer than 6 s for 800 requests).
    assert BURST + 1 <= accepted <= BURST + 1 + RATE * elapsed + 1
