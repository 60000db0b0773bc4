"""Open tables (server/lobby.py): listed by their hosts, shown to anyone, nothing hidden."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest
from rematch_helpers import QUICK_CLOCKS, finished_game
from server_helpers import Server, error_of, running_server

from pysaboteur.server.config import WEB_DIR
from pysaboteur.server.lobby import FRESH_FOR, LobbyList

#: Everything an entry of the lobby says, and nothing else.
ENTRY_KEYS = {"table", "status", "edition", "players", "free", "names", "language", "clock"}
ENTRY_KEYS |= {"spectators"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("lobby")
    with running_server(folder, web_dir=WEB_DIR, **QUICK_CLOCKS) as running:
        yield running


def entry(server: Server, table: str) -> dict[str, Any] | None:
    found = [each for each in server.ok("GET", "/api/lobby")["tables"] if each["table"] == table]
    return found[0] if found else None


def listed_soon(server: Server, table: str, listed: bool) -> dict[str, Any] | None:
    """The table's entry once the lobby's list (kept a second) says it is ``listed``."""
    server.wait_for(lambda: (entry(server, table) is not None) == listed, f"listed={listed}")
    return entry(server, table)


def test_a_table_made_open_is_listed_with_its_facts(server: Server) -> None:
    made = server.create(players=4, edition="saboteur2", clock=60, listed=True)
    table = made["table"]
    assert listed_soon(server, table, True) == {
        "table": table,
        "status": "lobby",
        "edition": "saboteur2",
        "players": 4,
        "free": 3,
        "names": ["Ana"],
        "language": "en",
        "clock": 60.0,
        "spectators": True,
    }
    assert server.facts(table)["listed"] is True


def test_a_table_is_listed_in_its_hosts_language(server: Server) -> None:
    response = server.http.post(
        "/api/tables",
        json={"name": "Elif", "players": 3, "listed": True},
        headers={"Accept-Language": "tr"},
    )
    table = response.json()["table"]
    found = listed_soon(server, table, True)
    assert found is not None and found["language"] == "tr"


def test_a_table_not_made_open_is_not_listed_until_its_host_says_so(server: Server) -> None:
    made = server.create(players=3)
    table, host = made["table"], made["token"]
    assert listed_soon(server, table, False) is None
    guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    refused = server.call("POST", f"/api/tables/{table}/listed", guest, {"listed": True})
    assert error_of(refused) == (403, "not_host")
    facts = server.ok("POST", f"/api/tables/{table}/listed", host, {"listed": True})
    assert facts["listed"] is True
    found = listed_soon(server, table, True)
    assert found is not None and (found["free"], found["names"]) == (1, ["Ana", "Bo"])
    server.ok("POST", f"/api/tables/{table}/listed", host, {"listed": False})
    assert listed_soon(server, table, False) is None


def test_a_started_table_says_so_and_the_switch_is_gone(server: Server) -> None:
    made = server.create(players=3, bots="random", listed=True, clock=None)
    table, host = made["table"], made["token"]
    server.ok("POST", f"/api/tables/{table}/start", host)
    server.wait_for(
        lambda: (entry(server, table) or {}).get("status") == "playing", "listed as playing"
    )
    found = entry(server, table)
    assert found is not None and (found["free"], found["names"]) == (0, ["Ana"])
    late = server.call("POST", f"/api/tables/{table}/listed", host, {"listed": False})
    assert error_of(late) == (409, "already_started")


def test_a_full_lobby_says_no_seat_is_free(server: Server) -> None:
    made = server.create(players=3, listed=True)
    table = made["table"]
    for name in ("Bo", "Cy"):
        server.ok("POST", f"/api/tables/{table}/join", body={"name": name})
    server.wait_for(lambda: (entry(server, table) or {}).get("free") == 0, "no seat free")
    found = entry(server, table)
    assert found is not None and found["names"] == ["Ana", "Bo", "Cy"]


def test_a_finished_game_leaves_the_lobby_and_its_rematch_is_listed_too(server: Server) -> None:
    old = finished_game(server, "Bo", listed=True)
    assert listed_soon(server, old.table, False) is None
    new = server.ok("POST", f"/api/tables/{old.table}/rematch", old.tokens["Ana"])["table"]
    found = listed_soon(server, new, True)
    # Bo's seat is kept for him: not free, and not a name seated until he accepts.
    assert found is not None and (found["free"], found["names"]) == (1, ["Ana"])


def test_the_lobby_says_nothing_hidden(server: Server) -> None:
    made = server.create(players=3, bots="random", listed=True)
    table, host = made["table"], made["token"]
    guest = server.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    server.ok("POST", f"/api/tables/{table}/start", host)
    server.wait_for(lambda: (entry(server, table) or {}).get("status") == "playing", "playing")
    lobby = server.ok("GET", "/api/lobby")
    text = json.dumps(lobby)
    for entry_ in lobby["tables"]:
        assert set(entry_) == ENTRY_KEYS
    for secret in (host, guest):
        assert secret not in text
    hand = server.view(table, host)["observation"]["hand"]
    stored = server.read_store(lambda store: store.load(table))
    assert stored is not None and stored.seed is not None
    assert str(stored.seed) not in text and "token" not in text and "seed" not in text
    assert "hand" not in text and not any(f'"{card}"' in text for card in hand)


def test_the_lobby_reads_the_database_once_a_second_at_most() -> None:
    reads: list[float] = []
    now = [100.0]

    class CountingStore:
        async def read(self, read: Any, *args: Any) -> list[dict[str, Any]]:
            reads.append(now[0])
            return [{"table": f"t{len(reads)}"}]

    listing = LobbyList(CountingStore(), clock=lambda: now[0])  # type: ignore[arg-type]

    async def look(at: float) -> str:
        now[0] = at
        return str((await listing.entries())[0]["table"])

    seen = [asyncio.run(look(at)) for at in (100.0, 100.5, 100.0 + FRESH_FOR, 101.2)]
    assert seen == ["t1", "t1", "t2", "t2"]
    assert reads == [100.0, 100.0 + FRESH_FOR]


def test_the_lobby_page_is_served_in_the_requesters_language(server: Server) -> None:
    page = server.http.get("/lobby", headers={"Accept-Language": "it"})
    assert page.status_code == 200 and '<html lang="it"' in page.text
    assert 'src="/static/js/open_tables.js"' in page.text
