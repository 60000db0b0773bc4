"""Every kind of bad input gets its error code and a sentence, and changes nothing:
not the game, not the stored moves, not what any socket sees."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from server_helpers import Server, Socket, error_of, running_server
from websockets.exceptions import ConnectionClosed

from pysaboteur.rules import Move
from pysaboteur.server.store import Store


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("server")) as running:
        yield running


@dataclass
class Table:
    """A table in play, seat 0 to move (no clock: nothing moves while it waits)."""

    id: str
    host: str  # seat 0's token
    guest: str  # seat 1's token
    view: dict[str, Any]  # seat 0's view


def new_table(server: Server, **create: Any) -> Table:
    created = server.create(players=3, bots="random", **create)
    table, host = created["table"], created["token"]
    guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    server.ok("POST", f"/api/tables/{table}/start", host)
    view = server.view(table, host)
    assert view["observation"]["to_move"] == 0 and view["legal"]
    return Table(table, host, guest, view)


@pytest.fixture
def table(server: Server) -> Table:
    return new_table(server)


def snapshot(server: Server, table: Table) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was."""
    return (
        server.view(table.id, table.host),
        server.view(table.id, table.guest),
        server.view(table.id),
        server.stored_moves(table.id),
    )


def an_illegal_move(view: dict[str, Any]) -> str:
    """A well-formed move by seat 0 that the rules refuse: a card not in its hand."""
    hand = view["observation"]["hand"]
    card = next(c for c in ("NESW", "NS", "EW", "xNESW", "map") if c not in hand)
    return f"0 discard {card}"


def a_legal_move_of(view: dict[str, Any]) -> str:
    text: str = view["legal"][0]["text"]
    return text


# -- HTTP ------------------------------------------------------------------------------

MOVE_REFUSALS = [
    ("malformed JSON", b'{"move": "0 pass"', None, (400, "bad_request")),
    ("not an object", b'["0 pass"]', None, (400, "bad_request")),
    ("missing field", b"{}", None, (400, "bad_request")),
    ("wrong type", b'{"move": 12}', None, (400, "bad_request")),
    ("unknown field", b'{"move": "0 pass", "seat": 0}', None, (400, "bad_request")),
    ("expect not a number", b'{"move": "0 pass", "expect": "3"}', None, (400, "bad_request")),
    ("unparsable move", b'{"move": "0 dance 1,0"}', None, (400, "bad_move")),
    ("not a move at all", b'{"move": "hello"}', None, (400, "bad_move")),
    ("another seat's token", "legal", "guest", (403, "wrong_seat")),
    ("out of turn", "guest's", "guest", (409, "not_your_turn")),
    ("illegal", "illegal", None, (409, "illegal_move")),
    ("stale", "stale", None, (409, "stale")),
    ("missing token", "legal", "none", (401, "no_token")),
    ("wrong token", "legal", "x" * 32, (403, "bad_token")),
    ("not a bearer token", "legal", "basic", (401, "no_token")),
    ("oversized", "big", None, (413, "too_large")),
]


@pytest.mark.parametrize(("case", "body", "who", "expected"), MOVE_REFUSALS)
def test_refused_moves_change_nothing(
    server: Server, table: Table, case: str, body: Any, who: str | None, expected: Any
) -> None:
    before = snapshot(server, table)
    version = table.view["version"]
    content: Any = {
        "legal": json.dumps({"move": a_legal_move_of(table.view)}),
        "guest's": json.dumps({"move": "1 pass"}),
        "illegal": json.dumps({"move": an_illegal_move(table.view)}),
        "stale": json.dumps({"move": a_legal_move_of(table.view), "expect": version + 1}),
        "big": json.dumps({"move": "0 pass", "expect": 0, "pad": "x" * 5000}),
    }.get(body, body)
    token = {None: table.host, "guest": table.guest, "none": None}.get(who, who)
    headers = {"Content-Type": "application/json"}
    if who == "basic":
        headers["Authorization"] = f"Basic {table.host}"
    elif token:
        headers["Authorization"] = f"Bearer {token}"
    response = server.http.post(f"/api/tables/{table.id}/moves", content=content, headers=headers)
    assert error_of(response) == expected, case
    assert snapshot(server, table) == before
    if case == "illegal":
        message = response.json()["error"]["message"]
        assert "hand" in message  # the engine's reason


def test_oversized_body_without_length_is_refused_as_it_streams(
    server: Server, table: Table
) -> None:
    before = snapshot(server, table)

    def chunks() -> Iterator[bytes]:
        yield b'{"move": "0 pass", "pad": "'
        for _ in range(10):
            yield b"x" * 1000
        yield b'"}'

    response = server.http.post(
        f"/api/tables/{table.id}/moves",
        content=chunks(),
        headers={"Authorization": f"Bearer {table.host}", "Content-Type": "application/json"},
    )
    assert error_of(response) == (413, "too_large")
    assert snapshot(server, table) == before


def test_the_first_legal_move_is_then_accepted(server: Server, table: Table) -> None:
    """The refusals above are refusals of bad input, not of everything."""
    move = a_legal_move_of(table.view)
    answer = server.ok(
        "POST", f"/api/tables/{table.id}/moves", table.host, {"move": move, "expect": 0}
    )
    assert answer["version"] == 1 and answer["move"] == move
    assert server.stored_moves(table.id) == 1


CREATE_REFUSALS = [
    ({"name": "Ana", "players": 11}, "players"),
    ({"name": "Ana", "players": 2}, "players"),
    ({"name": "Ana", "players": "5"}, "players"),
    ({"name": "Ana", "players": True}, "players"),
    ({"name": "   "}, "name"),
    ({"name": "A" * 25}, "name"),
    ({"name": "Ana\n"}, "name"),  # trimmed: fine; see below for a control character inside
    ({"name": "An\x07a"}, "name"),
    ({"players": 5}, "name"),
    ({"name": "Ana", "options": {"gold_draw": "nobody"}}, "options"),
    ({"name": "Ana", "options": {"speed": "fast"}}, "options"),
    ({"name": "Ana", "options": {"open_hands": "yes"}}, "options"),
    ({"name": "Ana", "bots": "ismcts:iterations=100000"}, "bots"),
    ({"name": "Ana", "bots": "genius"}, "bots"),
    ({"name": "Ana", "clock": 5}, "clock"),
    ({"name": "Ana", "clock": 7 * 24 * 3600 + 1}, "clock"),  # more than a week per move
    ({"name": "Ana", "bot_pause": -1}, "bot_pause"),
    ({"name": "Ana", "spectators": "no"}, "spectators"),
    ({"name": "Ana", "colour": "red"}, "colour"),
]


@pytest.mark.parametrize(("body", "field"), CREATE_REFUSALS)
def test_refused_tables(server: Server, body: dict[str, Any], field: str) -> None:
    response = server.call("POST", "/api/tables", body=body)
    if body.get("name") == "Ana\n":
        assert response.status_code == 201  # surrounding white space is trimmed
        return
    assert error_of(response) == (400, "bad_request")
    assert response.json()["error"]["message"].startswith(field)


def test_refused_bodies_of_create(server: Server) -> None:
    for content, expected in [
        (b"", (400, "bad_request")),
        (b"{name: 'Ana'}", (400, "bad_request")),
        (b"\xff\xfe", (400, "bad_request")),
        (b"null", (400, "bad_request")),
        # A creation may carry a Duel's deck file: its limit is 16,384 bytes, not 4,096.
        (json.dumps({"name": "Ana", "pad": "x" * 5000}).encode(), (400, "bad_request")),
        (json.dumps({"name": "Ana", "pad": "x" * 17000}).encode(), (413, "too_large")),
    ]:
        assert error_of(server.call("POST", "/api/tables", content=content)) == expected


def test_unknown_tables(server: Server) -> None:
    for table in ("aaaaaaaaaa", "nope", "a" * 200, "x%27%3B--x"):
        for method, path in [
            ("GET", ""),
            ("GET", "/view"),
            ("POST", "/join"),
            ("POST", "/start"),
            ("POST", "/moves"),
            ("POST", "/back"),
            ("GET", "/record"),
            ("GET", "/replay/0"),
        ]:
            response = server.call(method, f"/api/tables/{table}{path}", body={"name": "Bo"})
            assert error_of(response) == (404, "unknown_table"), (table, path)


def test_unknown_routes(server: Server) -> None:
    assert error_of(server.call("GET", "/api/nothing")) == (404, "not_found")
    assert error_of(server.call("DELETE", "/api/tables")) == (405, "bad_request")


def test_lobby_refusals(server: Server) -> None:
    created = server.create(players=3, spectators=False)
    table, host = created["table"], created["token"]
    guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    before = server.facts(table)
    assert error_of(server.call("POST", f"/api/tables/{table}/start", guest)) == (403, "not_host")
    assert error_of(server.call("POST", f"/api/tables/{table}/start")) == (401, "no_token")
    response = server.call("POST", f"/api/tables/{table}/moves", host, {"move": "0 pass"})
    assert error_of(response) == (409, "not_started")
    assert error_of(server.call("GET", f"/api/tables/{table}/view")) == (403, "no_spectators")
    assert error_of(server.call("GET", f"/api/tables/{table}/record")) == (409, "not_over")
    assert error_of(server.call("GET", f"/api/tables/{table}/replay/0")) == (409, "not_over")
    response = server.call("POST", f"/api/tables/{table}/join", body={"name": ""})
    assert error_of(response) == (400, "bad_request")
    assert server.facts(table) == before
    server.ok("POST", f"/api/tables/{table}/join", body={"name": "Cy"})
    response = server.call("POST", f"/api/tables/{table}/join", body={"name": "Di"})
    assert error_of(response) == (409, "table_full")
    server.ok("POST", f"/api/tables/{table}/start", host)
    response = server.call("POST", f"/api/tables/{table}/start", host)
    assert error_of(response) == (409, "already_started")


def test_joining_a_started_table(server: Server, table: Table) -> None:
    response = server.call("POST", f"/api/tables/{table.id}/join", body={"name": "Late"})
    assert error_of(response) == (409, "already_started")


def test_a_finished_game_refuses_moves(server: Server) -> None:
    created = server.create(players=3, bots="random")
    table, host = created["table"], created["token"]
    server.ok("POST", f"/api/tables/{table}/start", host)
    while (view := server.view(table, host))["table"]["status"] != "over":
        if view["legal"]:
            move = view["legal"][-1]["text"]
            server.ok("POST", f"/api/tables/{table}/moves", host, {"move": move})
    for move in ("0 pass", "1 pass"):
        response = server.call("POST", f"/api/tables/{table}/moves", host, {"move": move})
        assert error_of(response) == (409, "game_over")
    assert server.stored_moves(table) == view["version"]


# -- WebSocket ---------------------------------------------------------------------------


def closed_with(socket: Socket) -> tuple[int, str]:
    """The error a refused hello got, and the close code."""
    message = socket.receive()
    assert message["type"] == "error" and message["error"]["message"]
    with pytest.raises(ConnectionClosed) as closed:
        socket.receive()
    assert closed.value.rcvd is not None
    return closed.value.rcvd.code, message["error"]["code"]


def test_refused_hellos(server: Server, table: Table) -> None:
    private = new_table(server, spectators=False)
    cases = [
        ("aaaaaaaaaa", {"type": "hello"}, (4404, "unknown_table")),
        (table.id, {"type": "hello", "token": "x" * 32}, (4401, "bad_token")),
        (table.id, {"type": "hello", "token": private.host}, (4401, "bad_token")),
        (table.id, {"type": "hello", "token": ""}, (4401, "no_token")),
        (private.id, {"type": "hello"}, (4403, "no_spectators")),
        (table.id, {"type": "move", "move": "0 pass"}, (4400, "bad_request")),
        (table.id, "not json", (4400, "bad_request")),
        (table.id, {"type": "hello", "token": 5}, (4400, "bad_request")),
        (table.id, json.dumps({"type": "hello", "pad": "x" * 5000}), (4400, "too_large")),
    ]
    for table_id, hello, expected in cases:
        socket = server.socket(table_id, hello=False)
        socket.send(hello)
        assert closed_with(socket) == expected, hello


def test_refused_messages_change_nothing_and_keep_the_socket(server: Server, table: Table) -> None:
    host = server.socket(table.id, table.host)
    guest = server.socket(table.id, table.guest)
    spectator = server.socket(table.id)
    for socket in (host, guest, spectator):  # the welcome, then views until both seats show
        socket.until(lambda m: m["type"] == "view" and m["table"]["seats"][1]["connected"])
    before = snapshot(server, table)
    version = table.view["version"]
    legal = a_legal_move_of(table.view)
    cases = [
        (host, "{not json", "bad_request"),
        (host, b"\xff\x00", "bad_request"),
        (host, json.dumps([1, 2]), "bad_request"),
        (host, {"type": "dance"}, "bad_request"),
        (host, {"move": legal}, "bad_request"),
        (host, {"type": "move"}, "bad_request"),
        (host, {"type": "move", "move": legal, "extra": 1}, "bad_request"),
        (host, {"type": "hello", "token": table.host}, "bad_request"),
        (host, {"type": "move", "move": legal, "pad": "x" * 5000}, "too_large"),
        (host, {"type": "move", "move": "0 dance"}, "bad_move"),
        (host, {"type": "move", "move": "1 pass"}, "wrong_seat"),
        (host, {"type": "move", "move": an_illegal_move(table.view)}, "illegal_move"),
        (host, {"type": "move", "move": legal, "expect": version + 3}, "stale"),
        (host, {"type": "start"}, "already_started"),
        (guest, {"type": "move", "move": "1 pass"}, "not_your_turn"),
        (guest, {"type": "move", "move": legal}, "wrong_seat"),
        (guest, {"type": "start"}, "not_host"),
        (spectator, {"type": "move", "move": legal}, "no_token"),
        (spectator, {"type": "back"}, "no_token"),
    ]
    for socket, message, code in cases:
        socket.send(message)
        answer = socket.receive()
        assert answer["type"] == "error" and answer["error"]["code"] == code, (message, answer)
        socket.send({"type": "ping"})
        assert socket.receive() == {"type": "pong"}  # still open, and nothing else came
    for socket in (host, guest, spectator):  # no view reached anyone meanwhile
        socket.send({"type": "ping"})
        assert socket.receive() == {"type": "pong"}
    assert snapshot(server, table) == before
    host.send({"type": "move", "move": legal, "expect": version})
    for socket in (host, guest, spectator):
        assert socket.next_view()["version"] == version + 1
    assert server.stored_moves(table.id) == version + 1


def test_back_when_not_away_changes_nothing(server: Server, table: Table) -> None:
    host = server.socket(table.id, table.host)
    host.receive()
    view = host.next_view()
    before = snapshot(server, table)
    host.send({"type": "back"})
    assert host.next_view() == view  # the view as it was, for this socket only
    response = server.ok("POST", f"/api/tables/{table.id}/back", table.host)
    assert response == view["table"]
    assert snapshot(server, table) == before


def test_moves_in_notation_are_read_like_the_engine_reads_them(
    server: Server, table: Table
) -> None:
    legal = table.view["legal"][0]["text"]
    assert str(Move.parse(legal)) == legal


def test_a_failed_write_changes_nothing(
    server: Server, table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the database refuses a move, the move is refused: it is not half made."""
    before = snapshot(server, table)

    def broken(*args: Any, **keywords: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(Store, "commit", broken)
    move = a_legal_move_of(table.view)
    response = server.call("POST", f"/api/tables/{table.id}/moves", table.host, {"move": move})
    assert error_of(response) == (500, "server_error")
    monkeypatch.undo()
    assert snapshot(server, table) == before
    answer = server.ok("POST", f"/api/tables/{table.id}/moves", table.host, {"move": move})
    assert answer["version"] == 1
