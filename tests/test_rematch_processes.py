"""Play again and open tables served by two processes on one PostgreSQL database.

The proposal made through one process reaches the sockets of the finished table
on the other; an invitation is accepted through the other; two proposals racing
through both give one next game; the lobby of either lists the tables of both.

Runs only when ``PYSABOTEUR_TEST_POSTGRES`` names a PostgreSQL database.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from rematch_helpers import QUICK_CLOCKS, finished_game, seats_of
from server_helpers import Server, new_postgres_database, running_server

from pysaboteur.server.store import HUMAN, INVITED, LOBBY

URL = os.environ.get("PYSABOTEUR_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not URL, reason="set PYSABOTEUR_TEST_POSTGRES to a database URL")


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    assert URL is not None
    with new_postgres_database(URL) as database, ExitStack() as stack:
        servers = [
            stack.enter_context(
                running_server(tmp_path / name, database_url=database, **QUICK_CLOCKS)
            )
            for name in ("a", "b")
        ]
        first, second = servers
        first.wait_for(
            lambda: (
                first.hub is not None
                and second.hub is not None
                and len(first.hub.bus.peers()) == len(second.hub.bus.peers()) == 2
            ),
            "the two processes to hear each other",
        )
        yield first, second


def test_a_proposal_through_one_process_is_heard_and_accepted_through_the_other(
    two: tuple[Server, Server],
) -> None:
    first, second = two
    old = finished_game(first, "Bo")
    watcher = second.socket(old.table)
    assert watcher.receive()["type"] == "welcome"
    new = first.ok("POST", f"/api/tables/{old.table}/rematch", old.tokens["Ana"])["table"]
    heard = watcher.until(lambda m: m["type"] == "view" and m["table"]["rematch"] is not None)
    assert heard["table"]["rematch"] == {"table": new, "by": 0}
    assert seats_of(second, new)[1] == ("Bo", INVITED)
    assert second.ok("POST", f"/api/tables/{new}/accept", old.tokens["Bo"])["seat"] == 1
    first.wait_for(lambda: seats_of(first, new)[1] == ("Bo", HUMAN), "the acceptance on both")
    first.ok("POST", f"/api/tables/{new}/start", old.tokens["Ana"])
    second.wait_for(lambda: second.facts(new)["status"] != LOBBY, "the start on both")


def test_two_proposals_racing_through_two_processes_make_one_next_game(
    two: tuple[Server, Server],
) -> None:
    first, second = two
    old = finished_game(first, "Bo")
    second.wait_for(lambda: second.facts(old.table)["status"] == "over", "the end on both")
    answers: list[Any] = []
    barrier = threading.Barrier(2)

    def propose(server: Server, token: str) -> None:
        barrier.wait()
        answers.append(server.ok("POST", f"/api/tables/{old.table}/rematch", token))

    threads = [
        threading.Thread(target=propose, args=(first, old.tokens["Ana"])),
        threading.Thread(target=propose, args=(second, old.tokens["Bo"])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == 2 and answers[0] == answers[1]
    new = answers[0]["table"]
    for server in (first, second):
        server.wait_for(
            lambda server=server: server.facts(old.table)["rematch"] == answers[0], "one link"
        )
    # The loser's table, if one was made, is closed: the database holds one lobby.
    tables = first.read_store(
        lambda store: [
            (t.id, t.status)
            for t in map(store.load, store.live_table_ids())
            if t is not None and t.rematch_of == old.table
        ]
    )
    assert tables == [(new, LOBBY)]


def test_the_lobby_of_either_process_lists_the_tables_of_both(
    two: tuple[Server, Server],
) -> None:
    first, second = two
    one = first.create(players=3, listed=True)["table"]
    other = second.create(players=4, listed=True)["table"]

    def listed(server: Server) -> set[str]:
        return {entry["table"] for entry in server.ok("GET", "/api/lobby")["tables"]}

    for server in (first, second):
        server.wait_for(lambda server=server: {one, other} <= listed(server), "both listed")
