"""The web table on PostgreSQL: a game stopped half-way carries on after a restart.

Runs only when ``PYSABOTEUR_TEST_POSTGRES`` names a database to use, e.g.
``postgresql+psycopg://postgres@127.0.0.1:5432/saboteur`` (its tables are
created if missing; tables of earlier runs stay, each game has its own id).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from server_helpers import running_server
from test_server_restart import host_moves, host_to_move

from pysaboteur.rules import game_from_record

URL = os.environ.get("PYSABOTEUR_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not URL, reason="set PYSABOTEUR_TEST_POSTGRES to a database URL")


def test_a_game_on_postgresql_survives_a_restart(tmp_path: Path) -> None:
    with running_server(tmp_path, database_url=URL) as server:
        created = server.create(players=3, bots="random")
        table, token = created["table"], created["token"]
        server.ok("POST", f"/api/tables/{table}/start", token)
        host_moves(server, table, token, 10)
        before = host_to_move(server, table, token)
        assert server.stored_moves(table) == before["version"]
    with running_server(tmp_path, database_url=URL) as server:
        assert server.view(table, token) == before
        end = host_moves(server, table, token, None)
        assert end["observation"]["phase"] == "over"
        assert server.stored_moves(table) == end["version"]
        record = server.ok("GET", f"/api/tables/{table}/record")
        assert game_from_record(record).nuggets == end["observation"]["nuggets"]
