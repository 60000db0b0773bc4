"""The table's own timing: the bots' pause, the clock per move, being away and back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, running_server
from websockets.exceptions import ConnectionClosed


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with running_server(tmp_path, min_clock=0.1, hello_timeout=0.3) as running:
        yield running


def test_bots_wait_their_pause(server: Server) -> None:
    created = server.create(players=3, bots="random", bot_pause=0.2)
    table, token = created["table"], created["token"]
    server.ok("POST", f"/api/tables/{table}/start", token)
    watcher = server.socket(table)
    watcher.receive()
    view = server.view(table, token)
    server.ok("POST", f"/api/tables/{table}/moves", token, {"move": view["legal"][0]["text"]})
    mine = watcher.until(lambda m: m["type"] == "view" and m["version"] == 1)
    bots = watcher.until(lambda m: m["type"] == "view" and m["version"] == 2)
    assert bots["move"].startswith("1 ")
    # A lower bound only: the pause give or take a quarter, and the event loop's
    # timers may fire a millisecond early.
    assert bots["accepted_at"] - mine["accepted_at"] >= 0.14


def test_a_bot_plays_for_a_person_whose_clock_ran_out_until_they_are_back(
    server: Server,
) -> None:
    created = server.create(players=3, bots="random", clock=0.5, bot_pause=0.0)
    table, token = created["table"], created["token"]
    host = server.socket(table, token)
    host.receive()
    host.send({"type": "start"})
    first = host.until(lambda m: m["type"] == "view" and m["observation"] is not None)
    assert first["observation"]["to_move"] == 0 and first["legal"]
    assert first["clock"]["seat"] == 0
    assert first["clock"]["deadline"] == pytest.approx(first["accepted_at"] + 0.5, abs=0.05)
    away = host.until(lambda m: m["type"] == "view" and m["table"]["seats"][0]["away"])
    assert away["version"] == 0 and away["legal"] == [] and away["clock"] is None
    played = host.until(lambda m: m["type"] == "view" and m["version"] == 1)
    assert played["move"].startswith("0 ")  # a bot moved for seat 0
    assert played["table"]["seats"][0]["away"] is True
    assert played["table"]["seats"][0]["away_because"] == "clock"
    facts = server.ok("POST", f"/api/tables/{table}/back", token)
    assert facts["seats"][0]["away"] is False
    mine = host.until(
        lambda m: m["type"] == "view" and m["observation"]["to_move"] == 0 and m["legal"]
    )
    assert not mine["table"]["seats"][0]["away"]
    assert mine["clock"]["seat"] == 0
    assert all(not s["away"] for s in server.facts(table)["seats"])


def test_a_move_while_away_brings_the_person_back(server: Server) -> None:
    """A long bot pause: the person's own move comes first, and ends being away."""
    created = server.create(players=3, clock=0.3, bot_pause=30.0)
    table, token = created["table"], created["token"]
    guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    server.ok("POST", f"/api/tables/{table}/join", body={"name": "Cy"})
    server.ok("POST", f"/api/tables/{table}/start", token)
    choice = server.view(table, token)["legal"][0]["text"]
    server.wait_for(lambda: server.facts(table)["seats"][0]["away"], "seat 0 to be away")
    assert server.view(table, token)["legal"] == []
    view = server.ok("POST", f"/api/tables/{table}/moves", token, {"move": choice})
    assert view["version"] == 1 and view["table"]["seats"][0]["away"] is False
    assert server.stored_moves(table) == 1
    server.wait_for(lambda: server.facts(table)["seats"][1]["away"], "seat 1 to be away")
    facts = server.ok("POST", f"/api/tables/{table}/back", guest)
    assert [s["away"] for s in facts["seats"]] == [False, False, False]
    back = server.view(table, guest)
    assert back["legal"] and back["clock"]["seat"] == 1
    assert back["version"] == 1  # the bot waiting its 30 s never moved


def test_a_silent_socket_is_closed(server: Server) -> None:
    created = server.create(players=3)
    socket = server.socket(created["table"], hello=False)
    with pytest.raises(ConnectionClosed) as closed:
        socket.receive()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408
