"""Several server processes on one PostgreSQL database (docs/server.md).

Two servers, each with its own hub, bus and event loop, share a database made
for the test: a table made on one is served by the other, a move made through
either reaches the sockets of both at once and in the database's order, two
moves racing for the same turn are one accepted and one refused, each table is
driven by exactly one of them, and a table whose driver stops is taken over.

Runs only when ``PYSABOTEUR_TEST_POSTGRES`` names a PostgreSQL database (its
server is used to create and drop a database per test).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from server_helpers import (
    WAIT,
    Server,
    error_of,
    legal_texts,
    new_postgres_database,
    running_server,
)
from test_audit_scripts import figure, run_script

from pysaboteur.rules import Move

URL = os.environ.get("PYSABOTEUR_TEST_POSTGRES")
pytestmark = pytest.mark.skipif(not URL, reason="set PYSABOTEUR_TEST_POSTGRES to a database URL")


@pytest.fixture
def database() -> Iterator[str]:
    """The URL of a new, empty database on the test's PostgreSQL server."""
    assert URL is not None
    with new_postgres_database(URL) as url:
        yield url


@pytest.fixture
def two(tmp_path: Path, database: str) -> Iterator[tuple[Server, Server]]:
    with ExitStack() as stack:
        first = stack.enter_context(running_server(tmp_path / "a", database_url=database))
        second = stack.enter_context(running_server(tmp_path / "b", database_url=database))
        first.wait_for(lambda: peers(first) == peers(second) and len(peers(first)) == 2, "peers")
        yield first, second


def peers(server: Server) -> frozenset[str]:
    assert server.hub is not None
    return server.hub.bus.peers()


def driven_by(server: Server, table: str) -> bool:
    assert server.hub is not None
    live = server.hub.tables.get(table)
    return live is not None and live.driver.enabled


def test_a_move_through_one_process_reaches_the_sockets_of_the_other(
    two: tuple[Server, Server],
) -> None:
    first, second = two
    created = first.create(players=3, bots="random", away_after=None)
    table, host = created["table"], created["token"]
    guest = second.ok("POST", f"/api/tables/{table}/join", body={"name": "Bo"})["token"]
    host_socket = first.socket(table, host)
    guest_socket = second.socket(table, guest)
    # Each process hears of the other's socket: both seats are online on both.
    for server in (first, second):
        first.wait_for(
            lambda server=server: (
                [s["connected"] for s in server.facts(table)["seats"]][:2] == [True, True]
            ),
            "both seats online on both processes",
        )
    second.ok("POST", f"/api/tables/{table}/start", host)  # the host, through the other
    hosts_turns = 0
    while first.facts(table)["version"] < 30:
        view = host_socket.next_view()
        if view["table"]["status"] == "over":
            break
        if view["observation"] is None:
            continue  # a view from the lobby
        to_move = view["observation"]["to_move"]
        if to_move == 0 and view["legal"]:
            move = {"move": legal_texts(view)[0], "expect": view["version"]}
            if hosts_turns % 2 == 0:  # through its socket on the first process
                host_socket.send({"type": "move", **move})
            else:  # over HTTP through the second
                second.ok("POST", f"/api/tables/{table}/moves", host, move)
            hosts_turns += 1
        elif to_move == 1:
            mine = guest_socket.until(
                lambda m, v=view["version"]: m["type"] == "view" and m["version"] == v
            )
            guest_socket.send(
                {"type": "move", "move": legal_texts(mine)[0], "expect": mine["version"]}
            )
    last = first.facts(table)["version"]
    guest_socket.until(lambda m: m["type"] == "view" and m["version"] >= last)
    # The guest's socket on the second process saw every version, in order.
    versions = [m["version"] for m in guest_socket.received if m["type"] == "view"]
    assert versions == sorted(versions)
    assert set(range(versions[0], last + 1)) <= set(versions)
    assert first.stored_moves(table) >= last  # (the bot may have moved since)
    assert hosts_turns >= 4
    # Both processes tell the same game.
    first.wait_for(
        lambda: first.view(table, guest)["observation"] == second.view(table, guest)["observation"],
        "the same view on both",
    )


def test_two_moves_racing_for_one_turn_through_two_processes(
    two: tuple[Server, Server],
) -> None:
    first, second = two
    created = first.create(players=3, bots="random", away_after=None)
    table, host = created["table"], created["token"]
    first.ok("POST", f"/api/tables/{table}/start", host)
    for _ in range(5):
        view = first.view(table, host)
        while not view["legal"]:
            time.sleep(0.02)
            view = first.view(table, host)
        first.wait_for(
            lambda view=view: second.view(table, host)["version"] == view["version"], "both"
        )
        texts = legal_texts(view)
        answers: list[tuple[int, str]] = []

        def send(
            server: Server,
            move: str,
            version: int = view["version"],
            into: list[tuple[int, str]] = answers,
        ) -> None:
            body = {"move": move, "expect": version}
            answer = server.call("POST", f"/api/tables/{table}/moves", host, body)
            into.append((answer.status_code, move))

        racers = [
            threading.Thread(target=send, args=(first, texts[0])),
            threading.Thread(target=send, args=(second, texts[-1])),
        ]
        for racer in racers:
            racer.start()
        for racer in racers:
            racer.join(WAIT)
        # One accepted, one refused as stale; the accepted one is the move stored.
        assert sorted(status for status, _ in answers) == [200, 409]
        accepted = next(move for status, move in answers if status == 200)
        stored = first.read_store(lambda store: store.load(table))
        assert stored is not None
        assert stored.moves[view["version"]] == str(Move.parse(accepted))


def test_each_table_is_driven_by_one_process_and_taken_over_when_it_stops(
    tmp_path: Path, database: str
) -> None:
    with running_server(tmp_path / "a", database_url=database, bot_pause=0.05) as first:
        with running_server(tmp_path / "b", database_url=database, bot_pause=0.05) as second:
            first.wait_for(lambda: len(peers(first)) == len(peers(second)) == 2, "peers")
            tables = [
                first.create(all_bots=True, players=3, bots="random")["table"] for _ in range(8)
            ]
            first.wait_for(
                lambda: all(driven_by(first, t) != driven_by(second, t) for t in tables),
                "each table driven by one process",
            )
            on_first = [t for t in tables if driven_by(first, t)]
            assert 0 < len(on_first) < len(tables)  # both drive some
            moves = {t: second.stored_moves(t) for t in on_first}
        # The second process stopped: the first takes its tables over, and they go on.
        first.wait_for(lambda: len(peers(first)) == 1, "the second process taken for gone")
        first.wait_for(lambda: all(driven_by(first, t) for t in tables), "all driven by the first")
        on_second = [t for t in tables if t not in on_first]
        before = {t: first.stored_moves(t) for t in on_second}
        first.wait_for(
            lambda: all(
                first.stored_moves(t) > before[t] or first.facts(t)["status"] == "over"
                for t in on_second
            ),
            "the tables taken over move on",
        )
        assert all(first.stored_moves(t) >= moves[t] for t in on_first)


def test_a_refusal_through_either_process_is_the_same(two: tuple[Server, Server]) -> None:
    first, second = two
    created = first.create(players=3, bots="random")
    table = created["table"]
    for server in (first, second):
        assert error_of(server.call("POST", f"/api/tables/{table}/start")) == (401, "no_token")
        joined = server.call("POST", f"/api/tables/{table}/join", body={"name": "Ana"})
        assert error_of(joined) == (409, "name_taken")


def test_a_seat_taken_through_one_process_is_known_at_once_by_the_other(
    two: tuple[Server, Server],
) -> None:
    # The other process may not have heard of the join yet: an unknown token makes it
    # look at the store before refusing.
    first, second = two
    table = first.create(players=4, bots="random")["table"]
    for name in ("Bo", "Cem", "Dan"):
        token = first.ok("POST", f"/api/tables/{table}/join", body={"name": name})["token"]
        seats = second.view(table, token)["table"]["seats"]
        assert name in [seat["name"] for seat in seats]
    assert error_of(second.call("GET", f"/api/tables/{table}/view", "x" * 32)) == (
        403,
        "bad_token",
    )


def test_a_client_that_moved_through_one_process_reads_its_move_through_the_other(
    two: tuple[Server, Server],
) -> None:
    # The second process is kept from hearing the first's moves: without ``after`` it
    # answers from its copy, which has not heard yet; with it, it reads the store.
    first, second = two
    created = first.create(players=3, bots="random", away_after=None)
    table, host = created["table"], created["token"]
    first.ok("POST", f"/api/tables/{table}/start", host)
    held: list[dict[str, object]] = []
    assert second.hub is not None
    bus = second.hub.bus
    hear = bus._receive  # type: ignore[union-attr]
    assert hear is not None

    async def deaf_to_moves(message: dict[str, object]) -> None:
        if message.get("k") == "change":
            held.append(message)
        else:
            await hear(message)

    before = second.view(table, host)["version"]
    assert before == 0 and first.view(table, host)["observation"]["to_move"] == 0
    bus._receive = deaf_to_moves  # type: ignore[union-attr]
    try:
        made = first.ok(
            "POST",
            f"/api/tables/{table}/moves",
            host,
            {"move": legal_texts(first.view(table, host))[0]},
        )
        assert made["version"] >= 1
        first.wait_for(lambda: bool(held), "the first's notice, held back")
        assert second.view(table, host)["version"] == 0  # a copy that has not heard
        seen = second.ok("GET", f"/api/tables/{table}/view?after={made['version']}", host)
        assert seen["version"] >= made["version"]
        assert seen["observation"]["history"][0][0] == made["observation"]["history"][0][0]
        assert second.ok("GET", f"/api/tables/{table}?after=1")["version"] >= 1
    finally:
        bus._receive = hear  # type: ignore[union-attr]


def test_the_crash_test_kills_one_of_two_processes_and_loses_nothing(database: str) -> None:
    # A short run of the release check (docs/audit.md); its long run is documented.
    output = run_script(
        "crash_test.py", "--kills", "2", "--workers", "2", "--tables", "2",
        "--database", database, "--quiet", timeout=400,
    )  # fmt: skip
    assert figure(output, "kill -9") == "2"
    assert int(figure(output, "acknowledged moves checked")) > 0
    assert figure(output, "acknowledged moves lost") == "0"
    assert figure(output, "tables that did not go on after a restart") == "0"
    assert int(figure(output, "clients reconnected after a kill")) > 0


def test_talk_at_a_table_another_process_moves_all_the_time_is_stored(
    two: tuple[Server, Server],
) -> None:
    # Its bots move without a pause through their process; each line said through the
    # other process loses the race to store itself, then waits its turn with the
    # table's row locked, and is stored.
    first, second = two
    table = first.create(all_bots=True, players=10, bots="random")["table"]
    first.wait_for(lambda: driven_by(first, table) or driven_by(second, table), "driven")
    other = second if driven_by(first, table) else first
    spectator = other.socket(table)
    for number in range(5):
        spectator.send({"type": "say", "text": f"line {number}"})
    said = [spectator.until(lambda m: m["type"] in ("talk", "error")) for _ in range(5)]
    assert [m["type"] for m in said] == ["talk"] * 5
    assert sorted(m["line"]["text"] for m in said) == [f"line {n}" for n in range(5)]
    stored = other.read_store(lambda store: store.load(table))
    assert stored is not None and len(stored.talk) == 5
