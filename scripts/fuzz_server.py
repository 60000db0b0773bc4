"""Fuzz the web table's HTTP API and WebSocket with bad clients, and check that
each is refused cleanly and changes nothing.

Starts ``saboteur serve`` on a free port with a new SQLite file (or
``--database URL``), sets up a table in its lobby and a table in play (every
seat held by this script, so nothing moves on its own), then runs ``--cases``
seeded cases drawn from families of client mistakes: bad JSON, wrong types,
huge and deeply nested values, unknown fields, wrong or missing tokens, wrong
methods, bad content types, foreign origins, illegal moves, moves out of turn
or of another seat, stale moves, bad paths, malformed raw HTTP, and on the
WebSocket bad hellos, binary frames, oversize frames and every bad message;
text that is no Unicode (lone surrogates, as ``"\\ud800"`` in JSON) in every
field an answer may say back, and sockets opened by another site's page or
scheme.

For every case: the answer must not be a 500 (nor a ``server_error``, nor a
WebSocket dropped without a close code, nor one that should stay open and
closed); an answer must be strict UTF-8 JSON; a case made to be refused with
a code (``bad_origin``) must get that code; the server's log must gain no
traceback; and the tables' state (their facts, every seat's view, the
database's rows) must be the same before and after.  Each finding is printed
as it is found; any finding makes the exit code 1.

    .venv/bin/python scripts/fuzz_server.py --cases 200 --seed 1
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import string
import sys
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from audit_common import TRACEBACK, Progress, ServerProcess, script_parser, start_server, summary
from sqlalchemy import func, select
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from pysaboteur.server.store import MoveRow, SeatRow, Store, TableRow

#: Close codes of a socket that failed rather than refused: abnormal closure, server error.
FAILED_CLOSES = (1006, 1011)


@dataclass
class Outcome:
    """What one case got back."""

    status: int | None = None  # the HTTP status, if any
    code: str | None = None  # the error code, if any
    close: int | None = None  # the WebSocket close code, if it closed
    dropped_open: bool = False  # a socket that should have stayed open closed
    accepted: bool = False  # the server took it (it was not a mistake after all)
    #: What was wrong with an answer itself (not UTF-8 JSON, not the code it must get).
    wrong: str | None = None


@dataclass
class World:
    """The server and the tables the cases aim at."""

    server: ServerProcess
    http: httpx.AsyncClient
    store: Store
    lobby: str = ""
    lobby_tokens: dict[int, str] = field(default_factory=dict)
    playing: str = ""
    tokens: dict[int, str] = field(default_factory=dict)
    private: str = ""  # a table in its lobby that allows no spectators
    to_move: int = 0
    version: int = 0
    legal_text: str = ""  # a move the seat to move may make

    def token_not_to_move(self) -> tuple[int, str]:
        seat = (self.to_move + 1) % len(self.tokens)
        return seat, self.tokens[seat]


Case = Callable[[World], Awaitable[Outcome]]
Family = Callable[[random.Random, World], tuple[str, Case]]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def http_outcome(response: httpx.Response) -> Outcome:
    code, wrong = None, None
    try:
        body = json.loads(response.content.decode("utf-8", errors="strict"))
        if isinstance(body, dict) and isinstance(body.get("error"), dict):
            code = body["error"].get("code")
    except ValueError as error:  # UnicodeDecodeError too
        if response.headers.get("content-type", "").startswith("application/json"):
            wrong = f"a JSON answer that is not strict UTF-8 JSON ({error})"
    return Outcome(
        status=response.status_code, code=code, accepted=response.is_success, wrong=wrong
    )


def every(cases: list[Case]) -> Case:
    """All of ``cases`` in turn: the first outcome that failed (a 500, a dropped
    socket, a wrong answer), else the last."""

    async def case(world: World) -> Outcome:
        outcome = Outcome()
        for each in cases:
            outcome = await each(world)
            failed = outcome.status == 500 or outcome.code == "server_error"
            if failed or outcome.wrong or outcome.close in FAILED_CLOSES or outcome.dropped_open:
                break
        return outcome

    return case


def refused_with(code: str, case: Case) -> Case:
    """``case``, whose answer must be a refusal with ``code``."""

    async def checked(world: World) -> Outcome:
        outcome = await case(world)
        if outcome.code != code and outcome.wrong is None:
            got = outcome.code or outcome.close or outcome.status
            outcome.wrong = f"answered {got}, not refused with {code}"
        return outcome

    return checked


def request(method: str, path: str, **keywords: Any) -> Case:
    async def case(world: World) -> Outcome:
        return http_outcome(await world.http.request(method, path, **keywords))

    return case


def raw(data: bytes) -> Case:
    """Bytes written straight to a new connection; the status line read back, if any."""

    async def case(world: World) -> Outcome:
        reader, writer = await asyncio.open_connection("127.0.0.1", world.server.port)
        try:
            writer.write(data)
            await writer.drain()
            async with asyncio.timeout(15):
                line = await reader.readline()
        except (TimeoutError, ConnectionError):
            line = b""
        finally:
            writer.close()
        parts = line.split()
        status = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
        return Outcome(status=status, accepted=status is not None and status < 300)

    return case


def socket_case(
    path: Callable[[World], str],
    hello: Callable[[World], Any] | None,
    sends: Callable[[World], list[str | bytes]],
    stays_open: bool,
    origin: Callable[[World], str] | None = None,
) -> Case:
    """A WebSocket (opened as a page of ``origin`` would, if any): an optional good
    hello (whose welcome and view are read), then the messages; the first error or
    close after them is the outcome.  A socket that should stay open is then asked
    for a pong."""

    async def case(world: World) -> Outcome:
        outcome = Outcome()
        url = f"{world.server.ws_url}{path(world)}"
        page = Origin(origin(world)) if origin is not None else None
        async with connect(url, open_timeout=10, max_size=None, origin=page) as ws:
            try:
                if hello is not None:
                    await ws.send(json.dumps(hello(world)))
                    await _until(ws, lambda m: m.get("type") == "view")
                for data in sends(world):
                    await ws.send(data)
                reply = await _until(ws, lambda m: m.get("type") in ("error", "pong"))
                if reply.get("type") == "error":
                    outcome.code = reply["error"]["code"]
                else:
                    outcome.accepted = True
                if stays_open:
                    await ws.send(json.dumps({"type": "ping"}))
                    await _until(ws, lambda m: m.get("type") == "pong")
            except ConnectionClosed as closed:
                outcome.close = closed.rcvd.code if closed.rcvd else 1006
                outcome.dropped_open = stays_open and outcome.close != 1009
            except TimeoutError:
                outcome.code = "no answer"
            except ValueError as error:  # a frame that is not JSON
                outcome.wrong = f"a message that is not JSON ({error})"
        return outcome

    return case


async def _until(ws: Any, check: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    async with asyncio.timeout(15):
        while True:
            message = json.loads(await ws.recv())
            if check(message):
                return dict(message)


# -- the families of mistakes ------------------------------------------------------

BAD_JSON = [b"{", b'{"name": "Ann",}', b"[1, 2", b"nul", b'{"name": "Ann"', b"\xff\xfe\x00",
            b'{"name": "\\ud800"}', b"NaN", b"{'name': 'Ann'}", b"", b"   ", b'"just a string"',
            b"12", b"null", b"[]", b'{"name": "Ann"} trailing']  # fmt: skip
WRONG_CREATE: dict[str, list[Any]] = {
    "name": [5, [], {}, True, "", "   ", "a" * 25, "bad\x00name", "tab\tname", None],
    "edition": [5, "sab2", "", None, ["base"]],
    "players": ["5", True, 5.5, 1, 2, 11, -1, 10**30, None, []],
    "options": [[], "x", {"gold_draw": 5}, {"no_such_option": 1}, {"open_hands": "yes"}],
    "bots": [5, "nope", "", "random:seconds=x", ["random"]],
    "spectators": [1, "true", None, 0],
    "clock": ["x", -1, 0, 5, 3601, 1e308, True, [10]],
    "bot_pause": [-1, 61, "0", True, 1e309],
    "all_bots": [1, "yes", None],
}
WRONG_MOVES: dict[str, list[Any]] = {
    "move": [5, None, [], {}, True, "x" * 101],
    "expect": ["1", 1.5, True, [], {}],
}


def deep(depth: int, wrap: str = "list") -> str:
    if wrap == "list":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "1" + "}" * depth


def f_bad_json(rng: random.Random, w: World) -> tuple[str, Case]:
    body = rng.choice(BAD_JSON)
    path, headers = rng.choice(_posts(w)[:3])  # start and back take no body: none is read
    return f"bad JSON {body[:20]!r} to {path}", request(
        "POST", path, content=body, headers={**headers, "Content-Type": "application/json"}
    )


def _posts(w: World) -> list[tuple[str, dict[str, str]]]:
    host, guest = w.lobby_tokens[0], w.lobby_tokens[1]
    return [
        ("/api/tables", {}),
        (f"/api/tables/{w.lobby}/join", {}),
        (f"/api/tables/{w.playing}/moves", bearer(w.tokens[w.to_move])),
        (f"/api/tables/{w.lobby}/start", bearer(host)),
        (f"/api/tables/{w.lobby}/back", bearer(guest)),
        (f"/api/tables/{w.lobby}/listed", bearer(host)),
        (f"/api/tables/{w.playing}/rematch", bearer(w.tokens[0])),
        (f"/api/tables/{w.lobby}/accept", bearer(guest)),
        (f"/api/tables/{w.lobby}/decline", bearer(guest)),
    ]


def f_wrong_create(rng: random.Random, w: World) -> tuple[str, Case]:
    key = rng.choice(list(WRONG_CREATE))
    value = rng.choice(WRONG_CREATE[key])
    body = {"name": "Ann", key: value}
    return f"create with {key}={str(value)[:20]!r}", request("POST", "/api/tables", json=body)


def f_wrong_join(rng: random.Random, w: World) -> tuple[str, Case]:
    value = rng.choice(WRONG_CREATE["name"])
    body: dict[str, Any] = {"name": value} if rng.random() < 0.8 else {}
    return f"join with name={str(value)[:20]!r}", request(
        "POST", f"/api/tables/{w.lobby}/join", json=body
    )


def f_wrong_move_type(rng: random.Random, w: World) -> tuple[str, Case]:
    key = rng.choice(list(WRONG_MOVES))
    value = rng.choice(WRONG_MOVES[key])
    body: dict[str, Any] = {"move": f"{w.to_move} pass", key: value}
    if rng.random() < 0.2:
        body = {"expect": w.version}  # no move at all
    return f"move with {key}={str(value)[:20]!r}", request(
        "POST", f"/api/tables/{w.playing}/moves", json=body, headers=bearer(w.tokens[w.to_move])
    )


def f_unknown_field(rng: random.Random, w: World) -> tuple[str, Case]:
    extra = {
        rng.choice(["zzz", "seat", "token", "seed", "__proto__", "Name"]): rng.choice(
            [1, "x", None]
        )
    }
    path, headers = rng.choice(_posts(w)[:3])
    body: dict[str, Any] = {"name": "Ann"} if "moves" not in path else {"move": "0 pass"}
    return f"unknown field {extra} to {path}", request(
        "POST", path, json={**body, **extra}, headers=headers
    )


def f_huge(rng: random.Random, w: World) -> tuple[str, Case]:
    choice = rng.randrange(7)
    path, headers = rng.choice(_posts(w)[:3])
    headers = {**headers, "Content-Type": "application/json"}
    bodies = [
        json.dumps({"name": "A" * rng.choice([5000, 100_000, 1_000_000])}).encode(),
        b'{"name": "Ann", "players": 1' + b"0" * 3000 + b"}",
        deep(rng.choice([17, 100, 2000])).encode(),
        deep(rng.choice([17, 500, 1500]), "dict").encode(),
        json.dumps({"name": "Ann", "options": {str(i): i for i in range(400)}}).encode(),
        json.dumps({"name": "Ann", "players": 1e400}).encode().replace(b"Infinity", b"1e400"),
        json.dumps({"name": "\u0130\u03a9" * 1000}).encode(),
    ]
    body = bodies[choice]
    return f"huge or deep body #{choice} ({len(body)} bytes) to {path}", request(
        "POST", path, content=body, headers=headers
    )


def f_wrong_token(rng: random.Random, w: World) -> tuple[str, Case]:
    tokens: list[str | bytes] = [
        "".join(rng.choices(string.ascii_letters, k=32)),
        "not-a-token",
        "x" * 8000,
        w.lobby_tokens[1],  # a token of another table
        "\u00e9t\u00e9".encode("latin-1"),
    ]
    token = rng.choice(tokens)
    value = b"Bearer " + token if isinstance(token, bytes) else f"Bearer {token}"
    route = rng.choice(["moves", "view", "back", "start"])
    # A GET without a bearer token is a spectator's, rightly answered: only bad bearers there.
    others = ["Basic YWxhZGRpbjpvcGVuc2VzYW1l", "Bearer"] if route != "view" else []
    headers = {"Authorization": rng.choice([value, *others])}
    method = "GET" if route == "view" else "POST"
    body = {"move": f"{w.to_move} pass"} if route == "moves" else None
    return f"wrong token to {route}", request(
        method, f"/api/tables/{w.playing}/{route}", json=body, headers=headers
    )


def f_no_token(rng: random.Random, w: World) -> tuple[str, Case]:
    route = rng.choice(["moves", "back", "start"])
    table = w.playing if route != "start" else w.lobby
    body = {"move": f"{w.to_move} pass"} if route == "moves" else None
    return f"no token to {route}", request("POST", f"/api/tables/{table}/{route}", json=body)


def f_wrong_method(rng: random.Random, w: World) -> tuple[str, Case]:
    method = rng.choice(["PUT", "DELETE", "PATCH", "GET", "POST", "TRACE"])
    paths = ["/api/tables", f"/api/tables/{w.playing}", f"/api/tables/{w.playing}/moves",
             f"/api/tables/{w.lobby}/join", f"/api/tables/{w.lobby}/start", "/api/bots",
             f"/api/tables/{w.playing}/record"]  # fmt: skip
    path = rng.choice(paths)
    good = {
        ("POST", "/api/tables"), ("GET", f"/api/tables/{w.playing}"),
        ("POST", f"/api/tables/{w.playing}/moves"), ("POST", f"/api/tables/{w.lobby}/join"),
        ("POST", f"/api/tables/{w.lobby}/start"), ("GET", "/api/bots"),
        ("GET", f"/api/tables/{w.playing}/record"),
    }  # fmt: skip
    if (method, path) in good:
        method = "DELETE"
    return f"{method} {path}", request(method, path)


def f_content_type(rng: random.Random, w: World) -> tuple[str, Case]:
    kind = rng.choice(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                       None, "application/jsonx", "text/json", "application/xml"])  # fmt: skip
    path, headers = rng.choice(_posts(w)[:3])
    body = json.dumps({"name": "Ann"} if "moves" not in path else {"move": f"{w.to_move} pass"})
    headers = dict(headers)
    if kind is not None:
        headers["Content-Type"] = kind
    return f"content type {kind} to {path}", request("POST", path, content=body, headers=headers)


def foreign_origins(w: World) -> list[str]:
    """Origins of pages that are not this server's: other sites, this host and port
    with the other scheme, this host with another port or name, nonsense."""
    port = w.server.port
    return [f"https://127.0.0.1:{port}", "http://evil.example", "null", "file://", "x",
            "https://127.0.0.1.evil.example", f"http://localhost:{port}",
            f"http://127.0.0.1:{port + 1}", f"ws://127.0.0.1:{port}"]  # fmt: skip


def f_origin(rng: random.Random, w: World) -> tuple[str, Case]:
    origin = rng.choice(foreign_origins(w))
    path, headers = rng.choice(_posts(w)[:2])
    return f"Origin {origin} to {path}", refused_with(
        "bad_origin",
        request("POST", path, json={"name": "Eve"}, headers={**headers, "Origin": origin}),
    )


#: Text that is no Unicode, as JSON escapes: lone surrogates, high and low, a pair
#: the wrong way round, and a long run of them (said back cut short, if at all).
UNENCODABLE = ["\\ud800", "\\udfff", "a\\udc80b", "\\ud83d", "\\ude00\\ud83d",
               "\\ud800" * 300]  # fmt: skip
#: The same as a path's bytes (the surrogate's UTF-8 form, which no decoder takes).
UNENCODABLE_PATH = "%ED%A0%80"


def f_unencodable(rng: random.Random, w: World) -> tuple[str, Case]:
    """No-Unicode text in every field a refusal may say back, each in a request of its own."""
    text = rng.choice(UNENCODABLE)
    seat, host = w.to_move, w.lobby_tokens[0]
    json_type = {"Content-Type": "application/json"}
    bodies = [
        ("/api/tables", {}, '{"name":"%s"}'),
        ("/api/tables", {}, '{"name":"a","edition":"%s"}'),
        ("/api/tables", {}, '{"name":"a","bots":"%s"}'),
        ("/api/tables", {}, '{"name":"a","options":{"%s":1}}'),
        ("/api/tables", {}, '{"name":"a","options":{"gold_draw":"%s"}}'),
        ("/api/tables", {}, '{"name":"a","%s":1}'),
        ("/api/tables", {}, '{"name":"a","players":"%s"}'),
        (f"/api/tables/{w.lobby}/join", {}, '{"name":"%s"}'),
        (f"/api/tables/{w.lobby}/remove", bearer(host), '{"seat":"%s"}'),
        (f"/api/tables/{w.playing}/moves", bearer(w.tokens[seat]), '{"move":"%s"}'),
        (f"/api/tables/{w.playing}/moves", bearer(w.tokens[seat]),
         '{"move":"' + str(seat) + ' place %s 1,0"}'),
    ]  # fmt: skip
    cases = [
        request("POST", path, content=(body % text).encode(), headers={**token, **json_type})
        for path, token, body in bodies
    ]
    where = UNENCODABLE_PATH
    paths = [f"/api/tables/{where}", f"/api/rules/{where}", f"/api/tables/{where}/view",
             f"/api/tables/{w.playing}/replay/{where}", f"/t/{where}", f"/locales/{where}.json",
             f"/static/{where}"]  # fmt: skip
    cases += [request("GET", path) for path in paths]
    headers = [{"Content-Type": b"application/\xed\xa0\x80"}, {"Origin": b"http://\xed\xa0\x80"}]
    cases += [
        request("POST", "/api/tables", content=b'{"name":"Eve"}', headers={**json_type, **header})
        for header in headers
    ]
    return f"no-Unicode {text[:14]!r} in every field, path and header said back", every(cases)


def f_illegal_move(rng: random.Random, w: World) -> tuple[str, Case]:
    seat = w.to_move
    text = rng.choice([f"{seat} place NESW 7,7", f"{seat} place NESW 0,0", f"{seat} break @{seat}x",
                       f"{seat} map 1,1", f"{seat} rockfall 0,0", "hello", "", f"{seat} take 3",
                       f"{seat} discard NOPE", f"{seat} fix-lamp lamp @{seat}", "99 pass",
                       f"{seat} place N 1,0 extra", f"{seat}  pass"])  # fmt: skip
    return f"illegal move {text!r}", request(
        "POST",
        f"/api/tables/{w.playing}/moves",
        json={"move": text},
        headers=bearer(w.tokens[seat]),
    )


def f_out_of_turn(rng: random.Random, w: World) -> tuple[str, Case]:
    seat, token = w.token_not_to_move()
    return f"move out of turn by seat {seat}", request(
        "POST", f"/api/tables/{w.playing}/moves", json={"move": f"{seat} discard NESW"},
        headers=bearer(token),
    )  # fmt: skip


def f_wrong_seat(rng: random.Random, w: World) -> tuple[str, Case]:
    _, token = w.token_not_to_move()
    return "move of the seat to move, with another seat's token", request(
        "POST", f"/api/tables/{w.playing}/moves", json={"move": w.legal_text},
        headers=bearer(token),
    )  # fmt: skip


def f_stale(rng: random.Random, w: World) -> tuple[str, Case]:
    expect = rng.choice([w.version - 1, w.version + 1, w.version + 1000, -1])
    return f"a legal move with a stale expect {expect}", request(
        "POST", f"/api/tables/{w.playing}/moves",
        json={"move": w.legal_text, "expect": expect},
        headers=bearer(w.tokens[w.to_move]),
    )  # fmt: skip


def f_wrong_state(rng: random.Random, w: World) -> tuple[str, Case]:
    cases = [
        ("move at a table in its lobby", "POST", f"/api/tables/{w.lobby}/moves",
         {"move": "0 pass"}, w.lobby_tokens[0]),
        ("start by a guest", "POST", f"/api/tables/{w.lobby}/start", None, w.lobby_tokens[1]),
        ("join a started table", "POST", f"/api/tables/{w.playing}/join", {"name": "Cy"}, None),
        ("start a started table", "POST", f"/api/tables/{w.playing}/start", None, w.tokens[0]),
        ("record of a game in play", "GET", f"/api/tables/{w.playing}/record", None, None),
        ("replay of a game in play", "GET", f"/api/tables/{w.playing}/replay/0", None, None),
        ("spectate a private table", "GET", f"/api/tables/{w.private}/view", None, None),
        ("play again before the end", "POST", f"/api/tables/{w.playing}/rematch", {},
         w.tokens[0]),
        ("list by a guest", "POST", f"/api/tables/{w.lobby}/listed", {"listed": True},
         w.lobby_tokens[1]),
        ("list a started table", "POST", f"/api/tables/{w.playing}/listed", {"listed": True},
         w.tokens[0]),
        ("accept with no seat kept", "POST", f"/api/tables/{w.lobby}/accept", {},
         w.lobby_tokens[1]),
        ("decline at a started table", "POST", f"/api/tables/{w.playing}/decline", {},
         w.tokens[0]),
    ]  # fmt: skip
    name, method, path, body, token = rng.choice(cases)
    return name, request(method, path, json=body, headers=bearer(token) if token else {})


def f_bad_path(rng: random.Random, w: World) -> tuple[str, Case]:
    path = rng.choice([
        "/api/tables/nope", "/api/tables/" + "x" * 5000, "/api/tables/%00", "/api/tables/..%2F..",
        f"/api/tables/{w.playing}/replay/-1", f"/api/tables/{w.playing}/replay/x",
        f"/api/tables/{w.playing}/replay/99999999999999999999", "/static/a%00b",
        "/static/" + "a" * 3000, "/static/../../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
        "/t/%00", "/t/" + "\u00e9" * 50, "/replay/%ff", "/api/nope", "/api/tables/nope/view",
        "/ws/tables/nope", "/static/", "/static/js/%c0%ae%c0%ae/x",
    ])  # fmt: skip
    return f"GET {path[:40]}", request("GET", path)


def f_raw(rng: random.Random, w: World) -> tuple[str, Case]:
    host = f"Host: 127.0.0.1:{w.server.port}\r\n".encode()
    choices = [
        b"GARBAGE\r\n\r\n",
        b"GET / HTTP/9.9\r\n" + host + b"\r\n",
        b"GET /api/bots HTTP/1.1\r\n" + host + b"X-Big: " + b"a" * 20000 + b"\r\n\r\n",
        b"GET /api/bots HTTP/1.1\r\n"
        + host
        + b"".join(b"X-%d: y\r\n" % i for i in range(900))
        + b"\r\n",
        b"POST /api/tables HTTP/1.1\r\n" + host + b"Content-Type: application/json\r\n"
        b"Content-Length: abc\r\n\r\n{}",
        b"POST /api/tables HTTP/1.1\r\n" + host + b"Content-Type: application/json\r\n"
        b"Content-Length: -1\r\n\r\n{}",
        b"POST /api/tables HTTP/1.1\r\n" + host + b"Content-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
        b"POST /api/tables HTTP/1.1\r\n" + host + b"Content-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n",
        b"POST /api/tables HTTP/1.1\r\n" + host + b"Content-Type: application/json\r\n"
        b"Content-Length: 999999999999\r\n\r\n{}",
        b"GET /api/bots HTTP/1.1\r\n" + host + b"Bad\x00Header: x\r\n\r\n",
        b"GET /api/bots HTTP/1.1\r\n\r\n",  # no Host
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(40),  # a TLS hello
    ]
    index = rng.randrange(len(choices))
    return f"raw HTTP #{index}", raw(choices[index])


def _ws_path(w: World) -> str:
    return f"/ws/tables/{w.playing}"


def f_ws_bad_hello(rng: random.Random, w: World) -> tuple[str, Case]:
    hellos: list[tuple[str, Callable[[World], str], str | bytes]] = [
        ("not JSON", _ws_path, "hello?"),
        ("binary garbage", _ws_path, bytes(rng.randrange(256) for _ in range(32))),
        ("a move first", _ws_path, json.dumps({"type": "move", "move": "0 pass"})),
        ("a token of the wrong type", _ws_path, json.dumps({"type": "hello", "token": 5})),
        ("a wrong token", _ws_path, json.dumps({"type": "hello", "token": "x" * 32})),
        ("another table's token", _ws_path, msg(type="hello", token=w.lobby_tokens[1])),
        ("an unknown table", lambda w: "/ws/tables/nope", json.dumps({"type": "hello"})),
        ("an unknown field", _ws_path, json.dumps({"type": "hello", "seat": 0})),
        ("a spectator where none may watch", lambda w: f"/ws/tables/{w.private}",
         json.dumps({"type": "hello"})),
        ("deep nesting", _ws_path, deep(2000)),
        ("an oversize hello", _ws_path, json.dumps({"type": "hello", "token": "x" * 5000})),
        ("an array", _ws_path, "[]"),
    ]  # fmt: skip
    name, path, data = rng.choice(hellos)
    return f"WebSocket hello: {name}", socket_case(path, None, lambda w: [data], False)


def msg(**fields: Any) -> str:
    return json.dumps(fields)


def f_ws_message(rng: random.Random, w: World) -> tuple[str, Case]:
    seat, legal = w.to_move, w.legal_text
    messages: list[tuple[str, str | bytes, bool]] = [
        ("not JSON", "{nope", True),
        ("a binary frame", bytes(rng.randrange(256) for _ in range(64)), True),
        ("a binary illegal move", msg(type="move", move=f"{seat} map 1,1").encode(), True),
        ("empty", "", True),
        ("an array", "[1,2]", True),
        ("a type of the wrong type", msg(type=5), True),
        ("an unknown type", msg(type="cheat", seat=seat), True),
        ("a second hello", msg(type="hello", token=w.tokens[seat]), True),
        ("a move of the wrong type", msg(type="move", move=5), True),
        ("a move with an unknown field", msg(type="move", move=legal, x=1), True),
        ("an illegal move", msg(type="move", move=f"{seat} place NESW 7,7"), True),
        ("an unparsable move", msg(type="move", move="dig dig"), True),
        ("a stale move", msg(type="move", move=legal, expect=w.version - 1), True),
        ("start at a table in play", msg(type="start"), True),
        ("an oversize message", msg(type="ping", x="y" * 5000), True),
        ("a far oversize frame", "z" * 200_000, False),
        ("deep nesting", deep(rng.choice([17, 3000]), rng.choice(["list", "dict"])), True),
    ]
    name, message, stays_open = rng.choice(messages)
    as_seat = rng.random() < 0.7
    hello = {"type": "hello", "token": w.tokens[seat]} if as_seat else {"type": "hello"}
    who = f"seat {seat}" if as_seat else "a spectator"
    return f"WebSocket {who}: {name}", socket_case(
        _ws_path, lambda w: hello, lambda w: [message], stays_open
    )


def f_ws_unencodable(rng: random.Random, w: World) -> tuple[str, Case]:
    """No-Unicode text in every field of a message a refusal may say back."""
    text = rng.choice(UNENCODABLE)
    seat = w.to_move
    messages = ['{"type":"%s"}', '{"type":"move","move":"%s"}', '{"type":"say","text":"%s"}',
                '{"type":"ping","%s":1}', '{"type":"claim","claim":"role","role":"%s"}',
                '{"type":"move","move":"' + str(seat) + ' discard %s"}']  # fmt: skip
    hello = {"type": "hello", "token": w.tokens[seat]}
    cases = [
        socket_case(_ws_path, lambda w: hello, lambda w, m=m: [m % text], True) for m in messages
    ]
    bad_hello = '{"type":"hello","token":"' + text + '"}'
    cases.append(socket_case(_ws_path, None, lambda w: [bad_hello], False))
    return f"WebSocket no-Unicode {text[:14]!r} in every field said back", every(cases)


def f_ws_origin(rng: random.Random, w: World) -> tuple[str, Case]:
    origin = rng.choice(foreign_origins(w))
    path = rng.choice([_ws_path, lambda w: f"/ws/tables/{w.lobby}"])
    # Refused before the hello is read: nothing is sent, the refusal is read.
    return f"WebSocket opened by a page of {origin}", refused_with(
        "bad_origin", socket_case(path, None, lambda w: [], False, origin=lambda w: origin)
    )


def f_ws_spectator_acts(rng: random.Random, w: World) -> tuple[str, Case]:
    kind = rng.choice(["move", "start", "back"])
    message = {"type": kind, "move": w.legal_text} if kind == "move" else {"type": kind}
    return f"WebSocket spectator sends {kind}", socket_case(
        _ws_path, lambda w: {"type": "hello"}, lambda w: [json.dumps(message)], True
    )


def f_ws_out_of_turn(rng: random.Random, w: World) -> tuple[str, Case]:
    seat, token = w.token_not_to_move()
    message = json.dumps({"type": "move", "move": rng.choice([w.legal_text, f"{seat} pass"])})
    return f"WebSocket move out of turn by seat {seat}", socket_case(
        _ws_path, lambda w: {"type": "hello", "token": token}, lambda w: [message], True
    )


FAMILIES: list[Family] = [
    f_bad_json, f_wrong_create, f_wrong_join, f_wrong_move_type, f_unknown_field, f_huge,
    f_wrong_token, f_no_token, f_wrong_method, f_content_type, f_origin, f_illegal_move,
    f_out_of_turn, f_wrong_seat, f_stale, f_wrong_state, f_bad_path, f_raw, f_ws_bad_hello,
    f_ws_message, f_ws_spectator_acts, f_ws_out_of_turn, f_unencodable, f_ws_unencodable,
    f_ws_origin,
]  # fmt: skip


# -- the state that must not change ------------------------------------------------


async def snapshot(world: World) -> Any:
    """The tables' facts (but who is connected), every seat's view, the database's rows."""
    state: dict[str, Any] = {}
    for table in (world.lobby, world.playing, world.private):
        facts = (await world.http.get(f"/api/tables/{table}")).json()
        for seat in facts.get("seats", []):
            seat.pop("connected", None)
        state[table] = facts
    for seat, token in world.tokens.items():
        view = (
            await world.http.get(f"/api/tables/{world.playing}/view", headers=bearer(token))
        ).json()
        state[f"view {seat}"] = {
            key: view.get(key) for key in ("version", "move", "observation", "legal")
        }
    state["rows"] = await asyncio.to_thread(count_rows, world.store)
    return state


def count_rows(store: Store) -> tuple[int, int, int]:
    with store.engine.connect() as db:
        return tuple(  # type: ignore[return-value]
            int(db.execute(select(func.count()).select_from(row)).scalar_one())
            for row in (TableRow, SeatRow, MoveRow)
        )


async def set_up(world: World) -> None:
    http = world.http
    lobby = (await http.post("/api/tables", json={"name": "Ann", "players": 4})).json()
    world.lobby, world.lobby_tokens = lobby["table"], {0: lobby["token"]}
    guest = (await http.post(f"/api/tables/{world.lobby}/join", json={"name": "Bo"})).json()
    world.lobby_tokens[1] = guest["token"]
    private = (await http.post("/api/tables", json={"name": "Ann", "spectators": False})).json()
    world.private = private["table"]
    playing = (await http.post("/api/tables", json={"name": "Ann", "players": 3})).json()
    world.playing, world.tokens = playing["table"], {0: playing["token"]}
    for name in ("Bo", "Cy"):
        joined = (await http.post(f"/api/tables/{world.playing}/join", json={"name": name})).json()
        world.tokens[joined["seat"]] = joined["token"]
    started = await http.post(f"/api/tables/{world.playing}/start", headers=bearer(world.tokens[0]))
    started.raise_for_status()
    await refresh(world)


async def refresh(world: World) -> None:
    """Who is to move at the table in play, and one move it could make."""
    facts = (await world.http.get(f"/api/tables/{world.playing}")).json()
    world.version = facts["version"]
    for seat, token in world.tokens.items():
        view = (
            await world.http.get(f"/api/tables/{world.playing}/view", headers=bearer(token))
        ).json()
        if view["legal"]:
            world.to_move = seat
            world.legal_text = view["legal"][0]["text"]


@dataclass
class Results:
    cases: int = 0
    by_family: Counter[str] = field(default_factory=Counter)
    server_errors: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    tracebacks: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    accepted: list[str] = field(default_factory=list)
    codes: Counter[str] = field(default_factory=Counter)

    def find(self, kind: list[str], finding: str) -> None:
        """Keep ``finding`` in ``kind`` (one of the lists above) and say it at once."""
        kind.append(finding)
        print(f"finding: {finding}", flush=True)


async def run(args: argparse.Namespace, server: ServerProcess, progress: Progress) -> Results:
    rng = random.Random(args.seed)
    results = Results()
    store = Store(server.database_url)
    async with httpx.AsyncClient(base_url=server.url, timeout=30) as http:
        world = World(server, http, store)
        await set_up(world)
        order = list(FAMILIES) + [
            rng.choice(FAMILIES) for _ in range(max(0, args.cases - len(FAMILIES)))
        ]
        for number, family in enumerate(order[: args.cases], start=1):
            name, case = family(rng, world)
            results.by_family[family.__name__[2:]] += 1
            before = await snapshot(world)
            log_before = server.log_text().count(TRACEBACK)
            try:
                outcome = await case(world)
            except (httpx.HTTPError, OSError) as error:
                outcome = Outcome(code=f"transport: {type(error).__name__}")
            await asyncio.sleep(0.02)  # anything the case set off has happened
            after = await snapshot(world)
            results.cases += 1
            label = f"#{number} {name}"
            results.codes[str(outcome.code or outcome.close or outcome.status)] += 1
            if outcome.status == 500 or outcome.code == "server_error":
                results.find(results.server_errors, f"{label}: a 500 (server_error)")
            if outcome.close in FAILED_CLOSES or outcome.dropped_open:
                results.find(results.dropped, f"{label}: closed {outcome.close}")
            if outcome.wrong is not None:
                results.find(results.wrong, f"{label}: {outcome.wrong}")
            if server.log_text().count(TRACEBACK) > log_before:
                results.find(results.tracebacks, f"{label}: a traceback in the server's log")
            if outcome.accepted:
                results.accepted.append(label)
            elif after != before:
                results.find(results.changed, f"{label}: the state changed")
            if number % 25 == 0 or number == args.cases:
                answer = f"{outcome.status or ''} {outcome.code or ''} {outcome.close or ''}"
                progress.say(f"{number}/{args.cases} cases; last: {name} -> {answer}")
            await refresh(world)
    store.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = script_parser(__doc__)
    parser.add_argument("--cases", type=int, default=200, help="fuzz cases (default: 200)")
    parser.add_argument("--seed", type=int, default=1, help="which cases (default: 1)")
    parser.add_argument(
        "--database", default="sqlite", help="sqlite (a new file, default) or a database URL"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    progress = Progress(args.quiet)
    with tempfile.TemporaryDirectory(prefix="fuzz-") as folder:
        server = start_server(Path(folder), args.database)
        progress.say(f"server at {server.url}, log {server.log_path}")
        try:
            results = asyncio.run(run(args, server, progress))
        finally:
            server.stop()
        if results.tracebacks:
            print(server.first_traceback())
    for line in results.accepted[:10]:
        print("   accepted (not a refusal):", line)
    print("answers:", ", ".join(f"{code} x{n}" for code, n in results.codes.most_common()))
    return summary(
        "fuzz",
        [
            ("cases", results.cases, results.cases == args.cases),
            ("families of mistakes", len(results.by_family), True),
            (
                "responses of 500 (or server_error)",
                len(results.server_errors),
                not results.server_errors,
            ),
            ("sockets dropped instead of refused", len(results.dropped), not results.dropped),
            (
                "cases with a traceback in the server log",
                len(results.tracebacks),
                not results.tracebacks,
            ),
            ("state changes after a refusal", len(results.changed), not results.changed),
            (
                "answers not UTF-8 JSON, or not the refusal they must be",
                len(results.wrong),
                not results.wrong,
            ),
            ("cases the server accepted", len(results.accepted), True),
        ],
    )


if __name__ == "__main__":
    sys.exit(main())
