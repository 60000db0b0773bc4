"""Saboteur 2 tables on the server: the edition asked for, checked with its seats,
stored with the table (old databases too), named in views, replays and records,
and bots in its seats."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from server_helpers import Server, error_of, running_server

from pysaboteur.rules import game_from_record
from pysaboteur.server.store import Store


@pytest.fixture
def server(tmp_path: Path) -> Any:
    with running_server(tmp_path) as running:
        yield running


def host_moves(server: Server, table: str, token: str, count: int | None) -> dict[str, Any]:
    """The host makes ``count`` moves (None: to the end), waiting for the bots between."""
    made = 0
    while True:
        view = server.view(table, token)
        if view["table"]["status"] == "over" or made == count:
            return view
        if view["legal"]:
            body = {"move": view["legal"][-1]["text"], "expect": view["version"]}
            server.ok("POST", f"/api/tables/{table}/moves", token, body)
            made += 1


def host_to_move(server: Server, table: str, token: str) -> dict[str, Any]:
    """The host's view once it is the host's turn (nothing moves until it plays)."""
    server.wait_for(lambda: bool(server.view(table, token)["legal"]), "the host's turn")
    return server.view(table, token)


def test_a_saboteur2_table_is_created_and_named_everywhere(server: Server) -> None:
    created = server.create(edition="saboteur2", players=2)
    table, token = created["table"], created["token"]
    facts = server.facts(table)
    assert facts["edition"] == "saboteur2" and facts["players"] == 2
    assert facts["bots"] == server.settings.default_bot  # none asked for: the first offered
    server.ok("POST", f"/api/tables/{table}/start", token)
    view = server.view(table, token)
    assert view["observation"]["edition"] == "saboteur2"
    assert view["observation"]["gold_pieces"] == [0, 0]
    assert len(view["observation"]["hand"]) == 6  # Saboteur 2 deals 6 at every count
    end = host_moves(server, table, token, None)
    assert end["observation"]["phase"] == "over"
    record = server.ok("GET", f"/api/tables/{table}/record")
    assert record["edition"] == "saboteur2"
    assert game_from_record(record).nuggets == end["observation"]["nuggets"]
    replay = server.ok("GET", f"/api/tables/{table}/replay/1")
    assert replay["observation"]["edition"] == "saboteur2"


def test_the_base_game_stays_the_default(server: Server) -> None:
    created = server.create(players=3)
    assert server.facts(created["table"])["edition"] == "base"
    assert server.facts(created["table"])["bots"] == server.settings.default_bot


@pytest.mark.parametrize(
    ("edition", "players", "accepted"),
    [
        ("saboteur2", 2, True), ("saboteur2", 12, True), ("saboteur2", 1, False),
        ("saboteur2", 13, False), ("base", 3, True), ("base", 10, True), ("base", 2, False),
        ("base", 11, False),
    ],
)  # fmt: skip
def test_seats_are_checked_by_edition(
    server: Server, edition: str, players: int, accepted: bool
) -> None:
    response = server.call(
        "POST", "/api/tables", body={"name": "Ana", "edition": edition, "players": players}
    )
    if accepted:
        assert response.status_code == 201
        assert server.facts(response.json()["table"])["players"] == players
        return
    assert error_of(response) == (400, "bad_request")
    message = response.json()["error"]["message"]
    low, high = (2, 12) if edition == "saboteur2" else (3, 10)
    assert message.startswith("players: ") and f"{low} to {high} players" in message, message


@pytest.mark.parametrize("edition", ["saboteur3", "Saboteur2", "sab2", 2, None])
def test_an_unknown_edition_is_refused(server: Server, edition: Any) -> None:
    response = server.call("POST", "/api/tables", body={"name": "Ana", "edition": edition})
    assert error_of(response) == (400, "bad_request")
    assert response.json()["error"]["message"].startswith("edition")
    assert server.live_table_ids() == []  # nothing was made


def test_a_table_of_bots_only_plays_saboteur2_at_twelve(server: Server) -> None:
    body = {"all_bots": True, "edition": "saboteur2", "players": 12, "bots": "heuristic"}
    table = server.ok("POST", "/api/tables", body=body)["table"]
    server.wait_for(lambda: server.facts(table)["status"] == "over", "the bots' game to end")
    record = server.ok("GET", f"/api/tables/{table}/record")
    assert record["edition"] == "saboteur2" and record["players"] == 12
    assert game_from_record(record).is_over


def test_the_edition_comes_back_after_a_restart(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        lobby = server.create(edition="saboteur2", players=5)
        game = server.create(edition="saboteur2", players=3)
        server.ok("POST", f"/api/tables/{game['table']}/start", game["token"])
        host_moves(server, game["table"], game["token"], 5)
        before = host_to_move(server, game["table"], game["token"])
        lobby_before = server.facts(lobby["table"])
    with running_server(tmp_path) as server:
        assert server.facts(lobby["table"]) == lobby_before
        assert server.facts(lobby["table"])["edition"] == "saboteur2"
        after = server.view(game["table"], game["token"])
        assert after["observation"] == before["observation"]
        assert after["observation"]["edition"] == "saboteur2"
        end = host_moves(server, game["table"], game["token"], None)
        assert server.ok("GET", f"/api/tables/{game['table']}/record")["edition"] == "saboteur2"
        assert end["version"] == server.stored_moves(game["table"])


def test_a_database_from_before_editions_still_loads(tmp_path: Path) -> None:
    """A database written before tables had an edition: the column is added, its
    tables are base games, and they play on."""
    with running_server(tmp_path) as server:
        game = server.create(players=3, bots="random")
        server.ok("POST", f"/api/tables/{game['table']}/start", game["token"])
        host_moves(server, game["table"], game["token"], 3)
        before = host_to_move(server, game["table"], game["token"])
    database = tmp_path / "saboteur.db"
    with sqlite3.connect(database) as db:  # back to the schema of the first release
        db.execute("ALTER TABLE tables DROP COLUMN edition")
        columns = [row[1] for row in db.execute("PRAGMA table_info(tables)")]
    assert "edition" not in columns
    with running_server(tmp_path) as server:
        assert server.facts(game["table"])["edition"] == "base"
        assert server.view(game["table"], game["token"])["observation"] == before["observation"]
        host_moves(server, game["table"], game["token"], 2)
        made = server.create(edition="saboteur2", players=2)
        assert server.facts(made["table"])["edition"] == "saboteur2"
    store = Store(f"sqlite:///{database}")
    try:
        old = store.load(game["table"])
        assert old is not None and old.edition == "base"
    finally:
        store.close()
