"""Nothing is lost: a server stopped, or killed, in the middle of games carries on
exactly where it was when it starts again."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import WAIT, Server, running_server, settings_for

from pysaboteur.server.store import Store

SERVE = [sys.executable, "-m", "pysaboteur.cli", "serve", "--bots", "random"]


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
        else:
            time.sleep(0.005)


def host_to_move(server: Server, table: str, token: str) -> dict[str, Any]:
    """The host's view once it is the host's turn (nothing moves until it plays)."""
    server.wait_for(lambda: bool(server.view(table, token)["legal"]), "the host's turn")
    return server.view(table, token)


def test_a_stopped_server_carries_on(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_pause=0.0) as server:
        lobby = server.create(players=4, spectators=False)
        guest = server.ok("POST", f"/api/tables/{lobby['table']}/join", body={"name": "Bo"})
        game = server.create(players=3, bots="random")
        server.ok("POST", f"/api/tables/{game['table']}/start", game["token"])
        host_moves(server, game["table"], game["token"], 12)
        before = host_to_move(server, game["table"], game["token"])
        lobby_before = server.facts(lobby["table"])
    with running_server(tmp_path, bot_pause=0.0) as server:
        assert server.facts(lobby["table"]) == lobby_before
        assert server.view(lobby["table"], guest["token"])["table"] == lobby_before
        after = server.view(game["table"], game["token"])
        assert after == before
        server.ok("POST", f"/api/tables/{lobby['table']}/join", body={"name": "Cy"})
        server.ok("POST", f"/api/tables/{lobby['table']}/start", lobby["token"])
        end = host_moves(server, game["table"], game["token"], None)
        assert end["observation"]["phase"] == "over"
        assert server.stored_moves(game["table"]) == end["version"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server_process(folder: Path, port: int) -> Iterator[subprocess.Popen[str]]:
    """``saboteur serve`` in its own process, once it answers."""
    database = folder / "saboteur.db"
    command = [*SERVE, "--port", str(port), "--database", str(database), "--bot-pause", "0.01"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert process.stdout is not None
        banner = process.stdout.readline()
        assert f"serving at http://127.0.0.1:{port}/" in banner, banner
        assert str(database) in process.stdout.readline()
        deadline = time.monotonic() + WAIT
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/bots", timeout=1.0)
                break
            except httpx.TransportError:
                assert process.poll() is None and time.monotonic() < deadline, "no server"
                time.sleep(0.05)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(WAIT)


def test_a_killed_server_loses_no_move(tmp_path: Path) -> None:
    port = free_port()
    server = Server(f"http://127.0.0.1:{port}/", settings_for(tmp_path))
    with server_process(tmp_path, port) as process:
        # Table A: a person and two bots, stopped on the person's turn.
        mine = server.create(players=3, bots="random")
        server.ok("POST", f"/api/tables/{mine['table']}/start", mine["token"])
        host_moves(server, mine["table"], mine["token"], 10)
        before = host_to_move(server, mine["table"], mine["token"])
        # Table B: bots only, moving all the time; a spectator notes every move it hears.
        bots = server.ok("POST", "/api/tables", body={"all_bots": True, "players": 4})["table"]
        watcher = server.socket(bots)
        watcher.receive()
        # The bots may have moved before the socket opened: it hears from then on,
        # every version once, in order.
        heard: dict[int, str] = {}
        while len(heard) < 40:
            view = watcher.next_view()
            if view["move"] is not None and view["version"] > max(heard, default=0):
                assert not heard or view["version"] == max(heard) + 1
                heard[view["version"]] = view["move"]
        os.kill(process.pid, signal.SIGKILL)
        process.wait(WAIT)
    server.http.close()
    server = Server(f"http://127.0.0.1:{port}/", settings_for(tmp_path))
    with server_process(tmp_path, port):
        assert server.view(mine["table"], mine["token"]) == before
        seen = server.view(bots)
        assert seen["version"] >= max(heard)  # every move announced had been stored
        public = [text for moves in seen["observation"]["history"] for text in moves]
        assert {version: public[version - 1] for version in heard} == heard
        server.wait_for(lambda: server.facts(bots)["status"] == "over", "the bots to finish")
        end = host_moves(server, mine["table"], mine["token"], None)
        assert end["observation"]["phase"] == "over"
        assert server.stored_moves(mine["table"]) == end["version"]
        assert server.stored_moves(bots) == server.facts(bots)["version"]
    server.http.close()
    server.sockets.close()


def test_a_lost_end_of_game_write_is_made_again(tmp_path: Path) -> None:
    """The last move is stored before the table's status: a restart between the two
    finds the game over by replaying it, and stores that."""
    with running_server(tmp_path, bot_pause=0.0) as server:
        created = server.ok("POST", "/api/tables", body={"all_bots": True, "players": 3})
        table = created["table"]
        server.wait_for(lambda: server.facts(table)["status"] == "over", "the game to end")
        total = server.facts(table)["version"]
    store = Store(server.settings.database_url)
    store.set_status(table, "playing")  # as if the server died before writing "over"
    assert table in store.live_table_ids()
    store.close()
    with running_server(tmp_path, bot_pause=0.0) as server:
        facts = server.facts(table)
        assert facts["status"] == "over" and facts["version"] == total
    store = Store(server.settings.database_url)
    assert table not in store.live_table_ids()
    store.close()


def worker_processes() -> list[int]:
    """This process's children that are process-pool workers (Linux)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if parent == os.getpid() and b"spawn_main" in command:
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds workers through /proc")
def test_a_dead_bot_worker_is_replaced(tmp_path: Path) -> None:
    with running_server(tmp_path, bot_workers=1, bot_pause=0.01) as server:
        body = {"all_bots": True, "players": 3, "bots": "heuristic"}
        table = server.ok("POST", "/api/tables", body=body)["table"]
        server.wait_for(lambda: server.facts(table)["version"] >= 3, "the bots to move")
        workers = worker_processes()
        assert workers
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        server.wait_for(lambda: server.facts(table)["status"] == "over", "the game to end")
        assert set(worker_processes()).isdisjoint(workers)
