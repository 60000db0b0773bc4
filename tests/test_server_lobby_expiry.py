"""Lobbies left idle are closed: a table never started, with no change and no page
open on it for a day, is marked ``expired`` (its rows kept), dropped from the
server's memory, not brought back at startup, and refused to anyone who asks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server_helpers import FakeClock, Server, error_of, running_server
from websockets.exceptions import ConnectionClosed

from pysaboteur.cli import build_parser
from pysaboteur.server.store import EXPIRED, HUMAN, OPEN, StoredTable

HOUR = 3600.0
DAY = 24 * HOUR  # the default --lobby-expiry


def expire(server: Server) -> int:
    """The server's own look for idle lobbies, now; how many it closed."""
    return server.in_server(lambda hub: hub.expire_idle_lobbies())


def stored(server: Server, table: str) -> StoredTable:
    found = server.read_store(lambda store: store.load(table))
    assert found is not None
    return found


def assert_refused_as_expired(server: Server, table: dict[str, Any]) -> None:
    path = f"/api/tables/{table['table']}"
    expired = (410, "table_expired")
    assert error_of(server.call("GET", path)) == expired
    assert error_of(server.call("POST", f"{path}/join", body={"name": "Bo"})) == expired
    assert error_of(server.call("POST", f"{path}/start", table["token"])) == expired
    assert error_of(server.call("GET", f"{path}/view", table["token"])) == expired


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def server(tmp_path: Path, clock: FakeClock) -> Any:
    with running_server(tmp_path, clock) as running:
        yield running


def test_a_lobby_unchanged_for_a_day_is_closed_and_kept(server: Server, clock: FakeClock) -> None:
    table = server.create(players=3)
    clock.advance(DAY - 1)
    assert expire(server) == 0
    assert server.facts(table["table"])["status"] == "lobby"
    clock.advance(1)
    assert expire(server) == 1
    assert server.hub is not None and table["table"] not in server.hub.tables
    assert_refused_as_expired(server, table)
    kept = stored(server, table["table"])
    assert kept.status == EXPIRED
    assert [(seat.name, seat.kind) for seat in kept.seats] == [
        ("Ana", HUMAN),
        (None, OPEN),
        (None, OPEN),
    ]
    assert server.live_table_ids() == []
    assert expire(server) == 0  # closed once


def test_a_younger_lobby_stays(server: Server, clock: FakeClock) -> None:
    old = server.create(players=3)
    clock.advance(HOUR)
    young = server.create(players=3)
    clock.advance(DAY - HOUR)
    assert expire(server) == 1
    assert_refused_as_expired(server, old)
    server.ok("POST", f"/api/tables/{young['table']}/join", body={"name": "Bo"})
    assert server.facts(young["table"])["status"] == "lobby"


def test_a_change_starts_the_day_again(server: Server, clock: FakeClock) -> None:
    table = server.create(players=3)
    clock.advance(20 * HOUR)
    server.ok("POST", f"/api/tables/{table['table']}/join", body={"name": "Bo"})
    clock.advance(DAY - 1)  # a day and 20 hours after the creation
    assert expire(server) == 0
    clock.advance(1)
    assert expire(server) == 1


def test_a_started_game_never_expires(server: Server, clock: FakeClock) -> None:
    # No bot for the host offline those 30 days (test_host.py): the game stays in play.
    table = server.create(players=3, bots="random", away_after=None)
    server.ok("POST", f"/api/tables/{table['table']}/start", table["token"])
    clock.advance(30 * DAY)
    assert expire(server) == 0
    assert server.facts(table["table"])["status"] == "playing"


def test_a_lobby_with_a_page_open_is_not_closed(server: Server, clock: FakeClock) -> None:
    table = server.create(players=3)
    host = server.socket(table["table"], table["token"])
    host.until(lambda message: message["type"] == "view")
    clock.advance(2 * DAY)
    assert expire(server) == 0
    host.close()
    server.wait_for(
        lambda: not server.facts(table["table"])["seats"][0]["connected"], "the page to close"
    )
    assert expire(server) == 0  # the page closing was a change
    clock.advance(DAY)
    assert expire(server) == 1


def test_a_socket_to_a_closed_table_is_refused(server: Server, clock: FakeClock) -> None:
    table = server.create(players=3)
    clock.advance(DAY)
    assert expire(server) == 1
    socket = server.socket(table["table"], table["token"])
    error = socket.receive()
    assert error["type"] == "error" and error["error"]["code"] == "table_expired"
    with pytest.raises(ConnectionClosed) as closed:
        socket.receive()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404


def test_startup_closes_the_lobbies_idle_for_a_day(tmp_path: Path, clock: FakeClock) -> None:
    with running_server(tmp_path, clock) as server:
        old = server.create(players=3)
        # No bot for the host offline those hours (test_host.py): the game stays in play.
        game = server.create(players=3, bots="random", away_after=None)
        server.ok("POST", f"/api/tables/{game['table']}/start", game["token"])
        clock.advance(12 * HOUR)
        young = server.create(players=3)
    clock.advance(12 * HOUR)  # the server is down: a day after the first two tables
    with running_server(tmp_path, clock) as server:
        assert server.hub is not None
        assert set(server.hub.tables) == {game["table"], young["table"]}
        assert stored(server, old["table"]).status == EXPIRED
        assert_refused_as_expired(server, old)
        assert server.facts(game["table"])["status"] == "playing"
        assert server.facts(young["table"])["status"] == "lobby"


def test_zero_keeps_lobbies_for_ever(tmp_path: Path, clock: FakeClock) -> None:
    with running_server(tmp_path, clock, lobby_expiry=0) as server:
        table = server.create(players=3)
    clock.advance(365 * DAY)
    with running_server(tmp_path, clock, lobby_expiry=0) as server:
        assert expire(server) == 0
        server.ok("POST", f"/api/tables/{table['table']}/join", body={"name": "Bo"})
        assert server.facts(table["table"])["status"] == "lobby"


def test_the_server_looks_for_idle_lobbies_while_it_runs(tmp_path: Path, clock: FakeClock) -> None:
    with running_server(tmp_path, clock, expiry_check_every=0.05) as server:
        table = server.create(players=3)
        clock.advance(DAY)
        server.wait_for(
            lambda: server.call("GET", f"/api/tables/{table['table']}").status_code == 410,
            "the lobby to be closed",
        )
        assert stored(server, table["table"]).status == EXPIRED


def test_the_serve_option() -> None:
    parser = build_parser()
    assert parser.parse_args(["serve"]).lobby_expiry == 24.0
    assert parser.parse_args(["serve", "--lobby-expiry", "0"]).lobby_expiry == 0.0
    with pytest.raises(SystemExit):
        parser.parse_args(["serve", "--lobby-expiry", "-1"])
