"""Helpers for the server's tests: a real server on a free port, and its clients.

The server runs under uvicorn in a thread of the test process, storing in a
SQLite file of the test's temporary folder; the tests talk to it over real
HTTP and real WebSockets, with time limits on every wait.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import socket
import ssl
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from pysaboteur.rules import Move
from pysaboteur.server import Settings, create_app
from pysaboteur.server.hub import Hub
from pysaboteur.server.serve import uvicorn_config
from pysaboteur.server.store import Store

WAIT = 20.0  # seconds any single wait may take before the test fails

View = dict[str, Any]
T = TypeVar("T")


def legal_texts(view: View) -> list[str]:
    """The view's legal moves as the text a client sends back to play one."""
    return [move["text"] for move in view["legal"]]


def legal_moves(view: View) -> list[Move]:
    """The view's legal moves read back by the engine, for bots choosing among them."""
    return [Move.parse(text) for text in legal_texts(view)]


def settings_for(folder: Path, **changes: Any) -> Settings:
    settings = Settings(
        database_url=f"sqlite:///{folder / 'saboteur.db'}",
        bot_pause=0.0,
        bot_workers=0,  # bots choose in threads: no worker processes to start
        bots=("random", "heuristic"),
        web_dir=folder / "web",
        # Tests make tables by the dozen from one address; the limit has tests of its own.
        tables_per_client=0,
    )
    return replace(settings, **changes)


@dataclass
class Server:
    url: str
    settings: Settings
    http: httpx.Client = field(init=False)
    sockets: ExitStack = field(init=False, default_factory=ExitStack)
    #: The server's own hub and event loop (for :meth:`in_server`).
    hub: Hub | None = None
    loop: asyncio.AbstractEventLoop | None = None
    #: For an ``https://`` server: the certificates to trust (a test's own authority).
    tls: ssl.SSLContext | None = None
    #: The local address to connect from, for a client of its own (127.0.0.2, …).
    source: str | None = None

    def __post_init__(self) -> None:
        transport = None
        if self.tls is not None or self.source is not None:
            transport = httpx.HTTPTransport(verify=self.tls or True, local_address=self.source)
        self.http = httpx.Client(base_url=self.url, timeout=WAIT, transport=transport)

    @property
    def ws_url(self) -> str:
        return self.url.replace("http", "ws", 1)  # https:// becomes wss://

    def call(
        self,
        method: str,
        path: str,
        token: str | None = None,
        body: Any = None,
        content: bytes | str | None = None,
    ) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        if content is not None:
            headers["Content-Type"] = "application/json"
            return self.http.request(method, path, headers=headers, content=content)
        return self.http.request(method, path, headers=headers, json=body)

    def ok(self, method: str, path: str, token: str | None = None, body: Any = None) -> Any:
        response = self.call(method, path, token, body)
        assert response.status_code in (200, 201), (response.status_code, response.text)
        return response.json()

    def create(self, **body: Any) -> dict[str, Any]:
        body.setdefault("name", "Ana")
        return dict(self.ok("POST", "/api/tables", body=body))

    def facts(self, table: str) -> dict[str, Any]:
        return dict(self.ok("GET", f"/api/tables/{table}"))

    def view(self, table: str, token: str | None = None) -> View:
        return dict(self.ok("GET", f"/api/tables/{table}/view", token))

    def socket(
        self,
        table: str,
        token: str | None = None,
        *,
        hello: bool = True,
        origin: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Socket:
        """A WebSocket to ``table`` that said hello with ``token`` (unless not ``hello``),
        opened as a page of ``origin`` would (none: as a program), with ``headers``."""
        connection = connect(
            f"{self.ws_url}ws/tables/{table}",
            origin=Origin(origin) if origin is not None else None,
            additional_headers=headers,
            **self.socket_options(),
        )
        socket = Socket(self.sockets.enter_context(connection))
        if hello:
            socket.send({"type": "hello"} if token is None else {"type": "hello", "token": token})
        return socket

    def socket_options(self) -> dict[str, Any]:
        """How :func:`websockets.sync.client.connect` reaches this server."""
        options: dict[str, Any] = {"open_timeout": WAIT}
        if self.tls is not None:
            options["ssl"] = self.tls
        if self.source is not None:
            options["source_address"] = (self.source, 0)
        return options

    def read_store(self, read: Callable[[Store], T]) -> T:
        """``read(store)`` on a store of its own over the server's database."""
        store = Store(self.settings.database_url)
        try:
            return read(store)
        finally:
            store.close()

    def stored_moves(self, table: str) -> int:
        return self.read_store(lambda store: store.move_count(table))

    def live_table_ids(self) -> list[str]:
        """The tables the database holds in their lobby or in play."""
        return self.read_store(Store.live_table_ids)

    def in_server(self, work: Callable[[Hub], Coroutine[Any, Any, T]]) -> T:
        """Run ``work(hub)`` on the server's event loop, as the server itself would; its result."""
        assert self.hub is not None and self.loop is not None
        return asyncio.run_coroutine_threadsafe(work(self.hub), self.loop).result(WAIT)

    def wait_for(self, check: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + WAIT
        while not check():
            assert time.monotonic() < deadline, f"timed out waiting for {what}"
            time.sleep(0.01)


class FakeClock:
    """A clock that moves only when a test moves it; calling it tells its time."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Socket:
    """A WebSocket client that keeps every message it receives."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection
        self.received: list[dict[str, Any]] = []

    def send(self, message: Any) -> None:
        self.connection.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.connection.recv(timeout=WAIT))
        self.received.append(message)
        return message

    def until(self, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """Receive until a message passes ``check``; that message."""
        while True:
            message = self.receive()
            if check(message):
                return message

    def next_view(self) -> View:
        return self.until(lambda message: message["type"] == "view")

    def close(self) -> None:
        self.connection.close()


@contextmanager
def running_server(
    folder: Path, clock: Callable[[], float] | None = None, **changes: Any
) -> Iterator[Server]:
    """A server on a free port of 127.0.0.1 with ``settings_for(folder, **changes)``;
    ``clock`` stands in for its clocks (see ``create_app``).  It runs under the
    configuration of ``saboteur serve`` (limits, the X-Forwarded-For of
    ``settings.forwarded_allow_ips`` believed, the log level)."""
    settings = settings_for(folder, **changes)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    app = create_app(settings, clock=clock)
    config = uvicorn_config(app, settings)  # as ``saboteur serve`` runs it
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    client = Server(
        f"http://127.0.0.1:{port}/", settings, hub=app.state.hub, loop=server.servers[0].get_loop()
    )
    try:
        yield client
    finally:
        client.http.close()
        client.sockets.close()
        server.should_exit = True
        thread.join(WAIT)
        listener.close()


@contextmanager
def new_postgres_database(server_url: str) -> Iterator[str]:
    """The URL of a new, empty database on the PostgreSQL server of ``server_url``
    (``PYSABOTEUR_TEST_POSTGRES``), dropped afterwards."""
    name = f"saboteur_{secrets.token_hex(4)}"
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as db:
        db.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield make_url(server_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as db:
            db.execute(text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()


def error_of(response: httpx.Response) -> tuple[int, str]:
    """The status and the error code of a refused request."""
    body = response.json()
    assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
    assert body["error"]["message"], "an error says why"
    return response.status_code, body["error"]["code"]


Chooser = Callable[[int, View], str]


def play_to_the_end(sockets: dict[int, Socket], choose: Chooser) -> View:
    """Move for the seats of ``sockets`` (each has said hello) until the game is over.

    The first socket paces the game: each of its views says whose turn it is;
    when that is one of ``sockets``' seats, the seat's own view of that version
    gives its legal moves and ``choose(seat, view)`` picks one.  Returns the
    first socket's last view.
    """
    pacer = next(iter(sockets))
    moved: set[int] = set()  # versions already answered (a version may come twice)
    while True:
        view = sockets[pacer].next_view()
        if view["table"]["status"] == "over":
            return view
        observation = view["observation"]
        if observation is None or observation["to_move"] not in sockets:
            continue
        seat, version = observation["to_move"], view["version"]
        if version in moved:
            continue
        mine = view
        if seat != pacer:
            mine = sockets[seat].until(
                lambda m, version=version: m["type"] == "view" and m["version"] == version
            )
        if mine["legal"]:
            sockets[seat].send({"type": "move", "move": choose(seat, mine), "expect": version})
            moved.add(version)


@dataclass
class WatchedGame:
    """A whole game two people played while a spectator watched (see :func:`watched_game`)."""

    people: dict[int, Socket]  # seat 0 (the host) and seat 1 (the guest)
    spectator: Socket
    record: dict[str, Any]  # the downloaded record
    last: View  # the host's last view


def watched_game(server: Server, choose: Chooser, **create: Any) -> WatchedGame:
    """A table made with ``create``, joined by a second person and a spectator, played
    to its end (bots in the other seats, ``choose`` for the two people); every socket
    has received the view of the finished game."""
    created = server.create(spectators=True, **create)
    table, host = created["table"], created["token"]
    guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    people = {0: server.socket(table, host), 1: server.socket(table, guest)}
    spectator = server.socket(table)
    for watcher in (*people.values(), spectator):
        assert watcher.receive()["type"] == "welcome"
    server.ok("POST", f"/api/tables/{table}/start", host)
    last = play_to_the_end(people, choose)
    for watcher in (people[1], spectator):
        watcher.until(lambda m: m["type"] == "view" and m["table"]["status"] == "over")
    record = server.ok("GET", f"/api/tables/{table}/record")
    return WatchedGame(people, spectator, record, last)
